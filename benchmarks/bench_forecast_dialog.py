"""Is the GUI's forecast slower than the CLI's (issue 10 reported 35 s against ~4 s)? The same
forecast timed (a) in the engine directly, as `brikwars-sim forecast` runs it, and (b) through the
Forecast dialog over the main window with the scenario on the battlefield (its fire animation
and other timers running in the GUI thread), twice (the second time with warm caches).

Run: `.venv/bin/python benchmarks/bench_forecast_dialog.py [--runs N] [--scenario NAME] [--jobs J]`.
Prints the machine's cores and a calibration loop so figures from different runs compare.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from bench_scale import calibration_ms  # one loop for every benchmark (benchmarks/ is on sys.path)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--scenario", default="hazard_showcase.json")
    parser.add_argument("--jobs", type=int, default=None, help="default: automatic, like CLI and GUI")
    args = parser.parse_args()

    from PySide6.QtWidgets import QApplication

    from brikwars_gui.engine.forecast import default_jobs, forecast
    from brikwars_gui.scenario.io import load_scenario
    from brikwars_gui.ui.forecast_dialog import ForecastDialog
    from brikwars_gui.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    scenario = load_scenario(SCENARIOS / args.scenario)
    print(f"machine: {default_jobs()} cores; calibration loop (1e6 iterations) {calibration_ms():.1f} ms")

    t0 = time.perf_counter()
    forecast(scenario, args.runs, seed=0, max_rounds=10, jobs=args.jobs)
    engine_s = time.perf_counter() - t0
    print(f"engine (CLI path)         {engine_s:7.2f} s")

    window = MainWindow()
    window.doc.reset(scenario)
    window.show()
    for label in ("dialog over the window", "dialog again (workers warm)"):
        dialog = ForecastDialog(scenario, window, jobs=args.jobs)
        dialog.runs.setValue(args.runs)
        dialog.show()
        t0 = time.perf_counter()
        dialog.start()
        while dialog.is_running():
            app.processEvents()
            time.sleep(0.002)
        wall = time.perf_counter() - t0
        print(f"{label:25s} {wall:7.2f} s  ({wall / engine_s:.2f}x the engine)")
        dialog.close()
    window.close()


if __name__ == "__main__":
    main()
