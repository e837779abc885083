"""The Forecast dialog: a small forecast in the worker thread, the tables, Copy as text, Cancel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.ui.forecast_dialog import ForecastDialog, PlayerForecastModel


def tiny():
    return sb.scenario(
        [
            sb.unit("r1", "red", (2, 3), facing="E", name="Ruby", weapons=[sb.RIFLE]),
            sb.unit("r2", "red", (2, 6), facing="E", name="Rex", weapons=[sb.SWORD]),
            sb.unit("b1", "blue", (12, 3), facing="W", name="Bea", weapons=[sb.RIFLE]),
            sb.unit("b2", "blue", (12, 6), facing="W", name="Bo", weapons=[sb.SWORD]),
        ],
        width=15,
        height=10,
        name="tiny",
    )


@pytest.fixture
def dialog(qtbot) -> ForecastDialog:
    d = ForecastDialog(tiny(), jobs=1)
    qtbot.addWidget(d)
    yield d
    d.cancel()
    d.wait()


def test_run_a_small_forecast_fills_the_tables(qtbot, dialog) -> None:
    dialog.runs.setValue(5)
    dialog.seed.setValue(3)
    dialog.turns.setValue(6)
    with qtbot.waitSignal(dialog.reportReady, timeout=120_000):
        assert dialog.start()
        assert dialog.is_running() and not dialog.run_button.isEnabled() and dialog.cancel_button.isEnabled()
        assert not dialog.start()  # one at a time
    qtbot.waitUntil(lambda: not dialog.is_running(), timeout=60_000)
    report = dialog.report
    assert report is not None and report.runs == 5 and not report.cancelled and report.seed == 3
    players = dialog.player_model
    assert players.rowCount() >= 2
    assert players.data(players.index(0, 0)) == "Red (red)"
    assert players.data(players.index(0, 1)) == str(report.player("red").wins)
    assert players.data(players.index(0, 2)).endswith("%") and "–" in players.data(players.index(0, 3))
    assert players.headerData(3, Qt.Orientation.Horizontal) == "95% interval"
    assert dialog.unit_model.rowCount() == 4
    names = {dialog.unit_model.data(dialog.unit_model.index(r, 0)) for r in range(4)}
    assert names == {"Ruby", "Rex", "Bea", "Bo"}
    assert dialog.progress.value() == 5 and dialog.progress.maximum() == 5
    assert dialog.run_button.isEnabled() and not dialog.cancel_button.isEnabled()
    assert dialog.copy_button.isEnabled()
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == report.format_text()
    assert "Forecast: tiny" in dialog.report_text()


def test_cancel_stops_the_forecast_with_a_partial_report(qtbot, dialog) -> None:
    dialog.runs.setValue(100_000)
    dialog.start()
    qtbot.waitUntil(lambda: dialog.progress.value() >= 2, timeout=120_000)
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: dialog.report is not None and not dialog.is_running(), timeout=120_000)
    assert dialog.report.cancelled and 0 < dialog.report.runs < 100_000
    assert "Cancelled" in dialog.status.text()
    assert dialog.run_button.isEnabled() and dialog.runs.isEnabled()


def test_closing_while_running_stops_the_worker(qtbot) -> None:
    d = ForecastDialog(tiny(), jobs=1)
    qtbot.addWidget(d)
    d.runs.setValue(100_000)
    d.start()
    qtbot.waitUntil(lambda: d.progress.value() >= 1, timeout=120_000)
    d.reject()
    assert not d.is_running()


def test_no_winner_row_and_empty_model() -> None:
    model = PlayerForecastModel()
    assert model.rowCount() == 0 and model.columnCount() == 5
    from brikwars_gui.engine.forecast import forecast

    report = forecast(tiny(), 3, max_rounds=1)  # one round: mostly no winner yet
    model.set_report(report)
    assert model.rowCount() == len(report.players) + (1 if report.turn_limit + report.draws else 0)
    if report.turn_limit:
        assert model.data(model.index(model.rowCount() - 1, 0)).startswith("No winner")


def test_game_menu_opens_the_forecast_dialog(qtbot, tmp_path) -> None:
    from PySide6.QtCore import QSettings

    from brikwars_gui.ui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(tiny(), None, settings=settings)
    window.ask_unsaved = lambda: "discard"
    window.ask_leave_game = lambda: "discard"
    qtbot.addWidget(window)
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    action = next((a for a in game_menu.actions() if a.text().startswith("&Forecast")), None)
    if action is None:
        pytest.skip("the Game ▸ Forecast… menu action is not in main_window yet")
    action.trigger()
    dialog = next(w for w in window.findChildren(ForecastDialog))
    assert dialog.scenario.name == "tiny" and dialog.isVisible()
    dialog.close()


def test_worker_processes_from_the_dialog_thread_give_the_same_report(qtbot) -> None:
    from brikwars_gui.engine.forecast import forecast

    d = ForecastDialog(tiny(), jobs=2)
    qtbot.addWidget(d)
    d.runs.setValue(10)
    with qtbot.waitSignal(d.reportReady, timeout=60_000):
        d.start()
    qtbot.waitUntil(lambda: not d.is_running(), timeout=60_000)
    assert d.report.jobs == 2
    assert d.report == forecast(tiny(), 10, seed=0, max_rounds=10, jobs=1)
