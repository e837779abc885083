"""Attacks (R-ACT-2..6, G-5, G-9, G-11, G-12): close combat and ranged/thrown weapons.

`plan_attack` checks an attack and works out its numbers without rolling (the GUI's odds and the
order check); `resolve_attack` rolls it: Skill Roll against Use + penalties, Overskill spending
(R-DICE-8 a–c, chosen through `ctx.ask`), Damage with the Out of Range penalty on every die,
then Damage against Armor through `damage.apply_damage` (G-3). Thrown weapons are single use;
explosive Damage blasts a radius of 2" per d10 (G-12) and knocks survivors over (R-MOVE-15).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.brikwars import (
    ROLE_BLESSING,
    ROLE_CURSE,
    ROLE_SKILL,
    RollResult,
    SkillRoll,
    bonus_die_reaches,
    overskill_damage_expression,
    spend_overskill_on_damage,
    spend_overskill_on_skill,
    spend_overskill_on_stat,
    spend_overskill_other,
)
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import distance, has_line_of_sight, within_reach
from brikwars_gui.engine.hazards.fire import (
    burning_attack_bonus,
    damage_and_ignite,
    roll_burning_action_penalty,
    roll_burning_attack_bonus,
    weapon_ignition,
)
from brikwars_gui.engine.hazards.power import spend_power, weapon_power_problem
from brikwars_gui.engine.hazards.scout import mark_bonus
from brikwars_gui.engine.hazards.shields import shielded_damage
from brikwars_gui.engine.hazards.terrain import slippery_critical_failure
from brikwars_gui.engine.rules.common import (
    DecisionRequest,
    IllegalOrder,
    PlayContext,
    target_size_modifier,
    turn_to,
    two_armed_problem,
)
from brikwars_gui.engine.rules.damage import apply_damage, explode
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.rulesets.base import ActionRoll, DamageRoll
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
from brikwars_gui.engine.supernatural.minds import fired_problem
from brikwars_gui.engine.supernatural.window import ACTION, DAMAGE, Roll, open_window
from brikwars_gui.engine.visibility import reveal, unit_visible_to


def target_size_penalty(size: int) -> int:
    """G-5 as added to an attack's needed number: the negation of `target_size_modifier`
    (Size 0 → +2, harder; 1" → 0; ≥2" → −floor(Size/2))."""
    return -target_size_modifier(size)


#: R-DICE-8e: a called shot aims at a Size 0 part of the target ("the dragon's left eye", the gun
#: in its hand), G-5's smallest Size.
PRECISE_PART_SIZE = 0


def precise_margin(size_penalty: int) -> int:
    """R-DICE-8e: how much a roll must beat its needed number by for a called shot — the extra
    small-target penalty of a Size 0 part compared with the whole target (G-5: +2 against a
    minifig, +2 + floor(Size/2) against a bigger target), never less than 2 (a part of a target
    already Size 0 is no larger than the target)."""
    return max(2, target_size_penalty(PRECISE_PART_SIZE) - size_penalty)


def disarmable_weapon(unit: UnitState | None) -> WeaponState | None:
    """The weapon a called shot knocks out of a unit's hands: its first usable one, or None."""
    if unit is None:
        return None
    return next((w for w in unit.weapons if not w.spent), None)


def action_kind(weapon: WeaponState | None) -> str:
    """The `Ruleset.action_roll` kind of an Action with this weapon (a task without one)."""
    if weapon is None:
        return "task"
    return "melee" if weapon.is_close else weapon.kind


def action_chance(
    state: GameState,
    unit: UnitState,
    needed: int,
    *,
    per_die_modifier: int = 0,
    weapon: WeaponState | None = None,
    kind: str | None = None,
) -> float:
    """Exact chance that the unit's Action roll reaches `needed` under the battle's ruleset
    (BrikWars: Overskill spent on +1d6 when it falls short; on fire the −1d4 of R-FIRE-5)."""
    return ruleset_of(state).action_chance(
        state,
        unit,
        needed,
        kind=kind or action_kind(weapon),
        per_die_modifier=per_die_modifier,
        weapon=weapon,
    )


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


