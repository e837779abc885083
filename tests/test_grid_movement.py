"""GRID-2 movement metric, R-MOVE-3/6/7/8/10 costs and the legality checks of explicit paths."""

import itertools

import numpy as np
import pytest

from brikwars_gui.engine.geometry import straight_line
from brikwars_gui.engine.grid import Grid, IllegalPath, Path, find_path, path_cost, reachable, step_cost


def row_grid(width: int = 8, height: int = 3) -> Grid:
    return Grid.empty(width, height)


def test_grid_2_orthogonal_step_costs_one_inch() -> None:
    g = row_grid()
    assert path_cost(g, [(0, 1), (1, 1), (2, 1), (3, 1)]) == 3


def test_grid_2_diagonals_alternate() -> None:
    g = Grid.empty(6, 6)
    assert path_cost(g, [(0, 0), (1, 1), (2, 2), (3, 3)]) == 1 + 2 + 1
    # the alternation runs across orthogonal steps within one move
    assert path_cost(g, [(0, 0), (1, 1), (2, 1), (3, 2)]) == 1 + 1 + 2
    # a move already holding an odd number of diagonals continues the pattern
    assert path_cost(g, [(0, 0), (1, 1), (2, 2)], diagonal_parity=1) == 2 + 1


def test_grid_2_step_cost_table() -> None:
    assert [step_cost(False, p, False) for p in (0, 1)] == [1, 1]
    assert [step_cost(True, p, False) for p in (0, 1)] == [1, 2]
    assert [step_cost(True, p, True) for p in (0, 1)] == [2, 4]
    assert step_cost(False, 0, True) == 2


def test_r_move_7_half_speed_doubles_cost() -> None:
    g = Grid.empty(6, 6)
    assert path_cost(g, [(0, 0), (1, 0), (2, 0)], half_speed=True) == 4
    assert path_cost(g, [(0, 0), (1, 1), (2, 2)], half_speed=True) == 2 + 4
    reach = reachable(g, (0, 0), 5, half_speed=True)
    assert reach[(2, 0)] == 4 and (3, 0) not in reach


def test_r_move_6_mud_rough_water_are_half_speed_terrain() -> None:
    g = row_grid()
    g.half_speed[1, 2] = True
    assert path_cost(g, [(0, 1), (1, 1), (2, 1), (3, 1)]) == 1 + 2 + 1


def test_r_move_10_half_speed_causes_do_not_stack() -> None:
    g = row_grid()
    g.half_speed[1, :] = True
    assert path_cost(g, [(0, 1), (1, 1), (2, 1)], half_speed=True) == 4  # 2 + 2, never 4 + 4
    assert path_cost(g, [(0, 1), (1, 2), (2, 1)], half_speed=True) == 2 + 4


def test_r_move_8_ex_4_half_speed_mix() -> None:
    """EX-4: Move 5": crawl 1" (2) + walk 1" (1) + drag a corpse 1" (2) = 5; 3" travelled."""
    g = row_grid()
    legs = [[(0, 1), (1, 1)], [(1, 1), (2, 1)], [(2, 1), (3, 1)]]
    spent = [path_cost(g, leg, half_speed=hs) for leg, hs in zip(legs, (True, False, True), strict=True)]
    assert spent == [2, 1, 2] and sum(spent) == 5
    # the same mix through terrain: half-speed cells entered cost double, the rest not
    g.half_speed[1, 1] = g.half_speed[1, 3] = True
    assert path_cost(g, [(0, 1), (1, 1), (2, 1), (3, 1)]) == 5
    assert reachable(g, (0, 1), 5)[(3, 1)] == 5


def test_r_move_3_obstacles_are_impassable() -> None:
    g = Grid.empty(5, 5)
    g.passable[:, 2] = False
    reach = reachable(g, (0, 2), 20)
    assert all(x < 2 for x, _ in reach)
    assert find_path(g, (0, 2), (4, 2)) is None
    g.passable[4, 2] = True  # a gap at the bottom
    path = find_path(g, (0, 2), (4, 2))
    assert path is not None and (2, 4) in path.cells
    assert all(g.passable[y, x] for x, y in path.cells)


