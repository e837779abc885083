"""Issue 10, defects 5, 6 and 10 (small ones): the window fits small screens, Edit mode keeps its
Palette after quitting in Play mode, Ctrl+Y redoes, the toolbar does not jump (pytest-qt, offscreen)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence


@pytest.mark.parametrize("size", [(1280, 720), (1024, 700)])
@pytest.mark.parametrize("play", [False, True])
def test_the_window_fits_small_screens_and_the_battlefield_keeps_most_of_it(qtbot, open_window, size, play):
    w = open_window(size=size, animate=None)
    if play:
        w.set_play_mode(True, seed=2)
    view = w.centralWidget()
    # the docks are laid out once the window has its size (queued): wait for it, then check it
    qtbot.waitUntil(lambda: view.width() >= 0.5 * size[0], timeout=20_000)  # a loaded machine lays out slowly
    hint = w.minimumSizeHint()
    assert hint.width() <= size[0] and hint.height() <= size[1] - 40  # room for a title bar
    assert (w.width(), w.height()) == size
    assert view.width() >= 0.5 * size[0], f"battlefield {view.width()} px of {size[0]}"
    assert view.height() >= 0.45 * size[1]
    for act in w.game_toolbar.actions():  # Edit/Play/End Turn never hide in the toolbar overflow
        button = w.game_toolbar.widgetForAction(act)
        assert button is not None and button.isVisible(), act.text()
        assert button.geometry().right() <= w.game_toolbar.width()


def test_quitting_in_play_mode_keeps_the_palette_for_the_next_edit_start(idle, open_window) -> None:
    w = open_window(animate=None)
    assert w.dock_palette.isVisible()
    w.set_play_mode(True, seed=2)
    assert not w.dock_palette.isVisible()
    w.close()
    again = open_window(animate=None)
    idle()
    assert not again.play_mode
    assert again.dock_palette.isVisible()
    assert not again.timeline_bar.isVisible()


def test_ctrl_y_redoes_an_edit_and_undo_keeps_its_label(qtbot, open_window) -> None:
    w = open_window(animate=None)
    unit = w.doc.scenario.units[0].id
    w.selection.select("unit", unit)
    width = w.toolbar.widgetForAction(w.act_undo).width()
    w.act_rotate.trigger()
    rotated = w.doc.unit(unit).facing
    assert w.act_undo.text() == "&Undo" and w.doc.undo_stack.undoText() in w.act_undo.toolTip()
    assert w.toolbar.widgetForAction(w.act_undo).width() == width
    w.act_undo.trigger()
    assert w.doc.unit(unit).facing != rotated
    assert QKeySequence("Ctrl+Y") in w.act_redo.shortcuts()
    w.act_redo.trigger()
    assert w.doc.unit(unit).facing == rotated
    w.set_play_mode(True, seed=1)
    assert not w.act_undo.isEnabled() and not w.act_redo.isEnabled()


@pytest.mark.parametrize("play", [False, True])
def test_every_toolbar_button_of_the_mode_fits_at_1280x720(idle, open_window, app_style, play) -> None:
    """Review 2026-11-27 item 16: with the app's style at 1280x720 the Edit-mode toolbar ended at
    "Terrain" (Hazard, Fire and Unit cut off, no overflow arrow). Each mode shows its own buttons
    (the turn's in Play mode, the editing tools in Edit mode) and every one is on screen."""
    w = open_window(size=(1280, 720), animate=None)
    if play:
        w.set_play_mode(True, seed=2)
    idle()
    shown = [b for b in (w.game_toolbar, w.turn_toolbar, w.toolbar, w.tools_toolbar) if b.isVisible()]
    assert (w.turn_toolbar in shown) == play and (w.tools_toolbar in shown) != play
    for bar in shown:
        for act in bar.actions():
            if act.isSeparator():
                continue
            button = bar.widgetForAction(act)
            assert button is not None and button.isVisible(), f"{bar.objectName()}: {act.text()}"
            right = button.mapTo(w, button.rect().topRight()).x()
            assert right < w.width(), f"{act.text()} ends at {right} px of {w.width()}"
    names = {a.text() for a in w.tools_toolbar.actions()}
    assert {"Hazard", "Fire", "Unit"} <= names
