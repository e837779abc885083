"""Issue 10: the attack forecast before committing — hovering an enemy with a unit selected shows
the engine's exact odds and the modifiers; the right-click menu names the chance to kill."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"


def test_hovering_an_enemy_shows_the_attack_forecast(open_window, qtbot, move_mouse, tmp_path: Path) -> None:
    w = open_window()
    w.doc.move_unit("blue-spear", (6, 8))  # next to Spearman Cobb (5, 8)
    w.set_play_mode(True, seed=3)
    c = w.controller
    attacks, _answers = c.attack_forecast("red-spear", "blue-spear")
    assert attacks and 0 < attacks[0].hit <= 1 and attacks[0].kills > 0
    at = w.view.mapFromScene
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=at(cell_center((5, 8))))
    assert w.selection.unit_id == "red-spear"
    move_mouse(w.view.viewport(), at(cell_center((6, 8))))
    qtbot.waitUntil(w.attack_card.isVisible, timeout=20_000)
    text = w.attack_card.text()
    assert f"{attacks[0].hit:.0%} hit" in text and "kill" in text and "Use" in text
    menu = w.build_action_menu("red-spear", (6, 8), "blue-spear")
    first = menu.actions()[0].text()
    assert "to kill" in first and f"{attacks[0].kills:.0%}" in first
    move_mouse(w.view.viewport(), at(cell_center((10, 2))))  # open ground
    qtbot.waitUntil(lambda: not w.attack_card.isVisible(), timeout=20_000)


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
    assert "Character Points: up to 2 after a miss" in text and "Approximated" not in text  # R-D6-7
    menu = w.build_action_menu("red-spear", (6, 8), "blue-spear")
    first = menu.actions()[0].text()
    assert " vs " in first and "Use " not in first.split("(", 1)[1].split(")")[0]  # describe_roll
    assert "to take out" in first


def test_the_forecast_and_hover_cards_go_after_the_attack_and_the_turn(
    open_window, qtbot, move_mouse
) -> None:
    """A card left up after the shot (or through the AI's turn) shows odds of a fight already
    decided, over tokens that have moved; it comes back with the next hover."""
    w = open_window()
    w.doc.move_unit("blue-spear", (6, 8))  # next to Spearman Cobb (5, 8)
    w.set_play_mode(True, seed=3)
    at = w.view.mapFromScene
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=at(cell_center((5, 8))))
    move_mouse(w.view.viewport(), at(cell_center((6, 8))))
    qtbot.waitUntil(w.attack_card.isVisible, timeout=20_000)
    w.show_hover_card("blue-spear")
    assert w.hover_card.isVisible()
    menu = w.build_action_menu("red-spear", (6, 8), "blue-spear")
    menu.actions()[0].trigger()
    assert any(e.kind == "attacked" for e in w.controller.game.events)
    assert not w.attack_card.isVisible()
    w.controller.end_turn()
    qtbot.waitUntil(lambda: w.controller.active_player != "red", timeout=20_000)
    assert not w.hover_card.isVisible()


def test_the_card_shows_overskill_shields_fire_and_everyone_in_a_blast(open_window, qtbot) -> None:
    """Issue 10: the card names the terms its numbers count — Overskill's extra Damage die
    (R-DICE-8a), what the target's Energy Shield takes (R-HAZ-21), a burning attacker's +1d4
    (R-FIRE-6) — and lists everyone a grenade's blast may catch, friends marked (G-12)."""
    from brikwars_gui.engine.hazards import sandbox as hs

    w = open_window()
    w.doc.move_unit("blue-spear", (6, 8))  # next to Spearman (red) at (5, 8)
    w.doc.move_unit("blue-sword", (7, 9))  # 4" from the red grenadier at (3, 9)
    w.set_play_mode(True, seed=3)
    state = w.controller.game.state
    hs.add_field(state, "shield", "shield", hs.rect(6, 7, 2, 2), dice="1d6+1d4")  # Size 2: both dice
    hs.add_fire(state, "f", "red-spear", [(5, 8)], 1)
    w.show_attack_forecast("red-spear", "blue-spear")
    text = w.attack_card.text()
    assert "Overskill: a 6 that misses adds +1d6 to hit (no Damage die left to add one more of" in text
    assert "Energy Shield: cancels 1d6 and the burning 1d4; +2 gets through" in text
    assert "Attacker burning: +1d4 Fire Damage in close combat (R-FIRE-6)" in text
    assert "Not counted" not in text and "Approximated" not in text
    assert "2 Damage on a hit" in text and "% kill" not in text  # the Spear's +2 alone gets through
    w.show_attack_forecast("red-grenadier", "blue-sword")
    text = html.unescape(w.attack_card.text())
    names = {u.id: u.name for u in w.doc.scenario.units}
    assert f"Blast: {names['red-spear']} (ally)" in text  # caught by a 4" blast (Overskill d10)
    assert f"Blast: {names['blue-spear']}:" in text and "knocked over" in text
    assert 'radius 2" or 4"' in text and "Overskill: a 6 that hits adds a Damage die" in text
    assert w.attack_card.isVisible()


@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720)])
@pytest.mark.parametrize("corner", [(0, 15), (3, 1), (20, 14)])
def test_the_card_fits_the_map_and_leaves_attacker_and_target_in_sight(
    open_window, qtbot, size, corner
) -> None:
    """Issue 10: at 1280x720 the card was cut at the map's edge and covered the selected unit's
    name. It sits in a corner of the map's viewport (inside it, clear of the rulers) that covers
    neither the attacker's nor the target's token and name; the hover card then moves out of its way."""
    x, y = corner
    w = open_window(size=size, fit=True)
    w.doc.move_unit("red-grenadier", (x, y))
    w.doc.move_unit("blue-sword", (x + (3 if x < 12 else -3), y))
    w.set_play_mode(True, seed=3)
    qtbot.waitUntil(lambda: "red-grenadier" in w.scene.unit_items, timeout=20_000)
    w.selection.select("unit", "red-grenadier")
    w.show_hover_card("blue-sword")
    w.show_attack_forecast("red-grenadier", "blue-sword")
    card = w.attack_card
    assert card.isVisible() and "Blast:" in card.text()
    viewport = w.view.viewport().geometry()
    assert viewport.contains(card.geometry()), (card.geometry(), viewport)
    assert card.geometry().top() >= viewport.top() + 18 and card.geometry().left() >= viewport.left() + 24
    for box in w.token_boxes("red-grenadier", "blue-sword"):
        assert not card.geometry().intersects(box), (corner, size, card.geometry(), box)
    assert not w.hover_card.geometry().intersects(card.geometry())


