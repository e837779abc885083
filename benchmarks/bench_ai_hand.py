"""What the tactical AI's Shove and Trap plans (`hazard_plans.hand_plans`) cost per unit
activation: on the large battle (no Traps; Shoves only where an enemy is within a move and a
step) and on a crowded Trap field made for the purpose (every unit next to an enemy, a lever
wired to an explosive Trap beside each pair), against the whole decision's time.

Issue 13: the plans must cost nothing when no Trap or Shove target is near, and leave Normal
≤ 20 ms and Hard ≤ 100 ms per activation (`benchmarks/bench_ai.py`).

Run: `.venv/bin/python benchmarks/bench_ai_hand.py [--seeds K] [--rounds N]`.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bench_ai import bench, machine_line
from bench_scale import calibration_ms  # one loop for every benchmark (benchmarks/ is on sys.path)

import brikwars_gui.engine.tactics.planner as planner_module
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics import TacticalAI, preset

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"


class HandTimer:
    """Wraps the planner's `hand_plans` hook to add up its time and calls."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self.plans = 0
        self._hook = planner_module.hand_plans

    def __enter__(self) -> HandTimer:
        def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
            t0 = time.perf_counter()
            out = self._hook(*args, **kwargs)
            self.seconds += time.perf_counter() - t0
            self.calls += 1
            self.plans += len(out)
            return out

        planner_module.hand_plans = timed
        return self

    def __exit__(self, *exc: object) -> None:
        planner_module.hand_plans = self._hook


def trap_field(pairs: int = 12) -> Game:
    """`pairs` red/blue knife fighters face to face in a column, a lever wired to a bomb Trap
    (1d10 Exp) beside each pair, and a fuel fire behind each blue: every activation has Shove and
    Operate candidates to weigh."""
    state = hs.blank_state(30, 4 * pairs + 2)
    knife = WeaponState("knife", "close", 2, None, "1d4")
    bomb = WeaponState("bomb", "ranged", 2, 3, "1d10", damage_type="explosive")
    for i in range(pairs):
        y = 2 + 4 * i
        hs.add_unit(state, f"r{i:02d}", "red", (10, y), weapons=[knife])
        hs.add_unit(state, f"b{i:02d}", "blue", (11, y), weapons=[knife])
        hs.add_object(state, f"lever{i}", [(11, y + 1)], size=1, weight=1, block=False, kind="lever")
        hs.add_trap(state, f"bomb{i}", f"lever{i}", weapon=bomb, at=(11, y + 1), owner="red")
        hs.add_fire(state, f"fire{i}", None, [(13, y)], 1, permanent="fuel")
    return Game(state, SeededDice(0))


def bench_trap_field(level: str) -> tuple[list[float], HandTimer]:
    """Decision times (ms) of red's first turn on `trap_field`, and the hook's share."""
    game = trap_field()
    ai = TacticalAI(preset(level))
    times: list[float] = []
    with HandTimer() as timer:
        pending = ai.order(game)
        while pending and game.active_player == "red":
            t0 = time.perf_counter()
            uid = ai.next_unit(game, pending)
            plan = ai.decide(game, uid)
            times.append((time.perf_counter() - t0) * 1000)
            if plan is not None:
                ai.carry_out(game, uid, plan)
    return times, timer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    before = calibration_ms()
    for level in ("normal", "hard"):
        with HandTimer() as timer:
            times, _ = bench(level, "large_battle.json", args.seeds, args.rounds)
        share = timer.seconds * 1000 / max(1e-9, sum(times))
        print(
            f"{level:6s} large_battle.json: {len(times)} activations, hand plans "
            f"{timer.seconds * 1e6 / max(1, len(times)):6.0f} µs per activation "
            f"({share:.1%} of deciding; {timer.plans} Shove/Trap plans made)"
        )
        times, timer = bench_trap_field(level)
        print(
            f"{level:6s} trap field: {len(times)} activations, deciding mean "
            f"{sum(times) / max(1, len(times)):6.1f} ms, max {max(times):6.1f} ms; hand plans "
            f"{timer.seconds * 1000 / max(1, len(times)):6.2f} ms per activation ({timer.plans} plans)"
        )
    print(machine_line(before))


if __name__ == "__main__":
    main()
