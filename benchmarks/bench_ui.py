"""UI benchmark: open the large battle, build a 120x120 scene, update after moving one unit, the
UI's update per event while the AI plays; then the same on a generated 200-unit battle
(`army_battle(200)` on 120x120": opening target < 1 s, median update per event < 16 ms).

QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui.py [--big-steps N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def bench_ai_round(app, scenario, settings, label: str, max_steps: int | None = None) -> None:
    """Play mode, every side played by the AI for one round (or `max_steps` AI steps): the time to
    open the battle in Play mode, the UI's update time per event (log model rows, changed unit
    items, hazard images, repaint) and per AI step."""
    from brikwars_gui.ui.main_window import MainWindow

    t_open = time.perf_counter()
    window = MainWindow(scenario, settings=settings)
    window.ask_leave_game = lambda: "discard"  # closing must not wait for a Save/Discard answer
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    c = window.controller
    c.ask_response = lambda request: request.default
    window.set_play_mode(True, seed=1)
    app.processEvents()
    opened = time.perf_counter() - t_open
    c._stop_ai()
    c.ai_interval = 10**7
    for p in c.game.state.players:
        p.controller = "ai"
    ui_time = [0.0]
    on_event = c._on_event

    def timed(event) -> None:
        t = time.perf_counter()
        on_event(event)
        ui_time[0] += time.perf_counter() - t

    c.game.listener = timed
    c._on_event = timed
    per_event, per_step, engine = [], [], []
    start_round = c.game.round
    while not c.game.over and c.game.round == start_round and len(per_step) != max_steps:
        ui_time[0] = 0.0
        n0 = len(c.game.events)
        t0 = time.perf_counter()
        game = c.game
        ai_flush = c._flush
        flush_time = [0.0]

        def flush(*a, _f=ai_flush, _acc=flush_time, **k) -> None:
            t = time.perf_counter()
            _f(*a, **k)
            app.processEvents()
            _acc[0] += time.perf_counter() - t

        c._flush = flush
        more = c.ai_step()
        c._flush = ai_flush
        total = time.perf_counter() - t0
        n = len(game.events) - n0
        ui = ui_time[0] + flush_time[0]
        if n:
            per_event.append(ui / n)
            per_step.append(ui)
            engine.append(total - ui)
        if not more and c.game.round == start_round:
            break
    c._stop_ai()
    print(
        f"{label}: open in Play mode {opened * 1000:.0f} ms; "
        f"AI {len(per_step)} steps, {sum(1 for _ in c.game.events)} events: "
        f"UI update per event median {statistics.median(per_event) * 1000:.3f} ms, "
        f"per AI step (redraw incl.) median {statistics.median(per_step) * 1000:.2f} ms, "
        f"engine per step median {statistics.median(engine) * 1000:.2f} ms"
    )
    window.doc.undo_stack.setClean()
    window.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big-steps", type=int, default=30, help="AI steps on the 200-unit battle")
    big_steps = parser.parse_args().big_steps
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.scenario.generate import army_battle
    from brikwars_gui.ui.main_window import MainWindow
    from brikwars_gui.ui.sample import generated_scenario
    from brikwars_gui.ui.scenario_io import load_scenario

    app = QApplication.instance() or QApplication(["bench"])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "bench.ini"), QSettings.Format.IniFormat)
    from benchmarks.bench_scale import calibration_ms

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}; load average {load}; "
        f"calibration loop (1e6 iterations): {calibration_ms():.1f} ms"
    )

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
    bench_ai_round(app, scenario, settings, f"AI round on {label}")
    bench_ai_round(
        app,
        army_battle(200, size=120, buildings=40, fires=3, seed=0),
        settings,
        "army_battle(200) 120x120",
        max_steps=big_steps,
    )
    for w in (window, big):
        w.doc.undo_stack.setClean()
        w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
