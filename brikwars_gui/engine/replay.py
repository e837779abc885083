"""Event logs (JSONL) and replays.

A log is one JSON header line — `{"log": "brikwars-sim", "format_version", "engine_version",
"scenario", "scenario_data", "scenario_sha256", "ai", "seed" | "dice_script", "max_rounds",
"options"}` — then one event per line (`Event.to_dict()`). `scenario_data` is the scenario as
played (a `--ruleset` override and the `--ai` levels applied) and `scenario_sha256` its content
hash, so a log replays anywhere without its scenario file (format 2, issue 26); a log of format 1
names only the scenario's path, which is still read (`scenario_of_log`).
Replaying re-issues the logged orders (and logged decisions) on the same scenario with the same
dice and checks that every event comes out identical (`compare_events`).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from brikwars_gui import __version__
from brikwars_gui.engine.dice.source import DiceSource, ScriptedDice, SeededDice
from brikwars_gui.engine.events import Event
from brikwars_gui.engine.rules.common import RuleOptions
from brikwars_gui.engine.session import Game, ScriptedPolicy
from brikwars_gui.engine.state import GameState
from brikwars_gui.scenario.io import atomic_write_text, load_scenario, scenario_from_data, scenario_to_data
from brikwars_gui.scenario.limits import (
    MAX_LOG_BYTES,
    MAX_LOG_LINE_BYTES,
    MAX_LOG_LINES,
    LimitError,
    NumberTooLong,
    loads_limited,
    open_limited,
)
from brikwars_gui.scenario.savegame import event_problems

LOG_FORMAT = 2
"""Format 2 carries the scenario as played (`scenario_data`, `scenario_sha256`); 1 only its path."""


class LogError(ValueError):
    """The log file cannot be read or replayed."""


def plain(data: dict[str, Any]) -> dict[str, Any]:
    """What the dict becomes after a JSON round trip (tuples → lists)."""
    return json.loads(json.dumps(data))


def event_dicts(events: Iterable[Event | dict[str, Any]]) -> list[dict[str, Any]]:
    return [plain(e.to_dict() if isinstance(e, Event) else e) for e in events]


def content_hash(data: Any) -> str:
    """SHA-256 of the canonical JSON of `data` (sorted keys, no spaces): the same scenario gives
    the same hash whatever the layout of the file it came from."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def make_header(
    scenario: str | os.PathLike[str],
    *,
    seed: int | None,
    script: Sequence[int] | None,
    max_rounds: int | None,
    options: RuleOptions | None = None,
    played: Any = None,
    ai: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The header line; `played` is the Scenario as played (overrides applied), embedded with its
    content hash, `ai` the AI level of each player."""
    header: dict[str, Any] = {
        "log": "brikwars-sim",
        "format_version": LOG_FORMAT,
        "engine_version": __version__,
        "scenario": str(scenario),
        "seed": seed,
        "dice_script": list(script) if script is not None else None,
        "max_rounds": max_rounds,
        "options": asdict(options or RuleOptions()),
    }
    if ai is not None:
        header["ai"] = dict(ai)
    if played is not None:
        data = scenario_to_data(played)
        header["scenario_data"] = data
        header["scenario_sha256"] = content_hash(data)
    return header


def write_log(
    path: str | os.PathLike[str], header: dict[str, Any], events: Iterable[Event | dict[str, Any]]
) -> None:
    """Write the log atomically: an old log at `path` stays whole until the new one is complete."""
    lines = [json.dumps(header), *(json.dumps(data) for data in event_dicts(events))]
    atomic_write_text(path, "\n".join(lines) + "\n")


_HEADER_TYPES: dict[str, tuple[type, ...]] = {
    "format_version": (int,),
    "scenario": (str,),
    "scenario_data": (dict,),
    "scenario_sha256": (str,),
    "ai": (dict,),
    "seed": (int, type(None)),
    "dice_script": (list, type(None)),
    "max_rounds": (int, type(None)),
    "options": (dict,),
}


def read_log(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and events of the log at `path`; `LogError` naming the line of the first problem."""
    header, numbered = read_log_lines(path)
    return header, [event for _, event in numbered]


