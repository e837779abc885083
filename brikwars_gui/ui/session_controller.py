"""The one seam between the UI and the turn engine (`engine/session.py`'s `Game`).

The window never computes rules: in Play mode it asks this controller and listens to its signals.
Until the engine's `Game` lands the controller runs in *preview* mode: round 1, the first player
in turn order active, no orders accepted, End Turn disabled.

What the window expects (signals):
* `sessionStarted()` / `sessionStopped()`
* `turnChanged(round: int, player_id: str)`          -> turn panel
* `unitUpdated(unit_id: str)`                         -> that unit's map item / table row only
* `eventLogged(text: str, detail: str)`               -> dice & event log (one line per typed event,
                                                         `detail` = dice `.explain()` / JSON)
* `canEndTurnChanged(bool)`                           -> End Turn action
And methods: `start(scenario)`, `stop()`, `round`, `active_player`, `can_end_turn`, `end_turn()`,
`unit_position(unit_id)`, `unit_badges(unit_id)`, `unit_status(unit_id)`, `reachable(unit_id)`,
`order_move(unit_id, cell)`; the engine adapter fills them from `Game` events and snapshots.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from brikwars_gui.scenario.models import Scenario


class SessionController(QObject):
    sessionStarted = Signal()
    sessionStopped = Signal()
    turnChanged = Signal(int, str)
    unitUpdated = Signal(str)
    eventLogged = Signal(str, str)
    canEndTurnChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario: Scenario | None = None
        self.game = None  # engine.session.Game once available
        self.round = 0
        self.active_player: str | None = None

    @staticmethod
    def engine_available() -> bool:
        """True once `engine/session.py` provides a `Game` the controller can drive."""
        try:
            from brikwars_gui.engine import session  # noqa: F401
        except ImportError:
            return False
        return False  # adapter not written yet: stays in preview mode

    @property
    def active(self) -> bool:
        return self.scenario is not None

    @property
    def can_end_turn(self) -> bool:
        return self.game is not None

    def start(self, scenario: Scenario) -> None:
        self.scenario = scenario
        order = list(scenario.turn_order) or [p.id for p in scenario.players]
        self.round = 1
        self.active_player = order[0] if order else None
        self.sessionStarted.emit()
        self.turnChanged.emit(self.round, self.active_player or "")
        self.canEndTurnChanged.emit(self.can_end_turn)

    def stop(self) -> None:
        self.scenario = None
        self.game = None
        self.sessionStopped.emit()
        self.canEndTurnChanged.emit(False)

    def end_turn(self) -> None:
        if self.game is None:
            return
        raise NotImplementedError  # pragma: no cover - filled by the engine adapter

    # -- per-unit views (engine state once a Game runs; scenario values meanwhile) --------------
    def unit_position(self, unit_id: str) -> tuple[int, int] | None:
        unit = next((u for u in self.scenario.units if u.id == unit_id), None) if self.scenario else None
        return tuple(unit.position) if unit else None

    def unit_badges(self, unit_id: str) -> list[tuple[str, str]] | None:
        """Status badges (text, colour) for a unit token; None = the scenario defaults."""
        return None

    def unit_status(self, unit_id: str) -> str | None:
        return None

    def reachable(self, unit_id: str) -> dict[tuple[int, int], int]:
        return {}

    def order_move(self, unit_id: str, cell: tuple[int, int]) -> bool:
        return False
