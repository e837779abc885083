"""Dice & event log: every engine event with its readable line and the dice behind it.

`EventLogModel` (a table: #, round, kind, event, dice) holds the controller's `LogEntry` list and
shows unit and player names instead of the engine's ids (`set_names`; the ids stay in the tooltip);
`EventFilterProxy` filters by kind, unit and free text; `EventLogPanel` adds the filter widgets,
Ctrl+C copying of the selected lines, and `eventActivated(units, cells)` when a line is clicked
(the window highlights them on the map).
"""

from __future__ import annotations

import re

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QBrush, QColor, QGuiApplication, QKeySequence, QStandardItem
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.ui.fit_table import ROWS_MEASURED
from brikwars_gui.ui.models import ColumnsTableModel

ENTRY_ROLE = Qt.ItemDataRole.UserRole + 10
# Ids made of word characters and dashes, and a whole run of them (not after an apostrophe).
_WORD_ID = re.compile(r"[\w-]+")
_WORD_RUN = re.compile(r"(?<![\w'’-])([\w-]+)(?![\w-])")
# A measured distance in inches with more than one decimal (`at 11.0454"`).
_INCHES = re.compile(r'(?<![\w.])(\d+\.\d{2,})"')

KIND_COLORS = {
    "attacked": "#b71c1c",
    "killed": "#4a0000",
    "armor_rolled": "#6d4c41",
    "disrupted": "#c62828",
    "unit_moved": "#1a237e",
    "turn_started": "#1b5e20",
    "turn_ended": "#33691e",
    "game_over": "#000000",
    "order": "#757575",
    "decided": "#6a1b9a",
}


