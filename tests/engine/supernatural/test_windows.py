"""Roll windows through `Game` orders (R-SN-15, EX-13c): after an Action roll and after a Damage
roll, before they are judged, a caster whose dice can reach may spend them on it."""

from __future__ import annotations

from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.policy import TacticalPolicy
from tests.scripted_answers import Answers

FIRE_ARROWS = effect("Fire Arrows", "weapon", "range", "damage+")
STEADY = effect("Steady Aim", "ally", "action+")


def battlemage(script: list[int], policy, *effects: dict) -> Game:
    dice = {"hat": "d6", "amulet": "d4", "crystal": "d8"}
    units = [
        caster("m", "red", (5, 5), dice, *(effects or (FIRE_ARROWS,))),
        sb.unit("b", "red", (6, 5), weapons=[sb.LONGBOW]),
        sb.unit("z", "blue", (14, 5)),
    ]
    return Game.from_scenario(sb.scenario(units), script=script, policy=policy)


def test_ex_13c_r_sn_15_range_to_the_impact_point_then_damage_before_it_is_judged() -> None:
    answers = Answers(sn_window=["crystal:range", "hat:range", "amulet:damage+", "stop"])
    g = battlemage([4, 2, 5, 4, 3], answers)
    g.act("b", Attack("longbow", "z"))  # hit 4; Damage 2 + 1 = 3, not yet judged
    points = [(tuple(e["at"]), e["reach"]) for e in kinds(g, "sn_die_rolled")]
    assert points == [((10, 5), '5 of 9"'), ((14, 5), '9 of 9"'), ((14, 5), "")]
    window = kinds(g, "sn_window")[0]
    assert window["points"] == 3 and window["reached"]
    attack = kinds(g, "attacked")[0]
    assert attack["damage"] == 6 and "SN dice +3 to the Damage (R-SN-15)" in attack["text"]
    assert not g.unit("z").alive and g.unit("m").action_used  # a distant Effect: m's Action


def test_ex_13c_r_sn_15_short_of_the_impact_point_no_damage_die_is_offered() -> None:
    answers = Answers(sn_window=["crystal:range", "hat:range", "stop"])
    g = battlemage([4, 2, 2, 3], answers)
    g.act("b", Attack("longbow", "z"))
    last = [r for r in answers.asked if r.question == "sn_window"][-1]
    assert "amulet:range" in last.options and "amulet:damage+" not in last.options  # 5" < 9"
    assert not kinds(g, "sn_window")[0]["reached"] and g.unit("z").alive
    assert kinds(g, "attacked")[0]["damage"] == 3


def test_r_sn_15_a_touch_window_raises_a_friends_action_roll() -> None:
    answers = Answers(sn_window=["hat:action+", "stop"])
    g = battlemage([2, 3, 2], answers, STEADY)  # own d6 2 misses 3; the hat's 3 makes it 5
    g.act("b", Attack("longbow", "z"))
    attack = kinds(g, "attacked")[0]
    assert attack["hit"] and attack["needed"] == 0 and not g.unit("m").action_used  # touch: free
    assert [r.question for r in answers.asked].count("sn_window") == 2  # the hat, then stop


def test_r_sn_15_no_window_for_a_caster_whose_dice_cannot_reach() -> None:
    units = [
        caster("m", "red", (5, 5), {"hat": "d6"}, FIRE_ARROWS),  # one die: no Range left for Damage
        sb.unit("b", "red", (6, 5), weapons=[sb.LONGBOW]),
        sb.unit("z", "blue", (14, 5)),
    ]
    answers = Answers()
    g = Game.from_scenario(sb.scenario(units), script=[4, 2], policy=answers)
    g.act("b", Attack("longbow", "z"))
    assert not [r for r in answers.asked if r.question == "sn_window"] and g.unit("z").alive


def test_r_sn_15_the_computer_spends_range_then_damage_when_the_hit_would_not_kill() -> None:
    policy = TacticalPolicy(["red"], Answers())
    g = battlemage([4, 2, 5, 4, 3], policy)
    g.act("b", Attack("longbow", "z"))  # 3 ≤ Armor 4: worth it; crystal first (likeliest to reach)
    assert [e["talisman"] for e in kinds(g, "sn_die_rolled")] == ["crystal", "hat", "amulet"]
    assert not g.unit("z").alive


def test_r_sn_15_the_computer_keeps_its_dice_when_the_hit_kills_anyway() -> None:
    policy = TacticalPolicy(["red"], Answers())
    g = battlemage([4, 5], policy)  # Damage 5 + 1 = 6 > Armor 4 already
    g.act("b", Attack("longbow", "z"))
    assert not kinds(g, "sn_die_rolled") and not g.unit("z").alive
