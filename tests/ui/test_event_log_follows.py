"""An opened saved game shows the log's last line (the session-12 real-window check found it two
rows short: the view's range grew after the scroll to the bottom), and a reader who scrolled up to
an older line is not pulled back down when the range changes."""

from __future__ import annotations

from tests.ui.test_open_from_checkpoint import _orders_file, _window


def test_an_opened_saved_game_shows_the_last_line_of_its_log(qtbot, idle, settings, tmp_path) -> None:
    window = _window(qtbot, settings)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window, timeout=20_000)
    assert window.open_saved_game(_orders_file(tmp_path), remember=False)
    bar = window.log_panel.view.verticalScrollBar()
    idle()
    assert bar.maximum() > 0, "the log is longer than its dock"
    assert bar.value() == bar.maximum()
    # the reader scrolls up; a later change of the range leaves the line they read in view
    bar.setValue(bar.maximum() // 2)
    reading = bar.value()
    window.log_panel.view.resize(window.log_panel.view.width(), window.log_panel.view.height() - 40)
    idle()
    assert bar.value() == reading
