"""R-D6-6..10: Character and Fate Point pools of a D6-system character (`D6Character`), scripted dice."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import D6Character, D6RollError, ScriptedDice


def test_r_d6_9_one_fate_point_per_roll_each_roll_of_a_round_may_have_one():
    hero = D6Character("Vroy", fate_points=3)
    dice = ScriptedDice([2, 3, 4, 5, 1, 2, 3, 4])
    r = hero.roll("2D", dice, round_no=1, label="shoot", fate_point=True)  # R-D6-8: 2D → 4D
    assert len(r.dice) == 4 and r.total == 14 and hero.fate_points == 2
    with pytest.raises(D6RollError, match="R-D6-9"):
        hero.roll("2D", dice, round_no=1, label="shoot", fate_point=True)
    assert hero.fate_points == 2 and dice.position == 4  # refused before any die
    hero.roll("2D", dice, round_no=1, label="dodge", fate_point=True)  # another action, same round
    assert hero.fate_points == 1


def test_r_d6_9_the_climactic_fate_point_doubles_every_roll_of_that_round_once_per_session():
    hero = D6Character("Vroy", fate_points=2)
    hero.declare_climax(5)
    assert hero.fate_points == 1 and hero.doubled(5) and not hero.doubled(6)
    dice = ScriptedDice([1, 2, 3, 4, 1, 2, 3, 4, 3, 4])
    a = hero.roll("2D", dice, round_no=5, label="a")
    b = hero.roll("2D", dice, round_no=5, label="b")
    assert len(a.dice) == len(b.dice) == 4 and hero.fate_points == 1  # paid once for the round
    assert len(hero.roll("2D", dice, round_no=6, label="c").dice) == 2
    with pytest.raises(D6RollError, match="once per session"):
        hero.declare_climax(7)
    hero.declare_climax(7, allow_more=True)  # the GM allows more at the climax
    assert hero.fate_points == 0


def test_r_d6_6_points_are_never_spent_beyond_what_is_held():
    nobody = D6Character("Guard", character_points=1)
    with pytest.raises(D6RollError, match="R-D6-6"):
        nobody.roll("2D", ScriptedDice([3, 3]), round_no=1, fate_point=True)
    with pytest.raises(D6RollError, match="R-D6-6"):
        nobody.roll("2D", ScriptedDice([3, 3, 3, 3]), round_no=1, character_points=2)
    with pytest.raises(D6RollError, match="R-D6-6"):  # CP and FP not on the same roll
        D6Character(character_points=1, fate_points=1).roll(
            "2D", ScriptedDice([3, 3, 3]), round_no=1, fate_point=True, character_points=1
        )
    nobody.roll("2D", ScriptedDice([3, 3, 4]), round_no=1, character_points=1)
    assert nobody.character_points == 0  # R-D6-7: spent CP are lost


def test_r_d6_10_spent_fate_points_are_lost_and_come_back_for_the_moral_code():
    """R-D6-10: spent FP are lost; FP spent for the moral code return at the end, the GM takes one more
    for each spent against it; FP are gained/lost by keeping/violating the code."""
    hero = D6Character("Vroy", fate_points=3)
    dice = ScriptedDice([3] * 8)
    hero.roll("1D", dice, round_no=1, label="save the child", fate_point=True, moral_code=True)
    hero.roll("1D", dice, round_no=1, label="rob the bank", fate_point=True, moral_code=False)
    hero.roll("1D", dice, round_no=2, label="shoot", fate_point=True)
    assert hero.fate_points == 0  # spent FP are lost
    hero.award_fate_point()  # kept the code
    hero.take_fate_point()  # violated it
    assert hero.fate_points == 0
    assert hero.end_session() == 0  # +1 back for the code, −1 taken by the GM (0 floor after)
    hero2 = D6Character(fate_points=1)
    hero2.roll("1D", ScriptedDice([3, 3]), round_no=1, fate_point=True, moral_code=True)
    assert hero2.end_session() == 1 and hero2.fate_points == 1
    hero2.declare_climax(1)  # a new session: the climax is available again
