"""Where the file dialogs start (review 2026-11-27 item 27: Open remembered its folder, but Save,
Save Game As and the exports always started in the folder the app was run from): every dialog
starts in the folder last chosen in any of them, kept in the settings across sessions; before
any, in the open scenario's folder, else the home folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QDir

KEY = "files/lastFolder"


def start_in(window: Any, name: str = "") -> str:
    """The dialog's starting path: the last folder chosen, joined with the suggested `name`."""
    folder = window.settings.value(KEY)
    if not folder or not Path(str(folder)).is_dir():
        doc_path = getattr(window.doc, "path", None)
        folder = str(doc_path.parent) if doc_path else QDir.homePath()
    return str(Path(str(folder)) / name) if name else str(folder)


def remember(window: Any, path: str | Path) -> None:
    """A file (or folder, `is_dir`) was chosen in a dialog: later dialogs start beside it."""
    chosen = Path(path)
    window.settings.setValue(KEY, str(chosen if chosen.is_dir() else chosen.parent))
