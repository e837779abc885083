"""Play-mode GUI for the issue 8 orders (pytest-qt, offscreen): context-menu entries for operating a
trapped door, careful movement through wire, setting a load down, and Hidden enemies kept off the
human player's board and log (G-16); then each further issue 8 order from its context-menu entry to
the Game: Reset trap, Fight fire, Roll on the ground, Charge, group Sprint, Climb, Vehicle Controls,
putting Armor back on, and a Blessing on the attack forecast card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brikwars_gui.ui.main_window import MainWindow

GUN = {"name": "gun", "kind": "ranged", "use": 2, "range": 8, "damage": "1d6"}
PLAYERS = [
    {"id": "red", "name": "Red", "controller": "human"},
    {"id": "blue", "name": "Blue", "controller": "ai"},
]


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
        "players": PLAYERS,
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
    qtbot.waitUntil(lambda: c.active_player == "red" or c.game.over, timeout=60_000)
    hidden = c.game.unit("sniper").hidden
    assert window.scene.unit_items["sniper"].isVisible() == (not hidden)
    entries = window.log_panel.model.entries
    first = next((i for i, e in enumerate(entries) if e.kind == "unit_revealed"), len(entries))
    early = [e.text for e in entries[:first] if "sniper" in e.text]
    assert not early, early  # nothing before it gave itself away
    assert hidden == (first == len(entries))


# ---------------------------------------------------------------------------------------------
# One small battle per order: red (human) acts, blue (AI) stands far away.

SWORD = {"name": "sword", "kind": "close", "use": 2, "damage": "1d6+1"}


def battle(tmp_path: Path, units: list[dict], **extra: object) -> Path:
    data = {
        "name": "drill",
        "battlefield": {"width": 16, "height": 10},
        "units": [*units, {"id": "far", "name": "Far Fay", "team": "blue", "position": [15, 9]}],
        "players": PLAYERS,
        **extra,
    }
    path = tmp_path / "drill.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def red(uid: str, pos: list[int], **kw: object) -> dict:
    return {"id": uid, "name": uid.title(), "team": "red", "position": pos, **kw}


def entry(menu, start: str):
    found = [a for a in menu.actions() if a.text().startswith(start)]
    assert found, texts(menu)
    return found[0]


def kinds(window: MainWindow) -> list[str]:
    return [e.kind for e in window.log_panel.model.entries]


def test_r_trap_5_reset_trap_entry_rearms_the_spent_trap(open_window, tmp_path: Path) -> None:
    door = {"id": "door", "name": "Door", "cells": [[5, 5]], "size": 1, "weight": 1}
    trap = {"id": "gun", "trigger": "door", "at": [5, 7], "weapon": GUN, "armed": False}
    w = open_window(battle(tmp_path, [red("tech", [4, 5])], objects=[door], traps=[trap]))
    w.set_play_mode(True, script=[1] * 50)
    entry(w.build_action_menu("tech", (4, 5)), "Reset trap gun").trigger()
    assert w.controller.game.state.traps["gun"].armed and "trap_reset" in kinds(w)


def test_r_fire_11_fight_fire_entry_cuts_the_fire_by_the_apparatus(open_window, tmp_path: Path) -> None:
    hut = {"id": "hut", "name": "Hut", "cells": [[5, 5]], "size": 3, "weight": 1}
    fire = {"id": "blaze", "object": "hut", "cells": [[5, 5]], "size": 2, "owner": "blue"}
    units = [red("bucket", [4, 5], apparatus=1)]
    w = open_window(battle(tmp_path, units, objects=[hut], fires=[fire]))
    w.set_play_mode(True, script=[1] * 50)
    entry(w.build_action_menu("bucket", (4, 5)), "Fight fire blaze").trigger()
    assert w.controller.game.state.fires["blaze"].size == 1 and w.controller.game.unit("bucket").action_used


def test_g_23_roll_on_the_ground_entry_puts_out_an_inch(open_window, tmp_path: Path) -> None:
    fire = {"id": "flames", "object": "torch", "cells": [[4, 5]], "size": 1}
    w = open_window(battle(tmp_path, [red("torch", [4, 5])], fires=[fire]))
    w.set_play_mode(True, script=[2] + [1] * 50)  # its Burning Roll (R-FIRE-8): 2 keeps it at 1"
    assert w.controller.game.unit("torch").fire_size == 1
    entry(w.build_action_menu("torch", (4, 5)), "Roll on the ground").trigger()
    assert w.controller.game.unit("torch").fire_size == 0


def test_r_move_20_charge_entry_sprints_and_strikes(open_window, tmp_path: Path) -> None:
    foe = {"id": "foe", "name": "Foe Flo", "team": "blue", "position": [9, 5]}
    w = open_window(battle(tmp_path, [red("knight", [2, 5], weapons=[SWORD]), foe]))
    w.set_play_mode(True, script=[4, 3, 2] + [1] * 50)  # Sprint +4"; Strike 3 ≥ 2; Damage 2+1
    entry(w.build_action_menu("knight", (9, 5), "foe"), "Charge Foe Flo").trigger()
    assert w.controller.game.unit("knight").pos == (8, 5)
    attacked = [e for e in w.controller.game.events if e.kind == "attacked"]
    assert attacked and attacked[0].target == "foe" and attacked[0].hit


def test_r_move_20_group_sprint_entry_moves_the_group_on_one_roll(open_window, tmp_path: Path) -> None:
    w = open_window(battle(tmp_path, [red("ann", [2, 5]), red("bob", [2, 6])]))
    w.set_play_mode(True, script=[3] + [1] * 50)
    menu = w.build_action_menu("ann", (12, 5))
    assert not [a for a in w.build_action_menu("ann", (2, 5)).actions() if a.text().startswith("Group")]
    entry(menu, "Group Sprint with Bob").trigger()
    game = w.controller.game
    assert game.unit("ann").pos == (10, 5) and game.unit("bob").pos == (10, 6)
    assert kinds(w).count("sprinted") == 2


def test_r_move_6_climb_entry_scales_the_cliff(open_window, tmp_path: Path) -> None:
    cliff = {"kind": "elevated", "cells": [[3, 5]], "elevation": 6}
    w = open_window(battle(tmp_path, [red("ann", [2, 5])], terrain=[cliff]))
    w.set_play_mode(True, script=[1] * 50)
    entry(w.build_action_menu("ann", (2, 5)), "Climb to").trigger()
    assert w.controller.game.unit("ann").pos == (3, 5) and w.controller.game.unit("ann").move_spent == 4


def test_r_move_6_vehicle_controls_entry_stops_the_operator(open_window, tmp_path: Path) -> None:
    jeep = {"id": "jeep", "name": "Jeep", "kind": "vehicle", "cells": [[3, 5]], "size": 2, "weight": 1}
    w = open_window(battle(tmp_path, [red("ann", [2, 5])], objects=[jeep]))
    w.set_play_mode(True, script=[1] * 50)
    item = entry(w.build_action_menu("ann", (2, 5)), "Operate Jeep")
    assert "Stopped, uses the Action" in item.text()
    item.trigger()
    ann = w.controller.game.unit("ann")
    assert ann.stopped and ann.action_used and "object_operated" in kinds(w)


def test_r_move_6_armor_off_and_back_on_from_the_menu(open_window, tmp_path: Path) -> None:
    w = open_window(battle(tmp_path, [red("ann", [2, 5], heavy_armor=True)]))
    w.set_play_mode(True, script=[1] * 50)
    entry(w.build_action_menu("ann", (2, 5)), "Drop heavy items").trigger()
    assert not w.controller.game.unit("ann").heavy_armor
    entry(w.build_action_menu("ann", (2, 5)), "Put the heavy Armor back on").trigger()
    ann = w.controller.game.unit("ann")
    assert ann.heavy_armor and ann.stopped and "armor_donned" in kinds(w)


def test_r_haz_20_set_the_load_down_from_the_units_own_menu(window: MainWindow) -> None:
    window.set_play_mode(True, script=[1] * 50)
    menu = window.build_action_menu("a", (4, 5))  # right-click on Sapper Ann herself
    sub = next(a.menu() for a in menu.actions() if a.menu() and a.menu().objectName() == "placeMenu")
    cells = [a.text() for a in sub.actions()]
    assert "at [3, 5]" in cells and "at [5, 5]" not in cells  # the door's cell is not free
    next(a for a in sub.actions() if a.text() == "at [3, 5]").trigger()
    assert not window.controller.game.unit("a").carrying_heavy


def test_r_dice_10_the_forecast_card_shows_the_blessing(open_window, tmp_path: Path) -> None:
    foe = {"id": "foe", "name": "Foe Flo", "team": "blue", "position": [8, 5]}
    w = open_window(battle(tmp_path, [red("ann", [2, 5], weapons=[GUN], blessings=["d8"]), foe]))
    w.set_play_mode(True, script=[1] * 50)
    w.show_attack_forecast("ann", "foe")
    assert w.attack_card.isVisible() and "Blessed: d8 rolls with the d6, highest kept" in w.attack_card.text()
    shoot = entry(w.build_action_menu("ann", (8, 5), "foe"), "Shoot Foe Flo")
    assert "Use 2, 98%" in shoot.text()  # only both dice showing 1 fails: 1 − 1/48 (R-DICE-3)


def test_r_move_4_6_crawl_and_hop_entries_offered_when_the_rules_allow(open_window, tmp_path: Path) -> None:
    """The menu takes Crawl and Hop from the order registry (issue 25): offered on a cell the
    unit can reach at Half Speed, not on one it cannot, Crawl not while it carries a heavy item."""
    w = open_window(battle(tmp_path, [red("ann", [2, 5]), red("bob", [2, 8], carrying_heavy=True)]))
    w.set_play_mode(True, script=[1] * 50)
    near = texts(w.build_action_menu("ann", (4, 5)))
    assert any(t.startswith("Crawl or drag yourself to [4, 5] (Half Speed") for t in near), near
    assert any(t.startswith("Hop on one leg") for t in near)
    far = texts(w.build_action_menu("ann", (5, 5)))  # 3" at Half Speed: 6" of Move > 5"
    assert not any(t.startswith(("Crawl", "Hop")) for t in far)
    bob = texts(w.build_action_menu("bob", (3, 8)))
    assert not any(t.startswith("Crawl") for t in bob) and any(t.startswith("Hop") for t in bob)
    entry(w.build_action_menu("ann", (4, 5)), "Crawl or drag yourself").trigger()
    ann = w.controller.game.unit("ann")
    assert ann.pos == (4, 5) and ann.move_spent == 4 and "gait_taken" in kinds(w)
