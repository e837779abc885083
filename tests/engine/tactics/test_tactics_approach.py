"""The tactical AI's approach through `Game` orders: it walks the way round walls and known
hazards (the travel distance, `tactics/flow.py`), Sprints along any straight line that avoids
them (R-MOVE-18), and knows where a concealed field lies (R-HAZ-1: boundaries are public)."""

from __future__ import annotations

import numpy as np

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics import TacticalAI, preset
from brikwars_gui.engine.tactics.flow import travel_field


def _rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def _walk_against_a_sitting_enemy(state, seed: int, y: int, turns: int = 3) -> Game:
    """Rifleman "a" walks (no Sprint) for `turns` turns toward "z", who sits far to the east."""
    hs.add_unit(state, "z", "blue", (state.width - 4, y), facing="W", weapons=[_rifle()])
    g = Game(state, SeededDice(seed))
    ai = TacticalAI(preset("normal").with_(sprint=False))
    for _ in range(turns):
        ai.play_turn(g)
        g.end_turn()  # blue sits
    return g


def test_r_move_3_the_advance_goes_round_a_wall_instead_of_waiting_against_it():
    """A wall stands between the rifleman and the enemy with gaps at both ends: scored on the
    straight-line distance it would press against the wall and stay; it walks to a gap instead
    and is past the wall after three turns."""
    state = hs.blank_state(40, 20)
    for y in range(2, 18):
        state.grid.passable[y, 8] = False
        state.grid.sight_blocked[y, 8] = True
    hs.add_unit(state, "a", "red", (6, 10), facing="E", weapons=[_rifle()])
    g = _walk_against_a_sitting_enemy(state, 2, 10)
    assert g.unit("a").pos[0] > 8


def test_r_haz_1_a_concealed_field_is_walked_round_not_through():
    """An enemy minefield's boundaries are public (R-HAZ-1; only where its spots lie is not): a
    rifleman with no Scout to lead goes round it and never rolls to cross it (R-HAZ-17)."""
    state = hs.blank_state(40, 24)
    hs.add_field(state, "mines", "concealed", hs.rect(6, 8, 4, 9), dice="1d10", owner="blue")
    hs.add_unit(state, "a", "red", (4, 12), facing="E", weapons=[_rifle()])
    g = _walk_against_a_sitting_enemy(state, 5, 12)
    assert not any(e.kind == "concealed_roll" for e in g.events)
    assert g.unit("a").pos[0] > 10  # past the field, the way round


def test_r_move_18_a_sprint_runs_a_line_round_the_hazard_in_front():
    """Barbed wire lies across the straight line to the enemy: the Sprint is declared along
    another bearing that avoids it and still gets well beyond a normal move (R-MOVE-18: one
    straight line, any direction); a run straight at the enemy would stop short of the wire,
    no farther than a walk."""
    state = hs.blank_state(50, 24)
    wire = hs.rect(8, 8, 2, 9)
    hs.add_field(state, "wire", "spiked", wire, dice="2d6")
    hs.add_unit(state, "a", "red", (3, 12), facing="E", weapons=[_rifle()])
    hs.add_unit(state, "z", "blue", (46, 12), facing="W", weapons=[_rifle()])
    g = Game(state, SeededDice(3))
    decision = TacticalAI(preset("normal")).play_unit(g, "a")
    assert decision is not None and decision.kind == "sprint", decision
    sprinted = next(e for e in g.events if e.kind == "sprinted")
    assert tuple(sprinted.toward)[1] != 12  # not the line straight at the enemy
    moved = [tuple(c) for e in g.events if e.kind == "unit_moved" for c in e.path]
    assert moved and not set(moved) & set(wire)
    assert sum(e.cost for e in g.events if e.kind == "unit_moved") > 5  # more than its Move 5"
    assert "sprints toward" in decision.text


def test_travel_field_prices_a_hazard_as_a_detour():
    """On open ground the field is the straight-line distance; a hazard cell costs its danger in
    inches of advance, so a short way through costs more than the way round."""
    state = hs.blank_state(12, 5)
    hazard = np.zeros((5, 12))
    open_ground = travel_field(state.grid, hazard, [(10, 2)], 0.05)
    assert open_ground[2, 0] == 10.0
    assert abs(open_ground[0, 8] - 2 * 2**0.5) < 1e-9  # two diagonal steps
    hazard[:, 5] = 0.6  # a line of fire across the table: no way round
    through = travel_field(state.grid, hazard, [(10, 2)], 0.05)
    assert abs(through[2, 0] - (10 + 0.6 / 0.05)) < 1e-9


def test_r_haz_15_barbed_wire_is_priced_by_its_dice_and_walked_round():
    """Barbed wire's 2d6 (R-HAZ-15, entered without moving carefully) kill a minifig five times in
    six: priced by its dice against the unit's Armor, the short way round is worth it; the unit
    never takes the wire's Exposure and gets past it."""
    state = hs.blank_state(40, 20)
    hs.add_field(state, "wire", "spiked", hs.rect(8, 6, 1, 9), dice="2d6")
    hs.add_unit(state, "a", "red", (6, 10), facing="E", weapons=[_rifle()])
    g = _walk_against_a_sitting_enemy(state, 4, 10)
    assert not any(e.kind == "exposure" or "wire" in e.describe() for e in g.events if "a" in e.units)
    assert g.unit("a").alive and g.unit("a").pos[0] > 8


def _approach(enemy_sits: bool) -> int:
    """How far east rifleman "a" walks toward three riflemen it cannot reach this turn: their side
    either sat on its last two turns or moved (R-RESP-1)."""
    state = hs.blank_state(30, 11)
    hs.add_unit(state, "a", "red", (6, 5), facing="E", weapons=[_rifle()])
    for n, y in enumerate((3, 5, 7)):
        hs.add_unit(state, f"z{n}" if n else "z", "blue", (23, y), facing="W", weapons=[_rifle()])
    g = Game(state, SeededDice(1))
    for step in (-1, 1):
        g.end_turn()
        if not enemy_sits:
            g.move("z", (23 + step, 5))
        g.end_turn()
    TacticalAI(preset("normal").with_(sprint=False)).play_unit(g, "a")
    return g.unit("a").pos[0]


def test_r_resp_1_a_side_that_sits_still_is_not_feared_for_its_next_turn():
    """Against a side that moved, the rifleman stops where the enemies' next turn (a move and a
    shot each) cannot reach it; a side that sat on its Actions for two turns only answers with
    Responses, so the rifleman comes as close as it may without walking into one."""
    assert _approach(enemy_sits=False) <= 8  # beyond Move 5" + Range 10" of them
    assert _approach(enemy_sits=True) >= 10  # well within it (Range + Angry Inch: 11.5")
