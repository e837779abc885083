"""BrikWars roll semantics with scripted dice (R-DICE-*, R-ACT-2/4/5/6, EX-2, EX-8, EX-9, G-20)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from brikwars_gui.engine.dice import (
    BlessingError,
    DiceExpressionError,
    DiceScriptExhausted,
    OverskillError,
    RecordingDice,
    RollResult,
    ScriptedDice,
    SkillRoll,
    overskill_damage_expression,
    parse_dice,
    roll_expression,
    skill_roll,
    spend_overskill_on_damage,
    spend_overskill_on_skill,
    spend_overskill_on_stat,
    spend_overskill_other,
)

# ---------------------------------------------------------------- expressions


def test_r_dice_1_bonus_dice_chain_without_limit() -> None:
    result = roll_expression("d6", ScriptedDice([6, 6, 6, 6, 2]))
    assert result.total == 26
    assert [d.role for d in result.dice] == ["base", "bonus", "bonus", "bonus", "bonus"]
    assert result.critical_successes == 4
    assert result.bonus_dice == 4


def test_r_dice_1_explain_shows_the_chain() -> None:
    result = roll_expression("d6", ScriptedDice([6, 6, 2]))
    assert result.explain() == "d6: 6 → bonus d6: 6 → bonus d6: 2 = 14"


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20])
def test_r_dice_1_every_die_explodes_on_its_highest_face(sides: int) -> None:
    rec = RecordingDice(ScriptedDice([sides, 3]))
    result = roll_expression(f"1d{sides}", rec)
    assert result.total == sides + 3
    assert rec.record[1][0] == 6  # R-DICE-2 / G-20: the Bonus Die is a regular d6


def test_r_dice_1_no_bonus_below_highest_face() -> None:
    dice = ScriptedDice([9, 1])
    assert roll_expression("1d10", dice).total == 9
    assert dice.remaining == 1


def test_g_20_bonus_die_of_a_fire_d4_damage_die_is_d6() -> None:
    rec = RecordingDice(ScriptedDice([4, 5]))
    result = roll_expression("1d4", rec, purpose="fire")
    assert [s for s, _, _ in rec.record] == [4, 6]
    assert result.total == 9


def test_r_sn_17_supernatural_bonus_dice_are_the_same_size() -> None:
    rec = RecordingDice(ScriptedDice([8, 8, 3]))
    result = roll_expression("1d8", rec, supernatural=True)
    assert [s for s, _, _ in rec.record] == [8, 8, 8]
    assert result.total == 19


def test_ex_1_boiler_explosion_two_terms() -> None:
    result = roll_expression("1d10+1d4", ScriptedDice([5, 3]))
    assert result.total == 8
    assert [(d.sides, d.face) for d in result.dice] == [(10, 5), (4, 3)]
    assert result.explain() == "d10: 5 + d4: 3 = 8"


def test_expression_flat_modifier_and_multiple_dice() -> None:
    result = roll_expression("2d4+1", ScriptedDice([4, 2, 3]))
    assert result.total == 4 + 2 + 3 + 1
    assert [d.group for d in result.dice] == [0, 0, 1]


def test_penalty_dice_subtract_and_their_bonus_dice_subtract_too() -> None:
    result = roll_expression("1d6-1d4", ScriptedDice([5, 4, 3]))
    assert [d.role for d in result.dice] == ["base", "penalty", "bonus"]
    assert [d.value for d in result.dice] == [5, -4, -3]
    assert result.total == -2
    assert result.explain() == "d6: 5 − d4: 4 → bonus d6: 3 = -2"


def test_lone_penalty_die() -> None:
    result = roll_expression("-1d4", ScriptedDice([2]))
    assert result.total == -2
    assert result.explain() == "−d4: 2 = -2"


def test_r_act_6_per_die_modifier_on_each_damage_die_not_on_bonus_or_penalty_dice() -> None:
    result = roll_expression("2d6-1d4", ScriptedDice([6, 3, 2, 1]), per_die_modifier=-5)
    assert [d.modifier for d in result.dice] == [-5, 0, -5, 0]
    assert result.total == (6 - 5) + 3 + (2 - 5) - 1
    assert "d6: 6 (-5) → bonus d6: 3" in result.explain()


def test_ex_2_out_of_range_damage_reaches_zero() -> None:
    result = roll_expression("1d6+1", ScriptedDice([2]), per_die_modifier=-3)
    assert result.total == 0
    assert result.explain() == "d6: 2 (-3) +1 = 0"


def test_expression_rejects_d6_codes_and_bad_text() -> None:
    with pytest.raises(DiceExpressionError, match="D6-system"):
        roll_expression("3D+1", ScriptedDice([1, 1, 1]))
    with pytest.raises(DiceExpressionError):
        roll_expression("2d7", ScriptedDice([]))


def test_expression_to_dict_is_json_and_round_trips() -> None:
    result = roll_expression("1d6+1", ScriptedDice([6, 4]), purpose="rifle")
    data = json.loads(json.dumps(result.to_dict()))
    assert data["total"] == 11
    assert data["text"] == result.explain()
    assert data["dice"][1] == {
        "sides": 6,
        "face": 4,
        "role": "bonus",
        "modifier": 0,
        "kept": True,
        "sign": 1,
        "group": 0,
        "value": 4,
    }
    assert RollResult.from_dict(data) == result
    assert not result.critical_failure and not result.overskill


def test_expression_accepts_parsed_expression() -> None:
    assert roll_expression(parse_dice("2d4"), ScriptedDice([1, 2])).total == 3


# ---------------------------------------------------------------- skill rolls


def test_r_dice_3_critical_failure_regardless_of_modifiers() -> None:
    roll = skill_roll(6, ScriptedDice([1]), use=3, per_die_modifier=+5)
    assert roll.total == 6
    assert roll.critical_failure
    assert roll.success is False  # G-9: the Action fails
    assert "CRITICAL FAILURE" in roll.explain()


def test_r_dice_3_low_total_is_not_a_critical_failure() -> None:
    roll = skill_roll(6, ScriptedDice([2]), use=3, per_die_modifier=-5)
    assert roll.total == -3
    assert not roll.critical_failure
    assert roll.success is False


def test_ex_3_high_noon_shaun_rolls_one() -> None:
    wayne = skill_roll(6, ScriptedDice([2]), use=3)
    shaun = skill_roll(6, ScriptedDice([1]), use=3)
    assert wayne.success is False and not wayne.critical_failure
    assert shaun.success is False and shaun.critical_failure


def test_r_dice_5_overskill_only_on_skill_die_instead_of_bonus() -> None:
    dice = ScriptedDice([6, 6, 6, 2])
    roll = skill_roll(6, dice, use=3)
    assert roll.overskill
    assert roll.total == 6
    assert len(roll.dice) == 1  # no Bonus Die: the Benny replaces the Critical Success
    assert dice.remaining == 3
    spent = spend_overskill_on_skill(roll, dice)
    # the Overskill die's 6s are regular Critical Successes (R-DICE-5/9): a d6 chain, no second Benny
    assert [(d.role, d.sides, d.face) for d in spent.dice[1:]] == [
        ("overskill", 6, 6),
        ("bonus", 6, 6),
        ("bonus", 6, 2),
    ]
    assert spent.total == 6 + 6 + 6 + 2
    assert spent.critical_successes == 2
    assert spent.benny is roll.benny


@pytest.mark.parametrize("face", range(1, 11))
def test_r_dice_6_hero_d10_overskill_on_six_to_ten(face: int) -> None:
    roll = skill_roll(10, ScriptedDice([face]), use=3)
    assert roll.overskill is (face >= 6)
    assert len(roll.dice) == 1  # a d10 Skill die never rolls a Bonus Die itself


@pytest.mark.parametrize(
    ("sides", "face", "overskill"),
    [(6, 5, False), (6, 6, True), (8, 6, True), (8, 8, True), (12, 5, False), (20, 20, True)],
)
def test_r_dice_6_overskill_on_natural_six_or_more(sides: int, face: int, overskill: bool) -> None:
    assert skill_roll(sides, ScriptedDice([face])).overskill is overskill


def test_r_dice_6_d4_never_overskills_and_earns_bonus_d4_chain() -> None:
    rec = RecordingDice(ScriptedDice([4, 4, 1]))
    roll = skill_roll(4, rec, use=8)
    assert not roll.overskill
    assert [s for s, _, _ in rec.record] == [4, 4, 4]
    assert roll.total == 9
    assert roll.success is True
    assert roll.critical_successes == 2
    assert roll.explain() == "skill d4: 4 → bonus d4: 4 → bonus d4: 1 = 9; needs 8 (Use 8): success"


def test_r_dice_6_d4_bonus_die_is_not_a_critical_failure() -> None:
    roll = skill_roll(4, ScriptedDice([4, 1]), use=3)
    assert not roll.critical_failure
    assert roll.success is True


def test_r_dice_7_at_most_one_benny_and_never_spent_twice() -> None:
    dice = ScriptedDice([6, 6, 3, 4])
    roll = skill_roll(6, dice, use=10)
    spent = spend_overskill_on_skill(roll, dice)
    assert spent.total == 15 and spent.success is True
    assert roll.overskill_spent_on == "skill"
    with pytest.raises(OverskillError, match="already spent"):
        spend_overskill_on_skill(roll, dice)
    with pytest.raises(OverskillError, match="already spent"):
        spend_overskill_on_damage(spent, "1d6+1", dice)
    assert dice.remaining == 1


def test_spending_without_a_benny_raises() -> None:
    roll = skill_roll(6, ScriptedDice([5]), use=3)
    with pytest.raises(OverskillError, match="no Overskill"):
        spend_overskill_on_skill(roll, ScriptedDice([3]))


@pytest.mark.parametrize(("face", "success"), [(2, False), (3, True), (5, True)])
def test_r_act_2_success_when_roll_meets_use(face: int, success: bool) -> None:
    assert skill_roll(6, ScriptedDice([face]), use=3).success is success


def test_r_act_5_penalties_raise_the_target_number() -> None:
    roll = skill_roll(6, ScriptedDice([4]), use=3, penalty=2)
    assert roll.needed == 5
    assert roll.success is False
    assert roll.margin == -1
    assert "needs 5 (Use 3 +2 penalty): failure" in roll.explain()


def test_r_act_4_use_above_the_die_needs_bonus_dice() -> None:
    dice = ScriptedDice([6, 2])
    roll = skill_roll(6, dice, use=8)
    assert roll.success is False
    assert spend_overskill_on_skill(roll, dice).success is True


def test_r_act_6_per_die_modifier_hits_the_skill_die_not_the_overskill_die() -> None:
    dice = ScriptedDice([8, 4])
    roll = skill_roll(10, dice, use=3, per_die_modifier=-5)
    assert roll.total == 3
    spent = spend_overskill_on_skill(roll, dice)
    assert [d.modifier for d in spent.dice] == [-5, 0]
    assert spent.total == 7


def test_r_act_2_use_none_is_an_unjudged_roll() -> None:
    roll = skill_roll(6, ScriptedDice([1]))
    assert roll.needed is None and roll.success is None
    assert roll.critical_failure
    assert "needs" not in roll.explain()


def test_r_dice_10_blessing_keeps_the_highest_die() -> None:
    roll = skill_roll(6, ScriptedDice([2, 7]), use=5, blessings=(8,))
    assert [(d.role, d.face, d.kept) for d in roll.dice] == [("skill", 2, False), ("blessing", 7, True)]
    assert roll.total == 7 and roll.success is True
    assert roll.overskill  # the kept d8 shows 6+
    assert "[skill d6: 2 dropped], blessing d8: 7" in roll.explain()


def test_r_dice_10_blessing_rescues_a_natural_one() -> None:
    roll = skill_roll(6, ScriptedDice([1, 3]), use=3, blessings=(6,))
    assert not roll.critical_failure
    assert roll.success is True


def test_r_dice_10_curse_keeps_the_lowest_die_and_can_critically_fail() -> None:
    roll = skill_roll(6, ScriptedDice([6, 1]), use=3, curses=(8,))
    assert roll.kept_die.role == "curse"
    assert roll.critical_failure and not roll.overskill
    assert roll.total == 1


def test_r_dice_10_ties_keep_the_units_own_die() -> None:
    roll = skill_roll(6, ScriptedDice([4, 4]), blessings=(6,))
    assert roll.kept_die.role == "skill"


def test_r_dice_10_per_die_modifier_applies_to_the_kept_die() -> None:
    roll = skill_roll(6, ScriptedDice([2, 5]), curses=(6,), per_die_modifier=-1)
    assert [d.modifier for d in roll.dice] == [-1, 0]
    assert roll.total == 1


def test_r_dice_10_blessed_d4_bonus_chain_follows_the_kept_die() -> None:
    roll = skill_roll(4, ScriptedDice([4, 4, 2]), blessings=(4,))
    assert roll.total == 6
    assert [d.role for d in roll.dice] == ["skill", "blessing", "bonus"]


@pytest.mark.parametrize("target", [4, 6, 8])
def test_ex_9_d8_may_bless_d4_d6_d8(target: int) -> None:
    skill_roll(target, ScriptedDice([2, 3]), blessings=(8,))


def test_ex_9_d4_may_not_curse_d6() -> None:
    with pytest.raises(BlessingError, match="d4 cannot Curse a d6"):
        skill_roll(6, ScriptedDice([3, 3]), curses=(4,))
    with pytest.raises(BlessingError, match="d8 cannot Bless a d10"):
        skill_roll(10, ScriptedDice([3, 3]), blessings=(8,))
    with pytest.raises(DiceExpressionError):
        skill_roll(6, ScriptedDice([3, 3]), blessings=(7,))


def test_r_dice_11_blessings_and_curses_cancel_one_for_one() -> None:
    dice = ScriptedDice([3])
    roll = skill_roll(6, dice, blessings=(8,), curses=(6,))
    assert len(roll.dice) == 1 and dice.remaining == 0
    dice = ScriptedDice([3, 5, 2])
    roll = skill_roll(6, dice, blessings=(8, 6, 10), curses=(6,))
    assert [d.role for d in roll.dice] == ["skill", "blessing", "blessing"]
    assert [d.sides for d in roll.dice] == [6, 6, 10]  # the first-listed Blessing was cancelled
    assert roll.total == 5


def test_skill_die_must_be_a_die() -> None:
    with pytest.raises(DiceExpressionError):
        skill_roll(7, ScriptedDice([1]))


def test_skill_roll_to_dict_round_trips() -> None:
    dice = ScriptedDice([7, 3])
    roll = spend_overskill_on_skill(skill_roll(10, dice, use=3, penalty=7, purpose="longbow"), dice)
    data = json.loads(json.dumps(roll.to_dict()))
    assert data["success"] is True and data["needed"] == 10 and data["overskill_spent_on"] == "skill"
    assert data["text"].startswith("skill d10: 7 + overskill d6: 3 = 10 (Overskill Benny spent on skill)")
    back = SkillRoll.from_dict(data)
    assert back.to_dict() == data


def test_dice_script_exhausted_during_a_bonus_chain() -> None:
    with pytest.raises(DiceScriptExhausted):
        skill_roll(4, ScriptedDice([4]))


# ---------------------------------------------------------------- spending Overskill


def test_ex_2_thieven_hood_longbow() -> None:
    dice = ScriptedDice([8, 2, 2])
    # Use 3, Target Size -2, 5" Out of Range -5: needs 10
    roll = skill_roll(10, dice, use=3, penalty=2 + 5, purpose="longbow")
    assert roll.overskill and roll.success is False
    boost = spend_overskill_on_stat(roll, dice, stat="Range", base=10)
    assert boost.total == 12
    assert boost.explain() == "Range 10 + Overskill (overskill d6: 2 = 2) = 12"
    rejudged = dataclasses.replace(roll, penalty=2 + (15 - boost.total))
    assert rejudged.needed == 8 and rejudged.success is True
    damage = roll_expression("1d6+1", dice, per_die_modifier=-(15 - boost.total))
    assert damage.total == 0
    with pytest.raises(OverskillError):
        spend_overskill_on_damage(roll, "1d6+1", dice)


@pytest.mark.parametrize(
    ("weapon", "grown"),
    [("1d6+1", "2d6+1"), ("1d10", "2d10"), ("2d6", "3d6"), ("1d10+1d4", "2d10+1d4"), ("1d6-1d4", "2d6-1d4")],
)
def test_ex_8_overskill_adds_one_more_damage_die(weapon: str, grown: str) -> None:
    assert str(overskill_damage_expression(weapon)) == grown


def test_r_dice_8a_overskill_damage_roll() -> None:
    dice = ScriptedDice([6, 4, 3])
    roll = skill_roll(6, dice, use=3)
    damage = spend_overskill_on_damage(roll, "1d6+1", dice, per_die_modifier=-1)
    assert damage.expression == "2d6+1"
    assert [(d.role, d.face, d.modifier) for d in damage.dice] == [("base", 4, -1), ("overskill", 3, -1)]
    assert damage.total == 3 + 2 + 1
    assert roll.overskill_spent_on == "damage"


def test_r_dice_9_bonus_dice_off_an_overskill_grenade_die_are_d6() -> None:
    dice = RecordingDice(ScriptedDice([7, 2, 10, 1]))
    roll = skill_roll(10, dice, use=3)
    damage = spend_overskill_on_damage(roll, "1d10", dice)
    assert [s for s, _, _ in dice.record] == [10, 10, 10, 6]
    assert damage.total == 13


def test_overskill_damage_needs_a_damage_die() -> None:
    roll = skill_roll(6, ScriptedDice([6]), use=3)
    with pytest.raises(OverskillError, match="no Damage die"):
        spend_overskill_on_damage(roll, "-1d4+2", ScriptedDice([]))
    assert roll.benny is not None and not roll.benny.spent


def test_r_dice_8c_stat_boost_chains_and_needs_an_existing_stat() -> None:
    roll = skill_roll(6, ScriptedDice([6]), use=3)
    with pytest.raises(OverskillError, match="no Range"):
        spend_overskill_on_stat(roll, ScriptedDice([]), stat="Range", base=None)
    assert not roll.benny.spent
    boost = spend_overskill_on_stat(roll, ScriptedDice([6, 1]), stat="Sprint", base=0)
    assert boost.total == 7
    assert boost.to_dict()["boost"]["dice"][1]["role"] == "bonus"


def test_r_dice_8d_spend_on_avoiding_a_consequence() -> None:
    roll = skill_roll(10, ScriptedDice([9]), use=3)
    spend_overskill_other(roll, "no Disruption after Bail")
    assert roll.overskill_spent_on == "no Disruption after Bail"
    assert "spent on no Disruption after Bail" in roll.explain()
    with pytest.raises(OverskillError):
        spend_overskill_other(roll, "again")
