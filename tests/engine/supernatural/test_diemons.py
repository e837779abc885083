"""Diemons through `Game` orders (R-SN-2/3/5/20/21, design map §4.7/4.8): units born mid-battle,
moving or acting, burning, blowing up, vanishing with their Effect, keeping no side alive."""

from __future__ import annotations

from typing import Any

import pytest
from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.sn_actions import Cast, Detonate
from brikwars_gui.engine.session import Game
from tests.scripted_answers import Answers

SUMMON = effect("Summon", "cell", "creature", form="creature")
HAY = {"id": "haycart", "name": "hay cart", "kind": "cart", "cells": [[9, 5]], "size": 1, "weight": 0.5}
STONE = {
    "id": "stone",
    "name": "stone wall",
    "kind": "wall",
    "cells": [[8, 6]],
    "size": 1,
    "weight": 2,
    "flammable": False,
}


def game(units: list[dict], script: list[int], policy: Any = None, **kw: Any) -> Game:
    """A Game on a sandbox map with scripted dice (`kw`: `sb.scenario` options, e.g. objects)."""
    return Game.from_scenario(sb.scenario(units, **kw), script=script, policy=policy)


def _pyro(script: list[int], policy=None):
    units = [caster("p", "red", (7, 5), {"amulet": "d4"}, SUMMON), sb.unit("e", "blue", (19, 19))]
    g = game(units, script, policy, objects=[HAY, STONE])
    g.act("p", Cast("Summon", at=(8, 5), plan=("amulet:creature",)))
    return g


def test_r_sn_2_20_a_summoned_4pion_appears_next_to_the_caster_for_free() -> None:
    g = _pyro([])
    assert kinds(g, "diemon_summoned")[0] == {
        "kind": "diemon_summoned",
        "unit": "4pion-1",
        "diemon": "4pion",
        "at": [8, 5],
        "effect": "fx1",
        "summoner": "p",
    }
    pion = g.unit("4pion-1")
    assert (pion.team, pion.size, pion.skill, pion.pos) == ("red", 0, 4, (8, 5))
    assert not g.unit("p").action_used and g.state.sn.talismans["amulet"].status == "held"


def test_r_sn_3_a_4pion_rolling_3_sets_the_hay_cart_alight() -> None:
    policy = Answers()
    g = _pyro([3, 2], policy)
    g.end_turn()
    g.end_turn()
    asked = policy.first("sn_spread")
    assert "haycart" in asked.options and "stone" not in asked.options and asked.default == "haycart"
    assert kinds(g, "fire_ignited")[0]["target"] == "haycart"
    assert kinds(g, "diemon_move_rolled")[0] == {"kind": "diemon_move_rolled", "unit": "4pion-1", "move": 2}


def test_r_sn_3_a_4pion_rolling_1_burns_out_and_its_d4_is_back_at_once() -> None:
    g = _pyro([1])
    g.end_turn()
    g.end_turn()
    assert kinds(g, "diemon_gone")[0]["unit"] == "4pion-1" and not g.unit("4pion-1").alive
    assert g.state.sn.talismans["amulet"].status == "ready"
    g.act("p", Cast("Summon", at=(8, 5), plan=("amulet:creature",)))
    assert g.unit("4pion-2").alive


def test_r_sn_3_a_4pion_is_immune_to_its_element() -> None:
    from brikwars_gui.engine.hazards.fire import can_burn

    g = _pyro([])
    assert not can_burn(g.state, "4pion-1", "fire") and can_burn(g.state, "p", "fire")


def test_r_sn_2_a_diemon_that_moved_cannot_act() -> None:
    units = [caster("p", "red", (7, 5), {"amulet": "d4"}, SUMMON), sb.unit("e", "blue", (11, 5))]
    g = game(units, [2, 4])
    g.act("p", Cast("Summon", at=(8, 5), plan=("amulet:creature",)))
    g.end_turn()
    g.end_turn()  # Burning Roll 2 (nothing to spread to), Move 4
    g.move("4pion-1", (10, 5))
    with pytest.raises(IllegalOrder, match=r"either moves or acts.*R-SN-2"):
        g.act("4pion-1", Attack("sting", "e"))


def test_r_sn_2_a_raised_6creant_is_size_1_armor_1d6_weight_half() -> None:
    units = [caster("n", "red", (7, 5), {"skull": "d6"}, SUMMON), sb.unit("e", "blue", (19, 19))]
    g = game(units, [])
    g.act("n", Cast("Summon", at=(8, 5), plan=("skull:creature",)))
    golem = g.unit("6creant-1")
    assert (golem.size, golem.armor, golem.weight, golem.skill) == (1, "1d6", 0.5, 6)