def test_r_move_3_climb_at_most_three_bricks_per_step() -> None:
    g = row_grid()
    g.elevation[1, 1] = 3
    g.elevation[1, 2] = 7
    assert path_cost(g, [(0, 1), (1, 1)]) == 2  # 3 bricks up: one jump, 1" across + 1" up (R-MOVE-2)
    with pytest.raises(IllegalPath, match=r"step 1 \(1, 1\)->\(2, 1\) climbs 4 bricks"):
        path_cost(g, [(1, 1), (2, 1)])
    assert (2, 1) not in reachable(g, (0, 1), 10)  # 4 bricks up from (1, 1), 7 from anywhere else


def test_grid_9_dropping_down_any_height_is_allowed() -> None:
    g = Grid.empty(3, 1)
    g.elevation[0, 0] = 60
    assert path_cost(g, [(0, 0), (1, 0)]) == 1
    assert (0, 0) not in reachable(g, (1, 0), 10)  # but not climb back up
    assert reachable(g, (0, 0), 2) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}


def test_r_move_3_stairs_climb_a_tower() -> None:
    g = Grid.empty(5, 1)
    g.elevation[0] = [0, 3, 6, 9, 12]
    assert reachable(g, (0, 0), 8)[(4, 0)] == 8  # 4" across, 4" up: inch for inch (R-MOVE-2)
    assert (4, 0) not in reachable(g, (0, 0), 7)
    g.elevation[0, 2] = 7
    assert (4, 0) not in reachable(g, (0, 0), 10)


def test_grid_2_no_corner_cutting() -> None:
    g = Grid.empty(3, 3)
    g.passable[0, 1] = False  # (1, 0)
    with pytest.raises(IllegalPath, match="cuts the corner"):
        path_cost(g, [(0, 0), (1, 1)])
    assert reachable(g, (0, 0), 5)[(1, 1)] == 2  # around the corner: two orthogonal steps
    path = find_path(g, (0, 0), (1, 1))
    assert path is not None and path.cells == ((0, 0), (0, 1), (1, 1))


def test_grid_2_units_do_not_stop_diagonals() -> None:
    g = Grid.empty(3, 3)
    assert path_cost(g, [(0, 0), (1, 1)], blocked={(1, 0), (0, 1)}) == 1


def test_enemy_units_block_entering_and_passing() -> None:
    g = Grid.empty(5, 1)
    reach = reachable(g, (0, 0), 10, blocked={(2, 0)})
    assert set(reach) == {(0, 0), (1, 0)}
    assert find_path(g, (0, 0), (4, 0), blocked={(2, 0)}) is None
    with pytest.raises(IllegalPath, match="blocking unit"):
        path_cost(g, [(0, 0), (1, 0), (2, 0)], blocked={(2, 0)})


def test_allied_units_can_be_passed_but_not_ended_on() -> None:
    g = Grid.empty(5, 1)
    reach = reachable(g, (0, 0), 10, no_stop={(2, 0)})
    assert (2, 0) not in reach and reach[(4, 0)] == 4
    assert find_path(g, (0, 0), (2, 0), no_stop={(2, 0)}) is None
    path = find_path(g, (0, 0), (3, 0), no_stop={(2, 0)})
    assert path is not None and path.total == 3
    assert path_cost(g, [(0, 0), (1, 0), (2, 0), (3, 0)], no_stop={(2, 0)}) == 3
    with pytest.raises(IllegalPath, match="may only pass through"):
        path_cost(g, [(0, 0), (1, 0), (2, 0)], no_stop={(2, 0)})


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ([], "empty path"),
        ([(9, 9)], r"start \(9, 9\) is outside"),
        ([(0, 0), (0, 0)], r"step 1 \(0, 0\)->\(0, 0\) does not move"),
        ([(0, 0), (2, 0)], r"step 1 \(0, 0\)->\(2, 0\) is not a step to a neighbouring cell"),
        ([(0, 0), (-1, 0)], r"step 1 \(0, 0\)->\(-1, 0\) leaves the 6x6 battlefield"),
        ([(2, 3), (3, 3), (4, 4), (4, 5), (5, 5)], r"^step 4 \(4, 5\)->\(5, 5\) enters an obstacle$"),
    ],
)
def test_r_move_3_path_legality_errors(cells: list[tuple[int, int]], message: str) -> None:
    g = Grid.empty(6, 6)
    g.passable[5, 5] = False
    with pytest.raises(IllegalPath, match=message):
        path_cost(g, cells)


