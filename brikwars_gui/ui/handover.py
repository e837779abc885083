"""Hot seat with fog of war (issue 24): between two human players' turns a curtain covers the whole
window — "Pass to Blue — click when ready" — so the player who just ended the turn never sees the
next player's side, and the next one sees it only once they have the mouse."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class HandOverCurtain(QWidget):
    """An opaque cover over its parent window until the next player clicks "I am …: show"."""

    revealed = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("handOverCurtain")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            "#handOverCurtain { background: #1c2230; } "
            "#handOverCurtain QLabel { color: white; font-size: 20px; } "
        )
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        self.button = QPushButton()
        self.button.setObjectName("handOverReady")
        self.button.clicked.connect(self.reveal)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        parent.installEventFilter(self)
        self.player = ""
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parent().rect())
        return False

    def cover(self, player: str, name: str, colour: str) -> None:
        """Hide the battle until `name` says they are at the keyboard."""
        self.player = player
        self.label.setText(
            f"Pass to <b style='color:{colour}'>{name}</b> — click when ready.<br>"
            "<span style='font-size:13px'>Fog of war: each player sees only what their own units see.</span>"
        )
        self.button.setText(f"I am {name}: show my side")
        self.setGeometry(self.parent().rect())
        self.show()
        self.raise_()
        self.button.setFocus()

    def reveal(self) -> None:
        self.hide()
        self.revealed.emit()

    @property
    def covering(self) -> bool:
        return self.isVisible()
