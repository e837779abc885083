"""A cancellable progress dialog while a saved game's orders are replayed.

Replaying costs a few milliseconds an order, so a saved game of thousands of turns would freeze
the window for a minute without it. The dialog appears only once the replay has run a moment.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

SHOW_AFTER_MS = 1000
"""A replay Qt expects to end sooner shows no dialog at all (it estimates the whole replay's time
from the first orders' pace). 400 ms showed it for ~0.3 s on every 2,000-unit open, which is
meant to take under 1 s in all (issue 26): a flash, and ~2% of the open for showing it."""
UPDATE_EVERY_S = 0.1
"""The dialog is updated (and events processed: Cancel, repaints) at most this often, on the
clock rather than every so many orders: each update of the window-modal dialog repaints, which
cost ~0.25 s of a 2,000-unit game's open when it came every 20 orders (issue 26)."""
_clock = time.monotonic


def replay_with_progress(parent: QWidget, controller: Any, saved: Any, title: str) -> Any:
    """`controller.replay_saved(saved)` with a progress dialog; None when the user cancels."""
    dialog = QProgressDialog(f"Replaying {title}...", "Cancel", 0, max(saved.order_count, 1), parent)
    dialog.setWindowTitle("Opening saved game")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setValue(0)

    last = _clock() - UPDATE_EVERY_S  # the first order updates it

    def progress(done: int, total: int) -> bool:
        nonlocal last
        now = _clock()
        if now - last >= UPDATE_EVERY_S:
            last = now
            dialog.setValue(done)
            QApplication.processEvents()
        return not dialog.wasCanceled()

    try:
        return controller.replay_saved(saved, progress)
    finally:
        dialog.close()
        dialog.deleteLater()