def attack_sight(state: GameState, attacker: UnitState, origin: Cell, at: Cell, size: int) -> bool:
    """GRID-5: a Ranged attack from `origin` needs a line of sight to the target's cell `at`
    (smoke between them counted for the attacker's and the target's Size)."""
    return has_line_of_sight(
        state.grid, origin, at, smoke=state.smoke_between(origin, at, attacker.size, max(1, size))
    )


def plan_attack(
    state: GameState,
    attacker: UnitState,
    weapon: WeaponState,
    target_id: str,
    *,
    origin: Cell | None = None,
    check_sight: bool = True,
    chances: dict[tuple[int, int, int], float] | None = None,
) -> AttackPlan:
    """Check an attack and compute its needed number and exact chance (raises IllegalOrder).

    For a caller weighing many attacks of one attacker in one position (the AI): `check_sight=False`
    leaves out the line-of-sight check (the costly part; the numbers never depend on it) for the
    caller to make on the few attacks it keeps, and `chances` memoises the exact chance per
    (weapon, needed, out of range), which depends on nothing else while the state stands still."""
    origin = attacker.pos if origin is None else origin
    if weapon.spent:
        if weapon.kind == "thrown":
            raise IllegalOrder(f"{weapon.name} was already thrown")
        raise IllegalOrder(f"{weapon.name} was shot out of {attacker.name}'s hands (R-DICE-8e)")
    if target_id == attacker.id:
        raise IllegalOrder(f"{attacker.name} cannot attack itself")
    if state.sn.fired and (fired := fired_problem(state, attacker, weapon.name)):
        raise IllegalOrder(fired)  # R-SN-40: Minds add Actions, not shots
    problem = two_armed_problem(state, attacker, origin)  # R-MOVE-4: no attacks while swimming
    problem = problem or weapon_power_problem(state, attacker, weapon)  # R-HAZ-11, R-FIRE-7
    if problem:
        raise IllegalOrder(problem)
    at, size, tunit = _target(state, target_id, origin)
    if tunit is not None and not unit_visible_to(state, attacker.team, tunit):
        raise IllegalOrder(f"{attacker.name}'s side sees no enemy {target_id} (G-16 Hidden, or fog of war)")
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
        if check_sight and not attack_sight(state, attacker, origin, at, size):
            raise IllegalOrder(f"{attacker.name} has no line of sight to {target_id} (GRID-5)")
        oor = out_of_range(dist, weapon.range)
        bonus = 1 if disrupted else 0  # R-MOVE-16: +1 to Ranged Attacks against it
        marked = mark_bonus(state, attacker.id, target_id)  # R-SCOUT-5
    size_penalty = target_size_penalty(size)
    if automatic or weapon.use <= 0:
        needed, chance = None, 1.0
    else:
        needed = weapon.use + size_penalty - bonus - marked
        key = (id(weapon), needed, oor)
        cached = None if chances is None else chances.get(key)
        if cached is None:
            cached = action_chance(state, attacker, needed, per_die_modifier=-oor, weapon=weapon)
            if chances is not None:
                chances[key] = cached
        chance = cached
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
    called_shot: bool = False  # R-DICE-8e: the Overskill Benny bought a more precise target

    def describe(self) -> str:
        return self.text


@register_event
class Disarmed(Event):
    """R-DICE-8e (reading): a called shot hit the weapon in the target's hands; it is unusable."""

    kind = "disarmed"
    unit: str
    weapon: str
    attacker: str

    def describe(self) -> str:
        return (
            f"{self.attacker}'s called shot knocks the {self.weapon} out of {self.unit}'s hands (R-DICE-8e)"
        )


