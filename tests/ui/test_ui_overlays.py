"""Unit overlays (offscreen, pytest-qt): sight & Cone of Vision, weapon range rings, the hovered
line of sight, and the stale dock tab bar fix."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsEllipseItem

from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.items import CELL
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.session_controller import scenario_sight_mask

SCENARIO = {
    "format_version": 1,
    "name": "Overlays",
    "battlefield": {"width": 20, "height": 12},
    "terrain": [{"kind": "obstacle", "elevation": 3, "rects": [[10, 2, 1, 2]]}],
    "hazards": [{"id": "smoke1", "kind": "smoke", "rects": [[8, 8, 2, 2]]}],
    "units": [
        {
            "id": "r1",
            "name": "Rifleman",
            "team": "red",
            "position": [5, 5],
            "facing": "E",
            "weapons": [
                {"name": "Rifle", "use": 4, "range": 10, "damage": "1d6"},
                {"name": "Grenade", "kind": "thrown", "use": 3, "range": 4, "damage": "1d10"},
                {"name": "Knife", "kind": "close", "use": 1, "damage": "1d4"},
            ],
        },
        {"id": "b1", "name": "Seen", "team": "blue", "position": [12, 5], "facing": "W"},
        {"id": "b2", "name": "Walled", "team": "blue", "position": [15, 2], "facing": "W"},
        {"id": "b3", "name": "Smoked", "team": "blue", "position": [11, 9], "facing": "W"},
    ],
    "players": [
        {"id": "red", "name": "Red", "color": "#c03030", "controller": "human"},
        {"id": "blue", "name": "Blue", "color": "#3050c0", "controller": "human"},
    ],
    "turn_order": ["red", "blue"],
}


@pytest.fixture
def window(open_window, data_dir) -> MainWindow:
    return open_window(Scenario.model_validate(SCENARIO), data_dir=data_dir, ai_interval=None, animate=None)


def play(window: MainWindow) -> None:
    window.set_play_mode(True, seed=7)
    window.selection.select_unit("r1")
    window.refresh_unit_overlays()


def test_sight_mask_is_the_engines_visible_cells(window):
    from brikwars_gui.engine.geometry import visible_cells

    play(window)
    c = window.controller
    state = c.game.state
    mask = c.sight_mask("r1")
    expected = visible_cells(state.grid, (5, 5), "E", smoke=state.smoke_mask())
    assert mask.dtype == bool and np.array_equal(mask, expected)
    assert mask[5, 12]  # b1 straight ahead
    assert not mask[5, 2]  # behind: outside the Cone of Vision
    assert not mask[9, 11]  # b3 behind the smoke field (R-HAZ-7)
    assert not mask[2, 15] or not state.grid.sight_blocked[2:4, 10].any()


def test_smoke_blocks_the_sight_mask(window):
    play(window)
    c = window.controller
    assert not c.sight_mask("r1")[9, 11]
    assert c.has_line_of_sight("r1", "b3") is False
    assert c.has_line_of_sight("r1", "b1") is True


def test_edit_mode_sight_mask_from_the_scenario(window):
    mask = scenario_sight_mask(window.doc.scenario, "r1")
    assert mask is not None and mask[5, 12] and not mask[9, 11] and not mask[5, 2]
    window.selection.select_unit("r1")
    window.layer_actions["sight"].setChecked(True)
    window.refresh_unit_overlays()
    assert window.scene.sight_item.isVisible()


def test_sight_overlay_toggles_and_follows_facing(window, qtbot):
    play(window)
    scene = window.scene
    assert not window.layer_actions["sight"].isChecked()
    assert scene.sight_item is None or not scene.sight_item.isVisible()
    window.layer_actions["sight"].setChecked(True)
    window.refresh_unit_overlays()
    assert scene.sight_item.isVisible()
    assert all(line.isVisible() for line in scene.cone_items) and len(scene.cone_items) == 2
    before = scene.sight_item.pixmap().toImage()
    cone_before = [line.line() for line in scene.cone_items]
    assert window.controller.order_face("r1", "W")
    qtbot.waitUntil(lambda: scene.sight_item.pixmap().toImage() != before, timeout=20_000)
    assert [line.line() for line in scene.cone_items] != cone_before
    mask = window.controller.sight_mask("r1")
    assert mask[5, 2] and not mask[5, 12]
    window.layer_actions["sight"].setChecked(False)
    assert not scene.sight_item.isVisible()
    assert not any(line.isVisible() for line in scene.cone_items)
    window.save_window_settings()
    assert str(window.settings.value("overlays/sight")).lower() in ("false", "0")


def test_range_rings(window):
    play(window)
    window.layer_actions["ranges"].setChecked(True)
    window.refresh_unit_overlays()
    rings = window.scene.range_items
    view = window.controller.unit_view("r1")
    ranged = [w for w in view.weapons if w[1] != "close" and w[2]]
    assert len(rings) == len(ranged) == 2
    assert all(isinstance(r, QGraphicsEllipseItem) and r.isVisible() for r in rings)
    radii = sorted(r.rect().width() / 2 for r in rings)
    assert radii == [4 * CELL, 10 * CELL]
    labels = sorted(child.text for r in rings for child in r.childItems())
    assert labels == ['Grenade 4"', 'Rifle 10"']
    window.layer_actions["ranges"].setChecked(False)
    assert not any(r.isVisible() for r in window.scene.range_items)


def test_range_rings_in_edit_mode(window):
    window.layer_actions["ranges"].setChecked(True)
    window.selection.select_unit("r1")
    window.refresh_unit_overlays()
    assert len(window.scene.range_items) == 2
    window.selection.select_unit("b1")  # no weapons
    window.refresh_unit_overlays()
    assert window.scene.range_items == []


def test_hover_line_of_sight_colour(window):
    play(window)
    scene = window.scene
    window._play_hover(12, 5)  # b1: clear
    assert scene.los_item.isVisible() and scene.los_item.data(0) == "clear"
    assert scene.los_item.pen().color().green() > scene.los_item.pen().color().red()
    assert scene.los_item.toolTip() == "Line of sight (GRID-5)"
    window._play_hover(11, 9)  # b3: behind smoke
    assert scene.los_item.isVisible() and scene.los_item.data(0) == "blocked"
    assert scene.los_item.pen().color().red() > scene.los_item.pen().color().green()
    window._play_hover(0, 0)  # nobody
    assert not scene.los_item.isVisible()


def test_no_stale_tab_bar_after_the_bottom_dock_grows(window, idle):
    from PySide6.QtWidgets import QTabBar

    def stray():  # a bar the user sees (inside the window) that belongs to no tab group
        bars = window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        seen = [b for b in bars if b.isVisible() and window.rect().intersects(b.geometry())]
        return [b for b in seen if b.count() == 0 or b in window.stale_tab_bars()]

    for play_mode in (False, True, False):
        window.set_play_mode(play_mode, seed=3) if play_mode else window.set_play_mode(False)
        dock = window.dock_log if play_mode else window.dock_units
        window.resizeDocks([dock], [420], Qt.Orientation.Vertical)
        idle()
        assert stray() == []
        window.resizeDocks([dock], [180], Qt.Orientation.Vertical)
        idle()
        assert stray() == []


def test_an_idle_play_mode_window_does_not_hide_and_show_tab_bars_in_a_loop(window, qtbot, idle):
    """Issue 9: hiding an unseen tab bar made Qt's dock layout show it again at once, and the
    window hid it again, ~400 times a second: a core 30% busy while nothing happened."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QTabBar

    window.set_play_mode(True, seed=3)
    idle()
    shown: list[QTabBar] = []

    class Watch(QObject):
        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Show:
                shown.append(obj)
            return False

    watch = Watch()
    for bar in window.findChildren(QTabBar):
        bar.installEventFilter(watch)
    qtbot.wait(300)
    assert len(shown) <= 2, f"tab bars shown {len(shown)} times in 0.3 s of idling"
