"""Limits on what a scenario, saved game or event log may hold, checked before anything is built.

A hostile or broken file must cost the user a clear message, not minutes of CPU, gigabytes of
memory or a frozen window: every loader reads through `read_limited` (regular files only, at most
a documented size), decodes JSON with `loads_limited` (integers of at most `MAX_INT_DIGITS` digits)
and checks the decoded data with `data_problems` (list lengths, string lengths, the total number of
cells the areas expand to) before pydantic validates it. The numbers are documented in
docs/scenario-format.md, "Limits"; they are far above anything the samples or generators use.
"""

from __future__ import annotations

import io
import json
import os
import stat
import sys
from typing import Any, BinaryIO

MIB = 1024 * 1024
MAX_FILE_BYTES = 32 * MIB
"""A scenario or saved-game file larger than this is refused before it is read."""
MAX_LOG_BYTES = 256 * MIB
"""An event log larger than this is refused before it is read."""
MAX_LOG_LINE_BYTES = 1 * MIB
"""One event (one line) of a log larger than this is refused (and never echoed)."""
MAX_LOG_LINES = 1_000_000
"""Lines of an event log at most, blank ones counted (a log of blank lines is refused at once
instead of being split in memory): twenty times the events of the largest saved game."""
MAX_INT_DIGITS = 20
"""Integers in a file have at most this many digits (a 64-bit seed has 20)."""
MAX_JSON_DEPTH = 64
"""Arrays and objects nest at most this deep (a scenario needs 5)."""

MAX_SIDE = 400
"""Battlefield width and height at most (cells); rect and cell coordinates are bounded by it too."""
MAX_REACH = 2 * MAX_SIDE
"""Weapon Range at most (inches): twice the widest table, beyond any cell of any battlefield (a
Range of 100000 passed validation and then made every nearby-units lookup walk the empty square)."""
MAX_POWER = 2000
"""A unit's Power limit at most (weapon inches): more than 32 weapons of the largest Size draw."""
MAX_FIRE_SIZE = 60
"""Fire Size at most (inches): the largest object Size (R-FIRE-4 caps a fire at its object's)."""
MAX_SMOKE_HEIGHT = 100
"""Smoke height at most (inches): above the tallest object on the highest ground."""
MAX_AREA_CELLS = 2_000_000
"""All terrain regions, objects and hazard fields together cover at most this many cells (rects
counted by their area, overlaps counted twice): about 12 full 400x400 maps."""
MAX_HAZARD_CELLS = 400_000
"""Hazard fields together cover at most this many cells (smoke drifts and spreads every round)."""

MAX_ITEMS: dict[str, int] = {
    "units": 2000,
    "objects": 5000,
    "terrain": 5000,
    "hazards": 500,
    "fires": 5000,
    "traps": 1000,
    "players": 32,
    "turn_order": 32,
    "weapons": 32,
    "specialties": 8,
    "affects": 32,
    "rects": 10_000,
    "cells": 200_000,
    "dice_script": 1_000_000,
    "events": 50_000,
}
"""Most entries a list under this key may have, wherever it appears."""

MAX_TEXT = 200
"""Most characters in a string (ids, names, dice, labels)..."""
MAX_LONG_TEXT: dict[str, int] = {"description": 20_000, "payload": MAX_FILE_BYTES}
"""...except under these keys."""
MAX_MESSAGES = 50
"""Error messages shown for one file; the rest are counted in one closing line."""


class LimitError(ValueError):
    """A file refused by a limit (or not a regular file); the message says why, without the path."""