BOMB = [
    caster("d", "red", (3, 5), {"idol": "d10"}),
    sb.unit(
        "boom", "red", (10, 5), size=0, armor="0", supernatural={"diemon": "10amyte", "bound_to": "d:idol"}
    ),
    sb.unit("e1", "blue", (14, 5)),
]


def test_r_sn_5_a_10amyte_blows_up_as_an_enemy_steps_within_2_inches() -> None:
    policy = Answers(sn_detonate="yes")
    g = game(BOMB, [4, 6], policy)  # boom's Move roll at red's turn start, then the blast
    g.end_turn()
    g.move("e1", (11, 5))
    assert policy.first("sn_detonate").team == "red"
    assert kinds(g, "diemon_gone")[0]["unit"] == "boom"
    blast = kinds(g, "exploded")[0]
    assert tuple(blast["at"]) == (10, 5) and blast["radius"] == 2 and blast["victims"] == ["e1"]
    assert not g.unit("e1").alive and g.unit("e1").pos == (12, 5)
    assert g.state.sn.talismans["idol"].status == "spent"


def test_r_sn_5_detonate_needs_no_action_even_after_moving() -> None:
    g = game(BOMB, [4, 3])
    g.move("boom", (12, 5))
    g.act("boom", Detonate())
    assert kinds(g, "exploded")[0]["victims"] == ["e1"] and not g.unit("boom").alive


def test_r_sn_21_a_diemon_vanishes_with_its_summoner_and_the_battle_ends() -> None:
    units = [
        caster("p", "red", (7, 5), {"amulet": "d4"}, SUMMON),
        sb.unit("r", "blue", (12, 5), weapons=[sb.RIFLE]),
    ]
    g = game(units, [4, 5])
    g.act("p", Cast("Summon", at=(8, 5), plan=("amulet:creature",)))
    assert g.survivors() == {"red": 1, "blue": 1}  # the 4pion keeps no side alive
    g.end_turn()
    g.act("r", Attack("rifle", "p"))
    assert not g.unit("4pion-1").alive
    assert g.over and g.winner == "blue"


def test_r_sn_20_a_4pion_augmented_with_an_armor_d6_rolls_1d6_armor() -> None:
    summon = effect("Summon", "cell", "creature", "armor+", "damage+", form="creature")
    units = [
        caster("p", "red", (7, 5), {"amulet": "d4", "hat": "d6", "rod": "d8"}, summon),
        sb.unit("e", "blue", (19, 19)),
    ]
    g = game(units, [5])
    g.act("p", Cast("Summon", at=(8, 5), plan=("amulet:creature", "hat:armor+", "rod:damage+")))
    pion = g.unit("4pion-1")
    assert pion.armor == "0+1d6"  # the Armor die joins and rolls at each use (R-SN-36)
    assert pion.weapons[0].damage == "1d4+1d8"
    asked = [e for e in kinds(g, "decided") if e["question"] == "sn_next_die"]
    assert not any(o.endswith(("armor+", "damage+")) for o in asked[0]["options"])  # the Diemon first


def test_r_sn_5_a_10amyte_under_attack_blows_up_first() -> None:
    units = [*BOMB[:2], sb.unit("e1", "blue", (11, 6), weapons=[sb.SWORD])]
    g = game(units, [4, 7], Answers(sn_detonate="yes"))  # boom's Move roll, then the blast
    g.end_turn()
    g.act("e1", Attack("shortsword", "boom"))
    assert kinds(g, "attack_wasted")[0]["reason"].endswith("(R-SN-5)")
    assert kinds(g, "exploded")[0]["victims"] == ["e1"] and not g.unit("e1").alive


def test_an_exported_position_keeps_casters_and_bound_diemons_without_effects_under_way() -> None:
    from brikwars_gui.engine.export import scenario_from_state

    ward = effect("Ward", "self", "armor+")
    units = [
        caster("p", "red", (7, 5), {"amulet": "d4", "hat": "d6"}, SUMMON, ward),
        sb.unit("e", "blue", (19, 19)),
    ]
    scenario = sb.scenario(units)
    g = Game.from_scenario(scenario, script=[])
    g.act("p", Cast("Summon", at=(8, 5), plan=("amulet:creature",)))
    g.act("p", Cast("Ward", plan=("hat:armor+",)))
    assert g.unit("p").armor == "4+1d6"
    out = scenario_from_state(g.state, scenario)
    p = next(u for u in out.units if u.id == "p")
    assert p.armor == "4" and [t.id for t in p.supernatural.talismans] == ["amulet", "hat"]
    pion = next(u for u in out.units if u.id == "4pion-1")
    assert (pion.supernatural.diemon, pion.supernatural.bound_to) == ("4pion", "p:amulet")
    again = Game.from_scenario(out, script=[2, 3])  # its Burning Roll and Move: the 4pion is bound again
    assert again.state.sn.diemons == {"4pion-1": "fx1"} and again.state.sn.talismans["hat"].status == "ready"
