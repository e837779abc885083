"""Seeded Nine Powers rolls drawn through the engine's DiceSource against the exact odds (L429-435).
Fixed seeds; success rates within 5 standard errors, outcome counts by a chi-square test at the
0.999 level."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.rulesets.ninepowers.odds import pool_odds, success_chance
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty, pool_sides, roll_pool

CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12, 9: 27.88,
            10: 29.59, 11: 31.26, 12: 32.91, 13: 34.53, 14: 36.12}
N = 12_000


@pytest.mark.parametrize("rating", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_seeded_success_rate_matches_exact_odds(rating, difficulty):
    dice = SeededDice(1000 * rating + difficulty.threshold)
    sides = pool_sides(rating)
    hits = sum(roll_pool(dice, sides, difficulty, label="Melee").success for _ in range(N))
    p = float(success_chance(rating, difficulty))
    se = math.sqrt(p * (1 - p) / N)
    assert abs(hits / N - p) <= 5 * se, f"{hits / N:.4f} vs {p:.4f}"


@pytest.mark.parametrize("rating", [2, 4])
def test_seeded_outcomes_match_exact_distribution_chi_square(rating):
    dice = SeededDice(77 + rating)
    sides = pool_sides(rating)
    bypass = frozenset({1, 2})
    observed = Counter()
    for _ in range(N):
        roll = roll_pool(dice, sides, Difficulty.MEDIUM, label="Melee", special=(20,), bypass_faces=bypass)
        observed[(roll.success, roll.bypassing_dice, roll.special_success)] += 1
    expected = pool_odds(sides, Difficulty.MEDIUM, special=(20,), bypass_faces=bypass).outcomes
    # pool sparse cells (expected < 5) into one
    chi2, rest_obs, rest_exp, cells = 0.0, 0, 0.0, 0
    for key, p in expected.items():
        e = float(p) * N
        if e < 5:
            rest_obs += observed[key]
            rest_exp += e
            continue
        chi2 += (observed[key] - e) ** 2 / e
        cells += 1
    if rest_exp:
        chi2 += (rest_obs - rest_exp) ** 2 / rest_exp
        cells += 1
    assert set(observed) <= set(expected)
    assert chi2 < CHI2_999[cells - 1], f"chi2 {chi2:.1f} over {cells} cells"
