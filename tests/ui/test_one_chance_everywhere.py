"""Issue 24 / review 2026-11-27 problem 5: under D6 the attack card said 88% to hit while the menu
said 41% for the same shot (the card counted the Character Points the default answers spend, the
menu only the roll). Every chance shown is the engine's, and where two are shown both are
labelled: the card, the right-click menu and the engine agree under each ruleset (R-D6-7), and so
do the questions asked during the roll: the Fate Point and Character Points prompts (D6) and the
difficulty prompt (Nine Powers), answered through the real prompt over the map."""

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


def _answered_prompts(w, answers: dict[str, str]) -> list[tuple[object, dict[str, str]]]:
    """Answer each Response question the battle asks through the real prompt over the map
    (`answers`: question -> option, else the default), keeping its request and button texts."""
    from PySide6.QtCore import QTimer

    seen: list[tuple[object, dict[str, str]]] = []

    def answer() -> None:
        prompt = w.response_prompt
        if prompt.request is None or not prompt.isVisible():
            QTimer.singleShot(20, w, answer)
            return
        request = prompt.request
        seen.append((request, {o: b.text() for o, b in prompt.buttons.items()}))
        prompt.buttons[answers.get(request.question, request.default)].click()
        QTimer.singleShot(20, w, answer)

    QTimer.singleShot(20, w, answer)  # it polls while the window lives (the fixture deletes it)
    return seen


def _d6_shot(open_window, shooter: str, at: tuple[int, int], script: list[int]):
    scenario = load_scenario(SKIRMISH).model_copy(update={"ruleset": "d6"})
    w = open_window(scenario, SKIRMISH, answer_responses=False)
    w.doc.move_unit(shooter, at)
    w.set_play_mode(True, seed=3, script=script)
    return w


def test_r_d6_8_the_fate_point_prompt_gives_the_menus_and_cards_chance_on_the_roll(open_window) -> None:
    """R-D6-8: before Captain Rufus shoots, the Fate Point question's "no Fate Point" chance is the
    menu's and the card's chance on the roll, and "spend 1 Fate Point" is the engine's chance
    with the doubled code (`Ruleset.action_chance(fate=True)`)."""
    from brikwars_gui.engine.rules.combat import plan_attack
    from brikwars_gui.engine.rulesets import find_ruleset

    w = _d6_shot(open_window, "red-captain", (14, 4), [6, 6, 6, 6] + [3] * 50)
    c = w.controller
    w.show_attack_forecast("red-captain", "blue-rifle-1")
    card = w.attack_card.text()
    menu = w.build_action_menu("red-captain", (19, 4), "blue-rifle-1")
    action = next(a for a in menu.actions() if "Eel" in a.text() and "Pistol" in a.text())
    entry = action.text()
    state = c.game.state
    unit = state.units["red-captain"]
    pistol = next(x for x in unit.weapons if x.name == "Pistol")
    plan = plan_attack(state, unit, pistol, "blue-rifle-1")
    rules = find_ruleset("d6")
    on_roll = rules.action_chance(state, unit, plan.needed, kind="ranged", weapon=pistol)
    doubled = rules.action_chance(state, unit, plan.needed, kind="ranged", weapon=pistol, fate=True)
    seen = _answered_prompts(w, {"fate_point": "no"})
    action.trigger()
    fate = [(r, texts) for r, texts in seen if r.question == "fate_point"]
    assert fate, f"no Fate Point question: {[r.question for r, _ in seen]}"
    _request, texts = fate[0]
    assert texts["no"].startswith(f"no Fate Point — {on_roll:.0%} to succeed")
    assert texts["yes"].startswith(f"spend 1 Fate Point: double this roll — {doubled:.0%} to succeed")
    assert f"{on_roll:.0%}" in entry  # the menu names the chance on the roll ...
    assert f"{on_roll:.0%} hit on the roll" in card or f"{on_roll:.0%} hit" in card  # ... and the card


