"""Render the main window offscreen at 1600x1000 to a PNG (default docs/screenshot.png).

python scripts/screenshot.py [OUT.png] [--scenario FILE] [--size 1280x720]
    Edit mode, zoomed onto the western two thirds of a wide map (the whole map when it is not wide),
    so cells, hazards and labels read at a useful size.
python scripts/screenshot.py docs/screenshot-play.png --play [--rounds 2] [--seed 5] [--size 1280x720]
    Play mode after the AI has played every side for ROUNDS rounds (fires spreading, log filled),
    then the human player's turn: one attack made (its dice and outcome on the map), another unit
    selected (its unit card in the inspector) with its reachable cells and the attack forecast and
    hover card of an enemy in its sights.
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


SIZE = (1600, 1000)


def settle(app) -> None:
    """Let layouts and paints triggered by a resize finish (no half-moved widgets in the grab)."""
    from PySide6.QtCore import QCoreApplication

    for _ in range(6):
        QCoreApplication.sendPostedEvents()
        app.processEvents()


def hide_stale_tab_bars(window) -> None:
    """Qt (6.11) leaves a visible, unused QTabBar behind when docks are tabified in several steps;
    it sits under the central widget until the bottom docks grow. Hide every tab bar that does not
    sit right under a visible dock (those Qt lays out; it shows a bar again when it reuses it)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget, QTabBar

    docks = [d.geometry() for d in window.findChildren(QDockWidget) if d.isVisible()]
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        g = bar.geometry()
        if not any(abs(d.bottom() + 1 - g.top()) <= 3 and abs(d.left() - g.left()) <= 3 for d in docks):
            bar.hide()


RULERS = (24, 18)  # the view's rulers cover this much of the viewport's left and top edges


def frame_cells(window, x0: float, y0: float, x1: float, y1: float) -> None:
    """Zoom so that cells [x0, x1) x [y0, y1) fill the viewport right of and below the rulers,
    aligned to its top-left corner (fractions allowed: room for labels)."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QTransform

    from brikwars_gui.ui.items import CELL

    view = window.view
    vp = view.viewport().size()
    aw, ah = vp.width() - RULERS[0], vp.height() - RULERS[1]
    s = min(aw / ((x1 - x0) * CELL), ah / ((y1 - y0) * CELL))
    view.setTransform(QTransform.fromScale(s, s))
    # the scene point shown at the viewport's centre, so that (x0, y0) lands just past the rulers
    cx = x0 * CELL + (vp.width() / 2 - RULERS[0]) / s
    cy = y0 * CELL + (vp.height() / 2 - RULERS[1]) / s
    view.centerOn(QPointF(cx, cy))
    view.zoomChanged.emit(view.zoom_factor())


def zoom_to_west(window, app) -> None:
    """A wide map: its western two thirds at full height (the bottom docks sized so that the view
    has that shape: no dark bands); a map that is not wide: all of it."""

    w, h = window.doc.width, window.doc.height
    cols = -(-2 * w // 3) if w > 1.8 * h else w
    if cols < w:  # no field or fire cut at the edge: each whole, with room for its label
        sc = window.doc.scenario
        spans = [([x for x, _ in hz.iter_cells()], 3.5) for hz in sc.hazards]
        spans += [([x for x, _ in f.cells], 2.5) for f in sc.fires if f.cells]
        changed = True
        while changed:
            changed = False
            for xs, room in spans:
                if xs and min(xs) < cols < max(xs) + 1 + room:
                    cols, changed = max(xs) + 1 + room, True
    region = (-0.9, -0.4, min(w + 0.4, cols + 0.2), h + 0.4)
    if cols < w:
        shape_view(window, app, window.dock_units, region)
    frame_cells(window, *region)


def shape_view(window, app, dock, region: tuple[float, float, float, float]) -> None:
    """Resize the bottom `dock` (120..460 px) so that the view has the shape of `region` (cells),
    and `frame_cells` fills it without dark bands; then hide Qt's stale tab bars."""
    from PySide6.QtCore import Qt

    x0, y0, x1, y1 = region
    window.setAnimated(False)  # dock moves finish at once (no half-drawn tab bars in the grab)
    request = dock.height()  # resizeDocks counts the dock's tab bar too
    for _ in range(4):
        vp = window.view.viewport().size()
        want = round((vp.width() - RULERS[0]) * (y1 - y0) / (x1 - x0)) + RULERS[1]
        new = max(120, min(460, request + vp.height() - want))
        if abs(vp.height() - want) <= 1 or new == request:
            break
        request = new
        window.resizeDocks([dock], [request], Qt.Orientation.Vertical)
        settle(app)
    hide_stale_tab_bars(window)


def render(
    out: Path, scenario: Path | None = None, select: bool = True, size: tuple[int, int] = SIZE
) -> Path:
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
    window.resize(*size)
    window.show()
    for _ in range(3):
        app.processEvents()
    window.view.fit()
    zoom_to_west(window, app)
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