@register_event
class Mishap(Event):
    """G-9: a Critical Failure; the Action fails (and, optionally, a firearm hurts its user)."""

    kind = "mishap"
    unit: str
    action: str
    detail: str

    def describe(self) -> str:
        return f"{self.unit}: Critical Failure on {self.action} — {self.detail}"


def _with_skill_modifier(roll: SkillRoll, modifier: int) -> SkillRoll:
    """The same Skill Roll with a new per-die modifier on the kept Skill die (R-ACT-6 after +Range)."""
    dice = tuple(
        dataclasses.replace(d, modifier=modifier)
        if d.group == 0 and d.kept and d.role in (ROLE_SKILL, ROLE_BLESSING, ROLE_CURSE)
        else d
        for d in roll.dice
    )
    return dataclasses.replace(roll, dice=dice, per_die_modifier=modifier)


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
    reveal(ctx, attacker, f"attacks {target_id}")  # G-16: attacking gives a Hidden unit away
    turn_to(ctx, attacker, plan.at)
    if weapon.power_cost:
        spend_power(state, attacker.id, weapon.power_cost)  # a shot draws its Weapon Size in Power
    ruleset = ruleset_of(state)
    own = ruleset.resolve_attack(ctx, attacker, weapon, target_id, plan, response=response)
    if own is not None:
        return own
    oor = plan.out_of_range
    roll: ActionRoll | None = None
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
        roll = ruleset.action_roll(
            ctx,
            attacker,
            sides=attacker.skill,
            kind=action_kind(weapon),
            use=weapon.use,
            penalty=plan.penalty - burning,
            per_die_modifier=-oor,
            purpose=f"{attacker.id} attack with {weapon.name}",
            weapon=weapon,  # R-DICE-12: SN dice on one part count only for Actions with it
        )
        if roll.overskill:
            assert isinstance(roll, SkillRoll)  # Overskill (R-DICE-8) is a BrikWars Skill Roll's own
            # R-DICE-8a: an extra Damage die only for a roll that hits (on a miss it would be lost)
            options = ["damage", "skill"] if roll.success else ["skill"]
            if not weapon.is_close and oor > 0:
                options.append("range")  # R-DICE-8c: never a stat the Action lacks
            margin = precise_margin(plan.size_penalty)
            if (
                roll.success
                and roll.needed is not None
                and roll.total >= roll.needed + margin
                and weapon.damage_type != "explosive"  # a blast has no precise aim
                and disarmable_weapon(state.units.get(target_id)) is not None
            ):
                options.append("precise")  # R-DICE-8e: the roll already beats the extra penalty
            default = "damage" if roll.success else "skill"
            spent = ctx.ask(
                DecisionRequest(
                    "overskill",
                    attacker.id,
                    attacker.team,
                    target_id,
                    tuple(options),
                    default,
                    {
                        "total": roll.total,
                        "needed": roll.needed,
                        "out_of_range": oor,
                        "precise_margin": margin,
                        **overskill_words(roll, weapon, oor, margin),
                    },
                )
            )
            if spent == "skill":
                roll = spend_overskill_on_skill(roll, ctx.dice)
            elif spent == "range":
                boost = spend_overskill_on_stat(roll, ctx.dice, stat="range", base=weapon.range)
                oor = out_of_range(plan.distance, boost.total)
                roll = _with_skill_modifier(roll, -oor)
                parts.append(f'Overskill Range {boost.explain()}: now {oor}" out of range')
            elif spent == "precise":
                spend_overskill_other(roll, "precise")
                parts.append(
                    f"Overskill: a called shot at the weapon in its hands (beats +{margin}, R-DICE-8e)"
                )
        if state.sn.active and isinstance(roll, SkillRoll) and roll.needed is not None:
            roll = _window_on_action(ctx, attacker, roll, plan.at, target_id, parts)
        hit, crit = bool(roll.success), roll.critical_failure
        parts.append(roll.explain())
    dmg: DamageRoll | None = None
    extra = 0  # R-FIRE-6: +1d4 Fire Damage from a burning attacker / burning weapon in close combat
    extra_fire: tuple[int, ...] = ()
    extra_type = "fire"
    if hit:
        expr: Any = weapon.damage
        if weapon.damage_type != "explosive":  # Shields protect the target, not a blast radius
            shielded, source = shielded_damage(  # R-HAZ-21/22, R-SN-38
                ctx, target_id, weapon.damage, action_dice=weapon.action_dice
            )
            if shielded != parse_dice(weapon.damage):
                expr = shielded
                left = str(shielded) if shielded.terms else "no Damage dice"
                verb = "leave" if " and " in source else "leaves"
                parts.append(f"{source} {verb} {left} {shield_cite(source)}")
        has_dice = bool(expr.terms) if not isinstance(expr, str) else True
        if spent == "damage" and roll is not None and has_dice:
            dmg = spend_overskill_on_damage(
                roll, expr, ctx.dice, per_die_modifier=-oor, purpose=f"{weapon.name} damage"
            )
        else:
            dmg = ruleset.damage_roll(
                ctx,
                expr,
                per_die_modifier=-oor,
                purpose=f"{weapon.name} damage",
                weapon=weapon,
                attacker=attacker,
                target=target_id,
            )
        if state.sn.active and isinstance(dmg, RollResult):
            dmg = _window_on_damage(ctx, attacker, dmg, plan.at, target_id, parts)
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
            roll.needed if roll is not None else plan.needed,  # with the R-FIRE-5 penalty rolled
            roll.to_dict() if roll is not None else None,
            plan.automatic,
            spent,
            hit,
            crit,
            dmg.total + extra if dmg is not None else None,
            dmg.to_dict() if dmg is not None else None,
            response,
            "; ".join(parts),
            spent == "precise" and hit,
        )
    )
    cause = f"{weapon.name} of {attacker.id}"
    if crit:
        detail = "the Action fails (G-9)"
        ctx.emit(Mishap(attacker.id, f"attack with {weapon.name}", detail))
        slippery_critical_failure(ctx, attacker)  # R-HAZ-14
        if ctx.options.firearm_mishaps and not weapon.is_close:
            own = ruleset.damage_roll(ctx, weapon.damage, purpose=f"{weapon.name} mishap", weapon=weapon)
            ctx.emit(Mishap(attacker.id, f"attack with {weapon.name}", f"own weapon hits: {own.explain()}"))
            apply_damage(ctx, attacker.id, own.total, cause=f"own {weapon.name} (mishap)")
    if dmg is not None:
        if weapon.damage_type == "explosive":
            explode(ctx, plan.at, dmg, source=cause)  # G-12
        else:
            fire, fire_type = weapon_ignition(state, str(weapon.damage_type), dmg)  # R-FIRE-3
            if extra_fire and not fire:
                fire_type = extra_type
            damage_and_ignite(
                ctx,
                target_id,
                dmg.total + extra,
                cause=cause,
                fire_dice=(*fire, *extra_fire),
                fire_type=fire_type,
                at=plan.at,
            )
        if spent == "precise":
            victim = state.units.get(target_id)
            lost = disarmable_weapon(victim) if victim is not None and victim.alive else None
            if victim is not None and lost is not None:
                lost.spent = True  # "shooting the gun out of his hand"
                ctx.emit(Disarmed(victim.id, lost.name, attacker.id))
    return event


