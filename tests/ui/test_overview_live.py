"""Issue 10, defect 4: the Overview draws the game as played (and the timeline turn viewed), not the
scenario's deployment (pytest-qt, offscreen)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor

from brikwars_gui.ui.main_window import MainWindow


def dot_colour(window: MainWindow, cell) -> QColor:
    mm = window.minimap
    scale, ox, oy = mm._frame()
    image = mm.grab().toImage()
    ratio = image.width() / mm.width()
    x, y = ox + (cell[0] + 0.5) * scale, oy + (cell[1] + 0.5) * scale
    return QColor(image.pixel(int(x * ratio), int(y * ratio)))


def test_the_overview_follows_the_moves_and_the_timeline(open_window, idle, tmp_path: Path) -> None:
    w = open_window()
    w.set_play_mode(True, seed=11)
    c = w.controller
    unit = "red-captain"
    start = c.unit_position(unit)
    reach = c.reachable(unit)
    goal = max(reach, key=lambda cell: (reach[cell], cell))
    red = QColor(w.doc.player("red").color)
    assert dot_colour(w, start) == red
    assert c.order_move(unit, goal)
    idle()
    assert dot_colour(w, goal) == red
    assert dot_colour(w, start) != red
    c.show_snapshot(0)  # the timeline at the start: the overview shows that turn
    idle()
    assert dot_colour(w, start) == red and dot_colour(w, goal) != red
    c.show_live()
    w.set_play_mode(False)  # Edit mode: the scenario's deployment again
    idle()
    assert dot_colour(w, start) == red
