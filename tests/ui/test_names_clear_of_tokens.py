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


def test_names_are_placed_again_where_a_sliding_token_ends(
    open_window, app_style, settle, qtbot, idle
) -> None:
    """A move slides the token cell by cell; its name was placed for where the slide began (the
    scene re-placed names when the order came), so a name hidden there stayed hidden after the
    token had moved into the clear (seen in the s10 real-window check of wizard_duel)."""
    window = open_window(size=(1280, 720))
    settle(window)
    window.view.zoom_by(0.75 / window.view.zoom_factor())
    scene = window.scene
    scene.declutter_labels()
    cobb = scene.unit_items["red-spear"]  # at (5, 8), crowded by Rufus and Dale at this zoom
    assert not cobb.label.isVisible()
    cobb.slide_along([(5, 8), (6, 7), (7, 6), (8, 5), (9, 4)])  # into open ground
    scene.schedule_declutter()  # as an order's unit update does, while the slide starts
    qtbot.waitUntil(lambda: cobb.slide is None, timeout=20_000)
    idle()
    assert cobb.label.isVisible()


def test_issue_26_names_wait_while_tokens_are_specks(open_window, app_style, settle, qtbot) -> None:
    """Below `UNIT_NAMES_BELOW_PX` of token radius on screen no unit's name shows but the selected
    one's (2,000 names were placed and painted at a 400" battle's fitted zoom); zoomed in again
    they come back where they fit."""
    from brikwars_gui.ui.battlefield.labels import UNIT_NAMES_BELOW_PX

    window = open_window(size=(1280, 720))
    settle(window)
    scene, view = window.scene, window.view
    radius = next(iter(scene.unit_items.values())).radius
    view.zoom_by(0.9 * UNIT_NAMES_BELOW_PX / radius / view.zoom_factor())
    window.selection.select_unit("red-captain")
    scene.declutter_labels()
    shown = [uid for uid, item in scene.unit_items.items() if item.label.isVisible()]
    assert shown == ["red-captain"]
    view.zoom_by(1.0 / view.zoom_factor())
    scene.declutter_labels()
    assert sum(item.label.isVisible() for item in scene.unit_items.values()) > 1


def test_issue_26_names_are_placed_before_the_map_is_painted(open_window, app_style, settle, qtbot) -> None:
    """A placement still pending when the map paints is done first (the paint after a saved game
    opened drew every name, then the declutter hid most of them)."""
    from brikwars_gui.ui.battlefield.labels import UNIT_NAMES_BELOW_PX

    window = open_window(size=(1280, 720))
    settle(window)
    scene, view = window.scene, window.view
    radius = next(iter(scene.unit_items.values())).radius
    view.zoom_by(0.9 * UNIT_NAMES_BELOW_PX / radius / view.zoom_factor())
    for item in scene.unit_items.values():
        item.label.setVisible(True)  # as fresh tokens are
    scene.schedule_declutter()
    view.viewport().repaint()  # painted at once, before the pending placement's timer fires
    assert not scene.declutter_timer.isActive()
    assert not any(item.label.isVisible() for item in scene.unit_items.values())
