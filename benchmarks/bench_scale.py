"""Engine at scale: AI player turns and per-order engine time on generated battles of 50..400 units.

Each battle is `scenario.generate.army_battle(N, size=120, buildings=40, fires=3, seed=0)`: two
armies facing each other across a 120x120" table with 40 wooden buildings, 3 of them burning. The
default AI plays `--turns` player turns; the script prints, per size, the AI player turn time
(mean/median) and the engine's own time per `move` and per `act` order (median: the `Game.move` /
`Game.act` call, without the AI's choosing), then the growth ratios 400/50 (an order should cost
what it changes, not what the battle holds).

Run: `.venv/bin/python benchmarks/bench_scale.py [--sizes 50 100 200 400] [--turns 24]`.
Targets (2 cores): order median < 1 ms and 400/50 ≤ 1.5x; 200-unit AI player turn < 300 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from brikwars_gui.engine import ai
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.generate import army_battle


def calibration_ms() -> float:
    """A fixed pure-Python loop: compare figures across machines (and across a busy machine's moods)."""
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i * i % 7
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def _timed(fn: Callable[..., Any], into: list[float]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            into.append(time.perf_counter() - t0)

    return wrapper


def bench(units: int, turns: int) -> dict[str, float]:
    scenario = army_battle(units, size=120, buildings=40, fires=3, seed=0)
    game = Game.from_scenario(scenario, seed=0)
    moves: list[float] = []
    acts: list[float] = []
    game.move = _timed(game.move, moves)  # type: ignore[method-assign]
    game.act = _timed(game.act, acts)  # type: ignore[method-assign]
    per_turn: list[float] = []
    acting: list[int] = []
    for _ in range(turns):
        if game.over:
            break
        player = game.active_player
        acting.append(sum(1 for u in game.state.units.values() if u.alive and u.team == player))
        t0 = time.perf_counter()
        ai.play_turn(game)
        per_turn.append(time.perf_counter() - t0)
    ms = 1000.0
    row = {
        "turn_mean": statistics.mean(per_turn) * ms,
        "turn_median": statistics.median(per_turn) * ms,
        "move_median": statistics.median(moves) * ms if moves else float("nan"),
        "act_median": statistics.median(acts) * ms if acts else float("nan"),
    }
    print(
        f"{units:4d} units  {len(per_turn)} AI player turns (~{statistics.mean(acting):.0f} units acting)  "
        f"turn mean {row['turn_mean']:8.1f} ms  median {row['turn_median']:8.1f} ms  |  "
        f"move {row['move_median']:6.3f} ms (n={len(moves)})  "
        f"act {row['act_median']:6.3f} ms (n={len(acts)})",
        flush=True,
    )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument(
        "--turns", type=int, default=24, help="AI player turns per size (default 24: armies meet by turn 20)"
    )
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; calibration loop (1e6 iterations): {calibration_ms():.1f} ms")
    print("battles: army_battle(N, size=120, buildings=40, fires=3, seed=0), default AI, seed 0")
    rows = {n: bench(n, args.turns) for n in args.sizes}
    lo, hi = min(rows), max(rows)
    if lo != hi:
        print(f"growth {hi}/{lo}:", end="")
        for key in ("turn_median", "move_median", "act_median"):
            print(f"  {key} {rows[hi][key] / rows[lo][key]:.2f}x", end="")
        print()


if __name__ == "__main__":
    main()
