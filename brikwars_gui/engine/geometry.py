"""Distances, straight lines, line of sight and cones of vision on the grid (GRID-3..7).

Pure geometry over cells, apart from `has_line_of_sight`, which reads the `Grid`'s sight arrays;
movement costs and pathfinding stay in `engine/grid.py`.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.scenario.kinds import Facing

if TYPE_CHECKING:
    from brikwars_gui.engine.grid import Cell, Grid

FACING_VECTORS: dict[Facing, Cell] = {
    Facing.N: (0, -1),
    Facing.NE: (1, -1),
    Facing.E: (1, 0),
    Facing.SE: (1, 1),
    Facing.S: (0, 1),
    Facing.SW: (-1, 1),
    Facing.W: (-1, 0),
    Facing.NW: (-1, -1),
}
"""Unit step `(dx, dy)` of each facing; y grows southwards."""

_FACINGS_CLOCKWISE: tuple[Facing, ...] = tuple(FACING_VECTORS)


# --------------------------------------------------------------------------------------------
# Lines, distances (GRID-3/4/5/7)


def distance(a: Cell, b: Cell) -> float:
    """GRID-3: Euclidean centre-to-centre distance in inches."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def in_range(a: Cell, b: Cell, inches: float) -> bool:
    """GRID-3: `distance(a, b) <= inches`, exact for integer ranges."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return dx * dx + dy * dy <= inches * inches


def chebyshev(a: Cell, b: Cell) -> int:
    """Steps between two cells when diagonals count as one (king moves)."""
    return max(abs(b[0] - a[0]), abs(b[1] - a[1]))


def within_reach(a: Cell, b: Cell) -> bool:
    """GRID-4: "within 1 inch", touching, close-combat reach: Chebyshev distance <= 1."""
    return chebyshev(a, b) <= 1


def straight_line(start: Cell, target: Cell) -> list[Cell]:
    """GRID-7 (Sprint, R-MOVE-18): the Bresenham line from `start` to `target`, both included.
    Every step goes to one of the 8 neighbours; on an exact tie the step is diagonal."""
    x0, y0 = int(start[0]), int(start[1])
    x1, y1 = int(target[0]), int(target[1])
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x1 > x0 else -1
    sy = 1 if y1 > y0 else -1
    err = dx + dy
    out = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        out.append((x0, y0))
    return out


def _walk(dx: int, dy: int) -> tuple[list[Cell], list[tuple[Cell, Cell]]]:
    """Supercover walk from (0, 0) to (dx, dy): the cells the segment passes through (in order,
    both ends included) and the pairs of cells it only touches at a shared corner."""
    nx, ny = abs(dx), abs(dy)
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    x = y = ix = iy = 0
    cells: list[Cell] = [(0, 0)]
    corners: list[tuple[Cell, Cell]] = []
    while ix < nx or iy < ny:
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if decision == 0:
            corners.append(((x + sx, y), (x, y + sy)))
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif decision < 0:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        cells.append((x, y))
    return cells, corners


def line_cells(a: Cell, b: Cell) -> list[Cell]:
    """GRID-5: the supercover line between the centres of `a` and `b`: every cell the segment
    touches, in order from `a` to `b`; where it passes exactly through a corner both cells beside
    the corner are listed (before the diagonal cell)."""
    ax, ay = int(a[0]), int(a[1])
    cells, corners = _walk(int(b[0]) - ax, int(b[1]) - ay)
    out: list[Cell] = [(ax, ay)]
    k = 0
    for n in range(1, len(cells)):
        px, py = cells[n - 1]
        cx, cy = cells[n]
        if cx != px and cy != py:
            (p1, p2) = corners[k]
            k += 1
            out.append((p1[0] + ax, p1[1] + ay))
            out.append((p2[0] + ax, p2[1] + ay))
        out.append((cx + ax, cy + ay))
    return out


def segment_cells(a: Cell, b: Cell) -> tuple[list[Cell], list[tuple[Cell, Cell]]]:
    """The cells the segment between the centres of `a` and `b` passes through (both ends
    included) and the pairs of cells it only grazes at a shared corner (leaps, fire spread)."""
    ax, ay = int(a[0]), int(a[1])
    cells, corners = _walk(int(b[0]) - ax, int(b[1]) - ay)
    shift = [(x + ax, y + ay) for x, y in cells]
    return shift, [((p[0] + ax, p[1] + ay), (q[0] + ax, q[1] + ay)) for p, q in corners]


@lru_cache(maxsize=1 << 16)
def _los_offsets(dx: int, dy: int) -> tuple[np.ndarray, ...]:
    """Offsets (xs, ys) of the interior cells of the line to (dx, dy) and of its corner pairs."""
    cells, corners = _walk(dx, dy)
    inner = np.array(cells[1:-1], dtype=np.intp).reshape(-1, 2)
    pairs = np.array(corners, dtype=np.intp).reshape(-1, 2, 2)
    arrays = (inner[:, 0], inner[:, 1], pairs[:, 0, 0], pairs[:, 0, 1], pairs[:, 1, 0], pairs[:, 1, 1])
    for arr in arrays:
        arr.flags.writeable = False
    return arrays


def has_line_of_sight(grid: Grid, a: Cell, b: Cell, *, smoke: np.ndarray | None = None) -> bool:
    """GRID-5 / R-HAZ-7: True when nothing blocks the supercover line between the centres of `a`
    and `b`.  Sight-blocking cells strictly between them block (the end cells themselves never
    do: a wall can be seen); `smoke` (bool array, same shape as the grid) blocks anywhere on the
    line, end cells included (into, out of, through).  A corner grazed by the line blocks only if
    both cells beside it are opaque.  A cell always sees itself."""
    ax, ay = int(a[0]), int(a[1])
    bx, by = int(b[0]), int(b[1])
    grid.check((ax, ay))
    grid.check((bx, by))
    if ax == bx and ay == by:
        return True
    if smoke is not None and (smoke[ay, ax] or smoke[by, bx]):
        return False
    ix, iy, p1x, p1y, p2x, p2y = _los_offsets(bx - ax, by - ay)
    opaque = grid.sight_blocked
    if ix.size:
        ys, xs = iy + ay, ix + ax
        if opaque[ys, xs].any() or (smoke is not None and smoke[ys, xs].any()):
            return False
    if p1x.size:
        y1, x1, y2, x2 = p1y + ay, p1x + ax, p2y + ay, p2x + ax
        o1, o2 = opaque[y1, x1], opaque[y2, x2]
        if smoke is not None:
            o1 = o1 | smoke[y1, x1]
            o2 = o2 | smoke[y2, x2]
        if (o1 & o2).any():
            return False
    return True


# --------------------------------------------------------------------------------------------
# Facing and the Cone of Vision (GRID-6, R-RESP-3)


def facing_towards(a: Cell, b: Cell) -> Facing:
    """The one of 8 facings nearest to the direction from `a` to `b` (N = towards y = 0)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 and dy == 0:
        raise ValueError(f"no direction from {tuple(a)} to itself")
    angle = math.degrees(math.atan2(dx, -dy))  # clockwise from N
    return _FACINGS_CLOCKWISE[round(angle / 45.0) % 8]


