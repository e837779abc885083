"""Review 2026-11-27 item 16: in the editor at 1280x720 names lay over other units' tokens ("Captain
Rufu[s]" under Cobb, "[Sp]earman Cobb" under Dale). A name goes below its token, else above it,
where it covers neither a more important name nor another unit's token; else it waits for a hover,
the selection or a closer zoom (as names crowded by names did)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from brikwars_gui.ui.main_window import MainWindow


def _screen_rects(window: MainWindow) -> tuple[dict[str, QRectF], dict[str, QRectF]]:
    """Each shown name's and each token's rectangle on the map's viewport."""
    view, names, tokens = window.view, {}, {}
    for uid, item in window.scene.unit_items.items():
        if not item.isVisible() or item.dead:
            continue
        centre = view.mapFromScene(item.pos())
        r = item.radius * view.zoom_factor()
        tokens[uid] = QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
        if item.label.isVisible():
            anchor = view.mapFromScene(item.label.scenePos())
            names[uid] = item.label.box.translated(anchor.x(), anchor.y())
    return names, tokens


@pytest.mark.parametrize("zoom", [1.0, 0.85, 0.75])  # 85%: the window's opening zoom at 1280x720
def test_no_name_covers_another_units_token(open_window, app_style, settle, qtbot, zoom) -> None:
    window = open_window(size=(1280, 720))
    settle(window)
    window.view.zoom_by(zoom / window.view.zoom_factor())
    window.scene.declutter_labels()
    names, tokens = _screen_rects(window)
    assert len(names) == len(tokens) or zoom < 0.8  # at the opening zoom every name still shows
    covering = [
        (uid, other)
        for uid, name in names.items()
        for other, token in tokens.items()
        if other != uid and name.adjusted(4, 1, -4, -1).intersects(token.adjusted(1, 1, -1, -1))  # text, rim
    ]
    assert not covering, covering
    window.selection.select_unit("red-captain")  # the selected unit's name shows whatever it covers
    window.scene.declutter_labels()
    assert window.scene.unit_items["red-captain"].label.isVisible()
