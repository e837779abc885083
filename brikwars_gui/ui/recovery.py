"""Crash safety: the app data directory, the log file, and one recovery slot per running instance.

`RecoveryStore(directory)` gives this instance its own slot, `directory/recovery/<pid>-<random>/`,
locked with a `QLockFile` for as long as the instance runs. The slot holds the battle's write-ahead
journal (`battle.wal`: every order appended as it is made, ui/write_ahead.py), the battle autosave
(`battle.json`, a SavedGame written at every end of turn), a checkpoint of the battle's first orders
(`battle.checkpoint.json`: written atomically at every end of turn, or the one the battle was opened
from; engine/checkpoint.py), the editor's journal (`editor.wal`: each
edit appended as what it changed, ui/editor_journal.py) and the editor autosave (`editor.json`,
the scenario being edited and its file, whole). At startup, `orphans` are the
slots of instances that are really gone: their lock could be taken, because QLockFile finds the
lock file's process dead (stale) or the lock file missing; their journals are turned into `battle.json` /
`editor.json` then, the battle's with the checkpoint beside it (so opening it replays only the
orders journaled after the checkpoint; a checkpoint that does not fit is refused then and every
order replays). A slot whose owner still runs is never
offered, read or deleted, so two windows of the app never share or clobber an autosave.

A clean exit (`end_session`) removes only this instance's slot. The constructor raises `OSError`
when the directory cannot be used (read-only, full, not a directory): the window then runs
without autosave and says so.
"""

from __future__ import annotations

import contextlib
import json
import logging
import logging.handlers
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QStandardPaths

from brikwars_gui.scenario.io import (
    ScenarioError,
    atomic_write_text,
    decode_json,
    read_text_file,
    scenario_from_data,
    scenario_to_data,
)
from brikwars_gui.scenario.models import Scenario

LOG_NAME = "brikwars.log"
SLOTS_NAME = "recovery"
LOCK_NAME = "instance.lock"
BATTLE_NAME = "battle.json"
JOURNAL_NAME = "battle.wal"
CHECKPOINT_NAME = "battle.checkpoint.json"
"""A checkpoint of the battle's first orders (`{"kind": ..., "checkpoint": {key, payload, events}}`)."""
CHECKPOINT_KIND = "battle_checkpoint"
IN_FLIGHT_NAME = "battle.in_flight.json"
"""The order a kill interrupted after a question was answered, and the answers (issue 26)."""
EDITOR_NAME = "editor.json"
EDITOR_JOURNAL_NAME = "editor.wal"
EDITOR_KIND = "editor_autosave"
# Versions before per-instance slots kept one battle autosave in the data folder itself, with a
# marker that a clean exit removed: such a pair is a crashed battle from that version.
LEGACY_BATTLE_NAME = "recovery.json"
LEGACY_MARKER_NAME = "session.lock"


def app_data_dir() -> Path:
    path = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(path or Path.home() / ".brikwars")


_handlers: dict[str, logging.Handler] = {}


LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
"""brikwars.log is rotated at LOG_MAX_BYTES into brikwars.log.1 ... .3: at most 4 MB in all."""


