"""Touching a hostile target (R-SN-10, R-SN-11's Bare Hands): a successful Shove (G-11: pushed 2"
and Disrupted, `rules/shove.py`) or Grab (reading: the same roll, without the push or the
Disruption) delivers the Effect by touch, with no Range dice; it uses the caster's Action. On a
failure nothing is touched: no die is spent and the Action is gone (docs/rules-decisions.md)."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.grid import within_reach
from brikwars_gui.engine.rules.combat import Mishap
from brikwars_gui.engine.rules.common import IllegalOrder, PlayContext, turn_to
from brikwars_gui.engine.rules.shove import plan_shove, shove, shove_roll
from brikwars_gui.engine.state import GameState, UnitState

#: How a Cast reaches its target: `auto` (touch where free, else Range dice), `range` (Range dice),
#: or a hostile touch by `shove` or `grab` (R-SN-10).
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
