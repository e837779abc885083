"""The way round known hazards within one move, for the tactical AI: the engine walks a `move`
order along its shortest path, which may cross barbed wire or a minefield when a path a few
inches longer would not. For each cell the unit can reach this turn this finds the path that
crosses the least hazard (then the cheapest) within its Move — a search over the same GRID-2
steps, Half Speed, climbs, corners and blocking enemies the rules check — so the planner scores
what the move really risks and gives the move order as that explicit path (`Game.move` takes
one, and `Game.preview_path` checks it).
"""

from __future__ import annotations

import heapq

import numpy as np

from brikwars_gui.engine.grid import step_cost
from brikwars_gui.engine.rules.common import at_half_speed, max_rise
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.state import Cell, GameState, UnitState

Route = tuple[float, tuple[Cell, ...]]
"""(hazard crossed before the end cell, the path from the unit's cell to the end cell)."""


def hazard_near(unit: UnitState, hazard: np.ndarray) -> bool:
    """Any known hazard within the unit's Move: otherwise every shortest path is as safe."""
    x, y = unit.pos
    m = int(unit.move_left) + 1
    return bool(hazard[max(0, y - m) : y + m + 1, max(0, x - m) : x + m + 1].any())


def safe_routes(
    state: GameState, unit: UnitState, cells: list[Cell], hazard: np.ndarray
) -> dict[Cell, Route]:
    """For each of `cells` (the unit's legal end cells) the least-hazard path found within its
    Move left; cells the search does not reach are left out."""
    grid = state.grid
    blocked, _allies = state.unit_index().blockers(unit)
    water = water_cells(grid) if not unit.can_swim else frozenset()
    slow, rise, budget = at_half_speed(unit), max_rise(unit), unit.move_left
    start = unit.pos
    # labels (hazard, cost, parity, cell, parent label): every path that is not worse in both
    # hazard and cost than another to the same cell is kept (the safest way may be too long)
    labels: list[tuple[float, int, int, Cell, int]] = [(0.0, 0, unit.diagonal_parity, start, -1)]
    front: dict[Cell, list[tuple[float, int]]] = {start: [(0.0, 0)]}
    heap: list[tuple[float, int, int]] = [(0.0, 0, 0)]
    while heap:
        _hz, _cost, index = heapq.heappop(heap)
        hz, cost, parity, (x, y), _parent = labels[index]
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx == 0 and dy == 0) or not grid.in_bounds((nx, ny)) or not grid.passable[ny, nx]:
                    continue
                diagonal = dx != 0 and dy != 0
                if diagonal and not (grid.passable[y, nx] and grid.passable[ny, x]):
                    continue  # no cutting an obstacle's corner
                if (nx, ny) in blocked or (nx, ny) in water:
                    continue
                up = int(grid.elevation[ny, nx]) - int(grid.elevation[y, x])
                if up > rise:
                    continue
                c = cost + step_cost(diagonal, parity, slow or bool(grid.half_speed[ny, nx]), up)
                h = hz + float(hazard[ny, nx])
                known = front.setdefault((nx, ny), [])
                if c > budget or any(kh <= h + 1e-12 and kc <= c for kh, kc in known):
                    continue
                known[:] = [(kh, kc) for kh, kc in known if not (h <= kh and c <= kc)]
                known.append((h, c))
                labels.append((h, c, parity ^ int(diagonal), (nx, ny), index))
                heapq.heappush(heap, (h, c, len(labels) - 1))
    best: dict[Cell, int] = {}
    for index, (h, c, _p, cell, _parent) in enumerate(labels):
        if cell not in best or (h, c) < labels[best[cell]][:2]:
            best[cell] = index
    out: dict[Cell, Route] = {}
    for cell in cells:
        if cell == start or cell not in best:
            continue
        index, path = best[cell], []
        while index >= 0:
            path.append(labels[index][3])
            index = labels[index][4]
        path.reverse()
        out[cell] = (labels[best[cell]][0] - float(hazard[cell[1], cell[0]]), tuple(path))
    return out
