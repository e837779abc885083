"""Issue 10, defect 10: Ctrl+Y (and the platform's Redo keys) redo an undone edit when the user
presses them, checked with synthetic key presses on the window, not by triggering the action."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from brikwars_gui.ui.main_window import MainWindow


@pytest.fixture
def window(open_window, qtbot) -> MainWindow:
    w = open_window(size=(1280, 720))
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=20_000)
    return w


@pytest.mark.parametrize(
    "where", ["window", "battlefield", "unit table"], ids=["window", "battlefield", "unit-table"]
)
@pytest.mark.parametrize(
    "redo",
    [
        (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier),
        (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
    ],
    ids=["ctrl-y", "ctrl-shift-z"],
)
def test_redo_keys_redo_the_edit_undone_with_ctrl_z(window: MainWindow, qtbot, where: str, redo) -> None:
    target = {"window": window, "battlefield": window.view, "unit table": window.unit_panel.table}[where]
    target.setFocus()
    unit = window.doc.scenario.units[0].id
    window.selection.select("unit", unit)
    before = window.doc.unit(unit).facing
    qtbot.keyClick(target, Qt.Key.Key_R)  # Rotate (R)
    rotated = window.doc.unit(unit).facing
    assert rotated != before
    qtbot.keyClick(target, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.doc.unit(unit).facing == before
    qtbot.keyClick(target, *redo)
    assert window.doc.unit(unit).facing == rotated


def test_in_play_mode_ctrl_y_never_touches_the_scenarios_edits(window: MainWindow, qtbot) -> None:
    unit = window.doc.scenario.units[0].id
    window.selection.select("unit", unit)
    window.act_rotate.trigger()
    window.act_undo.trigger()
    facing = window.doc.unit(unit).facing
    window.set_play_mode(True, seed=1)
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.doc.unit(unit).facing == facing and window.doc.undo_stack.canRedo()
