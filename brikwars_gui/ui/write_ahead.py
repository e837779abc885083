"""The battle's write-ahead journal (issue 26): a kill at any moment loses at most the order in flight.

A saved game is a scenario, dice and a list of orders and decisions, so the journal is one JSON
line holding the saved game as it stood when the battle was started, resumed or undone (`begin`,
written atomically), then one line per order or answered question, appended as each order completes
(`append`: written, flushed and fsynced; appending is cheap whatever the battle's size). An order
rolled back by the engine never reaches it. An answer a human gives is appended at once, with the
events of the order it belongs to, as `pending` lines (`append_pending`), replaced by the order's
own lines once it ends: a kill mid-order keeps the answers already given. `read_journal_parts`
rebuilds the SavedGame and the order in flight; a last line cut short by the kill is dropped.
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
PENDING_KIND = "pending"
"""A line holding an event of the engine call under way (`{"kind": "pending", "event": ...}`),
written when a human answers a question: the order and the answers survive a kill mid-order."""
SETTLED_KIND = "settled"
"""The engine call under way ended: the pending lines before it are replaced by what follows."""


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

    def append(self, events: Iterable[dict[str, Any]], *, settled: bool = False) -> None:
        """Orders and decisions just made; on disk (fsynced) when this returns. `settled`: pending
        lines were written for this engine call (`append_pending`); they are superseded."""
        marker = [{"kind": SETTLED_KIND}] if settled else []
        self.append_text("".join(_line(event) for event in [*marker, *events]))

    def append_pending(self, events: Iterable[dict[str, Any]]) -> None:
        """Events of the engine call under way (an answer was given): kept if the app is killed
        before the call ends, superseded when it ends (`append(..., settled=True)`)."""
        self.append_text("".join(_line({"kind": PENDING_KIND, "event": event}) for event in events))


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False) + "\n"


def read_journal(path: Path) -> SavedGame:
    """The saved game a journal holds: its first line's game plus every complete order line after
    it. `ScenarioError` naming the file when the first line is unusable."""
    return read_journal_parts(path)[0]


def read_journal_parts(path: Path) -> tuple[SavedGame, list[dict[str, Any]]]:
    """The saved game a journal holds, with the orders of a step that had not ended at the kill
    but had answered questions (`pending` lines) added when complete, and the order that was in
    flight: its `order` event and the answers given (`[]` when there was none)."""
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
    events, pending = list(data["events"]), []
    for line in complete[1:]:
        try:
            event = loads_limited(line.decode("utf-8"))
        except (ValueError, RecursionError):
            break  # a torn line: nothing after it was acknowledged
        if not isinstance(event, dict):
            continue
        if event.get("kind") == PENDING_KIND:
            pending.append(event.get("event"))
            continue
        pending = []  # the step ended: its events follow as they stood (or it was taken back)
        if event.get("kind") != SETTLED_KIND:
            events.append(event)
    pending = [e for e in pending if isinstance(e, dict)]
    last = max((n for n, e in enumerate(pending) if e.get("kind") == "order"), default=None)
    in_flight = [] if last is None else pending[last:]
    events += pending[:last]  # orders of the step that had ended before the one in flight
    return saved_game_from_data({**data, "events": events}, str(path)), in_flight
