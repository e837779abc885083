"""The Scenario panel's players table: add, rename, recolour, human/AI, remove — all undoable."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.scenario_io import load_scenario


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window(
        load_scenario(SCENARIOS / "skirmish.json"),
        size=None,
        answer_responses=False,
        ai_interval=None,
        animate=None,
    )


def test_add_rename_recolour_and_undo_a_player(window: MainWindow) -> None:
    panel, doc = window.scenario_panel, window.doc
    model = panel.players_model
    before = [p.id for p in doc.scenario.players]
    order_before = list(doc.scenario.turn_order)
    model.add_player()
    assert model.rowCount() == len(before) + 1
    new = doc.scenario.players[-1]
    # a non-empty turn order must list every player: the new one joins at the end
    if order_before:
        assert doc.scenario.turn_order == [*order_before, new.id]
    assert model.setData(model.index(len(before), 0), "Green Militia", Qt.ItemDataRole.EditRole)
    assert model.setData(model.index(len(before), 2), "human", Qt.ItemDataRole.EditRole)
    panel.choose_colour = lambda current: "#228833"
    panel._double_clicked(model.index(len(before), 1))
    player = doc.scenario.players[-1]
    assert (player.name, player.controller, player.color) == ("Green Militia", "human", "#228833")
    for _ in range(4):
        doc.undo_stack.undo()
    assert [p.id for p in doc.scenario.players] == before
    assert doc.scenario.turn_order == order_before


def test_invalid_player_edits_are_refused_with_a_message(window: MainWindow, qtbot) -> None:
    model, doc = window.scenario_panel.players_model, window.doc
    messages: list[str] = []
    doc.editRejected.connect(messages.append)
    players_before = list(doc.scenario.players)
    assert not model.setData(model.index(0, 0), "", Qt.ItemDataRole.EditRole)  # empty name
    model.remove_player(0)  # red still has units on the field
    assert doc.scenario.players == players_before
    assert len(messages) == 2 and "cannot remove" in messages[1]


def test_new_asks_the_table_size_and_cancel_keeps_the_document(window: MainWindow) -> None:
    name = window.doc.scenario.name
    window.ask_new_size = lambda: None
    assert not window.new_document()
    assert window.doc.scenario.name == name
    window.ask_new_size = lambda: (72, 48)
    assert window.new_document()
    field = window.doc.scenario.battlefield
    assert (field.width, field.height) == (72, 48)
    assert window.doc.terrain.kind.shape == (48, 72)


def test_new_field_dialog_presets_fill_the_size(qtbot) -> None:
    from brikwars_gui.ui.panels import NewFieldDialog

    dialog = NewFieldDialog()
    qtbot.addWidget(dialog)
    assert dialog.field_size() == (24, 16)
    dialog.preset.setCurrentIndex(3)
    dialog.preset.activated.emit(3)
    assert dialog.field_size() == (120, 120)


def test_unit_list_filters_by_status_in_play_mode(window: MainWindow) -> None:
    window.ask_leave_game = lambda: "discard"
    window.set_play_mode(True, seed=4)
    c = window.controller
    c.game.state.units["red-captain"].disrupted = True  # test poke; the table reads it via the controller
    c.unitUpdated.emit("red-captain")
    panel = window.unit_panel
    proxy = panel.proxy
    panel.status_combo.setCurrentIndex(panel.status_combo.findData("Disrupted"))
    names = {proxy.index(r, 0).data() for r in range(proxy.rowCount())}
    assert names == {c.unit_view("red-captain").name}
    panel.status_combo.setCurrentIndex(panel.status_combo.findData("Dead"))
    assert proxy.rowCount() == 0
    panel.status_combo.setCurrentIndex(0)
    assert proxy.rowCount() == len(window.doc.scenario.units)


def test_the_new_field_dialog_is_wide_enough_for_its_whole_title(qtbot) -> None:
    """Review 2026-11-27 item 29: the window manager elided the narrow dialog's title to
    "New b…kWars"; it is now as wide as "New battlefield — BrikWars" in bold, with its buttons."""
    from PySide6.QtGui import QFont, QFontMetrics

    from brikwars_gui.ui.panels import NewFieldDialog

    dialog = NewFieldDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog, timeout=20_000)
    bold = QFont(dialog.font())
    bold.setBold(True)
    title = QFontMetrics(bold).horizontalAdvance("New battlefield — BrikWars")
    assert dialog.width() >= title + 100  # the window's icon and its three title-bar buttons
