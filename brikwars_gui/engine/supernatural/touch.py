"""Delivering an Effect by a hit (R-SN-10, R-SN-11): a hostile target is touched by a successful
Shove (G-11: pushed 2" and Disrupted, `rules/shove.py`) or Grab (reading: the same roll, without
the push or the Disruption); a Wand or Staff (a weapon with no Damage) carries it to any unit by a
successful attack roll with that weapon. Either way there are no Range dice and the caster's
Action is used; on a failure nothing is laid on: no die is spent (docs/rules-decisions.md)."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.dice.brikwars import spend_overskill_on_skill
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import within_reach
from brikwars_gui.engine.rules.combat import Mishap, action_kind, burning_penalty, plan_attack
from brikwars_gui.engine.rules.common import IllegalOrder, PlayContext, turn_to
from brikwars_gui.engine.rules.shove import plan_shove, shove, shove_roll
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import GameState, UnitState, WeaponState

#: How a Cast reaches its target: `auto` (touch where free, else Range dice), `range` (Range dice),
#: a hostile touch by `shove` or `grab` (R-SN-10), or else the name of a Wand or Staff (R-SN-11).
DELIVERIES = ("auto", "range", "shove", "grab")
HOSTILE_TOUCH = ("shove", "grab")


@register_event
class Grabbed(Event):
    """R-SN-10, R-SN-11: a Bare-Hand Grab to lay an Effect on a hostile unit (the Shove's roll)."""

    kind = "grabbed"
    unit: str
    target: str
    needed: int | None
    roll: dict[str, Any] | None
    automatic: bool
    success: bool
    text: str

    def describe(self) -> str:
        return self.text


def is_focus_delivery(delivery: str) -> bool:
    """A delivery naming a weapon: a Wand or Staff (R-SN-11)."""
    return delivery not in DELIVERIES


def is_hit_delivery(delivery: str) -> bool:
    """A delivery that needs a roll first: a Shove, a Grab or a Wand/Staff attack."""
    return delivery in HOSTILE_TOUCH or is_focus_delivery(delivery)


def check_delivery(state: GameState, unit: UnitState, target: UnitState | None, delivery: str) -> None:
    """Raise IllegalOrder when `delivery` cannot carry an Effect to `target` now."""
    if delivery in HOSTILE_TOUCH:
        check_hostile_touch(state, unit, target, delivery)
    elif is_focus_delivery(delivery):
        check_focus(state, unit, target, delivery)


def deliver(ctx: PlayContext, unit: UnitState, target: UnitState, delivery: str) -> bool:
    """Roll a Shove, Grab or Wand/Staff attack (the target's answers already given)."""
    if delivery in HOSTILE_TOUCH:
        return touch_hostile(ctx, unit, target, delivery)
    return focus_hit(ctx, unit, target, delivery)


def check_hostile_touch(state: GameState, unit: UnitState, target: UnitState | None, delivery: str) -> None:
    """A Shove or Grab needs a visible hostile unit in close-combat reach, no larger than the caster,
    and a free arm (the Shove's own checks, G-11)."""
    if target is None or target.team == unit.team:
        raise IllegalOrder(f"a {delivery} delivers an Effect only to a hostile unit (R-SN-10)")
    plan_shove(state, unit, target.id)


def touch_chance(state: GameState, unit: UnitState, target: UnitState) -> float:
    """The exact chance the Shove or Grab succeeds (the same roll, G-11, R-MOVE-16)."""
    return plan_shove(state, unit, target.id)[1]


def touch_hostile(ctx: PlayContext, unit: UnitState, target: UnitState, delivery: str) -> bool:
    """Roll the Shove or Grab (the target's answers already given); True when the target is touched."""
    if not target.alive or not within_reach(unit.pos, target.pos):
        return False  # it Bailed out of reach
    if delivery == "shove":
        return bool(shove(ctx, unit, target.id).success)
    return _grab(ctx, unit, target)


def _grab(ctx: PlayContext, unit: UnitState, target: UnitState) -> bool:
    needed, _chance = plan_shove(ctx.state, unit, target.id)
    turn_to(ctx, unit, target.pos)
    parts = [f"{unit.id} grabs {target.id} to lay an Effect on it (R-SN-10)"]
    roll, success = shove_roll(ctx, unit, needed, parts, "grab")
    parts.append("it holds on" if success else "it slips free")
    needed_rolled = roll.needed if roll is not None else needed
    data = roll.to_dict() if roll is not None else None
    ctx.emit(Grabbed(unit.id, target.id, needed_rolled, data, needed is None, success, "; ".join(parts)))
    if roll is not None and roll.critical_failure:
        ctx.emit(Mishap(unit.id, "Grab", "the Action fails (G-9)"))
    return success


# ---------------------------------------------------------------------------------------------
# Wands and Staves (R-SN-11): a weapon with no Damage carries the Effect by a hit


@register_event
class FocusHit(Event):
    """R-SN-11: a Wand or Staff attack made to lay an Effect on its target (no Damage)."""

    kind = "focus_hit"
    unit: str
    target: str
    weapon: str
    needed: int | None
    roll: dict[str, Any] | None
    out_of_range: int
    hit: bool
    text: str

    def describe(self) -> str:
        return self.text


def is_focus(weapon: WeaponState) -> bool:
    """R-SN-11: a Wand or Staff is a tool with no Damage (reading: any weapon whose Damage is 0)."""
    parsed = parse_dice(weapon.damage)
    return not parsed.terms and parsed.modifier == 0


def check_focus(state: GameState, unit: UnitState, target: UnitState | None, delivery: str) -> None:
    """A focus delivery needs a unit target and one of the caster's weapons with no Damage that
    could attack it (reach, sight; R-ACT-6 out of Range costs as for any attack)."""
    weapon = next((w for w in unit.weapons if w.name == delivery and not w.spent), None)
    if weapon is None or not is_focus(weapon):
        raise IllegalOrder(
            f"{delivery!r} is not a Wand or Staff of {unit.name}: an Effect rides only a tool with no "
            "Damage (R-SN-11)"
        )
    if target is None or target.id == unit.id:
        raise IllegalOrder(f"the {weapon.name} carries an Effect to another unit (R-SN-11)")
    plan_attack(state, unit, weapon, target.id)


def focus_chance(state: GameState, unit: UnitState, target: UnitState, delivery: str) -> float:
    weapon = next(w for w in unit.weapons if w.name == delivery)
    return plan_attack(state, unit, weapon, target.id).chance


def weapon_roll(
    ctx: PlayContext, unit: UnitState, weapon: WeaponState, penalty: int, out_of_range: int, purpose: str
) -> Any:
    """An SN attack roll with a weapon that deals no Damage of its own now (a Wand or Staff,
    R-SN-11; a shot at a Talisman, R-SN-8): the R-FIRE-5 penalty, R-ACT-6 per die, and the
    Overskill Benny spent on +1d6 when it falls short (R-DICE-8b), as `action_chance` counts it."""
    burning = burning_penalty(ctx, unit, weapon)  # R-FIRE-5
    roll = ruleset_of(ctx.state).action_roll(
        ctx,
        unit,
        sides=unit.skill,
        kind=action_kind(weapon),
        use=weapon.use,
        penalty=penalty - burning,
        per_die_modifier=-out_of_range,
        purpose=purpose,
        weapon=weapon,
    )
    if getattr(roll, "overskill", False) and not roll.success:
        roll = spend_overskill_on_skill(roll, ctx.dice)
    return roll


def focus_hit(ctx: PlayContext, unit: UnitState, target: UnitState, delivery: str) -> bool:
    """Roll the Wand or Staff attack (Responses already answered); True when it hits."""
    weapon = next(w for w in unit.weapons if w.name == delivery)
    try:
        plan = plan_attack(ctx.state, unit, weapon, target.id)
    except IllegalOrder:
        return False  # it Bailed out of sight or reach
    turn_to(ctx, unit, plan.at)
    parts = [f"{unit.id} points the {weapon.name} at {target.id} to lay an Effect on it (R-SN-11)"]
    roll = None
    if plan.needed is None:
        hit = True
        parts.append("automatic hit on a Disrupted target (R-MOVE-16)" if plan.automatic else "no roll")
    else:
        roll = weapon_roll(ctx, unit, weapon, plan.penalty, plan.out_of_range, f"{unit.id} {weapon.name}")
        hit = bool(roll.success)
        parts.append(roll.explain())
    parts.append("a hit: the Effect is laid on" if hit else "a miss: nothing is laid on")
    needed = roll.needed if roll is not None else plan.needed
    data = roll.to_dict() if roll is not None else None
    text = "; ".join(parts)
    ctx.emit(FocusHit(unit.id, target.id, weapon.name, needed, data, plan.out_of_range, hit, text))
    if roll is not None and roll.critical_failure:
        ctx.emit(Mishap(unit.id, f"the {weapon.name}", "the Action fails (G-9)"))
    return hit
