"""The attack forecast under the D6 ruleset (`Ruleset.attack_odds`): the card's numbers against the
ruleset's own Damage and resistance rolls, seeded (statistical, 4 sigma), and its lines in D6
words (R-D6-1..5; the damage table of docs/rules-decisions.md)."""

from __future__ import annotations

import math

import pytest

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario

RULESET = find_ruleset("d6")


def duel(**target) -> Game:
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.SWORD]), sb.unit("z", "blue", (3, 2), **target)]
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = "d6"
    return Game.from_scenario(Scenario.model_validate(data), seed=1)


def test_damage_against_resistance_matches_the_rulesets_own_rolls():
    g = duel()
    odds = RULESET.attack_odds(g.state, "a", "shortsword", "z")
    ctx = RulesContext(g.state, SeededDice(7))
    ctx.ask = lambda request: request.default  # the target spends its 2 CP as the computer would
    weapon = g.unit("a").weapons[0]
    n, bands = 20_000, {"out": 0, "stun": 0, "wound": 0}
    for _ in range(n):
        g.unit("z").pools["cp"] = 2
        damage = RULESET.damage_roll(ctx, weapon.damage, weapon=weapon).total
        armor, _text = RULESET.armor_roll(ctx, "z", damage=damage)  # R-D6-7 points on it
        outcome = RULESET.damage_outcome(g.state, "z", damage, armor)
        key = {"stunned": "stun", "wounded": "wound", "incapacitated": "out", "killed": "out"}.get(outcome)
        if key:
            bands[key] += 1
    figures = {f.what: f.value for f in odds.lines[0].figures}
    for key, what in (("out", "out of the fight"), ("stun", "stunned"), ("wound", "wounded")):
        p = figures[what] / odds.hit  # the card's chance given a hit
        assert abs(bands[key] / n - p) < 4 * math.sqrt(p * (1 - p) / n), key
    assert odds.kills == figures["out of the fight"] and odds.out_word == "take out"
    assert dict(odds.modifiers)["Melee"] == "3D vs 8 (Use 2)"  # Use 2 → 4 + 2·2 (docs/rulesets.md)
    assert dict(odds.modifiers)["Damage"] == "2D+2 vs Strength 2D"


def test_a_wounded_target_is_taken_out_by_a_second_wound():
    g = duel()
    g.unit("z").pools["wounds"] = 1
    odds = RULESET.attack_odds(g.state, "a", "shortsword", "z")
    fresh = RULESET.attack_odds(duel().state, "a", "shortsword", "z")
    figures = {f.what: f.value for f in fresh.lines[0].figures}
    assert odds.kills == pytest.approx(figures["out of the fight"] + figures["wounded"])


def test_r_act_2_a_use_0_weapon_is_a_trivial_action_on_the_card_not_an_automatic_hit():
    """A Use 0 weapon needs no roll (R-ACT-2): the card says so instead of R-MOVE-16's automatic
    hit on a Disrupted target, which is kept for that case."""
    units = [sb.unit("a", "red", (2, 2), weapons=[{**sb.SWORD, "use": 0}]), sb.unit("z", "blue", (3, 2))]
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = "d6"
    g = Game.from_scenario(Scenario.model_validate(data), seed=1)
    odds = RULESET.attack_odds(g.state, "a", "shortsword", "z")
    assert odds.hit == 1.0
    assert dict(odds.modifiers)["Melee"] == "no roll: Use 0 is a trivial Action (R-ACT-2)"
    assert "Automatic hit" not in dict(odds.modifiers)
    plain = [sb.unit("a", "red", (2, 2), weapons=[sb.SWORD]), sb.unit("z", "blue", (3, 2))]
    data = sb.scenario(plain).model_dump(mode="json")
    data["ruleset"] = "d6"
    g = Game.from_scenario(Scenario.model_validate(data), seed=1)
    g.unit("z").disrupted = True
    disrupted = RULESET.attack_odds(g.state, "a", "shortsword", "z")
    assert "R-MOVE-16" in dict(disrupted.modifiers)["Automatic hit"]
