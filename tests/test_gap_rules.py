"""Rules that had no test of their own (R-MOVE-4/9/11/15, R-ACT-3, R-HAZ-3, R-TRAP-3), with scripted
dice; each test names its rule ID. D6 points (R-D6-9/10) are in test_d6_points_rules.py."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.fields import exposure_sources_at
from brikwars_gui.engine.hazards.sandbox import add_field, add_object, add_trap, add_unit, blank_state, rect
from brikwars_gui.engine.hazards.scout import track, visible_to_team
from brikwars_gui.engine.hazards.traps import interact, known_traps
from brikwars_gui.engine.order_families import order_from_dict
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import (
    Attack,
    Bail,
    FullRound,
    Hold,
    Shed,
    Shove,
)
from brikwars_gui.engine.rules.common import (
    DEFAULT_USE,
    USE_RATINGS,
    at_half_speed,
    is_heavy_object,
    use_rating,
)
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState, WeaponState


def game(units, faces=(), **kw) -> Game:
    scen = sb.scenario(units, terrain=kw.pop("terrain", None), objects=kw.pop("objects", None), **kw)
    return Game(GameState.from_scenario(scen), ScriptedDice(faces))


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


# ---------------------------------------------------------------------------------------------
# R-MOVE-4: two-armed movement (swimming)

WATER = [{"kind": "water", "rects": [[7, 0, 3, 20]]}]


def test_r_move_4_a_swimmer_has_no_arms_for_attacks_or_manual_actions():
    units = [
        sb.unit("a", "red", (6, 5), weapons=[sb.PISTOL, sb.SWORD]),
        sb.unit("z", "blue", (9, 5)),
    ]
    g = game(units, terrain=WATER)
    assert any(o.kind == "attack" for o in g.legal_actions("a"))  # on the bank: arms free
    g.move("a", (8, 5))  # swims in: Half Speed water, next to z
    kinds_now = {o.kind for o in g.legal_actions("a")}
    assert "attack" not in kinds_now and "shove" not in kinds_now and "full_round" not in kinds_now
    assert "hold" in kinds_now  # keeping the Action is not a manual act
    n = len(g.events)
    for order in (Attack("shortsword", "z"), Attack("pistol", "z"), Shove("z"), FullRound("rowing")):
        with pytest.raises(IllegalOrder, match="R-MOVE-4"):
            g.act("a", order)
    assert len(g.events) == n and not g.unit("a").action_used
    g.act("a", Hold())


def test_r_move_4_out_of_the_water_the_arms_are_free_again():
    units = [sb.unit("a", "red", (8, 5), weapons=[sb.PISTOL]), sb.unit("z", "blue", (14, 5))]
    g = game(units, faces=[2], terrain=WATER)
    with pytest.raises(IllegalOrder, match="R-MOVE-4"):
        g.act("a", Attack("pistol", "z"))
    g.move("a", (10, 5))  # climbs out on the far bank
    g.act("a", Attack("pistol", "z"))  # scripted 2: a miss, but the attack is allowed
    assert g.events[-1].kind == "attacked"


def test_r_move_4_a_swimming_enemy_cannot_respond_with_its_sword():
    units = [
        sb.unit("a", "red", (4, 5)),
        sb.unit("z", "blue", (7, 5), facing="W", weapons=[sb.SWORD]),
    ]
    g = game(units, terrain=WATER)
    g.end_turn()  # blue: z stays in the water and saves its Action
    g.end_turn()
    assert g.unit("z").saved_action
    g.move("a", (6, 5))  # right next to the swimmer: no automatic attack (R-MOVE-5 needs arms)
    assert "responded" not in kinds(g) and "attacked" not in kinds(g)
    assert g.unit("a").pos == (6, 5)


# ---------------------------------------------------------------------------------------------
# R-MOVE-9: no jumping at Half Speed

LEDGES = [
    {"kind": "elevated", "cells": [[6, 5]], "elevation": 2},  # a 2-brick jump
    {"kind": "elevated", "cells": [[4, 5]], "elevation": 1},  # a 1-brick step (stair)
]


def test_r_move_9_half_speed_units_cannot_jump_up_a_ledge():
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (19, 19))], terrain=LEDGES)
    assert (6, 5) in g.legal_moves("a")  # full speed: a 2-brick rise is a jump it may make
    heavy = game(
        [sb.unit("h", "red", (5, 5), heavy_armor=True), sb.unit("z", "blue", (19, 19))], terrain=LEDGES
    )
    assert at_half_speed(heavy.unit("h"))
    moves = heavy.legal_moves("h")
    assert (6, 5) not in moves  # R-MOVE-9: no jumping
    assert (4, 5) in moves and moves[(4, 5)] == 2  # a 1-brick step is no jump (Half Speed cost)
    with pytest.raises(IllegalOrder, match="R-MOVE-9"):
        heavy.move("h", [(6, 5)])
    with pytest.raises(IllegalOrder):
        heavy.move("h", (6, 5))
    heavy.move("h", (4, 5))
    assert heavy.unit("h").pos == (4, 5)


def test_r_move_9_jumping_is_allowed_again_once_the_burden_is_dropped():
    g = game(
        [sb.unit("h", "red", (5, 5), carrying_heavy=True), sb.unit("z", "blue", (19, 19))], terrain=LEDGES
    )
    assert (6, 5) not in g.legal_moves("h")
    g.act("h", Shed())  # drops the load (R-MOVE-14): full speed, jumps allowed
    assert (6, 5) in g.legal_moves("h")


# ---------------------------------------------------------------------------------------------
# R-MOVE-11: heavy objects


def test_r_move_11_a_minifig_or_2x4_brick_sized_load_is_heavy_and_halves_speed():
    assert is_heavy_object(1)  # a minifig (1"), a 2x4 brick
    assert is_heavy_object(2)
    assert not is_heavy_object(0)  # a pistol, a 2x2 brick: Size 0
    g = game([sb.unit("a", "red", (5, 5), carrying_heavy=True), sb.unit("z", "blue", (19, 19))])
    a = g.unit("a")
    assert at_half_speed(a)  # R-MOVE-6: carrying a heavy item
    assert max(abs(x - 5) for x, _ in g.legal_moves("a")) == 2  # 5" of Move → 2 cells
    g.move("a", (7, 5))
    assert a.move_spent == 4 and g.events[-1].half_speed


# ---------------------------------------------------------------------------------------------
# R-MOVE-15: knocked off its feet = Disrupted (Shove, Explosion, Bail)


def test_r_move_15_a_shove_pushes_2_inches_and_disrupts():
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (6, 5))], faces=[4])
    (option,) = [o for o in g.legal_actions("a") if o.kind == "shove"]
    assert option.needed == 2 and option.chance == pytest.approx(5 / 6)  # Use 2, easy (R-ACT-3)
    g.act("a", Shove("z"))
    z = g.unit("z")
    assert z.pos == (8, 5) and z.disrupted
    shoved = next(e for e in g.events if e.kind == "shoved")
    assert shoved.success and shoved.path == [(6, 5), (7, 5), (8, 5)]
    assert "R-MOVE-15" in next(e for e in g.events if e.kind == "disrupted").cause
    assert g.unit("a").action_used
    assert order_from_dict(Shove("z").to_dict()) == Shove("z")


def test_r_move_15_a_shove_against_a_wall_still_knocks_the_target_down():
    wall = [{"kind": "obstacle", "cells": [[7, 5]]}]
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (6, 5))], faces=[2], terrain=wall)
    g.act("a", Shove("z"))
    z = g.unit("z")
    assert z.pos == (6, 5) and z.disrupted


def test_r_move_15_a_failed_shove_leaves_the_target_standing():
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (6, 6))], faces=[1])
    g.act("a", Shove("z"))
    assert not g.unit("z").disrupted and g.unit("z").pos == (6, 6)
    assert "mishap" in kinds(g)  # natural 1: Critical Failure (G-9)
    g2 = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (8, 5))])
    with pytest.raises(IllegalOrder, match="reach"):
        g2.act("a", Shove("z"))


def test_r_move_15_an_explosion_knocks_survivors_off_their_feet():
    units = [sb.unit("a", "red", (5, 5), weapons=[sb.GRENADE]), sb.unit("z", "blue", (8, 5))]
    g = game(units, faces=[5, 3])  # throw 5 ≥ Use 3; 1d10 = 3 < Armor 4: z survives
    g.act("a", Attack("grenade", "z"))
    z = g.unit("z")
    assert z.alive and z.disrupted
    assert "R-MOVE-15" in next(e for e in g.events if e.kind == "disrupted").cause
    assert not g.unit("a").disrupted  # 3" away, outside the 2" blast


def test_r_move_15_bailing_ends_prone_and_disrupted():
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (15, 15))], faces=[3])
    g.act("a", Bail())
    a = g.unit("a")
    assert a.disrupted and a.pos != (5, 5)
    assert "bail" in next(e for e in g.events if e.kind == "disrupted").cause


# ---------------------------------------------------------------------------------------------
# R-ACT-3 / R-ACT-4: Use ratings


def test_r_act_3_use_rating_table():
    assert USE_RATINGS == {
        "trivial": None,
        "easy": 2,
        "normal": 3,
        "tricky": 4,
        "difficult": 5,
        "very difficult": 6,
        "heroic": 8,
        "legendary": 10,
        "godlike": 12,
    }
    assert use_rating("Very-Difficult") == 6 and use_rating("trivial") is None
    assert use_rating(None) == DEFAULT_USE == 3  # R-ACT-4: other tasks default to Use 3
    with pytest.raises(IllegalOrder, match="R-ACT-3"):
        use_rating("impossible")


def test_r_act_3_a_trivial_full_round_action_makes_no_roll():
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (15, 15))], faces=[])
    g.act("a", FullRound("stacking bricks", difficulty="trivial"))
    assert g.dice.record == []  # no die was asked for (R-ACT-2)
    event = next(e for e in g.events if e.kind == "full_round")
    assert event.use is None and event.roll is None and event.success


def test_r_act_3_4_non_trivial_tasks_roll_skill_against_their_use():
    g = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (15, 15))], faces=[2])
    g.act("a", FullRound("kicking open a locked door", turns=2, difficulty=None))  # Use 3 (R-ACT-4)
    event = next(e for e in g.events if e.kind == "full_round")
    assert event.use == 3 and not event.success
    assert g.unit("a").extended_left == 0  # a failed attempt is abandoned after this turn
    g2 = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (15, 15))], faces=[2])
    g2.act("a", FullRound("grabbing a rope", turns=2, difficulty="easy"))
    event = next(e for e in g2.events if e.kind == "full_round")
    assert event.use == 2 and event.success and g2.unit("a").extended_left == 1
    g3 = game([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (15, 15))])
    with pytest.raises(IllegalOrder, match="R-ACT-3"):
        g3.act("a", FullRound("x", difficulty="impossible"))
    assert order_from_dict(FullRound("x", 2, None).to_dict()) == FullRound("x", 2, None)
    assert order_from_dict({"kind": "full_round", "label": "old log"}) == FullRound("old log")


# ---------------------------------------------------------------------------------------------
# R-HAZ-3: a Hazard is uniform across its Field


def test_r_haz_3_the_same_dice_everywhere_in_the_field():
    state = blank_state()
    cells = rect(2, 2, 5, 4)
    add_field(state, "acid", "exposure", cells, dice="1d6")
    exprs = {str(src.dice) for c in cells for src in exposure_sources_at(state, c)}
    assert exprs == {"1d6"}
    add_unit(state, "corner", "red", (2, 2))
    add_unit(state, "middle", "red", (4, 4))
    add_unit(state, "edge", "red", (6, 5))
    ctx = RulesContext(state, ScriptedDice([3, 3, 3]))
    phase.end_of_player_turn(ctx, "red")
    damage = {e.target: e.damage for e in ctx.events if e.kind == "hazard_exposure"}
    assert damage == {"corner": 3, "middle": 3, "edge": 3}


# ---------------------------------------------------------------------------------------------
# R-TRAP-3: secret Triggers


def test_r_trap_3_secret_traps_are_hidden_from_the_other_teams_until_they_fire():
    state = blank_state()
    add_object(state, "door", [(5, 5)], size=1, weight=1)
    xbow = WeaponState("crossbow", "ranged", 3, 8, "1d6")
    add_trap(state, "secret", "door", weapon=xbow, at=(5, 9), hidden=True, owner="red")
    add_trap(state, "open", "door", weapon=None, at=(5, 1), owner="red")
    thief = add_unit(state, "thief", "blue", (5, 6))
    assert [t.id for t in known_traps(state, "red")] == ["secret", "open"]
    assert [t.id for t in known_traps(state, "blue")] == ["open"]
    assert set(state.snapshot(for_team="blue")["traps"]) == {"open"}
    assert set(state.snapshot(for_team="red")["traps"]) == {"secret", "open"}
    assert set(state.snapshot()["traps"]) == {"secret", "open"}  # the host sees everything
    assert not visible_to_team(state, "blue", "secret") and visible_to_team(state, "red", "secret")
    ctx = RulesContext(state, ScriptedDice([1]))  # d4 = 1: the bolt misses
    interact(ctx, thief.id, "door")
    assert set(state.snapshot(for_team="blue")["traps"]) == {"secret", "open"}  # it fired: known


def test_r_trap_3_a_scout_spots_a_secret_trap_for_his_team():
    state = blank_state()
    add_trap(state, "mine", "x", at=(5, 4), hidden=True, owner="red")
    add_unit(state, "s", "blue", (5, 8), facing="N", specialties=["scout"])
    assert known_traps(state, "blue") == []
    track(RulesContext(state, ScriptedDice([])), "blue")
    assert [t.id for t in known_traps(state, "blue")] == ["mine"]
    assert "mine" in state.snapshot(for_team="blue")["traps"]
