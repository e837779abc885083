"""Issue 10 click-through: the Forecast dialog's progress bar before the first run."""

from __future__ import annotations

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.ui.forecast_dialog import ForecastDialog


def _scenario():
    return sb.scenario(
        [
            sb.unit("r1", "red", (2, 3), facing="E", weapons=[sb.RIFLE]),
            sb.unit("b1", "blue", (9, 3), facing="W", weapons=[sb.RIFLE]),
        ],
        width=12,
        height=8,
        name="idle",
    )


def test_progress_says_not_run_yet_until_the_first_run(qtbot) -> None:
    """It showed "0 / 1" before anything ran; now it says so in words, then counts games."""
    d = ForecastDialog(_scenario(), jobs=1)
    qtbot.addWidget(d)
    assert d.progress.text() == "Not run yet"
    d.runs.setValue(2)
    with qtbot.waitSignal(d.reportReady, timeout=120_000):
        d.start()
        assert "/ 2" in d.progress.text()
    qtbot.waitUntil(lambda: not d.is_running(), timeout=60_000)
    assert d.progress.text() == "2 / 2"
