"""Issue 9, the GUI with many units: a unit's change redraws its own cells of the unit table, not
every row (the table asked ~233,000 cells while a 200-unit battle opened), and the fire's flicker
redraws only the burning part of the field (pytest-qt, offscreen)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.models import UnitTableModel

LARGE = SCENARIOS / "large_battle.json"


def test_a_unit_update_asks_the_unit_table_for_a_few_cells_only(open_window, idle) -> None:
    window = open_window(LARGE)
    window.set_play_mode(True, seed=2)
    idle()
    table = window.unit_panel.table
    widths = [table.columnWidth(c) for c in range(UnitTableModel.COLUMNS.__len__())]
    model = window.unit_panel.model
    asked: list[str] = []
    status = model.status_provider
    model.status_provider = lambda unit_id: asked.append(unit_id) or status(unit_id)
    c = window.controller
    uid = next(u for u in c.unit_ids_of() if c.reachable(u))
    cell = max(
        c.reachable(uid),
        key=lambda k: abs(k[0] - c.unit_position(uid)[0]) + abs(k[1] - c.unit_position(uid)[1]),
    )
    assert window.order_move(uid, cell)
    idle()
    assert model.rowCount() >= 40 and uid in asked, "the table shows the move"
    assert len(asked) <= 3, f"the status of {len(asked)} units asked for one unit's move: {asked}"
    assert table.model().index(table.model().rowCount() - 1, 0).isValid()
    row = model.row_of(uid)
    assert model.index(row, 2).data() == f"{cell[0]}, {cell[1]}"  # the new position is shown
    assert [table.columnWidth(col) for col in range(len(widths))] == widths  # no resize per change


def test_the_fire_flicker_redraws_the_burning_tiles_only(open_window) -> None:
    window = open_window(SCENARIOS / "hazard_showcase.json")
    item = window.scene.fire_item
    image = item.pixmap().toImage()
    burning = {
        (x, y) for y in range(image.height()) for x in range(image.width()) if image.pixelColor(x, y).alpha()
    }
    assert burning, "the sample has fires"
    assert window.scene.fire_timer.isActive()
    tiles = item.burning
    assert all(any(t.contains(QRectF(x, y, 1, 1)) for t in tiles) for x, y in burning)
    area = sum(t.width() * t.height() for t in tiles)
    assert area < 0.5 * image.width() * image.height()  # not the whole field
    item.set_flicker(0.8)
    assert item.flicker == 0.8 and item.opacity() == 1.0
    assert np.isclose(item.flicker, 0.8)
