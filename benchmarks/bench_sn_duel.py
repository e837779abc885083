"""The SuperNatural sample's balance and use of dice (issue 23's bar): `wizard_duel.json` forecast
AI-vs-AI with the scenario's own AI levels; neither side may win more than 65% and both casters
must spend an SN die in at least 90% of the games. Prints the figures (also in `brikwars-sim
forecast --json`: `units[].sn_spend_rate`) and exits 1 when the bar is missed.

Run: `.venv/bin/python benchmarks/bench_sn_duel.py [--runs 40] [--turns 10] [--jobs 2]`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from brikwars_gui.commands.run import ai_levels
from brikwars_gui.engine.forecast import forecast
from brikwars_gui.scenario.io import load_scenario

DUEL = Path(__file__).resolve().parent.parent / "resources" / "scenarios" / "wizard_duel.json"
#: Issue 23: no side above this win rate, and every caster spending a die in at least this share.
MAX_WIN_RATE = 0.65
MIN_SPEND_RATE = 0.90


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    scenario = load_scenario(DUEL)
    t0 = time.perf_counter()
    ai = ai_levels(scenario, [])  # the scenario's own levels, as `brikwars-sim forecast` plays it
    report = forecast(scenario, args.runs, seed=0, max_rounds=args.turns, jobs=args.jobs, ai=ai)
    wall = time.perf_counter() - t0
    ok = not report.errors
    for p in report.players:
        ok &= p.win_rate <= MAX_WIN_RATE
        print(f"{p.name:28s} wins {p.win_rate:6.1%}")
    for u in report.units:
        if u.sn_spend_rate is not None:
            ok &= u.sn_spend_rate >= MIN_SPEND_RATE
            print(f"{u.name:28s} spent an SN die in {u.sn_spend_rate:6.1%} of runs")
    print(f"{report.runs} runs, {args.turns} rounds at most, {wall:.1f} s; errors: {len(report.errors)}")
    print("bar met" if ok else "bar MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
