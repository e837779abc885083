"""The Legend panel: what each overlay colour and each token badge means (issue 10)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from brikwars_gui.ui.overlay_palette import LEGEND
from brikwars_gui.ui.session_controller import BADGE_COLORS

BADGE_WORDS = {
    "disrupted": "Disrupted: cannot move or act until it recovers (R-MOVE-16)",
    "half_speed": "Half Speed this turn (R-MOVE-7)",
    "stopped": "Stopped: no more movement this turn (R-MOVE-12)",
    "fire": "On fire (R-FIRE-5)",
    "saved": "Saved Action: may respond in the enemy's turn (R-RESP-1)",
    "hero": "Hero",
    "done": "Done for this turn",
}


def swatch(color: str, alpha: int, size: int = 18) -> QPixmap:
    """The colour as drawn over open ground (the overlays are translucent)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor("#e4ecd2"))
    top = QColor(color)
    top.setAlpha(alpha)
    painter = QPainter(pixmap)
    painter.fillRect(pixmap.rect(), top)
    painter.setPen(QColor("#555"))
    painter.drawRect(pixmap.rect().adjusted(0, 0, -1, -1))
    painter.end()
    return pixmap


class LegendPanel(QWidget):
    """Swatches of the overlays, then the letters on tokens."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legend")
        layout = QVBoxLayout(self)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        self.rows: list[str] = []
        for row, (color, alpha, text) in enumerate(LEGEND):
            box = QLabel()
            box.setPixmap(swatch(color, alpha))
            label = QLabel(text)
            label.setWordWrap(True)
            grid.addWidget(box, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(label, row, 1)
            self.rows.append(text)
        start = len(LEGEND)
        for row, (key, (letter, color)) in enumerate(BADGE_COLORS.items(), start=start):
            badge = QLabel(letter)
            badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
            badge.setFixedSize(18, 18)
            badge.setStyleSheet(f"background: {color}; border-radius: 9px; font-weight: bold;")
            text = f"Badge: {BADGE_WORDS.get(key, key)}"
            label = QLabel(text)
            label.setWordWrap(True)
            grid.addWidget(badge, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(label, row, 1)
            self.rows.append(text)
        layout.addLayout(grid)
        layout.addStretch(1)
