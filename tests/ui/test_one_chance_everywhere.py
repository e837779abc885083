"""Issue 24 / review 2026-11-27 problem 5: under D6 the attack card said 88% to hit while the menu
said 41% for the same shot (the card counted the Character Points the default answers spend, the
menu only the roll). Every chance shown is the engine's, and where two are shown both are
labelled: the card, the right-click menu and the engine agree under each ruleset (R-D6-7)."""

from __future__ import annotations

import re

import pytest

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"


def percents(text: str) -> list[str]:
    return re.findall(r"(?:<|>)?\d+%", text)


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_card_menu_and_engine_give_the_same_chance_to_hit(open_window, ruleset) -> None:
    scenario = load_scenario(SKIRMISH).model_copy(update={"ruleset": ruleset})
    w = open_window(scenario, SKIRMISH, size=None, show=False)
    w.doc.move_unit("red-rifle-1", (9, 3))  # the review's shot: Rifleman Ash at (9, 3) on Eel
    w.set_play_mode(True, seed=3)
    c = w.controller
    attacks, _answers = c.attack_forecast("red-rifle-1", "blue-rifle-1")
    assert attacks
    odds = attacks[0]
    w.show_attack_forecast("red-rifle-1", "blue-rifle-1")
    card = w.attack_card.text()
    menu = w.build_action_menu("red-rifle-1", (19, 4), "blue-rifle-1")
    entry = next(a.text() for a in menu.actions() if "Eel" in a.text() and "Rifle" in a.text())
    option = next(
        o for o in c.legal_actions("red-rifle-1") if o.kind == "attack" and o.target == "blue-rifle-1"
    )
    roll_chance = option.chance if getattr(option, "chance", None) is not None else None
    first = odds.lines[0].figures[0]
    # the card's headline is the engine's own figure ...
    assert f"{first.value:.0%}" in card
    # ... and every chance the menu names for the shot is on the card too, with the same words
    for p in percents(entry.split(" — ")[0]):
        assert p in card, f"{ruleset}: menu says {p} ({entry!r}), the card does not ({card!r})"
    if ruleset == "d6":
        labels = [f.what for f in odds.lines[0].figures]
        if len(percents(entry.split(" — ")[0])) > 1:  # points change it: both labelled, both places
            assert "hit on the roll" in labels and "hit spending Character/Fate Points" in labels
            assert "on the roll" in entry and "spending Character/Fate Points" in entry
        else:
            assert labels[0] == "hit"
    if roll_chance is not None:
        assert f"{roll_chance:.0%}" in entry


def test_d6_the_review_shot_names_both_numbers(open_window) -> None:
    """The exact case of the review: both the roll and the points' chance, each labelled."""
    scenario = load_scenario(SKIRMISH).model_copy(update={"ruleset": "d6"})
    w = open_window(scenario, SKIRMISH, size=None, show=False)
    w.doc.move_unit("red-rifle-1", (9, 3))
    w.set_play_mode(True, seed=3)
    w.show_attack_forecast("red-rifle-1", "blue-rifle-1")
    card = w.attack_card.text()
    menu = w.build_action_menu("red-rifle-1", (19, 4), "blue-rifle-1")
    entry = next(a.text() for a in menu.actions() if "Eel" in a.text() and "Rifle" in a.text())
    roll, points = percents(entry)[:2]
    assert f"{roll} hit on the roll" in card and f"{points} hit spending Character/Fate Points" in card
