"""A cancellable progress dialog while a saved game's orders are replayed.

Replaying costs a few milliseconds an order, so a saved game of thousands of turns would freeze
the window for a minute without it. The dialog appears only once the replay has run a moment.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

SHOW_AFTER_MS = 400
"""A replay that ends sooner shows no dialog at all."""


def replay_with_progress(parent: QWidget, controller: Any, saved: Any, title: str) -> Any:
    """`controller.replay_saved(saved)` with a progress dialog; None when the user cancels."""
    dialog = QProgressDialog(f"Replaying {title}...", "Cancel", 0, max(saved.order_count, 1), parent)
    dialog.setWindowTitle("Opening saved game")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setValue(0)

    def progress(done: int, total: int) -> bool:
        if done % 20 == 0:
            dialog.setValue(done)
            QApplication.processEvents()
        return not dialog.wasCanceled()

    try:
        return controller.replay_saved(saved, progress)
    finally:
        dialog.close()
        dialog.deleteLater()