def in_cone(origin: Cell, facing: Facing | str, target: Cell) -> bool:
    """GRID-6: the centre of `target` is at most 45° off `facing` seen from `origin` (exactly 45°
    counts).  The origin's own cell is not in the cone.  Exact integer arithmetic."""
    fx, fy = FACING_VECTORS[Facing(facing)]
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    if dx == 0 and dy == 0:
        return False
    dot = dx * fx + dy * fy
    # cos(angle) >= 1/sqrt(2)  <=>  dot > 0 and 2 dot^2 >= |d|^2 |f|^2
    return dot > 0 and 2 * dot * dot >= (dx * dx + dy * dy) * (fx * fx + fy * fy)


def sees(
    grid: Grid, origin: Cell, facing: Facing | str, target: Cell, *, smoke: np.ndarray | None = None
) -> bool:
    """R-RESP-3 / GRID-6: `target` is in the Cone of Vision and the line of sight is clear."""
    return in_cone(origin, facing, target) and has_line_of_sight(grid, origin, target, smoke=smoke)


def visible_cells(
    grid: Grid,
    origin: Cell,
    facing: Facing | str | None = None,
    *,
    max_range: float | None = None,
    smoke: np.ndarray | None = None,
) -> np.ndarray:
    """Bool mask `(height, width)` of the cells `origin` has line of sight to (same rule as
    `has_line_of_sight`), restricted to the Cone of Vision when `facing` is given and to
    `distance <= max_range` when given.  The origin's own cell is False.

    Vectorised: every target's supercover walk advances in lockstep with numpy."""
    ox, oy = int(origin[0]), int(origin[1])
    grid.check((ox, oy), "origin")
    h, w = grid.shape
    out = np.zeros((h, w), dtype=bool)
    if smoke is not None and smoke[oy, ox]:
        return out  # R-HAZ-7: no vision out of smoke
    if max_range is None:
        x0, y0, x1, y1 = 0, 0, w, h
    else:
        r = max(0, math.floor(max_range))
        x0, y0 = max(0, ox - r), max(0, oy - r)
        x1, y1 = min(w, ox + r + 1), min(h, oy + r + 1)
    if max_range is not None and r <= RAY_TABLE_RADIUS:
        return _visible_by_table(grid, ox, oy, r, max_range, facing, smoke, out)
    ys, xs = np.mgrid[y0:y1, x0:x1]
    tx, ty = xs.ravel().astype(np.int64), ys.ravel().astype(np.int64)
    dx, dy = tx - ox, ty - oy
    keep = (dx != 0) | (dy != 0)
    if max_range is not None:
        keep &= dx * dx + dy * dy <= max_range * max_range
    if facing is not None:
        fx, fy = FACING_VECTORS[Facing(facing)]
        dot = dx * fx + dy * fy
        keep &= (dot > 0) & (2 * dot * dot >= (dx * dx + dy * dy) * (fx * fx + fy * fy))
    tx, ty, dx, dy = tx[keep], ty[keep], dx[keep], dy[keep]
    if tx.size == 0:
        return out
    opaque = grid.sight_blocked if smoke is None else (grid.sight_blocked | smoke)
    end_block = smoke  # only smoke blocks on the target cell itself
    nx, ny = np.abs(dx), np.abs(dy)
    sx, sy = np.sign(dx), np.sign(dy)
    x = np.full(tx.shape, ox, dtype=np.int64)
    y = np.full(tx.shape, oy, dtype=np.int64)
    ix = np.zeros_like(x)
    iy = np.zeros_like(x)
    idx = np.arange(tx.size)
    seen = np.zeros(tx.size, dtype=bool)
    while idx.size:
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        corner = decision == 0
        blocked = np.zeros(idx.size, dtype=bool)
        if corner.any():
            cx, cy, csx, csy = x[corner], y[corner], sx[corner], sy[corner]
            blocked[corner] = opaque[cy, cx + csx] & opaque[cy + csy, cx]
        step_x = decision <= 0
        step_y = decision >= 0
        x = x + sx * step_x
        y = y + sy * step_y
        ix = ix + step_x
        iy = iy + step_y
        done = (ix == nx) & (iy == ny)
        inner = ~done
        blocked[inner] |= opaque[y[inner], x[inner]]
        if end_block is not None:
            blocked[done] |= end_block[y[done], x[done]]
        finished = done & ~blocked
        seen[idx[finished]] = True
        alive = ~done & ~blocked
        if not alive.all():
            idx, x, y, ix, iy = idx[alive], x[alive], y[alive], ix[alive], iy[alive]
            nx, ny, sx, sy = nx[alive], ny[alive], sx[alive], sy[alive]
    out[ty[seen], tx[seen]] = True
    return out


