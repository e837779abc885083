"""Hazard spread: run the Field Hazards and fires forward alone, many times, and map the odds.

Someone watching a fire wants to know where it will be in three rounds. `hazard_spread` plays
only the hazard phases of the turn engine (no unit orders) for `rounds` rounds over `runs`
seeds (run *i* with `SeededDice(seed + i)`) and counts, per round and cell, in how many runs a
fire burned there (and Smoke lay there). Each player turn does what `Game` does around the
orders: `start_of_player_turn` (Burning Rolls R-FIRE-8..10, powered fields, Scouts),
`start_of_movement` for each of the player's units (Currents R-HAZ-13, Slippery R-HAZ-14) and
`end_of_player_turn` (G-18 Exposure, water). Units never move or act, and no victory check
stops the run: the fires go on burning after the last unit of a side has died.

From a scenario the first round starts with the first player in turn order; from a game in
progress (`start` state) it starts with the player after the active one, whose start-of-turn
hazards have already run (docs/forecast.md).

`HazardSpread.burn[r]` is the frequency (0..1) of fire on each cell after round `r`
(`r = 0`: the starting position); `front(r)` is the most likely fire front: the cells burning
in at least half of the runs that border a cell burning in fewer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.history import hazard_frame
from brikwars_gui.engine.rules.common import PlayContext
from brikwars_gui.engine.state import GameState

__all__ = ["HazardSpread", "hazard_spread", "most_likely_front"]


@dataclass(frozen=True, eq=False)
class HazardSpread:
    """Per-round, per-cell frequencies over `runs` hazard-only runs, shape `(rounds+1, h, w)`."""

    name: str
    seed: int
    runs: int
    burn: np.ndarray
    smoke: np.ndarray
    cancelled: bool = False

    @property
    def rounds(self) -> int:
        return self.burn.shape[0] - 1

    def front(self, round_: int, level: float = 0.5) -> np.ndarray:
        return most_likely_front(self.burn[round_], level)

    def ever_burned(self) -> np.ndarray:
        """Per cell, the highest burn frequency over all rounds."""
        return self.burn.max(axis=0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "brikwars-hazard-spread",
            "scenario": self.name,
            "seed": self.seed,
            "runs": self.runs,
            "rounds": self.rounds,
            "cancelled": self.cancelled,
            "burn": np.round(self.burn, 6).tolist(),
            "smoke": np.round(self.smoke, 6).tolist(),
        }


def most_likely_front(prob: np.ndarray, level: float = 0.5) -> np.ndarray:
    """Cells with `prob >= level` that touch (8 neighbours) a cell below it or the table edge."""
    core = prob >= level
    if not core.any():
        return core
    padded = np.pad(core, 1, constant_values=False)
    inner = np.ones_like(core)
    h, w = core.shape
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            inner &= padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]
    return core & ~inner


def _players_from(state: GameState, *, in_progress: bool) -> list[str]:
    order = list(state.turn_order)
    if not order:
        return []
    first = (state.active_index + 1) % len(order) if in_progress else 0
    return order[first:] + order[:first]


def _play_round(ctx: PlayContext, players: list[str]) -> None:
    state = ctx.state
    for player in players:
        state.active_index = state.turn_order.index(player)
        phase.start_of_player_turn(ctx, player)
        for unit in sorted(state.units.values(), key=lambda u: u.id):
            if unit.team == player and unit.alive:
                phase.start_of_movement(ctx, unit)
        phase.end_of_player_turn(ctx, player)
    state.round += 1


def hazard_spread(
    scenario: Any,
    rounds: int,
    runs: int,
    *,
    seed: int = 0,
    start: GameState | None = None,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> HazardSpread:
    """Run the hazards alone `rounds` rounds, `runs` times, from `scenario` (or the `start` state)."""
    if rounds < 1:
        raise ValueError("rounds must be >= 1")
    if runs < 1:
        raise ValueError("runs must be >= 1")
    base = start if start is not None else GameState.from_scenario(scenario)
    players = _players_from(base, in_progress=start is not None)
    shape = (rounds + 1, base.height, base.width)
    burn = np.zeros(shape, dtype=np.int64)
    smoke = np.zeros(shape, dtype=np.int64)
    done = 0
    cancelled = False
    for i in range(runs):
        if should_stop is not None and should_stop():
            cancelled = True
            break
        state = base.copy()
        ctx = PlayContext(state, SeededDice(seed + i), [])
        for r in range(rounds + 1):
            if r:
                _play_round(ctx, players)
            frame = hazard_frame(state)
            burn[r] += frame.fire_size > 0
            smoke[r] += frame.smoke
        done += 1
        if progress is not None:
            progress(done, runs)
    n = max(done, 1)
    return HazardSpread(getattr(scenario, "name", ""), seed, done, burn / n, smoke / n, cancelled)
