"""Exact Nine Powers odds (L429-435) and forecasts, checked against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from brikwars_gui.engine.rulesets.ninepowers.damage import Hit, Vitals, plan_damage
from brikwars_gui.engine.rulesets.ninepowers.odds import (
    forecast_attack,
    pool_odds,
    success_chance,
    successful_dice_distribution,
)
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty, pool_sides

E, M, T = Difficulty.EASY, Difficulty.MEDIUM, Difficulty.TOUGH

# RULES.md NP "Exact odds": rating -> (Easy, Medium, Tough); L429-435 round them to 75/50/25,
# 88/67/38, 92/75/45, 95/80/51 %.
EXACT_TABLE = {
    1: (F(3, 4), F(1, 2), F(1, 4)),
    2: (F(7, 8), F(2, 3), F(3, 8)),
    3: (F(59, 64), F(3, 4), F(29, 64)),
    4: (F(121, 128), F(4, 5), F(65, 128)),
}
PRINTED_PERCENT = {1: (75, 50, 25), 2: (88, 67, 38), 3: (92, 75, 45), 4: (95, 80, 51)}


@pytest.mark.parametrize("rating", [1, 2, 3, 4])
def test_l429_435_exact_odds_table(rating):
    got = tuple(success_chance(rating, d) for d in (E, M, T))
    assert got == EXACT_TABLE[rating]
    assert tuple(pool_odds(pool_sides(rating), d).success for d in (E, M, T)) == got
    assert tuple(round(float(p) * 100) for p in got) == PRINTED_PERCENT[rating]


def test_l439_tough_becomes_as_good_as_medium_with_five_or_six_dice():
    # expected damage = chance x 1/2/3; medium is best at ratings 1-4, tough catches up at 5-6
    for rating in (2, 3, 4):
        assert 2 * success_chance(rating, M) > 3 * success_chance(rating, T)
    for rating in (5, 6):
        assert 3 * success_chance(rating, T) > 2 * success_chance(rating, M) - F(1, 10)


def _brute(sides, difficulty, bypass, special=()):
    dist = {}
    all_dice = (*sides, *special)
    total = 1
    for d in all_dice:
        total *= d
    for faces in itertools.product(*(range(1, d + 1) for d in all_dice)):
        ok = min(faces) <= difficulty.threshold
        byp = sum(f in bypass for f in faces) if ok else 0
        spec = ok and any(f <= difficulty.threshold for f in faces[len(sides):])
        dist[(ok, byp, spec)] = dist.get((ok, byp, spec), 0) + F(1, total)
    return dist


@pytest.mark.parametrize("rating", [1, 2, 3, 4])
@pytest.mark.parametrize("difficulty", [E, M, T])
def test_pool_odds_equal_brute_force_enumeration(rating, difficulty):
    sides = pool_sides(rating)
    for bypass in (frozenset({1}), frozenset({1, 2})):
        assert pool_odds(sides, difficulty, bypass_faces=bypass).outcomes == _brute(sides, difficulty, bypass)
    assert pool_odds(sides, difficulty, special=(20,)).outcomes == _brute(sides, difficulty, {1}, (20,))


def test_successful_dice_distribution_is_binomial_like():
    dist = successful_dice_distribution((4, 6), E)
    # d4 beats Easy 3/4, d6 1/2
    assert dist == {2: F(3, 8), 1: F(3, 4) * F(1, 2) + F(1, 4) * F(1, 2), 0: F(1, 8)}


def test_forecast_attack_matches_enumerated_damage():
    target = Vitals(stamina=4, armor=2)
    odds = pool_odds(pool_sides(4), M)
    fc = forecast_attack(odds, target)
    exp = F(0)
    defeat = F(0)
    for (ok, byp, _), p in _brute(pool_sides(4), M, {1}).items():
        if ok:
            r = plan_damage(target, Hit(points=2, bypass=byp))
            exp += p * r.to_stamina
            defeat += p * r.defeated
    assert fc.expected_stamina == exp
    assert fc.defeat == defeat == 0  # 2 points never take 4 Stamina
    assert fc.success == F(4, 5)
    assert fc.summary().startswith("Medium: 80% to hit, 2 damage")


def test_forecast_counts_defeat_when_stamina_is_low():
    fc = forecast_attack(pool_odds(pool_sides(2), T), Vitals(stamina=3, armor=0))
    assert fc.defeat == success_chance(2, T)
