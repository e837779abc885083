"""What SuperNatural costs battles without it (issue 23, "must not change"): before and after, side by side.

Each figure is measured in a fresh process for each checkout (this script run with `--measure` and
that checkout on PYTHONPATH, as `heavy_inputs.py` does), alternating before/after `--repeats`
times so both see the same load; `bench_scale.calibration_ms` is measured with each.

* `ai round`: ms per round of the default AI (every player's turn once), skirmish and large battle;
* `legal`: ms for `legal_actions` of a unit of the side to play on the large battle;
* `replay`: ms to rebuild the skirmish after 6 AI rounds from its orders (`Game.from_events`).

Run: `git worktree add /tmp/before 16e4d18` (the last commit before SuperNatural), then
`nice -n 10 .venv/bin/python benchmarks/sn_free_battles.py --before /tmp/before`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _median_ms(fn, times: int) -> float:
    laps = []
    for _ in range(times):
        start = time.perf_counter()
        fn()
        laps.append((time.perf_counter() - start) * 1000)
    return statistics.median(laps)


def measure() -> dict[str, float]:
    """Every figure with the code on sys.path (the checkout the parent chose)."""
    from bench_scale import calibration_ms  # benchmarks/ is on PYTHONPATH in the child

    import brikwars_gui
    from brikwars_gui.engine import ai
    from brikwars_gui.engine.dice.source import SeededDice
    from brikwars_gui.engine.session import Game
    from brikwars_gui.scenario.io import load_scenario

    scenarios = Path(brikwars_gui.__file__).parents[1] / "resources" / "scenarios"  # the checkout's own
    out = {"calibration": calibration_ms()}

    def rounds(name: str, count: int, seeds: int):
        per_round, scenario = [], load_scenario(scenarios / name)
        for seed in range(seeds):
            game = Game.from_scenario(scenario, seed=seed, max_rounds=count)
            while not game.over:
                start, t0 = game.round, time.perf_counter()
                while not game.over and game.round == start:
                    ai.play_turn(game)
                per_round.append((time.perf_counter() - t0) * 1000)
        return statistics.median(per_round), scenario, game

    out["ai round skirmish"], skirmish, played = rounds("skirmish.json", 6, 2)
    out["ai round large"], large, _ = rounds("large_battle.json", 3, 1)
    game = Game.from_scenario(large, seed=0)
    unit_id = next(u.id for u in game.state.units.values() if u.team == game.active_player)
    out["legal large"] = _median_ms(lambda: game.legal_actions(unit_id), 5)
    out["replay skirmish"] = _median_ms(lambda: Game.from_events(skirmish, played.events, SeededDice(1)), 3)
    return out


def _child(code: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(code), str(HERE)])}
    argv = [sys.executable, str(Path(__file__).resolve()), "--measure"]
    done = subprocess.run(argv, env=env, cwd=code, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"measuring {code} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="root of a checkout of the older code")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure()))
        return
    if args.before is None:
        parser.error("--before DIR is needed")
    print(f"cores: {os.cpu_count()}  before: {args.before}  after: {ROOT}")
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for i in range(args.repeats):
        for label, root in (("before", args.before.resolve()), ("after", ROOT)):
            runs[label].append(figures := _child(root))
            print(f"{i + 1} {label:6s} " + "  ".join(f"{k}={v:.1f}" for k, v in figures.items()), flush=True)
    print("medians (ms), and the median of each pair's ratio with both scaled by their calibration:")
    pairs = list(zip(runs["before"], runs["after"], strict=True))
    for key in runs["after"][0]:
        if key == "calibration":
            continue
        before = statistics.median(r[key] for r in runs["before"])
        after = statistics.median(r[key] for r in runs["after"])
        ratios = ((a[key] / a["calibration"]) / (b[key] / b["calibration"]) for b, a in pairs)
        scaled = statistics.median(ratios)
        print(f"  {key:18s} before {before:9.1f}  after {after:9.1f}  scaled ratio {scaled:5.2f}")


if __name__ == "__main__":
    main()
