"""The rules-engine faults the issue-26 fuzzer found, each driven through `Game` orders with
scripted dice: a D6 complication for a miss by more than 99 (R-D6-4), two living units on one
cell after a Response stops a mover passing a friend (R-MOVE-5, R-RESP-1), and Slow inches that
took more Move than the unit had (R-HAZ-12)."""

from __future__ import annotations

from typing import Any

import pytest
from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState
from brikwars_gui.scenario.models import Scenario


def _scenario(units: list[dict[str, Any]], ruleset: str, **extra: Any) -> Scenario:
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = ruleset
    data.update(extra)
    return Scenario.model_validate(data)


def test_r_d6_4_a_miss_by_more_than_99_is_a_fall_not_an_exception() -> None:
    # 1D-100 rolls just the Wild Die: 1 → total −99 against difficulty 8, 107 short; the graver
    # complication row takes every lower total (it raised StopIteration and the attack was refused)
    units = [
        sb.unit("a", "red", (2, 2), weapons=[sb.SWORD], d6={"melee": "1D-100", "character_points": 0}),
        sb.unit("z", "blue", (3, 2)),
    ]
    g = Game.from_scenario(_scenario(units, "d6"), script=[1])
    g.act("a", Attack("shortsword", "z"))
    attacked = next(e for e in g.events if e.kind == "attacked")
    assert not attacked.hit and attacked.roll["total"] == -99
    assert attacked.roll["complication_effect"] == "fall"
    assert g.state.units["a"].disrupted  # R-MOVE-16 via R-D6-4


def test_r_resp_1_a_mover_stunned_on_a_friends_cell_steps_back_off_it_d6() -> None:
    """The mover passes through its friend at (3, 4); stepping there brings it just into the
    rifleman's Angry Inch zone, who steps and shoots (R-RESP-2): Ranged 3D 4, 4, Wild 3 = 11 vs
    10 hits, Damage 2D+2 = 2, Wild 2 +2 = 6 beats Strength 2D = 1, Wild 2 = 3 by 3: stunned
    (Disrupted). It may not stay on its friend's cell: it is put back on (3, 3)."""
    units = [
        sb.unit("m", "red", (3, 3), facing="S", d6={"character_points": 0, "fate_points": 0}),
        sb.unit("f", "red", (3, 4)),
        sb.unit("e", "blue", (3, 15), facing="N", weapons=[sb.RIFLE]),
    ]
    state = GameState.from_scenario(_scenario(units, "d6"))
    state.units["e"].saved_action = True
    g = Game(state, ScriptedDice([4, 4, 3, 2, 2, 1, 2]), policy=Answers())
    g.move("m", [(3, 4), (3, 5), (4, 5)])
    mover = g.state.units["m"]
    assert mover.disrupted and mover.alive
    assert mover.pos == (3, 3) and g.state.units["f"].pos == (3, 4)
    last = [e for e in g.events if e.kind == "unit_moved" and e.unit == "m"][-1]
    assert last.path == [(3, 4), (3, 3)] and last.cost == 0  # the step back is in the log


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_r_haz_12_slow_inches_on_the_last_affordable_cell_never_overspend_move(ruleset: str) -> None:
    # walking east takes the whole Move to reach the mud; the mud then takes its Hazard inches
    # from a Move already spent (Move spent was 5 + 4 = 9 of 5 under BrikWars)
    units = [sb.unit("s", "red", (0, 5), facing="E", move=5), sb.unit("z", "blue", (19, 19))]
    move = GameState.from_scenario(_scenario(units, ruleset)).units["s"].move  # Nine Powers: 4
    mud = {"id": "mud", "name": "Deep mud", "kind": "slow", "dice": "1d6", "rects": [[move, 0, 3, 20]]}
    g = Game.from_scenario(_scenario(units, ruleset, hazards=[mud]), script=[4] * 20)
    assert g.legal_moves("s")[(move, 5)] == move
    g.move("s", (move, 5))
    sapper = g.state.units["s"]
    assert any(e.kind == "hazard_move" and e.effect == "slow" for e in g.events)
    assert sapper.pos == (move, 5)
    assert sapper.move_spent <= sapper.move + sapper.bonus_move


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_r_haz_12_a_slow_roll_above_the_move_of_a_unit_starting_in_the_field_spends_only_its_move(
    ruleset: str,
) -> None:
    # the unit starts inside the mud: caught before its first step (R-HAZ-12); a roll of 6 on
    # 1d6 (exploding: 6 + 1 = 7) above its whole Move keeps it in place with its Move spent,
    # not more (it was 7 of 5)
    units = [sb.unit("s", "red", (2, 5), facing="E", move=5), sb.unit("z", "blue", (19, 19))]
    mud = {"id": "mud", "name": "Deep mud", "kind": "slow", "dice": "1d6", "rects": [[0, 0, 6, 20]]}
    g = Game.from_scenario(_scenario(units, ruleset, hazards=[mud]), script=[6, 1] + [3] * 20)
    g.move("s", (3, 5))
    sapper = g.state.units["s"]
    assert any(e.kind == "hazard_move" and e.effect == "slow" for e in g.events)
    assert sapper.pos == (2, 5)
    assert sapper.move_spent == sapper.move + sapper.bonus_move
