"""Hypothesis properties of the geometry: pathfinding agrees with itself, with path_cost and with a
brute-force reference; lines and distances are symmetric."""

import itertools

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brikwars_gui.engine.geometry import distance, has_line_of_sight, in_cone, line_cells, visible_cells
from brikwars_gui.engine.grid import Grid, find_path, path_cost, reachable, step_cost

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    w = draw(st.integers(2, 9))
    h = draw(st.integers(2, 9))
    n = w * h
    g = Grid.empty(w, h)
    g.passable[:] = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=bool).reshape(h, w)
    g.passable |= np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n))).reshape(h, w)  # ~75 % open
    g.sight_blocked[:] = ~g.passable
    g.half_speed[:] = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n))).reshape(h, w)
    g.half_speed &= np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n))).reshape(h, w)
    elev = draw(st.lists(st.sampled_from([0, 0, 0, 2, 3, 5, 8]), min_size=n, max_size=n))
    g.elevation[:] = np.array(elev, dtype=np.int16).reshape(h, w)
    return g


def cell_in(g: Grid) -> st.SearchStrategy[tuple[int, int]]:
    return st.tuples(st.integers(0, g.width - 1), st.integers(0, g.height - 1))


def reference_costs(g: Grid, start, half_speed: bool, parity: int, blocked=frozenset()) -> dict:
    """Bellman-Ford over (cell, parity) states: slow, obviously faithful to GRID-2."""
    inf = float("inf")
    best = {(start, parity): 0}
    changed = True
    while changed:
        changed = False
        for (cell, p), c in list(best.items()):
            x, y = cell
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    nx, ny = x + dx, y + dy
                    if (dx, dy) == (0, 0) or not g.in_bounds((nx, ny)) or not g.passable[ny, nx]:
                        continue
                    if (nx, ny) in blocked or g.elevation[ny, nx] - g.elevation[y, x] > 3:
                        continue
                    diagonal = dx != 0 and dy != 0
                    if diagonal and not (g.passable[y, nx] and g.passable[ny, x]):
                        continue
                    up = int(g.elevation[ny, nx]) - int(g.elevation[y, x])  # R-MOVE-2: inches climbed
                    nc = c + step_cost(diagonal, p, half_speed or bool(g.half_speed[ny, nx]), up)
                    key = ((nx, ny), p ^ 1 if diagonal else p)
                    if nc < best.get(key, inf):
                        best[key] = nc
                        changed = True
    out: dict = {}
    for (cell, _), c in best.items():
        out[cell] = min(c, out.get(cell, inf))
    return out


@SETTINGS
@given(data=st.data())
def test_grid_2_reachable_matches_brute_force(data: st.DataObject) -> None:
    g = data.draw(grids())
    start = data.draw(cell_in(g))
    g.passable[start[1], start[0]] = True
    half = data.draw(st.booleans())
    parity = data.draw(st.integers(0, 1))
    budget = data.draw(st.integers(0, 14))
    blocked = frozenset(data.draw(st.lists(cell_in(g), max_size=3))) - {start}
    got = reachable(g, start, budget, half_speed=half, diagonal_parity=parity, blocked=blocked)
    ref = reference_costs(g, start, half, parity, blocked)
    assert got == {c: v for c, v in ref.items() if v <= budget}
    assert all(0 <= v <= budget for v in got.values())


