"""The tactical AI plays every ruleset with that ruleset's own odds (`Ruleset.strike_odds`):
its to-hit and kill chances match attacks played through `Game` orders under BrikWars, the D6
System and Nine Powers, and it plays whole games under each."""

from __future__ import annotations

from typing import Any

import pytest

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import make_player
from brikwars_gui.engine.tactics.odds import attack_odds
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario import load_scenario
from brikwars_gui.scenario.models import Scenario

NO_POINTS = {"d6": {"character_points": 0, "fate_points": 0}}  # no spending: the plain roll's odds


def _scenario(ruleset: str, units: list[dict[str, Any]]) -> Scenario:
    data = sb.scenario(units, width=24, height=10).model_dump(mode="json")
    data["ruleset"] = ruleset
    return Scenario.model_validate(data)


def _duel(ruleset: str) -> Scenario:
    extra = NO_POINTS  # other rulesets ignore the d6 block
    return _scenario(
        ruleset,
        [
            sb.unit("eel", "red", (2, 5), facing="E", weapons=[sb.RIFLE], **extra),
            sb.unit("cobb", "blue", (7, 5), facing="N", weapons=[sb.PISTOL], **extra),
        ],
    )


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_r_act_5_strike_odds_match_attacks_played_under_each_ruleset(ruleset):
    """Hit and kill frequencies of seeded rifle shots (through `Game.act`) agree with the odds
    the AI plans with, within 4 standard deviations."""
    scenario = _duel(ruleset)
    probe = Game.from_scenario(scenario, seed=0)
    eel = probe.unit("eel")
    odds = attack_odds(probe.state, eel, eel.weapons[0], probe.unit("cobb"))
    assert odds is not None
    n, hits, kills = 1500, 0, 0
    for seed in range(n):
        g = Game.from_scenario(scenario, seed=seed)
        g.act("eel", Attack("rifle", "cobb"))
        attacked = next(e for e in g.events if e.kind == "attacked")
        hits += bool(attacked.hit)
        kills += not g.unit("cobb").alive
    for p, count in ((odds.hit, hits), (odds.kill, kills)):
        sigma = max((p * (1 - p) / n) ** 0.5, 1 / n)
        assert abs(count / n - p) < 4 * sigma, (ruleset, p, count / n)


def test_the_ai_odds_differ_by_ruleset():
    """The same shot has different odds under each ruleset: no BrikWars numbers elsewhere."""
    hits = {}
    for ruleset in ("brikwars", "d6", "ninepowers"):
        g = Game.from_scenario(_duel(ruleset), seed=0)
        odds = attack_odds(g.state, g.unit("eel"), g.unit("eel").weapons[0], g.unit("cobb"))
        assert odds is not None
        hits[ruleset] = (round(odds.hit, 6), round(odds.kill, 6))
    assert len(set(hits.values())) == 3


@pytest.mark.parametrize("ruleset", ["d6", "ninepowers"])
def test_normal_and_hard_play_the_skirmish_under_each_ruleset(ruleset):
    data = load_scenario(SCENARIOS / "skirmish.json").model_dump(mode="json")
    data["ruleset"] = ruleset
    scenario = Scenario.model_validate(data)
    logs = []
    for _ in range(2):
        g = Game.from_scenario(scenario, seed=3, max_rounds=5)
        first, second = g.state.turn_order[:2]
        players = {first: make_player("normal", 3), second: make_player("hard", 3)}
        while not g.over:
            players[g.active_player].play_turn(g)
        assert any(e.kind == "attacked" for e in g.events)
        logs.append([e.to_dict() for e in g.events])
    assert logs[0] == logs[1]


def test_r_fire_5_a_burning_attackers_odds_are_the_rules_chance():
    """The AI's chance to hit is the ruleset's `action_chance`: −1d4 while burning (R-FIRE-5)."""
    from brikwars_gui.engine.hazards import sandbox as hs
    from brikwars_gui.engine.rules.combat import plan_attack
    from brikwars_gui.engine.state import WeaponState

    state = hs.blank_state(20, 10)
    rifle = WeaponState("rifle", "ranged", 3, 10, "1d6+1")
    hs.add_unit(state, "a", "red", (2, 5), weapons=[rifle])
    hs.add_unit(state, "z", "blue", (8, 5))
    plain = attack_odds(state, state.units["a"], rifle, state.units["z"])
    hs.add_fire(state, "f", "a", [(2, 5)], 1)
    burning = attack_odds(state, state.units["a"], rifle, state.units["z"])
    assert plain is not None and burning is not None
    assert burning.hit == pytest.approx(plan_attack(state, state.units["a"], rifle, "z").chance)
    assert burning.hit < plain.hit and burning.kill < plain.kill
