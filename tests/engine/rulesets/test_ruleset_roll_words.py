"""Each ruleset names the roll behind an action in its own words (`Ruleset.describe_roll`): the
action list (and so the GUI's action menu) and the log of a Full-Round task say BrikWars
`Use 2, 83%`, D6 `Melee 3D vs 8, …` (R-D6-1/2), Nine Powers `Melee 3; pick Easy 92%, Medium 75%
or Tough 45% next` (R-NP-1/2), never another ruleset's numbers."""

from __future__ import annotations

import re

import pytest

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import FullRound
from brikwars_gui.engine.rulesets.d6 import odds
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario


def duel(ruleset: str, script: list[int] = ()) -> Game:
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.SWORD]), sb.unit("z", "blue", (3, 2))]
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = ruleset
    return Game.from_scenario(Scenario.model_validate(data), script=list(script))


def strike(game: Game):
    return next(o for o in game.legal_actions("a") if o.kind == "attack")


@pytest.mark.parametrize(
    ("ruleset", "words"),
    [
        ("brikwars", "Use 2, 83%"),  # d6 vs Use 2: 5/6
        ("d6", f"Melee 3D vs 8, {odds.chance(3, 0, 8, 'complication'):.0%}"),  # Use 2 → 4 + 2·2
        # d6 → 2, +1 with a close weapon; L433 for 3 dice (d4, d6, d8): Easy 59/64, Medium 3/4,
        # Tough 29/64; the difficulty is picked when the attack is made (review 2026-11-27 item 25)
        ("ninepowers", "Melee 3; pick Easy 92%, Medium 75% or Tough 45% next"),
    ],
)
def test_the_attack_option_names_its_roll_in_the_rulesets_words(ruleset: str, words: str) -> None:
    option = strike(duel(ruleset))
    # D6: when the default answers would spend Character/Fate Points the second chance is named
    # too, labelled, as on the attack card (issue 24, R-D6-7)
    points = option.roll.removeprefix(words)
    assert option.roll.startswith(words) and option.label == f"Strike z with shortsword ({option.roll})"
    assert points == "" or (
        ruleset == "d6" and re.fullmatch(r" on the roll, \d+% spending Character/Fate Points", points)
    )
    others = {"brikwars": "Use ", "d6": " vs ", "ninepowers": "Medium"}
    assert not any(w in option.roll for r, w in others.items() if r != ruleset)


def test_the_shove_option_too() -> None:
    shove = next(o for o in duel("ninepowers").legal_actions("a") if o.kind == "shove")
    assert shove.roll.startswith("Wrestle 2, Easy, ")  # Use 2: an Easy check for the GM (L367)


def test_a_full_round_task_is_logged_in_the_rulesets_words() -> None:
    g = duel("d6", [5, 5, 6, 3])  # Dodge 3D vs 10 (Use 3): 5, 5, Wild 6 → 3
    g.act("a", FullRound("Repair", difficulty="normal"))
    text = next(e for e in g.events if e.kind == "full_round").describe()
    assert "Dodge 3D: 5, 5, Wild 6→3 = 19 vs 10: success" in text and "Use" not in text
