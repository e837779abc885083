"""Quitting (or leaving the battle) while an AI player is taking its turn: the AI waits while the
window asks "Leave the battle?". Before, its steps ran in the dialog's event loop and could open a
Response question under the dialog, so Discard did not close the window (seen in a real window
under openbox); Cancel lets the AI turn go on (pytest-qt, offscreen)."""

from __future__ import annotations

import pytest

from brikwars_gui.ui.main_window import MainWindow


@pytest.mark.parametrize("how", ["close", "edit mode", "new battle"])
def test_the_ai_turn_waits_while_the_window_asks_to_leave_the_battle(open_window, qtbot, how) -> None:
    window: MainWindow = open_window(ai_interval=40)
    window.set_play_mode(True, seed=4)
    c = window.controller
    window.turn_panel.end_turn.click()  # red's turn ends: blue's AI plays one unit every 40 ms
    qtbot.waitUntil(lambda: c.ai_running and c.game.active_player == "blue", timeout=20_000)
    seen: list[int] = []

    def ask() -> str:  # the user reads the question for half a second, then cancels
        seen.append(len(c.game.events))
        qtbot.wait(500)
        seen.append(len(c.game.events))
        return "cancel"

    window.ask_leave_game = ask
    window.ask_unsaved_work = ask
    if how == "close":
        window.close()
    elif how == "edit mode":
        window.act_edit_mode.trigger()
    else:
        window.new_battle()
    assert len(seen) == 2 and seen[0] == seen[1], "the AI played on under the question"
    assert window.isVisible() and window.play_mode
    qtbot.waitUntil(lambda: len(c.game.events) > seen[1], timeout=20_000)  # and goes on after Cancel
    window.ask_leave_game = window.ask_unsaved_work = lambda: "discard"
    assert window.close()  # Discard closes it (and no window is left behind for the next test)
