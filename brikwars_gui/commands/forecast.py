"""`brikwars-sim forecast SCENARIO`: play a scenario many times AI-vs-AI and report who wins how often.

Run *i* uses seed `S + i` (`--seed S`, default 0), so `brikwars-sim run SCENARIO --seed S+i --turns N`
replays any one of them. Prints a readable report (see engine/forecast.py and docs/forecast.md) or,
with `--json`, the report as JSON. A progress line goes to stderr when stderr is a terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from brikwars_gui.scenario.io import ScenarioError, load_scenario

EXIT_INVALID = 2
EXIT_INTERRUPTED = 130


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "forecast",
        help="play a scenario many times AI-vs-AI and report win rates",
        description=(
            "Play a scenario RUNS times with the default AI on every side (seeds S, S+1, ...) and "
            "report each player's wins with a 95%% interval, the rounds played, and per unit its "
            "survival rate and kills. Replay run i with `brikwars-sim run SCENARIO --seed S+i`."
        ),
    )
    parser.add_argument("scenario", metavar="SCENARIO", help="scenario JSON file")
    parser.add_argument("--runs", type=int, default=100, metavar="N", help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    parser.add_argument(
        "--turns", type=int, default=10, metavar="N", help="rounds per game at most (default 10)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="J",
        help="worker processes (default: automatic; 1: none). Results never depend on it.",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--no-runs", action="store_true", help="with --json: leave out the per-run results list"
    )
    parser.set_defaults(func=run)
    return parser


class _Progress:
    """`\\r[####....] 37/100` on stderr (only when stderr is a terminal)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 50 + "\r")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    from brikwars_gui.engine.forecast import forecast

    try:
        scenario = load_scenario(args.scenario)
    except ScenarioError as exc:
        for line in exc.messages:
            print(line, file=sys.stderr)
        return EXIT_INVALID
    if args.runs < 1:
        print("--runs must be at least 1", file=sys.stderr)
        return EXIT_INVALID
    if args.turns < 1:
        print("--turns must be at least 1", file=sys.stderr)
        return EXIT_INVALID
    if args.jobs is not None and args.jobs < 1:
        print("--jobs must be at least 1", file=sys.stderr)
        return EXIT_INVALID
    progress = _Progress(sys.stderr) if sys.stderr.isatty() else None
    try:
        report = forecast(
            scenario,
            args.runs,
            seed=args.seed,
            max_rounds=args.turns,
            jobs=args.jobs,
            progress=progress,
        )
    except KeyboardInterrupt:
        if progress:
            progress.finish()
        print("forecast interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if progress:
        progress.finish()
    if args.json:
        print(json.dumps(report.to_dict(include_runs=not args.no_runs), indent=1))
    else:
        sys.stdout.write(report.format_text())
        print(f"({report.runs} runs in {report.elapsed:.1f} s, {report.jobs} process(es))")
    return 0
