"""Issue 10: the attack forecast before committing — hovering an enemy with a unit selected shows
the engine's exact odds and the modifiers; the right-click menu names the chance to kill."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"


def test_hovering_an_enemy_shows_the_attack_forecast(open_window, qtbot, tmp_path: Path) -> None:
    w = open_window()
    w.doc.move_unit("blue-spear", (6, 8))  # next to Spearman Cobb (5, 8)
    w.set_play_mode(True, seed=3)
    c = w.controller
    attacks, _answers = c.attack_forecast("red-spear", "blue-spear")
    assert attacks and 0 < attacks[0].hit <= 1 and attacks[0].kills > 0
    at = w.view.mapFromScene
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=at(cell_center((5, 8))))
    assert w.selection.unit_id == "red-spear"
    for nudge in (QPoint(0, 0), QPoint(2, 2)):  # offscreen Qt may drop the first synthetic move
        qtbot.mouseMove(w.view.viewport(), at(cell_center((6, 8))) + nudge)
    qtbot.waitUntil(w.attack_card.isVisible, timeout=3000)
    text = w.attack_card.text()
    assert f"{attacks[0].hit:.0%} hit" in text and "kill" in text and "Use" in text
    menu = w.build_action_menu("red-spear", (6, 8), "blue-spear")
    first = menu.actions()[0].text()
    assert "to kill" in first and f"{attacks[0].kills:.0%}" in first
    qtbot.mouseMove(w.view.viewport(), w.view.mapFromScene(cell_center((10, 2))))  # open ground
    qtbot.waitUntil(lambda: not w.attack_card.isVisible(), timeout=3000)


def test_the_forecast_comes_from_the_battles_ruleset_never_brikwars_numbers_under_d6(
    open_window, qtbot, tmp_path: Path
) -> None:
    """Issues 11/12: odds come through the ruleset; under D6 the card shows the D6 ruleset's own
    exact odds (its damage table, never BrikWars' exploding-dice kill odds) and the menu names the
    roll in D6 words."""
    scenario = load_scenario(SKIRMISH).model_copy(update={"ruleset": "d6"})
    w = open_window(scenario, SKIRMISH, size=None, show=False)
    w.doc.move_unit("blue-spear", (6, 8))
    w.set_play_mode(True, seed=3)
    attacks, _answers = w.controller.attack_forecast("red-spear", "blue-spear")
    assert attacks and attacks[0].out_word == "take out"
    w.show_attack_forecast("red-spear", "blue-spear")
    text = w.attack_card.text()
    # the D6 ruleset's own card: its code against the converted difficulty, the damage table
    assert "out of the fight" in text and "stunned" in text and " vs " in text
    assert " kill" not in text and "Size" not in text  # never BrikWars' Size and kill odds
    menu = w.build_action_menu("red-spear", (6, 8), "blue-spear")
    first = menu.actions()[0].text()
    assert " vs " in first and "Use " not in first.split("(", 1)[1].split(")")[0]  # describe_roll
    assert "to take out" in first


def test_the_forecast_and_hover_cards_go_after_the_attack_and_the_turn(open_window, qtbot) -> None:
    """A card left up after the shot (or through the AI's turn) shows odds of a fight already
    decided, over tokens that have moved; it comes back with the next hover."""
    w = open_window()
    w.doc.move_unit("blue-spear", (6, 8))  # next to Spearman Cobb (5, 8)
    w.set_play_mode(True, seed=3)
    at = w.view.mapFromScene
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=at(cell_center((5, 8))))
    for nudge in (QPoint(0, 0), QPoint(2, 2)):
        qtbot.mouseMove(w.view.viewport(), at(cell_center((6, 8))) + nudge)
    qtbot.waitUntil(w.attack_card.isVisible, timeout=3000)
    w.show_hover_card("blue-spear")
    assert w.hover_card.isVisible()
    menu = w.build_action_menu("red-spear", (6, 8), "blue-spear")
    menu.actions()[0].trigger()
    assert any(e.kind == "attacked" for e in w.controller.game.events)
    assert not w.attack_card.isVisible()
    w.controller.end_turn()
    qtbot.waitUntil(lambda: w.controller.active_player != "red", timeout=20_000)
    assert not w.hover_card.isVisible()
