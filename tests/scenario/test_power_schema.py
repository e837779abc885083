"""Power in the scenario file (R-HAZ-5, R-HAZ-22, G-7): weapon Power costs, weapons whose Damage is
in Action dice, fields powered by a Creation; bad values name the file and field path, and a
round trip keeps them."""

from __future__ import annotations

import json

import pytest

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.scenario.io import ScenarioError, dump_scenario, parse_scenario


def scenario_data(**weapon: object) -> dict:
    mech = sb.unit(
        "mech",
        "red",
        (2, 2),
        skill="d8",
        power=6,
        weapons=[{"name": "cannon", "use": 3, "range": 10, "damage": "2d8"}],
    )
    data = sb.scenario([mech, sb.unit("z", "blue", (8, 8))]).model_dump(mode="json")
    data["units"][0]["weapons"][0].update(weapon)
    data["hazards"] = [
        {"id": "zap", "kind": "exposure", "cells": [[5, 5]], "dice": "1d6", "powered_by": "mech"}
    ]
    return data


def test_r_haz_22_g_7_power_fields_round_trip() -> None:
    scenario = parse_scenario(json.dumps(scenario_data(power_cost=4, damage_in_action_dice=True)), "m.json")
    weapon = scenario.units[0].weapons[0]
    assert weapon.power_cost == 4 and weapon.damage_in_action_dice
    assert scenario.hazards[0].powered_by == "mech"
    assert parse_scenario(dump_scenario(scenario), "again.json") == scenario


def test_r_haz_22_action_dice_must_be_the_wielders_action_die() -> None:
    data = scenario_data(damage="2d6", damage_in_action_dice=True)
    with pytest.raises(
        ScenarioError, match=r"m\.json: units\[0\].*weapons\[0\]\.damage: 2d6 is not in the unit's d8"
    ):
        parse_scenario(json.dumps(data), "m.json")


def test_r_haz_5_powered_by_must_name_a_unit() -> None:
    data = scenario_data()
    data["hazards"][0]["powered_by"] = "ghost"
    with pytest.raises(ScenarioError, match=r"m\.json: hazards\[0\]\.powered_by: 'ghost' is not a unit id"):
        parse_scenario(json.dumps(data), "m.json")
