"""Time per AI round (every player's turn once) on the sample skirmish and the large battle.

Run: `.venv/bin/python benchmarks/bench_turn.py [--rounds N] [--seeds K]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from brikwars_gui.engine import ai
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.io import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"


def bench(name: str, rounds: int, seeds: int) -> None:
    scenario = load_scenario(SCENARIOS / name)
    per_round: list[float] = []
    events = 0
    for seed in range(seeds):
        game = Game.from_scenario(scenario, seed=seed, max_rounds=rounds)
        while not game.over:
            start_round = game.round
            t0 = time.perf_counter()
            while not game.over and game.round == start_round:
                ai.play_turn(game)
            per_round.append(time.perf_counter() - t0)
        events += len(game.events)
    print(
        f"{name:22s} units={len(scenario.units):3d} rounds={len(per_round):4d} events={events:6d} "
        f"mean={statistics.mean(per_round) * 1000:8.2f} ms/round "
        f"median={statistics.median(per_round) * 1000:8.2f} ms max={max(per_round) * 1000:8.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores")
    for name in ("skirmish.json", "large_battle.json"):
        bench(name, args.rounds, args.seeds)


if __name__ == "__main__":
    main()
