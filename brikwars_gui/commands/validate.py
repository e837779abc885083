"""`brikwars-sim validate FILE...`: check scenario files without running them.

Prints `OK: FILE` (stdout) for each valid file; for an invalid one every problem goes to stderr,
one line each (`FILE: json.path: problem`). Exit status 0 when all files are valid, else 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from brikwars_gui.scenario.io import ScenarioError, load_scenario

EXIT_INVALID = 2


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "validate",
        help="check scenario files",
        description="Check scenario files (JSON, format_version 1); report each problem with its field path.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="scenario file(s) to check")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems, no OK lines")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    failed = 0
    for name in args.files:
        try:
            load_scenario(name)
        except ScenarioError as exc:
            failed += 1
            for line in exc.messages:
                print(line, file=sys.stderr)
            continue
        if not args.quiet:
            print(f"OK: {name}")
    if failed and len(args.files) > 1:
        print(f"{failed} of {len(args.files)} files invalid", file=sys.stderr)
    return EXIT_INVALID if failed else 0
