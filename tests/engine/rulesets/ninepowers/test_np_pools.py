"""R-NP-1..4: pools of different dice, lowest die, difficulties, modifiers, Stamina cap."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice.source import ImpossibleScriptedRoll, ScriptedDice
from brikwars_gui.engine.rulesets.ninepowers.pools import (
    Difficulty,
    clamp_modifiers,
    pool_sides,
    pool_size,
    roll_pool,
)


def test_r_np_1_pool_is_smallest_different_dice():
    assert pool_sides(1) == (4,)
    assert pool_sides(4) == (4, 6, 8, 10)  # L621: Melee 4 rolls d4, d6, d8, d10
    assert pool_sides(6) == (4, 6, 8, 10, 12, 20)  # L445: a big bonus on 4 adds d12 and d20


@pytest.mark.parametrize(
    ("lowest", "easy", "medium", "tough"),
    [(1, True, True, True), (2, True, True, False), (3, True, False, False), (4, False, False, False)],
)
def test_r_np_2_lowest_die_against_difficulty(lowest, easy, medium, tough):
    for difficulty, expected in zip(Difficulty, (easy, medium, tough), strict=True):
        faces = [lowest, 6, 8]
        roll = roll_pool(ScriptedDice(faces), (4, 6, 8), difficulty, label="Melee")
        assert roll.lowest == lowest
        assert roll.success is expected


def test_r_np_2_only_one_die_needs_to_be_low():
    # L383: the d4 shows 4 but the d8 shows 1 -> Tough success
    roll = roll_pool(ScriptedDice([4, 6, 1]), (4, 6, 8), Difficulty.TOUGH, label="Melee")
    assert roll.success and roll.lowest == 1


def test_r_np_3_bonuses_and_penalties_add_and_remove_dice():
    assert pool_size(4, situational=1) == 5  # small bonus: +d12 (L443)
    assert pool_size(4, situational=2) == 6  # big bonus: +d12, d20 (L445)
    assert pool_size(3, situational=-1) == 2
    assert pool_size(3, situational=-2) == 1


def test_r_np_3_pool_stays_within_one_and_six_dice():
    assert pool_size(1, situational=-2) == 1  # L449
    assert pool_size(4, situational=2, wrestling=1) == 6


def test_r_np_3_situational_capped_at_two_wrestling_one_more():
    assert clamp_modifiers(5) == 2
    assert clamp_modifiers(-4) == -2
    assert clamp_modifiers(2, 1) == 3  # L938: high ground, magic weapon, an ally's grab
    assert clamp_modifiers(-3, -3) == -3
    assert pool_size(3, situational=-3, wrestling=-1) == 1


def test_r_np_4_pool_never_larger_than_stamina():
    assert pool_size(4, stamina=5) == 4  # L567: 5 or 4 Stamina changes nothing for rating 4
    assert pool_size(4, stamina=3) == 3
    assert pool_size(4, situational=2, stamina=5) == 5  # L569: bonuses are capped sooner
    assert pool_size(3, stamina=2) == 2  # L637: the zombie at 2 rolls d4 + d6
    assert pool_size(3, stamina=0) == 0  # defeated: no dice


def test_r_np_4_flying_sword_is_exempt():
    assert pool_size(4, stamina=2, stamina_limited=False) == 4  # L1585


def test_pool_roll_explains_itself_and_counts_bypassing_ones():
    roll = roll_pool(ScriptedDice([2, 5, 1]), (4, 6, 8), Difficulty.TOUGH, label="Melee")
    assert roll.explain() == "Melee 3: d4 2, d6 5, d8 1 → lowest 1: Tough success"
    assert roll.bypassing_dice == 1
    failed = roll_pool(ScriptedDice([4, 5, 3]), (4, 6, 8), Difficulty.MEDIUM, label="Melee")
    assert failed.explain().endswith("Medium failure") and failed.bypassing_dice == 0


def test_perception_twos_bypass_and_successful_dice_count():
    roll = roll_pool(ScriptedDice([2, 2, 5]), (4, 6, 8), Difficulty.MEDIUM, label="Melee",
                     bypass_faces=frozenset({1, 2}))
    assert roll.bypassing_dice == 2
    assert roll.successful_dice == 2


def test_magic_die_rolls_after_the_pool_and_counts_when_it_succeeds():
    dice = ScriptedDice([4, 6, 2])
    roll = roll_pool(dice, (4, 6), Difficulty.MEDIUM, label="Melee", special=(20,))
    assert roll.success and roll.special_success
    assert "magic d20 2" in roll.explain()


def test_dice_come_from_the_source_and_are_checked():
    with pytest.raises(ImpossibleScriptedRoll):
        roll_pool(ScriptedDice([5]), (4,), Difficulty.EASY, label="Melee")


def test_difficulty_parse_accepts_the_texts_synonyms():
    assert Difficulty.parse("Weak") is Difficulty.EASY  # L951 says weak
    assert Difficulty.parse("hard") is Difficulty.TOUGH  # L429 says hard
    with pytest.raises(ValueError):
        Difficulty.parse("heroic")
