"""The "Viewing Round N … press Back to live" banner over the map fits the map's viewport at every
window size: it wraps instead of running past the right edge (cut at 1600x1000 in the s9 real-window
check, with the docks of Play mode), keeps clear of the inch rulers, and follows the map when the
window or a dock changes its size while a past turn is viewed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect

from brikwars_gui.ui.battlefield.view import RULER_BAND
from brikwars_gui.ui.main_window import MainWindow


def banner_fits(window: MainWindow) -> None:
    banner = window.viewing_banner
    port = window.view.viewport()
    area = QRect(port.mapTo(window.view, port.rect().topLeft()), port.size())
    box = banner.geometry()
    assert banner.isVisible()
    assert area.contains(box), (box, area)
    assert box.left() >= area.left() + RULER_BAND + 6, "over the left inch ruler"
    # the whole text is shown: the label is as tall as its wrapped text needs
    needed = banner.heightForWidth(box.width())
    assert box.height() >= needed, (box.height(), needed)


@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720)])
def test_the_viewing_banner_fits_the_map_and_follows_resizes(
    open_window, app_style, settle, qtbot, idle, size
) -> None:
    window = open_window(size=size)
    settle(window)
    window.set_play_mode(True, seed=4)
    c = window.controller
    c.end_turn()
    qtbot.waitUntil(lambda: c.round >= 2 and not c.ai_running, timeout=60000)
    c.show_snapshot(0)
    assert "Viewing Round 1" in window.viewing_banner.text()
    banner_fits(window)
    window.resize(900, 600)  # the map narrower than the banner's one line
    qtbot.waitUntil(lambda: window.view.width() < 700, timeout=20_000)
    idle()
    banner_fits(window)
    assert window.viewing_banner.height() > window.viewing_banner.fontMetrics().height() * 1.5  # wrapped
    window.resize(*size)
    qtbot.waitUntil(lambda: window.width() == size[0], timeout=20_000)
    idle()
    banner_fits(window)


def test_the_viewing_banner_is_as_wide_as_its_text_when_the_map_has_room(open_window, qtbot) -> None:
    window = open_window(size=(1600, 1000))
    window.set_play_mode(True, seed=4)
    c = window.controller
    c.end_turn()
    qtbot.waitUntil(lambda: c.round >= 2 and not c.ai_running, timeout=60000)
    c.show_snapshot(0)
    banner = window.viewing_banner
    text_width = banner.fontMetrics().horizontalAdvance(banner.text())
    assert text_width < banner.width() < text_width + 40  # one line, no empty band after the text
