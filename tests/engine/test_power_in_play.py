"""A Creation's Power spent and enforced in play (G-7, R-HAZ-5, R-HAZ-11, R-HAZ-21/22, R-FIRE-7,
EX-5) through `Game` orders with scripted dice, and weapons described in the scenario file."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.hazards.power import power_left
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState, WeaponState


def events(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


def beam(cost: int, name: str = "beam") -> WeaponState:
    return WeaponState(name, "ranged", 2, 10, "1d6", power_cost=cost)


def golem_state(power: int = 8, *weapons: WeaponState) -> GameState:
    """EX-5's 4" golem (Power 8 weapon inches) and a minifig 4" away."""
    state = hs.blank_state(14, 14)
    hs.add_unit(
        state,
        "golem",
        "red",
        (4, 4),
        size=4,
        weight=3,
        armor="10",
        power=power,
        living=False,
        weapons=list(weapons),
    )
    hs.add_unit(state, "z", "blue", (10, 4))
    return state


def test_r_fire_7_ex_5_a_golem_burning_with_3_inches_has_5_of_its_8_weapon_inches() -> None:
    g = Game(golem_state(8, beam(6), beam(5, "small beam")), ScriptedDice([3, 1]))
    hs.add_fire(g.state, "f", "golem", [(4, 4)], 3)  # on fire now (R-FIRE-4)
    offered = {o.weapon for o in g.legal_actions("golem") if o.kind == "attack"}
    assert offered == {"small beam"}  # the 6" beam is over the Overheated limit
    with pytest.raises(IllegalOrder, match=r'draws 6" of Power; golem has 5" of 8" left \(Fire −3"'):
        g.act("golem", Attack("beam", "z"))
    g.act("golem", Attack("small beam", "z"))
    assert events(g, "attacked")[0].weapon == "small beam"
    assert power_left(g.state, g.unit("golem")) == 0


def test_r_haz_11_exposure_dice_taken_overload_the_power_for_weapons() -> None:
    state = golem_state(4, beam(4))
    hs.add_field(state, "sparks", "exposure", [(5, 4)], dice="1d6")
    g = Game(state, ScriptedDice([2]))  # 1d6 Exposure: 2 + Target Size vs Armor 4
    g.move("golem", (5, 4))
    assert events(g, "hazard_exposure")
    with pytest.raises(IllegalOrder, match=r'draws 4" of Power; golem has 3" of 4" left \(Overload −1"'):
        g.act("golem", Attack("beam", "z"))


def test_r_haz_5_a_powered_field_fires_only_the_dice_its_creation_can_pay_for() -> None:
    state = golem_state(1)
    hs.add_field(
        state, "zapper", "exposure", hs.rect(6, 6, 2, 2), dice="2d6", powered=True, powered_by="golem"
    )
    hs.add_unit(state, "y", "red", (12, 12))
    state.turn_order = ["blue", "red"]
    hs.add_unit(state, "w", "blue", (9, 7))
    g = Game(state, ScriptedDice([3]))  # one die only: the golem has 1" of Power
    g.move("z", [(10, 4), (9, 5), (8, 6), (7, 6)])
    first = events(g, "hazard_exposure")[0]
    assert first.target == "z" and first.explain == "d6: 3 = 3" and first.damage == 3  # one d6 of 2d6
    g.move("w", [(9, 7), (8, 7), (7, 7)])
    skipped = [e for e in events(g, "hazard_skipped") if e.target == "w"]
    assert skipped and "golem has no Power left" in skipped[0].reason


def test_r_haz_21_each_shield_die_used_costs_its_creation_an_inch_of_power() -> None:
    state = golem_state(1)
    hs.add_field(state, "shield", "shield", hs.rect(3, 3, 3, 3), dice="2d6")
    gun = WeaponState("gun", "ranged", 2, 10, "2d6")
    hs.add_unit(state, "x", "blue", (10, 6), weapons=[gun])
    state.turn_order = ["blue", "red"]
    g = Game(state, ScriptedDice([4, 2]))  # hit; one d6 left after the shield: 2 vs Armor 4
    g.act("x", Attack("gun", "golem"))
    attack = events(g, "attacked")[0]
    assert "Energy Shield leaves 1d6" in attack.text  # the second Shield die found no Power
    assert [e.sides for e in events(g, "shield_deflected")] == [(6,)]
    assert any("no Power left for Shield dice" in e.reason for e in events(g, "hazard_skipped"))


def test_r_haz_22_a_weapon_with_damage_in_action_dice_is_blocked_by_shield_d6s() -> None:
    units = [
        sb.unit(
            "hero",
            "red",
            (4, 4),
            skill="d8",
            weapons=[
                {"name": "fist", "kind": "close", "use": 2, "damage": "1d8", "damage_in_action_dice": True}
            ],
        ),
        sb.unit("z", "blue", (5, 4)),
    ]
    shield = {"id": "dome", "kind": "shield", "cells": [[5, 4]], "dice": "1d6"}
    scenario = sb.scenario(units)
    data = scenario.model_dump(mode="json")
    data["hazards"] = [shield]
    g = Game.from_scenario(type(scenario).model_validate(data), script=[5])  # hit; the d8 is blocked
    g.act("hero", Attack("fist", "z"))
    attack = events(g, "attacked")[0]
    assert attack.hit and "Energy Shield leaves no Damage dice" in attack.text
    assert events(g, "shield_deflected")[0].sides == (8,)
