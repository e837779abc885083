"""The default AI's shortcuts (engine/ai.py) choose exactly what the plain definitions choose:
`best_attack` is the best of `Game.legal_actions` (no line of sight checked for pairs it can rule
out, no distant enemy planned), under every ruleset, and the ruleset contract it rests on holds
(an Action's chance never grows with the needed number nor with the Out of Range penalty)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.rules.actions import ActionOption
from brikwars_gui.engine.rulesets import RULESET_NAMES, ruleset_of
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.models import Scenario


def _battle(units: int, ruleset: str, **kw: Any) -> Scenario:
    data = army_battle(units, **kw).model_dump(mode="json")
    data["ruleset"] = ruleset
    return Scenario.model_validate(data)


def _by_definition(game: Game, unit_id: str, min_chance: float, in_range_only: bool) -> ActionOption | None:
    unit = game.unit(unit_id)
    options = [
        o
        for o in game.legal_actions(unit_id)
        if o.kind == "attack"
        and o.chance is not None
        and o.chance >= min_chance
        and not (in_range_only and o.out_of_range)
        and ai._safe(game, unit, o)
    ]
    if not options:
        return None
    return max(options, key=lambda o: (o.chance or 0.0, -(o.distance or 0.0), str(o.target), str(o.weapon)))


@pytest.mark.parametrize("ruleset", sorted(RULESET_NAMES))
def test_best_attack_is_the_best_legal_attack_in_an_ai_battle(ruleset: str, monkeypatch: Any) -> None:
    fast = ai.best_attack
    seen = {"calls": 0, "attacks": 0, "far": 0}

    def checked(game: Game, unit_id: str, min_chance: float = ai.MIN_CHANCE, **kw: Any) -> Any:
        got = fast(game, unit_id, min_chance, **kw)
        assert got == _by_definition(game, unit_id, min_chance, kw.get("in_range_only", False))
        for low in (0.0, 0.05):  # the pruning bound must also hold for other thresholds
            assert fast(game, unit_id, low) == _by_definition(game, unit_id, low, False)
        seen["calls"] += 1
        seen["attacks"] += got is not None
        seen["far"] += got is not None and got.out_of_range > 0
        return got

    monkeypatch.setattr(ai, "best_attack", checked)
    scenario = _battle(40, ruleset, size=36, buildings=6, fires=2, seed=3)
    game = Game.from_scenario(scenario, seed=1, max_rounds=6)
    ai.play_game(game)
    # enough attacks, some of them beyond Range (R-ACT-6): the pruning did not drop those
    assert seen["calls"] > 100 and seen["attacks"] > 20 and seen["far"] > 0


@pytest.mark.parametrize("ruleset", sorted(RULESET_NAMES))
def test_action_chance_never_grows_with_needed_or_range_penalty(ruleset: str) -> None:
    state = Game.from_scenario(_battle(4, ruleset, size=20, buildings=0, fires=0), seed=0).state
    rules = ruleset_of(state)
    for unit in state.units.values():
        for weapon in unit.weapons:
            kind = "melee" if weapon.is_close else weapon.kind
            for needed in range(-2, 14):
                row = [
                    rules.action_chance(state, unit, needed, kind=kind, per_die_modifier=-k, weapon=weapon)
                    for k in range(0, 10)
                ]
                assert all(a >= b for a, b in itertools.pairwise(row)), (needed, row)
                harder = rules.action_chance(state, unit, needed + 1, kind=kind, weapon=weapon)
                assert harder <= row[0]
