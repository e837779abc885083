"""The `Cast` order through `Game` (R-SN-7/9/10/14/17/18/23/24/25/26/28/34): dice spent one at a
time and rolled when spent, Range along the path, Damage, SN Bonus chains and Fumbles."""

from __future__ import annotations

from typing import Any

import pytest
from sn_helpers import FIREBALL, caster, effect, kinds, wall

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.session import Game
from tests.scripted_answers import Answers


def game(units: list[dict], script: list[int], policy: Any = None, **kw: Any) -> Game:
    """A Game on a sandbox map with scripted dice (`kw`: `sb.scenario` options, e.g. objects)."""
    return Game.from_scenario(sb.scenario(units, **kw), script=script, policy=policy)


def test_r_sn_14_dice_roll_one_by_one_and_stop_when_the_effect_reaches() -> None:
    units = [
        caster("p", "red", (5, 5), {"staff": "d8", "hat": "d6", "rod": "d10"}, FIREBALL),
        sb.unit("e", "blue", (12, 5)),
    ]
    g = game(units, [5, 4])  # a third die drawn would exhaust the script
    g.act("p", Cast("Fireball", "e", plan=("staff:range", "hat:range", "rod:range")))
    rolled = kinds(g, "sn_die_rolled")
    assert [(r["talisman"], r["roll"]["total"]) for r in rolled] == [("staff", 5), ("hat", 4)]
    assert [tuple(r["at"]) for r in rolled] == [(10, 5), (12, 5)]
    asked = [e for e in kinds(g, "decided") if e["question"] == "sn_next_die"]
    assert asked[-1]["answer"] == "stop"  # reached: no Range die is offered any more
    assert not any(o.endswith(":range") for o in asked[-1]["options"])
    assert g.state.sn.talismans["rod"].status == "ready"
    assert g.unit("p").action_used  # R-SN-24: a distant Effect uses the Action


def test_r_sn_15_24_a_range_d6_adds_its_roll_in_inches_and_the_effect_has_a_point() -> None:
    units = [caster("p", "red", (2, 5), {"hat": "d6"}, FIREBALL), sb.unit("e", "blue", (12, 5))]
    g = game(units, [3])
    g.act("p", Cast("Fireball", "e", plan=("hat:range",)))
    assert g.state.sn.effects["fx1"].point == (5, 5)
    assert kinds(g, "sn_die_rolled")[0]["reach"] == '3 of 10"'
    assert kinds(g, "effect_landed")[0]["reached"] is False


def test_r_sn_17_28_34_a_bonus_d10_widens_the_blast_to_4_inches_and_catches_an_ally() -> None:
    units = [
        caster("p", "red", (5, 5), {"crystal": "d8", "rod": "d10"}, FIREBALL),
        sb.unit("e", "blue", (10, 5)),
        sb.unit("a", "red", (11, 7)),
    ]
    g = game(units, [8, 3, 10, 2])
    g.act("p", Cast("Fireball", "e", plan=("crystal:range", "rod:damage+")))
    landed = kinds(g, "effect_landed")[0]
    assert landed["radius"] == 4 and set(landed["targets"]) == {"e", "a"}
    assert [a["damage"] for a in kinds(g, "armor_rolled")] == [12, 12]
    assert not g.unit("e").alive and not g.unit("a").alive


def test_r_sn_18_a_fumble_goes_to_the_opponent_who_redirects_it_onto_the_casters_squire() -> None:
    units = [
        caster("p", "red", (5, 5), {"staff": "d8", "hat": "d6", "amulet": "d4"}, FIREBALL),
        sb.unit("q", "red", (8, 6)),
        sb.unit("e", "blue", (12, 5)),
    ]
    policy = Answers()
    g = game(units, [5, 1, 3, 3], policy)
    g.act("p", Cast("Fireball", "e", plan=("staff:range", "hat:range", "amulet:damage+")))
    asked = policy.first("sn_fumble_use")
    assert asked.team == "blue" and asked.default == "range:8,6"  # the most damaging use (S9)
    assert kinds(g, "sn_fumbled")[0]["to"] == "blue"
    assert kinds(g, "sn_fumble_used")[0]["use"] == "range:8,6"
    assert [a["target"] for a in kinds(g, "armor_rolled")] == ["q"]  # 3 < 4: nothing
    assert [f["target"] for f in kinds(g, "fire_ignited")] == ["q"]  # but the d4's 3 > ½ ignites
    assert g.state.sn.talismans["hat"].status == "spent"


