"""`brikwars-sim hazards SCENARIO --rounds K --runs N`: run the Field Hazards and fires forward alone.

No unit orders: only the hazard phases of each player turn (engine/hazard_spread.py), `--runs`
times with seeds S, S+1, ... Prints per round how many cells burn in at least 50% of the runs and
the cells most likely to burn; `--heatmap OUT.png` draws the burn odds after the last round (or
`--round R`) with the most likely fire front, `--gif OUT.gif` / `--frames DIR` every round, and
`--json` prints the per-round, per-cell frequencies. SCENARIO may be a saved game.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np

from brikwars_gui.commands.position import ProgressBar, open_or_report, write_picture
from brikwars_gui.commands.stdio import StdoutFiles

EXIT_ERROR = 1
EXIT_INVALID = 2


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "hazards",
        help="run fires and Field Hazards forward alone over many seeds and map the burn odds",
        description=(
            "Run only the hazards (Burning Rolls, fire spread, Field Hazards; no unit orders) for "
            "ROUNDS rounds, RUNS times, and report per round and cell how often a fire burns there."
        ),
    )
    parser.add_argument(
        "scenario", metavar="SCENARIO", help="scenario or saved game (JSON), - (stdin) or a sample"
    )
    parser.add_argument("--rounds", type=int, default=5, metavar="K", help="rounds to run (default 5)")
    parser.add_argument("--runs", type=int, default=200, metavar="N", help="seeds to run (default 200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first run (default 0)")
    parser.add_argument(
        "--heatmap", metavar="OUT.png", help="write the burn odds of one round as a PNG (-: standard output)"
    )
    parser.add_argument(
        "--round", type=int, default=None, metavar="R", help="round drawn by --heatmap (default: the last)"
    )
    parser.add_argument(
        "--gif", metavar="OUT.gif", help="write every round as an animated GIF (-: standard output)"
    )
    parser.add_argument("--frames", metavar="DIR", help="write every round as PNG frames into DIR")
    parser.add_argument("--json", action="store_true", help="print the frequencies as JSON")
    parser.set_defaults(func=run)
    return parser


def summary(spread: Any) -> str:
    lines = [
        f"Hazard spread: {spread.name} — {spread.runs} run(s), seeds {spread.seed}.., {spread.rounds} rounds"
    ]
    lines.append(f"{'Round':>5}  {'cells ≥50%':>10}  {'mean burning':>12}  most likely cells (x,y: odds)")
    for r in range(spread.rounds + 1):
        burn = spread.burn[r]
        top = np.argsort(burn, axis=None)[::-1][:4]
        cells = [
            f"{x},{y}: {burn[y, x] * 100:.0f}%"
            for y, x in (np.unravel_index(i, burn.shape) for i in top)
            if burn[y, x] > 0
        ]
        lines.append(
            f"{r:>5}  {int((burn >= 0.5).sum()):>10}  {burn.sum():>12.1f}  {', '.join(cells) or '—'}"
        )
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from brikwars_gui.engine.hazard_spread import hazard_spread

    opened = open_or_report(args.scenario)
    if opened is None:
        return EXIT_INVALID
    scenario, start = opened
    if args.rounds < 1 or args.runs < 1:
        print("--rounds and --runs must be at least 1", file=sys.stderr)
        return EXIT_INVALID
    shown = args.rounds if args.round is None else args.round
    if not 0 <= shown <= args.rounds:
        print(f"--round must be between 0 and {args.rounds}", file=sys.stderr)
        return EXIT_INVALID
    outputs = StdoutFiles({"--heatmap": args.heatmap, "--gif": args.gif})
    clash = outputs.problem(json_report=args.json)
    if clash:
        print(clash, file=sys.stderr)
        return EXIT_INVALID
    progress = ProgressBar("hazards")
    try:
        spread = hazard_spread(
            scenario, args.rounds, args.runs, seed=args.seed, start=start, progress=progress
        )
    finally:
        progress.close()
    ok = True
    try:
        if args.heatmap:
            png = outputs.target(args.heatmap, ".png")
            ok &= write_picture("png", png, lambda p: p.spread_round_image(scenario, spread, shown))
        if args.gif:
            gif = outputs.target(args.gif, ".gif")
            ok &= write_picture("gif", gif, lambda p: p.spread_images(scenario, spread))
        if args.frames:
            ok &= write_picture("frames", args.frames, lambda p: p.spread_images(scenario, spread))
    finally:
        outputs.flush()
    if args.json:
        print(json.dumps(spread.to_dict()))
    else:
        outputs.report_stream().write(summary(spread))
    return 0 if ok else EXIT_ERROR
