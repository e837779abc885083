"""Diemons (R-SN-2/3/5/20/21): units born mid-battle from an SN die, sustained by the Effect that
holds the die. Each turn a Diemon either moves (its Move is its die, rolled at its owner's turn
start) or acts. The 4pion burns (R-SN-3); the 10amyte blows itself up at any moment (R-SN-5),
also when an enemy steps within its blast; the 6creant is a Size 1" golem (Armor 1d6)."""

from __future__ import annotations

from brikwars_gui.engine.dice.brikwars import roll_expression
from brikwars_gui.engine.dice.sn import SNRoll
from brikwars_gui.engine.geometry import in_range, within_reach
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext
from brikwars_gui.engine.rules.damage import explode
from brikwars_gui.engine.rules.roster import add_unit
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
from brikwars_gui.engine.supernatural.effects import apply_mod, end_effect
from brikwars_gui.engine.supernatural.events import DiemonSummoned, StatModified
from brikwars_gui.engine.supernatural.state import HELD, EffectState, StatMod
from brikwars_gui.engine.supernatural.tables import DETONATE_RADIUS, DIEMON_STATS, DIEMONS

#: Trigger kind of a 10amyte's blast in the movement Responses (session._step_check).
DETONATE_KIND = "sn_detonate"


def _free_cell(state: GameState, near: Cell, caster: UnitState) -> Cell:
    """`near` if free, else the nearest free passable cell around it (a Diemon needs its own cell)."""
    occupied = state.occupied_cells()
    grid = state.grid
    for radius in range(0, 4):
        ring = [
            (near[0] + dx, near[1] + dy)
            for dx in range(-radius, radius + 1)
            for dy in range(-radius, radius + 1)
            if max(abs(dx), abs(dy)) == radius
        ]
        for cell in sorted(ring, key=lambda c: ((c[0] - near[0]) ** 2 + (c[1] - near[1]) ** 2, c[1], c[0])):
            if grid.in_bounds(cell) and grid.passable[cell[1], cell[0]] and cell not in occupied:
                return cell
    return caster.pos


def summon(ctx: PlayContext, caster: UnitState, effect: EffectState, talisman_id: str) -> UnitState:
    """R-SN-2/20: release the Diemon of the die at the Effect's point. It joins the caster's side and
    acts from its owner's next turn (docs/rules-decisions.md, "SuperNatural")."""
    state = ctx.state
    ledger = state.sn
    talisman = ledger.talismans[talisman_id]
    kind = DIEMONS[talisman.sides]
    size, armor, weight = DIEMON_STATS[kind]
    n = 1
    while f"{kind}-{n}" in state.units:
        n += 1
    uid = f"{kind}-{n}"
    weapons = []
    if kind == "4pion":  # R-SN-2: 1d4 Burning Damage, a close sting
        template = ledger.template(caster.id, effect.template)
        element = template.element if template is not None else "fire"
        weapons.append(WeaponState("sting", "close", 2, None, "1d4", element))
    cell = _free_cell(state, effect.point, caster)
    unit = UnitState(
        id=uid,
        name=f"{kind} of {caster.name}",
        team=caster.team,
        pos=cell,
        facing=caster.facing,
        move=0,
        skill=talisman.sides,
        armor=armor,
        size=size,
        weight=weight,
        living=False,
        weapons=weapons,
        diemon=kind,
        summoned_by=caster.id,
        done=True,
        action_used=True,
        has_moved=True,
    )
    add_unit(ctx, unit, reason=f"a {kind} released by {caster.name} (R-SN-2)", by=caster.id)
    ledger.diemons[uid] = effect.id
    effect.creature = uid
    talisman.status, talisman.held_by = HELD, effect.id
    ctx.emit(DiemonSummoned(uid, kind, cell, effect.id, caster.id))
    return unit


def burning_roll(ctx: PlayContext, unit: UnitState) -> int:
    """R-SN-3: the 4pion's 1d4 at its owner's turn start: a 1 burns it out (its d4 is ready at
    once); else it may set one touching thing of lower Weight alight (`sn_spread`)."""
    from brikwars_gui.engine.hazards.common import target_weight
    from brikwars_gui.engine.hazards.fire import can_burn, catch_fire  # fire builds on damage

    state = ctx.state
    face = ctx.dice.roll(4, f"{unit.id} Burning Roll")
    effect = state.sn.effects[state.sn.diemons[unit.id]]
    if face == 1:
        end_effect(ctx, effect, "burnt out (R-SN-3)")
        return face
    template = state.sn.template(effect.caster, effect.template)
    element = template.element if template is not None else "fire"
    touching = [
        u.id for u in state.units.values() if u.alive and u.id != unit.id and within_reach(unit.pos, u.pos)
    ] + sorted(state.objects_touching(unit.pos))
    candidates = [t for t in touching if can_burn(state, t, element) and target_weight(state, t) < face]
    options = ("none", *candidates)

    def rank(t: str) -> tuple[int, float, str]:
        other = state.units.get(t)
        friend = other is not None and other.team == unit.team
        return (1 if friend else 0, target_weight(state, t), t)

    enemies = [t for t in candidates if rank(t)[0] == 0]
    default = min(enemies, key=rank) if enemies else "none"
    answer = ctx.ask(
        DecisionRequest("sn_spread", unit.id, unit.team, effect.id, options, default, {"roll": face})
    )
    if answer != "none":
        catch_fire(ctx, answer, [face], at=unit.pos, fire_type=element, by=unit.team)
    return face