def zoom_to_action(window, app) -> None:
    """Zoom onto the living units, the fires, the fields and the objects (2 cells of margin, labels included):
    the log dock sized to give the view that shape, the region widened to the view's shape when it
    is still narrower (within the map), aligned past the rulers."""
    c = window.controller  # everything read through the UI's seam, as the window does
    views = [c.unit_view(uid) for p in window.doc.scenario.players for uid in c.unit_ids_of(p.id)]
    cells = [v.pos for v in views if v is not None and v.alive]
    hazards = c.hazard_view()
    if hazards is not None:  # burning cells
        ys, xs = (hazards.fire_size > 0).nonzero()
        cells += list(zip(xs.tolist(), ys.tolist(), strict=True))
    for hz in window.doc.scenario.hazards:  # the Field Hazards too, so none of their labels is cut off
        cells += [tuple(cell) for cell in hz.iter_cells()]
    for obj in window.doc.scenario.objects:  # and the objects (their names are centred labels)
        if not c.object_destroyed(obj.id):
            cells += [tuple(cell) for cell in obj.iter_cells()]
    if not cells:
        return
    w, h = window.doc.width, window.doc.height
    xs, ys = [p[0] for p in cells], [p[1] for p in cells]
    x0, y0 = max(-0.9, min(xs) - 2), max(-0.4, min(ys) - 2)
    x1, y1 = min(w + 0.4, max(xs) + 3), min(h + 0.4, max(ys) + 3)
    shape_view(window, app, window.dock_log, (x0, y0, x1, y1))
    vp = window.view.viewport().size()
    aspect = (vp.width() - RULERS[0]) / max(1, vp.height() - RULERS[1])
    if (x1 - x0) / (y1 - y0) < aspect:  # widen (centred, within the map) so no band shows
        extra = (y1 - y0) * aspect - (x1 - x0)
        x0 = max(-0.9, x0 - extra / 2)
        x1 = min(w + 0.4, x0 + (y1 - y0) * aspect)
    else:  # heighten
        extra = (x1 - x0) / aspect - (y1 - y0)
        y0 = max(-0.4, y0 - extra / 2)
        y1 = min(h + 0.4, y0 + (x1 - x0) / aspect)
    frame_cells(window, x0, y0, x1, y1)


def attack_and_forecast(window, c) -> str | None:
    """The best-odds attack of the player to move is made (its result floats on the map); another
    unit that can attack is selected and the forecast card shows its best target. Returns the
    selected unit and that target (None: no forecast), or None when nobody can attack (then the
    caller shows a move instead)."""
    options = [
        (o.chance or 0.0, uid, o)
        for uid in c.unit_ids_of(c.active_player)
        for o in c.legal_actions(uid)
        if o.kind == "attack" and o.action is not None and (o.chance or 0) >= 0.2  # worth showing
    ]
    if not options:
        return None
    options.sort(key=lambda t: (-t[0], t[1], t[2].label))
    _chance, attacker, option = options[0]
    window.result_floats.clear()
    c.order_action(attacker, option.action)
    window.scene.finish_move_animations()
    others = [(ch, uid, o) for ch, uid, o in options if uid != attacker and c.can_command(uid)]
    others = [t for t in others if (v := c.unit_view(t[2].target)) is not None and v.alive]
    if not others:
        return attacker, None
    _chance, unit, option = others[0]
    window.selection.select_unit(unit)
    window.refresh_play_overlays()
    window.show_attack_forecast(unit, option.target)
    mine, theirs = c.unit_view(unit), c.unit_view(option.target)
    window.scene.show_line_of_sight(mine.pos, theirs.pos, bool(c.has_line_of_sight(unit, option.target)))
    return unit, option.target


def render_play(
    out: Path, scenario: Path | None = None, rounds: int = 2, seed: int = 5, size: tuple[int, int] = SIZE
) -> Path:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.app import create_application
    from brikwars_gui.ui.main_window import MainWindow
    from brikwars_gui.ui.scenario_io import load_scenario

    app = create_application(["screenshot"])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "screenshot.ini"), QSettings.Format.IniFormat)
    path = scenario or pick_scenario()
    window = MainWindow(load_scenario(path), path, settings=settings)
    window.ask_leave_game = lambda: "discard"  # a picture, not a battle to keep: no prompt on close
    window.resize(*size)
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
    while not c.game_over and c.round <= rounds:
        if not c.ai_step():
            break
    c._stop_ai()
    for p in humans:
        p.controller = "human"
    c._after_order()
    app.processEvents()
    settle(app)
    window.view.fit()
    zoom_to_action(window, app)
    # a unit of the (human) player to move: selected, reachable cells shaded, a path previewed
    units = sorted(
        (v for uid in c.unit_ids_of(c.active_player) if (v := c.unit_view(uid)) is not None and v.alive),
        key=lambda v: -len(c.reachable(v.id)),
    )
    attacked = attack_and_forecast(window, c)
    if units and attacked is None:
        unit = units[0]
        window.selection.select_unit(unit.id)
        for layer in ("sight", "ranges"):  # show the Cone of Vision and weapon range rings too
            window.layer_actions[layer].setChecked(True)
        window.refresh_play_overlays()
        window.refresh_unit_overlays()
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
    if attacked is not None and attacked[1] is not None:  # the pointer on the target: its hover card
        window.show_hover_card(attacked[1])
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
    parser.add_argument("--size", default=f"{SIZE[0]}x{SIZE[1]}", help="window size, e.g. 1280x720")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    if args.play:
        print(render_play(Path(args.out), args.scenario, args.rounds, args.seed, size))
    else:
        print(render(Path(args.out), args.scenario, size=size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
