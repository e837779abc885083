"""Issue 10 click-through: Play mode's Turn table (Unit / Move left / Action / Status / Dice) scrolled
sideways in its dock at 1280x720 and 1024x700, and the Edit inspector's Weapons table did at 1024 px.
Every column is in view at each size (1008x652: 1024x700 less a window frame), under the
application's style sheet; a cell too narrow for its text is elided and its tooltip gives the full
text (with the model's own tip after it). In a ~200 px dock the Turn table leaves Dice (then Status)
to the unit card and to each row's tooltip rather than squeeze five columns to 30 px each."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QScrollArea, QToolTip

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.fit_table import fitted_widths

SIZES = [(1600, 1000), (1280, 720), (1024, 700), (1008, 652)]


def _fits(qtbot, dock, table, size) -> int:
    """Checks the table's shown columns are all in view (the name never dropped); returns how many
    cells it elides and columns it drops (their full text tooltip-checked)."""
    area = dock.widget()
    assert isinstance(area, QScrollArea)
    qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible(), timeout=20_000)
    assert not area.horizontalScrollBar().isVisible(), f"{dock.windowTitle()} scrolls sideways at {size}"
    header, model = table.horizontalHeader(), table.model()
    widths = [0 if table.isColumnHidden(c) else header.sectionSize(c) for c in range(model.columnCount())]
    assert sum(widths) <= table.viewport().width(), f"columns {widths} in {table.viewport().width()} px"
    assert header.offset() == 0
    names = max(header.sectionSizeHint(0), table.sizeHintForColumn(0))
    assert widths[0] >= min(names, 56), f"the first column squeezed to {widths[0]} px at {size}"
    hidden = [c for c in range(model.columnCount()) if table.isColumnHidden(c)]
    assert 0 not in hidden and len(hidden) <= 2
    elided = 0
    for row in range(model.rowCount()):
        for col in range(model.columnCount()):
            index = model.index(row, col)
            text = str(index.data() or "")
            if col in hidden or table.fontMetrics().horizontalAdvance(text) <= widths[col] - 8:
                continue
            elided += 1
            tip = _tooltip(table, index)
            assert tip is None or tip.startswith(text), f"{text!r} elided without its full text at {size}"
        if hidden:  # a dropped column's value is in every cell's tooltip of its row
            tip = _tooltip(table, model.index(row, 0))
            for col in hidden:
                shown = f"{model.headerData(col, Qt.Orientation.Horizontal)}: {model.index(row, col).data()}"
                assert tip is None or shown in tip, f"{shown!r} missing from {tip!r} at {size}"
    QToolTip.hideText()
    return elided + len(hidden)


def _tooltip(table, index) -> str | None:
    """The tooltip the table shows over the cell (None: the cell is below the fold)."""
    rect = table.visualRect(index)
    if not table.viewport().rect().contains(rect.center()):
        return None
    at = rect.center()
    QToolTip.hideText()
    QApplication.sendEvent(
        table.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, table.viewport().mapToGlobal(at))
    )
    return QToolTip.text()


@pytest.mark.parametrize("size", SIZES)
def test_play_modes_turn_table_fits_its_dock(qtbot, idle, open_window, app_style, settle, size) -> None:
    w = open_window(SCENARIOS / "ruined_chapel.json", size=size, animate=None)  # long Nine Powers stats
    w.set_play_mode(True, seed=1)
    settle(w)
    w.dock_turn.raise_()
    idle()
    table = w.turn_table
    assert table.model().rowCount() == 3
    elided = _fits(qtbot, w.dock_turn, table, size)
    if size[0] <= 1280:
        assert elided, "nothing elided: the tooltip check did not run"
    if size[0] <= 1024:  # a ~200 px dock: Dice is left to the card and the tooltip
        assert table.isColumnHidden(4) and not table.isColumnHidden(2)


@pytest.mark.parametrize("size", SIZES)
def test_the_inspectors_weapons_table_fits_its_dock(
    qtbot, idle, open_window, app_style, settle, size
) -> None:
    w = open_window(SCENARIOS / "skirmish.json", size=size, animate=None)
    settle(w)
    unit = next(u for u in w.doc.scenario.units if u.id == "red-grenadier")  # Pistol and Grenade
    w.selection.select("unit", unit.id)
    w.dock_inspector.raise_()
    idle()
    table = w.inspector.weapons
    assert table.rowCount() == len(unit.weapons) >= 2
    _fits(qtbot, w.dock_inspector, table, size)


def test_fitted_widths_keep_the_name_and_the_short_columns_and_cap_the_long_ones() -> None:
    assert fitted_widths([60, 30, 40], 200) == [130, 30, 40]  # all fit: the name takes the rest
    narrow = fitted_widths([110, 60, 70, 150, 400], 340)
    assert sum(narrow) == 340 and narrow[0] == 110  # the name keeps its width (up to 35 % of the room)
    assert narrow[1:3] == [60, 70]  # the short columns keep their width
    assert narrow[3:] == [50, 50]  # the long ones share the rest, elided
    tiny = fitted_widths([110, 60, 70, 150, 400], 200)
    assert sum(tiny) == 200 and tiny[0] == 70 and tiny[1:] == [32, 32, 32, 34]


@pytest.mark.parametrize("size", SIZES)
def test_the_weapons_tables_headers_are_never_elided(
    qtbot, idle, open_window, app_style, settle, size
) -> None:
    """Issue 10 polish: at 1024x700 the Weapons headers read "Wea…", "Ra…", "Da…". A narrow dock
    now shows whole short words (Name, Rng, Dmg) whose header tooltip says what the column is;
    1600x1000 keeps the full words."""
    w = open_window(SCENARIOS / "skirmish.json", size=size, animate=None)
    settle(w)
    w.selection.select("unit", "red-grenadier")
    w.dock_inspector.raise_()
    idle()
    table = w.inspector.weapons
    header, model = table.horizontalHeader(), table.model()
    qtbot.waitUntil(lambda: header.sectionSize(3) > 16, timeout=20_000)
    labels = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)]
    for col, label in enumerate(labels):
        assert header.sectionSize(col) >= header.sectionSizeHint(col), f"{label!r} elided at {size}"
    if size == (1600, 1000):
        assert labels == ["Weapon", "Use", "Range", "Damage"]
    if size[0] <= 1024:
        assert labels == ["Name", "Use", "Rng", "Dmg"]
    tips = [model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) for c in range(4)]
    assert "Range" in tips[2] and "Damage" in tips[3]


def test_a_cells_text_does_not_add_or_drop_columns_only_the_width_does(qtbot) -> None:
    """Review 2026-11-27 item 23: mid-game the Units dock gained a Move column and the Turn panel
    dropped Status when a cell's text changed length. The columns shown follow the table's width
    and rows; a longer or shorter text only re-shares the widths."""
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QTableView

    from brikwars_gui.ui.fit_table import ColumnFitter

    model = QStandardItemModel(3, 4)
    model.setHorizontalHeaderLabels(["Unit", "Move", "Action", "Status"])
    for row in range(3):
        for col, text in enumerate([f"Rifleman {row}", '5" / 5"', "available", "Ready"]):
            model.setItem(row, col, QStandardItem(text))
    table = QTableView()
    table.setModel(model)
    qtbot.addWidget(table)
    fitter = ColumnFitter(table, optional=(3, 2))
    table.show()
    qtbot.waitExposed(table, timeout=20_000)

    def hidden() -> list[int]:
        return [c for c in range(4) if table.isColumnHidden(c)]

    for width in range(400, 120, -10):  # the widest dock that drops a column
        table.resize(width, 200)
        fitter.fit()
        if hidden():
            break
    dropped = hidden()
    assert dropped, "no width dropped a column"
    # the Action cell's text grows past a short column's width: a long column needs less room
    # to stay (elided), and the old fit brought the dropped column back mid-game
    model.item(0, 2).setText("keeps its Action for a Response (R-RESP-1), since round 1")
    fitter.fit()
    assert hidden() == dropped
    table.resize(table.width() + 200, 200)  # a wider dock: the columns are chosen again
    qtbot.waitUntil(lambda: hidden() != dropped, timeout=20_000)