def setup_logging(directory: Path) -> Path:
    """Log `brikwars_gui` messages (engine errors with tracebacks) to `directory/brikwars.log`,
    rotated (`LOG_MAX_BYTES`, `LOG_BACKUPS`) so a long-lived installation's log never grows
    without bound."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / LOG_NAME
    key = str(path)
    if key not in _handlers:
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger = logging.getLogger("brikwars_gui")
        logger.addHandler(handler)
        if logger.level == logging.NOTSET or logger.level > logging.INFO:
            logger.setLevel(logging.INFO)
        _handlers[key] = handler
    return path


def _lock(slot: Path) -> QLockFile:
    lock = QLockFile(str(slot / LOCK_NAME))
    lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
    return lock


@dataclass
class Orphan:
    """The slot of an instance that is gone; this instance holds its lock until it is forgotten."""

    slot: Path
    lock: QLockFile

    @property
    def battle(self) -> Path | None:
        path = self.slot / BATTLE_NAME
        return path if path.is_file() else None

    @property
    def editor(self) -> Path | None:
        path = self.slot / EDITOR_NAME
        return path if path.is_file() else None


class RecoveryStore:
    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        slots = self.directory / SLOTS_NAME
        slots.mkdir(parents=True, exist_ok=True)
        self.slot = Path(tempfile.mkdtemp(prefix=f"{os.getpid()}-", dir=slots))
        self.lock = _lock(self.slot)
        if not self.lock.tryLock(0):
            shutil.rmtree(self.slot, ignore_errors=True)
            raise OSError(f"cannot lock {self.slot / LOCK_NAME} (error {int(self.lock.error().value)})")
        self.path = self.slot / BATTLE_NAME
        self.journal_path = self.slot / JOURNAL_NAME
        self.checkpoint_path = self.slot / CHECKPOINT_NAME
        self.editor_path = self.slot / EDITOR_NAME
        self.editor_journal_path = self.slot / EDITOR_JOURNAL_NAME
        self._adopt_legacy(slots)
        self.orphans = self._claim_orphans(slots)

    def _adopt_legacy(self, slots: Path) -> None:
        """Move an older version's crashed battle into a slot of its own, so it is offered like a
        gone instance's (an upgrade must not lose it); a clean exit of that version left nothing."""
        old = self.directory / LEGACY_BATTLE_NAME
        marker = self.directory / LEGACY_MARKER_NAME
        if not (old.is_file() and marker.is_file()):
            return
        with contextlib.suppress(OSError):
            slot = Path(tempfile.mkdtemp(prefix="legacy-", dir=slots))
            os.replace(old, slot / BATTLE_NAME)
            marker.unlink()

    def _claim_orphans(self, slots: Path) -> list[Orphan]:
        """Slots whose instance is gone, oldest first; empty ones are removed on the way."""
        found = []
        for slot in sorted(slots.iterdir(), key=lambda p: p.stat().st_mtime):
            if slot == self.slot or not slot.is_dir():
                continue
            lock = _lock(slot)
            if not lock.tryLock(0):
                continue  # its instance is running
            orphan = Orphan(slot, lock)
            _replay_journal(slot)
            _replay_editor_journal(slot)
            if orphan.battle or orphan.editor:
                found.append(orphan)
            else:
                self._remove(orphan)
        return found

    def pending(self) -> Path | None:
        """The battle autosave of the first gone instance that left one, or None."""
        return next((o.battle for o in self.orphans if o.battle), None)

    def pending_editor(self) -> Path | None:
        """The editor autosave of the first gone instance that left one, or None."""
        return next((o.editor for o in self.orphans if o.editor), None)

    def forget(self, path: Path) -> None:
        """Delete the gone instance's slot holding `path` (its autosaves were offered)."""
        for orphan in list(self.orphans):
            if path.parent == orphan.slot:
                self.orphans.remove(orphan)
                self._remove(orphan)

    def discard(self) -> None:
        """Forget every gone instance's slot (the user declined the recovery)."""
        for orphan in self.orphans:
            self._remove(orphan)
        self.orphans = []

    @staticmethod
    def _remove(orphan: Orphan) -> None:
        names = (BATTLE_NAME, JOURNAL_NAME, CHECKPOINT_NAME, IN_FLIGHT_NAME, EDITOR_NAME, EDITOR_JOURNAL_NAME)
        for name in names:
            with contextlib.suppress(OSError):
                (orphan.slot / name).unlink()
        orphan.lock.unlock()
        shutil.rmtree(orphan.slot, ignore_errors=True)

    def end_session(self) -> None:
        """A clean exit: this instance's slot goes; gone instances' slots not yet offered stay."""
        for orphan in self.orphans:
            orphan.lock.unlock()
        self.orphans = []
        battle = (self.path, self.journal_path, self.checkpoint_path)
        for path in (*battle, self.editor_path, self.editor_journal_path):
            with contextlib.suppress(OSError):
                path.unlink()
        self.lock.unlock()
        shutil.rmtree(self.slot, ignore_errors=True)

    def autosave(self, saved: Any) -> Path:
        """Write the battle autosave (atomically); raises OSError when the disk refuses."""
        from brikwars_gui.scenario.savegame import save_saved_game

        save_saved_game(saved, self.path, compact=True)
        return self.path

    def keep_checkpoint(self, checkpoint: Any) -> None:
        """Keep a checkpoint (`scenario.savegame.Checkpoint`) of the battle's first
        `checkpoint.events` orders, or none: written atomically, so a kill meanwhile leaves the one
        before whole (a recovery then replays a few more orders). Raises OSError when the disk refuses."""
        if checkpoint is None:
            self.checkpoint_path.unlink(missing_ok=True)
            return
        data = {"kind": CHECKPOINT_KIND, "checkpoint": checkpoint.model_dump(exclude_none=True)}
        atomic_write_text(self.checkpoint_path, json.dumps(data))

    def autosave_editor(self, scenario: Scenario, path: Path | None) -> Path:
        """Write the editor autosave: the scenario being edited and the file it belongs to."""
        data = {
            "kind": EDITOR_KIND,
            "path": str(path) if path else None,
            "scenario": scenario_to_data(scenario),
        }
        atomic_write_text(self.editor_path, json.dumps(data, ensure_ascii=False))
        return self.editor_path

    def clear_editor(self) -> None:
        """The editor has no unsaved changes any more."""
        for path in (self.editor_path, self.editor_journal_path):
            with contextlib.suppress(OSError):
                path.unlink()


