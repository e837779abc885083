"""The end of a battle: a summary (winner, why, rounds, survivors per team) and a dialog offering
"New Battle…", "Back to Editor" or staying to look back over the timeline and the log.

`game_summary(controller)` reads the finished game's `GameResult` from the controller (the
engine's `game_over` event gives the reason and the survivors); `GameOverDialog(summary)` is non-modal-safe
(`open()`), and `choice` is "new", "editor" or "view" once it is closed.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from brikwars_gui.ui.table_fit import rows_height


@dataclass(frozen=True)
class TeamResult:
    id: str
    name: str
    color: str
    survivors: int
    started: int


@dataclass(frozen=True)
class GameSummary:
    winner: str | None
    winner_name: str
    reason: str
    rounds: int
    teams: tuple[TeamResult, ...]

    @property
    def headline(self) -> str:
        return f"{self.winner_name} wins" if self.winner else "No winner"

    def text(self) -> str:
        """One line for the status bar and the banner."""
        alive = ", ".join(f"{t.name} {t.survivors}/{t.started}" for t in self.teams)
        rounds = f"{self.rounds} round{'s' if self.rounds != 1 else ''}"
        return f"Game over — {self.headline} after {rounds} · survivors: {alive}"


def game_summary(controller) -> GameSummary | None:
    """The result of the controller's finished game (None while no game has ended), with the
    scenario's player names and colours."""
    result = controller.game_result()
    if result is None:
        return None
    scenario = controller.scenario
    players = {p.id: p for p in scenario.players} if scenario is not None else {}
    teams = []
    for pid in result.turn_order:
        p = players.get(pid)
        teams.append(
            TeamResult(
                pid,
                p.name if p else pid,
                p.color if p else "#888888",
                int(result.survivors.get(pid, 0)),
                result.started.get(pid, 0),
            )
        )
    winner = result.winner
    winner_name = players[winner].name if winner in players else (winner or "")
    return GameSummary(winner, winner_name, result.reason, result.rounds, tuple(teams))


class GameOverDialog(QDialog):
    """Winner, reason, rounds and survivors per team; New Battle… / Back to Editor / Keep Viewing."""

    def __init__(self, summary: GameSummary, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("gameOverDialog")
        self.setWindowTitle("Game over")
        self.summary = summary
        self.choice = "view"
        layout = QVBoxLayout(self)
        head = QLabel(
            f"<h2 style='margin:0'>{html.escape(summary.headline)}</h2>"
            f"<p style='margin-top:4px'>{html.escape(summary.reason or 'the battle is over')}"
            f" · {summary.rounds} round{'s' if summary.rounds != 1 else ''} played</p>"
        )
        head.setObjectName("gameOverHeadline")
        head.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(head)
        self.table = QTableWidget(len(summary.teams), 2)
        self.table.setObjectName("survivorTable")
        self.table.setHorizontalHeaderLabels(["Team", "Survivors"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        for row, t in enumerate(summary.teams):
            mark = " ★ winner" if t.id == summary.winner else ""  # ★ is in every UI font; 🏆 is not
            name = QTableWidgetItem(f"● {t.name}{mark}")
            name.setToolTip(t.id)
            name.setForeground(QColor(t.color).darker(130))
            self.table.setItem(row, 0, name)
            alive = QTableWidgetItem(f"{t.survivors} of {t.started}")
            alive.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.table.setItem(row, 1, alive)
        self.table.resizeRowsToContents()
        self.table.setFixedHeight(rows_height(self.table))  # every team's row (review item 22)
        layout.addWidget(self.table)
        note = QLabel("Orders are closed. The timeline and the dice log stay open for a look back.")
        note.setObjectName("gameOverNote")
        note.setWordWrap(True)
        note.setStyleSheet("color: #555;")
        layout.addWidget(note)
        buttons = QDialogButtonBox()
        self.new_button = QPushButton("New Battle…")
        self.new_button.setToolTip("Play the same scenario again with a new dice seed")
        self.editor_button = QPushButton("Back to Editor")
        self.editor_button.setToolTip("Leave Play mode and edit the scenario")
        self.view_button = QPushButton("Keep Viewing")
        self.view_button.setToolTip("Close this dialog; scrub the timeline or read the log")
        buttons.addButton(self.new_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.editor_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.view_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.new_button.clicked.connect(lambda: self._choose("new"))
        self.editor_button.clicked.connect(lambda: self._choose("editor"))
        self.view_button.clicked.connect(lambda: self._choose("view"))
        layout.addWidget(buttons)
        self.new_button.setDefault(True)
        self.resize(420, 0)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # The wrapped note's height depends on the width the dialog gets, which the minimum size
        # does not know: at 1280x720 the note was laid over the table's last row. Grow to hold it.
        self.resize(self.width(), max(self.height(), self.layout().totalHeightForWidth(self.width())))

    def _choose(self, choice: str) -> None:
        self.choice = choice
        if choice == "view":
            self.reject()
        else:
            self.accept()
