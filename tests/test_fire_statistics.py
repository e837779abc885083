"""Burning Roll odds per Weight class (R-FIRE-9, A-1): exact values and a seeded sample."""

import math

import pytest

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards.fire import burning_die, burning_probabilities, burning_roll
from brikwars_gui.engine.hazards.sandbox import add_fire, add_object, blank_state

# Per die: P(die down) = P(d4 = 1 or d4 ≤ W); P(spread) = P(d4 > W and d4 ≠ 1) (a 1 only dies down).
EXACT = {0.5: (0.25, 0.75), 1: (0.25, 0.75), 2: (0.5, 0.5), 3: (0.75, 0.25), 4: (1.0, 0.0), 5: (1.0, 0.0)}


@pytest.mark.parametrize("weight", sorted(EXACT))
def test_r_fire_9_exact_die_down_and_spread_probabilities(weight: float) -> None:
    assert burning_probabilities(weight) == EXACT[weight]
    downs = sum(burning_die(f, weight) == "down" for f in range(1, 5))
    assert downs / 4 == EXACT[weight][0]


@pytest.mark.parametrize("weight", sorted(EXACT))
def test_r_fire_9_sampled_burning_rolls_match_the_exact_odds(weight: float) -> None:
    """4000 single-die Burning Rolls on a Size 1 target: counts within 5 standard deviations."""
    state = blank_state(4, 4)
    dice = SeededDice(1234 + int(weight * 10))
    ctx = RulesContext(state, dice)
    n, downs, spreads = 4000, 0, 0
    obj = add_object(state, "t", [(1, 1)], size=1, weight=weight, armor="99")
    for _ in range(n):
        obj.grinding = 0
        add_fire(state, "f", "t", [(1, 1)], 1)
        event = burning_roll(ctx, "f")
        downs += event.died_down
        spreads += event.spread
        state.fires.pop("f", None)
    p_down, p_spread = EXACT[weight]
    sigma = math.sqrt(n * p_down * (1 - p_down)) or 0.5
    assert abs(downs - n * p_down) <= 5 * sigma
    assert downs + spreads == n
    assert abs(spreads - n * p_spread) <= 5 * sigma
