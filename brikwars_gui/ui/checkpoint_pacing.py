"""When the battle autosave takes a checkpoint within a turn (issue 26).

A recovery installs the slot's last checkpoint and replays the orders journaled after it. Taken
only at ends of turn, a kill late in a 2,000-unit side's turn replayed ~1,000 orders (~0.3-0.4 s
CPU under load). Taken after every order, each order would pay for pickling the whole battle
(~0.15 s at 2,000 units). The pacer takes one when both hold:

* at least `min_orders` orders were journaled since the last checkpoint (a shorter tail replays
  in a few hundredths of a second whatever the battle's size), and
* at least `cost_ratio` times the last checkpoint's cost has passed on the clock since it was
  taken, so checkpoints take at most 1/`cost_ratio` of the time of play: an AI turn stepped by
  the window's timer (hundreds of ms a step, mostly idle) gets one every `min_orders` orders,
  Skip (steps back to back) a few per turn at 2,000 units, and a small battle one every
  `min_orders` orders whatever the pace, its checkpoint costing milliseconds.

Deciding is a counter and a clock read per order: the orders themselves stay as cheap as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

MIN_ORDERS = 200
"""Orders journaled since the last checkpoint before a mid-turn one is taken."""
COST_RATIO = 25.0
"""A mid-turn checkpoint waits until this many times its last cost has passed (at most 4%)."""


@dataclass
class CheckpointPacer:
    """Counts the orders journaled since the last checkpoint and says when the next is due."""

    min_orders: int = MIN_ORDERS
    cost_ratio: float = COST_RATIO
    clock: Callable[[], float] = time.perf_counter
    orders: int = 0
    """Orders journaled since the last checkpoint (or since the battle started, resumed or undone)."""
    cost: float = 0.0
    """Seconds the last checkpoint took (0 until one is measured)."""
    _since: float = field(default=0.0, init=False)

    def __post_init__(self) -> None:
        self._since = self.clock()

    def add(self, orders: int) -> None:
        self.orders += orders

    def due(self) -> bool:
        return self.orders >= self.min_orders and self.clock() - self._since >= self.cost_ratio * self.cost

    def restart(self, cost: float | None = None) -> None:
        """A checkpoint was just taken (it cost `cost` seconds), or the journal began again."""
        self.orders = 0
        self._since = self.clock()
        if cost is not None:
            self.cost = cost
