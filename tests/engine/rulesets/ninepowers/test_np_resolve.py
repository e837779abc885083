"""One Nine Powers turn of each kind with scripted dice (R-NP-5..16 at the contest level; the
worked examples through `Game` orders live beside the ruleset)."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice.source import ScriptedDice
from brikwars_gui.engine.rulesets.ninepowers.conditions import WrestlingEffect
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.rulesets.ninepowers.resolve import (
    Fighter,
    end_turn,
    resolve_attack,
    resolve_escape,
    resolve_perception,
    resolve_veto_turn,
    resolve_wrestle,
    side_order,
    start_round,
    start_turn,
)
from brikwars_gui.engine.rulesets.ninepowers.stats import NinePowersStats

E, M, T = Difficulty.EASY, Difficulty.MEDIUM, Difficulty.TOUGH


def fighter(id: str, team: str = "a", **kw) -> Fighter:
    kw.setdefault("skills", {"melee": 3, "acrobatics": 3, "wrestle": 3, "perception": 3})
    return Fighter.fresh(id, team, NinePowersStats(**kw))


def test_dice_log_line_names_pool_lowest_difficulty_damage_and_bypass():
    a = fighter("a")
    b = fighter("b", "b", skills={"melee": 1}, natural_armor=3)
    r = resolve_attack(ScriptedDice([2, 5, 1]), a, b, "Melee", T, 1)
    assert r.text == "Melee 3: d4 2, d6 5, d8 1 → lowest 1: Tough success, 3 damage, 1 past Armor"
    assert (b.vitals.armor, b.vitals.stamina) == (4 - 2, 5)  # 3 natural + 1 Protect


def test_r_np_4_pool_shrinks_with_stamina_and_log_says_so():
    a = fighter("a")
    a.vitals.stamina = 2
    b = fighter("b", "b")
    r = resolve_attack(ScriptedDice([4, 6]), a, b, "Melee", E, 1)
    assert r.text.startswith("Melee 3 (2 dice): d4 4, d6 6")
    assert not r.roll.success


def test_r_np_11_acrobatics_vetoes_cancel_attacks_before_rolling():
    a, b = fighter("a"), fighter("b", "b")
    turn = resolve_veto_turn(ScriptedDice([1, 2, 7]), b, "Acrobatics", M)
    assert turn.vetoes_gained == 2 and b.state.dodge.count == 2
    dice = ScriptedDice([])  # no die may be rolled for a vetoed attack
    r = resolve_attack(dice, a, b, "Melee", T, 1, veto_by=b)
    assert r.vetoed_by == "b" and r.roll is None and b.state.dodge.count == 1


def test_r_np_11_vetoes_lapse_at_owners_next_turn_unless_talent_keeps_them():
    plain = fighter("p")
    plain.state.dodge.fresh = 2
    start_turn(plain)
    assert plain.state.dodge.count == 0
    talented = fighter("t", talents={"acrobatics": 1})  # L1108
    talented.state.dodge.fresh = 2
    start_turn(talented)
    assert talented.state.dodge.count == 1
    start_turn(talented)
    assert talented.state.dodge.count == 0


def test_r_np_11_protect_veto_shields_an_ally():
    a, ally, guard = fighter("a"), fighter("ally", "b"), fighter("guard", "b")
    resolve_veto_turn(ScriptedDice([3, 6, 8]), guard, "Protect", E)
    assert guard.state.guard.count == 1
    r = resolve_attack(ScriptedDice([]), a, ally, "Melee", M, 1, veto_by=guard)
    assert r.text == "Melee: vetoed by guard protecting ally"
    assert guard.state.guard.count == 0


def test_perception_mark_lets_twos_pass_for_the_next_rounds():
    a, b = fighter("a"), fighter("b", "b", natural_armor=3)
    resolve_perception(ScriptedDice([2, 5, 6]), a, b, M, 1)
    assert a.state.marks == {"b": 3}
    resolve_attack(ScriptedDice([2, 2, 5]), a, b, "Melee", M, 3)
    assert b.vitals.stamina == 4
    start_round([a, b], 4)
    assert a.state.marks == {}


def test_wrestle_effects_last_by_difficulty_and_change_pools():
    a, b = fighter("a"), fighter("b", "b")
    r = resolve_wrestle(ScriptedDice([1, 2, 8]), a, b, M, 1, [WrestlingEffect.DOMINATE, WrestlingEffect.TIRE])
    assert r.effects == (WrestlingEffect.DOMINATE, WrestlingEffect.TIRE)
    assert b.vitals.stamina == 6  # no damage (L932)
    assert b.pool("Melee", wrestling=-1) == (4, 6)
    # a now rolls one more die against b: d4 d6 d8 d10
    roll = resolve_attack(ScriptedDice([4, 6, 8, 10]), a, b, "Melee", E, 2).roll
    assert len(roll.dice) == 4
    start_round([a, b], 3)
    assert len(b.state.conditions) == 2  # Medium in round 1: rounds 2 and 3
    start_round([a, b], 4)
    assert b.state.conditions == []


def test_wrestle_talent_skips_armor_on_next_attack():
    a = fighter("a", talents={"wrestle": 2})
    b = fighter("b", "b", natural_armor=4)
    resolve_wrestle(ScriptedDice([3, 6, 8]), a, b, E, 1, [WrestlingEffect.HINDER])
    resolve_attack(ScriptedDice([2, 6, 8]), a, b, "Melee", M, 2)
    assert b.vitals.stamina == 4 and a.state.ignore_armor == 0


def test_r_np_16_sneak_attack_and_magic_die_add_damage():
    a = fighter("a", skills={"melee": 2, "stealth": 2}, talents={"stealth": 2}, magic_dice=(20,))
    b = fighter("b", "b", skills={"melee": 1})
    r = resolve_attack(ScriptedDice([4, 6, 2]), a, b, "Melee", M, 1, unaware=True)
    assert r.damage.total == 2 + 1 + 2
    assert "magic d20 2" in r.text


def test_r_np_15_venom_at_end_of_turn():
    snake = fighter("s", skills={"melee": 3}, venomous=True)
    b = fighter("b", "b", skills={"melee": 1})  # armor 1
    resolve_attack(ScriptedDice([1, 6, 8]), snake, b, "Melee", M, 1)
    assert b.vitals.venom == 1
    assert end_turn(b) == "Venom: b loses 1 Stamina (4 left)"


def test_r_np_13_escape_needs_two_clean_rounds():
    a, b = fighter("a"), fighter("b", "b", skills={"melee": 1})
    resolve_attack(ScriptedDice([3, 6, 8]), a, b, "Melee", E, 2)
    r = resolve_escape(ScriptedDice([]), b, E, 3)
    assert r.roll is None and "not allowed" in r.text
    r = resolve_escape(ScriptedDice([3]), b, E, 4)
    assert r.text.endswith("escaped")


def test_r_np_8_monster_buffer_refills_at_round_start():
    m = fighter("m", "b", skills={"melee": 3}, natural_armor=0, armor_buffer=2)
    a = fighter("a")
    m.vitals.armor = 0
    resolve_attack(ScriptedDice([3, 6, 8]), a, m, "Melee", E, 1)
    assert m.vitals.buffer == 1
    start_round([a, m], 2)
    assert m.vitals.buffer == 2


@pytest.mark.parametrize(
    ("round_no", "dealt", "stamina", "expected"),
    [
        (1, {}, {}, ["pcs", "npcs"]),  # L495: the side that started goes first
        (2, {"npcs": 2, "pcs": 1}, {}, ["npcs", "pcs"]),  # L802: more damage dealt goes first
        (2, {}, {"npcs": 9, "pcs": 4}, ["npcs", "pcs"]),
        (2, {}, {}, ["pcs", "npcs"]),
    ],
)
def test_r_np_9_side_order(round_no, dealt, stamina, expected):
    assert side_order(round_no, ["pcs", "npcs"], "pcs", dealt, stamina) == expected
