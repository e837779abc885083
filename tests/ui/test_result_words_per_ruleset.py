"""Issue 24 / review 2026-11-27 item 15: the result floating over the map speaks the battle's
ruleset: D6 "Hit (12 vs 8)" — its total against its own difficulty, not BrikWars' Use 2 — and
Nine Powers its lowest die and difficulty level."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.session_controller.log_entries import map_result


def attacked(ruleset: str):
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.SWORD]), sb.unit("z", "blue", (3, 2))]
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = ruleset
    game = Game.from_scenario(Scenario.model_validate(data), seed=3)
    game.act("a", Attack("shortsword", "z"))
    return next(e for e in game.events if e.kind == "attacked")


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_the_map_result_names_the_rulesets_own_numbers(ruleset: str) -> None:
    event = attacked(ruleset)
    result = map_result(event, lambda _uid: (3, 2))
    roll = event.roll
    if ruleset == "d6":
        assert f"({roll['total']} vs {roll['difficulty']})" in result.text
    elif ruleset == "ninepowers":
        assert f"lowest die {roll['lowest']}, {roll['difficulty'].title()}" in result.text
    else:
        assert f"({roll['total']} vs {event.needed})" in result.text