# ---------------------------------------------------------------------------------------------
# Hazard rules that touch attacks (Chapter F)


def burning_penalty(ctx: PlayContext, unit: UnitState, weapon: WeaponState | None = None) -> int:
    """R-FIRE-5: a unit on fire rolls −1d4 on its Action rolls; returns the (negative) penalty
    rolled, 0 when it does not apply (see `hazards.fire.burning_action_penalty`)."""
    return roll_burning_action_penalty(ctx, unit, weapon)


def burning_attack(
    ctx: PlayContext, attacker: UnitState, weapon: WeaponState | None, target_id: str
) -> tuple[int, tuple[int, ...], str, str]:
    """R-FIRE-6: a burning attacker (or a burning weapon) striking in close combat or colliding adds
    +1d4 Fire Damage, whose die may set the target alight (R-FIRE-3). A target's Energy Shield d4
    may cancel that die (R-HAZ-21). Returns (Damage, ignition dice, fire type, text)."""
    bonus = burning_attack_bonus(ctx.state, attacker.id, weapon)
    if bonus is None:
        return 0, (), "fire", ""
    left, source = shielded_damage(ctx, target_id, bonus[0])
    if not left.terms:
        by = "an Energy Shield" if source == "Energy Shield" else source
        return 0, (), "fire", f"burning +1d4 Fire cancelled by {by} (R-FIRE-6, {shield_cite(source)[1:-1]})"
    damage, fire, fire_type, rolled = roll_burning_attack_bonus(ctx, attacker.id, weapon)
    return damage, tuple(fire), fire_type, f"burning +{rolled} {fire_type.title()}: +{damage} (R-FIRE-6)"


