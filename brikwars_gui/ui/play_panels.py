"""Play-mode widgets: the per-unit turn table, the AI controls, the New Battle dialog."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSpinBox,
    QWidget,
)

from brikwars_gui.ui.models import UNIT_ID_ROLE, ColumnsTableModel
from brikwars_gui.ui.session_controller.supernatural import chips_text


class TurnUnitsModel(ColumnsTableModel):
    """The active player's units and what each has left this turn (Move inches, Action)."""

    COLUMNS = ("Unit", "Move", "Action", "Status", "Dice")  # short: the dock is ~200 px at 1024x700
    TOOLTIPS = ("", "Move left this turn / the unit's Move (R-MOVE-2)", "", "", "The ruleset's dice")

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return self.TOOLTIPS[section] or None
        return super().headerData(section, orientation, role)

    def __init__(self, controller, parent=None) -> None:
        super().__init__(parent)
        self.controller = controller
        self._ids: list[str] = []
        self._rows: dict[str, int] | None = None  # `_row_index`, rebuilt after a reset
        # each row's UnitView, made once per change of its unit (`refresh_unit`) or of the turn
        # shown (`reset`): fitting the columns asks every row's cells (issue 26: a resumed
        # 2,000-unit battle made ~60,000 views where 1,000 were needed)
        self._views: dict[str, object] = {}
        controller.turnChanged.connect(lambda *_: self.reset())
        controller.sessionStarted.connect(self.reset)
        controller.sessionStopped.connect(self.reset)
        controller.viewChanged.connect(self.reset)
        controller.unitUpdated.connect(self.refresh_unit)
        controller.unitsReset.connect(self.reset)

    def reset(self) -> None:
        self.beginResetModel()
        self._views.clear()
        c = self.controller
        # the shown turn's player (live or timeline), less what the viewing player may not know of
        # (fog of war, G-16: an unseen enemy's units are not listed during its turn)
        self._ids = [uid for uid in c.unit_ids_of() if not c.hidden_from_viewer(uid)]
        self._rows = None
        self.endResetModel()

    def refresh_unit(self, unit_id: str) -> None:
        self._views.pop(unit_id, None)
        listed = unit_id in self._row_index()
        c = self.controller
        if not listed and c.unit_team(unit_id) != c.shown_player():
            return  # another side's unit: no row, none to add (no view to make: issue 26)
        view = self._view(unit_id)
        shown = view is not None and not view.vanished and view.team == self.controller.shown_player()
        if listed != shown:
            self.reset()  # a unit joined or left the battle (rules/roster.py)
        elif listed:
            row = self._row_index()[unit_id]
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))

    def _row_index(self) -> dict[str, int]:
        """Row of each listed unit (a resumed battle refreshes every unit: `list.index` was
        quadratic)."""
        if self._rows is None:
            self._rows = {uid: row for row, uid in enumerate(self._ids)}
        return self._rows

    def _view(self, unit_id: str):
        view = self._views.get(unit_id)
        if view is None:
            view = self._views[unit_id] = self.controller.unit_view(unit_id)
        return view

    def row_of(self, unit_id: str) -> int:
        return self._row_index().get(unit_id, -1)

    def row_count(self) -> int:
        return len(self._ids)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        uid = self._ids[index.row()]
        view = self._view(uid)
        if view is None:
            return None
        col = index.column()
        if role == UNIT_ID_ROLE:
            return uid
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return view.name
            if col == 1:
                return f'{view.move_left}" / {view.move}"' if view.alive else "—"
            if col == 2:
                return view.action
            if col == 4:  # the ruleset's die codes and pools (issue 11), then SN die chips
                chips = chips_text(self.controller.sn_dice(uid))
                return " · ".join(t for t in (view.stats_text, chips) if t)
            return view.status
        if role == Qt.ItemDataRole.ToolTipRole and col == 4:
            lines = [f"{label}: {value}" + (f" — {tip}" if tip else "") for label, value, tip in view.stats]
            lines += [chip.tip for chip in self.controller.sn_dice(uid)]  # ● ready ○ spent ◆ held
            return "\n".join(lines)
        if role == Qt.ItemDataRole.ForegroundRole:
            if not view.alive:
                return QBrush(QColor("#9e9e9e"))
            if col == 2 and view.action == "available":
                return QBrush(QColor("#2e7d32"))
            if col == 2 and view.action == "saved":
                return QBrush(QColor("#1565c0"))
        return None


class AIControls(QWidget):
    """Speed slider (ms per AI step) and a Skip button."""

    def __init__(self, controller, parent=None) -> None:
        super().__init__(parent)
        self.controller = controller
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("AI speed"))
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setRange(0, 10)
        self.speed.setValue(7)
        self.speed.setToolTip("How fast AI players' orders are shown (right: faster)")
        self.speed.valueChanged.connect(self._speed)
        self.skip = QPushButton("Skip")
        self.skip.setToolTip("Play the AI's orders at once")
        self.skip.setEnabled(False)
        self.skip.clicked.connect(lambda: controller.skip_ai())
        layout.addWidget(self.speed, 1)
        layout.addWidget(self.skip)
        # Skip also retries a stalled AI turn (its end of turn failed)
        controller.aiRunningChanged.connect(lambda on: self.skip.setEnabled(on or controller.ai_stalled))
        self._speed(self.speed.value())

    def _speed(self, value: int) -> None:
        self.controller.set_ai_interval(int(1200 * (10 - value) / 10) + 20)


class NewBattleDialog(QDialog):
    """Seed for a new battle (default: a random one, recorded in saved games)."""

    def __init__(self, seed: int, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New battle")
        form = QFormLayout(self)
        self.seed = QSpinBox()
        self.seed.setRange(1, 2**31 - 1)
        self.seed.setValue(seed)
        self.seed.setToolTip("The same seed and orders replay the same battle")
        self.max_rounds = QSpinBox()
        self.max_rounds.setRange(0, 999)
        self.max_rounds.setSpecialValueText("no limit")
        form.addRow("Dice seed", self.seed)
        form.addRow("Turn limit (rounds)", self.max_rounds)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        form.addRow(box)
