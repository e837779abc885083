"""Issue 10 click-through: a hot-seat log under fog of war shows each line as the viewing player's
side witnessed it when it happened (engine/visibility.py), live and after loading a saved game.
Before, each line was kept as the player viewing at the time saw it (blue read red's unseen moves)
and a resumed game filtered the old lines by what the player knew at the end."""

from __future__ import annotations

from brikwars_gui.scenario.models import Scenario
from brikwars_gui.scenario.savegame import save_saved_game

RIFLE = {"name": "rifle", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}


def hot_seat() -> Scenario:
    """Red (human) at (5, 5) and blue (human) at (25, 15), facing away from each other, fog on."""
    return Scenario.model_validate(
        {
            "format_version": 2,
            "name": "hot seat",
            "battlefield": {"width": 30, "height": 20},
            "players": [
                {"id": "red", "name": "Red", "controller": "human"},
                {"id": "blue", "name": "Blue", "controller": "human"},
            ],
            "units": [
                {"id": "a", "name": "Ash", "team": "red", "position": [5, 5], "facing": "N",
                 "weapons": [RIFLE]},
                {"id": "z", "name": "Zed", "team": "blue", "position": [25, 15], "facing": "S",
                 "weapons": [RIFLE]},
            ],
            "fog_of_war": True,
        }
    )


def names(log, unit: str) -> list[str]:
    return [e.kind for e in log if unit in e.units]


def _red_moves_unseen_then_blue_looks(w) -> None:
    """Red moves while blue looks away, then turns to see blue; blue's turn: it turns to see red."""
    w.set_play_mode(True, seed=1)
    c = w.controller
    assert c.active_player == "red" and c.viewer_team() == "red"
    assert c.order_move("a", (5, 4))  # unseen by blue: it looks south
    assert c.order_face("a", "SE")  # red now sees z
    assert "unit_moved" in names(c.log, "a")
    w.end_turn()
    assert c.active_player == "blue" and c.viewer_team() == "blue"
    assert c.order_face("z", "NW")  # blue sees red now, but did not when red moved
    assert not c.hidden_from_viewer("a")


def test_hot_seat_log_live_shows_each_player_what_its_side_witnessed(open_window):
    w = open_window(hot_seat())
    _red_moves_unseen_then_blue_looks(w)
    c = w.controller
    assert names(c.log, "a") == [], "blue reads of red's move it never saw"
    assert [e.index for e in c.log] == list(range(len(c.log)))  # numbered for blue: no gaps
    shown = [e.text for e in w.log_panel.model.entries]
    assert not [t for t in shown if t.startswith("a ")]
    assert "z turns to face NW" in shown
    w.end_turn()  # back to red: its own move and blue's turn, which it saw
    assert c.viewer_team() == "red"
    assert "unit_moved" in names(c.log, "a")
    assert any(e.text == "z turns to face NW" for e in c.log)
    assert any(e.text.startswith("a moves") for e in w.log_panel.model.entries)


def test_hot_seat_log_after_loading_reads_as_it_did_live(open_window, tmp_path):
    w = open_window(hot_seat())
    _red_moves_unseen_then_blue_looks(w)
    live_blue = [(e.kind, e.text) for e in w.controller.log]
    game_file = tmp_path / "hot.json"
    save_saved_game(w.controller.saved_game(), game_file)
    again = open_window(None)
    assert again.open_saved_game(game_file)
    c = again.controller
    assert c.viewer_team() == "blue"
    assert names(c.log, "a") == [], "the resumed log shows blue what it knows now, not what it saw then"
    assert [(e.kind, e.text) for e in c.log] == live_blue
    assert not [e.text for e in again.log_panel.model.entries if e.text.startswith("a ")]