def test_the_nine_powers_card_shows_a_burning_attackers_fire_and_a_blasts_victims(open_window) -> None:
    """Issue 10 under Nine Powers: a burning spearman's +1 damage (R-FIRE-6, a point a die) on its
    lines, and a grenade's card (the shared rules' blast: none was shown before) with everyone in
    its radius (G-12)."""
    from brikwars_gui.engine.hazards import sandbox as hs

    scenario = load_scenario(SKIRMISH).model_copy(update={"ruleset": "ninepowers"})
    w = open_window(scenario, SKIRMISH, size=None, show=False)
    w.doc.move_unit("blue-spear", (6, 8))
    w.doc.move_unit("blue-sword", (7, 9))
    w.set_play_mode(True, seed=3)
    hs.add_fire(w.controller.game.state, "f", "red-spear", [(5, 8)], 1)
    w.show_attack_forecast("red-spear", "blue-spear")
    text = html.unescape(w.attack_card.text())
    assert "Attacker burning: +1 damage on a success (R-FIRE-6" in text and "Spear, Medium" in text
    w.show_attack_forecast("red-grenadier", "blue-sword")
    text = html.unescape(w.attack_card.text())
    names = {u.id: u.name for u in w.doc.scenario.units}
    assert f"Blast: {names['blue-spear']}" in text and 'radius 2": 1 point (one a die)' in text


def test_the_card_forecasts_every_response_the_attack_may_provoke(open_window) -> None:
    """R-RESP-1/3/5: the target shooting back and its allies who see the attack, each named with
    its weapons' odds (as the rules would offer them)."""
    w = open_window()
    w.doc.move_unit("blue-spear", (6, 8))  # next to Spearman (red) at (5, 8)
    w.doc.move_unit("blue-rifle-1", (9, 8))
    w.set_play_mode(True, seed=3)
    state = w.controller.game.state
    for uid in ("blue-spear", "blue-rifle-1"):
        state.units[uid].saved_action = True
        state.units[uid].facing = "W"
    w.show_attack_forecast("red-spear", "blue-spear")
    text = html.unescape(w.attack_card.text())
    names = {u.id: u.name for u in w.doc.scenario.units}
    assert "Saved Actions may answer it, at the same time by default (R-RESP-1/3/5)" in text
    assert f"{names['blue-spear']}: <b>Spear</b>:" in text  # the target strikes back
    assert f"{names['blue-rifle-1']}: <b>Rifle</b>:" in text  # its ally who sees the attack
    answers = w.controller.attack_forecast("red-spear", "blue-spear")[1]
    assert [o.attacker for o in answers] == ["blue-spear", "blue-rifle-1"]
    # R-RESP-5 switched off: a responder winning initiative may stop the attack, and the card says so
    import dataclasses

    ctx = w.controller.game.ctx
    ctx.options = dataclasses.replace(ctx.options, simultaneous_responses=False)
    w.show_attack_forecast("red-spear", "blue-spear")
    text = html.unescape(w.attack_card.text())
    assert "Approximated: a responder that wins its initiative roll acts first and may stop" in text


def test_the_card_stays_inside_the_map_when_its_viewport_shrinks(open_window, qtbot) -> None:
    """README's screenshot showed the card's last line under the map's horizontal scroll bar: the
    bar appeared after the card was placed. The card is placed again when the viewport resizes."""
    w = open_window(size=(1600, 1000), fit=True)
    w.doc.move_unit("red-grenadier", (3, 1))
    w.doc.move_unit("blue-sword", (6, 1))
    w.set_play_mode(True, seed=3)
    qtbot.waitUntil(lambda: "red-grenadier" in w.scene.unit_items, timeout=20_000)
    w.show_attack_forecast("red-grenadier", "blue-sword")
    assert w.attack_card.isVisible()
    w.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    w.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    viewport = w.view.viewport()
    qtbot.waitUntil(lambda: viewport.geometry().contains(w.attack_card.geometry()), timeout=20_000)
    assert w.attack_card.geometry().bottom() <= viewport.geometry().bottom() - 8