def test_r_sn_18_a_fumble_die_showing_1_comes_back_and_is_spent_again() -> None:
    units = [
        caster("p", "red", (5, 5), {"staff": "d8", "hat": "d6", "amulet": "d4"}, FIREBALL),
        sb.unit("q", "red", (8, 6)),
        sb.unit("e", "blue", (12, 5)),
    ]
    policy = Answers(sn_next_die=["staff:range", "hat:range", "hat:range", "amulet:damage+"])
    g = game(units, [5, 1, 1, 2, 3], policy)
    g.act("p", Cast("Fireball", "e"))
    assert kinds(g, "sn_fumble_used")[0]["use"] == "back"
    assert [tuple(r["at"]) for r in kinds(g, "sn_die_rolled")][2] == (12, 5)
    assert [f["target"] for f in kinds(g, "fire_ignited")] == ["e"]


@pytest.mark.parametrize(
    ("orb", "script", "first_point"),
    [("d12", [4, 3, 5], (6, 5)), ("d12", [3, 5, 5], (4, 5))],
)
def test_r_sn_26_a_d12_bolt_passes_a_wall_but_never_ends_inside_it(orb, script, first_point) -> None:
    units = [
        caster(
            "g",
            "red",
            (2, 5),
            {"orb": orb, "gem": "d12", "spark": "d6"},
            effect("Phase Bolt", "hostile", "range", "damage+"),
        ),
        sb.unit("t", "blue", (9, 5)),
    ]
    g = game(units, script, objects=[wall([(5, y) for y in range(3, 8)])])
    g.act("g", Cast("Phase Bolt", "t", plan=("orb:range", "gem:range", "spark:damage+")))
    moved = kinds(g, "effect_moved")
    assert tuple(moved[0]["point"]) == first_point and tuple(moved[1]["point"]) == (9, 5)
    assert not g.unit("t").alive


def test_r_sn_25_a_d8_bolt_stops_at_the_wall_and_lands_on_it() -> None:
    units = [
        caster(
            "g", "red", (2, 5), {"orb": "d8", "spark": "d6"}, effect("Bolt", "hostile", "range", "damage+")
        ),
        sb.unit("t", "blue", (9, 5)),
    ]
    g = game(units, [7, 5, 4], objects=[wall([(5, y) for y in range(3, 8)], armor="4")])
    g.act("g", Cast("Bolt", "t", plan=("orb:range", "spark:damage+")))
    moved = kinds(g, "effect_moved")[0]
    assert tuple(moved["point"]) == (4, 5) and moved["stopped_by"] == "wall"
    assert kinds(g, "effect_landed")[0]["targets"] == ["wall"]
    assert g.unit("t").alive


def test_r_sn_1_34_an_acid_pyromancers_d4_ignites_acid() -> None:
    acid = effect("Acid Splash", "hostile", "range", "damage+", element="acid")
    units = [caster("p", "red", (5, 5), {"rod": "d6", "amulet": "d4"}, acid), sb.unit("e", "blue", (8, 5))]
    g = game(units, [4, 3])
    g.act("p", Cast("Acid Splash", "e", plan=("rod:range", "amulet:damage+")))
    assert kinds(g, "fire_ignited")[0]["fire_type"] == "acid"


def test_r_sn_34_a_d8_blast_loses_1_per_inch_from_the_caster() -> None:
    units = [caster("p", "red", (5, 5), {"rod": "d6", "gem": "d8"}, FIREBALL), sb.unit("e", "blue", (8, 5))]
    g = game(units, [4, 7])
    g.act("p", Cast("Fireball", "e", plan=("rod:range", "gem:damage+")))
    assert kinds(g, "armor_rolled")[0]["damage"] == 4  # 7 − 3" = 4 = Armor: Disrupted
    assert g.unit("e").disrupted


def test_r_sn_7_a_pyromancer_cannot_cast_a_blessing() -> None:
    units = [
        caster("p", "red", (5, 5), {"hat": "d6"}, FIREBALL),
        sb.unit("k", "red", (6, 5)),
        sb.unit("e", "blue", (9, 9)),
    ]
    g = game(units, [])
    with pytest.raises(IllegalOrder, match=r"no Effect .Blessing..*R-SN-7"):
        g.act("p", Cast("Blessing", "k", plan=("hat:bless",)))
    assert not kinds(g, "effect_cast")


def test_r_sn_23_a_plan_naming_one_talisman_twice_is_refused() -> None:
    units = [caster("p", "red", (5, 5), {"hat": "d6"}, FIREBALL), sb.unit("e", "blue", (12, 5))]
    g = game(units, [])
    with pytest.raises(IllegalOrder, match=r"twice.*R-SN-23"):
        g.act("p", Cast("Fireball", "e", plan=("hat:range", "hat:damage+")))


