"""The D6 ruleset through `Game` orders with scripted dice: every R-D6 rule, EX-15, the
damage/wound table and the battlefield complications (RULES.md D6, docs/rulesets.md).

Dice order of an attack: the roll's regular dice, its Wild Die chain, any Character Point
chains, then Damage (regular, Wild) and the target's resistance (regular, Wild)."""

from __future__ import annotations

from typing import Any

import pytest
from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, FullRound
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario

Unit = dict[str, Any]


def d6_scenario(units: list[Unit], **d6: Any) -> Scenario:
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = "d6"
    data["d6"] = {**data["d6"], **d6}
    return Scenario.model_validate(data)


def d6_game(units: list[Unit], script: list[int], *, policy: Any = None, **d6: Any) -> Game:
    return Game.from_scenario(d6_scenario(units, **d6), script=script, policy=policy)


def duel(attacker: Unit | None = None, defender: Unit | None = None) -> list[Unit]:
    """A swordsman next to a target: Use 2 → difficulty 8; sword 1d6+1 → 2D+2; Armor 4 → 2D.
    The target holds no Character Points unless given (none spent on its resistance, R-D6-7)."""
    defender = dict(defender or {})
    defender["d6"] = {"character_points": 0, **defender.get("d6", {})}
    return [
        sb.unit("a", "red", (2, 2), weapons=[sb.SWORD], **(attacker or {})),
        sb.unit("z", "blue", (3, 2), **defender),
    ]


def attacked(game: Game) -> Any:
    return next(e for e in game.events if e.kind == "attacked")


def task_roll(game: Game) -> dict[str, Any]:
    return next(e for e in game.events if e.kind == "full_round").roll


def test_r_d6_1_2_a_die_code_rolls_one_regular_die_fewer_plus_the_wild_die_and_adds_pips() -> None:
    g = d6_game(duel({"d6": {"melee": "3D+1", "character_points": 0}}), [4, 2, 3, 1, 1, 1, 1])
    g.act("a", Attack("shortsword", "z"))
    a = attacked(g)
    assert [d["role"] for d in a.roll["dice"]] == ["regular", "regular", "wild"]  # one Wild Die
    assert a.roll["total"] == 4 + 2 + 3 + 1 and a.roll["difficulty"] == 8 and a.hit
    assert "Melee 3D+1: 4, 2, Wild 3 +1 = 10 vs 8: success" in a.text


def test_r_d6_3_5_the_wild_die_rerolls_on_six_and_a_later_one_just_adds() -> None:
    g = d6_game(duel({"d6": {"melee": "1D", "character_points": 0}}), [6, 6, 1, 1, 1, 1, 1])
    g.act("a", Attack("shortsword", "z"))
    a = attacked(g)
    assert a.roll["total"] == 13 and a.hit and not a.roll["critical_failure"]
    assert "Wild 6→6→1 = 13 vs 8" in a.text


def test_r_d6_4_option_1_cancels_the_wild_die_and_the_highest_die_a_11() -> None:
    g = d6_game(
        duel({"d6": {"melee": "3D", "character_points": 0}}), [5, 3, 1], critical_failure="cancel_highest"
    )
    g.act("a", Attack("shortsword", "z"))
    a = attacked(g)
    assert a.roll["total"] == 3 and not a.hit  # the 5 and the Wild 1 are cancelled
    assert "[5 cancelled], 3, [Wild 1 cancelled] = 3" in a.text
    assert not any(e.kind == "d6_complication" for e in g.events)