class EventLogModel(ColumnsTableModel):
    """The controller's log entries, newest last. `append(text, detail)` is kept for plain lines."""

    COLUMNS = ("#", "Round", "Kind", "Event", "Dice")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.entries: list = []
        self.names: dict[str, str] = {}
        self._name_re: re.Pattern[str] | None = None
        self._named: dict[int, str] = {}

    def set_names(self, names: dict[str, str]) -> None:
        """Ids (units, players) → names shown in the Event column; the engine's text is untouched."""
        self.names = {k: v for k, v in names.items() if k and v and k != v}
        ids = sorted(self.names, key=len, reverse=True)
        if ids and all(_WORD_ID.fullmatch(i) for i in ids):
            # every id is one run of word characters and dashes: a match of the alternation of
            # the ids is such a whole run, so look each run up (issue 26: the alternation of
            # 2,000 unit ids took ~0.1 s to compile as a game opened)
            self._name_re = _WORD_RUN
        else:
            self._name_re = (
                # not after an apostrophe: a unit "s" must leave "Red's turn" alone
                re.compile(r"(?<![\w'’-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else None
            )
        self._named.clear()
        if self.entries:
            self.dataChanged.emit(self.index(0, 3), self.index(len(self.entries) - 1, 3))

    def named(self, text: str) -> str:
        """`text` with every known id replaced by its name ("sap-1 attacks" → "Sapper Gravel attacks")
        and measured distances to a tenth of an inch, as a tape measure reads them (the exact value
        stays in the engine's event and the saved log)."""
        text = _INCHES.sub(lambda m: f'{float(m.group(1)):.1f}"', text)
        if self._name_re is None:
            return text
        names = self.names
        return self._name_re.sub(lambda m: names.get(m.group(1), m.group(1)), text)

    def display_text(self, row: int) -> str:
        e = self.entries[row]
        text = self._named.get(e.index)
        if text is None:
            text = self.named(e.text)
            if getattr(e, "note", ""):
                text += f" — AI: {e.note}"  # why the tactical AI gave the order (docs/ai.md)
            self._named[e.index] = text
        return text

    # compatibility with the Edit-mode list model (plain lines)
    def append(self, text: str, detail: str = "") -> None:
        from brikwars_gui.ui.session_controller import LogEntry

        self.add(LogEntry(len(self.entries), 0, "", "note", text, detail, (), ()))

    def add(self, entry) -> None:
        row = len(self.entries)
        self.beginInsertRows(QModelIndex(), row, row)
        self.entries.append(entry)
        self.endInsertRows()

    def set_entries(self, entries) -> None:
        self.beginResetModel()
        self.entries = list(entries)
        self._named.clear()
        self.endResetModel()

    def clear(self) -> None:
        self.set_entries([])

    def row_count(self) -> int:
        return len(self.entries)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        e = self.entries[index.row()]
        col = index.column()
        if role == ENTRY_ROLE:
            return e
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return str(e.index)
            if col == 1:
                return str(e.round) if e.round else ""
            if col == 2:
                return kind_label(e.kind)
            if col == 3:
                return self.display_text(index.row())
            return e.detail.replace("\n", " · ")
        if role == Qt.ItemDataRole.ToolTipRole:
            named = self.display_text(index.row())
            ids = [f"{self.names.get(u, u)} = {u}" for u in e.units]
            tip = named + (f"\n\n{e.detail}" if e.detail else "")
            if named != e.text or ids:
                tip += "\n\nEngine line: " + e.text + (("\nIds: " + ", ".join(ids)) if ids else "")
            return tip
        if role == Qt.ItemDataRole.ForegroundRole and col in (2, 3) and e.kind in KIND_COLORS:
            return QBrush(QColor(KIND_COLORS[e.kind]))
        return None

    def line(self, row: int) -> str:
        e = self.entries[row]
        return self.display_text(row) + (f"  [{e.detail.replace(chr(10), '; ')}]" if e.detail else "")


class EventFilterProxy(QSortFilterProxyModel):
    """Kind ('' = all), unit id ('' = all) and free text (event line or dice)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.kind = ""
        self.unit = ""
        self.text = ""
        self.hide_orders = True

    def set_filter(
        self, *, kind: str | None = None, unit: str | None = None, text: str | None = None
    ) -> None:
        self.beginFilterChange()
        if kind is not None:
            self.kind = kind
        if unit is not None:
            self.unit = unit
        if text is not None:
            self.text = text.lower()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_hide_orders(self, hide: bool) -> None:
        self.beginFilterChange()
        self.hide_orders = hide
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        e = model.entries[source_row]
        if self.kind:
            if e.kind != self.kind:
                return False
        elif self.hide_orders and e.kind == "order" and not getattr(e, "note", ""):
            return False  # an AI order with its explanation stays: the log says why
        if self.unit and self.unit not in e.units:
            return False
        if not self.text:
            return True
        shown = model.display_text(source_row).lower() if hasattr(model, "display_text") else ""
        return self.text in e.text.lower() or self.text in shown or self.text in e.detail.lower()


def kind_label(kind: str) -> str:
    """`armor_rolled` → `Armor rolled`, `sn_dice_returned` → `SN dice returned`: the Kind column
    and its filter speak words (SuperNatural's SN keeps its capitals)."""
    words = kind.replace("_", " ").capitalize()
    return "SN" + words[2:] if kind.startswith("sn_") else words


def _choice(text: str, data: str) -> QStandardItem:
    """A combo box item as `QComboBox.addItem(text, data)` makes it (the data in the user role)."""
    item = QStandardItem(text)
    item.setData(data, Qt.ItemDataRole.UserRole)
    return item


class EventLogPanel(QWidget):
    eventActivated = Signal(object, object)  # units (tuple[str]), cells (tuple[cell])

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.model = EventLogModel(self)
        self.proxy = EventFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        self.kind_combo = QComboBox()
        self.kind_combo.setToolTip("Show one kind of event (orders are hidden under “All events”)")
        self.kind_combo.addItem("All events", "")
        self.kind_combo.currentIndexChanged.connect(
            lambda _i: self.proxy.set_filter(kind=self.kind_combo.currentData() or "")
        )
        self.unit_combo = QComboBox()
        self.unit_combo.setToolTip("Show the events involving one unit")
        self.unit_combo.addItem("All units", "")
        self.unit_combo.currentIndexChanged.connect(
            lambda _i: self.proxy.set_filter(unit=self.unit_combo.currentData() or "")
        )
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter events and dice…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(lambda t: self.proxy.set_filter(text=t))
        row.addWidget(self.kind_combo)
        row.addWidget(self.unit_combo)
        row.addWidget(self.filter_edit, 1)
        layout.addLayout(row)
        self.placeholder = QLabel("Dice rolls and events appear here in Play mode.")
        self.placeholder.setStyleSheet("color: #888;")
        layout.addWidget(self.placeholder)
        self.view = QTableView()
        self.view.setObjectName("eventLog")
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(20)
        header = self.view.horizontalHeader()
        for col in (1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        # Round and Player are sized on the rows in view and ROWS_MEASURED more, not on Qt's
        # default 1000 at each scroll to the bottom (issue 26: a resumed 2,000-unit battle)
        header.setResizeContentsPrecision(ROWS_MEASURED)
        # "#": room for five digits at once (ResizeToContents measured only the rows on screen)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(0, self.view.fontMetrics().horizontalAdvance("99999") + 14)
        # the Event line takes the room the dock has (it scrolled sideways at 1280x720 with a fixed
        # 420 px); Dice keeps a user-sizable width, its whole text in the row's tooltip
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        self._sizing_dice = False
        self._dice_user_sized = False
        header.sectionResized.connect(self._section_resized)
        self.view.viewport().installEventFilter(self)
        layout.addWidget(self.view)
        self.copy_action = QAction("Copy", self.view)
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.copy_action.triggered.connect(self.copy_selected)
        self.view.addAction(self.copy_action)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.view.clicked.connect(self._clicked)
        self.model.rowsInserted.connect(self._inserted)
        self.model.modelReset.connect(self._reset)
        # the log stays on its last line when the view's range grows after a scroll to the bottom
        # (an opened game's columns are sized later and a horizontal bar takes a row's height)
        self._follow = True
        bar = self.view.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)
        self._kinds: set[str] = set()
        self._units: set[str] = set()

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.view.viewport():
            self._size_dice()
        return super().eventFilter(watched, event)

    def _size_dice(self) -> None:
        """Dice gets a quarter of the log's width until the user drags its edge."""
        if self._dice_user_sized:
            return
        self._sizing_dice = True
        self.view.horizontalHeader().resizeSection(4, max(120, self.view.viewport().width() // 4))
        self._sizing_dice = False

    def _section_resized(self, column: int, _old: int, _new: int) -> None:
        if column == 4 and not self._sizing_dice:
            self._dice_user_sized = True

    # -- controller wiring ----------------------------------------------------------------------
    def add_entry(self, entry) -> None:
        self.model.add(entry)

    def set_entries(self, entries) -> None:
        self.model.set_entries(entries)

    def set_unit_names(self, names: dict[str, str]) -> None:
        """Unit (and player) ids → names: the log lines and the unit filter show the names."""
        self._names = dict(names)
        self.model.set_names(self._names)
        for i in range(self.unit_combo.count()):
            uid = self.unit_combo.itemData(i)
            if uid:
                self.unit_combo.setItemText(i, self._names.get(uid, uid))

    def _note(self, entry) -> None:
        self._add_filters([entry])

    def _add_filters(self, entries) -> None:
        """Offer the kinds and units of `entries` not offered yet in the filters, in the order
        they first appear; added to each combo's model in one call (issue 26: a resumed
        2,000-unit battle added its units one `addItem` at a time, ~0.05 s)."""
        kinds: list[QStandardItem] = []
        units: list[QStandardItem] = []
        names = getattr(self, "_names", {})
        for entry in entries:
            if entry.kind not in self._kinds:
                self._kinds.add(entry.kind)
                kinds.append(_choice(kind_label(entry.kind), entry.kind))
            for uid in entry.units:
                if uid not in self._units:
                    self._units.add(uid)
                    units.append(_choice(names.get(uid, uid), uid))
        for combo, items in ((self.kind_combo, kinds), (self.unit_combo, units)):
            if items:
                combo.model().invisibleRootItem().appendRows(items)

    def _scrolled(self, value: int) -> None:
        self._follow = value >= self.view.verticalScrollBar().maximum()

    def _range_changed(self, _minimum: int, maximum: int) -> None:
        if self._follow:
            self.view.verticalScrollBar().setValue(maximum)

    def _inserted(self, _parent, first: int, last: int) -> None:
        for row in range(first, last + 1):
            self._note(self.model.entries[row])
        self.placeholder.setVisible(False)
        self.view.scrollToBottom()

    def _reset(self) -> None:
        self._add_filters(self.model.entries)
        self.placeholder.setVisible(not self.model.entries)
        self.view.scrollToBottom()

    # -- actions --------------------------------------------------------------------------------
    def selected_rows(self) -> list[int]:
        rows = {self.proxy.mapToSource(i).row() for i in self.view.selectionModel().selectedRows()}
        return sorted(rows)

    def selected_text(self) -> str:
        return "\n".join(self.model.line(r) for r in self.selected_rows())

    def copy_selected(self) -> str:
        text = self.selected_text()
        if text:
            QGuiApplication.clipboard().setText(text)
        return text

    def _clicked(self, index: QModelIndex) -> None:
        entry = self.proxy.data(index, ENTRY_ROLE)
        if entry is not None:
            self.eventActivated.emit(tuple(entry.units), tuple(entry.cells))
