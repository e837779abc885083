"""EX-NP-1..3 replayed turn by turn at the contest level with scripted dice (the same examples
through `Game` orders on the battlefield are in the ruleset's tests)."""

from __future__ import annotations

from brikwars_gui.engine.dice.source import ScriptedDice
from brikwars_gui.engine.rulesets.ninepowers.conditions import WrestlingEffect
from brikwars_gui.engine.rulesets.ninepowers.damage import ArmorKind
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.rulesets.ninepowers.resolve import (
    Fighter,
    resolve_attack,
    resolve_perception,
    resolve_wrestle,
    side_order,
    start_round,
)
from brikwars_gui.engine.rulesets.ninepowers.stats import NinePowersStats

E, M, T = Difficulty.EASY, Difficulty.MEDIUM, Difficulty.TOUGH


def test_ex_np_1_vroy_and_the_zombie():
    vroy = Fighter.fresh("vroy", "pcs", NinePowersStats(skills={"melee": 4}))
    zombie = Fighter.fresh(
        "zombie", "npcs", NinePowersStats(skills={"melee": 3}, stamina=4, armor=ArmorKind.BRIGANDINE)
    )
    armor = zombie.vitals.armor
    # L621-623: Medium, lowest 2 -> the brigandine absorbs the blow
    r = resolve_attack(ScriptedDice([2, 5, 6, 7]), vroy, zombie, "Melee", M, 1)
    assert r.damage.to_armor == 2 and zombie.vitals.stamina == 4 and zombie.vitals.armor == armor - 2
    # L625: the zombie's Medium, lowest 3, misses
    assert not resolve_attack(ScriptedDice([3, 4, 5]), zombie, vroy, "Melee", M, 1).roll.success
    # L631: 1, 1, 2, 5 -> 2 damage, both past Armor
    r = resolve_attack(ScriptedDice([1, 1, 2, 5]), vroy, zombie, "Melee", M, 2)
    assert r.text == "Melee 4: d4 1, d6 1, d8 2, d10 5 → lowest 1: Medium success, 2 damage, 2 past Armor"
    assert zombie.vitals.stamina == 2  # L637: 4 - 2
    assert zombie.pool("Melee") == (4, 6)  # L637: only the d4 and d6 now


def test_ex_np_2_fast_talking_the_castle_guard():
    vroy = Fighter.fresh("vroy", "pcs", NinePowersStats(skills={"bargain": 2}))
    guard_stats = NinePowersStats(skills={"bargain": 2}, armor=ArmorKind.CHAIN_SHIRT)
    guard = Fighter.fresh("guard", "npcs", guard_stats)
    sides = ["pcs", "npcs"]
    start_round([vroy, guard], 1)
    assert side_order(1, sides, "pcs", {}, {}) == ["pcs", "npcs"]  # L792: Vroy initiated
    resolve_attack(ScriptedDice([4, 3]), vroy, guard, "Bargain", E, 1)  # L794
    assert guard.vitals.stamina == 5  # words ignore the guard's chain shirt (L571)
    resolve_attack(ScriptedDice([2, 5]), guard, vroy, "Bargain", M, 1)  # L798
    assert vroy.vitals.stamina == 4
    start_round([vroy, guard], 2)
    dealt = {"pcs": vroy.state.dealt_last_round, "npcs": guard.state.dealt_last_round}
    assert side_order(2, sides, "pcs", dealt, {}) == ["npcs", "pcs"]  # L802: more damage goes first
    assert not resolve_attack(ScriptedDice([3, 4]), guard, vroy, "Bargain", M, 2).roll.success  # L806
    assert vroy.pool("Bargain") == (4, 6)  # L810: Stamina 4 still allows both dice
    resolve_attack(ScriptedDice([1, 6]), vroy, guard, "Bargain", T, 2)
    assert guard.vitals.stamina == 2  # L810


def test_ex_np_3_boxley_and_the_giant_lizard():
    # The source has two slips here (L824-886):
    # 1. Boxley's Melee is 3 (three dice, L846) but each roll lists only two faces ("1 and 4",
    #    "2 and 2", "2 and 5"); the third die (the d8) is scripted as a face that changes nothing.
    # 2. L852: the lizard's successful *Medium* bite is said to do "1 damage to armor"; a Medium
    #    success deals 2 (L798, R-NP-6), so Boxley's Armor goes 4 -> 2 here, not 4 -> 3.
    boxley = Fighter.fresh("boxley", "pcs", NinePowersStats(
        skills={"melee": 3, "acrobatics": 3, "perception": 4}, armor=ArmorKind.GAMBESON))
    lizard = Fighter.fresh("lizard", "npcs", NinePowersStats(
        skills={"melee": 3, "acrobatics": 3, "wrestle": 4}, natural_armor=2))
    assert boxley.vitals.armor == 4 and lizard.vitals.armor == 5  # L824
    fighters = [boxley, lizard]
    # round 1: Perception, Medium, succeeds: 2s pass the lizard's Armor in rounds 2 and 3 (L838)
    start_round(fighters, 1)
    resolve_perception(ScriptedDice([3, 2, 5, 9]), boxley, lizard, M, 1)
    # round 2: Melee Medium 1, 4 (+ d8 5): 1 past Armor, 1 to Armor (L846)
    start_round(fighters, 2)
    resolve_attack(ScriptedDice([1, 4, 5]), boxley, lizard, "Melee", M, 2)
    assert (lizard.vitals.stamina, lizard.vitals.armor) == (5, 4)
    resolve_attack(ScriptedDice([2, 5, 6]), lizard, boxley, "Melee", M, 2)  # L852 (slip 2)
    assert (boxley.vitals.stamina, boxley.vitals.armor) == (6, 2)
    # round 3: 2, 2 (+ d8 6): both bypass thanks to Perception (L862)
    start_round(fighters, 3)
    resolve_attack(ScriptedDice([2, 2, 6]), boxley, lizard, "Melee", M, 3)
    assert (lizard.vitals.stamina, lizard.vitals.armor) == (3, 4)
    assert not resolve_attack(ScriptedDice([3, 4, 5]), lizard, boxley, "Melee", M, 3).roll.success  # L866
    # round 4: the Perception benefit has ended; 2, 5 (+ d8 7): 2 damage to Armor (L878)
    start_round(fighters, 4)
    resolve_attack(ScriptedDice([2, 5, 7]), boxley, lizard, "Melee", M, 4)
    assert (lizard.vitals.stamina, lizard.vitals.armor) == (3, 2)
    # L882: Wrestle 4 but Stamina 3 -> three dice; Easy success, one effect: Boxley's movement
    assert lizard.pool("Wrestle") == (4, 6, 8)
    r = resolve_wrestle(ScriptedDice([3, 5, 8]), lizard, boxley, E, 4, [WrestlingEffect.HINDER])
    assert r.effects == (WrestlingEffect.HINDER,)
    assert boxley.state.has(WrestlingEffect.HINDER, "lizard")