@pytest.mark.parametrize(
    ("script", "effect", "stopped", "disrupted"),
    [
        ([5, 4, 1, 1, 1, 1, 1], "stumble", True, False),  # 10 vs 8: still a hit
        ([2, 2, 1], "off_balance", True, False),  # 5 vs 8: up to 4 below
        ([1, 1, 1], "fall", False, True),  # 3 vs 8: 5 below
    ],
)
def test_r_d6_4_option_2_the_total_stands_with_a_complication_graver_the_lower_it_is(
    script: list[int], effect: str, stopped: bool, disrupted: bool
) -> None:
    g = d6_game(duel({"d6": {"melee": "3D", "character_points": 0}}), script)
    g.act("a", Attack("shortsword", "z"))
    a = attacked(g)
    assert a.roll["total"] == sum(script[:3]) and a.roll["complication_effect"] == effect
    complication = next(e for e in g.events if e.kind == "d6_complication")
    assert complication.effect == effect and complication.unit == "a"
    unit = g.state.units["a"]
    assert (unit.stopped, unit.disrupted) == (stopped, disrupted)


def test_r_d6_7_character_points_after_a_failed_roll_add_wild_dice_whose_one_counts() -> None:
    policy = Answers(character_points=["2"])
    # 2D: 2 + Wild 2 = 4 < 8; two CP dice: 1 (just 1) and 4 → 9; Damage 2D+2, resistance 2D
    g = d6_game(duel({"d6": {"melee": "2D", "character_points": 3}}), [2, 2, 1, 4, 1, 1, 1, 1], policy=policy)
    g.act("a", Attack("shortsword", "z"))
    a = attacked(g)
    request = policy.first("character_points")
    chances = request.detail["chances"]
    assert request.options == ("0", "1", "2", "3") and request.detail["total"] == 4
    assert chances["0"] == 0.0 and chances["1"] < chances["2"] < chances["3"]
    assert a.hit and a.roll["total"] == 9 and a.roll["character_points"] == 2
    assert "CP 1, CP 4" in a.text and g.state.units["a"].pools["cp"] == 1  # spent CP are lost


def test_r_d6_7_the_scenario_caps_character_points_on_one_roll() -> None:
    units = duel({"d6": {"melee": "2D", "character_points": 9}})
    capped = Answers(character_points=["2"])
    g = d6_game(units, [1, 2, 1, 1, 1, 1], policy=capped, character_point_cap=2)
    g.act("a", Attack("shortsword", "z"))
    assert capped.first("character_points").options == ("0", "1", "2")  # 9 held, cap 2
    unlimited = Answers(character_points=["9"])
    g = d6_game(units, [1, 2] + [1] * 9 + [1, 1, 1, 1], policy=unlimited, character_point_cap=None)
    g.act("a", Attack("shortsword", "z"))
    assert unlimited.first("character_points").options[-1] == "9"
    assert g.state.units["a"].pools["cp"] == 0


def test_r_d6_8_a_fate_point_doubles_own_dice_and_pips_not_the_weapon_damage_code() -> None:
    policy = Answers(fate_point=["yes"])
    # 2D+1 doubled: 4D+2 = 3, 3, 3, Wild 2 +2 = 13; Damage 2D+2 stays 2 dice; resistance 2D
    g = d6_game(duel({"d6": {"melee": "2D+1", "fate_points": 1}}), [3, 3, 3, 2, 3, 4, 2, 2], policy=policy)
    g.act("a", Attack("shortsword", "z"))
    a = attacked(g)
    assert a.roll["fate_point"] == "yes" and len(a.roll["dice"]) == 4 and a.roll["pips"] == 2
    assert a.damage_roll["code"] == "2D+2" and len(a.damage_roll["dice"]) == 2
    chances = policy.first("fate_point").detail["chances"]
    assert chances["yes"] > chances["no"]
    assert g.state.units["a"].pools["fp"] == 0