@SETTINGS
@given(data=st.data())
def test_grid_2_find_path_total_equals_path_cost_and_reachable(data: st.DataObject) -> None:
    g = data.draw(grids())
    start, goal = data.draw(cell_in(g)), data.draw(cell_in(g))
    g.passable[start[1], start[0]] = True
    half = data.draw(st.booleans())
    parity = data.draw(st.integers(0, 1))
    allies = frozenset(data.draw(st.lists(cell_in(g), max_size=3))) - {start}
    path = find_path(g, start, goal, half_speed=half, diagonal_parity=parity, no_stop=allies)
    reach = reachable(g, start, 1000, half_speed=half, diagonal_parity=parity, no_stop=allies)
    if path is None:
        assert goal not in reach
        return
    assert path.cells[0] == start and path.end == goal
    assert reach[goal] == path.total
    assert path.total == path_cost(g, path.cells, half_speed=half, diagonal_parity=parity, no_stop=allies)
    assert all(g.passable[y, x] for x, y in path.cells)  # R-MOVE-3
    assert all(b - a >= 0 for a, b in zip(path.costs, path.costs[1:], strict=False))
    for k in range(1, len(path.cells)):  # cumulative costs agree with the prefix cost
        assert path.costs[k] == path_cost(g, path.cells[: k + 1], half_speed=half, diagonal_parity=parity)
    # the budget bound is tight
    assert (
        find_path(g, start, goal, budget=path.total, half_speed=half, diagonal_parity=parity, no_stop=allies)
        is not None
    )
    if path.total:
        assert (
            find_path(
                g, start, goal, budget=path.total - 1, half_speed=half, diagonal_parity=parity, no_stop=allies
            )
            is None
        )


@SETTINGS
@given(data=st.data())
def test_grid_2_every_reachable_cell_has_a_path_of_that_cost(data: st.DataObject) -> None:
    g = data.draw(grids())
    start = data.draw(cell_in(g))
    g.passable[start[1], start[0]] = True
    budget = data.draw(st.integers(0, 8))
    for cell, cost in reachable(g, start, budget).items():
        path = find_path(g, start, cell, budget=budget)
        assert path is not None and path.total == cost


@given(
    st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
    st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
)
def test_grid_3_distance_symmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert distance(a, b) == distance(b, a)
    assert distance(a, a) == 0


@given(st.tuples(st.integers(0, 30), st.integers(0, 30)), st.tuples(st.integers(0, 30), st.integers(0, 30)))
def test_grid_5_supercover_is_connected_and_symmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    cells = line_cells(a, b)
    assert cells[0] == a and cells[-1] == b
    assert set(cells) == set(line_cells(b, a))
    for p, q in itertools.pairwise(cells):
        assert max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1


@SETTINGS
@given(data=st.data())
def test_grid_5_line_of_sight_is_symmetric_and_matches_visible_cells(data: st.DataObject) -> None:
    g = data.draw(grids())
    smoke = np.array(
        data.draw(st.lists(st.booleans(), min_size=g.width * g.height, max_size=g.width * g.height))
    ).reshape(g.shape)
    smoke &= g.passable
    sm = smoke if data.draw(st.booleans()) else None
    a = data.draw(cell_in(g))
    mask = visible_cells(g, a, smoke=sm)
    for y in range(g.height):
        for x in range(g.width):
            los = has_line_of_sight(g, a, (x, y), smoke=sm)
            assert los == has_line_of_sight(g, (x, y), a, smoke=sm)
            assert mask[y, x] == (los and (x, y) != a)


@SETTINGS
@given(data=st.data())
def test_grid_5_visible_cells_within_a_range_and_cone_match_line_of_sight(data: st.DataObject) -> None:
    """Within a range (read off the table of walks, issue 26) as without: the cells in range, in
    the Cone of Vision when a facing is given, with a clear line of sight (GRID-5, R-HAZ-7 smoke)."""
    g = data.draw(grids())
    smoke = np.array(
        data.draw(st.lists(st.booleans(), min_size=g.width * g.height, max_size=g.width * g.height))
    ).reshape(g.shape)
    sm = smoke & g.passable if data.draw(st.booleans()) else None
    a = data.draw(cell_in(g))
    facing = data.draw(st.sampled_from([None, "N", "NE", "E", "SE", "S", "SW", "W", "NW"]))
    reach = data.draw(st.sampled_from([0.5, 1.0, 1.5, 2.5, 4.2, 6.0, 40.0]))
    mask = visible_cells(g, a, facing, max_range=reach, smoke=sm)
    for y in range(g.height):
        for x in range(g.width):
            dx, dy = x - a[0], y - a[1]
            expected = (
                (x, y) != a
                and dx * dx + dy * dy <= reach * reach
                and (facing is None or in_cone(a, facing, (x, y)))
                and has_line_of_sight(g, a, (x, y), smoke=sm)
            )
            assert mask[y, x] == expected
