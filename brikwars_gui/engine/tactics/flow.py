"""Travel distance to the nearest enemy over the table (a flow field), for the tactical AI's
advance: walking toward an enemy in a straight line runs into burning buildings, minefields and
walls, and a unit scored on the straight-line distance stalls in front of them. The field counts
the way round instead: no way through obstacles (R-MOVE-3), and the hazards the unit knows about
priced in inches of detour they are worth (the planner passes half of a cell's danger, what
crossing it costs, per 0.05 of advance an inch: 6" for a minefield cell), so a unit heads for the
ford or around the fire. On open
ground it equals the straight-line distance (steps of 1" and √2"); Half Speed ground is not
charged extra (a rifleman may well stand in rough ground to shoot; the river's price is its
current).

Computed with numpy by relaxing all eight neighbour shifts until nothing changes (about one pass
per cell of the longest path), once per turn for each hazard map (the enemies stand still during
the turn; the planner's per-turn cache holds it).
"""

from __future__ import annotations

import hashlib

import numpy as np

from brikwars_gui.engine.grid import Grid
from brikwars_gui.engine.state import Cell

#: A diagonal step's length (so open ground gives the straight-line distance).
DIAGONAL = 2**0.5
_SHIFTS = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]


def travel_field(grid: Grid, hazard: np.ndarray, goals: list[Cell], inch_worth: float) -> np.ndarray:
    """Inches of travel from every cell to the nearest of `goals` (inf where none can be reached):
    entering a cell costs its step plus `hazard / inch_worth`, and a cell's own hazard counts as
    well (a unit standing in the minefield still has to get out of it: ending a move inside a
    band of hazard gains nothing over waiting in front of it)."""
    h, w = grid.shape
    extra = hazard / max(inch_worth, 1e-6)
    enter_orth = np.where(grid.passable, 1.0 + extra, np.inf)
    enter_diag = np.where(grid.passable, DIAGONAL + extra, np.inf)
    dist = np.full((h, w), np.inf)
    for x, y in goals:
        if 0 <= x < w and 0 <= y < h:
            dist[y, x] = 0.0
    steps = []  # per neighbour n = c + (dx, dy): the slices of c and n, and where the step is legal
    for dy, dx in _SHIFTS:
        dst = (slice(max(0, -dy), h - max(0, dy)), slice(max(0, -dx), w - max(0, dx)))
        src = (slice(max(0, dy), h - max(0, -dy)), slice(max(0, dx), w - max(0, -dx)))
        corner = None
        if dy and dx:  # no cutting an obstacle's corner (R-MOVE-3, as `grid.path_cost`)
            corner = grid.passable[dst[0], src[1]] & grid.passable[src[0], dst[1]]
        steps.append((bool(dy and dx), dst, src, corner))
    for _ in range(2 * (h + w) + 8):  # a path never needs more passes than this on a grid this size
        before = dist.copy()
        orth = dist + enter_orth  # per cell n: the way on from n, plus entering n
        diag = dist + enter_diag
        for diagonal, dst, src, corner in steps:
            # dist[c] = min over neighbours n of dist[n] + the cost of entering n
            way = diag[src] if diagonal else orth[src]
            if corner is not None:
                way = np.where(corner, way, np.inf)
            np.minimum(dist[dst], way, out=dist[dst])
        if np.array_equal(before, dist):
            break
    dist += extra
    dist[~grid.passable] = np.inf
    for x, y in goals:
        if 0 <= x < w and 0 <= y < h:
            dist[y, x] = 0.0
    return dist


def cached_travel_field(
    cache: dict, grid: Grid, hazard: np.ndarray, goals: list[Cell], inch_worth: float
) -> np.ndarray:
    """`travel_field` kept in the planner's per-turn `cache` for this hazard map and these goals."""
    digest = hashlib.blake2b(hazard.tobytes(), digest_size=16).digest()
    key = ("travel", digest, tuple(sorted(goals)), inch_worth)
    found = cache.get(key)
    if found is None:
        found = travel_field(grid, hazard, goals, inch_worth)
        found.flags.writeable = False
        cache[key] = found
    return found