def test_r_d6_8_a_fate_point_before_the_resistance_roll_doubles_the_strength_code() -> None:
    policy = Answers(fate_point=["yes"])
    units = duel({"d6": {"melee": "3D", "character_points": 0}}, {"d6": {"strength": "2D", "fate_points": 1}})
    # 5+5+5 = 15 vs 8; Damage 2D+2: 5+4+2 = 11; Strength 2D doubled → 4D: 3+3+3+2 = 11: no effect
    g = d6_game(units, [5, 5, 5, 5, 4, 3, 3, 3, 2], policy=policy)
    g.act("a", Attack("shortsword", "z"))
    request = policy.first("fate_point")
    assert request.unit == "z" and request.detail["kind"] == "resistance"
    assert request.detail["difficulty"] == 11
    assert request.detail["chances"]["yes"] > request.detail["chances"]["no"]
    armor = next(e for e in g.events if e.kind == "armor_rolled")
    assert (armor.armor, armor.outcome) == (11, "none") and "Strength 4D (Fate Point ×2)" in armor.explain
    assert g.state.units["z"].pools["fp"] == 0


def test_r_d6_7_character_points_on_the_resistance_roll_after_it_fell_short() -> None:
    policy = Answers(character_points=["2"])
    units = duel({"d6": {"melee": "3D", "character_points": 0}}, {"d6": {"character_points": 3}})
    # hit; Damage 11; Strength 2D: 3+3 = 6, 5 short; two CP Wild Dice 4 and 2 → 12: no effect
    g = d6_game(units, [5, 5, 5, 5, 4, 3, 3, 4, 2], policy=policy)
    g.act("a", Attack("shortsword", "z"))
    request = policy.first("character_points")
    assert request.unit == "z" and request.detail["total"] == 6 and request.detail["difficulty"] == 11
    assert request.detail["chances"]["0"] == 0.0 and request.default == "2"  # the AI's: first even
    armor = next(e for e in g.events if e.kind == "armor_rolled")
    assert (armor.armor, armor.outcome) == (12, "none") and "+2 CP" in armor.explain
    assert g.state.units["z"].pools["cp"] == 1


def test_r_d6_7_character_points_on_the_damage_roll() -> None:
    policy = Answers(damage_points=["1"])
    g = d6_game(duel({"d6": {"melee": "3D", "character_points": 2}}), [5, 5, 5, 1, 1, 5, 2, 2], policy=policy)
    g.act("a", Attack("shortsword", "z"))  # Damage 2D+2: 1+1+2 = 4, +1 CP die 5 → 9 vs 2+2: wounded
    request = policy.first("damage_points")
    assert request.unit == "a" and request.options == ("0", "1", "2") and request.default == "0"
    a = attacked(g)
    assert a.damage == 9 and "+1 CP" in a.damage_roll["code"] + a.text
    assert next(e for e in g.events if e.kind == "armor_rolled").outcome == "wounded"
    assert g.state.units["a"].pools["cp"] == 1


def test_r_d6_1_ex_15_a_scenario_equipment_bonus_adds_dice_a_fate_point_does_not_double() -> None:
    policy = Answers(fate_point=["yes"])
    block = {"melee": "2D+1", "equipment": {"melee": "+1D"}, "fate_points": 1, "character_points": 0}
    attacker = {"d6": block}
    # 2D+1 doubled → 4D+2, then the +1D blade: 5D+2 = 1, 1, 1, 1, Wild 2 +2 = 8 vs 8: a hit
    g = d6_game(duel(attacker), [1, 1, 1, 1, 2, 1, 1, 1, 1], policy=policy)
    g.act("a", Attack("shortsword", "z"))
    a = attacked(g)
    assert len(a.roll["dice"]) == 5 and a.roll["pips"] == 2 and a.hit
    lines = {line.label: line.value for line in find_ruleset("d6").stat_lines(g.unit("a"))}
    assert lines["Melee"] == "2D+1 +1D"
    assert find_ruleset("d6").stat_blocks(g.unit("a"))["d6"]["equipment"] == {"melee": "+1D"}


def test_r_d6_1_a_bad_equipment_bonus_names_the_field() -> None:
    with pytest.raises(ValueError, match="equipment"):
        d6_scenario(duel({"d6": {"equipment": {"melee": "+1d8"}}}))


