"""`brikwars-sim forecast SCENARIO`: play a scenario many times AI-vs-AI and report who wins how often.

Run *i* uses seed `S + i` (`--seed S`, default 0), so `brikwars-sim run SCENARIO --seed S+i --turns N`
replays any one of them. Prints a readable report (see engine/forecast.py and docs/forecast.md) or,
with `--json`, the report as JSON (heat maps included). A tqdm progress bar goes to stderr when
stderr is a terminal. SCENARIO may be a saved game: the forecast starts from its position.
`--heatmap OUT.png` draws the per-cell heat maps; `--dask ADDRESS` plays the runs on a Dask cluster.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from brikwars_gui.commands.position import ProgressBar, open_or_report, write_picture
from brikwars_gui.commands.ruleset_option import add_ruleset_option, apply_ruleset
from brikwars_gui.commands.stdio import StdoutFiles
from brikwars_gui.scenario.io import ScenarioError

EXIT_ERROR = 1
EXIT_INVALID = 2
EXIT_INTERRUPTED = 130


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "forecast",
        help="play a scenario many times AI-vs-AI and report win rates",
        description=(
            "Play a scenario RUNS times AI-vs-AI (seeds S, S+1, ...; each side's AI from --ai or the "
            "scenario's ai_level, else the default AI) and "
            "report each player's wins with a 95% interval, the rounds played, and per unit its "
            "survival rate and kills, and per cell how often fire burned, smoke lay or a unit died. "
            "Replay run i with `brikwars-sim run SCENARIO --seed S+i`. SCENARIO may be a saved game "
            "(File > Save Game): then every run continues from its position for --turns more rounds."
        ),
    )
    parser.add_argument(
        "scenario", metavar="SCENARIO", help="scenario or saved game (JSON), - (stdin) or a sample"
    )
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
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play the runs on a Dask cluster (scheduler address like tcp://host:8786, or local:N for "
        "N local workers); needs the extra brikwars_gui[dask]. Results are those of --jobs 1.",
    )
    parser.add_argument(
        "--heatmap",
        metavar="OUT.png",
        help="write the burned, smoke and deaths heat maps as a PNG (-: standard output)",
    )
    parser.add_argument(
        "--ai",
        action="append",
        default=[],
        metavar="PLAYER=LEVEL",
        help="the AI that plays a player in every run: default, easy, normal, hard or passive; "
        "without it each player's ai_level in the scenario (default: the original "
        "AI). `run` with the same --ai replays a run.",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--no-runs", action="store_true", help="with --json: leave out the per-run results list"
    )
    add_ruleset_option(parser)
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from brikwars_gui.commands.run import ai_levels
    from brikwars_gui.engine.forecast import forecast

    opened = open_or_report(args.scenario)
    if opened is None:
        return EXIT_INVALID
    scenario, start = opened
    if start is not None and args.ruleset:
        print("--ruleset applies to a scenario; a saved position keeps its own ruleset", file=sys.stderr)
        return EXIT_INVALID
    try:
        scenario = apply_ruleset(scenario, args)
    except ScenarioError as exc:
        print("\n".join(exc.messages), file=sys.stderr)
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
    try:
        ai = ai_levels(scenario, args.ai)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_INVALID
    outputs = StdoutFiles({"--heatmap": args.heatmap})
    clash = outputs.problem(json_report=args.json)
    if clash:
        print(clash, file=sys.stderr)
        return EXIT_INVALID
    progress = ProgressBar("forecast")
    options: dict[str, Any] = dict(
        seed=args.seed, max_rounds=args.turns, jobs=args.jobs, progress=progress, start=start, ai=ai
    )
    try:
        if args.dask:
            from brikwars_gui.engine.forecast_remote import dask_executor

            try:
                with dask_executor(args.dask) as executor:
                    report = forecast(scenario, args.runs, executor=executor, **options)
            except (RuntimeError, ValueError, OSError) as exc:
                print(f"--dask {args.dask}: {exc}", file=sys.stderr)
                return EXIT_INVALID
        else:
            report = forecast(scenario, args.runs, **options)
    except KeyboardInterrupt:
        print("forecast interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        progress.close()
    if args.heatmap and report.heatmaps is not None:
        heat = report.heatmaps
        target = outputs.target(args.heatmap, ".png")
        try:
            if not write_picture("png", target, lambda p: p.forecast_heatmap_image(scenario, heat)):
                return EXIT_ERROR
        finally:
            outputs.flush()
    if args.json:
        print(json.dumps(report.to_dict(include_runs=not args.no_runs), indent=1))
    else:
        out = outputs.report_stream()
        out.write(report.format_text())
        print(f"({report.runs} runs in {report.elapsed:.1f} s, {report.jobs} process(es))", file=out)
        if args.heatmap:
            print(f"heat maps: {args.heatmap}", file=out)
    return 0
