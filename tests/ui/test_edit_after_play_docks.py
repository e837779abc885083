"""Back in Edit mode after Play, the Turn panel gives the inspector back its room (it kept Play
mode's tall Turn dock: the inspector's form was squeezed under a half-empty Turn panel)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720)])
def test_edit_mode_after_play_gives_the_inspector_its_room_back(qtbot, open_window, settle, size) -> None:
    w = open_window(size=size, animate=None)
    settle(w)
    turn_before = w.dock_turn.height()
    w.set_play_mode(True, seed=2)
    settle(w)
    w.set_play_mode(False)
    settle(w)
    qtbot.waitUntil(lambda: w.dock_turn.height() < w.dock_inspector.height(), timeout=20_000)
    assert w.dock_turn.height() <= turn_before + 40
