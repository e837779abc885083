"""Hot seat with fog of war (issue 24, review 2026-11-27 problem 10): between two human players a
curtain covers the window ("Pass to Blue — click when ready"), and the next player cannot undo the
previous player's orders (Ctrl+Z took Red's order back and showed Red's view to Blue)."""

from __future__ import annotations

from tests.ui.test_fog_of_war_ui import foggy


def test_a_curtain_between_two_human_players_under_fog(open_window, qtbot) -> None:
    window = open_window(foggy(blue="human"))
    window.set_play_mode(True, seed=1)
    c = window.controller
    assert not window.curtain.covering  # the first player needs no hand-over
    assert c.order_face("a", "SE")
    assert c.can_undo()  # red may take back red's own order
    window.end_turn()
    assert c.active_player == "blue"
    assert window.curtain.covering and "Pass to" in window.curtain.label.text()
    assert "Blue" in window.curtain.label.text()
    assert window.curtain.geometry() == window.rect()  # the whole window, docks too
    assert not c.can_undo() and not window.act_undo_order.isEnabled()  # not red's order
    assert not window.undo_last_order()
    assert any(e.kind == "order" and e.player == "red" for e in c.game.events if e.kind == "order")
    window.curtain.button.click()
    assert not window.curtain.covering
    window.end_turn()
    assert c.active_player == "red" and window.curtain.covering and "Red" in window.curtain.label.text()


def test_no_curtain_against_the_computer_or_without_fog(open_window) -> None:
    for scenario in (foggy(blue="ai"), foggy(blue="human", fog=False)):
        window = open_window(scenario)
        window.set_play_mode(True, seed=1)
        window.end_turn()
        window.controller.skip_ai()
        assert not window.curtain.covering
        window.set_play_mode(False)
        window.close()


def test_under_fog_the_turn_panel_does_not_list_the_unseen_enemys_units(open_window) -> None:
    """Review 2026-11-27 item 19: during the hidden enemy's turn its units were listed."""
    window = open_window(foggy(blue="ai"))
    window.set_play_mode(True, seed=1)
    c = window.controller
    state = c.game.state
    state.active_index = state.turn_order.index("blue")
    window.turn_units.reset()
    assert c.hidden_from_viewer("z") and window.turn_units.row_of("z") == -1
    state.active_index = state.turn_order.index("red")
    window.turn_units.reset()
    assert window.turn_units.row_of("a") == 0