RAY_TABLE_RADIUS = 32
"""`visible_cells` within this many cells reads its lines of sight off a table of the supercover
walks (`_ray_table`); a wider or unbounded mask walks them in lockstep."""


@lru_cache(maxsize=8)
def _ray_table(r: int) -> tuple[np.ndarray, ...]:
    """The supercover walk `visible_cells` makes from any origin to every cell within `r` cells
    (Chebyshev), in the flattened (2r + 3)² window around the origin (which sits at its middle,
    the walk being the same from every origin): (dx, dy) of each target; every cell passed
    through, with the target's number (opaque: blocked); every pair of orthogonal neighbours of a
    corner crossed, with the target's number (both opaque: blocked). Flat lists, not a row per
    target padded to the longest walk (issue 26: a huge battle's threat maps ask hundreds)."""
    side = 2 * r + 3

    def at(x: int, y: int) -> int:
        return (y + r + 1) * side + x + r + 1

    targets: list[tuple[int, int]] = []
    inner: list[list[int]] = []
    corners: list[list[tuple[int, int]]] = []
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx == 0 and dy == 0:
                continue
            nx, ny = abs(dx), abs(dy)
            sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
            x = y = ix = iy = 0
            cells: list[int] = []
            pairs: list[tuple[int, int]] = []
            while True:
                decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
                if decision == 0:
                    pairs.append((at(x + sx, y), at(x, y + sy)))
                if decision <= 0:
                    x, ix = x + sx, ix + 1
                if decision >= 0:
                    y, iy = y + sy, iy + 1
                if ix == nx and iy == ny:
                    break
                cells.append(at(x, y))
            targets.append((dx, dy))
            inner.append(cells)
            corners.append(pairs)

    def flat(rows: list[list]) -> tuple[np.ndarray, np.ndarray]:
        numbers = np.repeat(np.arange(len(rows), dtype=np.intp), [len(row) for row in rows])
        return numbers, np.array([c for row in rows for c in row], dtype=np.intp)

    offsets = np.array(targets, dtype=np.int64).reshape(-1, 2)
    cell_rows, cells = flat(inner)
    pair_rows, pairs = flat(corners)
    pairs = pairs.reshape(-1, 2)
    return offsets[:, 0], offsets[:, 1], cell_rows, cells, pair_rows, pairs[:, 0], pairs[:, 1]


