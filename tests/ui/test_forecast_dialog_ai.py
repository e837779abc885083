"""Game ▸ Forecast…: an AI level per side (issue 13). The combos start at each player's ai_level,
the chosen levels reach the engine, and the report is the one `forecast(..., ai=...)` gives."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.forecast import forecast
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.forecast_dialog import ForecastDialog


def duel() -> Scenario:
    data = sb.scenario(
        [
            sb.unit("r1", "red", (2, 3), facing="E", name="Ruby", weapons=[sb.RIFLE]),
            sb.unit("b1", "blue", (12, 3), facing="W", name="Bea", weapons=[sb.RIFLE]),
        ],
        width=15,
        height=8,
        name="duel",
    ).model_dump(mode="json")
    data["players"][1]["ai_level"] = "hard"
    return Scenario.model_validate(data)


@pytest.fixture
def dialog(qtbot) -> ForecastDialog:
    d = ForecastDialog(duel(), jobs=1)
    qtbot.addWidget(d)
    yield d
    d.cancel()
    d.wait()


def test_per_side_ai_combos_start_at_the_scenario_levels_and_drive_the_runs(qtbot, dialog) -> None:
    assert set(dialog.ai_levels) == {"red", "blue"}
    assert dialog.ai_levels["red"].currentText() == "default"
    assert dialog.ai_levels["blue"].currentText() == "hard"
    assert [dialog.ai_levels["red"].itemText(i) for i in range(5)] == [
        "default", "easy", "normal", "hard", "passive"
    ]
    dialog.ai_levels["red"].setCurrentText("passive")
    dialog.runs.setValue(4)
    dialog.turns.setValue(4)
    with qtbot.waitSignal(dialog.reportReady, timeout=60_000):
        assert dialog.start()
        assert not dialog.ai_levels["red"].isEnabled()  # fixed while the runs play
    qtbot.waitUntil(lambda: not dialog.is_running(), timeout=60_000)
    report = dialog.report
    assert report is not None and report.ai == {"red": "passive", "blue": "hard"}
    assert dialog.ai_levels["red"].isEnabled()
    expected = forecast(duel(), 4, max_rounds=4, ai={"red": "passive", "blue": "hard"})
    assert [r.winner for r in report.results] == [r.winner for r in expected.results]
