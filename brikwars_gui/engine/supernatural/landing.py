"""Landing an Effect (R-SN-15/27/28/29/34/36/39, R-DICE-10): what stands at its point and inside
its area takes the Damage dice as one roll and the stat changes; a creature die releases a
Diemon there. Everything inside the area is affected equally."""

from __future__ import annotations

from brikwars_gui.engine.dice.sn import SNRoll
from brikwars_gui.engine.geometry import distance, in_range
from brikwars_gui.engine.hazards.fire import damage_and_ignite
from brikwars_gui.engine.hazards.shields import deflect
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext
from brikwars_gui.engine.rules.damage import _still_there, disrupt
from brikwars_gui.engine.state import Cell, UnitState
from brikwars_gui.engine.supernatural.effects import apply_mod, apply_weapon_mod, apply_weapon_range
from brikwars_gui.engine.supernatural.events import EffectLanded
from brikwars_gui.engine.supernatural.fumble import Against
from brikwars_gui.engine.supernatural.path import arc_reach, in_arc, object_at
from brikwars_gui.engine.supernatural.state import EffectState, EffectTemplate
from brikwars_gui.engine.supernatural.tables import JOINED_ASPECTS, RADIUS_PER_D10

Rolled = list[tuple[str, str, SNRoll]]  # (talisman, aspect, roll) of the dice that took effect


def _primary(ctx: PlayContext, effect: EffectState, template: EffectTemplate, dest: Cell) -> str | None:
    state = ctx.state
    if effect.stopped_by is not None and effect.stopped_by in state.objects:
        return effect.stopped_by  # R-SN-25: a non-d12 die stopped by an object lands on it
    unit = state.unit_at(effect.point)
    aimed_at_self = template.target == "self" or effect.target == effect.caster
    # an Effect that never left the caster's hands does not land on it; one a Fumble sent back does
    unmoved = effect.point == effect.origin and not effect.path and not aimed_at_self
    if unit is not None and not (unit.id == effect.caster and unmoved):
        return unit.id
    if effect.target in state.objects and effect.point == dest:
        return effect.target
    return object_at(state, effect.point)


def land(
    ctx: PlayContext,
    caster: UnitState,
    effect: EffectState,
    template: EffectTemplate,
    rolled: Rolled,
    against: Against,
    dest: Cell,
) -> None:
    state = ctx.state
    point = effect.point
    if template.target == "weapon":
        _on_weapon(ctx, effect, template, rolled, against, dest)
        return
    effect.radius = blast_radius(rolled)
    reach = arc_reach(effect.origin, point, effect.reach)
    arcs = effect.arc = _arcs(ctx, caster, effect, template, rolled, reach)
    primary = _primary(ctx, effect, template, dest)
    hit: list[str] = [primary] if primary is not None else []
    if effect.radius or arcs:
        for unit in sorted(state.units.values(), key=lambda u: u.id):
            if not unit.alive or unit.id in hit:
                continue
            inside = effect.radius and in_range(point, unit.pos, effect.radius)
            if unit.id == caster.id and template.target != "self":
                if inside and _include_self(ctx, caster, effect):
                    hit.append(unit.id)
                continue
            if inside or in_arc(effect.origin, point, unit.pos, arcs, reach):
                hit.append(unit.id)
        for obj in sorted(state.objects.values(), key=lambda o: o.id):
            if obj.destroyed or obj.id in hit:
                continue
            if effect.radius and any(in_range(point, c, effect.radius) for c in obj.cells):
                hit.append(obj.id)
    creature = [t for t, a, _r in rolled if a == "creature"]
    if template.form == "creature":
        hit = []  # R-SN-20: its dice make and augment the Creature, they strike nothing
    effect.targets = hit
    ctx.emit(EffectLanded(effect.id, point, tuple(hit), effect.radius, arcs, point == dest))
    if creature:
        from brikwars_gui.engine.supernatural.diemons import augment, summon

        born = summon(ctx, caster, effect, creature[0])
        augment(ctx, effect, born, [(t, a, r) for t, a, r in rolled if a != "creature"], against.mods)
    elif template.form != "creature":
        _stat_changes(ctx, effect, rolled, against)
        _damage(ctx, caster, effect, template, rolled, against)
    if not effect.mods and effect.creature is None:
        effect.ended = True  # nothing to sustain: an instant Effect (its dice still come back next turn)


def blast_radius(rolled: Rolled) -> int:
    """R-SN-28: every d10 spent, and every SN Bonus d10 it rolled (R-SN-17), adds 2" of radius.
    The builder sets it die by die (cast.py), so the map outlines the area while it grows."""
    joined_d10 = sum(1 for _t, a, r in rolled if a in JOINED_ASPECTS and r.sides == 10)
    return RADIUS_PER_D10 * (joined_d10 + sum(1 for _t, _a, r in rolled for d in r.dice if d.sides == 10))


