"""Traps in scenario files (R-TRAP-1..5): the optional `traps` list and its runtime state."""

import pytest

from brikwars_gui.engine.state import GameState
from brikwars_gui.scenario.io import ScenarioError, dump_scenario, parse_scenario

BASE = """{
  "format_version": 1, "name": "trap test", "battlefield": {"width": 10, "height": 10},
  "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
  "objects": [{"id": "door", "name": "Door", "size": 1, "weight": 1, "cells": [[5, 5]]}],
  "hazards": [{"id": "plates", "kind": "concealed", "dice": "1d6", "rects": [[1, 1, 3, 3]]}],
  "traps": TRAPS
}"""

XBOW = '{"name": "crossbow", "use": 3, "range": 8, "damage": "1d6"}'


def test_r_trap_1_traps_load_into_the_game_state() -> None:
    traps = f'[{{"id": "t1", "trigger": "door", "weapon": {XBOW}, "at": [5, 8], "hidden": true}},'
    traps += f' {{"id": "t2", "trigger": "plates", "weapon": {XBOW}, "smart": true, "action": "d6"}}]'
    scenario = parse_scenario(BASE.replace("TRAPS", traps))
    assert '"traps"' in dump_scenario(scenario)
    state = GameState.from_scenario(scenario)
    t1, t2 = state.traps["t1"], state.traps["t2"]
    assert (t1.trigger, t1.at, t1.action, t1.hidden, t1.armed) == ("door", (5, 8), 4, True, True)
    assert (t2.trigger, t2.at, t2.action, t2.smart) == ("plates", None, 6, True)


def test_r_trap_2_a_trap_needs_a_known_trigger() -> None:
    traps = f'[{{"id": "t1", "trigger": "nowhere", "weapon": {XBOW}}}]'
    with pytest.raises(ScenarioError) as err:
        parse_scenario(BASE.replace("TRAPS", traps))
    assert any("traps[0].trigger" in m for m in err.value.messages)


def test_scenarios_without_traps_still_load() -> None:
    scenario = parse_scenario(BASE.replace(',\n  "traps": TRAPS', ""))
    assert scenario.traps == [] and '"traps"' not in dump_scenario(scenario)
