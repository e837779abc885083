"""Benchmark of the geometry hot paths on a 120x120 table with random obstacles.

Run: .venv/bin/python benchmarks/bench_grid.py
Targets: reachable() at budget 10 < 5 ms, one line-of-sight check < 0.1 ms.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

import numpy as np

from brikwars_gui.engine.geometry import has_line_of_sight, visible_cells
from brikwars_gui.engine.grid import Grid, find_path, reachable

SIZE = 120


def make_grid(seed: int = 1) -> Grid:
    rng = np.random.default_rng(seed)
    g = Grid.empty(SIZE, SIZE)
    g.passable[:] = rng.random(g.shape) >= 0.15
    g.sight_blocked[:] = ~g.passable
    g.half_speed[:] = rng.random(g.shape) < 0.10
    g.elevation[:] = (rng.random(g.shape) < 0.05) * 6
    for cell in ((SIZE // 2, SIZE // 2), (0, 0), (SIZE - 1, SIZE - 1)):
        g.passable[cell[1], cell[0]] = True
        g.sight_blocked[cell[1], cell[0]] = False
        g.elevation[cell[1], cell[0]] = 0
    return g


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm up caches
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    g = make_grid()
    centre = (SIZE // 2, SIZE // 2)
    rng = np.random.default_rng(2)
    pairs = [tuple(map(tuple, rng.integers(0, SIZE, size=(2, 2)).tolist())) for _ in range(1000)]

    def los_batch() -> None:
        for a, b in pairs:
            has_line_of_sight(g, a, b)

    rows = [
        ("reachable, budget 10", median_ms(lambda: reachable(g, centre, 10), 50)),
        ("reachable, budget 30", median_ms(lambda: reachable(g, centre, 30), 20)),
        ("find_path corner to corner", median_ms(lambda: find_path(g, (0, 0), (SIZE - 1, SIZE - 1)), 10)),
        ("1000 LoS checks (random pairs)", median_ms(los_batch, 10)),
        ("visible_cells, range 24", median_ms(lambda: visible_cells(g, centre, max_range=24), 20)),
        (
            "visible_cells, range 24, facing N",
            median_ms(lambda: visible_cells(g, centre, "N", max_range=24), 20),
        ),
        ("visible_cells, whole table", median_ms(lambda: visible_cells(g, centre), 5)),
    ]
    print(f"geometry benchmark, {SIZE}x{SIZE} table, 15% obstacles; machine: {os.cpu_count()} cores")
    for name, ms in rows:
        print(f"  {name:<36} {ms:9.3f} ms (median)")


if __name__ == "__main__":
    main()
