"""Exact odds of D6 System rolls (R-D6-2..5, R-D6-7, A-11): checked against brute-force
enumeration, hand-computed values, the odds the game shows, and seeded rolls (statistics)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from brikwars_gui.engine.dice import SeededDice, roll_code
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rulesets.d6 import odds
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario


def brute(dice: int, pips: int, option: str, depth: int = 6) -> dict[int, Fraction]:
    """Every outcome of the regular dice × the Wild Die chain up to `depth` tosses, exactly."""
    wild: list[tuple[list[int], Fraction]] = []
    for k in range(depth):
        for last in range(1, 6):
            wild.append(([6] * k + [last], Fraction(1, 6 ** (k + 1))))
    out: dict[int, Fraction] = {}
    for regular in itertools.product(range(1, 7), repeat=dice - 1):
        for chain, p in wild:
            p = p / 6 ** (dice - 1)
            if chain == [1] and option == "cancel_highest":
                total = sum(regular) - (max(regular) if regular else 0)
            else:
                total = sum(regular) + sum(chain)
            out[total + pips] = out.get(total + pips, Fraction(0)) + p
    return out


@pytest.mark.parametrize("option", ["complication", "cancel_highest"])
@pytest.mark.parametrize(("dice", "pips"), [(1, 0), (2, 1), (3, 0), (4, 2)])
def test_code_distribution_equals_brute_force_enumeration(dice: int, pips: int, option: str) -> None:
    exact = brute(dice, pips, option)
    computed = dict(odds.code_distribution(dice, pips, option))
    for value, p in exact.items():
        if value < 6 * 5:  # beyond that the brute force's chain depth cuts the tail
            assert computed[value] == pytest.approx(float(p), abs=1e-12), value


def test_hand_computed_wild_die_odds() -> None:
    # one die: it is the Wild Die (R-D6-2); 6 rerolls (R-D6-3)
    assert odds.chance(1, 0, 7, "complication") == pytest.approx(1 / 6)
    assert odds.chance(1, 0, 13, "complication") == pytest.approx(1 / 36)
    assert odds.chance(1, 0, 2, "complication") == pytest.approx(5 / 6)
    assert odds.chance(1, 0, 1, "cancel_highest") == pytest.approx(5 / 6)  # a 1 cancels it: 0
    mean = sum(v * p for v, p in odds.code_distribution(1, 0, "complication"))
    assert mean == pytest.approx(3.5 / (5 / 6))  # 4.2


def test_character_point_dice_odds_after_a_roll() -> None:
    assert odds.cp_chance(1, 1) == pytest.approx(1.0) and odds.cp_chance(0, 1) == 0.0
    assert odds.cp_chance(1, 6) == pytest.approx(1 / 6)  # only a 6 (R-D6-7: then it rerolls)
    assert odds.cp_chance(1, 8) == pytest.approx(1 / 6 * 5 / 6)  # 6, then 2..5 or another 6
    assert odds.cp_chance(2, 2) == pytest.approx(1.0)  # a CP die's 1 is just 1, never a failure
    assert odds.cp_chance(-3, 0) == 1.0  # already enough


@pytest.mark.parametrize("option", ["complication", "cancel_highest"])
def test_seeded_rolls_match_the_exact_odds(option: str) -> None:
    n = 20_000
    dice = SeededDice(20261123)
    totals = [roll_code("3D+1", dice, critical_failure_option=option).total for _ in range(n)]
    for target in (8, 11, 14, 18):
        p = odds.chance(3, 1, target, option)
        hits = sum(t >= target for t in totals)
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(hits - n * p) < 4.5 * sigma, (target, hits / n, p)


@pytest.mark.parametrize("option", ["complication", "cancel_highest"])
def test_the_odds_the_game_shows_are_the_exact_odds(option: str) -> None:
    data = sb.scenario(
        [sb.unit("a", "red", (2, 2), weapons=[sb.SWORD], d6={"melee": "3D+1"}), sb.unit("z", "blue", (3, 2))]
    ).model_dump(mode="json")
    data.update(ruleset="d6", d6={"critical_failure": option})
    game = Game.from_scenario(Scenario.model_validate(data), seed=1)
    option_shown = next(o for o in game.legal_actions("a") if o.kind == "attack")
    assert option_shown.chance == pytest.approx(odds.chance(3, 1, 8, option), abs=1e-12)  # Use 2 → 8
