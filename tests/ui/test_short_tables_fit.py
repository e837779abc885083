"""Review 2026-11-27 item 22: with the app's style (taller rows) the game-over Survivors table
showed one row, the winner's needing a scroll, and the forecast's player table hid the draw row.
Each short table shows all its rows (pytest-qt with the real style sheet)."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView

from brikwars_gui.ui.forecast_dialog import ForecastDialog
from brikwars_gui.ui.game_over import GameOverDialog, GameSummary, TeamResult
from tests.ui.test_forecast_dialog_idle import _scenario


def _all_rows_shown(view: QTableView) -> bool:
    model, port = view.model(), view.viewport()
    rows = [view.visualRect(model.index(r, 0)) for r in range(model.rowCount())]
    return bool(rows) and all(r.top() >= 0 and r.bottom() < port.height() for r in rows)


def test_the_game_over_table_shows_every_team(qtbot, app_style) -> None:
    teams = (
        TeamResult("red", "Red Patrol", "#c62828", 3, 6),
        TeamResult("blue", "Blue Patrol", "#1565c0", 0, 6),
        TeamResult("green", "Green Band", "#2e7d32", 0, 4),
    )
    dialog = GameOverDialog(GameSummary("red", "Red Patrol", "the others are gone", 5, teams))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog, timeout=20_000)
    assert dialog.table.rowCount() == 3 and _all_rows_shown(dialog.table)


def test_the_forecast_player_table_shows_both_sides_and_the_draw(qtbot, idle, app_style) -> None:
    d = ForecastDialog(_scenario(), jobs=1)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d, timeout=20_000)
    d.runs.setValue(2)
    d.turns.setValue(d.turns.minimum())  # rifles 7" apart, one round: no side can win, a draw
    with qtbot.waitSignal(d.reportReady, timeout=120_000):
        d.start()
    qtbot.waitUntil(lambda: not d.is_running(), timeout=60_000)
    idle()
    assert d.player_view.model().rowCount() >= 3 and _all_rows_shown(d.player_view)


def test_the_game_over_note_sits_below_the_survivors_table(qtbot, app_style) -> None:
    """Seen in a real window at 1280x720: the wrapped note was laid over the table's last row,
    the dialog's minimum height not counting the note's second line."""
    from PySide6.QtWidgets import QLabel, QMainWindow

    window = QMainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 700)
    window.show()
    teams = (
        TeamResult("red", "Ember Conclave", "#c62828", 1, 4),
        TeamResult("blue", "Ossuary of Mort", "#1565c0", 0, 5),
    )
    summary = GameSummary("red", "Ember Conclave", "last team standing (G-24)", 5, teams)
    dialog = GameOverDialog(summary, window)
    dialog.show()
    qtbot.waitExposed(dialog, timeout=20_000)
    note = dialog.findChild(QLabel, "gameOverNote")
    assert note.geometry().top() > dialog.table.geometry().bottom()
    assert _all_rows_shown(dialog.table)
