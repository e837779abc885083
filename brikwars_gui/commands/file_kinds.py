"""What `validate` checks a file as: a scenario, a saved game or an event log, told apart by their
contents (a saved game has `"kind": "saved_game"`, a log's first line is a `brikwars-sim` header),
each read by its own loader so the messages name its own fields (issue 26: a good saved game was
refused with a dozen scenario errors)."""

from __future__ import annotations

import json
import os

from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.limits import MAX_LOG_BYTES, MAX_LOG_LINE_BYTES, LimitError, open_limited
from brikwars_gui.scenario.savegame import is_saved_game_file, load_saved_game

SCENARIO, SAVED_GAME, EVENT_LOG = "scenario", "saved game", "event log"


def is_event_log(path: str | os.PathLike[str]) -> bool:
    """Whether the first line of `path` is an event-log header (False for anything unreadable)."""
    try:
        with open_limited(path, MAX_LOG_BYTES) as handle:
            first = handle.readline(MAX_LOG_LINE_BYTES)
        header = json.loads(first)
    except (OSError, LimitError, ValueError, RecursionError):
        return False
    return isinstance(header, dict) and header.get("log") == "brikwars-sim"


def check_file(path: str | os.PathLike[str]) -> str:
    """Load `path` as what it is and return its kind; raises the loader's own error
    (`ScenarioError`, or `LogError` for a log) naming the file, line or field."""
    if is_saved_game_file(path):
        load_saved_game(path)
        return SAVED_GAME
    if is_event_log(path):
        from brikwars_gui.engine.replay import check_logged_orders, read_log_lines, scenario_of_log

        header, numbered = read_log_lines(path)
        scenario = scenario_of_log(header, path)
        check_logged_orders(path, numbered, {u.id for u in scenario.units})
        return EVENT_LOG
    load_scenario(path)
    return SCENARIO
