"""Attacks (R-ACT-2..6, G-5, G-9, G-11, G-12): close combat and ranged/thrown weapons.

`plan_attack` checks an attack and works out its numbers without rolling (the GUI's odds and the
order check); `resolve_attack` rolls it: Skill Roll against Use + penalties, Overskill spending
(R-DICE-8 a–c, chosen through `ctx.ask`), Damage with the Out of Range penalty on every die,
then Damage against Armor through `damage.apply_damage` (G-3). Thrown weapons are single use;
explosive Damage blasts a radius of 2" per d10 (G-12) and knocks survivors over (R-MOVE-15).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import math
from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.brikwars import (
    ROLE_BLESSING,
    ROLE_CURSE,
    ROLE_SKILL,
    RollResult,
    SkillRoll,
    roll_expression,
    skill_roll,
    skill_success_probability,
    spend_overskill_on_damage,
    spend_overskill_on_skill,
    spend_overskill_on_stat,
)
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.grid import distance, has_line_of_sight, within_reach
from brikwars_gui.engine.rules.common import (
    DecisionRequest,
    IllegalOrder,
    PlayContext,
    turn_to,
    two_armed_problem,
)
from brikwars_gui.engine.rules.damage import apply_damage, disrupt
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState

_HAS_FIRE = importlib.util.find_spec("brikwars_gui.engine.hazards.fire") is not None

#: Damage types whose d4 dice may set the target alight (R-FIRE-3, R-FIRE-13..16).
FIRE_LIKE = ("fire", "acid", "ion", "poison")


def ignition_dice(dmg: RollResult) -> tuple[int, ...]:
    """R-FIRE-3: the (modified) result of each d4 Damage die with its Bonus chain, as ignition dice."""
    groups: dict[int, int] = {}
    base: dict[int, int] = {}
    for d in dmg.dice:
        if d.sign <= 0 or not d.kept:
            continue
        base.setdefault(d.group, d.sides)
        groups[d.group] = groups.get(d.group, 0) + d.value
    return tuple(v for g, v in groups.items() if base[g] == 4)


def target_size_penalty(size: int) -> int:
    """G-5: added to the needed number: Size 0 → +2 (harder), 1" → 0, ≥2" → −floor(Size/2)."""
    if size <= 0:
        return 2
    if size == 1:
        return 0
    return -(size // 2)


def out_of_range(dist: float, weapon_range: int | None) -> int:
    """R-ACT-6: whole inches beyond Range (a partial inch counts as one)."""
    if weapon_range is None or dist <= weapon_range:
        return 0
    return math.ceil(dist - weapon_range - 1e-9)


@dataclass(frozen=True)
class AttackPlan:
    """The numbers of one attack before any die is rolled."""

    attacker: str
    target: str
    weapon: str
    at: Cell
    distance: float
    out_of_range: int
    size_penalty: int
    disrupted_bonus: int
    needed: int | None  # None: no roll (trivial Use 0 or an automatic hit)
    automatic: bool
    chance: float
    mark_bonus: int = 0  # R-SCOUT-5: +1 on a Ranged attack at a target an allied Scout Marked

    @property
    def penalty(self) -> int:
        return self.size_penalty - self.disrupted_bonus - self.mark_bonus


def _target(state: GameState, target_id: str, origin: Cell) -> tuple[Cell, int, UnitState | None]:
    unit = state.units.get(target_id)
    if unit is not None:
        if not unit.alive:
            raise IllegalOrder(f"{unit.name} is already dead")
        return unit.pos, unit.size, unit
    obj = state.objects.get(target_id)
    if obj is None:
        raise IllegalOrder(f"no unit or object {target_id!r} to attack")
    if obj.destroyed:
        raise IllegalOrder(f"{obj.name} is already destroyed")
    cell = min(obj.cells, key=lambda c: (distance(origin, c), c))
    return cell, obj.effective_size, None


def plan_attack(
    state: GameState, attacker: UnitState, weapon: WeaponState, target_id: str, *, origin: Cell | None = None
) -> AttackPlan:
    """Check an attack and compute its needed number and exact chance (raises IllegalOrder)."""
    origin = attacker.pos if origin is None else origin
    if weapon.spent:
        raise IllegalOrder(f"{weapon.name} was already thrown")
    if target_id == attacker.id:
        raise IllegalOrder(f"{attacker.name} cannot attack itself")
    problem = two_armed_problem(state, attacker, origin)  # R-MOVE-4: no attacks while swimming
    if problem:
        raise IllegalOrder(problem)
    at, size, tunit = _target(state, target_id, origin)
    dist = distance(origin, at)
    disrupted = tunit is not None and tunit.disrupted
    automatic = False
    bonus = 0
    marked = 0
    if weapon.is_close:
        if not within_reach(origin, at):  # GRID-4, G-11: adjacent cells only
            raise IllegalOrder(
                f'{weapon.name} is a close-combat weapon: {target_id} at {dist:.1f}" is out of reach'
            )
        oor = 0
        automatic = disrupted  # R-MOVE-16: automatic hit on a Disrupted target within touch
    else:
        if not has_line_of_sight(state.grid, origin, at, smoke=state.smoke_mask()):
            raise IllegalOrder(f"{attacker.name} has no line of sight to {target_id} (GRID-5)")
        oor = out_of_range(dist, weapon.range)
        bonus = 1 if disrupted else 0  # R-MOVE-16: +1 to Ranged Attacks against it
        marked = _mark_bonus(state, attacker.id, target_id)
    size_penalty = target_size_penalty(size)
    if automatic or weapon.use <= 0:
        needed, chance = None, 1.0
    else:
        needed = weapon.use + size_penalty - bonus - marked
        chance = skill_success_probability(attacker.skill, needed, per_die_modifier=-oor)
    return AttackPlan(
        attacker.id,
        target_id,
        weapon.name,
        at,
        round(dist, 3),
        oor,
        size_penalty,
        bonus,
        needed,
        automatic,
        chance,
        marked,
    )


def _mark_bonus(state: GameState, attacker_id: str, target_id: str) -> int:
    """R-SCOUT-5 via `hazards.scout.mark_bonus` (0 without the hazard rules)."""
    try:
        from brikwars_gui.engine.hazards.scout import mark_bonus
    except ImportError:  # pragma: no cover - the hazard rules are part of the engine
        return 0
    return mark_bonus(state, attacker_id, target_id)


@register_event
class Attacked(Event):
    """One attack: the Skill Roll (with any Overskill spent) and the Damage roll if it hit."""

    kind = "attacked"
    attacker: str
    target: str
    weapon: str
    at: tuple[int, int]
    distance: float
    out_of_range: int
    needed: int | None
    roll: dict[str, Any] | None
    automatic: bool
    overskill: str | None
    hit: bool
    critical_failure: bool
    damage: int | None
    damage_roll: dict[str, Any] | None
    response: bool
    text: str

    def describe(self) -> str:
        return self.text


@register_event
class Mishap(Event):
    """G-9: a Critical Failure; the Action fails (and, optionally, a firearm hurts its user)."""

    kind = "mishap"
    unit: str
    action: str
    detail: str

    def describe(self) -> str:
        return f"{self.unit}: Critical Failure on {self.action} — {self.detail}"


@register_event
class Exploded(Event):
    """G-12: an explosion of `radius` inches; full Damage to everything in it."""

    kind = "exploded"
    at: tuple[int, int]
    radius: int
    damage: int
    victims: list[str]

    def describe(self) -> str:
        who = ", ".join(self.victims) or "nobody"
        return f'explosion at {tuple(self.at)}, radius {self.radius}": {self.damage} Damage to {who}'


def _with_skill_modifier(roll: SkillRoll, modifier: int) -> SkillRoll:
    """The same Skill Roll with a new per-die modifier on the kept Skill die (R-ACT-6 after +Range)."""
    dice = tuple(
        dataclasses.replace(d, modifier=modifier)
        if d.group == 0 and d.kept and d.role in (ROLE_SKILL, ROLE_BLESSING, ROLE_CURSE)
        else d
        for d in roll.dice
    )
    return dataclasses.replace(roll, dice=dice, per_die_modifier=modifier)


def _explosion_radius(roll: RollResult) -> int:
    """G-12: +2" radius per d10 of explosive Damage (Bonus Dice excluded)."""
    return 2 * sum(1 for d in roll.dice if d.sides == 10 and d.role != "bonus" and d.sign > 0)


