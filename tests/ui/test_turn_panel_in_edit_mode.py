"""In Edit mode no battle is under way: the Turn dock said "Round 1 · Active: Red Patrol" (s9
real-window check). It now says that the battle has not started and who plays first, with End Turn
off; Play mode shows the round and the active player, and leaving it says "not started" again."""

from __future__ import annotations

from brikwars_gui.ui.main_window import MainWindow


def test_the_turn_dock_says_the_battle_has_not_started_in_edit_mode(window: MainWindow) -> None:
    panel = window.turn_panel
    assert not window.play_mode
    assert "Round" not in panel.round_label.text() and "not started" in panel.round_label.text()
    assert panel.active_label.text().startswith("Plays first:") and "Red Patrol" in panel.active_label.text()
    assert "Active" not in panel.active_label.text()
    assert not panel.end_turn.isEnabled()
    window.set_play_mode(True, seed=2)
    assert "Round 1" in panel.round_label.text() and "not started" not in panel.round_label.text()
    assert panel.active_label.text().startswith("Active:") and "Red Patrol" in panel.active_label.text()
    window.set_play_mode(False)
    assert "not started" in panel.round_label.text() and panel.active_label.text().startswith("Plays first:")
