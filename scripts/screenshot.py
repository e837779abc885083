"""Render the main window offscreen at 1400x900 to a PNG (default docs/screenshot.png).

python scripts/screenshot.py [OUT.png] [--scenario FILE]
python scripts/screenshot.py docs/screenshot-play.png --play [--rounds 2] [--seed 5]
    Play mode after the AI has played every side for ROUNDS rounds (fires spreading, log filled),
    then the human player's turn with a unit selected, its reachable cells and a path preview.
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


def zoom_to_action(window) -> None:
    """Zoom onto the living units, the fires and the fields (2 cells of margin), keeping the aspect."""
    from PySide6.QtCore import QRectF, Qt

    from brikwars_gui.ui.items import CELL

    state = window.controller.game.state
    cells = [u.pos for u in state.units.values() if u.alive]
    cells += [c for f in state.fires.values() for c in f.cells]
    for f in state.fields.values():  # the Field Hazards too, so none of their labels is cut off
        ys, xs = f.mask.nonzero()
        cells += list(zip(xs.tolist(), ys.tolist(), strict=True))
    if not cells:
        return
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    x0, y0 = max(0, min(xs) - 2), max(0, min(ys) - 2)
    x1, y1 = min(state.width, max(xs) + 3), min(state.height, max(ys) + 3)
    rect = QRectF(x0 * CELL, y0 * CELL, (x1 - x0) * CELL, (y1 - y0) * CELL)
    window.view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
    window.view.zoomChanged.emit(window.view.zoom_factor())


def render_play(out: Path, scenario: Path | None = None, rounds: int = 2, seed: int = 5) -> Path:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.app import create_application
    from brikwars_gui.ui.main_window import MainWindow
    from brikwars_gui.ui.scenario_io import load_scenario

    app = create_application(["screenshot"])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "screenshot.ini"), QSettings.Format.IniFormat)
    path = scenario or pick_scenario()
    window = MainWindow(load_scenario(path), path, settings=settings)
    window.resize(1400, 900)
    window.show()
    for _ in range(3):
        app.processEvents()
    c = window.controller
    c.ask_response = lambda request: request.default
    window.set_play_mode(True, seed=seed)
    c._stop_ai()
    c.ai_interval = 10**7
    state = c.game.state
    humans = [p for p in state.players if p.controller != "ai"]
    for p in humans:  # the AI plays every side for the first rounds
        p.controller = "ai"
    c._after_order()
    c._ai_timer.stop()
    while not c.game.over and c.game.round <= rounds:
        if not c.ai_step():
            break
    c._stop_ai()
    for p in humans:
        p.controller = "human"
    c._after_order()
    app.processEvents()
    window.view.fit()
    zoom_to_action(window)
    # a unit of the (human) player to move: selected, reachable cells shaded, a path previewed
    units = sorted(
        (u for u in c.game.state.units.values() if u.alive and u.team == c.active_player),
        key=lambda u: -len(c.reachable(u.id)),
    )
    if units:
        unit = units[0]
        window.selection.select_unit(unit.id)
        window.refresh_play_overlays()
        reach = c.reachable(unit.id)
        if reach:
            cx, cy = unit.pos
            cell = max(reach, key=lambda k: (reach[k], -abs(k[0] - cx) - abs(k[1] - cy), k))
            window._play_hover(*cell)
    # a dice line selected in the log, its units highlighted
    panel = window.log_panel
    rows = [i for i, e in enumerate(panel.model.entries) if e.kind == "attacked"]
    if rows:
        src = panel.model.index(rows[-1], 0)
        idx = panel.proxy.mapFromSource(src)
        panel.view.selectRow(idx.row())
        panel.view.scrollTo(idx)
        entry = panel.model.entries[rows[-1]]
        window.scene.highlight(entry.units, ())
    window.scene.fire_timer.stop()
    if window.scene.fire_item is not None:
        window.scene.fire_item.setOpacity(1.0)
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
    parser.add_argument("--play", action="store_true", help="Play mode after AI rounds")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    if args.play:
        print(render_play(Path(args.out), args.scenario, args.rounds, args.seed))
    else:
        print(render(Path(args.out), args.scenario))
    return 0


if __name__ == "__main__":
    sys.exit(main())
