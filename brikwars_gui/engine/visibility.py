"""What a player may know (G-16, R-SCOUT-4, R-TRAP-3): the engine as impartial host.

A `hidden` unit is invisible to the other teams until it attacks (it is then revealed for good,
event `unit_revealed`) or an enemy Scout sees it (`hazards/scout.track`, R-SCOUT-4). Secret
Traps stay known only to their owner and to teams whose Scouts spotted them (R-TRAP-3).
Orders against a unit its enemy cannot see are illegal, Responses never answer a Hidden mover, and
the GUI and the AI ask these functions instead of reading the state directly, so neither cheats.
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.state import GameState, UnitState

#: Event fields that name a unit; an event naming a unit hidden from a team is not shown to it.
_UNIT_FIELDS = ("unit", "attacker", "responder", "mover", "target", "first", "second", "about")


@register_event
class UnitRevealed(Event):
    """G-16: a Hidden unit gives itself away (it attacks)."""

    kind = "unit_revealed"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} is revealed: {self.reason} (G-16)"


def unit_visible_to(team: str, unit: UnitState) -> bool:
    """A team sees its own units and every enemy that is not Hidden (G-16)."""
    return unit.team == team or not unit.hidden


def visible_units(state: GameState, team: str) -> list[UnitState]:
    """The living units `team` may know about, in id order."""
    return [u for u in state.units_by_id() if u.alive and (u.team == team or not u.hidden)]  # unit_visible_to


def hidden_from(state: GameState, team: str) -> frozenset[str]:
    """Ids of the units `team` cannot see now."""
    return frozenset(u.id for u in state.units.values() if not unit_visible_to(team, u))


def event_visible_to(state: GameState, team: str, event: Event | dict[str, Any]) -> bool:
    """False for an event that names a unit hidden from `team` at this moment (its moves, its
    orders, its decisions): a human player's log shows only what that player could witness."""
    hidden = hidden_from(state, team)
    if not hidden:
        return True
    data = event if isinstance(event, dict) else event.__dict__
    return not any(data.get(name) in hidden for name in _UNIT_FIELDS)


def reveal(ctx: RulesContext, unit: UnitState, reason: str) -> None:
    """G-16: the unit stops being Hidden (for everyone)."""
    if unit.hidden:
        unit.hidden = False
        ctx.emit(UnitRevealed(unit.id, reason))
