"""engine/hazard_spread.py: hazards alone, many seeds, burn frequencies against exact values."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from brikwars_gui.engine.hazard_spread import hazard_spread, most_likely_front
from brikwars_gui.engine.hazards.fire import burning_die
from brikwars_gui.engine.hazards.sandbox import add_fire, add_object, blank_state
from brikwars_gui.scenario.io import load_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "resources" / "scenarios"


def two_huts(weight_b: float):
    """A Size 1" hut A (Weight class 2) burning with a 1" fire, hut B (weight_b) next to it."""
    state = blank_state(6, 5)
    add_object(state, "a", [(2, 2)], size=1, weight=2, armor="99")
    add_object(state, "b", [(3, 2)], size=1, weight=weight_b, armor="99")
    add_fire(state, "f", "a", [(2, 2)], 1)
    return state


def exact_burn(rounds: int, weight_a: float, weight_b: float) -> tuple[list[float], list[float]]:
    """Exact P(A burns), P(B burns) after each round, by enumerating the d4 of each Burning Roll.

    R-FIRE-9 with 1" fires on 1" huts: each fire's die is "down" (the fire goes out) or "spread";
    a spread fire already at its hut's Size lights the other hut when that one is not burning.
    Fires roll in the order they were lit; a new fire rolls from the next turn on (R-FIRE-8)."""
    p_down = {
        hut: sum(burning_die(f, w) == "down" for f in range(1, 5)) / 4
        for hut, w in (("a", weight_a), ("b", weight_b))
    }
    other = {"a": "b", "b": "a"}
    dist: dict[tuple[str, ...], float] = {("a",): 1.0}
    burn_a, burn_b = [1.0], [0.0]
    for _ in range(rounds):
        nxt: dict[tuple[str, ...], float] = {}
        for order, p in dist.items():
            branches = [(list(order), p)]
            for hut in order:  # the fires burning when the turn starts, oldest first
                step = []
                for fires, q in branches:
                    step.append(([f for f in fires if f != hut], q * p_down[hut]))
                    lit = [*fires, other[hut]] if other[hut] not in fires else fires
                    step.append((lit, q * (1 - p_down[hut])))
                branches = step
            for fires, q in branches:
                nxt[tuple(fires)] = nxt.get(tuple(fires), 0.0) + q
        dist = nxt
        burn_a.append(sum(p for order, p in dist.items() if "a" in order))
        burn_b.append(sum(p for order, p in dist.items() if "b" in order))
    return burn_a, burn_b


@pytest.mark.parametrize("weight_b", [2, 4])
def test_r_fire_9_burn_frequencies_match_the_exact_spread_probabilities(weight_b: float) -> None:
    runs, rounds = 2000, 4
    spread = hazard_spread(None, rounds, runs, seed=11, start=two_huts(weight_b))
    exact_a, exact_b = exact_burn(rounds, 2, weight_b)
    assert spread.burn.shape == (rounds + 1, 5, 6)
    for r in range(rounds + 1):
        for (x, y), p in (((2, 2), exact_a[r]), ((3, 2), exact_b[r])):
            got = spread.burn[r, y, x]
            sigma = math.sqrt(p * (1 - p) / runs) or 1 / runs
            assert abs(got - p) <= 5 * sigma, (r, (x, y), got, p)
    # nothing burns anywhere else: fire only spreads to flammable objects within 1" (R-FIRE-9)
    others = spread.burn.copy()
    others[:, 2, 2:4] = 0
    assert not others.any()


def test_exact_values_are_the_hand_computed_ones() -> None:
    """The enumeration above, checked by hand for B of Weight class 4 (its fire always dies down)."""
    a, b = exact_burn(4, 2, 4)
    assert a == [1.0, 0.5, 0.25, 0.125, 0.0625]
    assert b == [0.0, 0.5, 0.0, 0.125, 0.0]


def test_same_seed_same_spread_and_runs_are_independent_of_each_other() -> None:
    one = hazard_spread(None, 3, 50, seed=5, start=two_huts(2))
    two = hazard_spread(None, 3, 50, seed=5, start=two_huts(2))
    assert np.array_equal(one.burn, two.burn)
    other = hazard_spread(None, 3, 50, seed=6, start=two_huts(2))
    assert not np.array_equal(one.burn, other.burn)


def test_showcase_fire_spreads_over_rounds_and_front_borders_the_likely_fire() -> None:
    scenario = load_scenario(SCENARIOS / "hazard_showcase.json")
    spread = hazard_spread(scenario, 3, 20, seed=0)
    assert spread.runs == 20
    assert spread.burn[0].any(), "the showcase starts with fires"
    front = spread.front(0)
    assert front.any() and not (front & (spread.burn[0] < 0.5)).any()


def test_most_likely_front_is_the_rim_of_the_likely_area() -> None:
    prob = np.zeros((7, 7))
    prob[1:6, 1:6] = 0.8
    front = most_likely_front(prob)
    assert front[1, 1] and front[5, 3] and not front[3, 3] and not front[0, 0]
    assert front.sum() == 16


def test_cancel_keeps_the_runs_done() -> None:
    calls = []
    spread = hazard_spread(
        None,
        2,
        10,
        start=two_huts(2),
        progress=lambda d, t: calls.append(d),
        should_stop=lambda: len(calls) >= 3,
    )
    assert spread.cancelled and spread.runs == 3
