"""The computer player's SuperNatural minimum (design map §5.2): exact reach and Damage odds of an
Effect, a cast planner that splits the dice between Range and Damage, and Diemons in the unit loop."""

from __future__ import annotations

import math

import pytest
from sn_helpers import FIREBALL, caster, effect, kinds

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.dice.brikwars import roll_expression
from brikwars_gui.engine.dice.sn import sn_roll
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.supernatural.odds import damage_odds, reach_chance
from brikwars_gui.engine.tactics import TacticalAI, preset


@pytest.mark.parametrize(("sides", "inches"), [((8,), 5), ((8, 6), 9), ((10, 4, 4), 11)])
def test_r_sn_24_reach_odds_match_the_rolls(sides, inches) -> None:
    dice, n = SeededDice(11), 20000
    hits = sum(sum(sn_roll(s, dice).total for s in sides) >= inches for _ in range(n))
    p = reach_chance(sides, inches)
    assert abs(hits / n - p) < 4 * math.sqrt(p * (1 - p) / n)


def test_r_sn_34_damage_odds_match_the_rolls() -> None:
    dice, n = SeededDice(5), 20000
    kills = 0
    for _ in range(n):
        damage = sn_roll(10, dice).total + sn_roll(4, dice).total
        armor = roll_expression("4+1d6", dice).total
        kills += damage > 0 and damage > armor
    p = damage_odds((10, 4), 0, "4+1d6", 1).kill
    assert abs(kills / n - p) < 4 * math.sqrt(p * (1 - p) / n)


