"""Battlefield geometry: terrain arrays, GRID-2 movement costs, pathfinding, line of sight, cones.

Pure Python + numpy (no Qt, no `random`).  Conventions (see docs/rules-decisions.md, "Geometry"):

* A cell is `(x, y)`; arrays are shaped `(height, width)` and indexed `[y, x]`; `(0, 0)` is the
  top-left cell and N points towards y = 0 (GRID-1).
* Movement (GRID-2): an orthogonal step costs 1"; diagonal steps alternate 1", 2", 1", ... within
  one move (the parity is carried in `diagonal_parity`).  A step costs double when the unit is at
  Half Speed (R-MOVE-7) *or* the cell entered is Half Speed terrain (mud, rough, water: R-MOVE-6);
  the two causes never stack (R-MOVE-8, R-MOVE-10).  Obstacles are impassable (R-MOVE-3), a step
  may rise at most 3 bricks (R-MOVE-3, GRID-9) and may drop any height, and a diagonal step may not
  cut the corner of an impassable orthogonal neighbour.  A step that rises also pays the inches it
  climbs (R-MOVE-2, `rise_inches`).
* Other units: `blocked` cells (enemies) can be neither entered nor passed; `no_stop` cells (allies)
  can be passed through but a move may not end there.
* Line of sight (GRID-5, R-HAZ-7): supercover line between cell centres.  Sight-blocking cells
  strictly between the two cells block; Smoke blocks anywhere on the line, the two end cells
  included.  A line that only grazes a cell corner is blocked there only when both cells beside the
  corner are opaque.
* Cone of Vision (GRID-6, R-RESP-3): a cell is in the cone when its centre is at most 45° off the
  facing (exactly 45° counts); the viewer's own cell is never in its cone.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.scenario.models import TerrainKind

if TYPE_CHECKING:
    from brikwars_gui.scenario.models import Scenario

__all__ = [
    "BRICKS_PER_INCH",
    "MAX_CLIMB_BRICKS",
    "TERRAIN_KINDS",
    "Cell",
    "Grid",
    "IllegalPath",
    "Path",
    "Reach",
    "cumulative_costs",
    "find_path",
    "path_cost",
    "reach_cells",
    "reach_search",
    "reach_searches",
    "reachable",
    "rise_inches",
    "step_cost",
]

Cell = tuple[int, int]
"""A cell `(x, y)`."""

BRICKS_PER_INCH = 3
"""GRID-9: elevation is kept in bricks; 3 bricks = 1 inch."""

MAX_CLIMB_BRICKS = 3
"""R-MOVE-3: one step (jump) rises at most 1" = 3 bricks. Dropping down is unlimited."""

TERRAIN_KINDS: tuple[TerrainKind, ...] = tuple(TerrainKind)
"""`Grid.terrain` holds indices into this tuple (0 = open)."""

_HALF_SPEED_KINDS = frozenset({TerrainKind.MUD, TerrainKind.ROUGH, TerrainKind.WATER})


class IllegalPath(ValueError):
    """An explicit path breaks a movement rule; the message names the step and the reason."""


# --------------------------------------------------------------------------------------------
# The grid


