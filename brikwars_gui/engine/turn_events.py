"""The turn controller's own events (engine/session.py): the battle's start and end, turns, the
orders logged so a game replays from its events, units done or keeping their Action, drowning
checks. Kept apart from `Game` so the controller's module holds the controller."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.events import Event, register_event

__all__ = [
    "ActionSaved",
    "DrowningCheck",
    "GameOver",
    "GameStarted",
    "OrderIssued",
    "TurnEnded",
    "TurnStarted",
    "UnitDone",
]


@register_event
class GameStarted(Event):
    kind = "game_started"
    name: str
    players: list[str]
    unit_count: int

    def describe(self) -> str:
        return f"Battle '{self.name}' begins: {', '.join(self.players)} ({self.unit_count} units)"


@register_event
class TurnStarted(Event):
    kind = "turn_started"
    round: int
    player: str

    def describe(self) -> str:
        return f"Round {self.round}: {self.player}'s turn"


@register_event
class OrderIssued(Event):
    """An order by the active player (logged so a game replays from its events)."""

    kind = "order"
    player: str
    order: str  # "move" | "act" | "face" | "end_unit" | "end_turn"
    unit: str | None
    args: dict[str, Any]

    def describe(self) -> str:
        who = f" {self.unit}" if self.unit else ""
        return f"order {self.order}{who} {self.args}" if self.args else f"order {self.order}{who}"


@register_event
class UnitDone(Event):
    kind = "unit_done"
    unit: str

    def describe(self) -> str:
        return f"{self.unit} is done for this turn"


@register_event
class ActionSaved(Event):
    """R-RESP-1: the Action left unspent is kept for Responses until the unit's next turn."""

    kind = "action_saved"
    unit: str

    def describe(self) -> str:
        return f"{self.unit} keeps its Action for a Response (R-RESP-1)"


@register_event
class DrowningCheck(Event):
    """G-17: still immobilized in water at the end of its turn → Skill vs 3, failure drowns."""

    kind = "drowning_check"
    unit: str
    roll: dict[str, Any]
    survived: bool

    def describe(self) -> str:
        return f"{self.unit} struggles in the water: {self.roll.get('text', '')} → " + (
            "keeps afloat" if self.survived else "drowns"
        )


@register_event
class TurnEnded(Event):
    kind = "turn_ended"
    round: int
    player: str

    def describe(self) -> str:
        return f"{self.player} ends the turn"


@register_event
class GameOver(Event):
    kind = "game_over"
    winner: str | None
    reason: str
    survivors: dict[str, int]

    def describe(self) -> str:
        alive = ", ".join(f"{k}: {v}" for k, v in self.survivors.items())
        head = f"{self.winner} wins" if self.winner else "No winner"
        return f"GAME OVER — {head} ({self.reason}); survivors {alive}"
