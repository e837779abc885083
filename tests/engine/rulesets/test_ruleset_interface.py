"""The engine rolls, resists and computes odds only through the battle's `Ruleset` (issue 11)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from brikwars_gui.engine.ai import play_turn
from brikwars_gui.engine.replay import event_dicts
from brikwars_gui.engine.rulesets import RULESET_NAMES, find_ruleset, register
from brikwars_gui.engine.rulesets.brikwars.ruleset import BrikWarsRuleset
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario

CALLS: Counter[str] = Counter()


def _spy(name: str):
    def hook(self: Any, *args: Any, **kwargs: Any) -> Any:
        CALLS[name] += 1
        return getattr(BrikWarsRuleset, name)(self, *args, **kwargs)

    return hook


@register
class SpyRuleset(BrikWarsRuleset):
    """BrikWars with every hook counted: a game under it must equal the BrikWars game."""

    name = "spy-brikwars"
    label = "BrikWars, counted"
    locals().update(
        {
            n: _spy(n)
            for n in (
                "action_roll",
                "action_chance",
                "initiative_roll",
                "damage_roll",
                "explosion_radius",
                "armor_roll",
                "damage_outcome",
                "suffer",
            )
        }
    )


def _play(scenario: Any, ruleset: str, seed: int) -> list[dict[str, Any]]:
    game = Game.from_scenario(scenario, seed=seed, max_rounds=6, start=False)
    game.state.ruleset = ruleset
    game.start()
    while not game.over:
        play_turn(game)
    return list(event_dicts(game.events))


def test_find_ruleset_by_name_and_a_clear_error_for_an_unknown_one() -> None:
    assert "brikwars" in RULESET_NAMES
    assert find_ruleset("brikwars").name == "brikwars"
    assert isinstance(find_ruleset("brikwars"), BrikWarsRuleset)
    with pytest.raises(ValueError, match="'chess' is unknown; choose one of brikwars, d6, ninepowers"):
        find_ruleset("chess")
    assert find_ruleset("ninepowers").name == "ninepowers"  # issue 12


@pytest.mark.parametrize("sample", ["skirmish.json", "hazard_showcase.json"])
def test_every_roll_and_resistance_of_a_game_goes_through_the_ruleset(sample: str) -> None:
    scenario = load_scenario(SCENARIOS / sample)
    CALLS.clear()
    spied = _play(scenario, "spy-brikwars", seed=3)
    assert spied == _play(scenario, "brikwars", seed=3)  # the hooks are the BrikWars rules
    kinds = Counter(e["kind"] for e in spied)
    rolled_attacks = sum(1 for e in spied if e["kind"] == "attacked" and e["roll"] is not None)
    hits = sum(  # an Overskill Damage die (R-DICE-8a) is BrikWars' own roll, inside its Skill Roll
        1 for e in spied if e["kind"] == "attacked" and e["damage_roll"] and e["overskill"] != "damage"
    )
    assert kinds["armor_rolled"] > 0 and rolled_attacks > 0
    assert CALLS["armor_roll"] >= kinds["armor_rolled"]  # plus Grinding checks
    assert CALLS["damage_outcome"] == CALLS["suffer"] == kinds["armor_rolled"]
    assert CALLS["action_roll"] >= rolled_attacks
    assert CALLS["damage_roll"] >= hits
    assert CALLS["action_chance"] > 0  # the AI's and the GUI's odds
