"""A short table's height for all its rows (review 2026-11-27 item 22: the game-over Survivors
table showed one row and the forecast's player table hid the draw, with the app style's taller
rows): its header, every row and its frame, measured from the view as styled."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView


def rows_height(view: QTableView) -> int:
    """Pixels that show the header and every row of `view` without a scroll bar."""
    view.ensurePolished()
    header = view.horizontalHeader()
    head = 0 if header.isHidden() else header.sizeHint().height()
    rows = sum(view.rowHeight(r) for r in range(view.model().rowCount())) if view.model() else 0
    return head + rows + 2 * view.frameWidth()
