"""R-MOVE rules with scripted dice (ScriptedDice): each test names its rule ID."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, FullRound, Sprint
from brikwars_gui.engine.rules.common import RuleOptions
from brikwars_gui.engine.rules.hazard_actions import Operate
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState


def game(units, faces=(), **kw) -> Game:
    terrain = kw.pop("terrain", None)
    objects = kw.pop("objects", None)
    options = kw.pop("options", None)
    scen = sb.scenario(units, terrain=terrain, objects=objects, **kw)
    return Game(GameState.from_scenario(scen), ScriptedDice(faces), options=options)


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


def test_r_move_2_move_allowance_is_five_inches():
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (19, 19))])
    moves = g.legal_moves("a")
    assert max(moves.values()) <= 5
    assert (10, 5) in moves and moves[(10, 5)] == 5
    assert (11, 5) not in moves
    g.move("a", (10, 5))
    assert g.unit("a").pos == (10, 5) and g.unit("a").move_left == 0
    with pytest.raises(IllegalOrder):
        g.move("a", (11, 5))


def test_r_move_3_no_passing_through_obstacles_and_illegal_orders_change_nothing():
    wall = [{"kind": "obstacle", "rects": [[7, 0, 1, 20]]}]
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (19, 19))], terrain=wall)
    before = g.state.snapshot()
    n = len(g.events)
    with pytest.raises(IllegalOrder, match="obstacle"):
        g.move("a", [(5, 5), (6, 5), (7, 5), (8, 5)])
    assert g.state.snapshot() == before and len(g.events) == n
    assert all(cell[0] < 7 for cell in g.legal_moves("a"))


def test_r_move_7_8_ex_4_half_speed_mix():
    """EX-4: crawl 1" (2) + walk 1" (1) + drag a corpse 1" (2) = 5" of Move for 3" travelled."""
    mud = [{"kind": "mud", "cells": [[6, 5]]}]
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (19, 19))], terrain=mud)
    g.move("a", (6, 5))  # crawling: Half Speed inch
    assert g.unit("a").move_spent == 2
    g.move("a", (7, 5))  # walking
    assert g.unit("a").move_spent == 3
    g.unit("a").carrying_heavy = True  # picks up the corpse: a Move Action at no cost (R-MOVE-14)
    g.move("a", (8, 5))
    a = g.unit("a")
    assert a.move_spent == 5 and a.move_left == 0 and a.pos == (8, 5)
    assert [e.cost for e in g.events if e.kind == "unit_moved"] == [2, 1, 2]


def test_r_move_10_swimming_in_armor_stops_and_g_17_drowning():
    water = [{"kind": "water", "rects": [[7, 0, 5, 20]]}]
    units = [sb.unit("a", "red", (5, 5), body_armor=True), sb.unit("z", "blue", (19, 19))]
    g = game(units, faces=[2], terrain=water)
    with pytest.raises(IllegalOrder, match="R-MOVE-10"):
        g.move("a", [(6, 5), (7, 5), (8, 5)])
    assert (8, 5) not in g.legal_moves("a") and (7, 5) in g.legal_moves("a")
    g.move("a", (7, 5))
    a = g.unit("a")
    assert a.stopped and a.move_left == 0
    with pytest.raises(IllegalOrder, match="Stopped"):
        g.move("a", (7, 6))
    g.end_turn()  # G-17: Skill vs 3 → scripted 2 → drowns
    assert not g.unit("a").alive
    assert "drowning_check" in kinds(g)


def test_r_move_10_shedding_the_burden_saves_the_swimmer():
    water = [{"kind": "water", "rects": [[7, 0, 5, 20]]}]
    units = [sb.unit("a", "red", (5, 5), body_armor=True), sb.unit("z", "blue", (19, 19))]
    g = game(units, terrain=water)
    g.move("a", (7, 5))
    from brikwars_gui.engine.rules.actions import Shed

    g.act("a", Shed())
    g.end_turn()
    assert g.unit("a").alive and "drowning_check" not in kinds(g)


