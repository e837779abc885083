"""Play-mode GUI for the issue 8 orders (pytest-qt, offscreen): context-menu entries for operating a
trapped door, careful movement through wire, setting a load down, and Hidden enemies kept off the
human player's board and log (G-16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brikwars_gui.ui.main_window import MainWindow

GUN = {"name": "gun", "kind": "ranged", "use": 2, "range": 8, "damage": "1d6"}


def scenario_file(tmp_path: Path) -> Path:
    data = {
        "name": "chapter f",
        "battlefield": {"width": 14, "height": 10},
        "units": [
            {"id": "a", "name": "Sapper Ann", "team": "red", "position": [4, 5], "carrying_heavy": True},
            {
                "id": "sniper",
                "name": "Sniper Sly",
                "team": "blue",
                "position": [12, 1],
                "hidden": True,
                "weapons": [GUN],
            },
            {"id": "guard", "name": "Guard Gus", "team": "blue", "position": [13, 9]},
        ],
        "objects": [{"id": "door", "name": "Door", "cells": [[5, 5]], "size": 1, "weight": 1}],
        "hazards": [{"id": "wire", "kind": "spiked", "cells": [[4, 6], [4, 7]], "dice": "1d6"}],
        "traps": [{"id": "gun", "trigger": "door", "at": [5, 8], "weapon": GUN}],
        "players": [
            {"id": "red", "name": "Red", "controller": "human"},
            {"id": "blue", "name": "Blue", "controller": "ai"},
        ],
    }
    path = tmp_path / "chapter_f.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def window(open_window, tmp_path: Path, data_dir) -> MainWindow:
    return open_window(scenario_file(tmp_path), data_dir=data_dir, size=(1200, 800))


def texts(menu) -> list[str]:
    return [a.text() for a in menu.actions() if a.text()]


def test_r_trap_2_operate_entry_fires_the_trap_and_logs_it(window: MainWindow) -> None:
    window.set_play_mode(True, script=[3, 2] + [1] * 50)  # Trap d4 3 ≥ Use 2: hit for 2
    menu = window.build_action_menu("a", (5, 5))
    operate = next(a for a in menu.actions() if a.text().startswith("Operate Door"))
    operate.trigger()
    kinds = [e.kind for e in window.log_panel.model.entries]
    assert "object_operated" in kinds and "trap_fired" in kinds


def test_r_haz_15_careful_move_entry_spends_the_action_and_slows(window: MainWindow) -> None:
    window.set_play_mode(True, script=[2] + [1] * 50)
    menu = window.build_action_menu("a", (4, 6))
    careful = next(a for a in menu.actions() if a.data() == "careful_move")
    assert "R-HAZ-15" in careful.text()
    careful.trigger()  # 2" of Move at Half Speed (its load) + 2" of wire
    unit = window.controller.game.unit("a")
    assert unit.pos == (4, 6) and unit.action_used and unit.move_spent == 4
    assert not [e for e in window.log_panel.model.entries if e.kind == "hazard_exposure"]
    assert "careful_move" not in [a.data() for a in window.build_action_menu("a", (4, 7)).actions()]


def test_r_haz_20_set_the_load_down_entry(window: MainWindow) -> None:
    window.set_play_mode(True, script=[1] * 50)
    menu = window.build_action_menu("a", (3, 5))
    place = next(a for a in menu.actions() if a.data() == "place")
    place.trigger()
    assert not window.controller.game.unit("a").carrying_heavy
    assert "place" not in [a.data() for a in window.build_action_menu("a", (3, 4)).actions()]


def test_g_16_a_hidden_enemy_is_not_drawn_targeted_or_logged_for_the_human(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=4)
    c = window.controller
    assert c.viewer_team() == "red" and c.hidden_from_viewer("sniper")
    assert not window.scene.unit_items["sniper"].isVisible()
    assert window.scene.unit_items["guard"].isVisible()
    assert c.unit_at((12, 1)) is None and c.unit_position("sniper") is None
    model = window.unit_panel.model
    row = model.row_of("sniper")
    assert model.index(row, 2).data() == "?" and model.index(row, 8).data() == "Hidden (G-16)"
    assert not any("Sniper" in t for t in texts(window.build_action_menu("a", (12, 1), "sniper")))
    c.end_turn()  # the AI's turn: the sniper may move while Hidden
    qtbot.waitUntil(lambda: c.active_player == "red" or c.game.over, timeout=10000)
    hidden = c.game.unit("sniper").hidden
    assert window.scene.unit_items["sniper"].isVisible() == (not hidden)
    entries = window.log_panel.model.entries
    first = next((i for i, e in enumerate(entries) if e.kind == "unit_revealed"), len(entries))
    early = [e.text for e in entries[:first] if "sniper" in e.text]
    assert not early, early  # nothing before it gave itself away
    assert hidden == (first == len(entries))
