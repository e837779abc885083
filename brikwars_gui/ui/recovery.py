"""Crash safety: the app data directory, the log file, and the recovery autosave.

`RecoveryStore(directory)`: `begin_session()` writes a marker file that a clean exit removes
(`end_session()`); `autosave(saved)` writes `recovery.json` (a SavedGame, atomically) each turn.
At startup `pending()` is the recovery file left by an unclean exit (marker still there), or None.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths

LOG_NAME = "brikwars.log"
RECOVERY_NAME = "recovery.json"
MARKER_NAME = "session.lock"


def app_data_dir() -> Path:
    path = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(path or Path.home() / ".brikwars")


_handlers: dict[str, logging.Handler] = {}


def setup_logging(directory: Path) -> Path:
    """Log `brikwars_gui` messages (engine errors with tracebacks) to `directory/brikwars.log`."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / LOG_NAME
    key = str(path)
    if key not in _handlers:
        handler = logging.FileHandler(path, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger = logging.getLogger("brikwars_gui")
        logger.addHandler(handler)
        if logger.level == logging.NOTSET or logger.level > logging.INFO:
            logger.setLevel(logging.INFO)
        _handlers[key] = handler
    return path


class RecoveryStore:
    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.marker = self.directory / MARKER_NAME
        self.path = self.directory / RECOVERY_NAME
        self.left_over = self.path if self.marker.exists() and self.path.exists() else None

    def pending(self) -> Path | None:
        """The recovery file of a session that did not exit cleanly (checked before this one began)."""
        return self.left_over if self.left_over is not None and self.left_over.exists() else None

    def begin_session(self) -> None:
        self.marker.write_text(str(os.getpid()), encoding="utf-8")

    def end_session(self) -> None:
        for path in (self.marker, self.path):
            with contextlib.suppress(OSError):
                path.unlink()

    def autosave(self, saved) -> Path:
        from brikwars_gui.scenario.savegame import save_saved_game

        save_saved_game(saved, self.path)
        return self.path

    def discard(self) -> None:
        self.left_over = None
        with contextlib.suppress(OSError):
            self.path.unlink()
