"""A unit's legal moves as numpy arrays, for the default AI (issue 26).

`search_moves` answers a dict of cells, leaving out the cells of the unit's friends by building
the set of every friend's cell (a frozenset of ~1,000 cells a unit in a 2,000-unit battle); the
default AI then turned that dict back into arrays. `search_move_cells` reads the same cells off
the same ground search as arrays and asks the unit index about the cells it reaches only.
"""

from __future__ import annotations

import numpy as np

from brikwars_gui.engine.rules.movement import (
    MoveSearch,
    _avoids_water,
    _enemy_blockers,
    ground_search,
    movement_problem,
    search_moves,
    water_cells,
)
from brikwars_gui.engine.state import Cell, GameState, UnitState

MoveCells = tuple[np.ndarray, np.ndarray, np.ndarray, MoveSearch | None]
"""(x, y, Move cost) of each cell the unit can end a move on, and the ground search made."""


def search_move_cells(state: GameState, unit: UnitState, prepared: MoveSearch | None = None) -> MoveCells:
    """`search_moves(state, unit, prepared)` as arrays: the same cells and costs (in row order)
    and the same search for `plan_move`. A flyer (R-SN-30) and a burdened swimmer (R-MOVE-10),
    whose moves are more than the ground search's cells, take `search_moves` itself."""
    if unit.flight or (unit.can_swim and _avoids_water(unit, water_cells(state.grid))):
        moves, search = search_moves(state, unit, prepared)
        return (*move_arrays(moves), search)
    if movement_problem(unit) is not None:
        return (*move_arrays({}), None)
    search = ground_search(state, unit, _enemy_blockers(state, unit.team), prepared)
    xs, ys, costs = search.reach.cost_arrays()
    # no move ends on a friend's cell nor where it stands: both are cells of the unit's side
    friends = state.unit_index().team_cells.get(unit.team, {})
    free = [(x, y) not in friends for x, y in zip(xs.tolist(), ys.tolist(), strict=True)]
    keep = np.array(free, dtype=bool)
    return xs[keep], ys[keep], costs[keep], search


def move_arrays(moves: dict[Cell, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A `legal_moves` dict as (x, y, cost) arrays, in its order."""
    xs = np.fromiter((c[0] for c in moves), np.int64, len(moves))
    ys = np.fromiter((c[1] for c in moves), np.int64, len(moves))
    return xs, ys, np.fromiter(moves.values(), np.int64, len(moves))
