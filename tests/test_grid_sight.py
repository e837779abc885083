"""GRID-3/4/5/6 distances, supercover lines, line of sight, Smoke (R-HAZ-7) and the Cone of Vision
(R-RESP-3)."""

import math

import numpy as np
import pytest

from brikwars_gui.engine.geometry import (
    FACING_VECTORS,
    distance,
    facing_towards,
    has_line_of_sight,
    in_cone,
    in_range,
    line_cells,
    sees,
    visible_cells,
    within_reach,
)
from brikwars_gui.engine.grid import Grid
from brikwars_gui.scenario.models import Facing


def test_grid_3_distance_is_euclidean_centre_to_centre() -> None:
    assert distance((0, 0), (3, 4)) == 5.0
    assert distance((2, 2), (3, 3)) == pytest.approx(math.sqrt(2))
    assert in_range((0, 0), (3, 4), 5) and not in_range((0, 0), (3, 4), 4)
    assert in_range((0, 0), (4, 4), 6) and not in_range((0, 0), (5, 5), 7)  # 7.07 > 7


def test_grid_4_within_reach_is_the_eight_neighbours() -> None:
    near = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if within_reach((0, 0), (x, y))]
    assert len(near) == 9  # the 8 neighbours and the cell itself
    assert not within_reach((0, 0), (2, 1))


