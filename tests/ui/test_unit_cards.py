"""Issue 10, unit cards: in Play mode the inspector is a read-only card (portrait token, stats,
weapons with Use/Range/Damage, status) fed by the session controller, following the live state
and the timeline; hovering a token shows a compact card that never takes focus (pytest-qt)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"


def test_play_mode_inspector_is_a_card_that_follows_the_battle(window: MainWindow) -> None:
    """R-ACT-3 / G-2 weapon lines; G-3: Spear 3+2 = 5 beats Armor 4 and the target dies."""
    inspector = window.inspector
    window.selection.select_unit("red-spear")
    assert inspector.editor.isVisible() and not inspector.card_view.isVisible()  # Edit mode: the form
    window.doc.move_unit("blue-spear", (6, 8))
    window.set_play_mode(True, seed=3, script=[3, 3])  # Skill 3 vs Use 3: hit; Damage 3 + 2
    assert inspector.card_view.isVisible() and not inspector.editor.isVisible()
    card = inspector.card_view
    assert not card.portrait.pixmap().isNull()
    text = card.text()
    assert text.startswith("Spearman Cobb\n● Red Patrol\nBrikWars")
    assert "Action ready" in text and 'Move\n5" of 5" left' in text and "Skill\nd6\nArmor\n4" in text
    assert "Weapon\nTo hit\nRange\nDamage\nSpear\nUse 3\nclose\n1d6+2" in text  # R-ACT-3, GRID-3, R-DICE-1
    window.selection.select_unit("blue-spear")
    assert "Action ready" not in card.text()  # an enemy's Action only matters when saved (R-RESP-1)
    window.selection.select_unit("red-spear")
    menu = window.build_action_menu("red-spear", (6, 8), "blue-spear")
    next(a for a in menu.actions() if "Spear" in a.text()).trigger()
    assert "Action used" in card.text()
    window.selection.select_unit("blue-spear")
    assert "Dead" in card.text()
    window.controller.show_snapshot(0)  # the timeline: the card shows the turn viewed
    assert "Dead" not in card.text()
    window.controller.show_live()
    assert "Dead" in card.text()
    window.set_play_mode(False)
    assert inspector.editor.isVisible() and not inspector.card_view.isVisible()


def test_card_status_says_burning_with_its_rule(open_window) -> None:
    scenario = load_scenario(SKIRMISH)
    data = scenario.model_dump(mode="json")
    data["fires"] = [{"id": "f1", "object": "red-rifle-1", "size": 1}]
    w = open_window(type(scenario).model_validate(data))
    w.set_play_mode(True, seed=1)  # its first Burning Roll (R-FIRE-8) keeps the fire going
    w.selection.select_unit("red-rifle-1")
    text = w.inspector.card_view.text()
    assert 'On Fire 1"' in text and "R-FIRE-5" in text
    card = w.controller.unit_card("red-rifle-1")
    assert card.conditions[0][0] == 'On Fire 1"'
    assert [(x.name, x.roll, x.range, x.damage) for x in card.weapons] == [("Rifle", "Use 3", 10, "1d6+1")]


def test_card_says_disrupted_with_its_rule(window: MainWindow) -> None:
    """G-3: Spear 2+2 = 4 equals Armor 4: the target is Disrupted (R-MOVE-16)."""
    window.doc.move_unit("blue-spear", (6, 8))
    window.set_play_mode(True, seed=3, script=[3, 2])
    menu = window.build_action_menu("red-spear", (6, 8), "blue-spear")
    next(a for a in menu.actions() if "Spear" in a.text()).trigger()
    window.selection.select_unit("blue-spear")
    text = window.inspector.card_view.text()
    assert "Disrupted" in text and "R-MOVE-16" in text and "Dead" not in text


def test_other_rulesets_show_their_own_stat_lines_on_the_card(window: MainWindow) -> None:
    combo = window.scenario_panel.dice
    combo.setCurrentIndex(combo.findData("d6"))
    combo.activated.emit(combo.currentIndex())
    window.set_play_mode(True, seed=1)
    window.selection.select_unit("red-captain")
    text = window.inspector.card_view.text()
    assert "D6 System" in text and "Melee\n4D+1" in text and "Fate Points\n1" in text


def test_hovering_a_token_shows_a_compact_card_without_taking_focus(
    window: MainWindow, qtbot, move_mouse
) -> None:
    window.set_play_mode(True, seed=3)
    window.view.setFocus()
    focus = QApplication.focusWidget()
    at = window.view.mapFromScene
    move_mouse(window.view.viewport(), at(cell_center((19, 4))))
    card = window.hover_card
    qtbot.waitUntil(card.isVisible, timeout=20_000)
    assert card.unit_id == "blue-rifle-1"
    text = card.plain_text()
    lines = [
        "Rifleman Eel ● Blue Patrol",
        'Move 5" · Size 1" · Skill d6 · Armor 4',
        'Rifle: Use 3 · 10" · 1d6+1',
    ]
    assert text == "\n".join(lines)
    assert QApplication.focusWidget() is focus and not card.isWindow()  # a child: never activated
    assert card.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    assert window.scene.unit_items["blue-rifle-1"].toolTip() == ""  # no second, delayed tooltip
    # a click through the card still reaches the map: it selects the token under it
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(cell_center((19, 4))))
    assert window.selection.unit_id == "blue-rifle-1"
    move_mouse(window.view.viewport(), at(cell_center((12, 2))))
    qtbot.waitUntil(lambda: not card.isVisible(), timeout=20_000)
    window.show_hover_card("blue-rifle-1")
    assert card.isVisible()
    window.view.zoom_in()  # the token moves away under the card: it goes
    assert not card.isVisible()


def _play_under(window: MainWindow, ruleset: str) -> None:
    combo = window.scenario_panel.dice
    combo.setCurrentIndex(combo.findData(ruleset))
    combo.activated.emit(combo.currentIndex())
    window.set_play_mode(True, seed=1)


def test_r_d6_1_cards_speak_d6_codes_not_brikwars_use_and_dice(window: MainWindow) -> None:
    """R-D6-1/2 (review 2026-11-27 item 15): under D6 the Rifle rolls the Ranged code to hit and
    its Damage converted to a D6 code (1d6+1 → 2D+2), not 'Use 3 · 1d6+1'."""
    from brikwars_gui.engine.rulesets.d6.conversion import damage_code

    _play_under(window, "d6")
    assert damage_code("1d6+1") == "2D+2"
    window.show_hover_card("red-rifle-1")
    line = window.hover_card.plain_text().splitlines()[-1]
    assert line == 'Rifle: Ranged 3D · 10" · 2D+2'
    window.selection.select_unit("red-captain")
    text = window.inspector.card_view.text()
    assert 'Pistol\nRanged 4D+1\n6"\n2D\nShortsword\nMelee 4D+1\nclose\n2D+2' in text
    assert "Use 3" not in text and "1d6" not in text


def test_r_np_1_cards_speak_nine_powers_pools_and_damage_by_difficulty(window: MainWindow) -> None:
    """R-NP-1/6: under Nine Powers the Rifle is a Shoot check of the unit's pool and a success
    deals 1-3 by the difficulty chosen (Easy 1, Medium 2, Tough 3), not 'Use 3 · 1d6+1'."""
    _play_under(window, "ninepowers")
    window.show_hover_card("red-rifle-1")
    text = window.hover_card.plain_text()
    assert "Shoot/Throw 3" in text  # the stat line the pool comes from
    assert text.splitlines()[-1] == 'Rifle: Shoot 3 dice · 10" · 1-3 by difficulty'
    card = window.controller.unit_card("red-spear")
    assert [(w.roll, w.damage) for w in card.weapons] == [("Melee 3 dice", "1-3 by difficulty")]
    window.controller.show_snapshot(0)  # the timeline's snapshot speaks the same numbers
    assert window.controller.unit_card("red-rifle-1").weapons[0].roll == "Shoot 3 dice"
