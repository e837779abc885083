"""R-TRAP-1: a Trap's aim (an area or a direction set in the scenario) through `Game` orders with
scripted dice — the operator of the trigger is hit only when he stands in the aim."""

from __future__ import annotations

import json

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.hazard_actions import Operate
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.scenario import Scenario
from brikwars_gui.scenario.io import ScenarioError, parse_scenario


def _darts() -> WeaponState:
    return WeaponState("darts", "ranged", 2, 8, "1d6")


def _corridor(*, wall: bool = False, **aim) -> Game:
    """A guard (blue) beside a lever at (5, 2); a dart trap in the wall at (2, 5) covering the
    corridor eastwards; a red intruder in the corridor at (6, 5). Blue moves first."""
    state = hs.blank_state(12, 10, players=("blue", "red"))
    if wall:
        hs.add_object(state, "wall", [(4, 5)], size=4, weight=40)
    hs.add_object(state, "lever", [(5, 2)], size=1, weight=1, block=False, kind="lever", name="Lever")
    hs.add_trap(state, "darts", "lever", weapon=_darts(), at=(2, 5), owner="blue", **aim)
    hs.add_unit(state, "guard", "blue", (5, 3))
    hs.add_unit(state, "thief", "red", (6, 5))
    return Game(state, ScriptedDice([3, 5]))  # Trap d4 3 ≥ Use 2; 1d6 5 > Armor 4


def test_r_trap_1_a_dart_trap_aimed_down_the_corridor_hits_the_intruder_not_the_guard():
    g = _corridor(direction=(1, 0))
    g.act("guard", Operate("lever"))
    (fired,) = [e for e in g.events if e.kind == "trap_fired"]
    assert fired.target == "thief" and tuple(fired.at) == (6, 5) and fired.hit
    assert not g.unit("thief").alive and g.unit("guard").alive


def test_r_trap_1_an_area_trap_hits_the_operator_only_when_he_stands_in_it():
    g = _corridor(area=((5, 3), (6, 5)))  # the murder hole covers the lever's cell too
    g.act("guard", Operate("lever"))
    (fired,) = [e for e in g.events if e.kind == "trap_fired"]
    assert fired.target == "guard"  # nearest the weapon at (2, 5) of the two in the area


def test_r_trap_1_an_aimed_trap_with_nobody_in_its_aim_fires_into_it_and_is_spent():
    g = _corridor(direction=(0, 1))  # southwards, away from everyone
    g.act("guard", Operate("lever"))
    (fired,) = [e for e in g.events if e.kind == "trap_fired"]
    assert fired.target is None and not fired.hit and tuple(fired.at) == (2, 6)
    assert g.unit("guard").alive and not g.state.traps["darts"].armed


def test_r_trap_1_a_wall_stops_the_line_of_a_direction_trap():
    g = _corridor(wall=True, direction=(1, 0))
    g.act("guard", Operate("lever"))
    (fired,) = [e for e in g.events if e.kind == "trap_fired"]
    assert fired.target is None and g.unit("thief").alive


def _scenario_data(**trap) -> dict:
    return {
        "format_version": 2,
        "name": "t",
        "battlefield": {"width": 10, "height": 10},
        "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
        "objects": [
            {"id": "lever", "name": "Lever", "kind": "lever", "cells": [[5, 2]], "size": 1, "weight": 1}
        ],
        "traps": [
            {"id": "t", "trigger": "lever", "weapon": {"name": "darts", "kind": "ranged", "use": 2,
             "range": 8, "damage": "1d6"}, **trap}
        ],
    }


def test_r_trap_1_scenario_aim_fields_validate_and_reach_the_game_state():
    from brikwars_gui.engine.state import GameState

    s = Scenario.model_validate(_scenario_data(at=[2, 5], direction="E"))
    trap = GameState.from_scenario(s).traps["t"]
    assert trap.direction == (1, 0) and trap.area == ()
    s = Scenario.model_validate(_scenario_data(area=[[3, 3], [4, 4]]))
    assert GameState.from_scenario(s).traps["t"].area == ((3, 3), (4, 4))


@pytest.mark.parametrize(
    ("trap", "needle"),
    [
        ({"direction": "E"}, "needs `at`"),
        ({"at": [2, 5], "direction": "E", "area": [[3, 3]]}, "not both"),
        ({"area": [[30, 3]]}, "traps[0].area[0]"),
    ],
)
def test_r_trap_1_bad_aims_are_refused_with_the_field_named(trap, needle):
    with pytest.raises(ScenarioError) as info:
        parse_scenario(json.dumps(_scenario_data(**trap)), "vault.json")
    assert any(line.startswith("vault.json: traps") and needle in line for line in info.value.messages)


def test_r_trap_1_the_ai_guard_pulls_the_lever_of_a_trap_aimed_at_the_intruder():
    from brikwars_gui.engine.tactics import TacticalAI, preset

    g = _corridor(direction=(1, 0))
    decision = TacticalAI(preset("normal")).play_unit(g, "guard")
    assert decision is not None and decision.kind == "operate" and "at thief" in decision.text
    assert not g.unit("thief").alive and g.unit("guard").alive


def _guarded_corridor(answer: str | None = None):
    """The guard (blue) holds his Action beside the lever, facing the corridor; the dart trap at
    (2, 5) covers it eastwards. Blue ends its turn first; the thief (red) then walks into it."""
    from scripted_answers import Answers

    state = hs.blank_state(12, 10, players=("blue", "red"))
    hs.add_object(state, "lever", [(5, 2)], size=1, weight=1, block=False, kind="lever", name="Lever")
    hs.add_trap(state, "darts", "lever", weapon=_darts(), at=(2, 5), owner="blue", direction=(1, 0))
    hs.add_unit(state, "guard", "blue", (6, 3), facing="S")
    hs.add_unit(state, "thief", "red", (7, 8), facing="N")
    policy = Answers(**({"operate_response": answer} if answer else {}))
    return Game(state, ScriptedDice([3, 5]), policy=policy), policy


def test_r_resp_2_a_saved_action_pulls_the_lever_when_an_enemy_steps_into_the_traps_aim():
    g, policy = _guarded_corridor()
    g.end_turn()  # the guard keeps his Action (R-RESP-1)
    g.move("thief", (7, 3))  # up the corridor: (7, 5) is in the darts' line
    request = policy.first("operate_response")
    assert request.unit == "guard" and request.options == ("operate:lever", "decline")
    assert request.default == "operate:lever"
    fired = [e for e in g.events if e.kind == "trap_fired"]
    assert [(e.trap, e.target, tuple(e.at)) for e in fired] == [("darts", "thief", (7, 5))]
    assert not g.unit("thief").alive and not g.unit("guard").saved_action


def test_r_resp_2_the_player_may_decline_and_the_guard_keeps_his_action():
    g, _policy = _guarded_corridor("decline")
    g.end_turn()
    g.move("thief", (7, 3))
    assert not [e for e in g.events if e.kind == "trap_fired"]
    assert g.unit("thief").pos == (7, 3) and g.unit("guard").saved_action
