"""Render the main window offscreen at 1400x900 to a PNG (default docs/screenshot.png).

python scripts/screenshot.py [OUT.png] [--scenario FILE]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def pick_scenario() -> Path | None:
    from brikwars_gui.paths import SCENARIOS

    for name in ("hazard_showcase.json", "skirmish.json"):
        if (SCENARIOS / name).is_file():
            return SCENARIOS / name
    return None


def render(out: Path, scenario: Path | None = None, select: bool = True) -> Path:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.app import create_application, open_window
    from brikwars_gui.ui.sample import generated_scenario

    app = create_application(["screenshot"])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "screenshot.ini"), QSettings.Format.IniFormat)
    scenario = scenario or pick_scenario()
    if scenario is not None:
        window = open_window(scenario, settings=settings, show_errors=False)
    else:
        from brikwars_gui.ui.main_window import MainWindow

        window = MainWindow(generated_scenario(30, 20, 12), settings=settings)
    window.resize(1400, 900)
    window.show()
    for _ in range(3):
        app.processEvents()
    window.view.fit()
    if select and window.doc.scenario.units:
        window.selection.select("unit", window.doc.scenario.units[0].id)
    window.scene.fire_timer.stop()
    QApplication.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(out)):
        raise SystemExit(f"could not write {out}")
    window.doc.undo_stack.setClean()
    window.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshot.png"))
    parser.add_argument("--scenario", type=Path, default=None)
    args = parser.parse_args(argv)
    print(render(Path(args.out), args.scenario))
    return 0


if __name__ == "__main__":
    sys.exit(main())
