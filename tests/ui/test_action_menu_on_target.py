"""Issue 10 click-through: right-clicking one enemy in Play mode listed Perception and Charge on
every enemy. A menu on an enemy offers what the unit can do to that enemy (its attacks first), then
the unit's own untargeted orders; off an enemy, the actions aimed at enemies wait in one submenu per
enemy, nearest first (R-MOVE-20 Charge, R-NP Perception turns)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.items import cell_center

CHAPEL = SCENARIOS / "ruined_chapel.json"


def _entries(menu) -> list[str]:
    return [a.text() for a in menu.actions() if a.text() and a.menu() is None]


def _right_click(qtbot, window, cell) -> list[str]:
    at = window.view.mapFromScene(cell_center(cell))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, pos=at)
    menu = window.last_action_menu
    assert menu is not None
    texts = _entries(menu)
    menu.close()
    return texts


def test_a_right_click_on_one_enemy_offers_actions_on_that_enemy_only(qtbot, open_window, data_dir) -> None:
    w = open_window(CHAPEL, data_dir=data_dir, fit=True)
    w.doc.move_unit("zombie-1", (6, 8))  # next to Vroy at (5, 8); the other zombies are far
    w.set_play_mode(True, seed=1)
    w.selection.select_unit("vroy")
    texts = _right_click(qtbot, w, (6, 8))
    others = ("Zombie 2", "Zombie 3", "Zombie Hulk")
    assert not [t for t in texts if any(name in t for name in others)], texts
    assert texts[0].startswith("Strike Zombie 1 with Sword"), texts  # the attack first
    on_target = [t for t in texts if "Zombie 1" in t]
    assert texts[: len(on_target)] == on_target  # then the rest of its actions on Zombie 1
    assert any(t.startswith("Perception Zombie 1") for t in on_target)
    assert any(t.startswith("Wrestle Zombie 1") for t in on_target)
    assert {"Acrobatics", "Escape", "Hold"} <= {t.split()[0].rstrip(":") for t in texts}  # its own orders
    assert texts.index("Full-Round Action") > len(on_target)


def test_charge_is_offered_on_the_enemy_clicked_not_on_its_neighbours(qtbot, open_window, data_dir) -> None:
    w = open_window(data_dir=data_dir, fit=True)  # skirmish: Spearman Gill (18, 7), Swordsman Hake (18, 10)
    w.doc.move_unit("red-captain", (12, 8))
    w.set_play_mode(True, seed=4)
    w.selection.select_unit("red-captain")
    everything = [o.label for o in w.controller.legal_actions("red-captain")]
    assert any(t.startswith("Charge Spearman Gill") for t in everything)
    # Hake's straight line is blocked at (15, 9) before reach: not offered (issue 24, R-MOVE-20)
    assert not any(t.startswith("Charge Swordsman Hake") for t in everything)
    texts = _right_click(qtbot, w, (18, 7))
    assert [t for t in texts if t.startswith("Charge")] == [
        "Charge Spearman Gill (Sprint + close-combat attack, R-MOVE-20)"
    ], texts
    assert not [t for t in texts if "Hake" in t or "Azura" in t or "Eel" in t or "Fen" in t], texts


def test_off_an_enemy_the_aimed_actions_wait_in_a_submenu_per_enemy_nearest_first(open_window, data_dir):
    w = open_window(CHAPEL, data_dir=data_dir)
    w.doc.move_unit("zombie-1", (6, 8))
    w.set_play_mode(True, seed=1)
    c = w.controller
    menu = w.build_action_menu("boxley", c.unit_position("boxley"))  # on Boxley herself
    top = _entries(menu)
    assert not [t for t in top if "Zombie" in t], top
    subs = [a.menu() for a in menu.actions() if a.menu() is not None]
    subs = [s for s in subs if s.objectName().startswith("enemyMenu_")]
    titles = [s.title() for s in subs]
    assert set(titles) == {"Zombie 1", "Zombie 2", "Zombie 3", "Zombie Hulk"}
    me = c.unit_position("boxley")
    dist = [(c.unit_position(s.objectName().removeprefix("enemyMenu_"))) for s in subs]
    squared = [(x - me[0]) ** 2 + (y - me[1]) ** 2 for x, y in dist]
    assert squared == sorted(squared)
    first = _entries(subs[titles.index("Zombie 1")])
    assert first[0].startswith("Shoot Zombie 1 with Bow") and any(t.startswith("Perception") for t in first)
    before = len([e for e in c.game.events if e.kind == "attacked"])
    next(a for a in subs[titles.index("Zombie 1")].actions() if a.text().startswith("Shoot")).trigger()
    assert len([e for e in c.game.events if e.kind == "attacked"]) == before + 1


def test_an_enemys_submenu_gives_its_attacks_chance_to_kill_like_the_enemy_itself(open_window) -> None:
    """Review 2026-11-27 item 32: off an enemy, the attacks in its submenu left out the '— N% to
    kill' that the same entries show on the enemy itself (the forecast's, R-ACT-3, G-3)."""
    w = open_window()  # skirmish: Rifleman Ash shoots Rifleman Eel from (9, 3)
    w.doc.move_unit("red-rifle-1", (9, 3))
    w.set_play_mode(True, seed=3)
    c = w.controller
    direct = _entries(w.build_action_menu("red-rifle-1", c.unit_position("blue-rifle-1"), "blue-rifle-1"))
    shot = next(t for t in direct if "Eel" in t and "Rifle" in t)
    assert "% to kill" in shot
    menu = w.build_action_menu("red-rifle-1", c.unit_position("red-rifle-1"))
    subs = [a.menu() for a in menu.actions() if a.menu() is not None]
    sub = next(s for s in subs if s.objectName() == "enemyMenu_blue-rifle-1")
    assert shot in _entries(sub)


def test_sprint_entries_only_aim_at_cells_a_run_could_end_on(qtbot, open_window, data_dir) -> None:
    """Issue 10 polish: a right-click on an enemy offered 'Sprint … toward' its cell. The Sprint and
    Group Sprint entries ask the engine (`sprint_goal_problem`, R-MOVE-18/20): never toward an
    enemy's cell (that is a Charge), an ally's, an obstacle; an open cell keeps them."""
    w = open_window(data_dir=data_dir, fit=True)  # skirmish: Grenadier Dale (3, 9), Captain Rufus (3, 7)
    w.set_play_mode(True, seed=4)
    w.selection.select_unit("red-grenadier")
    kinds = {o.kind for o in w.controller.legal_actions("red-grenadier")}
    assert {"sprint", "group_sprint"} <= kinds  # Rufus is within 2": a Group Sprint is possible

    def sprints(cell, target="") -> list[str]:
        menu = w.build_action_menu("red-grenadier", cell, target)
        return [t for t in _entries(menu) if "Sprint" in t and not t.startswith("Charge")]

    eel = w.controller.unit_position("blue-rifle-1")
    assert sprints(eel, "blue-rifle-1") == []
    assert [t for t in _right_click(qtbot, w, eel) if "Sprint" in t] == []  # the real right-click
    assert sprints((3, 7)) == []  # Captain Rufus, an ally
    assert sprints((7, 4)) == []  # an obstacle
    assert sprints((3, 9)) == []  # itself
    assert len(sprints((8, 9))) == 2 and all(t.endswith("toward [8, 9]") for t in sprints((8, 9)))


def _all_actions(menu) -> list:
    """Every action of a menu and of its submenus, depth first."""
    out = []
    for a in menu.actions():
        out += _all_actions(a.menu()) if a.menu() is not None else [a]
    return out


def test_a_cast_at_the_enemy_clicked_is_listed_once_among_the_actions_on_it(open_window) -> None:
    """R-SN-14: the menu on an enemy listed "Fireball on Archer" among the actions aimed at him
    and again under Cast ▸ Fireball (s9 real-window check). It is listed once, with the attacks on
    him; Cast ▸ keeps the Effects aimed elsewhere (an ally's Ward, a Summon at the cell)."""
    from brikwars_gui.engine.rules import sandbox as sb
    from brikwars_gui.scenario.models import Scenario

    block = {
        "cliche": "Pyromancer",
        "talismans": [{"id": "staff", "name": "Staff", "die": "d8"}],
        "effects": [
            {"name": "Fireball", "target": "hostile", "aspects": ["range", "damage+"]},
            {"name": "Flame Ward", "target": "ally", "aspects": ["armor+"], "lasting": True},
        ],
    }
    data = sb.scenario(
        [
            sb.unit("ignatia", "red", (5, 5), name="Ignatia", supernatural=block),
            sb.unit("archer", "blue", (9, 5), name="Archer"),
            sb.unit("bram", "red", (5, 6), name="Bram"),
        ]
    ).model_dump(mode="json")
    for player in data["players"]:
        player["controller"] = "human"
    w = open_window(Scenario.model_validate(data))
    w.set_play_mode(True, seed=5)
    menu = w.build_action_menu("ignatia", (9, 5), "archer")
    casts = [a for a in _all_actions(menu) if getattr(a.data(), "kind", "") == "cast"]
    at_archer = [a.text() for a in casts if a.data().action.target == "archer"]
    assert at_archer == ["Fireball on Archer (uses the Action)"], at_archer
    assert at_archer[0] in _entries(menu)  # at the top level, where the actions on him are
    cast_menu = next(a.menu() for a in menu.actions() if a.menu() and a.menu().objectName() == "castMenu")
    assert not [a.text() for a in _all_actions(cast_menu) if "Archer" in a.text()]
    assert [a.text() for a in _all_actions(cast_menu)] == ["on Bram (free)", "on Ignatia (free)"]
