"""D6-system die codes with the Wild Die (R-D6-1..8, A-11, EX-15)."""

from __future__ import annotations

import json

import pytest

from brikwars_gui.engine.dice import (
    D6Roll,
    D6RollError,
    DiceExpressionError,
    DiceScriptExhausted,
    ScriptedDice,
    parse_code,
    roll_code,
)


def test_r_d6_1_pips_add_to_the_sum() -> None:
    roll = roll_code("3D+1", ScriptedDice([4, 2, 5]))
    assert roll.total == 12
    assert roll.pips == 1


def test_r_d6_2_exactly_one_wild_die() -> None:
    roll = roll_code("3D+1", ScriptedDice([4, 2, 5]))
    assert [d.role for d in roll.dice] == ["regular", "regular", "wild"]


def test_r_d6_2_one_die_is_the_wild_die() -> None:
    roll = roll_code("1D", ScriptedDice([6, 6, 3]))
    assert [d.role for d in roll.dice] == ["wild", "wild reroll", "wild reroll"]
    assert roll.total == 15


def test_r_d6_3_wild_die_explodes_on_six() -> None:
    roll = roll_code("3D", ScriptedDice([6, 3, 6, 6, 4]))
    assert roll.total == 6 + 3 + 6 + 6 + 4  # a regular 6 does not explode
    assert roll.critical_successes == 2
    assert roll.explain() == "3D: d6: 6 + d6: 3 + wild: 6 → wild reroll: 6 → wild reroll: 4 = 25"


def test_r_d6_5_a_later_one_just_adds() -> None:
    roll = roll_code("2D", ScriptedDice([3, 6, 1]))
    assert roll.total == 10
    assert not roll.critical_failure


def test_r_d6_4_critical_failure_complication_keeps_the_total() -> None:
    roll = roll_code("3D+1", ScriptedDice([5, 2, 1]))
    assert roll.critical_failure and roll.complication
    assert roll.total == 9
    assert "CRITICAL FAILURE: complication" in roll.explain()


def test_a_11_critical_failure_cancels_wild_die_and_highest_die() -> None:
    roll = roll_code("4D+2", ScriptedDice([5, 2, 5, 1]), critical_failure_option="cancel_highest")
    assert roll.critical_failure and not roll.complication
    assert [d.kept for d in roll.dice] == [False, True, True, False]  # first of the tied 5s goes
    assert roll.total == 2 + 5 + 2
    assert len(roll.cancelled) == 2


def test_a_11_one_die_critical_failure_leaves_the_pips() -> None:
    roll = roll_code("1D+2", ScriptedDice([1]), critical_failure_option="cancel_highest")
    assert roll.total == 2


def test_a_11_cancel_highest_counts_a_cp_die_with_its_rerolls() -> None:
    roll = roll_code(
        "2D", ScriptedDice([5, 1, 6, 2]), character_points=1, critical_failure_option="cancel_highest"
    )
    assert [d.kept for d in roll.dice] == [True, False, False, False]
    assert roll.total == 5


def test_r_d6_7_character_point_dice_explode_and_their_one_is_one() -> None:
    roll = roll_code("2D", ScriptedDice([3, 4, 1, 6, 2]), character_points=2)
    assert [d.role for d in roll.dice] == ["regular", "wild", "cp wild", "cp wild", "cp reroll"]
    assert not roll.critical_failure
    assert roll.total == 3 + 4 + 1 + 6 + 2


def test_r_d6_7_gm_cap_on_character_points() -> None:
    with pytest.raises(D6RollError, match="at most 2"):
        roll_code("2D", ScriptedDice([]), character_points=3, max_character_points=2)
    with pytest.raises(D6RollError):
        roll_code("2D", ScriptedDice([]), character_points=-1)


def test_r_d6_6_character_and_fate_points_not_on_one_roll() -> None:
    with pytest.raises(D6RollError, match="R-D6-6"):
        roll_code("2D", ScriptedDice([1] * 10), character_points=1, fate_point=True)
    roll = roll_code("1D", ScriptedDice([2, 3, 4]), character_points=1, fate_point=True, allow_cp_and_fp=True)
    assert roll.total == 9


def test_ex_15_r_d6_8_fate_point_doubles_dice_and_pips() -> None:
    dice = ScriptedDice([1, 2, 3, 4, 5, 6, 6, 3])
    roll = roll_code("4D+2", dice, fate_point=True)
    assert [d.role for d in roll.dice].count("regular") == 7
    assert [d.role for d in roll.dice].count("wild") == 1
    assert roll.pips == 4
    assert roll.total == 1 + 2 + 3 + 4 + 5 + 6 + 6 + 3 + 4
    assert dice.remaining == 0


def test_ex_15_equipment_dice_add_and_are_not_doubled() -> None:
    roll = roll_code("4D", ScriptedDice([1, 2, 3, 4, 5]), equipment="+1D")
    assert len(roll.dice) == 5 and roll.dice[-1].role == "wild"
    roll = roll_code("2D+1", ScriptedDice([1, 2, 3, 4, 5, 6]), fate_point=True, equipment="1D+1")
    assert len(roll.dice) == 5  # 2D doubled to 4D, +1D not doubled
    assert roll.pips == 3  # +1 doubled to +2, +1 not doubled
    assert roll_code("1D", ScriptedDice([3]), equipment="+2").total == 5


def test_ex_15_reflexes_two_regular_and_one_wild() -> None:
    roll = roll_code("3D+1", ScriptedDice([2, 2, 2]))
    assert [d.role for d in roll.dice] == ["regular", "regular", "wild"]


def test_lowercase_d6_expression_is_a_die_code() -> None:
    assert parse_code("3d6+1") == parse_code("3D+1")
    with pytest.raises(DiceExpressionError):
        parse_code("1d8")
    with pytest.raises(DiceExpressionError):
        roll_code("1d6+1d4", ScriptedDice([]))


def test_bad_critical_failure_option() -> None:
    with pytest.raises(D6RollError, match="critical_failure_option"):
        roll_code("2D", ScriptedDice([]), critical_failure_option="ignore")


def test_d6_script_exhaustion() -> None:
    with pytest.raises(DiceScriptExhausted, match="wild"):
        roll_code("2D", ScriptedDice([3]))


def test_d6_to_dict_round_trips() -> None:
    roll = roll_code(
        "3D+1", ScriptedDice([5, 2, 1]), critical_failure_option="cancel_highest", purpose="jump"
    )
    data = json.loads(json.dumps(roll.to_dict()))
    assert data["system"] == "d6" and data["total"] == 3 and data["critical_failure"] is True
    assert D6Roll.from_dict(data) == roll
