"""Benchmark: hazard phases on a 120x120" table with 40 wooden buildings, a forest and 3 fires.

Runs 50 rounds of two players (start-of-turn Burning Rolls, end-of-turn Exposure for 20 units per
player) and prints the time per player turn and per round. Target: < 20 ms per turn.

    .venv/bin/python benchmarks/bench_hazards.py [--rounds 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import time

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.fire import catch_fire
from brikwars_gui.engine.hazards.history import HazardHistory
from brikwars_gui.engine.hazards.sandbox import add_field, add_object, add_unit, blank_state, rect


def build(seed: int):
    state = blank_state(120, 120, players=("red", "blue"))
    # 40 wooden buildings (4x4", Size 4, Weight 1) in a 8 x 5 village grid
    for n in range(40):
        x, y = 6 + (n % 8) * 9, 6 + (n // 8) * 9
        add_object(state, f"house{n}", rect(x, y, 4, 4), size=4, weight=1, owner=None)
    # a forest: one tree object per cell, 40x40 block with clearings (~1200 trees)
    trees = 0
    for y in range(72, 112):
        for x in range(10, 50):
            if (x * 7 + y * 13) % 4:
                add_object(state, f"tree{x}_{y}", [(x, y)], size=2, weight=0.5, kind="tree", block=False)
                trees += 1
    # smoke and a toxic cloud for the map and the exposure phase
    add_field(state, "smoke", "smoke", rect(60, 60, 10, 10))
    add_field(state, "gas", "exposure", rect(80, 80, 6, 6), dice="1d6", living_only=True)
    for n in range(20):
        add_unit(state, f"r{n}", "red", (2 + n, 60 + (n % 3) * 20))
        add_unit(state, f"b{n}", "blue", (80 + n % 6, 80 + n // 6), armor="99")
    ctx = RulesContext(state, SeededDice(seed))
    catch_fire(ctx, "house0", [4, 4, 4, 4], by="red")
    catch_fire(ctx, "house21", [4, 4, 4, 4], by="blue")
    first_tree = next(oid for oid in state.objects if oid.startswith("tree3"))
    catch_fire(ctx, first_tree, [4, 4], by="red")
    return state, ctx, trees


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores")
    state, ctx, trees = build(args.seed)
    history = HazardHistory()
    print(
        f"table 120x120, {len(state.objects) - trees} buildings, {trees} trees, 3 fires, {args.rounds} rounds"
    )
    turn_times: list[float] = []
    start = time.perf_counter()
    for _ in range(args.rounds):
        for player in state.turn_order:
            t0 = time.perf_counter()
            phase.start_of_player_turn(ctx, player)
            phase.end_of_player_turn(ctx, player)
            history.record(state)
            turn_times.append(time.perf_counter() - t0)
        state.round += 1
        ctx.events.clear()
    total = time.perf_counter() - start
    burning = sum(1 for f in state.fires.values() if f.size > 0)
    destroyed = sum(1 for o in state.objects.values() if o.destroyed)
    per_turn = 1000 * total / len(turn_times)
    print(f"fires burning at the end: {burning}, objects destroyed: {destroyed}")
    print(f"time per player turn: mean {per_turn:.2f} ms, max {1000 * max(turn_times):.2f} ms")
    print(f"time per round (2 turns): {2 * per_turn:.2f} ms; total {total:.2f} s")
    print("target < 20 ms per turn:", "OK" if per_turn < 20 else "SLOW")


if __name__ == "__main__":
    main()
