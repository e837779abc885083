"""Tables that fit a narrow dock: every column in view, long text elided with the full text as a
tooltip (issue 10: the Turn table and the inspector's Weapons table scrolled sideways on a 1280 or
1024 px screen, their Status and Dice columns out of sight)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolTip,
)

SHORT = 90  # px: a column this narrow (5" / 5", "available") keeps its width while it can
LONG_MIN = 40  # px: what each long column keeps before the short ones give way too
NAME_MIN = 56  # px: the row's name stays readable (elided) down to this
NAME_ROOM = 100  # px: before squeezing the name under this, a table drops its optional columns
KEY_SHARE = 0.35  # of the room: what the name keeps when the long columns are capped
ROWS_MEASURED = 100  # rows besides those in view whose text sets a column's width


def fitted_widths(wanted: list[int], room: int, key_share: float = KEY_SHARE, key: int = 0) -> list[int]:
    """Column widths that fill `room` px. When all columns fit each gets its `wanted` width and
    the `key` column (the unit's name) takes what is left. Otherwise the key column keeps up to
    `key_share` of the room, the short columns their width, and the long texts share the rest
    (elided); on a very narrow table every column shares it by capping the widest."""
    if sum(wanted) <= room:
        widths = list(wanted)
        widths[key] += room - sum(wanted)
        return widths
    others = [c for c in range(len(wanted)) if c != key]
    widths = list(wanted)
    short = [c for c in others if wanted[c] <= SHORT]
    long = [c for c in others if wanted[c] > SHORT]
    floor = min(wanted[key], NAME_MIN)
    if long:
        widths[key] = min(wanted[key], max(floor, int(room * key_share)))
    else:  # only short columns: they stay whole while the name keeps NAME_MIN
        widths[key] = min(wanted[key], max(floor, room - sum(wanted[c] for c in short)))
    rest = room - widths[key]
    if rest - sum(wanted[c] for c in short) >= LONG_MIN * len(long):
        rest -= sum(wanted[c] for c in short)
        others = long
    _cap_widest(widths, others, rest)
    return widths


def _cap_widest(widths: list[int], columns: list[int], room: int) -> None:
    """Shares `room` among `columns`: the narrow ones keep their width, the widest get one cap."""
    left = sorted(columns, key=lambda c: widths[c])
    while left and widths[left[0]] * len(left) <= room:
        room -= widths[left.pop(0)]
    if left:
        cap = room // len(left)
        for c in left:
            widths[c] = cap
        widths[left[-1]] += room - cap * len(left)  # the rounding's few pixels


def columns_that_fit(wanted: list[int], room: int, optional: tuple[int, ...], key: int = 0) -> list[int]:
    """The columns to show: the `optional` ones are dropped in turn (their values move to the
    row's tooltip) while the rest cannot keep the name (up to NAME_ROOM px, or its share of a wide
    room), the short columns whole and `LONG_MIN` px for each long one."""
    shown = list(range(len(wanted)))
    name = max(NAME_ROOM, int(room * KEY_SHARE))  # as much as `fitted_widths` will give it
    for col in optional:
        need = sum(_least(wanted[c], name if c == key else 0) for c in shown)
        if need <= room:
            break
        shown.remove(col)
    return shown


def _least(wanted: int, name: int) -> int:
    """The width a shown column needs to keep it: the name (`name` > 0) up to `name` px, a short
    column all of it, a long one LONG_MIN."""
    if name:
        return min(wanted, name)
    return wanted if wanted <= SHORT else LONG_MIN


class ColumnFitter(QObject):
    """Keeps a table's columns inside its viewport (recomputed on resize, show, style and model
    changes) and shows an elided cell's full text as its tooltip, before the model's own tip."""

    FIT_EVENTS = (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.StyleChange, QEvent.Type.FontChange)

    def __init__(
        self,
        table: QTableView,
        key: int = 0,
        optional: tuple[int, ...] = (),
        short_headers: dict[int, str] | None = None,
        follow_cells: bool = True,
    ) -> None:
        """`follow_cells`: refit when a cell changes (once per event-loop turn: a battle resumed
        with 1,000 units of a side updates every row, and a fit per row read every row each time,
        issue 26); a big table (the Units table: 200 units, issue 9) refits on its own when whole
        columns change, not on each unit's move."""
        super().__init__(table)
        self.table = table
        self.active = True
        self._shown_key: tuple[int, int, int] | None = None  # (width, rows, columns) of `_shown`
        self._shown: list[int] | None = None
        self.key = key  # the column that names the row: it keeps the most room
        self.optional = optional  # the columns a narrow table drops, the first first
        # headers a narrow table shortens ("Rng") rather than elide ("Ra…"); the model's header
        # tooltip keeps the full word (issue 10 polish: the Weapons table at 1024x700)
        self.short_headers = short_headers or {}
        model = table.model()
        self.long_headers = {
            c: str(model.headerData(c, Qt.Orientation.Horizontal)) for c in self.short_headers
        }
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(16)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)  # "Move l…", not "ve l"
        # a column's wanted width is measured on the rows in view and this many more (Qt's
        # default, 1000, read 1,000 units' rows at every fit: issue 26); a longer text further
        # down is elided, its whole text in the cell's tooltip
        header.setResizeContentsPrecision(min(ROWS_MEASURED, header.resizeContentsPrecision()))
        table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        table.viewport().installEventFilter(self)  # its resize, show and restyle follow the table's
        model = table.model()
        # the columns' content widths as last measured: kept until a cell, a row, the order, the
        # rows in view or the style change (a window opening fitted one table a dozen times on
        # resize and show events, each reading ~150 rows per column, issue 26)
        self._measured: tuple[tuple[int, int, int], list[int]] | None = None
        for signal in (
            model.modelReset,
            model.rowsInserted,
            model.rowsRemoved,
            model.dataChanged,
            model.layoutChanged,
        ):
            signal.connect(self._forget_widths)
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.fit)
        # new rows refit once the event loop comes round: opening a saved game resets a table's
        # model several times in a row (issue 26)
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved):
            signal.connect(self._soon.start)
        if follow_cells:
            model.dataChanged.connect(self._soon.start)

    def set_active(self, on: bool) -> None:
        """A table that is narrow only at times (the Units table: a side dock in Play mode, the
        full width below the map in Edit mode) is fitted while active; inactive, it shows every
        column again, and the user sizes them (the last one stretches)."""
        self.active = on
        self._forget_widths()  # a compact swatch column's cells are narrower
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(
            QHeaderView.ResizeMode.Fixed if on else QHeaderView.ResizeMode.Interactive
        )
        header.setStretchLastSection(not on)
        # fitted, it never needs one (Qt left an empty bar up after the columns shrank to fit)
        policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOff if on else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        self.table.setHorizontalScrollBarPolicy(policy)
        if on:
            self.fit()
        else:
            for col in range(self.table.model().columnCount()):
                self.table.setColumnHidden(col, False)

    def fit(self, *_args) -> None:
        # its model and viewport still signal while it is destroyed
        if not self.active or not shiboken6.isValid(self.table):
            return
        table, header = self.table, self.table.horizontalHeader()
        columns = table.model().columnCount()
        if columns == 0:
            return
        for col in range(columns):  # a hidden section's size hint is 0: the next fit would show it
            table.setColumnHidden(col, False)
        # the columns shown change with the table's width or rows, never with a cell's text: a
        # longer status mid-game dropped a column and a shorter one brought it back (review
        # 2026-11-27 item 23: the Units dock gained a Move column, the Turn panel lost Status)
        key = (table.viewport().width(), table.model().rowCount(), columns)
        keep = self._shown if key == self._shown_key else None
        self._set_headers(self.long_headers)
        shown, widths = self._layout(columns, keep)
        if self.short_headers and any(
            w < header.sectionSizeHint(c) for c, w in zip(shown, widths, strict=True)
        ):  # a header would be elided: the short words instead
            self._set_headers(self.short_headers)
            shown, widths = self._layout(columns, keep)
        self._shown_key, self._shown = key, shown
        for col in range(columns):
            table.setColumnHidden(col, col not in shown)
        for col, width in zip(shown, widths, strict=True):
            header.resizeSection(col, width)

    def _layout(self, columns: int, keep: list[int] | None = None) -> tuple[list[int], list[int]]:
        """The columns shown (`keep`, else those that fit) and their widths with the headers as
        they are now."""
        table, header = self.table, self.table.horizontalHeader()
        content = self._content_widths(columns)
        wanted = [max(header.sectionSizeHint(c), content[c]) for c in range(columns)]
        room = table.viewport().width()
        shown = keep if keep is not None else columns_that_fit(wanted, room, self.optional, self.key)
        return shown, fitted_widths([wanted[c] for c in shown], room, key=shown.index(self.key))

    def _content_widths(self, columns: int) -> list[int]:
        """Each column's widest cell among the rows Qt measures: from the first row in view, those
        in view, then alternately above and below, `ROWS_MEASURED` in all (`sizeHintForColumn`)."""
        table = self.table
        rows = table.verticalHeader()
        top = max(0, rows.visualIndexAt(0))
        bottom = rows.visualIndexAt(table.viewport().height())
        if top == 0 and table.horizontalHeader().resizeContentsPrecision() > 0:
            bottom = -1  # the first ROWS_MEASURED rows, however many are in view
        key = (columns, top, bottom)
        if self._measured is None or self._measured[0] != key:
            self._measured = key, [self.table.sizeHintForColumn(c) for c in range(columns)]
        return self._measured[1]

    def _forget_widths(self, *_args) -> None:
        self._measured = None

    def _set_headers(self, labels: dict[int, str]) -> None:
        model = self.table.model()
        for col, text in labels.items():
            if model.headerData(col, Qt.Orientation.Horizontal) != text:
                model.setHeaderData(col, Qt.Orientation.Horizontal, text)

    def hidden_values(self, row: int) -> list[str]:
        """ "Header: value" of each column a narrow table left out, for the row's tooltip."""
        model = self.table.model()
        return [
            f"{model.headerData(c, Qt.Orientation.Horizontal)}: {model.index(row, c).data()}"
            for c in range(model.columnCount())
            if self.table.isColumnHidden(c)
        ]

    def full_text(self, index: QModelIndex) -> str | None:
        """The cell's text when its column is too narrow to show all of it, or shows its swatch
        alone (None: it is all in view)."""
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if text is None or not str(text):
            return None
        text = str(text)
        delegate = self.table.itemDelegateForColumn(index.column())
        if isinstance(delegate, SwatchOnlyDelegate) and delegate.compact:
            return text  # its swatch alone is shown
        room = self.table.columnWidth(index.column()) - 8  # the cell's margins
        return text if self.table.fontMetrics().horizontalAdvance(text) > room else None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if not self.active or not shiboken6.isValid(self.table):
            return False
        if kind in self.FIT_EVENTS:
            if kind in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
                self._forget_widths()
            self.fit()
        elif kind == QEvent.Type.ToolTip:
            index = self.table.indexAt(event.pos())
            if not index.isValid():
                return False
            lines = [self.full_text(index) or "", *self.hidden_values(index.row())]
            if any(lines):
                tip = index.data(Qt.ItemDataRole.ToolTipRole)
                text = "\n".join(line for line in lines if line) + (f"\n\n{tip}" if tip else "")
                QToolTip.showText(event.globalPos(), text, self.table)
                return True
        return False



class SwatchOnlyDelegate(QStyledItemDelegate):
    """While `compact`, a cell with a colour swatch (the Units table's Team in Play mode's side dock)
    shows and asks room for the swatch alone: a colour reads at a glance, "Red …" does not (seen at
    1280x720), and the room goes to the names. The team's name stays in the cell's tooltip
    (`ColumnFitter.full_text`); not compact (Edit mode's wide table), the name shows beside it."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.compact = False

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        super().initStyleOption(option, index)
        if self.compact and option.features & QStyleOptionViewItem.ViewItemFeature.HasDecoration:
            option.text = ""
