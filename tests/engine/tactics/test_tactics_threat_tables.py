"""The threat map's shortcuts (issue 26, a dense front: one planned unit weighs ~200 enemies) give
exactly what the direct computation gives: an enemy's Cone of Vision (GRID-6), GRID-3 distance
and Chebyshev distance over the table are windows of tables made once per table size, and the
cells a mover draws its Response from (R-MOVE-5, R-RESP-2) are worked out at the planned unit's
candidate cells only; its sight (GRID-5) is read off one table of walks in the window round it."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from brikwars_gui.engine.geometry import visible_cells
from brikwars_gui.engine.grid import Grid
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics.threat import FACING_VECTORS, ThreatMap


def _direct_geometry(h: int, w: int, at: tuple[int, int], facing: str):
    """What `ThreatMap._geometry` computed per enemy before (cone, distance, Chebyshev)."""
    ys, xs = np.mgrid[0:h, 0:w]
    dx, dy = xs - at[0], ys - at[1]
    fx, fy = FACING_VECTORS[facing]
    dot = dx * fx + dy * fy
    cone = (dot > 0) & (2 * dot * dot >= (dx * dx + dy * dy) * (fx * fx + fy * fy))
    return cone, np.hypot(dx, dy), np.maximum(np.abs(dx), np.abs(dy))


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(3, 40),
    height=st.integers(3, 40),
    data=st.data(),
)
def test_grid_6_an_enemys_cone_and_distances_in_the_threat_map_are_the_direct_ones(width, height, data):
    """GRID-3/GRID-6: every enemy's view in a `ThreatMap` (any cell, any facing, any table shape)
    holds the same cone and distance arrays as computing them over the table for it."""
    state = hs.blank_state(width, height)
    any_cell = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    cells = data.draw(st.lists(any_cell, min_size=2, max_size=6, unique=True))
    facing = st.sampled_from(sorted(FACING_VECTORS))
    facings = data.draw(st.lists(facing, min_size=len(cells), max_size=len(cells)))
    rifle = WeaponState("rifle", "ranged", 3, 10, "1d6+1")
    hs.add_unit(state, "me", "red", cells[0], facing="N", weapons=[rifle])
    for i, (cell, facing) in enumerate(zip(cells[1:], facings[1:], strict=True)):
        hs.add_unit(state, f"e{i}", "blue", cell, facing=facing, weapons=[rifle])
    for i in range(len(cells) - 1):  # some hold a saved Action (R-RESP-1), one a sword
        state.units[f"e{i}"].saved_action = data.draw(st.booleans())
        if data.draw(st.booleans()):
            state.units[f"e{i}"].weapons = [WeaponState("sword", "close", 4, None, "1d6")]
    probe = data.draw(st.lists(any_cell, min_size=1, max_size=30))
    tm = ThreatMap(state, state.units["me"])
    assert len(tm.enemies) == len(cells) - 1
    for v in tm.enemies:
        cone, dist, cheb = _direct_geometry(height, width, v.unit.pos, v.unit.facing)
        assert v.cone.shape == v.dist.shape == v.cheb.shape == (height, width)
        assert np.array_equal(v.cone, cone)
        assert np.array_equal(v.dist, dist)
        assert np.array_equal(v.cheb, cheb)
        assert not (v.cone.flags.writeable or v.dist.flags.writeable or v.cheb.flags.writeable)
        at = (np.array([y for _, y in probe]), np.array([x for x, _ in probe]))
        assert np.array_equal(v.response_zone(at), v.response_zone()[at])


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(3, 45),
    height=st.integers(3, 45),
    opaque=st.sampled_from([0.03, 0.2, 0.5]),
    reach=st.sampled_from([1.5, 6.0, 12.5, 16.5, 30.0]),
    facing=st.sampled_from([None, "N", "SE", "W"]),
    smoky=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_grid_5_an_enemys_sight_read_off_the_walk_table_is_the_walk_in_lockstep(
    width, height, opaque, reach, facing, smoky, seed
):
    """GRID-5, GRID-6, R-HAZ-7: `visible_cells` within a range (the threat map's sight of each
    enemy: the walks' cells and corners read off one table in the window round the origin) is the
    unbounded mask, walked in lockstep, cut to the range — at the table's edges and corners too,
    with walls, smoke and a Cone of Vision."""
    rng = np.random.default_rng(seed)
    grid = Grid.empty(width, height)
    grid.sight_blocked[:] = rng.random((height, width)) < opaque
    smoke = rng.random((height, width)) < 0.1 if smoky else None
    origin = (int(rng.integers(width)), int(rng.integers(height)))
    near = visible_cells(grid, origin, facing, max_range=reach, smoke=smoke)
    ys, xs = np.mgrid[0:height, 0:width]
    whole = visible_cells(grid, origin, facing, smoke=smoke)
    assert np.array_equal(near, whole & ((xs - origin[0]) ** 2 + (ys - origin[1]) ** 2 <= reach * reach))
