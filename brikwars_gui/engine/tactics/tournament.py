"""AI-vs-AI tournaments: who beats whom, over seeded games (issue 13's measure of the AI).

A game seats two AIs ("A" and "B") on a scenario's players in turn order, alternately A, B, A...
and the other way round on odd seeds ("sides swapped"); with three players (the large battle)
one AI plays two of them. A game is won by the side whose player is the last team standing
(G-24); a draw by the round limit counts as not winning for either side. Games run in worker
processes; each is `Game.from_scenario(seed=s)` with a `max_rounds` limit, so any one is replayed
exactly by its seed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.forecast import wilson_interval
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.player import make_player
from brikwars_gui.engine.worker_processes import worker_context


def with_ruleset(scenario: Any, ruleset: str) -> Any:
    """The scenario played under another ruleset (its units' stats converted by that ruleset's
    defaults): how the tournament plays the skirmish under D6 and Nine Powers."""
    from brikwars_gui.scenario.models import Scenario

    data = scenario.model_dump(mode="json")
    data["ruleset"] = ruleset
    return Scenario.model_validate(data)


def seats(turn_order: list[str], swap: bool) -> dict[str, str]:
    """Player id → "A"/"B": alternately in turn order, starting with B when `swap`."""
    return {p: "AB"[(i + int(swap)) % 2] for i, p in enumerate(turn_order)}


def play_game(scenario: Any, level_a: str, level_b: str, seed: int, max_rounds: int = 15) -> str | None:
    """One seeded game; returns "A", "B" or None (draw or round limit). Odd seeds swap sides."""
    game = Game.from_scenario(scenario, seed=seed, max_rounds=max_rounds)
    sides = seats(list(game.state.turn_order), swap=seed % 2 == 1)
    players = {p: make_player(level_a if s == "A" else level_b, seed) for p, s in sides.items()}
    while not game.over:
        players[game.active_player].play_turn(game)
    return sides[game.winner] if game.winner else None


@dataclass(frozen=True)
class PairingResult:
    scenario: str
    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int

    @property
    def draws(self) -> int:
        return self.games - self.a_wins - self.b_wins

    def rate(self, side: str = "A") -> tuple[float, float, float]:
        """Win rate of a side with its 95% Wilson interval."""
        wins = self.a_wins if side == "A" else self.b_wins
        low, high = wilson_interval(wins, self.games)
        return wins / max(1, self.games), low, high

    def line(self) -> str:
        rate, low, high = self.rate("A")
        brate, blow, bhigh = self.rate("B")
        return (
            f"{self.scenario:16s} {self.a:>8s} vs {self.b:<8s} games={self.games:4d} "
            f"{self.a} {rate:6.1%} [{low:5.1%}, {high:5.1%}]  "
            f"{self.b} {brate:6.1%} [{blow:5.1%}, {bhigh:5.1%}]  "
            f"draws {self.draws}"
        )


_SCENARIOS: dict[str, Any] = {}


def _init(scenarios: dict[str, Any]) -> None:
    _SCENARIOS.update(scenarios)


def _run(args: tuple[str, str, str, int, int]) -> tuple[str, str, str, str | None]:
    name, a, b, seed, max_rounds = args
    return name, a, b, play_game(_SCENARIOS[name], a, b, seed, max_rounds)


def pairings(levels: list[str]) -> Iterator[tuple[str, str]]:
    """Every pair of different levels once (sides are swapped inside each pairing)."""
    yield from itertools.combinations(levels, 2)


def run_tournament(
    scenarios: dict[str, Any],
    levels: list[str],
    games: int,
    *,
    jobs: int = 1,
    max_rounds: int = 15,
    first_seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    on_pairing: Callable[[PairingResult], None] | None = None,
    pairs: list[tuple[str, str]] | None = None,
) -> list[PairingResult]:
    """`games` seeded games (seeds first_seed..) for every pairing on every scenario (`pairs`:
    only these pairings, instead of every two of `levels`). `progress(done, total)` follows the
    games; `on_pairing` gets each pairing's result as soon as its last game is in (a full
    tournament takes most of an hour on 2 cores)."""
    chosen = list(pairs) if pairs is not None else list(pairings(levels))
    tasks = [
        (name, a, b, seed, max_rounds)
        for name in scenarios
        for a, b in chosen
        for seed in range(first_seed, first_seed + games)
    ]
    tally: dict[tuple[str, str, str], list[int]] = {}

    def count(outcomes: Iterable[tuple[str, str, str, str | None]]) -> None:
        for done, (name, a, b, winner) in enumerate(outcomes, 1):
            row = tally.setdefault((name, a, b), [0, 0, 0])
            row[0] += 1
            row[1] += winner == "A"
            row[2] += winner == "B"
            if progress:
                progress(done, len(tasks))
            if on_pairing and row[0] == games:
                on_pairing(PairingResult(name, a, b, *row))

    if jobs <= 1:
        _init(scenarios)
        count(_run(t) for t in tasks)
    else:
        # not fork: the caller may have threads (worker_processes.py; a warning from Python 3.12)
        context = worker_context(["brikwars_gui.engine.tactics.tournament"])
        with ProcessPoolExecutor(jobs, mp_context=context, initializer=_init, initargs=(scenarios,)) as pool:
            count(pool.map(_run, tasks, chunksize=4))
    return [PairingResult(n, a, b, *tally[(n, a, b)]) for n in scenarios for a, b in chosen]
