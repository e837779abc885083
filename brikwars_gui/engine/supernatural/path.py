"""Where an Effect goes (R-SN-15/24/25/26/27/28): its point moves along the supercover line toward
what it aims at, one Range die at a time; obstacles stop every die but a d12, which passes them
but never ends inside one. Areas: 2" of radius per d10, a 45° cone per Firing Arc."""

from __future__ import annotations

import math

from brikwars_gui.engine.geometry import distance, line_cells
from brikwars_gui.engine.state import Cell, GameState

#: A d12 passes obstacles for its inches (R-SN-26).
PHASING_DIE = 12
_EPS = 1e-9


def object_at(state: GameState, cell: Cell) -> str | None:
    """The standing object covering `cell`, if any."""
    for obj in state.objects.values():
        if not obj.destroyed and cell in obj.cells:
            return obj.id
    return None


def blocked(state: GameState, cell: Cell) -> bool:
    """A cell a Range die cannot pass (R-SN-25): terrain or an object blocking movement or sight."""
    x, y = cell
    grid = state.grid
    return bool(not grid.passable[y, x] or grid.sight_blocked[y, x])


def advance(
    state: GameState, point: Cell, dest: Cell, inches: int, sides: int
) -> tuple[Cell, list[Cell], str | None]:
    """Move the point `inches` toward `dest` (R-SN-25/26): (new point, cells passed, what stopped
    it). A non-d12 stops on the last free cell before an obstacle, which it lands on (the object's
    id, or "terrain"); a d12 passes and is cut back to the last free cell if it would end inside."""
    if point == dest or inches <= 0:
        return point, [], None
    line = line_cells(point, dest)
    passed: list[Cell] = []
    last_free = point
    end = point
    for cell in line[1:]:
        if distance(point, cell) > inches + _EPS:
            break
        if cell != dest and blocked(state, cell):
            if sides != PHASING_DIE:
                return last_free, passed, object_at(state, cell) or "terrain"
            end = cell
            passed.append(cell)
            continue
        end = last_free = cell
        passed.append(cell)
    if end != last_free:  # R-SN-26: a d12 never ends inside an obstacle
        while passed and passed[-1] != last_free:
            passed.pop()
    return last_free, passed, None


def target_cell(state: GameState, target: str | None, aim: Cell | None, origin: Cell) -> Cell:
    """The cell an Effect aims at: a unit's, the nearest cell of an object, or the cell `aim`."""
    if target is not None:
        unit = state.units.get(target.split(":", 1)[0])  # "<unit>:<weapon>": the weapon's holder
        if unit is not None:
            return unit.pos
        cells = state.objects[target].cells
        return min(cells, key=lambda c: (distance(origin, c), c[1], c[0]))
    assert aim is not None
    return aim


def in_arc(origin: Cell, point: Cell, cell: Cell, arcs: int, reach: float) -> bool:
    """R-SN-27: `cell` lies in the cone of `arcs` 45° Firing Arcs from `origin` along the line to
    `point`, no farther than `reach` (reading: a d8 arc reaches as far as the Range dice reached)."""
    if arcs <= 0 or cell == origin or point == origin:
        return False
    if distance(origin, cell) > reach + _EPS:
        return False
    ax, ay = point[0] - origin[0], point[1] - origin[1]
    bx, by = cell[0] - origin[0], cell[1] - origin[1]
    cos = (ax * bx + ay * by) / (math.hypot(ax, ay) * math.hypot(bx, by))
    return cos >= math.cos(math.radians(22.5 * arcs)) - _EPS


def arc_reach(origin: Cell, point: Cell, rolled: float) -> float:
    """How far a d8 arc reaches (reading, `in_arc`): as far as the Range dice carried the point,
    or the inches they `rolled` when an obstacle stopped it short."""
    return max(distance(origin, point), rolled)


def area_cells(
    size: tuple[int, int], origin: Cell, point: Cell, radius: int, arcs: int, rolled: float
) -> list[Cell]:
    """The cells an Effect's area covers (R-SN-27/28), in row order: within `radius` of `point`
    (d10s) and inside the cone of `arcs` Firing Arcs from `origin` (d8s) out to `arc_reach`. The
    landing (`landing.land`) catches the units standing on them; the map outlines the same cells."""
    width, height = size
    reach = arc_reach(origin, point, rolled)
    if arcs:  # the cone from the caster, and the radius around a point inside it
        centre, span = origin, math.ceil(max(reach, distance(origin, point) + radius))
    else:
        centre, span = point, radius
    out: list[Cell] = []
    for y in range(max(0, centre[1] - span), min(height, centre[1] + span + 1)):
        for x in range(max(0, centre[0] - span), min(width, centre[0] + span + 1)):
            cell = (x, y)
            inside = radius and (x - point[0]) ** 2 + (y - point[1]) ** 2 <= radius * radius
            if inside or in_arc(origin, point, cell, arcs, reach):
                out.append(cell)
    return out
