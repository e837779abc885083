"""Issue 10 click-through: Edit mode's side docks (Palette and Scenario, Turn, Unit Inspector) fit
their dock at 1600x1000, 1280x720 and 1024x700: no horizontal scroll bar and no field cut off at
the dock's edge (at 1600x1000 the Scenario tab scrolled sideways, its ruleset combo clipped; at
1024x700 the Palette, the Turn panel and the inspector did). 1008x652 is the window a window
manager's frame leaves on a 1024x700 screen. Run under the application's style sheet."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLineEdit, QScrollArea, QSpinBox

from brikwars_gui.paths import SCENARIOS


def _inside(widget, viewport) -> bool:
    left = widget.mapTo(viewport, QPoint(0, 0)).x()
    right = widget.mapTo(viewport, QPoint(widget.width() - 1, 0)).x()
    return left >= 0 and right < viewport.width()


@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720), (1024, 700), (1008, 652)])
def test_palette_and_scenario_docks_fit_without_a_horizontal_scroll_bar(
    idle, open_window, app_style, settle, size
):
    w = open_window(SCENARIOS / "ruined_chapel.json", size=size, animate=None)  # the longest ruleset name
    settle(w)
    w.selection.select("unit", w.doc.scenario.units[0].id)  # the inspector's fields are shown
    for dock in (w.dock_palette, w.dock_scenario, w.dock_turn, w.dock_inspector):
        dock.raise_()
        idle()
        area = dock.widget()
        assert isinstance(area, QScrollArea)
        assert not area.horizontalScrollBar().isVisible(), f"{dock.windowTitle()} scrolls sideways at {size}"
        panel, viewport = area.widget(), area.viewport()
        assert panel.width() <= viewport.width()
        for kind in (QComboBox, QLineEdit, QSpinBox, QAbstractButton):
            for child in panel.findChildren(kind):
                if child.isVisibleTo(panel) and not child.parent().inherits("QAbstractSpinBox"):
                    assert _inside(child, viewport), f"{dock.windowTitle()}: {child!r} cut off at {size}"
        for combo in panel.findChildren(QComboBox):  # a narrow combo still shows a readable text
            if combo.isVisibleTo(panel):
                assert combo.width() >= 90, f"{combo.currentText()!r} squeezed to {combo.width()} px"
