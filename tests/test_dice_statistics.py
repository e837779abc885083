"""Seeded dice against exact values: means with Bonus chains, Critical Failure/Overskill odds, exact
success probabilities (`skill_success_probability`). Fixed seeds; tolerances of 5 standard errors."""

from __future__ import annotations

import math
import statistics

import pytest

from brikwars_gui.engine.dice import (
    SeededDice,
    chain_at_least,
    die_distribution,
    expected_total,
    parse_dice,
    roll_code,
    roll_expression,
    skill_roll,
    skill_success_probability,
    spend_overskill_on_skill,
)


def assert_mean_close(samples: list[float], expected: float) -> None:
    se = statistics.pstdev(samples) / math.sqrt(len(samples))
    mean = statistics.fmean(samples)
    assert abs(mean - expected) <= 5 * se, f"mean {mean:.4f} vs {expected:.4f} (5 SE = {5 * se:.4f})"


def assert_rate_close(hits: int, n: int, p: float) -> None:
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 5 * se + 1e-12, f"rate {hits / n:.4f} vs {p:.4f} (5 SE = {5 * se:.4f})"


# ---------------------------------------------------------------- exact formulas


def test_r_dice_1_exact_mean_of_a_d6_with_bonus_chain_is_4_2() -> None:
    # E = 3.5 + E/6  =>  E = 3.5 / (1 - 1/6) = 4.2
    assert expected_total("1d6") == pytest.approx(4.2)


@pytest.mark.parametrize(
    ("expr", "mean"),
    [
        ("1d4", 2.5 + 4.2 / 4),  # G-20: a d4 Damage die's bonus is a d6 chain
        ("1d10", 5.5 + 4.2 / 10),
        ("2d6+1", 9.4),
        ("1d6-1d4", 4.2 - 3.55),
        ("3", 3.0),
    ],
)
def test_g_20_exact_means(expr: str, mean: float) -> None:
    assert expected_total(expr) == pytest.approx(mean)


def test_exact_mean_with_per_die_modifier_and_sn_dice() -> None:
    assert expected_total("2d6", per_die_modifier=-1) == pytest.approx(6.4)
    assert expected_total("1d4", supernatural=True) == pytest.approx(2.5 / (1 - 1 / 4))


@pytest.mark.parametrize(
    ("sides", "target", "p"),
    [
        (6, 1, 1.0),
        (6, 6, 1 / 6),
        (6, 7, 1 / 6),
        (6, 8, 5 / 36),
        (6, 13, 1 / 36),
        (4, 5, 1 / 4),
        (4, 9, 1 / 16),
    ],
)
def test_r_dice_1_chain_at_least(sides: int, target: int, p: float) -> None:
    assert chain_at_least(sides, target) == pytest.approx(p)


def at_least(sides: int, target: int) -> float:
    return sum(p for v, p in die_distribution(sides) if v >= target)


def test_r_dice_2_die_distribution_uses_d6_bonus() -> None:
    assert at_least(6, 8) == pytest.approx(5 / 36)  # 6, then a d6 of 2+
    assert at_least(4, 5) == pytest.approx(1 / 4)  # 4 + any d6
    assert at_least(4, 11) == pytest.approx(1 / 4 * 1 / 6)  # 4 + 6 + anything
    assert at_least(10, 10) == pytest.approx(1 / 10)
    d4 = dict(die_distribution(4))
    assert [d4[v] for v in (1, 2, 3)] == pytest.approx([1 / 4] * 3) and 4 not in d4 and 10 not in d4
    assert d4[5] == pytest.approx(1 / 24) and d4[11] == pytest.approx(1 / 144)
    assert sum(d4.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("sides", "needed", "kwargs", "p"),
    [
        (6, 3, {}, 4 / 6),
        (6, 1, {}, 5 / 6),  # a natural 1 always fails (R-DICE-3, G-9)
        (6, 7, {}, 1 / 6),  # only Overskill spent as +1d6 reaches 7 (R-ACT-4)
        (6, 7, {"spend_overskill": False}, 0.0),
        (6, 8, {}, 5 / 36),
        (6, 13, {}, 1 / 36),
        (4, 5, {}, 1 / 4),  # d4: Bonus d4 (R-DICE-6)
        (4, 9, {}, 1 / 16),
        (10, 12, {}, (1 + 2 + 3 + 4 + 5) / 6 / 10),
        (6, 3, {"blessings": (6,)}, 1 - (2 / 6) ** 2),
        (6, 3, {"curses": (6,)}, (4 / 6) ** 2),
        (6, 3, {"blessings": (6,), "curses": (8,)}, 4 / 6),  # R-DICE-11: they cancel
    ],
)
def test_skill_success_probability_exact(sides: int, needed: int, kwargs: dict, p: float) -> None:
    assert skill_success_probability(sides, needed, **kwargs) == pytest.approx(p)


