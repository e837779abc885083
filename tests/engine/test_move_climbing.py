"""Climbing is paid inch for inch on stepped terrain (R-MOVE-2: "climb five inches' worth of
stairs or ladders"; R-MOVE-6: easy climbs add no Half Speed), through `Game` moves."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState


def staircase(*bricks: int) -> GameState:
    """Unit `a` at (2, 5); the cells east of it rise to the given elevations (bricks)."""
    state = hs.blank_state(20, 20)
    hs.add_unit(state, "a", "red", (2, 5))
    hs.add_unit(state, "z", "blue", (19, 19))
    for i, b in enumerate(bricks):
        state.grid.elevation[5, 3 + i] = b
    return state


def test_r_move_2_a_step_up_one_inch_costs_the_inch_across_and_the_inch_up() -> None:
    g = Game(staircase(3), ScriptedDice([]))
    assert g.legal_moves("a")[(3, 5)] == 2
    g.move("a", (3, 5))
    assert g.unit("a").move_spent == 2  # was 1: the rise was free


def test_r_move_2_five_inches_of_stairs_take_a_whole_move_and_more() -> None:
    """The review's staircase: 5 steps of 1" each rise 5"; with Move 5 only two steps are made."""
    g = Game(staircase(3, 6, 9, 12, 15), ScriptedDice([]))
    moves = g.legal_moves("a")
    assert moves[(3, 5)] == 2 and moves[(4, 5)] == 4 and (5, 5) not in moves
    with pytest.raises(IllegalOrder, match="cannot reach"):
        g.move("a", (5, 5))


def test_r_move_2_a_plate_edge_is_not_counted_and_drops_are_free() -> None:
    g = Game(staircase(1, 0), ScriptedDice([]))
    g.move("a", [(2, 5), (3, 5), (4, 5)])  # up a 1-brick plate, then down again
    assert g.unit("a").move_spent == 2
    down = staircase(0, 0)
    down.grid.elevation[5, 2] = 6  # the unit stands 2" up; stepping off is a drop
    g = Game(down, ScriptedDice([]))
    g.move("a", (3, 5))
    assert g.unit("a").move_spent == 1


def test_r_move_2_7_at_half_speed_the_inch_climbed_costs_double_too() -> None:
    mud = staircase(3)
    mud.grid.half_speed[5, 3] = True  # Half Speed terrain on the step: (1" across + 1" up) x 2
    g = Game(mud, ScriptedDice([]))
    assert g.legal_moves("a")[(3, 5)] == 4
    g.move("a", (3, 5))
    assert g.unit("a").move_spent == 4


def test_r_move_2_two_bricks_count_as_an_inch_to_the_nearest() -> None:
    g = Game(staircase(2), ScriptedDice([]))
    g.move("a", (3, 5))
    assert g.unit("a").move_spent == 2


def test_r_move_2_6_a_climb_counts_its_inches_as_a_walk_does_to_the_nearest() -> None:
    """A 4-brick face (1⅓") is a Climb (more than a jump) of 1" climbed, 2" at Half Speed, as a
    walk's rise is counted (before: rounded up to 2", 4" of Move)."""
    from brikwars_gui.engine.rules.move_actions import Climb

    g = Game(staircase(4), ScriptedDice([]))
    g.act("a", Climb((3, 5)))
    assert g.unit("a").move_spent == 2