def test_r_sn_9_a_spent_die_is_refused_until_its_owners_next_turn() -> None:
    ward = effect("Ward", "self", "armor+")
    units = [caster("p", "red", (5, 5), {"hat": "d6", "rod": "d4"}, ward), sb.unit("e", "blue", (12, 12))]
    g = game(units, [])
    g.act("p", Cast("Ward", plan=("hat:armor+",)))  # touch: free, and nothing rolled (R-SN-36)
    assert g.unit("p").armor == "4+1d6" and not g.unit("p").action_used
    with pytest.raises(IllegalOrder, match=r"spent once a turn.*R-SN-9"):
        g.act("p", Cast("Ward", plan=("hat:armor+",)))
    g.end_turn()  # blue's turn: red's die stays spent
    assert g.state.sn.talismans["hat"].status == "spent" and not kinds(g, "sn_dice_returned")
    g.end_turn()  # red's turn: the Effect ends and the die is back
    assert kinds(g, "sn_dice_returned")[0] == {"kind": "sn_dice_returned", "unit": "p", "talismans": ["hat"]}
    assert g.state.sn.talismans["hat"].status == "ready" and g.unit("p").armor == "4"
    g.act("p", Cast("Ward", plan=("hat:armor+",)))
    assert g.unit("p").armor == "4+1d6"


def test_r_sn_8_a_caster_spends_only_the_dice_of_the_talismans_it_holds() -> None:
    units = [
        caster("p", "red", (5, 5), {"hat": "d6"}, FIREBALL),
        caster("q", "red", (5, 7), {"rod": "d10"}),
        sb.unit("e", "blue", (12, 5)),
    ]
    g = game(units, [])
    with pytest.raises(IllegalOrder, match=r"holds no Talisman 'rod' \(R-SN-8\)"):
        g.act("p", Cast("Fireball", "e", plan=("rod:range",)))
    assert g.state.sn.talismans["rod"].status == "ready"


def test_r_sn_14_a_cast_that_fails_halfway_leaves_no_trace() -> None:
    """A Cast is one guarded order: when a die cannot be drawn (the script runs out) after others
    were spent, the Talismans, the Effect, the Action and the events are all as before."""
    from brikwars_gui.engine.dice import DiceScriptExhausted

    units = [
        caster("p", "red", (5, 5), {"staff": "d8", "hat": "d6"}, FIREBALL),
        sb.unit("e", "blue", (12, 5)),
    ]
    g = game(units, [5])
    before = len(g.events)
    with pytest.raises(DiceScriptExhausted):
        g.act("p", Cast("Fireball", "e", plan=("staff:range", "hat:damage+")))
    assert len(g.events) == before and not g.state.sn.effects and g.state.sn.seq == 0
    assert {t.status for t in g.state.sn.talismans.values()} == {"ready"} and not g.unit("p").action_used


def test_a_hidden_enemy_cannot_be_targeted() -> None:
    units = [caster("p", "red", (5, 5), {"hat": "d6"}, FIREBALL), sb.unit("e", "blue", (9, 5), hidden=True)]
    g = game(units, [])
    with pytest.raises(IllegalOrder, match="G-16"):
        g.act("p", Cast("Fireball", "e", plan=("hat:range",)))