def test_r_d6_6_never_character_points_on_a_roll_with_a_fate_point() -> None:
    policy = Answers(fate_point=["yes"], character_points=["1"])
    g = d6_game(duel({"d6": {"melee": "1D", "fate_points": 1, "character_points": 5}}), [1, 2], policy=policy)
    g.act("a", Attack("shortsword", "z"))  # 2D: 1 + Wild 2 = 3, a miss
    assert not attacked(g).hit
    assert [r.question for r in policy.asked] == ["fate_point"]  # no CP question after it
    assert g.state.units["a"].pools["cp"] == 5


def test_r_d6_6_no_fate_point_question_without_a_fate_point() -> None:
    policy = Answers()
    g = d6_game(duel({"d6": {"melee": "3D", "fate_points": 0}}), [5, 5, 5, 1, 1, 1, 1], policy=policy)
    g.act("a", Attack("shortsword", "z"))
    assert "fate_point" not in [r.question for r in policy.asked]


def test_r_d6_9_the_climactic_fate_point_doubles_every_roll_of_that_round_unpaid() -> None:
    policy = Answers(fate_point=["climax"])
    red = {"d6": {"melee": "1D", "strength": "1D", "fate_points": 2, "character_points": 0}}
    units = duel(red, {"weapons": [sb.SWORD]})
    # red's climax: melee 2D = 3 + Wild 3 = 6, a miss. Blue strikes back in the same round:
    # 3D = 2, 5, Wild 1 … complication-free total 8 hits; Damage 2D+2 = 1 + Wild 2 + 2 = 5
    # against red's doubled strength 2D = 2 + Wild 2 = 4 → stunned
    g = d6_game(units, [3, 3, 2, 5, 3, 1, 2, 2, 2], policy=policy)
    g.act("a", Attack("shortsword", "z"))
    assert attacked(g).roll["fate_point"] == "climax" and len(attacked(g).roll["dice"]) == 2
    pools = g.state.units["a"].pools
    assert pools["fp"] == 1 and pools["climax_round"] == 1
    g.end_turn()
    asked = len(policy.asked)
    g.act("z", Attack("shortsword", "a"))
    armor = [e for e in g.events if e.kind == "armor_rolled"][-1]
    assert armor.target == "a" and "Strength 2D: 2, Wild 2 = 4" in armor.explain  # doubled
    assert pools["fp"] == 1 and len(policy.asked) == asked  # not asked, not paid again


def test_r_d6_9_climax_is_offered_once_a_battle() -> None:
    policy = Answers(fate_point=["climax"])
    g = d6_game(duel({"d6": {"melee": "1D", "fate_points": 3}}), [3, 3], policy=policy)
    g.act("a", Attack("shortsword", "z"))
    assert "climax" in policy.asked[0].options and g.state.units["a"].pools["climaxes"] == 1
    g.state.round += 1  # a later round: the climax is spent for this battle
    again = find_ruleset("d6")._fate_request(g.state, g.state.units["a"], "melee", 6, 8, "complication")
    assert again.options == ("no", "yes")


def test_r_d6_10_spent_points_stay_spent_and_a_replay_spends_them_again() -> None:
    units = duel({"d6": {"melee": "2D", "character_points": 3, "fate_points": 1}})
    script = [2, 2, 1, 4, 1, 1, 1, 1]
    g = d6_game(units, script, policy=Answers(fate_point=["no"], character_points=["2"]))
    g.act("a", Attack("shortsword", "z"))
    assert (g.state.units["a"].pools["cp"], g.state.units["a"].pools["fp"]) == (1, 1)
    replay = Game.from_events(d6_scenario(units), g.events, ScriptedDice(script))
    assert replay.state.units["a"].pools == g.state.units["a"].pools
    assert [e.to_dict() for e in replay.events] == [e.to_dict() for e in g.events]


