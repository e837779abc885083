"""`brikwars-sim replay LOG.jsonl`: re-run a logged game and check it gives the same events.

Prints `OK: N events reproduced` (exit 0), or the first differing event with its log line, logged
and replayed side by side, each shown at most `SHOWN_CHARS` long (exit 1); the replay stops at that
first difference. A log that cannot be read (not a regular file, too big, not UTF-8, a line that is
not JSON, a bad header, an order missing a field), or whose scenario is invalid or was changed
after the log was written (its content hash), exits 2 with the file, line and field. Only the log
is needed: it carries the scenario as played (engine/replay.py); an older log's scenario path is
read as before.

Given a saved game instead (the window's Save Game or its autosave), it builds the game its orders
reach and checks it logs them as the file has them: from the file's checkpoint when it has one
that fits (engine/checkpoint.py: only the orders after it replay; `--no-checkpoint` replays them
all), and prints where the battle stands (round, whose turn, survivors) and how it was built.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from brikwars_gui.scenario.io import ScenarioError

EXIT_DIFFERENT = 1
EXIT_UNREADABLE = 2
SHOWN_CHARS = 400
"""An event printed on a difference is cut to this many characters (an event may be megabytes)."""


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "replay",
        help="check that a game log replays identically",
        description="Re-run the scenario of a `run --log` event log (carried in the log) with its seed "
        "or dice script and check every event comes out the same.",
    )
    parser.add_argument(
        "log", metavar="LOG.jsonl", help="event log written by `brikwars-sim run --log` (- : standard input)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the outcome as JSON (ok, events, the first difference)"
    )
    parser.add_argument(
        "--no-checkpoint",
        action="store_true",
        help="a saved game: replay every order even when the file has a checkpoint of the game",
    )
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from brikwars_gui.scenario.savegame import is_saved_game_file

    if args.log != "-" and is_saved_game_file(args.log):
        return _replay_saved(args)
    from brikwars_gui.engine.replay import (
        LogError,
        check_logged_orders,
        read_log_lines,
        replay_events,
        scenario_of_log,
    )

    try:
        header, numbered = read_log_lines(args.log)
        scenario = scenario_of_log(header, args.log)  # the one in the log (format 2) or its path
        check_logged_orders(args.log, numbered, {u.id for u in scenario.units})
    except LogError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_UNREADABLE
    except ScenarioError as exc:
        for line in exc.messages:
            print(line, file=sys.stderr)
        return EXIT_UNREADABLE
    events = [event for _, event in numbered]
    _game, diff, error = replay_events(scenario, header, events)
    if args.json:
        print(json.dumps(_json_outcome(events, diff, error), indent=1))
        return 0 if diff is None and error is None else EXIT_DIFFERENT
    if diff is None and error is None:
        print(f"OK: {len(events)} events reproduced")
        return 0
    if diff is not None:
        line = diff.index + 2  # the header is line 1
        if diff.expected is None:
            print(
                f"DIFFERENT: the log ends after event {len(events)} (line {len(events) + 1}) "
                "but the replay goes on:",
                file=sys.stderr,
            )
        else:
            print(f"DIFFERENT at event {diff.index + 1} of {len(events)} (line {line}):", file=sys.stderr)
        print(f"  logged:   {_shown(diff.expected)}", file=sys.stderr)
        print(f"  replayed: {_shown(diff.actual)}", file=sys.stderr)
    if error is not None:
        print(f"replay stopped: {error[:SHOWN_CHARS]}", file=sys.stderr)
    return EXIT_DIFFERENT


def _shown(event: dict[str, Any] | None) -> str:
    if event is None:
        return "(nothing)"
    text = json.dumps(event)
    return text if len(text) <= SHOWN_CHARS else f"{text[:SHOWN_CHARS]}... ({len(text):,} characters)"


def _json_outcome(events: list[dict[str, Any]], diff: Any, error: str | None) -> dict[str, Any]:
    """`replay --json`: whether the log replays, and the first difference (event, log line, both
    sides, each cut as in the text report)."""
    difference = None
    if diff is not None:
        difference = {
            "event": diff.index + 1,
            "line": diff.index + 2,  # the header is line 1
            "logged": None if diff.expected is None else _shown(diff.expected),
            "replayed": None if diff.actual is None else _shown(diff.actual),
        }
    stopped = error[:SHOWN_CHARS] if error else None
    ok = diff is None and error is None
    return {"ok": ok, "events": len(events), "difference": difference, "stopped": stopped}


def _replay_saved(args: argparse.Namespace) -> int:
    """`replay SAVED.json`: the game a saved game's orders reach, and where it stands."""
    from brikwars_gui.engine.checkpoint import play_saved
    from brikwars_gui.engine.replay import compare_events
    from brikwars_gui.scenario.savegame import REPLAY_KINDS, load_saved_game

    try:
        saved = load_saved_game(args.log)
    except ScenarioError as exc:
        for line in exc.messages:
            print(line, file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        game, how = play_saved(saved, use_checkpoint=not args.no_checkpoint)
    except Exception as exc:  # an order the rules refuse, a logged answer that does not fit
        print(f"replay stopped: {str(exc)[:SHOWN_CHARS]}", file=sys.stderr)
        return EXIT_DIFFERENT
    logged = [e.to_dict() for e in game.events if e.kind in REPLAY_KINDS]
    diff = compare_events(saved.events, logged)
    state = game.state
    outcome: dict[str, Any] = {
        "ok": diff is None,
        "orders": saved.order_count,
        "events": len(game.events),
        "round": game.round,
        "active_player": game.active_player,
        "over": game.over,
        "winner": game.winner,
        "survivors": game.survivors(),
        "built": how,
        "state_sha256": _digest(state.snapshot()),
        "difference": None
        if diff is None
        else {"event": diff.index + 1, "saved": _shown(diff.expected), "replayed": _shown(diff.actual)},
    }
    if args.json:
        print(json.dumps(outcome, indent=1))
    elif diff is None:
        where = "over" if game.over else f"round {game.round}, {game.active_player} to play"
        alive = ", ".join(f"{team} {count}" for team, count in outcome["survivors"].items())
        print(f"OK: {saved.order_count} orders, {where}; standing: {alive} ({how})")
    else:
        print(f"DIFFERENT at saved event {diff.index + 1} of {len(saved.events)} ({how}):", file=sys.stderr)
        print(f"  saved:    {_shown(diff.expected)}", file=sys.stderr)
        print(f"  replayed: {_shown(diff.actual)}", file=sys.stderr)
    return 0 if diff is None else EXIT_DIFFERENT


def _digest(snapshot: Any) -> str:
    """SHA-256 of a state snapshot as sorted JSON (sets sorted): equal states, equal digests."""

    def plain(value: Any) -> Any:
        return sorted(map(str, value)) if isinstance(value, set | frozenset) else str(value)

    return hashlib.sha256(json.dumps(snapshot, sort_keys=True, default=plain).encode()).hexdigest()