def read_log_lines(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """The header and the events of the log at `path` with their line numbers.

    Only a regular file of at most `MAX_LOG_BYTES` and `MAX_LOG_LINES` lines is read, line by line
    (a log of blank lines is refused as soon as it passes the line limit, never split in memory),
    each line at most `MAX_LOG_LINE_BYTES`; the header's fields are checked here so a replay never
    starts on nonsense."""
    try:
        handle = open_limited(path, MAX_LOG_BYTES)
    except (OSError, LimitError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise LogError(f"{path}: cannot read: {reason}") from None
    with handle:
        values = _values(path, handle)
    if not values or values[0][0] != 1:
        raise LogError(f"{path}: empty log")
    header = values[0][1]
    if not isinstance(header, dict) or header.get("log") != "brikwars-sim":
        raise LogError(f"{path}: line 1: not a brikwars-sim log header")
    _check_header(path, header)
    for number, event in values[1:]:
        if not isinstance(event, dict):
            raise LogError(f"{path}: line {number}: expected an event object {{...}}, got {_kind(event)}")
    return header, values[1:]


def _values(path: str | os.PathLike[str], handle: Any) -> list[tuple[int, Any]]:
    """(line number, JSON value) of every non-blank line, reading at most the limits."""
    values: list[tuple[int, Any]] = []
    total = 0
    for number in range(1, MAX_LOG_LINES + 2):
        raw = handle.readline(MAX_LOG_LINE_BYTES + 2)
        if not raw:
            return values
        if number > MAX_LOG_LINES:
            raise LogError(f"{path}: more than {MAX_LOG_LINES:,} lines (at most {MAX_LOG_LINES:,} are read)")
        total += len(raw)
        if total > MAX_LOG_BYTES:  # it grew since it was opened
            raise LogError(f"{path}: cannot read: the file is larger than {MAX_LOG_BYTES // 2**20} MiB")
        cut = not raw.endswith(b"\n")
        line = raw if cut else raw[:-1]
        if not line.strip():
            if number == 1:
                raise LogError(f"{path}: empty log")
            continue
        values.append((number, _log_line(path, number, line, cut)))
    return values


def _log_line(path: str | os.PathLike[str], number: int, raw: bytes, last: bool) -> Any:
    """The JSON value of one log line, or a `LogError` naming the line."""
    where = f"{path}: line {number}"
    if len(raw) > MAX_LOG_LINE_BYTES:
        raise LogError(f"{where}: an event of more than {MAX_LOG_LINE_BYTES:,} bytes (at most that is read)")
    try:
        text = raw.decode("utf-8")
        return loads_limited(text)
    except UnicodeDecodeError as exc:
        raise LogError(
            f"{where}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
        ) from None
    except NumberTooLong as exc:
        raise LogError(f"{where}: {exc}") from None
    except RecursionError:
        raise LogError(f"{where}: nested too deeply") from None
    except json.JSONDecodeError as exc:
        if last:
            raise LogError(
                f"{where}: the last line is cut short (the log was not written completely)"
            ) from None
        raise LogError(f"{where}, column {exc.colno}: not JSON ({exc.msg})") from None


def _check_header(path: str | os.PathLike[str], header: dict[str, Any]) -> None:
    where = f"{path}: line 1"
    if "scenario" not in header and "scenario_data" not in header:
        raise LogError(f"{where}: the header names no scenario")
    for key, types in _HEADER_TYPES.items():
        if key in header and (isinstance(header[key], bool) or not isinstance(header[key], types)):
            raise LogError(f"{where}: {key}: unexpected {_kind(header[key])}")
    if "scenario_data" not in header and not header["scenario"]:
        raise LogError(f"{where}: scenario: empty")
    if "scenario_data" in header and "scenario_sha256" not in header:
        raise LogError(f"{where}: scenario_sha256: required with scenario_data")
    script = header.get("dice_script")
    if script is not None and not all(isinstance(f, int) and not isinstance(f, bool) for f in script):
        raise LogError(f"{where}: dice_script: expected a list of integers")
    if header.get("max_rounds") is not None and header["max_rounds"] < 1:
        raise LogError(f"{where}: max_rounds: must be at least 1")
    known = {f.name: f for f in fields(RuleOptions)}
    for key, value in (header.get("options") or {}).items():
        if key not in known:
            raise LogError(f"{where}: options: unknown option {key!r} (known: {', '.join(known)})")
        if not isinstance(value, bool):
            raise LogError(f"{where}: options.{key}: expected true or false, got {_kind(value)}")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {dict: "an object", list: "a list", str: "a string", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


def dice_from_header(header: dict[str, Any]) -> DiceSource:
    script = header.get("dice_script")
    if script is not None:
        return ScriptedDice(int(f) for f in script)
    return SeededDice(header.get("seed"))


def scenario_of_log(header: dict[str, Any], log_path: str | os.PathLike[str]) -> Any:
    """The Scenario the logged game was played on: the one in the header (checked against its
    content hash), or for a log of format 1 the file its header names (`resolve_scenario_path`).
    Raises `LogError` (a changed scenario) or `ScenarioError` (an invalid one, naming the field)."""
    data = header.get("scenario_data")
    if data is None:
        return load_scenario(resolve_scenario_path(header, log_path))
    if content_hash(data) != header["scenario_sha256"]:
        raise LogError(
            f"{log_path}: line 1: scenario_data: does not match scenario_sha256 "
            "(the scenario in the log was changed after it was written)"
        )
    return scenario_from_data(data, f"{log_path}: line 1: scenario_data")


def check_logged_orders(
    log_path: str | os.PathLike[str], numbered: Sequence[tuple[int, dict[str, Any]]], units: set[str]
) -> None:
    """`LogError` naming the line and field of each order or decision a replay could not issue
    (a missing `order`, a move without `to`...), before the replay starts (at most 10 shown)."""
    problems = []
    units = set(units)
    for number, event in numbered:
        if event.get("kind") == "unit_joined" and isinstance(event.get("unit"), str):
            units.add(event["unit"])  # a unit born mid-battle (a Diemon): its orders name it from here on
            continue
        if event.get("kind") not in ("order", "decided"):
            continue
        at = "events[0]"
        for problem in event_problems(0, event, units):
            rest = problem[len(at) :]  # ".order: required field is missing" or ": expected ..."
            problems.append(f"{log_path}: line {number}: {rest[1:] if rest[0] == '.' else rest[2:]}")
    if problems:
        more = len(problems) - 10
        shown = problems[:10] + ([f"... and {more} more problem(s) not shown"] if more > 0 else [])
        raise LogError("\n".join(shown))


def resolve_scenario_path(header: dict[str, Any], log_path: str | os.PathLike[str]) -> Path:
    """The header's scenario path, as given or relative to the log's folder."""
    given = Path(header["scenario"])
    beside = Path(log_path).parent / given
    try:
        if given.exists() or given.is_absolute():
            return given
        return beside if beside.exists() else given
    except (OSError, ValueError):  # a NUL byte or an over-long name: the loader words it
        return given


@dataclass
class Difference:
    index: int
    expected: dict[str, Any] | None
    actual: dict[str, Any] | None


def compare_events(expected: Sequence[dict[str, Any]], actual: Sequence[dict[str, Any]]) -> Difference | None:
    """The first differing event (None when both lists are the same)."""
    for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
        if a != b:
            return Difference(i, a, b)
    if len(expected) != len(actual):
        i = min(len(expected), len(actual))
        return Difference(
            i, expected[i] if i < len(expected) else None, actual[i] if i < len(actual) else None
        )
    return None


def replay_events(
    scenario: Any, header: dict[str, Any], events: Sequence[dict[str, Any]]
) -> tuple[Game, Difference | None, str | None]:
    """Re-run a logged game and compare its events with the log, stopping at the first difference.

    Returns the game, the first difference (None if identical) and the error that stopped the
    replay early, if any (an order that became illegal, a dice script that ran out...)."""
    options = RuleOptions(**(header.get("options") or {}))
    answers = [e for e in events if e.get("kind") == "decided"]
    game = Game(
        GameState.from_scenario(scenario),
        dice_from_header(header),
        policy=ScriptedPolicy(answers),
        max_rounds=header.get("max_rounds"),
        options=options,
    )
    checked = 0

    def first_new_difference() -> Difference | None:
        nonlocal checked
        for offset, actual in enumerate(event_dicts(game.events[checked:])):
            i = checked + offset
            expected = events[i] if i < len(events) else None
            if expected != actual:
                return Difference(i, expected, actual)
        checked = len(game.events)
        return None

    error = None
    try:
        diff = first_new_difference()
        for order in (e for e in events if e.get("kind") == "order"):
            if diff is not None or game.over:
                break
            game.apply_order(order)
            diff = first_new_difference()
    except Exception as exc:  # report it with the first differing event
        error = f"{type(exc).__name__}: {exc}"
        diff = first_new_difference()
    if diff is None and checked < len(events):
        diff = Difference(checked, events[checked], None)
    return game, diff, error