def arc_count(rolled: Rolled) -> int:
    """R-SN-27: the Firing Arcs the dice rolled so far certainly give: each d8 on Damage, set die
    by die like `blast_radius` (a spray's d8 Range dice add theirs only if the caster chooses so
    when it lands, `_arcs`)."""
    return sum(1 for _t, a, r in rolled if r.sides == 8 and a == "damage+")


def _on_weapon(
    ctx: PlayContext,
    effect: EffectState,
    template: EffectTemplate,
    rolled: Rolled,
    against: Against,
    dest: Cell,
) -> None:
    """R-SN-24/34/35 (EX-11, EX-13b): once the Range dice reach the weapon's holder, each Damage die
    joins the weapon's Damage rating (rolled with it at each use) or cancels a die of its size in
    it, and each `range+`/`range-` die adds or takes its inches to the weapon's Range; a Fumble's
    `mod-`/`damage-` worth a die's size undoes a Damage die, or eats its total from a Range die.
    Short of it: nothing."""
    assert effect.target is not None
    holder_id, _, name = effect.target.partition(":")
    holder = ctx.state.units[holder_id]
    reached = effect.point == dest
    effect.targets = [holder_id] if reached else []
    ctx.emit(EffectLanded(effect.id, effect.point, tuple(effect.targets), 0, 0, reached))
    left = against.mods + against.damage
    for talisman_id, aspect, roll in rolled if reached else ():
        if aspect in ("range+", "range-"):
            taken = min(left, roll.total)  # a Fumble's `mod-` eats into the inches
            left -= taken
            if roll.total > taken:
                inches = roll.total - taken
                apply_weapon_range(
                    ctx, effect, holder, name, talisman_id, inches if aspect == "range+" else -inches
                )
            continue
        if aspect not in ("damage+", "damage-"):
            continue
        if left >= roll.sides:
            left -= roll.sides
            continue
        sides = roll.sides if aspect == "damage+" else -roll.sides
        apply_weapon_mod(ctx, effect, holder, name, talisman_id, sides, template.element)
    if not effect.mods:
        effect.ended = True


#: Aspects whose Effect works against what it lands on (the `sn_arc` default widens it onto enemies).
_HOSTILE_ASPECTS = frozenset({"damage+", "curse", "armor-", "move-", "action-"})


def _arcs(
    ctx: PlayContext,
    caster: UnitState,
    effect: EffectState,
    template: EffectTemplate,
    rolled: Rolled,
    reach: float,
) -> int:
    """R-SN-27/34, A-5: each d8 Damage die adds a Firing Arc; each d8 Range die of a spray (form
    `arc`) may add one, as its caster chooses (`sn_arc`, asked per die). The cone's apex is the
    caster and it is centred on the Effect's path. Default: yes when the wider cone takes in a unit
    the Effect is meant for (an enemy of the caster for a harmful Effect, a friend for a helpful
    one) and none of the other side."""
    arcs = arc_count(rolled)
    optional = [t for t, a, r in rolled if r.sides == 8 and a == "range" and template.form == "arc"]
    if not optional:
        return arcs
    state = ctx.state
    harmful = any(a in _HOSTILE_ASPECTS for _t, a, _r in rolled)
    units = [u for u in state.units.values() if u.alive and u.id != caster.id and u.pos != effect.point]
    for talisman in optional:
        inside = {u.id for u in units if in_arc(effect.origin, effect.point, u.pos, arcs, reach)}
        added = [
            u
            for u in units
            if u.id not in inside and in_arc(effect.origin, effect.point, u.pos, arcs + 1, reach)
        ]
        wanted = [u.id for u in added if (u.team != caster.team) == harmful]
        unwanted = [u.id for u in added if (u.team != caster.team) != harmful]
        default = "yes" if wanted and not unwanted else "no"
        answer = ctx.ask(
            DecisionRequest(
                "sn_arc",
                caster.id,
                caster.team,
                effect.id,
                ("no", "yes"),
                default,
                {"talisman": talisman, "arcs": arcs, "adds": sorted(u.id for u in added)},
            )
        )
        arcs += answer == "yes"
    return arcs


def _include_self(ctx: PlayContext, caster: UnitState, effect: EffectState) -> bool:
    """R-SN-28: a caster inside its own Effect's radius chooses whether it is affected (default no)."""
    answer = ctx.ask(
        DecisionRequest("sn_include_self", caster.id, caster.team, effect.id, ("no", "yes"), "no")
    )
    return answer == "yes"


