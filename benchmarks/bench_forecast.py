"""Forecast throughput (AI-vs-AI games per second) on the sample skirmish and the large battle,
in this process (`jobs=1`) and with one worker process per core (twice: the second forecast reuses the
workers the first started); checks that all give the same report.

Run: `.venv/bin/python benchmarks/bench_forecast.py [--runs N] [--large-runs N] [--turns N]`.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from brikwars_gui.engine.forecast import default_jobs, forecast
from brikwars_gui.scenario.io import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"


def bench(name: str, runs: int, turns: int, cores: int) -> None:
    scenario = load_scenario(SCENARIOS / name)
    reports = []
    # the second parallel forecast borrows the worker processes the first one started
    for jobs, note in [(1, ""), *([(cores, ""), (cores, "  workers kept")] if cores > 1 else [])]:
        t0 = time.perf_counter()
        report = forecast(scenario, runs, seed=0, max_rounds=turns, jobs=jobs)
        wall = time.perf_counter() - t0
        reports.append(report)
        print(
            f"{name:20s} units={len(scenario.units):3d} runs={runs:4d} jobs={jobs} "
            f"{wall:7.2f} s  {runs / wall:7.2f} runs/s  "
            f"(mean {report.rounds_mean:.1f} rounds/game){note}",
            flush=True,
        )
    same = all(r == reports[0] for r in reports)
    print(f"{'':20s} reports identical for every jobs value: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=100, help="skirmish games (default 100)")
    parser.add_argument("--large-runs", type=int, default=20, help="large battle games (default 20)")
    parser.add_argument("--turns", type=int, default=10)
    args = parser.parse_args()
    cores = default_jobs()
    print(f"machine: {cores} cores")
    bench("skirmish.json", args.runs, args.turns, cores)
    bench("large_battle.json", args.large_runs, args.turns, cores)


if __name__ == "__main__":
    main()
