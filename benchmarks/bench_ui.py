"""UI benchmark: open the large battle, build a 120x120 scene, update after moving one unit.

QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.ui.main_window import MainWindow
    from brikwars_gui.ui.sample import generated_scenario
    from brikwars_gui.ui.scenario_io import load_scenario

    app = QApplication.instance() or QApplication(["bench"])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "bench.ini"), QSettings.Format.IniFormat)
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")

    large = SCENARIOS / "large_battle.json"
    t0 = time.perf_counter()
    if large.is_file():
        scenario, label = load_scenario(large), "large_battle.json"
    else:
        scenario, label = generated_scenario(72, 48, 40), "generated 72x48, 40 units"
    window = MainWindow(scenario, settings=settings)
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    t1 = time.perf_counter()
    bf = scenario.battlefield
    print(f"open {label} ({bf.width}x{bf.height}, {len(scenario.units)} units): {(t1 - t0) * 1000:.1f} ms")

    t0 = time.perf_counter()
    big = MainWindow(generated_scenario(120, 120, 40), settings=settings)
    big.resize(1400, 900)
    big.show()
    app.processEvents()
    t1 = time.perf_counter()
    print(f"build 120x120 scene (window incl.): {(t1 - t0) * 1000:.1f} ms, {len(big.scene.items())} items")

    doc = window.doc
    unit = doc.scenario.units[0]
    cells = [c for c in (doc.free_cell_near((x, 1)) for x in range(1, min(20, doc.width - 1))) if c]
    times = []
    for i in range(40):
        cell = cells[i % len(cells)]
        t0 = time.perf_counter()
        try:
            doc.move_unit(unit.id, cell)
        except ValueError:
            continue
        app.processEvents()
        times.append(time.perf_counter() - t0)
    print(f"move one unit + update (median of {len(times)}): {statistics.median(times) * 1000:.2f} ms")

    t0 = time.perf_counter()
    doc.paint_terrain(doc.brush_cells((doc.width // 2, doc.height // 2), 5), "mud")
    app.processEvents()
    print(f"paint a 5x5 terrain brush + redraw: {(time.perf_counter() - t0) * 1000:.1f} ms")
    for w in (window, big):
        w.doc.undo_stack.setClean()
        w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
