"""Flight as a movement mode (R-SN-30, docs/rules-decisions.md "SuperNatural"): a unit with Flight
inches may move in the air instead of on foot, over water, elevation steps, Half-Speed ground and
ground fields (paths are searched on `air_grid`); it still goes around obstacles and enemies (no
altitude model), and its own Half Speed (R-MOVE-7/8) still halves it.

Both functions give way at once for a unit without Flight (`unit.flight == 0`), so battles without
SN never fly; `movement.plan_move` flies when the whole move fits the Flight inches left.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

import numpy as np

from brikwars_gui.engine.grid import Grid, IllegalPath, find_path, path_cost, reachable
from brikwars_gui.engine.rules.common import at_half_speed
from brikwars_gui.engine.state import Cell, GameState, UnitState

#: R-SN-30: a flyer climbs any elevation step.
FLY_RISE = 10**6


def air_grid(grid: Grid) -> Grid:
    """The battlefield as a flyer meets it: flat, no Half-Speed ground (water, mud) — the same
    obstacles (the `passable` array itself, so a destroyed wall opens the air too)."""
    flat = np.zeros_like(grid.half_speed)
    return dataclasses.replace(grid, half_speed=flat, elevation=np.zeros_like(grid.elevation))


def flight_left(unit: UnitState) -> int:
    """Inches it may still fly this turn: its Flight less the inches it already moved."""
    return 0 if unit.stopped else max(0, unit.flight - unit.move_spent)


def flight_reach(
    state: GameState, unit: UnitState, blocked: Collection[Cell], no_stop: Collection[Cell]
) -> dict[Cell, int]:
    """Every cell it can fly to now, with its cost (the start cell at 0)."""
    budget = flight_left(unit)
    if budget <= 0:
        return {}
    return reachable(
        air_grid(state.grid),
        unit.pos,
        budget,
        blocked=blocked,
        no_stop=no_stop,
        half_speed=at_half_speed(unit),
        diagonal_parity=unit.diagonal_parity,
        max_rise=FLY_RISE,
    )


def flight_path(
    state: GameState,
    unit: UnitState,
    target: Cell | Sequence[Cell],
    blocked: Collection[Cell],
    no_stop: Collection[Cell],
) -> list[Cell] | None:
    """The cells of a flown move to `target` (a cell, or an explicit path), or None when it does
    not fit its Flight inches left (then it walks, and the walking rules say why not)."""
    budget = flight_left(unit)
    if budget <= 0:
        return None
    grid, hs = air_grid(state.grid), at_half_speed(unit)
    if len(target) == 2 and isinstance(target[0], (int, np.integer)):
        goal = (int(target[0]), int(target[1]))  # type: ignore[arg-type]
        if not grid.in_bounds(goal) or goal == unit.pos:
            return None
        path = find_path(
            grid,
            unit.pos,
            goal,
            budget=budget,
            blocked=blocked,
            no_stop=no_stop,
            half_speed=hs,
            diagonal_parity=unit.diagonal_parity,
            max_rise=FLY_RISE,
        )
        return None if path is None else list(path.cells)
    cells = [(int(c[0]), int(c[1])) for c in target]  # type: ignore[union-attr]
    if cells and cells[0] != unit.pos:
        cells.insert(0, unit.pos)
    if len(cells) < 2:
        return None
    try:
        cost = path_cost(
            grid,
            cells,
            half_speed=hs,
            blocked=blocked,
            no_stop=no_stop,
            diagonal_parity=unit.diagonal_parity,
            max_rise=FLY_RISE,
        )
    except IllegalPath:
        return None
    return cells if cost <= budget else None