def test_illegal_path_is_a_value_error() -> None:
    assert issubclass(IllegalPath, ValueError)


def test_find_path_returns_cumulative_costs() -> None:
    g = Grid.empty(6, 6)
    path = find_path(g, (0, 0), (4, 2))
    assert isinstance(path, Path)
    assert path.cells[0] == (0, 0) and path.end == (4, 2)
    assert path.costs[0] == 0 and path.total == path.costs[-1] == 5  # 2 orthogonal + 1 + 2
    assert list(path.costs) == sorted(path.costs)
    assert path.diagonal_parity == 0


def test_find_path_respects_budget() -> None:
    g = Grid.empty(10, 1)
    assert find_path(g, (0, 0), (5, 0), budget=4) is None
    assert find_path(g, (0, 0), (5, 0), budget=5) is not None
    assert find_path(g, (0, 0), (0, 0)) == Path(((0, 0),), (0,), 0)


def test_reachable_budget_zero_and_bad_arguments() -> None:
    g = Grid.empty(3, 3)
    assert reachable(g, (1, 1), 0) == {(1, 1): 0}
    with pytest.raises(ValueError, match="budget"):
        reachable(g, (1, 1), -1)
    with pytest.raises(ValueError, match="outside"):
        reachable(g, (3, 1), 2)
    with pytest.raises(ValueError, match="diagonal_parity"):
        reachable(g, (1, 1), 2, diagonal_parity=2)


def test_reachable_diamond_shape_on_open_ground() -> None:
    g = Grid.empty(11, 11)
    reach = reachable(g, (5, 5), 3)
    assert reach[(8, 5)] == 3 and reach[(7, 7)] == 3 and reach[(8, 6)] == 3
    assert (8, 8) not in reach  # three diagonals cost 1 + 2 + 1 = 4
    assert reachable(g, (5, 5), 4)[(8, 8)] == 4


def test_grid_7_sprint_line_is_bresenham() -> None:
    assert straight_line((0, 0), (5, 2)) == [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)]
    assert straight_line((2, 2), (2, 2)) == [(2, 2)]
    assert straight_line((3, 3), (0, 0)) == [(3, 3), (2, 2), (1, 1), (0, 0)]
    line = straight_line((0, 7), (9, 1))
    assert line[0] == (0, 7) and line[-1] == (9, 1) and len(line) == 10
    assert all(max(abs(b[0] - a[0]), abs(b[1] - a[1])) == 1 for a, b in itertools.pairwise(line))
    # length per GRID-2: the Sprint path is costed like any other move
    assert path_cost(Grid.empty(10, 10), line) == 3 * 1 + 3 * (1 + 2)  # 3 orthogonal, 6 diagonal steps


def test_grid_arrays_are_numpy_and_shaped_height_width() -> None:
    g = Grid.empty(7, 4)
    assert g.shape == (4, 7) and g.width == 7 and g.height == 4
    for arr in (g.passable, g.sight_blocked, g.half_speed, g.water, g.elevation):
        assert isinstance(arr, np.ndarray) and arr.shape == (4, 7)
    assert g.elevation.dtype == np.int16
    assert g.in_bounds((6, 3)) and not g.in_bounds((7, 0)) and not g.in_bounds((0, -1))
    with pytest.raises(ValueError, match="shape"):
        Grid(g.passable, g.sight_blocked[:2], g.half_speed, g.water, g.elevation, g.terrain, g.object_at)
