"""What forecast games start from, converted once, and worker processes kept between forecasts.

Converting a Scenario (`GameState.from_scenario`: 2 ms for the skirmish, 15 ms for the large
battle) or deep-copying a state costs as much as a whole short game, and a forecast plays hundreds
from the same position. `Start` pickles that position once; every game unpickles its own copy
(0.1 ms for the skirmish). It is made once per forecast (never cached across forecasts: the
scenario or the game in progress may have changed in between) and travels to the workers with
each batch, a few kilobytes.

Starting worker processes costs about half a second, longer than a 100-game skirmish forecast
takes on one core. `lease(size)` lends the process's kept pool (started on first use, replaced
when the size changes) to one forecast at a time; a forecast running while another holds it
(the GUI's Forecast dialog and Heat Map panel are separate threads) gets a pool of its own, closed
afterwards. A cancelled or failed forecast terminates the pool it used (its queued games would
otherwise keep the workers busy); the next one starts a fresh pool. Worker processes of a kept
pool end with the process (multiprocessing terminates pools at exit).
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.worker_processes import worker_context

__all__ = ["Lease", "Start", "lease"]


@dataclass(frozen=True)
class Start:
    """A forecast's starting position, pickled: the scenario's first turn, or (`continuing`) a
    game in progress that each run continues (`Game.from_state`) for `max_rounds` more rounds,
    the current one counted."""

    state: bytes
    continuing: bool

    @classmethod
    def of(cls, scenario: Any, start: Any = None) -> Start:
        from brikwars_gui.engine.state import GameState

        state = GameState.from_scenario(scenario) if start is None else start
        return cls(pickle.dumps(state, pickle.HIGHEST_PROTOCOL), start is not None)

    def game(self, seed: int, max_rounds: int) -> Any:
        """A new `Game` with `SeededDice(seed)`, not started yet when it begins a scenario (the
        same game as `Game.from_scenario(scenario, seed=seed, max_rounds=max_rounds, start=False)`),
        without timeline snapshots."""
        from brikwars_gui.engine.dice.source import SeededDice
        from brikwars_gui.engine.session import Game

        state = pickle.loads(self.state)
        if self.continuing:
            limit = state.round + max_rounds - 1
            return Game.from_state(state, SeededDice(seed), max_rounds=limit, timeline=False)
        return Game(state, SeededDice(seed), max_rounds=max_rounds, start=False, timeline=False)


def _context() -> Any:
    """forkserver (no fork of a process with threads, e.g. the Qt GUI) whose server imports the
    engine once, so each worker forked from it starts with it loaded."""
    return worker_context(
        ["brikwars_gui.engine.forecast", "brikwars_gui.engine.ai", "brikwars_gui.engine.tactics"]
    )


class Lease:
    """A pool lent to one forecast. `spoil()` after a cancel or a failure: the pool is terminated
    at once instead of being kept or closed."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self.spoiled = False

    def spoil(self) -> None:
        if not self.spoiled:
            self.spoiled = True
            self.pool.terminate()
            self.pool.join()


_kept_lock = threading.Lock()
_kept: Any = None
_kept_size = 0


@contextmanager
def lease(size: int) -> Iterator[Lease]:
    """A pool of `size` worker processes for one forecast (see the module docstring)."""
    global _kept, _kept_size
    shared = _kept_lock.acquire(blocking=False)
    try:
        if shared:
            if _kept is not None and _kept_size != size:
                _kept.close()
                _kept.join()
                _kept = None
            if _kept is None:
                _kept, _kept_size = _context().Pool(size), size
            lent = Lease(_kept)
        else:
            lent = Lease(_context().Pool(size))
        try:
            yield lent
        except BaseException:
            lent.spoil()
            raise
        finally:
            if lent.spoiled:
                if shared:
                    _kept = None
            elif not shared:
                lent.pool.close()
                lent.pool.join()
    finally:
        if shared:
            _kept_lock.release()
