"""The computer's Nine Powers choices: difficulty by expected damage and risk, vetoes, dodging."""

from __future__ import annotations

from brikwars_gui.engine.rulesets.ninepowers.damage import Vitals
from brikwars_gui.engine.rulesets.ninepowers.odds import forecast_attack, pool_odds
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty, pool_sides
from brikwars_gui.engine.rulesets.ninepowers.tactics import (
    attack_value,
    choose_difficulty,
    prefers_dodging,
    should_veto,
)


def forecasts(rating: int, target: Vitals):
    return [forecast_attack(pool_odds(pool_sides(rating), d), target) for d in Difficulty]


def test_medium_is_best_for_ordinary_pools_against_armor():
    # L439: expected value is usually highest for medium
    best = choose_difficulty(forecasts(3, Vitals(stamina=6, armor=4)))
    assert best.difficulty is Difficulty.MEDIUM


def test_easy_when_one_point_defeats():
    # one point finishes the foe: the likeliest success wins
    best = choose_difficulty(forecasts(2, Vitals(stamina=1, armor=0)))
    assert best.difficulty is Difficulty.EASY


def test_choice_maximises_value():
    fcs = forecasts(4, Vitals(stamina=6, armor=0))
    best = choose_difficulty(fcs)
    assert attack_value(best) == max(attack_value(f) for f in fcs)


def test_veto_policy():
    tough = forecast_attack(pool_odds(pool_sides(3), Difficulty.TOUGH), Vitals(stamina=6, armor=0))
    weak = forecast_attack(pool_odds(pool_sides(1), Difficulty.EASY), Vitals(stamina=6, armor=6))
    assert should_veto(tough, vetoes=1)
    assert not should_veto(tough, vetoes=0)
    assert not should_veto(weak, vetoes=1, threats=2)  # saved for a worse blow
    assert should_veto(weak, vetoes=3, threats=1)  # spare vetoes lapse anyway
    lethal = forecast_attack(pool_odds(pool_sides(1), Difficulty.EASY), Vitals(stamina=1, armor=0))
    assert should_veto(lethal, vetoes=1, threats=5)


def test_dodging_when_near_defeat_among_foes():
    me = Vitals(stamina=2, armor=0)
    assert prefers_dodging(me, acrobatics=3, adjacent_foes=2, best_attack=0)
    assert not prefers_dodging(Vitals(stamina=5, armor=0), acrobatics=3, adjacent_foes=2, best_attack=0)
    assert not prefers_dodging(me, acrobatics=3, adjacent_foes=0, best_attack=0)