def _replay_journal(slot: Path) -> None:
    """A gone instance's journal becomes its battle autosave when it holds more orders (it does
    unless the kill came between an end-of-turn autosave and the journal's next line), with the
    slot's checkpoint of its first orders attached (`_with_kept_checkpoint`); an unreadable
    journal is logged and the end-of-turn autosave kept."""
    from brikwars_gui.scenario.savegame import load_saved_game, save_saved_game
    from brikwars_gui.ui.write_ahead import read_journal_parts

    journal, battle = slot / JOURNAL_NAME, slot / BATTLE_NAME
    if not journal.is_file():
        _attach_checkpoint(slot)
        return
    try:
        saved, in_flight = read_journal_parts(journal)
        if battle.is_file() and _orders_in(battle) > saved.order_count:
            with contextlib.suppress(ScenarioError):  # counted cheaply first: it rarely has more
                if load_saved_game(battle).order_count > saved.order_count:
                    _attach_checkpoint(slot)
                    return
        last_line = journal.stat().st_mtime
        save_saved_game(_with_kept_checkpoint(slot, saved), battle, compact=True)
        os.utime(battle, (last_line, last_line))  # the question's "last saved" is the kill's time, not now
        if in_flight:
            atomic_write_text(slot / IN_FLIGHT_NAME, json.dumps({"events": in_flight}, ensure_ascii=False))
        journal.unlink()
        (slot / CHECKPOINT_NAME).unlink(missing_ok=True)
    except (ScenarioError, OSError) as exc:
        logging.getLogger("brikwars_gui.recovery").warning("journal %s not used: %s", journal, exc)


def _orders_in(battle: Path) -> int:
    """How many orders a battle autosave's events hold, from its JSON alone (0 when unreadable):
    validating the whole file (~0.2 s for 2,000 units) is left to when it has more than the journal."""
    try:
        events = decode_json(read_text_file(battle), str(battle)).get("events")
        return sum(1 for e in events if isinstance(e, dict) and e.get("kind") == "order")
    except (ScenarioError, OSError, AttributeError, TypeError):
        return 0


def _with_kept_checkpoint(slot: Path, saved: Any) -> Any:
    """`saved` with the slot's checkpoint of its first orders (issue 26), when there is one that
    stands for no more events than `saved` holds and for more than `saved`'s own; whether it fits
    them is its key's to say when the game is opened (engine/checkpoint.py: a checkpoint that does
    not is refused and every order replays), so an unreadable one is simply left out."""
    from brikwars_gui.scenario.savegame import Checkpoint

    path = slot / CHECKPOINT_NAME
    if not path.is_file():
        return saved
    try:
        data = decode_json(read_text_file(path), str(path))
        kept = Checkpoint.model_validate(data["checkpoint"]) if data.get("kind") == CHECKPOINT_KIND else None
    except Exception as exc:  # damaged: the orders replay, nothing is lost
        logging.getLogger("brikwars_gui.recovery").warning("checkpoint %s not used: %s", path, exc)
        return saved
    if kept is None or kept.events is None or kept.events > len(saved.events):
        return saved
    own = saved.checkpoint
    if own is not None and (len(saved.events) if own.events is None else own.events) >= kept.events:
        return saved
    return saved.model_copy(update={"checkpoint": kept})


