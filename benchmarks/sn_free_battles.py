"""What SuperNatural costs battles without it (issue 23, "must not change"): before and after, side by side.

Each figure is measured in a fresh process for each checkout, alternating before/after `--repeats`
times, so both see the same load; a calibration loop (1e6 small additions) is printed with each.

* `ai round`: ms per round of the default AI (every player's turn once), skirmish and large battle;
* `legal`: ms for `legal_actions` of the first unit on the large battle (the menu and the AI's ask);
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MEASURE = r"""
import json, statistics, sys, time
from pathlib import Path
from brikwars_gui.engine import ai
from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.io import load_scenario

root = Path(sys.argv[1])
t0 = time.perf_counter(); x = 0
for i in range(1_000_000):
    x += i
calibration = (time.perf_counter() - t0) * 1000
out = {"calibration": calibration}

def rounds(name, count, seeds):
    per = []
    scenario = load_scenario(root / "resources" / "scenarios" / name)
    for seed in range(seeds):
        game = Game.from_scenario(scenario, seed=seed, max_rounds=count)
        while not game.over:
            start, t = game.round, time.perf_counter()
            while not game.over and game.round == start:
                ai.play_turn(game)
            per.append((time.perf_counter() - t) * 1000)
    return statistics.median(per), (scenario, game)

out["ai round skirmish"], played = rounds("skirmish.json", 6, 2)
out["ai round large"], _ = rounds("large_battle.json", 3, 1)
large = Game.from_scenario(load_scenario(root / "resources" / "scenarios" / "large_battle.json"), seed=0)
unit_id = next(u.id for u in large.state.units.values() if u.team == large.active_player)
times = []
for _ in range(5):
    t = time.perf_counter()
    large.legal_actions(unit_id)
    times.append((time.perf_counter() - t) * 1000)
out["legal large"] = statistics.median(times)
times = []
for _ in range(3):
    t = time.perf_counter()
    Game.from_events(played[0], played[1].events, SeededDice(1))
    times.append((time.perf_counter() - t) * 1000)
out["replay skirmish"] = statistics.median(times)
print(json.dumps(out))
"""


def measure(root: Path) -> dict[str, float]:
    """One measurement of every figure with `root`'s code, in its own process."""
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(root)], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"measuring {root} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="root of a checkout of the older code")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}  before: {args.before}  after: {ROOT}")
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for i in range(args.repeats):
        for label, root in (("before", args.before.resolve()), ("after", ROOT)):
            figures = measure(root)
            runs[label].append(figures)
            print(f"{i + 1} {label:6s} " + "  ".join(f"{k}={v:.1f}" for k, v in figures.items()), flush=True)
    print("medians (ms), and the median of each pair's ratio with both scaled by their calibration:")
    pairs = list(zip(runs["before"], runs["after"], strict=True))
    for key in runs["after"][0]:
        if key == "calibration":
            continue
        before = statistics.median(r[key] for r in runs["before"])
        after = statistics.median(r[key] for r in runs["after"])
        scaled = statistics.median(
            (a[key] / a["calibration"]) / (b[key] / b["calibration"]) for b, a in pairs
        )
        print(f"  {key:18s} before {before:9.1f}  after {after:9.1f}  scaled ratio {scaled:5.2f}")

if __name__ == "__main__":
    main()