def _window_on_action(
    ctx: PlayContext, attacker: UnitState, roll: SkillRoll, at: Cell, target_id: str, parts: list[str]
) -> SkillRoll:
    """R-SN-15: casters who can touch the roller may change its Action roll before it is judged;
    their points move the needed number, as an SN Action modifier does (R-SN-39)."""
    asked = Roll(ACTION, attacker.id, at, target_id, roll.total, roll.needed, roll.critical_failure)
    points = open_window(ctx, asked)
    if not points:
        return roll
    parts.append(f"SN dice {points:+d} to the roll (R-SN-15)")
    return dataclasses.replace(roll, penalty=roll.penalty - points)


def _window_on_damage(
    ctx: PlayContext, attacker: UnitState, dmg: RollResult, at: Cell, target_id: str, parts: list[str]
) -> RollResult:
    """R-SN-15 (EX-13c): casters whose Range reaches the impact point may change the Damage
    before it is judged."""
    points = open_window(ctx, Roll(DAMAGE, attacker.id, at, target_id, dmg.total))
    if not points:
        return dmg
    parts.append(f"SN dice {points:+d} to the Damage (R-SN-15)")
    return dataclasses.replace(dmg, modifier=dmg.modifier + points)


def shield_cite(source: str) -> str:
    """The rules of what cancelled Damage dice: "(R-HAZ-21)" for an Energy Shield, "(R-SN-38)" for
    the target's SN Deflection, both when both did (the log names each by its own name)."""
    cites = {"Energy Shield": "R-HAZ-21", "Deflection": "R-SN-38"}
    return f"({', '.join(c for n, c in cites.items() if n in source)})"


def overskill_words(roll: SkillRoll, weapon: WeaponState, oor: int, margin: int) -> dict[str, str]:
    """What each Overskill answer (R-DICE-8) does to this attack, in words with its exact chance:
    shown beside each choice, as every other question shows its odds."""
    short = (roll.needed or 0) - roll.total
    more = overskill_damage_expression(weapon.damage)
    skill = (
        f"Reroll for a better Skill total: +1d6, {bonus_die_reaches(short):.0%} to hit then"
        if short > 0
        else "Reroll for a better Skill total: +1d6 (it hits already)"
    )
    return {
        "damage": f"Add a Bonus Die to the damage: {weapon.damage} → {more} (R-DICE-8a)",
        "skill": skill + " (R-DICE-8b)",
        "range": f'Cancel the range penalty: +1d6" of range, now {oor}" out of range (R-DICE-8c)',
        "precise": f"Precise attack (disarm): the roll beats the +{margin} it needs (R-DICE-8e)",
    }
