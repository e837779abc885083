"""Issue 10 click-through: the Scenario tab's Players table showed only its Name column (under the
application's style sheet a Stretch header gave Name more than the whole table, pushing the other
columns out of sight). Every column is in view at 1600x1000, 1280x720 and 1024x700, and "Played by"
(controller and AI level in one column, so that it fits) is edited in place."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from brikwars_gui.paths import SCENARIOS

SIZES = [(1600, 1000), (1280, 720), (1024, 700), (1008, 652)]  # the last: 1024x700 less a window frame
NAME_MIN = 56  # px: a name elides, never vanishes (PlayersTable.NAME_MIN)


@pytest.mark.parametrize("size", SIZES)
def test_players_table_shows_every_column(qtbot, open_window, app_style, settle, size):
    w = open_window(SCENARIOS / "ruined_chapel.json", size=size, animate=None)
    settle(w)
    w.dock_scenario.raise_()
    table = w.scenario_panel.players
    header, model = table.horizontalHeader(), table.model()
    assert model.columnCount() == 3
    # the scroll bar follows the header in a queued layout: give a loaded machine time for it
    qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible(), timeout=20_000)
    used = 0
    for col in range(model.columnCount()):
        width = header.sectionSize(col)
        used += width
        title = model.headerData(col, Qt.Orientation.Horizontal)
        assert not header.isSectionHidden(col)
        if col == 0:
            assert width >= NAME_MIN, f"Name is {width} px at {size}"
        else:  # the short columns show their whole header and values (a swatch; "AI: passive")
            assert width >= header.sectionSizeHint(col), f"{title!r} header clipped at {size}"
            assert width >= table.sizeHintForColumn(col), f"{title!r} values clipped at {size}"
    assert used <= table.viewport().width(), f"columns {used} px in a {table.viewport().width()} px table"
    assert not table.horizontalScrollBar().isVisible()
    assert header.offset() == 0


def test_played_by_is_edited_in_place_and_undone(qtbot, open_window, app_style) -> None:
    w = open_window(SCENARIOS / "ruined_chapel.json", size=(1024, 700), animate=None)
    w.dock_scenario.raise_()
    table, model, doc = w.scenario_panel.players, w.scenario_panel.players_model, w.doc
    row = [p.id for p in doc.scenario.players].index("undead")
    index = model.index(row, 2)
    assert index.data() == f"AI: {doc.scenario.players[row].ai_level}"
    table.edit(index)
    editor = table.findChild(QComboBox)
    assert editor is not None and editor.isVisible()
    assert [editor.itemText(i) for i in range(editor.count())] == [
        "human", "AI: default", "AI: easy", "AI: normal", "AI: hard", "AI: passive"
    ]
    editor.setCurrentText("AI: hard")
    table.commitData(editor)
    player = doc.scenario.players[row]
    assert (player.controller, player.ai_level) == ("ai", "hard")
    assert model.setData(index, "human", Qt.ItemDataRole.EditRole)
    assert doc.scenario.players[row].controller == "human"
    assert model.setData(index, "ai", Qt.ItemDataRole.EditRole)  # back to the AI, its level kept
    assert (doc.scenario.players[row].controller, doc.scenario.players[row].ai_level) == ("ai", "hard")
    assert not model.setData(index, "AI: brutal", Qt.ItemDataRole.EditRole)  # refused by validation
    doc.undo_stack.undo()
    assert doc.scenario.players[row].controller == "human"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert (doc.scenario.players[row].controller, doc.scenario.players[row].ai_level) == ("ai", "default")