def test_grid_5_supercover_line() -> None:
    assert line_cells((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert line_cells((0, 0), (3, 1)) == [(0, 0), (1, 0), (2, 0), (1, 1), (2, 1), (3, 1)]
    # through a corner exactly: both cells beside the corner are touched
    assert line_cells((0, 0), (2, 2)) == [(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (2, 2)]
    assert line_cells((4, 4), (4, 4)) == [(4, 4)]
    assert set(line_cells((5, 1), (0, 3))) == set(line_cells((0, 3), (5, 1)))


def test_grid_5_walls_between_block_sight() -> None:
    g = Grid.empty(7, 3)
    assert has_line_of_sight(g, (0, 1), (6, 1))
    g.sight_blocked[1, 3] = True
    assert not has_line_of_sight(g, (0, 1), (6, 1))
    assert not has_line_of_sight(g, (6, 1), (0, 1))
    assert has_line_of_sight(g, (0, 0), (6, 0))


def test_grid_5_the_end_cells_never_block() -> None:
    g = Grid.empty(5, 1)
    g.sight_blocked[0, 0] = g.sight_blocked[0, 4] = True
    assert has_line_of_sight(g, (0, 0), (4, 0))  # a wall can be seen, a unit in a doorway sees out


def test_grid_5_corner_grazes_need_both_sides_opaque() -> None:
    g = Grid.empty(3, 3)
    g.sight_blocked[0, 1] = True  # (1, 0)
    assert has_line_of_sight(g, (0, 0), (2, 2))
    g.sight_blocked[1, 0] = True  # (0, 1): the corner is now closed
    assert not has_line_of_sight(g, (0, 0), (2, 2))
    assert not visible_cells(g, (0, 0))[2, 2]


def test_r_haz_7_smoke_blocks_into_out_of_and_through() -> None:
    g = Grid.empty(7, 1)
    smoke = np.zeros(g.shape, dtype=bool)
    smoke[0, 3] = True
    assert not has_line_of_sight(g, (0, 0), (6, 0), smoke=smoke)  # through
    assert not has_line_of_sight(g, (0, 0), (3, 0), smoke=smoke)  # into
    assert not has_line_of_sight(g, (3, 0), (6, 0), smoke=smoke)  # out of
    assert has_line_of_sight(g, (0, 0), (2, 0), smoke=smoke)
    assert has_line_of_sight(g, (0, 0), (6, 0))  # smoke is nothing else: no smoke, clear line
    assert not g.sight_blocked.any()


def test_r_haz_7_smoke_mask_from_cells() -> None:
    g = Grid.empty(5, 5)
    smoke = g.mask([(2, 2)])
    assert smoke.sum() == 1 and smoke[2, 2]
    assert not has_line_of_sight(g, (0, 0), (4, 4), smoke=smoke)
    assert not visible_cells(g, (2, 2), smoke=smoke).any()
    with pytest.raises(ValueError, match="outside"):
        g.mask([(5, 0)])


def test_grid_5_line_of_sight_to_self_and_out_of_bounds() -> None:
    g = Grid.empty(3, 3)
    assert has_line_of_sight(g, (1, 1), (1, 1))
    with pytest.raises(ValueError, match="outside"):
        has_line_of_sight(g, (1, 1), (3, 1))


def test_grid_6_facing_vectors_point_north_to_y_zero() -> None:
    assert FACING_VECTORS[Facing.N] == (0, -1)
    assert FACING_VECTORS[Facing.SE] == (1, 1)
    assert len(FACING_VECTORS) == 8


@pytest.mark.parametrize(
    ("target", "facing"),
    [
        ((5, 0), Facing.N),
        ((9, 1), Facing.NE),
        ((9, 4), Facing.E),
        ((7, 5), Facing.E),
        ((8, 7), Facing.SE),
        ((5, 9), Facing.S),
        ((0, 9), Facing.SW),
        ((0, 5), Facing.W),
        ((1, 0), Facing.NW),
        ((7, 0), Facing.N),
    ],
)
def test_grid_6_facing_towards_nearest_of_eight(target: tuple[int, int], facing: Facing) -> None:
    assert facing_towards((5, 5), target) is facing


def test_grid_6_facing_towards_self_is_an_error() -> None:
    with pytest.raises(ValueError):
        facing_towards((1, 1), (1, 1))


def test_r_resp_3_cone_edges() -> None:
    o = (5, 5)
    assert in_cone(o, Facing.N, (5, 0))
    assert in_cone(o, Facing.N, (6, 4)) and in_cone(o, Facing.N, (2, 2))  # exactly 45° counts
    assert not in_cone(o, Facing.N, (7, 4))  # 63° off
    assert not in_cone(o, Facing.N, (6, 5))  # 90° off
    assert not in_cone(o, Facing.N, (5, 6))  # behind
    assert not in_cone(o, Facing.N, o)  # the own cell is not counted
    assert in_cone(o, Facing.NE, (6, 5)) and in_cone(o, Facing.NE, (5, 4))  # 45° off a diagonal
    assert not in_cone(o, Facing.NE, (6, 6))
    assert in_cone(o, "S", (5, 9))


def test_r_resp_3_cone_is_a_quarter_turn() -> None:
    o = (10, 10)
    cells = [(x, y) for x in range(21) for y in range(21)]
    counts = {f: sum(in_cone(o, f, c) for c in cells) for f in Facing}
    # every cell off the origin is in the cone of 2 or 3 of the 8 facings (edges at exactly 45° count twice)
    for c in cells:
        if c != o:
            assert 2 <= sum(in_cone(o, f, c) for f in Facing) <= 3
    assert len(set(counts.values())) == 1


def test_r_resp_3_sees_needs_cone_and_line_of_sight() -> None:
    g = Grid.empty(9, 9)
    assert sees(g, (4, 4), Facing.E, (8, 4))
    assert not sees(g, (4, 4), Facing.W, (8, 4))
    g.sight_blocked[4, 6] = True
    assert not sees(g, (4, 4), Facing.E, (8, 4))


def test_visible_cells_matches_per_cell_checks() -> None:
    rng = np.random.default_rng(7)
    g = Grid.empty(25, 19)
    g.sight_blocked[:] = rng.random(g.shape) < 0.15
    smoke = rng.random(g.shape) < 0.05
    origin = (12, 9)
    smoke[9, 12] = False
    for facing in (None, Facing.N, Facing.SW):
        for rng_ in (None, 6, 7.5):
            for sm in (None, smoke):
                mask = visible_cells(g, origin, facing, max_range=rng_, smoke=sm)
                for y in range(g.height):
                    for x in range(g.width):
                        want = (x, y) != origin and has_line_of_sight(g, origin, (x, y), smoke=sm)
                        if facing is not None:
                            want = want and in_cone(origin, facing, (x, y))
                        if rng_ is not None:
                            want = want and distance(origin, (x, y)) <= rng_
                        assert mask[y, x] == want, (facing, rng_, sm is not None, (x, y))


def test_visible_cells_edge_cases() -> None:
    g = Grid.empty(5, 5)
    assert visible_cells(g, (0, 0), max_range=0).sum() == 0
    m = visible_cells(g, (0, 0), Facing.N)
    assert not m.any()  # facing off the table
    assert visible_cells(g, (2, 2)).sum() == 24
