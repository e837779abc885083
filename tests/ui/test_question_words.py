"""Issue 25's real-window check of three questions (pytest-qt, offscreen): the fire's controller
picking where it spreads (R-FIRE-12), a guard's saved Action on a trap's lever (R-RESP-2) and D6
Character Points on a Damage roll (R-D6-7) say what is at stake in the player's words, and their
answers stay readable at 1280x720. Each question comes from a real battle through the window."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.ui.main_window import MainWindow

FLAMER = {"name": "flamer", "kind": "ranged", "use": 2, "range": 4, "damage": "2d4", "damage_type": "fire"}
DARTS = {"name": "darts", "kind": "ranged", "use": 2, "range": 8, "damage": "1d6"}


def battle(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "battle.json"
    path.write_text(json.dumps({"battlefield": {"width": 14, "height": 10}, **data}), encoding="utf-8")
    return path


def players(first: str, second: str, second_controller: str = "ai") -> list[dict]:
    return [
        {"id": first, "name": first.title(), "controller": "human"},
        {"id": second, "name": second.title(), "controller": second_controller},
    ]


def asked(window: MainWindow, order) -> dict:
    """Run `order()`; when the prompt asks, note its words and buttons and take the default."""
    seen: dict = {}
    prompt = window.response_prompt

    def look() -> None:
        if not prompt.active:
            QTimer.singleShot(20, look)
            return
        seen.update(
            question=prompt.request.question,
            headline=prompt.label.text(),
            buttons=[b.text() for b in prompt.buttons.values()],
            clipped=[b.text() for b in prompt.buttons.values() if b.width() < b.sizeHint().width() - 2],
            cells=dict(window.choice_cells.items),
        )
        prompt.take_default()

    QTimer.singleShot(0, look)
    order()
    return seen


@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720)])
def test_r_fire_12_the_fire_patch_question_names_the_burning_object_and_the_way_it_changes(
    open_window, tmp_path: Path, size
) -> None:
    data = {
        "name": "barn",
        "units": [
            {"id": "a", "name": "Fran", "team": "red", "position": [3, 1], "weapons": [FLAMER]},
            {"id": "z", "name": "Zed", "team": "blue", "position": [13, 9]},
        ],
        "objects": [{"id": "barn", "name": "Barn", "cells": [[4, 1], [5, 1], [6, 1], [4, 2], [5, 2], [6, 2]],
                     "size": 6, "weight": 0.5}],
        "players": players("red", "blue"),
    }
    w = open_window(battle(tmp_path, data), answer_responses=False, size=size)
    w.set_play_mode(True, script=[5, 3, 2, 1] + [1] * 40)  # hit; both d4s catch: a 2" fire (R-FIRE-3)
    seen = asked(w, lambda: w.controller.order_action("a", Attack("flamer", "barn")))
    assert seen["question"] == "fire_patch"
    assert seen["headline"].startswith('The fire on <b>Barn</b> grows by 1": click the shaded cell it')
    assert "fire:barn" not in seen["headline"]  # before: "Your fire fire:barn changes size"
    assert set(seen["cells"]) == {(5, 1), (4, 2), (5, 2)}
    assert {item.toolTip().split(" — ")[0] for item in seen["cells"].values()} == {
        "The fire spreads to [5, 1]", "The fire spreads to [4, 2]", "The fire spreads to [5, 2]"}
    assert not seen["clipped"]


def test_r_resp_2_the_lever_question_names_the_trap_the_lever_and_its_target(open_window, tmp_path) -> None:
    data = {
        "name": "corridor",
        "units": [
            {"id": "guard", "name": "Guard Gus", "team": "blue", "position": [6, 3], "facing": "S"},
            {"id": "thief", "name": "Thief Tam", "team": "red", "position": [7, 8], "facing": "N"},
        ],
        "objects": [
            {"id": "lever", "name": "Lever", "kind": "lever", "cells": [[5, 2]], "size": 1, "weight": 1,
             "blocks_movement": False, "blocks_sight": False}
        ],
        "traps": [{"id": "darts", "name": "Dart trap", "trigger": "lever", "at": [2, 5], "owner": "blue",
                   "direction": "E", "weapon": DARTS}],
        "players": players("blue", "red", "human"),  # hot seat: the thief is moved by hand
    }
    w = open_window(battle(tmp_path, data), answer_responses=False, size=(1280, 720))
    w.set_play_mode(True, script=[3, 5] + [1] * 40)
    w.controller.end_turn()  # the guard keeps his Action (R-RESP-1)
    seen = asked(w, lambda: w.controller.order_move("thief", (7, 3)))
    assert seen["question"] == "operate_response"
    assert "Thief Tam steps into the aim of Dart trap. Pull Lever with your saved" in seen["headline"]
    assert "first unit in its aim: <b>Thief Tam</b>" in seen["headline"]
    assert seen["buttons"] == ["Pull Lever: fire at Thief Tam (default, Enter/Esc)", "Do nothing"]
    assert not seen["clipped"]


def test_r_d6_7_the_damage_points_question_says_what_was_rolled_and_fits(open_window, tmp_path) -> None:
    data = {
        "name": "d6 duel",
        "ruleset": "d6",
        "units": [
            {"id": "a", "name": "Hero Hal", "team": "red", "position": [2, 2], "hero": True,
             "weapons": [{"name": "shortsword", "kind": "close", "use": 2, "damage": "1d6+1"}],
             "d6": {"melee": "3D", "character_points": 5, "fate_points": 0}},
            {"id": "z", "name": "Orc Urg", "team": "blue", "position": [3, 2], "d6": {"character_points": 0}},
        ],
        "players": players("red", "blue"),
    }
    w = open_window(battle(tmp_path, data), answer_responses=False, size=(1280, 720))
    w.set_play_mode(True, script=[5, 5, 5, 3, 2, 2, 2] + [3] * 40)  # a hit; Damage 2D+2: 3 + 2 + 2 = 7
    seen = asked(w, lambda: w.controller.order_action("a", Attack("shortsword", "z")))
    assert seen["question"] == "damage_points"
    assert "your shortsword damage rolled <b>7</b> before the target resists" in seen["headline"]
    assert seen["buttons"] == ["Keep my points (default, Enter/Esc)", "1 CP", "2 CP", "3 CP", "4 CP", "5 CP"]
    assert not seen["clipped"]  # before: side by side, "Keep my points (default…" cut at 1280x720


def test_r_fire_12_a_fire_dying_down_asks_where_it_goes_out() -> None:
    from brikwars_gui.engine.rules.common import DecisionRequest
    from brikwars_gui.ui.response_prompt import describe

    detail = {"change": "shrink", "fire": "fire:barn"}
    request = DecisionRequest("fire_patch", "barn", "red", "fire:barn", ("4,4", "5,4"), "4,4", detail)
    text = describe(request, {"barn": "Barn"})
    assert text.headline.startswith('The fire on <b>Barn</b> dies down by 1": click the shaded cell where')
    assert text.cells == {
        (4, 4): "The fire goes out at [4, 4] — the default",
        (5, 4): "The fire goes out at [5, 4]",
    }