def test_r_move_12_and_r_act_7_full_round_action_stops_movement_but_r_move_13_stopped_may_act():
    g = game([sb.unit("a", "red", (5, 5), weapons=[sb.PISTOL]), sb.unit("z", "blue", (9, 5))], faces=[5, 1])
    g.act("a", FullRound("reading the rulebook"))
    with pytest.raises(IllegalOrder, match="R-ACT-7"):
        g.move("a", (6, 5))
    with pytest.raises(IllegalOrder):
        g.act("a", Attack("pistol", "z"))
    # a Stopped unit can still act: R-MOVE-13 (Stopped to aim, R-MOVE-6; a unit Stopped in the
    # water could not: it is swimming, R-MOVE-4)
    g2 = game(
        [sb.unit("a", "red", (5, 5), heavy_armor=True, weapons=[sb.PISTOL]), sb.unit("z", "blue", (9, 5))],
        faces=[2],
    )
    g2.move("a", (6, 5))
    g2.unit("a").stopped = True
    assert g2.legal_moves("a") == {}
    g2.act("a", Attack("pistol", "z"))  # rolls 2 → miss, but the Action is allowed
    assert g2.events[-1].kind == "attacked"


def test_r_act_8_extended_action_takes_later_turns():
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (15, 15))])
    g.act("a", FullRound("digging a tunnel", turns=2))
    g.end_turn()
    g.end_turn()
    a = g.unit("a")
    assert a.full_round and a.action_used and a.stopped and a.extended_left == 0
    assert g.legal_moves("a") == {}
    g.end_turn()
    g.end_turn()
    assert not g.unit("a").full_round and g.legal_moves("a")


def test_r_move_16_disrupted_is_helpless_and_r_move_17_recovers_at_half_speed():
    g = game([sb.unit("a", "red", (5, 5), weapons=[sb.SWORD]), sb.unit("z", "blue", (15, 15))])
    from brikwars_gui.engine.rules.damage import disrupt

    disrupt(g.ctx, "a", "test")
    with pytest.raises(IllegalOrder, match="R-MOVE-16"):
        g.move("a", (6, 5))
    assert g.legal_moves("a") == {} and g.legal_actions("a") == []
    g.end_turn()  # blue
    g.end_turn()  # red again: recovers
    a = g.unit("a")
    assert not a.disrupted and a.recovering
    assert "recovered" in kinds(g)
    moves = g.legal_moves("a")
    assert max(moves.values()) <= 5 and (7, 5) in moves and (8, 5) not in moves  # 2 cells at 2" each


def test_r_move_17_heavy_armor_recovery_costs_the_whole_turn():
    g = game([sb.unit("a", "red", (5, 5), heavy_armor=True), sb.unit("z", "blue", (15, 15))])
    from brikwars_gui.engine.rules.damage import disrupt

    disrupt(g.ctx, "a", "test")
    g.end_turn()
    g.end_turn()
    a = g.unit("a")
    assert not a.disrupted and a.stopped and a.action_used
    assert g.legal_moves("a") == {}


def test_r_move_18_sprint_is_a_straight_line_and_r_move_20_uses_the_action():
    g = game([sb.unit("a", "red", (2, 2), weapons=[sb.PISTOL]), sb.unit("z", "blue", (19, 19))], faces=[4])
    g.act("a", Sprint((19, 2)))
    a = g.unit("a")
    assert a.pos == (11, 2)  # 5" Move + 4" Sprint along the row
    assert a.action_used and a.stopped
    with pytest.raises(IllegalOrder):
        g.move("a", (11, 3))
    ev = next(e for e in g.events if e.kind == "sprinted")
    assert ev.inches == 4 and not ev.forced


def test_r_move_18_no_sprint_after_moving():
    g = game([sb.unit("a", "red", (2, 2)), sb.unit("z", "blue", (19, 19))], faces=[4])
    g.move("a", (3, 2))
    with pytest.raises(IllegalOrder, match="R-MOVE-18"):
        g.act("a", Sprint((10, 2)))


def test_r_move_19_half_speed_sprint_inches_are_half_speed():
    g = game([sb.unit("a", "red", (2, 2), carrying_heavy=True), sb.unit("z", "blue", (19, 19))], faces=[5])
    g.act("a", Sprint((19, 2)))
    assert g.unit("a").pos == (7, 2)  # (5 + 5) inches of Move at 2" per cell


