"""SN Minds through `Game` orders (R-SN-40, EX-12): each Mind gives one more Action a turn, rolled
with the Mind's die; a weapon still fires at most once a turn."""

from __future__ import annotations

import pytest
from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, Hold
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.session import Game

POSSESS = effect("Possess Engine", "ally", "mind")
CANNON = {
    "name": "cannon",
    "kind": "ranged",
    "use": 4,
    "range": 20,
    "damage": "1d10",
    "damage_type": "explosive",
}
MISSILES = {"name": "missiles", "kind": "ranged", "use": 3, "range": 15, "damage": "2d6"}
GUN = {"name": "gun", "kind": "ranged", "use": 3, "range": 15, "damage": "1d6"}


def death_tank(script: list[int] | None, *weapons: dict, seed: int | None = None) -> Game:
    units = [
        caster("wl", "red", (5, 5), {"orb": "d6", "rune": "d8"}, POSSESS),
        sb.unit("dt", "red", (6, 5), size=4, living=False, weapons=[CANNON, MISSILES, *weapons]),
        sb.unit("e1", "blue", (15, 5)),
        sb.unit("e2", "blue", (15, 12)),
        sb.unit("e3", "blue", (12, 12)),
    ]
    if seed is not None:
        return Game.from_scenario(sb.scenario(units), seed=seed)
    return Game.from_scenario(sb.scenario(units), script=script)


def test_ex_12_r_sn_40_a_death_tank_with_three_minds_fires_each_weapon_once() -> None:
    g = death_tank([5, 3, 4, 3, 2])
    g.act("wl", Cast("Possess Engine", "dt", plan=("orb:mind", "rune:mind")))  # willing touch: free
    dt = g.unit("dt")
    assert dt.minds == (6, 8) and not g.unit("wl").action_used
    g.act("dt", Attack("cannon", "e1"))  # hit 5; a 3-point blast: 3 < 4, knocked over
    assert g.unit("e1").alive and g.unit("e1").disrupted
    assert not dt.action_used and dt.skill == 6  # the first Mind's d6 is its Action die now
    with pytest.raises(IllegalOrder, match="fires once a turn"):
        g.act("dt", Attack("cannon", "e2"))  # extra Minds add no capacity
    assert "cannon" not in {o.weapon for o in g.legal_actions("dt") if o.kind == "attack"}
    g.act("dt", Attack("missiles", "e2"))  # the Mind's d6 rolls 4: a hit; 3 + 2 = 5 > 4
    attack = kinds(g, "attacked")[1]
    assert [d["sides"] for d in attack["roll"]["dice"]] == [6] and not g.unit("e2").alive
    assert dt.skill == 8 and not dt.action_used  # the third Mind, the rune's d8
    g.act("dt", Hold())  # the third Mind holds its Action for a Response (R-RESP-1)
    assert dt.done and not dt.action_used
    assert [e["sides"] for e in kinds(g, "sn_mind")] == [6, 8]


def test_r_sn_40_the_third_action_rolls_the_minds_d8_and_its_own_die_comes_back_next_turn() -> None:
    g = death_tank([5, 3, 4, 3, 2, 7, 5, 2], GUN)  # the 7 earns Overskill: a Damage Bonus Die 2
    g.act("wl", Cast("Possess Engine", "dt", plan=("orb:mind", "rune:mind")))
    g.act("dt", Attack("cannon", "e1"))
    g.act("dt", Attack("missiles", "e2"))
    g.act("dt", Attack("gun", "e3"))  # a 7 only a d8 can roll: the rune's Mind acts
    third = kinds(g, "attacked")[2]
    assert [d["sides"] for d in third["roll"]["dice"]] == [8] and third["hit"]
    assert g.unit("dt").action_used  # three Minds (its own and two SN), three Actions
    g.end_turn()
    g.end_turn()  # red's next turn: the Effect ended with its dice' return; its own d6 again
    dt = g.unit("dt")
    assert dt.minds == () and dt.skill == 6 and dt.minds_used == 0


def test_r_sn_40_a_mind_is_refused_on_an_enemy() -> None:
    units = [
        caster("wl", "red", (5, 5), {"orb": "d6"}, effect("Possess", "unit", "range", "mind")),
        sb.unit("e", "blue", (8, 5)),
    ]
    g = Game.from_scenario(sb.scenario(units), script=[])
    with pytest.raises(IllegalOrder, match="Mind Control"):
        g.act("wl", Cast("Possess", "e", plan=("orb:mind",)))


def test_r_sn_40_the_computer_acts_once_for_each_mind() -> None:
    from brikwars_gui.engine.tactics import TacticalAI, preset

    g = death_tank(None, GUN, seed=4)
    g.act("wl", Cast("Possess Engine", "dt", plan=("orb:mind", "rune:mind")))
    TacticalAI(preset("normal")).play_unit(g, "dt")
    shots = [a["weapon"] for a in kinds(g, "attacked") if a["attacker"] == "dt"]
    assert len(shots) == 3 and len(set(shots)) == 3  # three Actions, each weapon once


def test_r_sn_40_a_cancelled_mind_takes_its_action_and_die_with_it() -> None:
    from brikwars_gui.engine.rules.sn_actions import CancelEffect

    g = death_tank([5, 3])
    g.act("wl", Cast("Possess Engine", "dt", plan=("rune:mind",)))
    g.act("dt", Attack("cannon", "e1"))  # its own d6; the rune's Mind gives the Action back
    assert g.unit("dt").skill == 8 and not g.unit("dt").action_used
    effect = kinds(g, "effect_cast")[0]["effect"]
    g.act("wl", CancelEffect(effect))  # R-SN-13: the Mind is gone, and the Action it gave back
    assert g.unit("dt").skill == 6 and g.unit("dt").action_used and g.unit("dt").minds == ()
