"""Flight through `Game` orders (R-SN-30, EX-14): Flight dice add half their inches (a d8 its full
inches) and subtract their full inches; a flyer crosses water and elevation steps a walker cannot."""

from __future__ import annotations

import pytest
from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.move_search import legal_moves
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.session import Game

WINGS = effect("Wings", "ally", "flight+")
EAGLE = effect("Eagle Wings", "ally", "flight+")
GROUND = effect("Ground It", "hostile", "range", "flight-")


def test_ex_14_r_sn_30_flight_dice_add_half_a_d8_full_and_subtract_full() -> None:
    dice = {"hat": "d6", "feather": "d8", "stone": "d6", "glass": "d4"}
    units = [
        caster("s", "red", (5, 5), dice, WINGS, EAGLE, GROUND),
        sb.unit("k", "red", (6, 5)),
        caster("b", "blue", (9, 6), {"w1": "d8", "w2": "d8"}, EAGLE),
        sb.unit("v", "blue", (8, 5)),
    ]
    g = Game.from_scenario(sb.scenario(units), script=[4, 4, 4, 4, 3, 4])
    g.act("s", Cast("Wings", "k", plan=("hat:flight+",)))  # d6 4: +2" (half)
    assert g.unit("k").flight == 2 and not g.unit("s").action_used  # a willing ally by touch: free
    g.act("s", Cast("Eagle Wings", "k", plan=("feather:flight+",)))  # d8 4: +4" (full)
    assert g.unit("k").flight == 6
    g.end_turn()
    g.act("b", Cast("Eagle Wings", "v", plan=("w1:flight+", "w2:flight+")))  # 4 + 4: a flyer of 8"
    assert g.unit("v").flight == 8
    g.end_turn()
    g.act("s", Cast("Ground It", "v", plan=("glass:range", "stone:flight-")))  # 3 ≥ 3"; d6 4: −4"
    assert g.unit("v").flight == 4 and g.unit("s").action_used  # hostile and distant: the Action
    assert [m["change"] for m in kinds(g, "stat_modified") if m["stat"] == "flight"][-1] == "-4"


def _river_game(script: list[int]) -> Game:
    terrain = [{"kind": "water", "rects": [[10, 0, 2, 20]]}]
    units = [
        caster("s", "red", (7, 5), {"feather": "d8"}, EAGLE),
        sb.unit("k", "red", (8, 5), can_swim=False),
        sb.unit("z", "blue", (18, 18)),
    ]
    return Game.from_scenario(sb.scenario(units, terrain=terrain), script=script)


def test_r_sn_30_a_flyer_crosses_the_river_a_walker_cannot() -> None:
    g = _river_game([6])
    with pytest.raises(IllegalOrder, match=r"cannot swim|cannot reach"):
        g.move("k", (13, 5))  # a non-swimmer on foot
    g.act("s", Cast("Eagle Wings", "k", plan=("feather:flight+",)))  # d8 6: Flight 6"
    assert (13, 5) in legal_moves(g.state, g.unit("k"))
    g.move("k", [(9, 5), (10, 5), (11, 5), (12, 5), (13, 5)])  # over the water
    assert g.unit("k").pos == (13, 5) and g.unit("k").move_left == 0  # 5" flown count against Move


def test_r_sn_30_a_flyer_rises_over_a_cliff_and_passes_a_ground_field_unharmed() -> None:
    terrain = [{"kind": "elevated", "rects": [[10, 0, 1, 20]], "elevation": 9}]
    units = [
        caster("s", "red", (7, 5), {"feather": "d8"}, EAGLE),
        sb.unit("k", "red", (8, 5)),
        sb.unit("w", "red", (8, 7)),
        sb.unit("z", "blue", (18, 18)),
    ]
    scenario = sb.scenario(units, terrain=terrain)
    data = scenario.model_dump(mode="json")
    acid = {"id": "acid", "kind": "exposure", "cells": [[9, 5], [9, 6]], "dice": "1d6"}
    data["hazards"] = [acid]
    g = Game.from_scenario(type(scenario).model_validate(data), script=[6, 2])
    with pytest.raises(IllegalOrder, match="climbs"):
        g.move("k", [(9, 5), (10, 5)])  # 9 bricks up in one step: no walker climbs that (GRID-9)
    g.act("s", Cast("Eagle Wings", "k", plan=("feather:flight+",)))  # d8 6: Flight 6"
    g.move("k", [(9, 5), (10, 5), (11, 5)])
    assert g.unit("k").pos == (11, 5) and not kinds(g, "hazard_exposure")  # flown over the field
    g.move("w", [(9, 6)])  # on foot the field strikes: its 1d6 rolls 2
    assert [e["target"] for e in kinds(g, "hazard_exposure")] == ["w"]