def _attach_checkpoint(slot: Path) -> None:
    """The end-of-turn autosave kept as it is, with the slot's checkpoint attached if it helps."""
    from brikwars_gui.scenario.savegame import load_saved_game, save_saved_game

    battle = slot / BATTLE_NAME
    if not (battle.is_file() and (slot / CHECKPOINT_NAME).is_file()):
        return
    try:
        saved = load_saved_game(battle)
        kept = _with_kept_checkpoint(slot, saved)
        if kept is not saved:
            stamp = battle.stat().st_mtime
            save_saved_game(kept, battle, compact=True)
            os.utime(battle, (stamp, stamp))
        (slot / CHECKPOINT_NAME).unlink()
    except (ScenarioError, OSError) as exc:
        logging.getLogger("brikwars_gui.recovery").warning("checkpoint of %s not attached: %s", battle, exc)


def _replay_editor_journal(slot: Path) -> None:
    """A gone instance's editor journal becomes its editor autosave (the journal is newer: an
    instance writes one or the other); an unreadable journal is logged and left out."""
    from brikwars_gui.ui.editor_journal import read_editor_journal

    journal = slot / EDITOR_JOURNAL_NAME
    if not journal.is_file():
        return
    try:
        scenario, original = read_editor_journal(journal)
        data = {
            "kind": EDITOR_KIND,
            "path": str(original) if original else None,
            "scenario": scenario_to_data(scenario),
        }
        atomic_write_text(slot / EDITOR_NAME, json.dumps(data, ensure_ascii=False))
        journal.unlink()
    except (ScenarioError, OSError) as exc:
        logging.getLogger("brikwars_gui.recovery").warning("editor journal %s not used: %s", journal, exc)


def read_in_flight(battle: Path) -> list[dict[str, Any]]:
    """The order in flight left beside a recovered battle autosave (its `order` event and the
    answers given), or [] when there is none or it cannot be read (the battle is kept anyway)."""
    path = battle.parent / IN_FLIGHT_NAME
    if not path.is_file():
        return []
    try:
        data = decode_json(read_text_file(path), str(path))
    except (ScenarioError, OSError):
        logging.getLogger("brikwars_gui.recovery").exception("order in flight %s not used", path)
        return []
    events = data.get("events") if isinstance(data, dict) else None
    return [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []


def load_editor_autosave(path: Path) -> tuple[Scenario, Path | None]:
    """The scenario and original file of an editor autosave; `ScenarioError` when unusable."""
    data = decode_json(read_text_file(path), str(path))
    if not isinstance(data, dict) or data.get("kind") != EDITOR_KIND:
        raise ScenarioError(str(path), [f"{path}: not an editor autosave"])
    original = data.get("path")
    return scenario_from_data(data.get("scenario"), str(path)), Path(original) if isinstance(
        original, str
    ) else None


def battle_summary(path: Path) -> str:
    """The recovered battle in words for the question (review 2026-11-27 item 28: it did not say
    which battle, round or time): `“Skirmish at Brick Creek”, round 2, 7 orders, last saved
    27 Nov 05:12`; "" when the file cannot be read (the question then asks without it). A journal
    keeps no round: it is counted from the End Turn orders, every player taking one a round."""
    import time

    from brikwars_gui.scenario.savegame import load_saved_game

    try:
        saved = load_saved_game(path)
        stamp = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    except Exception:
        logging.getLogger("brikwars_gui.recovery").exception("summary of %s failed", path)
        return ""
    orders = [e for e in saved.events if e.get("kind") == "order"]
    ended = sum(e.get("order") == "end_turn" for e in orders)
    rounds = max(saved.round, 1 + ended // max(1, len(saved.scenario.players)))
    return f"“{saved.scenario.name}”, round {rounds}, {len(orders)} orders, last saved {stamp}"
