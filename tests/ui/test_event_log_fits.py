"""Issue 10 follow-up (README's Play screenshot at 1280x720): the Dice & Event Log scrolled sideways,
its Event column a fixed 420 px and the Dice column cut at the dock's edge. The Event column now
takes the room the dock has, Dice keeps its own width, and nothing scrolls sideways."""

from __future__ import annotations

import pytest

from brikwars_gui.paths import SCENARIOS


@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720), (1024, 700)])
def test_the_event_log_fits_its_dock(qtbot, open_window, app_style, settle, size) -> None:
    w = open_window(SCENARIOS / "skirmish.json", size=size, animate=None)
    w.set_play_mode(True, seed=1)
    settle(w)
    view = w.log_panel.view
    header = view.horizontalHeader()
    qtbot.waitUntil(lambda: view.model().rowCount() > 0, timeout=20_000)
    widths = [header.sectionSize(c) for c in range(header.count())]
    assert sum(widths) <= view.viewport().width(), f"columns {widths} in {view.viewport().width()} px"
    assert view.horizontalScrollBar().maximum() == 0, f"the log scrolls sideways at {size}"
    assert header.sectionSize(3) >= header.sectionSize(4), "the Event line gets the most room"
    assert header.sectionSize(4) >= 120, "the Dice column stays readable"