def open_limited(path: str | os.PathLike[str], max_bytes: int) -> BinaryIO:
    """The regular file at `path` opened for binary reading, if it holds at most `max_bytes`.

    A FIFO, device or socket is refused before it is opened (reading `/dev/zero` never ends, opening
    a FIFO blocks), and so is a file over the limit; `OSError` propagates for the caller to word.
    A reader that streams (event logs) must still stop at `max_bytes`: the file may grow.
    `-` is standard input (the command-line convention), read once and within the same limit.
    """
    if os.fspath(path) == STDIN:
        data = _stdin_bytes()
        if len(data) > max_bytes:
            raise LimitError(f"standard input holds more than {_size(max_bytes)}")
        return io.BytesIO(data)
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(21, "it is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise LimitError("not a regular file (a device, FIFO or socket)")
    if info.st_size > max_bytes:
        raise LimitError(f"the file is {_size(info.st_size)}; at most {_size(max_bytes)} is read")
    return open(path, "rb")  # the caller closes it


STDIN = "-"
_stdin: list[bytes] = []


def _stdin_bytes() -> bytes:
    """Standard input, read once (a command may look at a file before loading it), at most one
    byte over the largest limit, so an endless stream stops."""
    if not _stdin:
        _stdin.append(sys.stdin.buffer.read(max(MAX_FILE_BYTES, MAX_LOG_BYTES) + 1))
    return _stdin[0]


def read_limited(path: str | os.PathLike[str], max_bytes: int | None = None) -> bytes:
    """The bytes of the regular file at `path`, at most `max_bytes` (default `MAX_FILE_BYTES`);
    see `open_limited`."""
    if max_bytes is None:
        max_bytes = MAX_FILE_BYTES
    with open_limited(path, max_bytes) as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:  # it grew since stat
        raise LimitError(f"the file is larger than {_size(max_bytes)}")
    return data


def _size(count: int) -> str:
    return f"{count / MIB:.1f} MiB" if count >= MIB else f"{count} bytes"


class NumberTooLong(ValueError):
    """An integer literal with more than `MAX_INT_DIGITS` digits."""

    def __init__(self, digits: int) -> None:
        super().__init__(f"a number with {digits} digits (at most {MAX_INT_DIGITS})")
        self.digits = digits


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise NumberTooLong(digits)
    return int(text)


def loads_limited(text: str, **kwargs: Any) -> Any:
    """`json.loads` that refuses long integers (`NumberTooLong`) instead of Python's own
    digit-limit ValueError (which tells the user to call `sys.set_int_max_str_digits()`)."""
    return json.loads(text, parse_int=_parse_int, **kwargs)


def position_of(text: str, needle: str) -> tuple[int, int]:
    """Line and column (1-based) of the first `needle` in `text` (1, 1 when absent)."""
    pos = max(text.find(needle), 0)
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def long_number_at(text: str) -> tuple[int, int]:
    """Line and column of the first run of more than `MAX_INT_DIGITS` digits in `text`."""
    run = 0
    for pos, char in enumerate(text):
        if char.isdigit():
            run += 1
            if run > MAX_INT_DIGITS:
                start = pos - run + 1
                line = text.count("\n", 0, start) + 1
                return line, start - (text.rfind("\n", 0, start) + 1) + 1
        else:
            run = 0
    return 1, 1


def data_problems(data: Any, path: str = "") -> list[str]:
    """`json.path: problem` lines for decoded JSON `data` that breaks a limit (empty when none).

    One linear walk: nesting depth, list lengths (`MAX_ITEMS` by key), string lengths, and the cells
    the areas (`rects` and `cells` of terrain, objects and hazards) expand to. Malformed entries are
    skipped here: pydantic reports them afterwards.
    """
    problems: list[str] = []
    if _breaks_limits(data, "", 0):  # the walk that names the places only when one is found
        _walk(data, path, "", 0, problems)
    problems += _area_problems(data, path)
    return problems


_SCALARS = frozenset({int, float, bool, type(None)})
"""The types of most decoded JSON values: checked where they stand, without a call each."""
_CONTAINERS = (str, list, dict)
"""The types whose size or contents a limit bounds."""


def _breaks_limits(value: Any, key: str, depth: int) -> bool:
    """Whether `_walk` would report anything, without building a path per value (a 2,000-unit
    saved game holds ~90,000 values: the paths were most of the check's time, issue 26). Decoded
    JSON holds exactly `str`, `list`, `dict` and `_SCALARS`: their numbers are checked in their
    container and exact types compared (~0.6x the time of a call and `isinstance` per value); a
    subclass of `str`, `list` or `dict` is checked as its base."""
    if depth > MAX_JSON_DEPTH:
        return True
    kind = type(value)
    if kind not in _CONTAINERS:
        kind = next((base for base in _CONTAINERS if isinstance(value, base)), None)
    if kind is str:
        return len(value) > MAX_LONG_TEXT.get(key, MAX_TEXT)
    if kind is list:
        limit = MAX_ITEMS.get(key)
        if limit is not None and len(value) > limit:
            return True
        inner = depth + 1
        for item in value:
            if type(item) in _SCALARS:
                if inner > MAX_JSON_DEPTH:
                    return True
            elif _breaks_limits(item, key, inner):
                return True
        return False
    if kind is dict:
        inner = depth + 1
        for name, item in value.items():
            if type(item) in _SCALARS:
                if inner > MAX_JSON_DEPTH:
                    return True
            elif _breaks_limits(item, name if type(name) is str else str(name), inner):
                return True
    return False


def _walk(value: Any, path: str, key: str, depth: int, out: list[str]) -> None:
    if len(out) > MAX_MESSAGES:
        return
    if depth > MAX_JSON_DEPTH:
        out.append(f"{path or '(top level)'}: nested more than {MAX_JSON_DEPTH} levels deep")
        return
    if isinstance(value, str):
        limit = MAX_LONG_TEXT.get(key, MAX_TEXT)
        if len(value) > limit:
            out.append(f"{path}: a text of {len(value)} characters (at most {limit})")
    elif isinstance(value, list):
        limit = MAX_ITEMS.get(key)
        if limit is not None and len(value) > limit:
            out.append(f"{path}: {len(value)} entries (at most {limit})")
            return
        for i, item in enumerate(value):
            _walk(item, f"{path}[{i}]", key, depth + 1, out)
    elif isinstance(value, dict):
        for name, item in value.items():
            _walk(item, f"{path}.{name}" if path else str(name), str(name), depth + 1, out)


def _area_problems(data: Any, path: str) -> list[str]:
    """The total-cells budgets of all areas and of hazard fields (rects counted by area)."""
    if not isinstance(data, dict):
        return []
    scenario = data.get("scenario") if data.get("kind") == "saved_game" else data
    prefix = f"{path}.scenario" if data.get("kind") == "saved_game" and path else path
    if data.get("kind") == "saved_game" and not path:
        prefix = "scenario"
    if not isinstance(scenario, dict):
        return []
    totals = {section: _section_cells(scenario.get(section)) for section in ("terrain", "objects", "hazards")}
    where = f"{prefix}: " if prefix else ""
    problems = []
    if sum(totals.values()) > MAX_AREA_CELLS:
        problems.append(
            f"{where}terrain, objects and hazards cover {sum(totals.values()):,} cells together "
            f"(at most {MAX_AREA_CELLS:,})"
        )
    if totals["hazards"] > MAX_HAZARD_CELLS:
        problems.append(
            f"{where}hazards cover {totals['hazards']:,} cells together (at most {MAX_HAZARD_CELLS:,})"
        )
    return problems


def _section_cells(entries: Any) -> int:
    total = 0
    if not isinstance(entries, list):
        return 0
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        rects = entry.get("rects")
        for rect in rects if isinstance(rects, list) else ():
            if isinstance(rect, list) and len(rect) == 4 and all(_count(v) for v in rect[2:]):
                total += min(rect[2], MAX_SIDE) * min(rect[3], MAX_SIDE)
        cells = entry.get("cells")
        if isinstance(cells, list):
            total += len(cells)
    return total


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def capped(messages: list[str], limit: int = MAX_MESSAGES) -> list[str]:
    """The first `limit` messages and a line counting the rest (all of them when few)."""
    if len(messages) <= limit:
        return messages
    return [*messages[:limit], f"... and {len(messages) - limit:,} more problem(s) not shown"]
