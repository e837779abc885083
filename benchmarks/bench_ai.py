"""Time per unit activation of each AI level on the large battle (issue 13's budget: Normal
≤ 20 ms, Hard ≤ 100 ms), with a calibration loop so figures from a busy machine compare.

Run: `.venv/bin/python benchmarks/bench_ai.py [--seeds K] [--rounds N] [--sitting]`; with
`--sitting` the AI plays the first side and the others give no orders, so from the third round on it
plans against a sitting side (`flank.py`: every known enemy in the threat map, the free cells and
the way round the holders' zones), its costliest mode.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from bench_scale import calibration_ms  # one loop for every benchmark (benchmarks/ is on sys.path)

from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.player import TacticalAI
from brikwars_gui.engine.tactics.presets import PRESETS
from brikwars_gui.scenario.io import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"


#: `calibration_ms()` on an unloaded core of the 2-core machine the budgets were set on.
REFERENCE_MS = 43.0


def bench(
    level: str, name: str, seeds: int, rounds: int, sitting: bool = False
) -> tuple[list[float], list[float]]:
    """Per unit activation of `level` playing every side of `name` (only the first with
    `sitting`: the others hold every Action): the time to decide (ms) and the time the engine
    takes to carry out its orders (ms, Responses included)."""
    scenario = load_scenario(SCENARIOS / name)
    times: list[float] = []
    orders: list[float] = []
    for seed in range(seeds):
        game = Game.from_scenario(scenario, seed=seed, max_rounds=rounds)
        order = game.state.turn_order
        players = {p: TacticalAI(PRESETS[level], seed) for p in (order[:1] if sitting else order)}
        while not game.over:
            ai = players.get(game.active_player)
            if ai is None:  # a sitting side: no orders
                game.end_turn()
                continue
            turn = (game.round, game.active_player)
            pending = ai.order(game)
            while pending:
                if game.over or (game.round, game.active_player) != turn:
                    break
                t0 = time.perf_counter()
                uid = ai.next_unit(game, pending)  # Hard plans several units to pick one
                plan = ai.decide(game, uid)
                t1 = time.perf_counter()
                if plan is not None:
                    ai.carry_out(game, uid, plan)
                times.append((t1 - t0) * 1000)
                orders.append((time.perf_counter() - t1) * 1000)
            if not game.over and (game.round, game.active_player) == turn:
                game.end_turn()
    return times, orders


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--scenario", default="large_battle.json")
    parser.add_argument("--sitting", action="store_true", help="the other sides give no orders")
    args = parser.parse_args()
    before = calibration_ms()
    budget = {"easy": 20.0, "normal": 20.0, "hard": 100.0}
    for level in PRESETS:
        times, orders = bench(level, args.scenario, args.seeds, args.rounds, args.sitting)
        p95 = sorted(times)[int(0.95 * (len(times) - 1))]
        print(
            f"{level:6s} {args.scenario}{' vs sitting sides' if args.sitting else ''}: "
            f"{len(times)} activations; "
            f"deciding: mean {statistics.mean(times):6.1f} ms, "
            f"median {statistics.median(times):6.1f} ms, p95 {p95:6.1f} ms, max {max(times):6.1f} ms "
            f"(budget {budget[level]:.0f} ms); carrying out the orders (engine): mean "
            f"{statistics.mean(orders):6.1f} ms"
        )
    print(machine_line(before))


def machine_line(before: float) -> str:
    """The closing line: cores, the calibration loop (`before` and now) and the scale to the
    reference machine, so figures from a busy machine compare."""
    calibration = (before + calibration_ms()) / 2
    return (
        f"machine: {os.cpu_count()} cores; calibration loop {calibration:.0f} ms (before/after); "
        f"on a machine where it takes {REFERENCE_MS:.0f} ms the times above scale by "
        f"{REFERENCE_MS / calibration:.2f}"
    )


if __name__ == "__main__":
    main()