def test_r_d6_7_the_character_points_prompt_gives_the_chance_the_engine_rolls(open_window) -> None:
    """R-D6-7: Rifleman Ash's shot falls short (2+2+Wild 2 = 6); each "N Character Points"
    button's chance is how often N Character Point Wild Dice, rolled by the engine
    (`add_character_points`), make up the shortfall: 6000 seeded tries each, within 3 sigma."""
    from brikwars_gui.engine.dice.d6 import add_character_points, roll_code
    from brikwars_gui.engine.dice.source import ScriptedDice, SeededDice

    w = _d6_shot(open_window, "red-rifle-1", (9, 3), [2, 2, 2] + [3] * 50)
    seen = _answered_prompts(w, {"character_points": "0"})
    menu = w.build_action_menu("red-rifle-1", (19, 4), "blue-rifle-1")
    next(a for a in menu.actions() if "Eel" in a.text() and "Rifle" in a.text()).trigger()
    asked = [(r, texts) for r, texts in seen if r.question == "character_points"]
    assert asked, f"no Character Points question: {[r.question for r, _ in seen]}"
    request, texts = asked[0]
    short = request.detail["difficulty"] - request.detail["total"]
    assert short > 0 and len(texts) >= 2
    dice = SeededDice(24)
    tries = 6000
    for option, text in texts.items():
        k = int(option)
        shown = float(re.search(r"— (\d+)% to succeed", text).group(1)) / 100
        made = 0
        for _ in range(tries):
            base = roll_code("1D", ScriptedDice([3]))
            made += add_character_points(base, dice, k).total - base.total >= short
        rate = made / tries
        sigma = max((shown * (1 - shown) / tries) ** 0.5, 1 / tries)
        assert abs(rate - shown) <= 3 * sigma + 0.005, f"{text}: the engine made it {rate:.1%}"


def test_r_np_2_the_difficulty_prompt_gives_the_cards_and_menus_chances(open_window) -> None:
    """R-NP-1/2: Rifleman Ash's Shoot check on Eel: each button of the difficulty question names
    the chance the card gives that difficulty (the engine's `attack_forecast`), and the menu's
    chance is the default difficulty's."""
    scenario = load_scenario(SKIRMISH).model_copy(update={"ruleset": "ninepowers"})
    w = open_window(scenario, SKIRMISH, answer_responses=False)
    w.doc.move_unit("red-rifle-1", (9, 3))
    w.set_play_mode(True, seed=3)
    attacks, _answers = w.controller.attack_forecast("red-rifle-1", "blue-rifle-1")
    engine = {line.label.split(", ")[1].lower(): line.figures[0].value for line in attacks[0].lines}
    assert set(engine) == {"easy", "medium", "tough"}
    w.show_attack_forecast("red-rifle-1", "blue-rifle-1")
    card = w.attack_card.text()
    menu = w.build_action_menu("red-rifle-1", (19, 4), "blue-rifle-1")
    action = next(a for a in menu.actions() if "Eel" in a.text() and "Rifle" in a.text())
    entry = action.text()
    seen = _answered_prompts(w, {})
    action.trigger()
    asked = [(r, texts) for r, texts in seen if r.question == "np_difficulty"]
    assert asked, f"no difficulty question: {[r.question for r, _ in seen]}"
    _request, texts = asked[0]
    for difficulty, chance in engine.items():
        shown = f"{chance:.0%}"
        assert texts[difficulty].startswith(f"{difficulty.title()}: {shown} to hit"), texts[difficulty]
        assert f"<b>Rifle, {difficulty.title()}</b>: {shown} success" in card
    # the menu names each difficulty's chance and says it is picked next (review item 25)
    choices = [f"{d.title()} {engine[d]:.0%}" for d in ("easy", "medium", "tough")]
    assert f"Shoot 3; pick {choices[0]}, {choices[1]} or {choices[2]} next" in entry
