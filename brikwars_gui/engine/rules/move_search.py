"""The ground search of a move (R-MOVE-2/7/8/9/10, GRID-2): every cell a unit can end a move on and
what it costs, with the blockers it avoids (enemies it sees, allies it may pass but not end on,
water for non-swimmers and burdened swimmers), searched one unit at a time or a side together
(`prepare_moves`, issue 26), and kept as a `MoveSearch` the `move` order reads its path off while
nothing it depended on has changed. `movement` walks the paths; this module only finds them.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from brikwars_gui.engine.grid import (
    Grid,
    IllegalPath,
    Reach,
    path_cost,
    reach_cells,
    reach_search,
    reach_searches,
    step_cost,
)
from brikwars_gui.engine.rules.common import at_half_speed, burdened, max_rise, unable_problem
from brikwars_gui.engine.rules.flight import flight_reach
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.visibility import unseen_enemy_cells

_WATER: weakref.WeakKeyDictionary[Grid, frozenset[Cell]] = weakref.WeakKeyDictionary()


def water_cells(grid: Grid) -> frozenset[Cell]:
    cells = _WATER.get(grid)
    if cells is None:
        ys, xs = np.nonzero(grid.water)
        cells = frozenset((int(x), int(y)) for x, y in zip(xs, ys, strict=True))
        _WATER[grid] = cells
    return cells


def blockers(state: GameState, unit: UnitState) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """(enemy cells: neither entered nor passed; ally cells: passed but not ended on), from the
    state's unit index (no walk over every unit). Only the enemies the unit's side sees count
    (G-16 Hidden units, fog of war): planning around the others would give them away; a move
    that runs into one stops there (`walk`, `_run_into`)."""
    blocked, no_stop = state.unit_index().blockers(unit)
    unseen = unseen_enemy_cells(state, unit.team)
    return (blocked - unseen if unseen else blocked), no_stop


def enemy_blockers(state: GameState, team: str) -> frozenset[Cell]:
    """`blockers(state, unit)[0]` for any unit of `team` (without building its allies' cells)."""
    blocked = state.unit_index().enemy_cells(team)
    unseen = unseen_enemy_cells(state, team)
    return blocked - unseen if unseen else blocked


def movement_problem(unit: UnitState) -> str | None:
    """Why the unit may not move now, or None."""
    if problem := unable_problem(unit):
        return problem
    if unit.sprinting:
        return f"{unit.name} has Sprinted: its whole Movement was the straight line (R-MOVE-18)"
    if unit.stopped:
        return f"{unit.name} is Stopped for this turn (R-MOVE-12)"
    if unit.diemon and unit.action_used:
        return f"{unit.name} has acted: a Diemon either moves or acts each turn (R-SN-2)"
    if unit.move_left <= 0:
        return f"{unit.name} has no Move left"
    return None


@dataclass(frozen=True, eq=False)
class MoveSearch:
    """The ground search `legal_moves` made for a unit, with what it depended on: a `move` order
    of that unit to one of its cells reads the path off it (`Reach.path_to`, the path a new search
    would find) instead of searching again, while the unit and what blocks it are unchanged
    (issue 26: the default AI moved each unit by searching twice). A search made ahead of time
    (`prepare_moves`) also keeps the terrain it searched, to check it is still the same."""

    unit: UnitState
    start: Cell
    move_left: int
    parity: int
    half_speed: bool
    rise: int
    grid: Grid
    blocked: frozenset[Cell]
    water: bool  # water cells were blocked too (a non-swimmer, or a burdened swimmer)
    reach: Reach
    terrain: tuple[tuple[slice, slice], list[np.ndarray]] | None = None

    def holds(self, state: GameState, unit: UnitState, blocked: frozenset[Cell], water: bool) -> bool:
        """The search is still the one `search_moves` would make for `unit` now (`blocked`: the
        enemies in its way now, which may differ from the search's beyond its reach; `water`:
        water avoided too)."""
        return (
            self.unit is unit
            and self.start == unit.pos
            and self.move_left == unit.move_left
            and self.parity == unit.diagonal_parity
            and self.half_speed == at_half_speed(unit)
            and self.rise == max_rise(unit)
            and self.grid is state.grid
            and self.water == water
            and not _changed_within(self.blocked, blocked, self.start, self.move_left)
            and (self.terrain is None or _same_terrain(self.grid, *self.terrain))
        )

    def path_to(
        self,
        state: GameState,
        unit: UnitState,
        goal: Cell,
        *,
        blocked: frozenset[Cell],
        water: bool,
        avoid: frozenset[Cell],
        no_stop: frozenset[Cell],
    ) -> list[Cell] | None:
        """The cells of the path to `goal` when this search still `holds` (`avoid`: the blocked
        cells and any water), else None. The path is validated before it is used (`path_cost`:
        every step legal for the current grid and blockers, not ending on a friend, the cost the
        search found, within the Move left); when it is not, the `move` order searches again, and
        refuses what that refuses."""
        if not self.holds(state, unit, blocked, water):
            return None
        path = self.reach.path_to(goal)
        if path is None:
            return None
        try:
            cost = path_cost(
                state.grid,
                path.cells,
                half_speed=self.half_speed,
                blocked=avoid,
                no_stop=no_stop,
                diagonal_parity=self.parity,
                max_rise=self.rise,
            )
        except IllegalPath:
            return None
        return list(path.cells) if cost == path.total <= unit.move_left else None


@functools.lru_cache(maxsize=4)
def _changed_cells(old: frozenset[Cell], new: frozenset[Cell]) -> np.ndarray:
    """The cells in one set of blockers and not the other, (n, 2): kept for the next searches
    asked against the same two sets (every prepared search of a side is checked against them)."""
    return np.array(sorted(old ^ new), dtype=np.int64).reshape(-1, 2)


def _changed_within(old: frozenset[Cell], new: frozenset[Cell], start: Cell, budget: int) -> bool:
    """Whether a blocker appeared or went within `budget` cells (Chebyshev) of `start`: a search
    of `budget` inches from `start` reads nothing farther (`grid._reach_costs`' window; a step
    costs at least 1"), so one made with `old` is the search `new` would make when none did
    (issue 26: in a battle, every kill changed the enemies' cells and every prepared search of
    the side was made again)."""
    if old is new:
        return False
    changed = _changed_cells(old, new)
    if not len(changed):
        return False
    far = np.abs(changed - np.array(start))
    return bool((np.maximum(far[:, 0], far[:, 1]) <= budget).any())


_TERRAIN = ("passable", "elevation", "half_speed")
"""The grid arrays a ground search reads."""


def _terrain_of(grid: Grid, at: Cell, budget: int) -> tuple[tuple[slice, slice], list[np.ndarray]]:
    """The part of the terrain a search of `budget` inches from `at` reads (and the corners one
    cell beyond), copied."""
    x, y = at
    where = (slice(max(0, y - budget - 1), y + budget + 2), slice(max(0, x - budget - 1), x + budget + 2))
    return where, [getattr(grid, name)[where].copy() for name in _TERRAIN]


def _same_terrain(grid: Grid, where: tuple[slice, slice], kept: list[np.ndarray]) -> bool:
    # the same grid (`MoveSearch.holds` checks it first): the same window shape, compared directly
    return all(bool((getattr(grid, name)[where] == a).all()) for name, a in zip(_TERRAIN, kept, strict=True))


def _avoids_water(unit: UnitState, water: frozenset[Cell]) -> bool:
    """Its ground search blocks water: a non-swimmer, or a burdened swimmer (R-MOVE-10)."""
    return bool(water) and (burdened(unit) or not unit.can_swim)


def prepare_moves(state: GameState, units: Sequence[UnitState]) -> dict[str, MoveSearch]:
    """The ground searches `search_moves` would make for `units` (by id), made together: one
    numpy pass (`grid.reach_searches`) for the units sharing their Move left, Half Speed, climb
    and blockers (issue 26: the default AI searches every unit of its side once per turn). Each
    is used only while it `holds`."""
    grid = state.grid
    water = water_cells(grid)
    groups: dict[tuple[int, bool, int, bool, int], tuple[frozenset[Cell], list[UnitState]]] = {}
    for unit in units:
        if movement_problem(unit) is not None:
            continue
        blocked = enemy_blockers(state, unit.team)
        key = (unit.move_left, at_half_speed(unit), max_rise(unit), _avoids_water(unit, water), id(blocked))
        groups.setdefault(key, (blocked, []))[1].append(unit)
    out: dict[str, MoveSearch] = {}
    for (budget, hs, rise, avoid_water, _), (blocked, members) in groups.items():
        avoid = blocked | water if avoid_water else blocked
        starts = [(u.pos, u.diagonal_parity) for u in members]
        reaches = reach_searches(grid, starts, budget, blocked=avoid, half_speed=hs, max_rise=rise)
        for u, reach in zip(members, reaches, strict=True):
            terrain = _terrain_of(grid, u.pos, budget)
            out[u.id] = MoveSearch(
                u, u.pos, budget, u.diagonal_parity, hs, rise, grid, blocked, avoid_water, reach, terrain
            )
    return out


def legal_moves(state: GameState, unit: UnitState) -> dict[Cell, int]:
    """Every cell the unit can end a move on now, with its Move cost (start cell excluded): inches
    spent in any direction up to its Move (R-MOVE-2), Half Speed inches doubled (R-MOVE-7/8)."""
    return search_moves(state, unit)[0]


def search_moves(
    state: GameState, unit: UnitState, prepared: MoveSearch | None = None
) -> tuple[dict[Cell, int], MoveSearch | None]:
    """`legal_moves`, and the ground search it made (None when it made none) for `plan_move`;
    a `prepared` search (`prepare_moves`) is taken instead of a new one while it `holds`."""
    if movement_problem(unit) is not None:
        return {}, None
    grid = state.grid
    blocked, no_stop = blockers(state, unit)
    rise = max_rise(unit)  # R-MOVE-9: no jumping at Half Speed
    budget = unit.move_left
    water = water_cells(grid)
    search = ground_search(state, unit, blocked, prepared)
    avoid_water = search.water
    out = reach_cells(search.reach, no_stop)
    if avoid_water and unit.can_swim:  # burdened swimmers may enter one water cell and are Stopped there
        for (x, y), cost in list(out.items()):
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    w = (x + dx, y + dy)
                    if w in water and w not in blocked and w not in no_stop:
                        diagonal = dx != 0 and dy != 0
                        if diagonal and not (grid.passable[y, x + dx] and grid.passable[y + dy, x]):
                            continue
                        up = int(grid.elevation[w[1], w[0]]) - int(grid.elevation[y, x])
                        if up > rise:
                            continue
                        c = cost + step_cost(diagonal, 1, True, up)
                        if c <= budget and c < out.get(w, 10**9):
                            out[w] = c
    if unit.flight:  # R-SN-30: or in the air, on its Flight inches
        for cell, cost in flight_reach(state, unit, blocked, no_stop).items():
            out[cell] = min(cost, out.get(cell, cost))
    out.pop(unit.pos, None)
    return out, search


def ground_search(
    state: GameState, unit: UnitState, blocked: frozenset[Cell], prepared: MoveSearch | None = None
) -> MoveSearch:
    """The ground search of `search_moves` for a unit that may move, `blocked` by the enemies it
    knows of (`blockers(state, unit)[0]`): `prepared` while it `holds`, else a new one."""
    grid = state.grid
    hs = at_half_speed(unit)
    rise = max_rise(unit)  # R-MOVE-9: no jumping at Half Speed
    budget = unit.move_left
    water = water_cells(grid)
    avoid_water = _avoids_water(unit, water)
    if prepared is not None and prepared.holds(state, unit, blocked, avoid_water):
        # any order drops it now (`Game`); it is the search `blocked` gives (nothing changed
        # within its reach), so it keeps `blocked`: the `move` order's `holds` finds the same set
        return MoveSearch(
            unit, unit.pos, budget, unit.diagonal_parity, hs, rise, grid, blocked, avoid_water, prepared.reach
        )
    reach = reach_search(
        grid,
        unit.pos,
        budget,
        blocked=blocked | water if avoid_water else blocked,
        half_speed=hs,
        diagonal_parity=unit.diagonal_parity,
        max_rise=rise,
    )
    return MoveSearch(
        unit, unit.pos, budget, unit.diagonal_parity, hs, rise, grid, blocked, avoid_water, reach
    )


MoveCells = tuple[np.ndarray, np.ndarray, np.ndarray, MoveSearch | None]
"""(x, y, Move cost) of each cell the unit can end a move on, and the ground search made."""


def search_move_cells(
    state: GameState, unit: UnitState, prepared: MoveSearch | None = None
) -> MoveCells:
    """`search_moves(state, unit, prepared)` as arrays, for the default AI (issue 26): the same
    cells and costs (in row order) and the same search for `plan_move`, read off the search as
    they are, the cells of the unit's friends left out by asking the unit index about the cells
    reached only (`search_moves` builds the set of every friend's cell, ~1,000 a unit in a
    2,000-unit battle, and a dict the AI turned back into arrays). A flyer (R-SN-30) and a
    burdened swimmer (R-MOVE-10), whose moves are more than the ground search's cells, take
    `search_moves` itself."""
    if unit.flight or (unit.can_swim and _avoids_water(unit, water_cells(state.grid))):
        moves, search = search_moves(state, unit, prepared)
        return (*move_arrays(moves), search)
    if movement_problem(unit) is not None:
        return (*move_arrays({}), None)
    search = ground_search(state, unit, enemy_blockers(state, unit.team), prepared)
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