def _visible_by_table(
    grid: Grid,
    ox: int,
    oy: int,
    r: int,
    max_range: float,
    facing: Facing | str | None,
    smoke: np.ndarray | None,
    out: np.ndarray,
) -> np.ndarray:
    """`visible_cells` within `r` cells, read off `_ray_table`: a target is seen unless a cell its
    walk passes through is opaque, both neighbours of a corner it crosses are, or (smoke) its own
    cell is — the walk's tests, all at once, on the window of the table around the origin."""
    h, w = grid.shape
    dx, dy, cell_rows, cells, pair_rows, corner_a, corner_b = _ray_table(r)
    tx, ty = dx + ox, dy + oy
    keep = (tx >= 0) & (tx < w) & (ty >= 0) & (ty < h) & (dx * dx + dy * dy <= max_range * max_range)
    if facing is not None:
        fx, fy = FACING_VECTORS[Facing(facing)]
        dot = dx * fx + dy * fy
        keep &= (dot > 0) & (2 * dot * dot >= (dx * dx + dy * dy) * (fx * fx + fy * fy))
    rows = np.flatnonzero(keep)
    if not rows.size:
        return out
    # the opaque cells of the table within r of the origin, in a window with a clear border: a
    # kept target's walk stays in the box between origin and target, on the table (the others'
    # walks stay in the window, and are dropped)
    x0, y0, x1, y1 = max(0, ox - r), max(0, oy - r), min(w, ox + r + 1), min(h, oy + r + 1)
    side = 2 * r + 3
    window = np.zeros((side, side), dtype=bool)
    part = grid.sight_blocked[y0:y1, x0:x1]
    if smoke is not None:
        part = part | smoke[y0:y1, x0:x1]
    window[y0 - oy + r + 1 : y1 - oy + r + 1, x0 - ox + r + 1 : x1 - ox + r + 1] = part
    flat = window.ravel()
    blocked = np.zeros(len(dx), dtype=bool)  # per target of the table, kept or not
    blocked[cell_rows[flat[cells]]] = True
    blocked[pair_rows[flat[corner_a] & flat[corner_b]]] = True
    blocked = blocked[rows]
    tx, ty = tx[rows], ty[rows]
    if smoke is not None:
        blocked |= smoke[ty, tx]  # only smoke blocks on the target cell itself
    out[ty[~blocked], tx[~blocked]] = True
    return out
