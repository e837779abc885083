"""The attack forecast under Nine Powers (`Ruleset.attack_odds`): exact odds per difficulty
(R-NP-2, L429-435), damage (R-NP-6), Armor and Stamina expected lost (R-NP-5, R-NP-7) and the
veto the target's side holds (R-NP-11), for a battle's units as they stand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ninepowers_helpers import np, np_game
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import SkillTurn
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rulesets import find_ruleset

RULESET = find_ruleset("ninepowers")


def duel(script=(), *, skills=None, **block):
    """Melee 2 (d4, d6) against Armor 1 (Protect 1, no armor), Stamina 6 unless `block` says."""
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 2})),
        sb.unit("z", "blue", (3, 2), facing="W", weapons=[sb.SWORD],
                **np(skills={"melee": 1, **(skills or {})}, **block)),
    ]
    return np_game(units, list(script), Answers(np_difficulty=["easy"]))


def figures(odds, difficulty: str) -> dict[str, float]:
    line = next(line for line in odds.lines if line.label == f"shortsword, {difficulty}")
    return {f.what: f.value for f in line.figures}


def test_each_difficulty_has_its_exact_chance_damage_and_armor_and_stamina_expected():
    odds = RULESET.attack_odds(duel().state, "a", "shortsword", "z")
    easy, medium, tough = figures(odds, "Easy"), figures(odds, "Medium"), figures(odds, "Tough")
    # L431: rating 2 beats Easy 7/8, Medium 2/3, Tough 3/8
    assert (easy["success"], medium["success"], tough["success"]) == pytest.approx((7 / 8, 2 / 3, 3 / 8))
    assert (easy["damage"], medium["damage"], tough["damage"]) == (1, 2, 3)
    # Easy: a 1 in the pool (3/8) puts the point past Armor (R-NP-5), else Armor 1 takes it
    assert easy["to Stamina"] == pytest.approx(3 / 8) and easy["to Armor"] == pytest.approx(1 / 2)
    # Medium: two 1s (1/24) → 2 to Stamina; one 1 (1/3) → 1 past, 1 to Armor; no 1 (7/24) → Armor
    # 1 absorbs one point, the other reaches Stamina
    assert medium["to Stamina"] == pytest.approx(float(Fraction(17, 24)))
    assert medium["to Armor"] == pytest.approx(float(Fraction(15, 24)))
    assert "to defeat" not in easy
    assert odds.needed is None and odds.disrupts == 0
    assert ("Melee 2", "rolls d4, d6, the lowest die counts (R-NP-1)") in odds.modifiers


def test_the_chance_to_defeat_and_the_summary_follow_the_computers_pick():
    odds = RULESET.attack_odds(duel(stamina=1).state, "a", "shortsword", "z")
    # Stamina 1 limits nothing of the attacker; any point past Armor 1 defeats it
    tough = figures(odds, "Tough")
    assert tough["to defeat"] == pytest.approx(3 / 8)  # 3 points: 1 to Armor, 2 past it
    picked = next(d for d in ("Easy", "Medium", "Tough") if figures(odds, d)["success"] == odds.hit)
    assert odds.kills == pytest.approx(figures(odds, picked).get("to defeat", 0.0)) and odds.kills > 0


def test_r_np_11_a_veto_the_target_holds_is_named_on_the_card():
    g = duel([3, 2], skills={"acrobatics": 2})
    g.end_turn()
    g.act("z", SkillTurn("Acrobatics"))  # Easy: d4 3, d6 2 → two vetoes
    g.end_turn()
    odds = RULESET.attack_odds(g.state, "a", "shortsword", "z")
    veto = dict(odds.modifiers)["Veto"]
    # R-NP-11 as the defender's default answer (`should_veto`): two vetoes for one threat veto
    # anything that can hit, so every difficulty is cancelled before its dice
    assert veto == "it holds 2; its default answer cancels Easy, Medium, Tough (R-NP-11)"
    assert odds.hit == 0 and odds.kills == 0 and not odds.notes
    assert all(figures(odds, d)["vetoed"] == 1 for d in ("Easy", "Medium", "Tough"))


def test_an_attack_out_of_reach_raises_like_the_order():
    g = duel()
    g.move("a", (0, 0))
    with pytest.raises(IllegalOrder):
        RULESET.attack_odds(g.state, "a", "shortsword", "z")
