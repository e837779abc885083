"""Fog of war in the window (issue 10): an enemy out of sight of every unit of the human player is
not drawn, not listed with its position, not on hover and not logged; it appears once a unit sees
it; where it was last seen is marked; the editor's check box turns the option on (undoable)."""

from __future__ import annotations

from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.main_window import MainWindow


def foggy(*, fog: bool = True, blue: str = "ai", green: bool = False) -> Scenario:
    """Red (human) at (5, 5) looks north; blue's unit stands far to the south-east, looking south."""
    players = [
        {"id": "red", "name": "Red", "controller": "human"},
        {"id": "blue", "name": "Blue", "controller": blue},
    ]
    units = [
        {"id": "a", "name": "Red Rifleman", "team": "red", "position": [5, 5], "facing": "N",
         "weapons": [{"name": "rifle", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}]},
        {"id": "z", "name": "Blue Rifleman", "team": "blue", "position": [25, 15], "facing": "S",
         "weapons": [{"name": "rifle", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}]},
    ]
    if green:
        players.append({"id": "green", "name": "Green", "controller": "ai", "ai_level": "passive"})
        units.append({"id": "g", "name": "Green Guard", "team": "green", "position": [1, 18]})
    return Scenario.model_validate(
        {
            "format_version": 2,
            "name": "fog test",
            "battlefield": {"width": 30, "height": 20},
            "players": players,
            "units": units,
            "fog_of_war": fog,
        }
    )


def play(window: MainWindow) -> None:
    window.set_play_mode(True, seed=1)
    assert window.controller.has_game


def row_text(window: MainWindow, unit_id: str, column: int) -> str:
    model = window.unit_panel.model
    return str(model.index(model.row_of(unit_id), column).data())


def test_fog_an_enemy_out_of_sight_is_not_drawn_listed_hovered_or_overviewed(open_window) -> None:
    window = open_window(foggy())
    play(window)
    c = window.controller
    assert not window.scene.unit_items["z"].isVisible()
    assert window.scene.unit_items["a"].isVisible()
    assert row_text(window, "z", 2) == "?"
    assert c.unit_status("z") == "Unseen (fog of war)"
    assert c.unit_at((25, 15)) is None and c.unit_position("z") is None
    assert c.unit_card("z") is None  # no unit card (inspector, hover) with live news of it
    mask, ghosts = c.fog_view()
    assert mask[15, 25] and not mask[2, 5] and ghosts == []  # (25, 15) fogged, red's view clear
    assert window.fog_layer.item is not None and window.fog_layer.item.isVisible()


def test_fog_the_enemy_appears_when_a_unit_turns_to_see_it(open_window, qtbot) -> None:
    window = open_window(foggy())
    play(window)
    c = window.controller
    assert c.order_face("a", "SE")
    qtbot.waitUntil(lambda: window.scene.unit_items["z"].isVisible(), timeout=20_000)
    assert row_text(window, "z", 2) == "25, 15"
    assert c.unit_at((25, 15)) == "z" and c.unit_status("z") != "Unseen (fog of war)"
    assert not c.fog_view()[0][15, 25]
    assert c.order_face("a", "N")  # looks away: the enemy goes, a ghost marks where it was
    qtbot.waitUntil(lambda: not window.scene.unit_items["z"].isVisible(), timeout=20_000)
    assert c.fog_view()[1] == [("z", "Blue Rifleman", (25, 15), 1)]
    qtbot.waitUntil(lambda: len(window.fog_layer.ghosts) == 1, timeout=20_000)
    assert "last seen here in round 1" in window.fog_layer.ghosts[0].toolTip()


def test_fog_the_enemys_moves_out_of_sight_are_not_logged(open_window, qtbot) -> None:
    window = open_window(foggy())
    play(window)
    c = window.controller
    window.end_turn()  # blue's AI sees nobody and searches toward the middle of the table
    qtbot.waitUntil(lambda: c.active_player == "red" and c.round == 2, timeout=20_000)
    moved = [e for e in c.game.events if e.kind == "unit_moved" and e.unit == "z"]
    assert moved, "blue moved"
    assert not [e for e in c.log if "z" in e.units or e.text.startswith("z ")]
    assert not window.scene.unit_items["z"].isVisible()
    shown = [e.text for e in window.log_panel.model.entries]
    assert shown and not any(t.startswith("z ") or "Blue Rifleman" in t for t in shown)


def test_fog_the_timeline_shows_what_the_player_knew_then(open_window, qtbot) -> None:
    window = open_window(foggy())
    play(window)
    c = window.controller
    assert c.order_face("a", "SE")  # red sees z now (live) ...
    assert not c.hidden_from_viewer("z")
    c.show_snapshot(0)  # ... but not at the start of round 1, when red looked north
    assert c.hidden_from_viewer("z") and c.unit_at((25, 15)) is None
    qtbot.waitUntil(lambda: not window.scene.unit_items["z"].isVisible(), timeout=20_000)
    c.show_live()
    qtbot.waitUntil(lambda: window.scene.unit_items["z"].isVisible(), timeout=20_000)


def test_without_fog_the_enemy_is_shown_and_no_fog_is_drawn(open_window) -> None:
    window = open_window(foggy(fog=False))
    play(window)
    assert window.scene.unit_items["z"].isVisible()
    assert window.controller.fog_view() == (None, [])
    assert window.fog_layer.item is None or not window.fog_layer.item.isVisible()


def test_hot_seat_shows_the_last_human_during_an_ai_turn_never_everything(open_window) -> None:
    window = open_window(foggy(blue="human", green=True))
    play(window)
    c = window.controller
    state = c.game.state
    assert c.viewer_team() == "red"
    state.active_index = state.turn_order.index("blue")
    assert c.viewer_team() == "blue" and c.hidden_from_viewer("a")  # blue does not see red
    state.active_index = state.turn_order.index("green")  # the AI's turn: still blue's view
    assert c.viewer_team() == "blue"


def test_fog_of_war_check_box_in_the_scenario_panel_is_undoable(open_window) -> None:
    window = open_window(foggy(fog=False))
    box = window.scenario_panel.fog
    assert not box.isChecked()
    box.click()
    assert window.doc.scenario.fog_of_war and box.isChecked()
    window.doc.undo_stack.undo()
    assert not window.doc.scenario.fog_of_war and not box.isChecked()
    window.doc.undo_stack.redo()
    assert window.doc.scenario.fog_of_war and box.isChecked()