def explode(ctx: PlayContext, at: Cell, radius: int, damage: int, *, cause: str) -> None:
    """G-12 (PROPOSED): full Damage to every unit and object within `radius`; survivors Disrupted."""
    state = ctx.state
    units = sorted(u.id for u in state.units.values() if u.alive and distance(at, u.pos) <= radius)
    objects = sorted(
        o.id
        for o in state.objects.values()
        if not o.destroyed and any(distance(at, c) <= radius for c in o.cells)
    )
    ctx.emit(Exploded(at, radius, damage, units + objects))
    for victim in units + objects:
        apply_damage(ctx, victim, damage, cause=cause, at=at)
    for uid in units:
        if state.units[uid].alive:
            disrupt(ctx, uid, "knocked over by an explosion (R-MOVE-15)")


def resolve_attack(
    ctx: PlayContext,
    attacker: UnitState,
    weapon: WeaponState,
    target_id: str,
    *,
    response: bool = False,
    plan: AttackPlan | None = None,
) -> Attacked:
    """Roll one attack and apply its Damage. The caller has already checked/used the Action."""
    state = ctx.state
    plan = plan or plan_attack(state, attacker, weapon, target_id)
    turn_to(ctx, attacker, plan.at)
    oor = plan.out_of_range
    roll: SkillRoll | None = None
    spent: str | None = None
    parts = [f'{attacker.id} attacks {target_id} with {weapon.name} at {plan.distance:g}"']
    if oor:
        parts.append(f'{oor}" out of range (−{oor} per die, R-ACT-6)')
    if plan.mark_bonus:
        parts.append("+1 on a Marked target (R-SCOUT-5)")
    if plan.automatic:
        hit, crit = True, False
        parts.append("automatic hit on a Disrupted target (R-MOVE-16)")
    elif plan.needed is None:
        hit, crit = True, False
        parts.append("trivial, no roll (R-ACT-2)")
    else:
        burning = burning_penalty(ctx, attacker, weapon)  # R-FIRE-5: −1d4 while on fire
        if burning:
            parts.append(f"on fire {burning:+d} (R-FIRE-5)")
        roll = skill_roll(
            attacker.skill,
            ctx.dice,
            use=weapon.use,
            penalty=plan.penalty - burning,
            per_die_modifier=-oor,
            purpose=f"{attacker.id} attack with {weapon.name}",
        )
        if roll.overskill:
            options = ["damage", "skill"]
            if not weapon.is_close and oor > 0:
                options.append("range")  # R-DICE-8c: never a stat the Action lacks
            default = "damage" if roll.success else "skill"
            spent = ctx.ask(
                DecisionRequest(
                    "overskill",
                    attacker.id,
                    attacker.team,
                    target_id,
                    tuple(options),
                    default,
                    {"total": roll.total, "needed": roll.needed, "out_of_range": oor},
                )
            )
            if spent == "skill":
                roll = spend_overskill_on_skill(roll, ctx.dice)
            elif spent == "range":
                boost = spend_overskill_on_stat(roll, ctx.dice, stat="range", base=weapon.range)
                oor = out_of_range(plan.distance, boost.total)
                roll = _with_skill_modifier(roll, -oor)
                parts.append(f'Overskill Range {boost.explain()}: now {oor}" out of range')
        hit, crit = bool(roll.success), roll.critical_failure
        parts.append(roll.explain())
    dmg: RollResult | None = None
    extra = 0  # R-FIRE-6: +1d4 Fire Damage from a burning attacker / burning weapon in close combat
    extra_fire: tuple[int, ...] = ()
    extra_type = "fire"
    if hit:
        expr: Any = weapon.damage
        if weapon.damage_type != "explosive":  # Shields protect the target, not a blast radius
            shielded = _shielded(ctx, target_id, weapon.damage)
            if shielded != parse_dice(weapon.damage):
                expr = shielded
                left = str(shielded) if shielded.terms else "no Damage dice"
                parts.append(f"Energy Shield leaves {left} (R-HAZ-21)")
        has_dice = bool(expr.terms) if not isinstance(expr, str) else True
        if spent == "damage" and roll is not None and has_dice:
            dmg = spend_overskill_on_damage(
                roll, expr, ctx.dice, per_die_modifier=-oor, purpose=f"{weapon.name} damage"
            )
        else:
            dmg = roll_expression(expr, ctx.dice, per_die_modifier=-oor, purpose=f"{weapon.name} damage")
        parts.append(f"hit: Damage {dmg.explain()}")
        if weapon.is_close:
            extra, extra_fire, extra_type, text = burning_attack(ctx, attacker, weapon, target_id)
            if text:
                parts.append(text)
    else:
        parts.append("miss")
    if weapon.kind == "thrown":
        weapon.spent = True  # single-use (grenades)
    event = ctx.emit(
        Attacked(
            attacker.id,
            target_id,
            weapon.name,
            plan.at,
            plan.distance,
            oor,
            plan.needed,
            roll.to_dict() if roll is not None else None,
            plan.automatic,
            spent,
            hit,
            crit,
            dmg.total + extra if dmg is not None else None,
            dmg.to_dict() if dmg is not None else None,
            response,
            "; ".join(parts),
        )
    )
    cause = f"{weapon.name} of {attacker.id}"
    if crit:
        detail = "the Action fails (G-9)"
        ctx.emit(Mishap(attacker.id, f"attack with {weapon.name}", detail))
        slippery_fall(ctx, attacker)
        if ctx.options.firearm_mishaps and not weapon.is_close:
            own = roll_expression(weapon.damage, ctx.dice, purpose=f"{weapon.name} mishap")
            ctx.emit(Mishap(attacker.id, f"attack with {weapon.name}", f"own weapon hits: {own.explain()}"))
            apply_damage(ctx, attacker.id, own.total, cause=f"own {weapon.name} (mishap)")
    if dmg is not None:
        if weapon.damage_type == "explosive":
            explode(ctx, plan.at, _explosion_radius(dmg), dmg.total, cause=cause)
        else:
            fire: tuple[int, ...] = ()
            fire_type = "fire"
            if weapon.damage_type in FIRE_LIKE and _HAS_FIRE:  # R-FIRE-3
                fire, fire_type = ignition_dice(dmg), str(weapon.damage_type)
            if extra_fire and not fire:
                fire_type = extra_type
            apply_damage(
                ctx,
                target_id,
                dmg.total + extra,
                cause=cause,
                fire_dice=fire + extra_fire,
                fire_type=fire_type,
                at=plan.at,
            )
    return event