_STATS = {
    "deflect+": "deflection",
    "armor+": "armor",
    "armor-": "armor",
    "move+": "move",
    "move-": "move",
    "flight+": "flight",
    "flight-": "flight",
    "action+": "sn_roll_bonus",
    "action-": "sn_roll_bonus",
    "bless": "blessings",
    "curse": "curses",
    "mind": "minds",
}


def _stat_changes(ctx: PlayContext, effect: EffectState, rolled: Rolled, against: Against) -> None:
    """R-SN-29/36/39, R-DICE-10: each stat die changes every unit it landed on."""
    state = ctx.state
    left = against.mods  # a Fumble's `mod-` eats into the changes, first die first
    for talisman_id, aspect, roll in rolled:
        stat = _STATS.get(aspect)
        if stat is None:
            continue
        sides, total = roll.sides, roll.total
        if aspect in JOINED_ASPECTS:
            if left >= sides:
                left -= sides
                continue  # a Fumble worth the die's size undid it
        else:
            taken = min(left, total)
            left -= taken
            total -= taken
            if total <= 0:
                continue  # the Fumble undid this die
        for uid in effect.targets:
            unit = state.units.get(uid)
            if unit is None or not unit.alive:
                continue
            if stat == "armor":
                amount = sides if aspect == "armor+" else -sides  # R-SN-36: the die joins the Armor
            elif stat in ("blessings", "curses"):
                if sides < unit.skill:
                    continue  # R-DICE-10: only units whose Action die is the same size or smaller
                amount = sides
            elif stat == "minds" and unit.team != state.units[effect.caster].team:
                continue  # R-SN-40/43: a Mind in an enemy would be Mind Control, not played yet
            elif stat in ("deflection", "minds"):
                amount = sides  # R-SN-38: a level against dice of its size or smaller; R-SN-40: a Mind
            elif aspect == "flight+":
                amount = total if sides == 8 else total // 2  # R-SN-30: a d8 full, others half
            else:
                amount = total if aspect.endswith("+") else -total
            apply_mod(ctx, effect, unit, stat, talisman_id, amount)


def _damage(
    ctx: PlayContext,
    caster: UnitState,
    effect: EffectState,
    template: EffectTemplate,
    rolled: Rolled,
    against: Against,
) -> None:
    """R-SN-34: the Effect's Damage dice as one roll: d4 Fire of the element (their points, and
    ignition), d6 plain, d8 Blast −1 per inch from the caster per die, d10 explosion (knocks down),
    d12 past Energy Shields and Deflection. Each target's Shields and Deflection levels cancel
    the other dice they match, each with its SN Bonus chain and side effects (R-HAZ-21, R-SN-38)."""
    damage = [r for _t, a, r in rolled if a == "damage+"]
    if not damage or not effect.targets:
        return
    inches = int(distance(effect.origin, effect.point))
    explosive = any(d.sides == 10 for r in damage for d in r.dice)
    cause = f"{template.name} of {caster.id}"
    state = ctx.state
    for tid in list(effect.targets):
        if not _still_there(ctx, tid):
            continue
        kept = _past_shields(ctx, tid, damage)
        blast = sum(min(inches, r.total) for r in kept if r.sides == 8)
        fire_dice = [r.total for r in kept if r.sides == 4]
        total = max(0, sum(r.total for r in kept) - blast - against.damage)
        damage_and_ignite(  # R-FIRE-3: the d4s may ignite whatever the Armor result
            ctx, tid, total, cause=cause, fire_dice=fire_dice, fire_type=template.element, at=effect.point
        )
    if explosive:
        for tid in effect.targets:
            if tid in state.units:
                disrupt(ctx, tid, f"knocked over by the blast of {cause} (R-MOVE-15)")


def _past_shields(ctx: PlayContext, target_id: str, damage: list[SNRoll]) -> list[SNRoll]:
    """The SN Damage dice that reach `target_id`: its Energy Shields (one matching die each,
    R-HAZ-21) and SN Deflection levels (a die of the level's size or smaller, R-SN-38) cancel the
    others; a d12 passes both (R-SN-34). A cancelled die takes its Bonus chain with it, as a
    weapon's cancelled die is never rolled. SN dice were rolled when spent (R-SN-14), so the
    cancelling happens after the roll, unlike an attack's."""
    exposed = [i for i, r in enumerate(damage) if r.sides != 12]
    if not exposed:
        return damage
    blocked = deflect(ctx, target_id, [damage[i].sides for i in exposed])
    gone = {i for i, b in zip(exposed, blocked, strict=True) if b}
    return [r for i, r in enumerate(damage) if i not in gone]
