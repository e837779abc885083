"""Issue 10, unit cards: in Play mode the inspector is a read-only card (portrait token, stats,
weapons with Use/Range/Damage, status) fed by the session controller, following the live state
and the timeline; hovering a token shows a compact card that never takes focus (pytest-qt)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
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
    assert "Weapon\nUse\nRange\nDamage\nSpear\n3\nclose\n1d6+2" in text  # R-ACT-3 Use, GRID-3, R-DICE-1
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
    assert [(x.name, x.use, x.range, x.damage) for x in card.weapons] == [("Rifle", 3, 10, "1d6+1")]


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


def test_hovering_a_token_shows_a_compact_card_without_taking_focus(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=3)
    window.view.setFocus()
    focus = QApplication.focusWidget()
    at = window.view.mapFromScene
    for nudge in (QPoint(0, 0), QPoint(1, 1)):  # offscreen Qt may drop the first synthetic move
        qtbot.mouseMove(window.view.viewport(), at(cell_center((19, 4))) + nudge)
    hover = window.hover_card
    qtbot.waitUntil(hover.isVisible, timeout=3000)
    assert hover.unit_id == "blue-rifle-1"
    text = hover.plain_text()
    lines = [
        "Rifleman Eel ● Blue Patrol",
        'Move 5" · Size 1" · Skill d6 · Armor 4',
        'Rifle: Use 3 · 10" · 1d6+1',
    ]
    assert text == "\n".join(lines)
    assert QApplication.focusWidget() is focus and not hover.isWindow()  # a child: never activated
    assert hover.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    assert window.scene.unit_items["blue-rifle-1"].toolTip() == ""  # no second, delayed tooltip
    # a click through the card still reaches the map: it selects the token under it
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(cell_center((19, 4))))
    assert window.selection.unit_id == "blue-rifle-1"
    qtbot.mouseMove(window.view.viewport(), at(cell_center((12, 2))))
    qtbot.waitUntil(lambda: not hover.isVisible(), timeout=3000)
    window.show_hover_card("blue-rifle-1")
    assert hover.isVisible()
    window.view.zoom_in()  # the token moves away under the card: it goes
    assert not hover.isVisible()
