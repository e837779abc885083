"""Issue 10 follow-up (a click-through in a real window, Play mode): the Units table scrolled
sideways in its side dock at 1280x720 and 1024x700 (and at 1600x1000), and at 1280x720 the Turn
panel needed a vertical scroll to reach End Turn and the AI speed. The Units table now fits its dock
(Name and Status always, the other columns while they fit, their values in the row's tooltip), and
the Turn panel's unit table gives up its height before End Turn, the AI speed and Skip leave sight."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QScrollArea, QToolTip

from brikwars_gui.paths import SCENARIOS

SIZES = [(1600, 1000), (1280, 720), (1024, 700)]
NAME, TEAM, POSITION, STATUS = 0, 1, 2, 8


def _tooltip(table, index) -> str:
    at = table.visualRect(index).center()
    QToolTip.hideText()
    QApplication.sendEvent(
        table.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, table.viewport().mapToGlobal(at))
    )
    return QToolTip.text()


@pytest.mark.parametrize("size", SIZES)
def test_play_modes_units_table_fits_its_dock(qtbot, idle, open_window, app_style, settle, size) -> None:
    w = open_window(SCENARIOS / "skirmish.json", size=size, animate=None)
    w.set_play_mode(True, seed=1)
    settle(w)
    area = w.dock_units.widget()
    assert isinstance(area, QScrollArea)
    table = w.unit_panel.table
    header, model = table.horizontalHeader(), table.model()
    qtbot.waitUntil(lambda: header.sectionSize(NAME) > 16, timeout=20_000)
    assert not area.horizontalScrollBar().isVisible(), f"the Units dock scrolls sideways at {size}"
    assert w.unit_panel.width() <= area.viewport().width()
    shown = [c for c in range(model.columnCount()) if not table.isColumnHidden(c)]
    widths = [header.sectionSize(c) for c in shown]
    assert sum(widths) <= table.viewport().width(), f"columns {widths} in {table.viewport().width()} px"
    assert not table.horizontalScrollBar().isVisible() and header.offset() == 0
    assert NAME in shown and STATUS in shown
    assert header.sectionSize(STATUS) >= header.sectionSizeHint(STATUS), "Status elided"
    if size == (1600, 1000):  # what it showed before (Name, Status, Team, Position), now whole in view
        assert {TEAM, POSITION} <= set(shown)
    hidden = [c for c in range(model.columnCount()) if c not in shown]
    assert hidden, "nine columns cannot fit a side dock"
    for row in range(model.rowCount()):
        index = model.index(row, NAME)
        if not table.viewport().rect().contains(table.visualRect(index).center()):
            continue  # below the fold
        tip = _tooltip(table, index)
        name = str(index.data())
        if table.fontMetrics().horizontalAdvance(name) > header.sectionSize(NAME) - 8:
            assert tip.startswith(name), f"{name!r} elided without its full text at {size}"
        for col in hidden:  # a column left out: its value in the row's tooltip
            value = f"{model.headerData(col, Qt.Orientation.Horizontal)}: {model.index(row, col).data()}"
            assert value in tip, f"{value!r} missing from {tip!r} at {size}"
    QToolTip.hideText()
    w.set_play_mode(False)  # Edit mode: the full-width table below the map shows every column
    idle()
    assert not any(table.isColumnHidden(c) for c in range(model.columnCount()))
    assert header.stretchLastSection()


@pytest.mark.parametrize("scenario", ["skirmish.json", "ruined_chapel.json"])
@pytest.mark.parametrize("size", SIZES)
def test_end_turn_and_the_ai_controls_need_no_scroll(
    qtbot, open_window, app_style, settle, size, scenario
) -> None:
    w = open_window(SCENARIOS / scenario, size=size, animate=None)
    w.set_play_mode(True, seed=2**31 - 1)  # the longest seed: it shares the round's line
    settle(w)
    area = w.dock_turn.widget()
    assert isinstance(area, QScrollArea)
    port = area.viewport()
    qtbot.waitUntil(lambda: w.turn_table.height() >= 60, timeout=20_000)  # its header and two rows
    assert not area.verticalScrollBar().isVisible(), f"the Turn panel scrolls at {size}"
    assert not area.horizontalScrollBar().isVisible(), f"the Turn panel scrolls sideways at {size}"
    assert str(2**31 - 1) in w.turn_panel.seed_label.text()
    controls = {
        "End Turn": w.turn_panel.end_turn,
        "AI speed": w.ai_controls.speed,
        "Skip": w.ai_controls.skip,
    }
    for name, widget in controls.items():
        box = QRect(widget.mapTo(port, widget.rect().topLeft()), widget.size())
        assert widget.isVisible() and port.rect().contains(box), f"{name} out of sight at {size}: {box}"
    assert w.turn_table.isVisible() and w.turn_table.model().rowCount() >= 3


def test_play_modes_team_column_is_a_swatch_not_an_elided_name(
    qtbot, idle, open_window, app_style, settle
) -> None:
    """At 1280x720 the Team column read "Red …": in Play mode's side dock it shows the colour
    alone (the name in the cell's tooltip), in Edit mode's wide table the name beside it."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    w = open_window(SCENARIOS / "skirmish.json", size=(1280, 720), animate=None)
    table = w.unit_panel.table
    header, model = table.horizontalHeader(), table.model()
    index = model.index(0, TEAM)
    name = str(index.data())

    def painted() -> QStyleOptionViewItem:
        option = QStyleOptionViewItem()
        table.initViewItemOption(option)  # as the view paints: its font, decoration size, widget
        option.rect = table.visualRect(index)
        table.itemDelegateForColumn(TEAM).initStyleOption(option, index)
        return option

    w.set_play_mode(True, seed=1)
    settle(w)
    qtbot.waitUntil(lambda: header.sectionSize(NAME) > 16, timeout=20_000)
    assert not table.isColumnHidden(TEAM)
    shown = painted()
    assert shown.text == "" and not shown.icon.isNull(), f"{shown.text!r} beside the swatch"
    assert _tooltip(table, index).startswith(name)
    QToolTip.hideText()
    w.set_play_mode(False)
    idle()
    assert painted().text == name
