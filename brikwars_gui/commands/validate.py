"""`brikwars-sim validate FILE...`: check scenarios, saved games and event logs without running them
(each recognised by its contents, `file_kinds.check_file`).

Prints `OK: FILE` (stdout) for each valid scenario, `OK: FILE (saved game)` / `(event log)` for the
others; for an invalid file every problem goes to stderr, one line each (`FILE: json.path: problem`
or `FILE: line N: field: problem`); `--json` prints all of it as one JSON list instead. Exit status
0 when all files are valid, else 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from brikwars_gui.commands.file_kinds import SCENARIO, check_file
from brikwars_gui.scenario.io import ScenarioError

EXIT_INVALID = 2


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "validate",
        help="check scenario, saved-game and event-log files",
        description="Check scenarios, saved games and event logs (told apart by their contents); "
        "report each problem with its field path or line.",
    )
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="file(s) to check; - is standard input, a name a sample"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems, no OK lines")
    parser.add_argument(
        "--json", action="store_true", help="print one JSON list: file, kind, ok and problems of each"
    )
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    failed = 0
    from brikwars_gui.engine.replay import LogError

    report = []
    for name in args.files:
        try:
            kind = check_file(name)
        except (ScenarioError, LogError) as exc:
            failed += 1
            problems = exc.messages if isinstance(exc, ScenarioError) else str(exc).splitlines()
            report.append({"file": name, "kind": None, "ok": False, "problems": problems})
            if not args.json:
                for line in problems:
                    print(line, file=sys.stderr)
            continue
        report.append({"file": name, "kind": kind, "ok": True, "problems": []})
        if not args.quiet and not args.json:
            print(f"OK: {name}" if kind == SCENARIO else f"OK: {name} ({kind})")
    if args.json:
        print(json.dumps(report, indent=1))
    elif failed and len(args.files) > 1:
        print(f"{failed} of {len(args.files)} files invalid", file=sys.stderr)
    return EXIT_INVALID if failed else 0
