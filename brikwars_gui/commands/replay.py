"""`brikwars-sim replay LOG.jsonl`: re-run a logged game and check it gives the same events.

Prints `OK: N events reproduced` (exit 0), or the first differing event, logged and replayed
side by side (exit 1). A log that cannot be read, or whose scenario is invalid, exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from brikwars_gui.scenario.io import ScenarioError, load_scenario


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "replay",
        help="check that a game log replays identically",
        description="Re-run the scenario of a `run --log` event log with its seed or dice script and "
        "check every event comes out the same.",
    )
    parser.add_argument("log", metavar="LOG.jsonl", help="event log written by `brikwars-sim run --log`")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from brikwars_gui.engine.replay import LogError, read_log, replay_events, resolve_scenario_path

    try:
        header, events = read_log(args.log)
        scenario = load_scenario(resolve_scenario_path(header, args.log))
    except LogError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except ScenarioError as exc:
        for line in exc.messages:
            print(line, file=sys.stderr)
        return 2
    _game, diff, error = replay_events(scenario, header, events)
    if diff is None and error is None:
        print(f"OK: {len(events)} events reproduced")
        return 0
    if diff is not None:
        print(f"DIFFERENT at event {diff.index + 1} of {len(events)}:", file=sys.stderr)
        print(f"  logged:   {json.dumps(diff.expected)}", file=sys.stderr)
        print(f"  replayed: {json.dumps(diff.actual)}", file=sys.stderr)
    if error is not None:
        print(f"replay stopped: {error}", file=sys.stderr)
    return 1