def test_ex_15_reflexes_3d_plus_1_rolls_two_dice_and_the_wild_die_plus_one() -> None:
    g = d6_game(duel({"d6": {"dodge": "3D+1", "character_points": 0}}), [2, 5, 4])
    g.act("a", FullRound("dive", 1, "easy"))
    roll = task_roll(g)
    assert [d["role"] for d in roll["dice"]] == ["regular", "regular", "wild"] and roll["pips"] == 1
    assert roll["total"] == 12 and roll["difficulty"] == 8


def test_ex_15_demolitions_4d_plus_2_with_a_fate_point_is_8d_plus_4() -> None:
    policy = Answers(fate_point=["yes"])
    g = d6_game(duel({"d6": {"dodge": "4D+2", "fate_points": 1}}), [1, 2, 3, 4, 5, 1, 2, 3], policy=policy)
    g.act("a", FullRound("blow the bridge", 1, "difficult"))
    roll = task_roll(g)
    assert [d["role"] for d in roll["dice"]].count("regular") == 7 and roll["pips"] == 4  # 7 + Wild
    assert roll["total"] == 1 + 2 + 3 + 4 + 5 + 1 + 2 + 3 + 4 and roll["difficulty"] == 14


@pytest.mark.parametrize(
    ("damage", "resist", "outcome"),
    [
        ([1, 2], [4, 5], "none"),  # 2D+2 = 5 vs 9
        ([2, 3], [3, 3], "stunned"),  # 7 vs 6: beaten by 1–3 → Disrupted
        ([5, 4], [2, 3], "wounded"),  # 11 vs 5: by 4–8
        ([5, 6, 2], [2, 2], "incapacitated"),  # 15 vs 4: by 9–12
        ([5, 6, 5], [2, 2], "killed"),  # 18 vs 4: by 13 or more
    ],
)
def test_damage_against_resistance_becomes_stun_wound_or_removal(damage, resist, outcome) -> None:
    g = d6_game(duel({"d6": {"melee": "3D", "character_points": 0}}), [5, 5, 5, *damage, *resist])
    g.act("a", Attack("shortsword", "z"))
    armor = next(e for e in g.events if e.kind == "armor_rolled")
    assert (armor.damage - armor.armor, armor.outcome) == (sum(damage) + 2 - sum(resist), outcome)
    z = g.state.units["z"]
    assert z.alive == (outcome in ("none", "stunned", "wounded"))
    assert z.disrupted == (outcome == "stunned")
    assert z.pools["wounds"] == (1 if outcome == "wounded" else 0)


def test_a_second_wound_incapacitates_and_each_wound_costs_a_die() -> None:
    g = d6_game(duel({"d6": {"melee": "3D", "character_points": 0}}), [5, 5, 5, 4, 2, 3])
    g.state.units["z"].pools["wounds"] = 1
    g.state.units["a"].pools["wounds"] = 1
    g.act("a", Attack("shortsword", "z"))  # 2D: 5 + Wild 5 = 10; Damage 5+4+2 = 11 vs 2+3
    a = attacked(g)
    assert len(a.roll["dice"]) == 2 and a.roll["code"] == "2D"  # 3D − 1D for the wound
    assert next(e for e in g.events if e.kind == "armor_rolled").outcome == "incapacitated"
    assert not g.state.units["z"].alive


def test_a_bad_die_code_in_a_stat_block_names_the_field() -> None:
    with pytest.raises(ValueError, match=r"units\.0\.d6\.melee"):
        d6_scenario(duel({"d6": {"melee": "2d8"}}))


def test_an_answer_outside_the_options_is_refused() -> None:
    policy = Answers(character_points=["7"])
    g = d6_game(duel({"d6": {"melee": "2D", "character_points": 2}}), [1, 2, 1, 1], policy=policy)
    with pytest.raises(IllegalOrder, match="character_points"):
        g.act("a", Attack("shortsword", "z"))