# ---------------------------------------------------------------------------------------------
# Hazard rules that touch attacks (Chapter F)


def burning_penalty(ctx: PlayContext, unit: UnitState, weapon: WeaponState | None = None) -> int:
    """R-FIRE-5: a unit on fire rolls −1d4 on its Action rolls (not with a weapon made to burn);
    returns the (negative) penalty rolled, 0 when not burning."""
    if not _HAS_FIRE:
        return 0
    from brikwars_gui.engine.hazards.fire import roll_burning_action_penalty

    return roll_burning_action_penalty(ctx, unit, weapon)


def burning_attack(
    ctx: PlayContext, attacker: UnitState, weapon: WeaponState | None, target_id: str
) -> tuple[int, tuple[int, ...], str, str]:
    """R-FIRE-6: a burning attacker (or a burning weapon) striking in close combat or colliding adds
    +1d4 Fire Damage, whose die may set the target alight (R-FIRE-3). A target's Energy Shield d4
    may cancel that die (R-HAZ-21). Returns (Damage, ignition dice, fire type, text)."""
    if not _HAS_FIRE:
        return 0, (), "fire", ""
    from brikwars_gui.engine.hazards.fire import burning_attack_bonus, roll_burning_attack_bonus

    bonus = burning_attack_bonus(ctx.state, attacker.id, weapon)
    if bonus is None:
        return 0, (), "fire", ""
    if not _shielded(ctx, target_id, bonus[0]).terms:
        return 0, (), "fire", "burning +1d4 Fire cancelled by an Energy Shield (R-FIRE-6, R-HAZ-21)"
    damage, fire, fire_type = roll_burning_attack_bonus(ctx, attacker.id, weapon)
    return damage, tuple(fire), fire_type, f"burning +1d4 {fire_type.title()}: +{damage} (R-FIRE-6)"


def _shielded(ctx: PlayContext, target_id: str, expr: str) -> Any:
    """R-HAZ-21/22: the Damage expression after the target's Energy Shields (G-8)."""
    try:
        from brikwars_gui.engine.hazards.shields import shielded_expression
    except ImportError:  # pragma: no cover
        return parse_dice(expr)
    return shielded_expression(ctx, target_id, expr)


def slippery_fall(ctx: PlayContext, unit: UnitState) -> bool:
    """R-HAZ-14: a Critical Failure on an Action roll while standing in a Slippery field Disrupts."""
    try:
        from brikwars_gui.engine.hazards.terrain import slippery_critical_failure
    except ImportError:  # pragma: no cover
        return False
    return slippery_critical_failure(ctx, unit)
