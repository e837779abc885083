"""SN dice (R-SN-17, R-SN-18 roll, R-SN-1): the same-size Bonus chain, the Fumble on a natural 1,
and exact distributions checked against enumeration of every scripted face sequence."""

from __future__ import annotations

import itertools

import pytest

from brikwars_gui.engine.dice.sn import (
    SN_SIDES,
    sn_at_least,
    sn_distribution,
    sn_mean,
    sn_roll,
)
from brikwars_gui.engine.dice.source import ScriptedDice


def test_r_sn_17_the_highest_face_adds_a_same_size_bonus_die_chained() -> None:
    dice = ScriptedDice([8, 8, 3, 5])
    roll = sn_roll(8, dice)
    assert roll.faces == (8, 8, 3) and roll.total == 19 and not roll.fumble
    assert roll.explain() == "d8: 8 → SN bonus d8: 8 → SN bonus d8: 3 = 19"
    assert sn_roll(8, dice).faces == (5,)  # the chain ended: the next die is a new roll


def test_r_sn_18_a_natural_1_adds_nothing_and_is_a_fumble() -> None:
    roll = sn_roll(6, ScriptedDice([1]))
    assert roll.fumble and roll.total == 0 and roll.explain() == "d6: 1 = Fumble"


def test_r_sn_18_a_1_on_an_sn_bonus_die_only_ends_the_chain() -> None:
    roll = sn_roll(4, ScriptedDice([4, 1]))
    assert not roll.fumble and roll.total == 5


def test_r_sn_1_a_d20_is_not_a_players_sn_die() -> None:
    with pytest.raises(ValueError, match="R-SN-1"):
        sn_roll(20, ScriptedDice([5]))


def _enumerated(sides: int, depth: int = 4) -> dict[int, float]:
    """Every face sequence up to `depth` chained dice, each with its probability."""
    out: dict[int, float] = {}
    for n in range(1, depth + 1):
        for faces in itertools.product(range(1, sides + 1), repeat=n):
            if any(f != sides for f in faces[:-1]) or (n < depth and faces[-1] == sides):
                continue  # not a finished chain of length n
            if n == depth and faces[-1] == sides:
                continue  # the tail beyond `depth` is left out
            roll = sn_roll(sides, ScriptedDice(list(faces)))
            out[roll.total] = out.get(roll.total, 0.0) + sides**-n
    return out


@pytest.mark.parametrize("sides", SN_SIDES)
def test_r_sn_17_18_exact_distribution_matches_the_rolls(sides: int) -> None:
    exact = dict(sn_distribution(sides))
    for total, p in _enumerated(sides).items():
        assert exact[total] == pytest.approx(p, rel=1e-12)
    assert sum(exact.values()) == pytest.approx(1.0, abs=1e-12)
    assert exact[0] == pytest.approx(1 / sides)  # the Fumble
    assert sn_mean(sides) == pytest.approx(sum(v * p for v, p in exact.items()))
    for target in range(0, 3 * sides):
        assert sn_at_least(sides, target) == pytest.approx(
            sum(p for v, p in exact.items() if v >= target), abs=1e-12
        )