def detonate(ctx: PlayContext, unit: UnitState, reason: str = "detonated (R-SN-5)") -> list[str]:
    """R-SN-5: the 10amyte blows itself up: it is gone first, then a 1d10 explosion (an SN die:
    same-size Bonus chain) at its cell; its die returns at its owner's next turn start."""
    state = ctx.state
    at = unit.pos
    effect = state.sn.effects[state.sn.diemons[unit.id]]
    end_effect(ctx, effect, reason)
    roll = roll_expression("1d10", ctx.dice, purpose=f"{unit.id} self-destruct", supernatural=True)
    return explode(ctx, at, roll, source=unit.id)


def detonation_triggers(state: GameState, mover: UnitState, prev: Cell, cell: Cell) -> list[tuple[str, str]]:
    """R-SN-5: enemy 10amytes whose blast the mover has just stepped into."""
    out = []
    for uid in sorted(state.sn.diemons):
        boom = state.units[uid]
        if boom.diemon != "10amyte" or not boom.alive or boom.team == mover.team:
            continue
        if in_range(boom.pos, cell, DETONATE_RADIUS) and not in_range(boom.pos, prev, DETONATE_RADIUS):
            out.append((DETONATE_KIND, uid))
    return out


def blast_value(state: GameState, boom: UnitState, extra: tuple[str, Cell] | None = None) -> float:
    """Enemies minus friends inside a 10amyte's blast (the default answer to `sn_detonate`)."""
    value = 0.0
    for other in state.units.values():
        if not other.alive or other.id == boom.id:
            continue
        pos = extra[1] if extra is not None and other.id == extra[0] else other.pos
        if in_range(boom.pos, pos, DETONATE_RADIUS):
            value += -1.0 if other.team == boom.team else 1.0
    return value


def resolve_detonations(
    ctx: PlayContext, mover: UnitState, triggers: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """Ask each triggered 10amyte's side whether it blows up now; the other triggers are returned."""
    rest = []
    for kind, uid in triggers:
        if kind != DETONATE_KIND:
            rest.append((kind, uid))
            continue
        boom = ctx.state.units[uid]
        if not boom.alive or not mover.alive:
            continue
        default = "yes" if blast_value(ctx.state, boom) > 0 else "no"
        answer = ctx.ask(
            DecisionRequest(
                "sn_detonate", uid, boom.team, mover.id, ("yes", "no"), default, {"mover": mover.id}
            )
        )
        if answer == "yes":
            detonate(ctx, boom, f"blew up as {mover.id} came near (R-SN-5)")
    return rest


def augment(
    ctx: PlayContext,
    effect: EffectState,
    unit: UnitState,
    rolled: list[tuple[str, str, SNRoll]],
    fumbled: int,
) -> None:
    """R-SN-20: further dice of the summoning augment the Creature: an Armor die joins its Armor
    (rerolled at each use, R-SN-36), a Damage die joins its natural weapon (a `slam` of that die
    when it has none), a Movement die adds its roll to each turn's Move roll. A Fumble's `mod-`
    takes points off the Movement first."""
    for talisman_id, aspect, roll in rolled:
        if aspect == "armor+":
            apply_mod(ctx, effect, unit, "armor", talisman_id, roll.sides)
        elif aspect == "move+":
            bonus = max(0, roll.total - fumbled)
            fumbled = max(0, fumbled - roll.total)
            if bonus:
                effect.mods.append(StatMod(unit.id, "diemon_move", talisman_id, bonus))
        elif aspect == "damage+":
            if unit.weapons:
                weapon = unit.weapons[0]
                weapon.damage = f"{weapon.damage}+1d{roll.sides}"
            else:
                unit.weapons = [WeaponState("slam", "close", 2, None, f"1d{roll.sides}")]
            ctx.emit(StatModified(unit.id, effect.id, "weapon", f"+1d{roll.sides}", unit.weapons[0].damage))


def move_bonus(state: GameState, unit_id: str) -> int:
    """R-SN-20: inches a Diemon's Movement augments add to its Move roll."""
    effect_id = state.sn.diemons.get(unit_id)
    if effect_id is None:
        return 0
    return sum(m.value for m in state.sn.effects[effect_id].mods if m.stat == "diemon_move")


def detonate_when_attacked(ctx: PlayContext, boom: UnitState, attacker: UnitState) -> bool:
    """R-SN-5: a 10amyte under attack may blow up first (`sn_detonate`, asked of its side; default
    yes when its blast holds more enemies than friends). True when it did."""
    default = "yes" if blast_value(ctx.state, boom) > 0 else "no"
    answer = ctx.ask(
        DecisionRequest(
            "sn_detonate", boom.id, boom.team, attacker.id, ("yes", "no"), default, {"attacker": attacker.id}
        )
    )
    if answer == "yes":
        detonate(ctx, boom, f"blew up as {attacker.id} attacked it (R-SN-5)")
        return True
    return False