def test_r_sn_24_the_target_of_a_fireball_shoots_back_first_with_its_saved_action() -> None:
    units = [
        caster("p", "red", (5, 5), {"hat": "d6", "rod": "d10"}, FIREBALL, facing="E"),
        sb.unit("e", "blue", (11, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    policy = Answers()
    g = game(units, [4, 5], policy)
    g.end_turn()
    g.end_turn()  # e kept its Action: saved for a Response (R-RESP-1)
    g.act("p", Cast("Fireball", "e", plan=("hat:range", "rod:damage+")))
    asked = policy.first("attack_response")
    assert asked.unit == "e" and asked.default == "attack:pistol" and "bail" in asked.options
    assert not g.unit("p").alive  # hit 4, Damage 5 > 4
    assert not kinds(g, "sn_die_rolled") and g.state.sn.talismans["hat"].status == "ready"


def test_r_sn_14_the_log_names_the_sn_questions_in_words() -> None:
    units = [
        caster("p", "red", (5, 5), {"staff": "d8", "hat": "d6"}, FIREBALL),
        sb.unit("e", "blue", (12, 5)),
    ]
    g = game(units, [5, 4])
    g.act("p", Cast("Fireball", "e", plan=("staff:range", "hat:range")))
    line = next(e for e in g.events if e.kind == "decided").describe()
    assert line.startswith("p decides on the next SN die (R-SN-14) (fx1): staff:range")


def test_r_sn_24_r_resp_1_3_a_bystander_who_sees_a_hostile_cast_shoots_the_caster_first() -> None:
    units = [
        caster("p", "red", (5, 5), {"hat": "d6", "rod": "d10"}, FIREBALL, facing="E"),
        sb.unit("e", "blue", (11, 5), facing="W"),
        sb.unit("b", "blue", (10, 6), facing="W", weapons=[sb.PISTOL]),
    ]
    policy = Answers()
    g = game(units, [4, 5], policy)  # b's pistol: hit 4 ≥ 3, Damage 5 > Armor 4
    g.end_turn()
    g.end_turn()  # b kept its Action: saved for a Response (R-RESP-1)
    g.act("p", Cast("Fireball", "e", plan=("hat:range", "rod:damage+")))
    asked = policy.first("shoot")
    assert asked.unit == "b" and asked.default == "attack:pistol"
    assert "cast Fireball at e" in asked.detail["reason"]
    assert not g.unit("p").alive and g.unit("p").action_used
    assert not kinds(g, "sn_die_rolled") and g.state.sn.talismans["hat"].status == "ready"


def test_r_sn_24_a_bystander_who_misses_leaves_the_effect_to_be_cast() -> None:
    units = [
        caster("p", "red", (5, 5), {"hat": "d6"}, FIREBALL, facing="E"),
        sb.unit("e", "blue", (11, 5), facing="W"),
        sb.unit("b", "blue", (10, 6), facing="W", weapons=[sb.PISTOL]),
    ]
    g = game(units, [2, 6, 1])  # b misses (2 < 3); Range d6 6 + Bonus 1 reaches e 6" away
    g.end_turn()
    g.end_turn()
    g.act("p", Cast("Fireball", "e", plan=("hat:range",)))
    assert [a["hit"] for a in kinds(g, "attacked")] == [False]
    assert kinds(g, "effect_landed")[0]["targets"] == ["e"]


def test_r_sn_18_the_default_fumble_use_is_the_most_damaging_by_exact_odds() -> None:
    """Redirecting onto the nearest friend of the caster is worth nothing when its Armor 20 stops
    a d4; the engine picks the farther squire with Armor 2 (P(d4 chain > 2) = 1/2 + …)."""
    units = [
        caster("p", "red", (5, 5), {"staff": "d8", "hat": "d6", "amulet": "d4"}, FIREBALL),
        sb.unit("q1", "red", (9, 5), armor="20"),
        sb.unit("q2", "red", (12, 6), armor="2"),
        sb.unit("e", "blue", (12, 5)),
    ]
    policy = Answers()
    g = game(units, [5, 1, 3, 3], policy)  # staff 5 → (10,5); hat 1: Fumble, blue rolls 3; d4 3
    g.act("p", Cast("Fireball", "e", plan=("staff:range", "hat:range", "amulet:damage+")))
    asked = policy.first("sn_fumble_use")
    assert {"range:9,5", "range:12,6", "range:12,5"} <= set(asked.options)
    assert asked.default == "range:12,6"
    assert not g.unit("q2").alive and g.unit("q1").alive and g.unit("e").alive


def test_r_sn_18_a_fumble_that_pushes_the_effect_back_onto_the_caster_lands_on_the_caster() -> None:
    """docs/rules-decisions.md "Range": an Effect that left the caster's hands and is sent back onto
    its cell by a Fumble lands on the caster (only one that never left lands on nothing)."""
    units = [
        caster("p", "red", (5, 5), {"staff": "d8", "hat": "d6", "amulet": "d4"}, FIREBALL),
        sb.unit("e", "blue", (12, 5)),
    ]
    policy = Answers(sn_fumble_use=["range-"])
    g = game(units, [5, 1, 5, 3, 3], policy)  # staff 5", hat fumbles, the Fumble d6 rolls 5, amulet 3
    g.act("p", Cast("Fireball", "e", plan=("staff:range", "hat:range", "amulet:damage+")))
    assert kinds(g, "sn_fumble_used")[0]["use"] == "range-"
    assert g.state.sn.effects["fx1"].point == (5, 5)
    assert kinds(g, "effect_landed")[0]["targets"] == ["p"]
    assert [a["target"] for a in kinds(g, "armor_rolled")] == ["p"]
