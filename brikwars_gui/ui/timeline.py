"""Timeline: a slider over the turns played (`Game.snapshots`); scrubbing is read-only."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QAbstractScrollArea, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from brikwars_gui.ui.battlefield.view import RULER_BAND


class TimelineBar(QWidget):
    snapshotRequested = Signal(int)
    liveRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(QLabel("Timeline"))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("timelineSlider")
        self.slider.setRange(0, 0)
        self.slider.setPageStep(1)
        self.slider.setToolTip("Turns played: drag to see the battlefield as it was (read-only)")
        self.slider.valueChanged.connect(self._moved)
        self.label = QLabel("–")
        self.label.setMinimumWidth(190)
        self.live_button = QPushButton("Back to live")
        self.live_button.setEnabled(False)
        self.live_button.clicked.connect(self.liveRequested)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.label)
        layout.addWidget(self.live_button)
        self._syncing = False
        self.live = True

    def set_count(self, count: int, labels: list[str] | None = None) -> None:
        self._syncing = True
        self.slider.setRange(0, max(0, count - 1))
        if self.live:
            self.slider.setValue(max(0, count - 1))
        self._syncing = False
        self._labels = labels or []
        self._update_label()

    def set_live(self, live: bool) -> None:
        self.live = live
        self.live_button.setEnabled(not live)
        if live:
            self._syncing = True
            self.slider.setValue(self.slider.maximum())
            self._syncing = False
        self._update_label()

    def _update_label(self) -> None:
        labels = getattr(self, "_labels", [])
        i = self.slider.value()
        text = labels[i] if 0 <= i < len(labels) else "–"
        self.label.setText(("Live · " if self.live else "Viewing · ") + text)

    def reset(self) -> None:
        """A new battle (or none): live, the slider at its end, no label of the last battle's turns."""
        self._labels = []
        self.set_live(True)

    def _moved(self, value: int) -> None:
        if self._syncing:
            return
        if value == self.slider.maximum() and not self.live:
            self.liveRequested.emit()  # the end of the timeline is the battle now (the banner says so)
            return
        self.snapshotRequested.emit(value)


class ViewingBanner(QLabel):
    """"Viewing Round 2…" over the map's bottom-left while the timeline is scrubbed. It wraps to the
    map's width and is placed again whenever the map changes size: one unwrapped line ran past the
    map's right edge once docks made the map narrow (s9 real-window check)."""

    MARGIN = 8

    def __init__(self, view: QAbstractScrollArea) -> None:
        super().__init__(view)
        self.view = view
        self.setObjectName("viewingBanner")
        self.setWordWrap(True)
        self.setStyleSheet(
            "#viewingBanner { background: #263238; color: white; padding: 4px 8px; border-radius: 4px; }"
        )
        self.hide()
        self.port = view.viewport()
        self.port.installEventFilter(self)  # its geometry is current when it gets Resize

    def show_text(self, text: str) -> None:
        self.setText(text)
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        """Bottom-left of the viewport, right of the inch ruler, as wide as its text or the map."""
        port = self.port.geometry()
        left = port.left() + RULER_BAND + 6 + self.MARGIN
        room = max(120, port.right() - self.MARGIN - left)
        self.setWordWrap(False)  # the one-line width (a wrapping label's size hint is not it)
        self.setMinimumWidth(0)
        self.setMaximumWidth(16_777_215)
        one_line = self.sizeHint().width()
        self.setWordWrap(True)
        width = min(one_line, room)
        self.setFixedWidth(width)
        self.setFixedHeight(self.heightForWidth(width))
        top = max(port.top() + RULER_BAND + self.MARGIN, port.bottom() - self.height() - 2 * self.MARGIN)
        self.move(left, top)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.port and self.isVisible():
            self.place()
        return super().eventFilter(watched, event)
