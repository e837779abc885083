"""What a rule function needs: the state, the one dice source, and a sink for the events it causes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from brikwars_gui.engine.dice.source import DiceSource
from brikwars_gui.engine.events import Event

if TYPE_CHECKING:  # the state's modules use contexts: a type, not a dependency
    from brikwars_gui.engine.state import GameState


@dataclass
class RulesContext:
    state: GameState
    dice: DiceSource
    events: list[Event] = field(default_factory=list)
    listener: Callable[[Event], None] | None = None

    def emit(self, event: Event) -> Event:
        self.events.append(event)
        if self.listener is not None:
            self.listener(event)
        return event
