"""The battle's write-ahead journal (issue 26): a kill at any moment loses at most the order in flight.

A saved game is a scenario, dice and a list of orders and decisions, so the journal is one JSON
line holding the saved game as it stood when the battle was started, resumed or undone (`begin`,
written atomically), then one line per order or answered question, appended as each order completes
(`append`: written, flushed and fsynced; appending is cheap whatever the battle's size). An order
rolled back by the engine never reaches it. `read_journal` rebuilds the SavedGame; a last line cut
short by the kill is the order that was in flight and is dropped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from brikwars_gui.scenario.io import ScenarioError, atomic_write_text
from brikwars_gui.scenario.limits import MAX_LOG_BYTES, LimitError, loads_limited, read_limited
from brikwars_gui.scenario.savegame import SavedGame, saved_game_from_data, saved_game_to_data

JOURNAL_KIND = "battle_journal"


class AppendOnlyFile:
    """A journal file: a first line written atomically, then lines appended, each on disk
    (flushed and fsynced) when `append_text` returns; cheap whatever the size of the first line."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._handle: Any = None

    @property
    def started(self) -> bool:
        return self._handle is not None

    def start(self, head: dict[str, Any]) -> None:
        self.close()
        atomic_write_text(self.path, json.dumps(head, ensure_ascii=False) + "\n")
        self._handle = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - kept open to append

    def append_text(self, lines: str) -> None:
        if self._handle is None or not lines:
            return
        self._handle.write(lines)
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self, *, remove: bool = False) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        if remove:
            self.path.unlink(missing_ok=True)


class WriteAheadJournal(AppendOnlyFile):
    """Appends a battle's orders to `path` as they are made (one instance per recovery slot)."""

    def begin(self, saved: SavedGame) -> None:
        """Start over from `saved` (a new, resumed or undone battle)."""
        self.start({"kind": JOURNAL_KIND, "saved_game": saved_game_to_data(saved)})

    def append(self, events: Iterable[dict[str, Any]]) -> None:
        """Orders and decisions just made; on disk (fsynced) when this returns."""
        self.append_text("".join(json.dumps(event, ensure_ascii=False) + "\n" for event in events))


def read_journal(path: Path) -> SavedGame:
    """The saved game a journal holds: its first line's game plus every complete order line after
    it. `ScenarioError` naming the file when the first line is unusable."""
    try:
        raw = read_limited(path, MAX_LOG_BYTES)
    except (OSError, LimitError) as exc:
        raise ScenarioError(str(path), [f"{path}: cannot read: {exc}"]) from None
    lines = raw.split(b"\n")
    complete = lines[:-1]  # the part after the last newline is empty, or the line in flight
    try:
        head = loads_limited(complete[0].decode("utf-8")) if complete else None
    except (ValueError, RecursionError):
        head = None
    if not isinstance(head, dict) or head.get("kind") != JOURNAL_KIND:
        raise ScenarioError(str(path), [f"{path}: line 1: not a battle journal"])
    data = head.get("saved_game")
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        raise ScenarioError(str(path), [f"{path}: line 1: saved_game: expected a saved game"])
    events = list(data["events"])
    for line in complete[1:]:
        try:
            event = loads_limited(line.decode("utf-8"))
        except (ValueError, RecursionError):
            break  # a torn line: nothing after it was acknowledged
        if isinstance(event, dict):
            events.append(event)
    return saved_game_from_data({**data, "events": events}, str(path))