def test_r_move_19_no_door_opened_in_the_turn_a_unit_sprints():
    door = [{"id": "door", "name": "Door", "kind": "door", "cells": [[9, 3]], "size": 2, "weight": 2,
             "blocks_movement": False, "blocks_sight": False}]
    g = game([sb.unit("a", "red", (2, 2)), sb.unit("z", "blue", (19, 19))], faces=[3], objects=door)
    g.act("a", Sprint((19, 2)))  # d6 3: 5 + 3 = 8" → (10, 2), beside the door
    assert g.unit("a").pos == (10, 2)
    with pytest.raises(IllegalOrder, match="R-MOVE-19"):
        g.act("a", Operate("door"))


def test_r_move_21_a_7_overskill_sprint_chain_adds_and_ending_in_one_forces_full_distance():
    # skill 6 → Overskill → +1d6: 6 → bonus d6: 1 → chain ends in 1: must run 5 + 6+6+1 = 18"
    g = game([sb.unit("a", "red", (0, 2)), sb.unit("z", "blue", (19, 19))], faces=[6, 6, 1], width=40)
    g.act("a", Sprint((3, 2)))
    ev = next(e for e in g.events if e.kind == "sprinted")
    assert ev.forced and ev.inches == 13
    assert g.unit("a").pos == (18, 2)


def test_r_move_21_forced_sprint_off_the_table_kills():
    g = game([sb.unit("a", "red", (0, 2)), sb.unit("z", "blue", (9, 19))], faces=[6, 6, 1], width=10)
    g.act("a", Sprint((3, 2)))
    assert not g.unit("a").alive
    assert any(e.kind == "killed" and "off the table" in e.cause for e in g.events)


def test_r_move_5_entering_close_reach_draws_the_automatic_attack_then_counter_ends_movement():
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (6, 5), facing="W", weapons=[sb.SWORD]),
    ]
    # z's Response: skill 1 (miss, Critical Failure); a's Counter: 5 hits, 3+1 = Armor 4 → Disrupted
    g = game(units, faces=[1, 5, 3], options=RuleOptions(angry_inch=False))
    g.unit("z").saved_action = True
    with pytest.raises(IllegalOrder):
        g.move("a", (8, 5))  # cannot pass through an enemy
    g.move("a", (5, 4))
    k = kinds(g)
    assert "responded" in k and "countered" in k
    a = g.unit("a")
    assert a.pos == (5, 4) and a.stopped and a.action_used
    assert g.unit("z").disrupted and not g.unit("z").saved_action


def test_r_move_5_declined_counter_lets_the_mover_continue():
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (6, 5), facing="W", weapons=[sb.SWORD]),
    ]

    class Policy:
        def decide(self, game, request):
            return "continue" if request.question == "counter" else request.default

    g = Game(
        GameState.from_scenario(sb.scenario(units)),
        ScriptedDice([2, 1]),
        policy=Policy(),
        options=RuleOptions(angry_inch=False),
    )
    g.unit("z").saved_action = True
    g.move("a", [(3, 5), (4, 5), (5, 4), (6, 3)])  # z rolls 2 → hits (Use 2); damage 1+1 < 4
    a = g.unit("a")
    assert a.pos == (6, 3) and not a.stopped and not a.action_used


def test_r_move_5_no_response_from_a_unit_that_cannot_see_the_mover():
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (6, 5), facing="E", weapons=[sb.SWORD]),  # looking away (R-RESP-3)
    ]
    g = game(units)
    g.unit("z").saved_action = True
    g.move("a", (5, 4))
    assert "responded" not in kinds(g)


def test_r_resp_2_angry_inch_steps_one_inch_to_strike_a_passing_mover():
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (6, 5), facing="W", weapons=[sb.SWORD]),
    ]
    # a passes 2 cells from z at (4, 4): z steps to (5, 4)/(5, 5) and strikes: 6 → Overskill on damage,
    # damage 2d6+1: 3, 3 → 7 > Armor 4 → killed
    g = game(units, faces=[6, 3, 3])
    g.unit("z").saved_action = True
    g.move("a", [(3, 4), (4, 4), (4, 3)])
    z = g.unit("z")
    assert max(abs(z.pos[0] - 4), abs(z.pos[1] - 4)) == 1 and z.pos != (6, 5)
    assert not g.unit("a").alive
    assert any(e.kind == "decided" and e.question == "angry_inch" for e in g.events)
