"""Cost of fog of war per order (engine/visibility.py): default-AI battles with and without
`fog_of_war`, and what one side's view costs after an order when only the units that moved or
turned are recomputed (the cache) against recomputing every unit's sight from scratch.

Run: `.venv/bin/python benchmarks/bench_fog.py [--rounds N] [--units N]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from bench_scale import calibration_ms  # one loop for every benchmark (benchmarks/ is on sys.path)

from brikwars_gui.engine import ai
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.visibility import visible_units
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.io import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"


def battle(scenario, fog: bool, rounds: int) -> tuple[float, int]:
    """(ms per order, orders) of a default-AI game of `rounds` rounds."""
    game = Game.from_scenario(scenario.model_copy(update={"fog_of_war": fog}), seed=1, max_rounds=rounds)
    t0 = time.perf_counter()
    ai.play_game(game)
    elapsed = (time.perf_counter() - t0) * 1000
    orders = sum(1 for e in game.events if e.kind == "order")
    return elapsed / max(1, orders), orders


def view_after_orders(scenario, rounds: int) -> tuple[float, float]:
    """Mean ms of both sides' views after each order of a fogged game: cached, and cold."""
    game = Game.from_scenario(scenario.model_copy(update={"fog_of_war": True}), seed=1, max_rounds=rounds)
    warm: list[float] = []
    cold: list[float] = []

    def measure(event) -> None:
        if event.kind != "order":
            return
        state = game.state
        t0 = time.perf_counter()
        for team in state.turn_order:
            visible_units(state, team)
        t1 = time.perf_counter()
        keep = state.__dict__.pop("_sight", None)
        for team in state.turn_order:
            visible_units(state, team)
        t2 = time.perf_counter()
        state.__dict__["_sight"] = keep
        warm.append((t1 - t0) * 1000)
        cold.append((t2 - t1) * 1000)

    game.listener = measure
    ai.play_game(game)
    return statistics.mean(warm), statistics.mean(cold)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--units", type=int, default=100)
    args = parser.parse_args()
    before = calibration_ms()
    cases = [
        ("large_battle.json", load_scenario(SCENARIOS / "large_battle.json")),
        (f"army_battle({args.units} units, 120x120)", army_battle(args.units)),
    ]
    for name, scenario in cases:
        off, n_off = battle(scenario, False, args.rounds)
        on, n_on = battle(scenario, True, args.rounds)
        warm, cold = view_after_orders(scenario, args.rounds)
        print(
            f"{name}: default AI, {args.rounds} rounds: {off:6.2f} ms/order without fog ({n_off} orders), "
            f"{on:6.2f} ms/order with fog ({n_on} orders); both sides' views after an order: "
            f"{warm:6.3f} ms cached vs {cold:6.2f} ms recomputed from scratch"
        )
    calibration = (before + calibration_ms()) / 2
    print(f"machine: {os.cpu_count()} cores; calibration loop {calibration:.0f} ms (before/after)")


if __name__ == "__main__":
    main()