def test_the_tactical_ai_casts_a_fireball_with_range_then_damage_dice() -> None:
    units = [
        caster("p", "red", (3, 5), {"hat": "d6", "rod": "d10", "gem": "d8"}, FIREBALL, facing="E"),
        sb.unit("e", "blue", (11, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = Game.from_scenario(sb.scenario(units, width=20, height=10), seed=3)
    decision = TacticalAI(preset("normal")).play_unit(g, "p")
    assert decision is not None and decision.kind == "cast"
    cast = kinds(g, "order")[-1]["args"]
    assert cast["kind"] == "cast" and cast["effect"] == "Fireball"
    aspects = [step.split(":")[1] for step in cast["plan"]]
    assert aspects[0] == "range" and aspects[-1] == "damage+"
    assert kinds(g, "effect_cast")


def test_a_free_summoning_comes_before_the_rest_of_the_turn() -> None:
    summon = effect("Summon", "cell", "creature", form="creature")
    units = [
        caster("p", "red", (3, 5), {"amulet": "d4", "hat": "d6", "rod": "d10"}, FIREBALL, summon, facing="E"),
        sb.unit("e", "blue", (16, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = Game.from_scenario(sb.scenario(units, width=20, height=10), seed=1)
    TacticalAI(preset("normal")).play_unit(g, "p")
    summoned = kinds(g, "diemon_summoned")
    assert summoned and summoned[0]["diemon"] == "4pion"
    assert g.state.sn.talismans["amulet"].status == "held"


def test_r_sn_24_34_effect_odds_are_the_odds_the_engine_rolls() -> None:
    """A Fireball cast through `Game` many times (Fumbles answered `none`, as the odds count them)
    kills as often as `effect_odds` says (on the target, or inside the blast short of it)."""
    from brikwars_gui.engine.rules.sn_actions import Cast
    from brikwars_gui.engine.supernatural.odds import effect_odds
    from tests.scripted_answers import Answers

    units = [
        caster("p", "red", (3, 5), {"gem": "d8", "rod": "d10", "hat": "d6"}, FIREBALL),
        sb.unit("e", "blue", (10, 5), armor="4+1d4"),
    ]
    scenario = sb.scenario(units, width=16, height=10)
    plan = ("gem:range", "rod:damage+", "hat:damage+")
    start = Game.from_scenario(scenario, seed=0)
    odds = effect_odds(start.state, start.unit("p"), start.unit("e"), plan)
    n, kills = 1500, 0
    for seed in range(n):
        g = Game.from_scenario(scenario, seed=seed, policy=Answers(sn_fumble_use="none"))
        g.act("p", Cast("Fireball", "e", plan=plan))
        kills += not g.unit("e").alive
    assert odds.strike is not None and 0 < odds.reach < 1
    p = odds.strike.kill
    assert abs(kills / n - p) < 4 * math.sqrt(p * (1 - p) / n)


HEX = effect("Hex", "hostile", "range", "curse", lasting=True)
CANNON = {"name": "handcannon", "kind": "ranged", "use": 3, "range": 10, "damage": "2d6+2"}


def test_r_dice_10_the_tactical_ai_curses_a_dangerous_enemy_with_exact_odds() -> None:
    units = [
        caster("h", "red", (3, 5), {"skull": "d4", "lantern": "d12"}, HEX, facing="E"),
        sb.unit("k", "red", (4, 7), weapons=[sb.SWORD]),
        sb.unit("e", "blue", (6, 5), facing="W", skill="d4", weapons=[CANNON]),
    ]
    g = Game.from_scenario(sb.scenario(units, width=20, height=10), seed=3)
    decision = TacticalAI(preset("normal")).play_unit(g, "h")
    assert decision is not None and decision.kind == "cast" and "exact odds" in decision.text
    cast = kinds(g, "order")[-1]["args"]
    assert (cast["effect"], cast["target"]) == ("Hex", "e")
    assert cast["plan"] == ["lantern:range", "skull:curse"]  # d12 P(≥ 3") = 10/12 ≥ 0.75; a d4 Curse
    assert g.unit("e").curses == (4,) or not kinds(g, "effect_landed")[0]["reached"]


def test_r_sn_34_the_tactical_ai_lays_fire_arrows_on_a_bow_that_has_yet_to_shoot() -> None:
    arrows = effect("Fire Arrows", "weapon", "range", "damage+", element="fire")
    units = [
        caster("m", "red", (3, 5), {"hat": "d6", "rod": "d10"}, arrows, facing="E"),
        sb.unit("b", "red", (4, 5), facing="E", weapons=[sb.LONGBOW]),
        sb.unit("e", "blue", (11, 5), facing="W", armor="6", weapons=[sb.PISTOL]),
    ]
    g = Game.from_scenario(sb.scenario(units, width=20, height=10), seed=2)
    decision = TacticalAI(preset("normal")).play_unit(g, "m")
    assert decision is not None and decision.kind == "cast"
    cast = kinds(g, "order")[-1]["args"]
    assert (cast["effect"], cast["target"]) == ("Fire Arrows", "b:longbow")
    # the d10 lifts the bow's chance to beat Armor 6 from 1/6 to 0.83 (exact odds); the d6 carries it
    assert cast["plan"] == ["hat:range", "rod:damage+"]


def test_r_sn_35_the_tactical_ai_cancels_a_die_in_an_enemy_weapon_it_fears() -> None:
    jam = effect("Jam", "weapon", "range", "damage-")
    blunderbuss = {"name": "blunderbuss", "kind": "ranged", "use": 3, "range": 8, "damage": "2d6"}
    units = [
        caster("m", "red", (3, 5), {"hat": "d6", "rod": "d10"}, jam, facing="E"),
        sb.unit("k", "red", (4, 7), weapons=[sb.SWORD]),
        sb.unit("r", "blue", (8, 5), facing="W", weapons=[blunderbuss]),
    ]
    g = Game.from_scenario(sb.scenario(units, width=20, height=10), seed=2)
    decision = TacticalAI(preset("normal")).play_unit(g, "m")
    assert decision is not None and decision.kind == "cast"
    cast = kinds(g, "order")[-1]["args"]
    assert (cast["effect"], cast["target"]) == ("Jam", "r:blunderbuss")
    assert cast["plan"][-1] == "hat:damage-"  # a d6 cancels one of its 2d6 (R-SN-35)