@dataclass(eq=False)
class Grid:
    """Static battlefield arrays, each shaped `(height, width)` and indexed `[y, x]`.

    The arrays are plain numpy arrays: runtime code may change them (a wall is destroyed, ...),
    nothing here caches anything derived from them.
    """

    passable: np.ndarray  # bool: False for obstacles and movement-blocking objects (R-MOVE-3)
    sight_blocked: np.ndarray  # bool: obstacles and sight-blocking objects (GRID-5)
    half_speed: np.ndarray  # bool: mud, rough, water (R-MOVE-6)
    water: np.ndarray  # bool: swimming terrain
    elevation: np.ndarray  # int16 bricks (GRID-9)
    terrain: np.ndarray  # uint8 index into TERRAIN_KINDS
    object_at: np.ndarray  # int16 index into scenario.objects of the object on the cell, -1 for none

    def __post_init__(self) -> None:
        shape = self.passable.shape
        if len(shape) != 2:
            raise ValueError(f"grid arrays must be 2-D (height, width), got shape {shape}")
        for name in ("sight_blocked", "half_speed", "water", "elevation", "terrain", "object_at"):
            if getattr(self, name).shape != shape:
                raise ValueError(f"grid array {name} has shape {getattr(self, name).shape}, expected {shape}")

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def empty(cls, width: int, height: int) -> Grid:
        """An open, flat battlefield (handy for tests)."""
        if width < 1 or height < 1:
            raise ValueError(f"grid size must be positive, got {width}x{height}")
        shape = (height, width)
        return cls(
            passable=np.ones(shape, dtype=bool),
            sight_blocked=np.zeros(shape, dtype=bool),
            half_speed=np.zeros(shape, dtype=bool),
            water=np.zeros(shape, dtype=bool),
            elevation=np.zeros(shape, dtype=np.int16),
            terrain=np.zeros(shape, dtype=np.uint8),
            object_at=np.full(shape, -1, dtype=np.int16),
        )

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> Grid:
        """Build the arrays once from a validated scenario.

        Terrain regions paint in file order: the last region covering a cell decides its kind and
        its elevation (as `Scenario.terrain_at`); cells in no region are open ground at elevation 0.
        Objects with `blocks_movement` make their cells impassable, objects with `blocks_sight`
        make them opaque; objects never change the elevation.
        """
        bf = scenario.battlefield
        grid = cls.empty(bf.width, bf.height)
        codes = {kind: i for i, kind in enumerate(TERRAIN_KINDS)}
        for n, region in enumerate(scenario.terrain):
            xs, ys = _area_indices(region.iter_cells(), bf.width, bf.height, f"terrain[{n}]")
            grid.terrain[ys, xs] = codes[region.kind]
            grid.elevation[ys, xs] = region.elevation
        kinds = np.array(TERRAIN_KINDS, dtype=object)[grid.terrain]
        grid.passable[:] = kinds != TerrainKind.OBSTACLE
        grid.sight_blocked[:] = ~grid.passable
        grid.water[:] = kinds == TerrainKind.WATER
        grid.half_speed[:] = np.isin(grid.terrain, [codes[k] for k in _HALF_SPEED_KINDS])
        for n, obj in enumerate(scenario.objects):
            xs, ys = _area_indices(obj.iter_cells(), bf.width, bf.height, f"objects[{n}] ({obj.id})")
            grid.object_at[ys, xs] = n
            if obj.blocks_movement:
                grid.passable[ys, xs] = False
            if obj.blocks_sight:
                grid.sight_blocked[ys, xs] = True
        return grid

    # -- helpers ------------------------------------------------------------------------------

    @property
    def width(self) -> int:
        return int(self.passable.shape[1])

    @property
    def height(self) -> int:
        return int(self.passable.shape[0])

    @property
    def shape(self) -> tuple[int, int]:
        """`(height, width)`, the shape of every array."""
        return (self.height, self.width)

    def in_bounds(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def check(self, cell: Cell, what: str = "cell") -> None:
        """Raise ValueError when `cell` lies outside the battlefield."""
        if not self.in_bounds(cell):
            raise ValueError(f"{what} {tuple(cell)} is outside the {self.width}x{self.height} battlefield")

    def mask(self, cells: Iterable[Cell]) -> np.ndarray:
        """A bool array, True on the given cells (e.g. the Smoke mask for `has_line_of_sight`)."""
        out = np.zeros(self.shape, dtype=bool)
        pts = list(cells)
        if pts:
            xs, ys = _area_indices(pts, self.width, self.height, "mask")
            out[ys, xs] = True
        return out

    def copy(self) -> Grid:
        return Grid(
            passable=self.passable.copy(),
            sight_blocked=self.sight_blocked.copy(),
            half_speed=self.half_speed.copy(),
            water=self.water.copy(),
            elevation=self.elevation.copy(),
            terrain=self.terrain.copy(),
            object_at=self.object_at.copy(),
        )


def _area_indices(cells: Sequence[Cell], width: int, height: int, what: str) -> tuple[np.ndarray, np.ndarray]:
    arr = np.asarray(cells, dtype=np.int64).reshape(-1, 2)
    xs, ys = arr[:, 0], arr[:, 1]
    bad = (xs < 0) | (xs >= width) | (ys < 0) | (ys >= height)
    if bad.any():
        x, y = arr[int(np.argmax(bad))]
        raise ValueError(f"{what}: cell ({x}, {y}) is outside the {width}x{height} battlefield")
    return xs, ys


# --------------------------------------------------------------------------------------------
# Movement (GRID-2, R-MOVE-3/6/7/8/10)


@dataclass(frozen=True)
class Path:
    """A legal move: `cells[0]` is the start, `costs[i]` the cumulative Move spent on reaching
    `cells[i]` (so `costs[0] == 0`), `total == costs[-1]`, and `diagonal_parity` the parity of
    diagonal steps taken by the end of the path (feed it to the next leg of the same move)."""

    cells: tuple[Cell, ...]
    costs: tuple[int, ...]
    diagonal_parity: int = 0

    @property
    def total(self) -> int:
        return self.costs[-1]

    @property
    def end(self) -> Cell:
        return self.cells[-1]

    def __len__(self) -> int:
        return len(self.cells)


def rise_inches(rise: int) -> int:
    """Inches a step climbs when it rises `rise` bricks (R-MOVE-2: inch for inch), to the nearest
    inch: a plate edge (1 brick) is not counted, 2-3 bricks are 1"; drops cost nothing."""
    return (rise + 1) // BRICKS_PER_INCH if rise > 1 else 0


def step_cost(diagonal: bool, parity: int, doubled: bool, rise: int = 0) -> int:
    """Cost of one step (GRID-2): orthogonal 1, diagonal 1 on even parity and 2 on odd, plus the
    inches it climbs (`rise` bricks, R-MOVE-2), doubled at Half Speed or into Half Speed terrain
    (R-MOVE-7: 2" per inch; R-MOVE-8: only those steps; never quadrupled, R-MOVE-10)."""
    base = ((2 if parity else 1) if diagonal else 1) + rise_inches(rise)
    return base * 2 if doubled else base


def cumulative_costs(
    grid: Grid, cells: Sequence[Cell], *, half_speed: bool = False, parity: int = 0
) -> tuple[list[int], list[int]]:
    """GRID-2 costs along `cells` (already legal steps): (cumulative cost after each cell, costs[0]
    = 0; the diagonal parity after each cell). Every step uses `step_cost`, doubled at Half Speed
    or into Half Speed terrain, with the inches each step climbs (R-MOVE-2)."""
    costs, parities = [0], [parity]
    total = 0
    hs, elev = grid.half_speed, grid.elevation
    for (ax, ay), (bx, by) in itertools.pairwise(cells):
        diagonal = ax != bx and ay != by
        rise = int(elev[by, bx]) - int(elev[ay, ax])
        total += step_cost(diagonal, parity, half_speed or bool(hs[by, bx]), rise)
        if diagonal:
            parity ^= 1
        costs.append(total)
        parities.append(parity)
    return costs, parities


def _cell_set(cells: Iterable[Cell]) -> frozenset[Cell]:
    return cells if isinstance(cells, frozenset) else frozenset((int(c[0]), int(c[1])) for c in cells)


class _Window:
    """A padded copy of the part of the grid a search may touch (1 cell of wall around): `arrays`
    = (passable, enterable, elevation, step cost multiplier), each 2-D, flattened by the search."""

    __slots__ = ("W", "arrays", "ox", "oy")

    def __init__(
        self,
        grid: Grid,
        x0: int,
        y0: int,
        x1: int,
        y1: int,
        blocked: Collection[Cell],
        half_speed: bool,
    ) -> None:
        ww, wh = x1 - x0, y1 - y0
        self.W = ww + 2
        self.ox, self.oy = x0 - 1, y0 - 1
        tpass = np.zeros((wh + 2, ww + 2), dtype=bool)
        tpass[1:-1, 1:-1] = grid.passable[y0:y1, x0:x1]
        enter = tpass.copy()
        if isinstance(blocked, set | frozenset) and len(blocked) > ww * wh:
            # a big battle blocks more cells than the window holds: look up the window's cells
            for by in range(y0, y1):
                for bx in range(x0, x1):
                    if (bx, by) in blocked:
                        enter[by - self.oy, bx - self.ox] = False
        else:
            for bx, by in blocked:
                if x0 <= bx < x1 and y0 <= by < y1:
                    enter[by - self.oy, bx - self.ox] = False
        elev = np.zeros((wh + 2, ww + 2), dtype=np.int32)
        elev[1:-1, 1:-1] = grid.elevation[y0:y1, x0:x1]
        if half_speed:
            mult = np.full((wh + 2, ww + 2), 2, dtype=np.int32)
        else:
            mult = np.ones((wh + 2, ww + 2), dtype=np.int32)
            mult[1:-1, 1:-1] += grid.half_speed[y0:y1, x0:x1]
        self.arrays = (tpass, enter, elev, mult)

    @classmethod
    def placed(cls, width: int, ox: int, oy: int) -> _Window:
        """A window `width` wide whose cell (0, 0) is the grid's (ox, oy), without its arrays
        (`reach_searches` cuts them out of one padded copy of the grid)."""
        win = cls.__new__(cls)
        win.W, win.ox, win.oy, win.arrays = width, ox, oy, ()
        return win

    def index(self, cell: Cell) -> int:
        return (cell[1] - self.oy) * self.W + (cell[0] - self.ox)

    def cell(self, index: int) -> Cell:
        y, x = divmod(index, self.W)
        return (x + self.ox, y + self.oy)


def _search(
    grid: Grid,
    start: Cell,
    budget: int | None,
    blocked: Collection[Cell],
    half_speed: bool,
    parity: int,
    goal: Cell,
    max_rise: int = MAX_CLIMB_BRICKS,
) -> tuple[_Window, list[float], dict[int, int], int | None]:
    """A* toward `goal` over (cell, diagonal parity) states (`find_path`; `reachable` needs no
    path and uses `_reach_costs`, whose step rules are the same).

    Returns the window, the per-state best cost list (state = index * 2 + parity), the
    predecessor map and the goal state reached (or None).
    """
    sx, sy = start
    if budget is None:
        x0, y0, x1, y1 = 0, 0, grid.width, grid.height
    else:
        # every step costs >= 1, so nothing beyond Chebyshev distance `budget` is reachable
        x0, y0 = max(0, sx - budget), max(0, sy - budget)
        x1, y1 = min(grid.width, sx + budget + 1), min(grid.height, sy + budget + 1)
    win = _Window(grid, x0, y0, x1, y1, blocked, half_speed)
    W = win.W
    tpass, enter, elev, mult = (a.ravel().tolist() for a in win.arrays)
    limit = math.inf if budget is None else budget
    dist: list[float] = [math.inf] * (len(enter) * 2)
    prev: dict[int, int] = {}
    s0 = win.index(start) * 2 + parity
    dist[s0] = 0
    orth = (1, -1, W, -W)
    diag = ((W + 1, 1, W), (W - 1, -1, W), (1 - W, 1, -W), (-1 - W, -1, -W))
    climb = max_rise
    push, pop = heapq.heappush, heapq.heappop

    gx, gy = goal[0] - win.ox, goal[1] - win.oy
    hmul = 2 if half_speed else 1
    goal_index = win.index(goal)

    def h(i: int, p: int) -> int:
        y, x = divmod(i, W)
        dx, dy = abs(x - gx), abs(y - gy)
        if dx < dy:
            dx, dy = dy, dx
        return (dx + (dy + p) // 2) * hmul

    heap: list[tuple[float, int, int]] = [(h(s0 >> 1, parity), 0, s0)]
    while heap:
        _, c, s = pop(heap)
        if c > dist[s]:
            continue
        i = s >> 1
        p = s & 1
        if i == goal_index:
            return win, dist, prev, s
        ei = elev[i]
        e = ei + climb
        for d in orth:
            j = i + d
            if not enter[j] or elev[j] > e:
                continue
            up = elev[j] - ei  # R-MOVE-2: the inches climbed (`rise_inches`)
            nc = c + (1 + ((up + 1) // 3 if up > 1 else 0)) * mult[j]
            if nc > limit:
                continue
            ns = (j << 1) | p
            if nc < dist[ns]:
                dist[ns] = nc
                prev[ns] = s
                push(heap, (nc + h(j, p), nc, ns))
        step = 2 if p else 1
        q = p ^ 1
        for d, a, b in diag:
            j = i + d
            if not enter[j] or not tpass[i + a] or not tpass[i + b] or elev[j] > e:
                continue
            up = elev[j] - ei
            nc = c + (step + ((up + 1) // 3 if up > 1 else 0)) * mult[j]
            if nc > limit:
                continue
            ns = (j << 1) | q
            if nc < dist[ns]:
                dist[ns] = nc
                prev[ns] = s
                push(heap, (nc + h(j, q), nc, ns))
    return win, dist, prev, None


_DIRECTIONS = np.array([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)])
_DIAGONAL = np.array([False] * 4 + [True] * 4)
_BASE = np.where(_DIAGONAL, np.array([[1], [2]], dtype=np.int32), np.int32(1))[:, :, None]
"""GRID-2 base cost of each step (rows: diagonal parity 0 and 1; columns: `_DIRECTIONS`)."""


def _step_tables(arrays: Sequence[np.ndarray], max_rise: int) -> tuple[np.ndarray, np.ndarray]:
    """(cost, offset): `cost[n, p, k, i]` is the cost of step k (`_DIRECTIONS`) from cell i of
    window n at diagonal parity p, 0 where the step is illegal: the same rules as `_search` (GRID-2
    costs, R-MOVE-2 climb, R-MOVE-3 obstacles, climb limit and corners, Half Speed doubling),
    worked out for whole windows at once; `arrays` are `_Window.arrays` stacked, (n, H, W) each.
    A state is `index * 2 + parity`, so step k moves a state by `offset[p, k]`: `2d` for a step
    of d cells, plus or minus 1 when a diagonal flips the parity."""
    n, H, W = arrays[0].shape
    tpass, enter, elev, mult = (a.reshape(n, H * W) for a in arrays)
    inner = (np.arange(1, H - 1)[:, None] * W + np.arange(1, W - 1)[None, :]).ravel()
    dx, dy = _DIRECTIONS[:, 0, None], _DIRECTIONS[:, 1, None]
    to = inner[None, :] + dy * W + dx  # (8 steps, cells)
    up = elev[:, to] - elev[:, inner][:, None, :]  # (windows, 8 steps, cells)
    ok = enter[:, to] & (up <= max_rise)
    # a diagonal may not cut the corner of an impassable orthogonal neighbour
    corner = tpass[:, inner[None, :] + dx] & tpass[:, inner[None, :] + dy * W]
    ok &= corner | ~_DIAGONAL[:, None]
    extra = np.where(up > 1, (up + 1) // BRICKS_PER_INCH, 0)  # `rise_inches`
    cost = np.zeros((n, 2, len(_DIRECTIONS), H * W), dtype=np.int32)
    cost[..., inner] = np.where(ok[:, None], (_BASE[None] + extra[:, None]) * mult[:, to][:, None], 0)
    offset = 2 * (_DIRECTIONS[:, 1] * W + _DIRECTIONS[:, 0])[None, :] + np.where(_DIAGONAL, [[1], [-1]], 0)
    return cost, offset


def _dial(cost: np.ndarray, offset: np.ndarray, starts: np.ndarray, budget: int) -> np.ndarray:
    """The minimum cost of every state of every window (`_step_tables`' `cost`), each from its
    start state (`starts`, one per window), `budget + 1` where out of reach: (windows, states).

    Dial's algorithm in numpy: every step costs a whole number of inches >= 1, so the states
    costing c are final once the cheaper ones have been expanded, and all of them (in every
    window) take their 8 steps at once (issue 26: the default AI asks every unit's reach)."""
    n, states = cost.shape[0], cost.shape[3] * 2
    dist = np.full(n * states, budget + 1, dtype=np.int32)
    dist[np.arange(n) * states + starts] = 0
    for c in range(budget):  # states costing `budget` reach nothing within it
        at = np.flatnonzero(dist == c)
        if not len(at):
            continue
        p = at & 1
        if n == 1:
            k = cost[0, p, :, at >> 1]  # (states, 8 steps)
        else:
            window, state = np.divmod(at, states)
            k = cost[window, p, :, state >> 1]
        to = at[:, None] + offset[p]  # windows are laid end to end: a step stays in its own
        nc = c + k
        better = (k > 0) & (nc < dist[to])  # dist is at most budget + 1: nc <= budget
        np.minimum.at(dist, to[better], nc[better])
    return dist.reshape(n, states)


def _reach_costs(
    grid: Grid,
    start: Cell,
    budget: int,
    blocked: Collection[Cell],
    half_speed: bool,
    parity: int,
    max_rise: int,
) -> tuple[_Window, np.ndarray, np.ndarray]:
    """The minimum cost of every (cell, diagonal parity) state within `budget` (state = index * 2
    + parity; `budget + 1` where out of reach), the same costs `_search` finds (`_dial`), and the
    step cost table (`_step_tables`) they were found with."""
    sx, sy = start
    x0, y0 = max(0, sx - budget), max(0, sy - budget)
    x1, y1 = min(grid.width, sx + budget + 1), min(grid.height, sy + budget + 1)
    win = _Window(grid, x0, y0, x1, y1, blocked, half_speed)
    cost, offset = _step_tables([a[None] for a in win.arrays], max_rise)
    dist = _dial(cost, offset, np.array([win.index(start) * 2 + parity]), budget)
    return win, dist[0], cost[0]


class Reach:
    """Every (cell, diagonal parity) state a unit can reach within a budget, with its cost
    (`reach_search`): the cells `reachable` lists, and the path to any of them (`path_to`), the
    very path `find_path` would return, read off the same search instead of searching again."""

    __slots__ = ("_cost", "_dist", "_win", "budget", "half_speed", "parity", "start")

    def __init__(
        self,
        start: Cell,
        budget: int,
        half_speed: bool,
        parity: int,
        found: tuple[_Window, np.ndarray, np.ndarray],
    ) -> None:
        self.start, self.budget, self.half_speed, self.parity = start, budget, half_speed, parity
        self._win, self._dist, self._cost = found  # `_reach_costs`'s answer

    def costs(self, leave_out: frozenset[Cell] = frozenset()) -> dict[Cell, int]:
        """Each reachable cell (the start included) but `leave_out`, and its minimum cost over both
        parities, in row order."""
        xs, ys, costs = self.cost_arrays()
        cells = zip(xs.tolist(), ys.tolist(), strict=True)
        if not leave_out:
            return dict(zip(cells, costs.tolist(), strict=True))
        return {cell: c for cell, c in zip(cells, costs.tolist(), strict=True) if cell not in leave_out}

    def cost_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """`costs()` as numpy arrays: the x, the y and the cost of each reachable cell (the start
        included), in row order (the default AI reads them as they are, issue 26)."""
        win = self._win
        costs = np.minimum(self._dist[0::2], self._dist[1::2])  # not min(axis=1): ~10x faster here
        where = np.flatnonzero(costs <= self.budget)
        ys, xs = np.divmod(where, win.W)
        return xs + win.ox, ys + win.oy, costs[where]

    def path_to(self, goal: Cell) -> Path | None:
        """The path `find_path` returns to `goal` with this search's arguments (None when out of
        reach), rebuilt backwards from the goal without a new search.

        `find_path`'s A* pops states in increasing (cost + h, cost, state) order (its heuristic
        `h` is consistent: the exact cost on open, flat ground), and a state's predecessor is the
        first popped of those it is cheapest through. So the goal state is the cheaper of its two
        parities (parity 0 on a tie), and each state's predecessor is, among the states one step
        back whose cost plus the step's equals its own, the one with the smallest (cost + h, cost,
        state)."""
        win, dist, cost = self._win, self._dist, self._cost
        gx, gy = goal[0] - win.ox, goal[1] - win.oy
        W = win.W
        if not (1 <= gx < W - 1 and 1 <= gy < len(dist) // (2 * W) - 1):
            return None
        gi = gy * W + gx
        end = gi * 2 if dist[gi * 2] <= dist[gi * 2 + 1] else gi * 2 + 1
        if dist[end] > self.budget:
            return None
        hmul = 2 if self.half_speed else 1
        steps = _back_steps(W)
        states = [end]
        s = end
        start = win.index(self.start) * 2 + self.parity
        at, step_cost_of = dist.item, cost.item  # Python ints, no numpy scalars (issue 26)
        while s != start:
            i, q = s >> 1, s & 1
            here = at(s)
            best: tuple[int, int, int] | None = None
            for d, k, diagonal in steps:
                j = i - d
                p = q ^ diagonal
                c = step_cost_of(p, k, j)
                u = j * 2 + p
                if c and at(u) + c == here:
                    y, x = divmod(j, W)
                    dx, dy = abs(x - gx), abs(y - gy)
                    if dx < dy:
                        dx, dy = dy, dx
                    g = here - c
                    key = (g + (dx + (dy + p) // 2) * hmul, g, u)
                    if best is None or key < best:
                        best = key
            assert best is not None, "a reached state has a predecessor"
            s = best[2]
            states.append(s)
        states.reverse()
        cells = tuple(win.cell(s >> 1) for s in states)
        return Path(cells, tuple(at(s) for s in states), end & 1)


@functools.lru_cache(maxsize=64)
def _back_steps(W: int) -> tuple[tuple[int, int, int], ...]:
    """(index offset, `_DIRECTIONS` row, 1 for a diagonal) of each step, for a window W wide."""
    return tuple(
        (int(dy * W + dx), k, int(diag))
        for k, ((dx, dy), diag) in enumerate(zip(_DIRECTIONS.tolist(), _DIAGONAL, strict=True))
    )


def reach_search(
    grid: Grid,
    start: Cell,
    budget: int,
    *,
    blocked: Collection[Cell] = frozenset(),
    half_speed: bool = False,
    diagonal_parity: int = 0,
    max_rise: int = MAX_CLIMB_BRICKS,
) -> Reach:
    """The search behind `reachable` (same arguments but `no_stop`), kept: its `path_to` a cell
    is `find_path`'s path there with the same arguments and `budget`."""
    start = _check_start(grid, start, diagonal_parity)
    if budget < 0:
        raise ValueError(f"budget must be >= 0, got {budget}")
    found = _reach_costs(grid, start, int(budget), blocked, half_speed, diagonal_parity, max_rise)
    return Reach(start, int(budget), half_speed, diagonal_parity, found)


def _check_start(grid: Grid, start: Cell, diagonal_parity: int) -> Cell:
    start = (int(start[0]), int(start[1]))
    grid.check(start, "start")
    if diagonal_parity not in (0, 1):
        raise ValueError(f"diagonal_parity must be 0 or 1, got {diagonal_parity}")
    return start


def reachable(
    grid: Grid,
    start: Cell,
    budget: int,
    *,
    blocked: Collection[Cell] = frozenset(),
    no_stop: Collection[Cell] = frozenset(),
    half_speed: bool = False,
    diagonal_parity: int = 0,
    max_rise: int = MAX_CLIMB_BRICKS,
) -> dict[Cell, int]:
    """Every cell a unit at `start` can end its move on with at most `budget` inches, with the
    minimum cost (GRID-2).  `blocked` cells (enemy units) can be neither entered nor passed;
    `no_stop` cells (allied units) can be passed through but are not returned.  The start cell is
    always returned at cost 0.  `diagonal_parity` is the parity of diagonal steps already taken
    in this move.  `max_rise` is the most bricks one step may climb (R-MOVE-9: 1 at Half Speed)."""
    reach = reach_search(
        grid,
        start,
        budget,
        blocked=blocked,
        half_speed=half_speed,
        diagonal_parity=diagonal_parity,
        max_rise=max_rise,
    )
    return reach_cells(reach, no_stop)


def reach_searches(
    grid: Grid,
    starts: Sequence[tuple[Cell, int]],
    budget: int,
    *,
    blocked: Collection[Cell] = frozenset(),
    half_speed: bool = False,
    max_rise: int = MAX_CLIMB_BRICKS,
) -> list[Reach]:
    """`reach_search` from each (start, diagonal parity) of `starts` with the same other arguments,
    in one numpy pass over all of their windows (issue 26: one search per unit cost more in numpy
    calls than in arithmetic). Each window is cut out of one copy of the grid with a wall of
    `budget + 1` cells around it, so windows at the edge hold walls where `reach_search`'s are
    cut short: nothing within `budget` can tell, and the paths (`Reach.path_to`) are the same."""
    budget = int(budget)
    pad, side = budget + 1, 2 * budget + 3
    H, W = grid.shape
    inside = (slice(pad, pad + H), slice(pad, pad + W))
    tpass = np.zeros((H + 2 * pad, W + 2 * pad), dtype=bool)
    tpass[inside] = grid.passable
    enter = tpass.copy()
    cells = np.array(list(blocked), dtype=np.int64).reshape(-1, 2)
    cells = cells[(cells[:, 0] >= 0) & (cells[:, 0] < W) & (cells[:, 1] >= 0) & (cells[:, 1] < H)]
    enter[cells[:, 1] + pad, cells[:, 0] + pad] = False
    elev = np.zeros(tpass.shape, dtype=np.int32)
    elev[inside] = grid.elevation
    mult = np.full(tpass.shape, 2 if half_speed else 1, dtype=np.int32)
    if not half_speed:
        mult[inside] += grid.half_speed
    at = [_check_start(grid, start, parity) for start, parity in starts]
    middle = ((side // 2) * side + side // 2) * 2
    out: list[Reach] = []
    for first in range(0, len(at), _BATCH):  # bounds the arrays: ~2.8 MB of step costs at Move 5
        part, parities = at[first : first + _BATCH], [parity for _, parity in starts[first : first + _BATCH]]
        xs = np.array([c[0] for c in part], dtype=np.int64)
        ys = np.array([c[1] for c in part], dtype=np.int64)
        # window n is the padded grid's [ys[n] : ys[n] + side, xs[n] : xs[n] + side]
        rows, cols = ys[:, None, None] + np.arange(side)[:, None], xs[:, None, None] + np.arange(side)
        cost, offset = _step_tables([a[rows, cols] for a in (tpass, enter, elev, mult)], max_rise)
        dist = _dial(cost, offset, middle + np.array(parities, dtype=np.int64), budget)
        out.extend(
            Reach(start, budget, half_speed, parity, (_Window.placed(side, x - pad, y - pad), d, c))
            for start, parity, x, y, d, c in zip(
                part, parities, xs.tolist(), ys.tolist(), dist, cost, strict=True
            )
        )
    return out


_BATCH = 128
"""Windows `reach_searches` works on in one numpy pass."""


def reach_cells(reach: Reach, no_stop: Collection[Cell] = frozenset()) -> dict[Cell, int]:
    """`reachable`'s answer from its search: the cells but `no_stop` ones, the start at cost 0."""
    out = reach.costs(_cell_set(no_stop))
    out[reach.start] = 0
    return out


def find_path(
    grid: Grid,
    start: Cell,
    goal: Cell,
    *,
    budget: int | None = None,
    blocked: Collection[Cell] = frozenset(),
    no_stop: Collection[Cell] = frozenset(),
    half_speed: bool = False,
    diagonal_parity: int = 0,
    max_rise: int = MAX_CLIMB_BRICKS,
) -> Path | None:
    """The cheapest legal move from `start` to `goal` (A* over cell and diagonal parity), or None
    when the goal cannot be reached (within `budget`, if given).  Same rules as `reachable`: its
    `total` equals `reachable(...)[goal]` and `path_cost(grid, path.cells, ...)`."""
    start = _check_start(grid, start, diagonal_parity)
    goal = (int(goal[0]), int(goal[1]))
    grid.check(goal, "goal")
    if goal == start:
        return Path((start,), (0,), diagonal_parity)
    if goal in _cell_set(no_stop) or goal in _cell_set(blocked):
        return None
    if budget is not None and budget < 0:
        return None
    b = None if budget is None else int(budget)
    if b is not None and max(abs(goal[0] - start[0]), abs(goal[1] - start[1])) > b:
        return None
    win, dist, prev, end = _search(grid, start, b, blocked, half_speed, diagonal_parity, goal, max_rise)
    if end is None:
        return None
    states = [end]
    while states[-1] in prev:
        states.append(prev[states[-1]])
    states.reverse()
    cells = tuple(win.cell(s >> 1) for s in states)
    costs = tuple(int(dist[s]) for s in states)
    return Path(cells, costs, end & 1)


def step_allowed(grid: Grid, a: Cell, b: Cell, max_rise: int = MAX_CLIMB_BRICKS) -> bool:
    """Whether `path_cost(grid, [a, b], max_rise=max_rise)` accepts the single step a → b to a
    neighbouring cell (`a` on the table): asked for each of a responder's 8 Angry Inch cells."""
    (ax, ay), (bx, by) = a, b
    if not (0 <= bx < grid.width and 0 <= by < grid.height) or (ax, ay) == (bx, by):
        return False
    passable = grid.passable
    if not passable[by, bx] or int(grid.elevation[by, bx]) - int(grid.elevation[ay, ax]) > max_rise:
        return False
    return ax == bx or ay == by or bool(passable[ay, bx] and passable[by, ax])


def path_cost(
    grid: Grid,
    cells: Sequence[Cell],
    *,
    half_speed: bool = False,
    blocked: Collection[Cell] = frozenset(),
    no_stop: Collection[Cell] = frozenset(),
    diagonal_parity: int = 0,
    max_rise: int = MAX_CLIMB_BRICKS,
) -> int:
    """The GRID-2 cost of an explicit path (`cells[0]` is the start).  Raises `IllegalPath`
    naming the first illegal step, e.g. `step 3 (4, 5)->(5, 5) enters an obstacle`."""
    if len(cells) == 0:
        raise IllegalPath("empty path: it must at least contain the start cell")
    pts = [(int(c[0]), int(c[1])) for c in cells]
    if not grid.in_bounds(pts[0]):
        raise IllegalPath(f"start {pts[0]} is outside the {grid.width}x{grid.height} battlefield")
    if diagonal_parity not in (0, 1):
        raise ValueError(f"diagonal_parity must be 0 or 1, got {diagonal_parity}")
    enemy = _cell_set(blocked)
    parity = diagonal_parity
    total = 0
    passable, elev, hs = grid.passable, grid.elevation, grid.half_speed
    width, height = grid.width, grid.height
    for n in range(1, len(pts)):
        (ax, ay), (bx, by) = pts[n - 1], pts[n]
        dx, dy = bx - ax, by - ay
        diagonal = dx != 0 and dy != 0
        if dx == 0 and dy == 0:
            problem = "does not move"
        elif abs(dx) > 1 or abs(dy) > 1:
            problem = "is not a step to a neighbouring cell"
        elif not (0 <= bx < width and 0 <= by < height):
            problem = f"leaves the {width}x{height} battlefield"
        elif not passable[by, bx]:
            problem = "enters an obstacle"
        elif (bx, by) in enemy:
            problem = "enters a cell held by a blocking unit"
        elif (rise := int(elev[by, bx]) - int(elev[ay, ax])) > max_rise:
            problem = f"climbs {rise} bricks (at most {max_rise} per step)"
        elif diagonal and not (passable[ay, bx] and passable[by, ax]):
            problem = "cuts the corner of an obstacle"
        else:
            total += step_cost(diagonal, parity, half_speed or bool(hs[by, bx]), rise)
            parity ^= diagonal
            continue
        # the message is built only for the step that fails (issue 26: sprint lines check each step)
        raise IllegalPath(f"step {n} ({ax}, {ay})->({bx}, {by}) {problem}")
    if len(pts) > 1 and pts[-1] in _cell_set(no_stop):
        raise IllegalPath(f"the move ends on {pts[-1]}, a cell it may only pass through")
    return total