# ---------------------------------------------------------------- simulation


def test_r_dice_1_seeded_mean_of_a_d6_is_4_2() -> None:
    dice = SeededDice(20240601)
    expr = parse_dice("1d6")
    samples = [roll_expression(expr, dice).total for _ in range(100_000)]
    assert_mean_close(samples, 4.2)


@pytest.mark.parametrize("expr", ["1d4", "1d10+1d4", "1d6+1-1d4"])
def test_g_20_seeded_means_match_exact(expr: str) -> None:
    dice = SeededDice(7)
    parsed = parse_dice(expr)
    samples = [roll_expression(parsed, dice).total for _ in range(40_000)]
    assert_mean_close(samples, expected_total(expr))


def test_r_dice_2_seeded_tail_matches_die_distribution() -> None:
    dice = SeededDice(99)
    expr = parse_dice("1d6")
    totals = [roll_expression(expr, dice).total for _ in range(60_000)]
    for target in (2, 6, 7, 9, 13):
        assert_rate_close(sum(t >= target for t in totals), len(totals), at_least(6, target))


def test_r_dice_3_seeded_critical_failure_rate_of_d6_skill_is_one_sixth() -> None:
    dice = SeededDice(3)
    n = 60_000
    hits = sum(skill_roll(6, dice, use=3).critical_failure for _ in range(n))
    assert_rate_close(hits, n, 1 / 6)


def test_r_dice_6_seeded_overskill_rate_of_d10_hero_is_one_half() -> None:
    dice = SeededDice(11)
    n = 40_000
    hits = sum(skill_roll(10, dice).overskill for _ in range(n))
    assert_rate_close(hits, n, 1 / 2)


def test_r_d6_4_seeded_wild_die_critical_failure_rate_is_one_sixth() -> None:
    dice = SeededDice(5)
    n = 50_000
    hits = sum(roll_code("2D", dice).critical_failure for _ in range(n))
    assert_rate_close(hits, n, 1 / 6)


def test_r_d6_3_seeded_mean_of_one_wild_die_is_4_2() -> None:
    dice = SeededDice(8)
    samples = [roll_code("1D", dice).total for _ in range(50_000)]
    assert_mean_close(samples, 4.2)


@pytest.mark.parametrize(
    ("sides", "needed", "kwargs"),
    [
        (6, 3, {}),
        (6, 8, {}),
        (10, 12, {}),
        (4, 6, {}),
        (6, 5, {"blessings": (8,)}),
        (8, 4, {"curses": (10, 8)}),
        (10, 9, {"per_die_modifier": -3}),
    ],
)
def test_skill_success_probability_matches_simulation(sides: int, needed: int, kwargs: dict) -> None:
    dice = SeededDice(sides * 1000 + needed)
    n = 20_000
    hits = 0
    for _ in range(n):
        roll = skill_roll(sides, dice, use=needed, **kwargs)
        if not roll.success and roll.benny is not None and not roll.critical_failure:
            roll = spend_overskill_on_skill(roll, dice)
        hits += bool(roll.success)
    assert_rate_close(hits, n, skill_success_probability(sides, needed, **kwargs))
