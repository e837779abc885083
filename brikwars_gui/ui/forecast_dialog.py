"""Game ▸ Forecast…: play the current scenario many times AI-vs-AI in a worker thread and show who
wins how often (with a 95% interval) and which units matter. The engine does the work
(`engine.forecast.forecast`, reached through `session_controller.run_forecast`); this module only
runs it off the GUI thread and shows the report."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QThread,
    Signal,
    Slot,
)
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.models import AI_LEVELS
from brikwars_gui.ui.background import BackgroundJob, start_job
from brikwars_gui.ui.models import ColumnsTableModel
from brikwars_gui.ui.session_controller import run_forecast
from brikwars_gui.ui.table_fit import rows_height

if TYPE_CHECKING:
    from brikwars_gui.ui.session_controller import ForecastReport

SORT_ROLE = Qt.ItemDataRole.UserRole + 1

_Index = QModelIndex | QPersistentModelIndex


def _pct(rate: float | None, digits: int = 1) -> str:
    return "—" if rate is None else f"{rate * 100:.{digits}f}%"


class _ReportTable(ColumnsTableModel):
    """Rows of display strings plus sort keys, rebuilt when a report arrives."""

    COLUMNS: tuple[str, ...] = ()
    TOOLTIPS: tuple[str, ...] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[tuple[str, ...], tuple[Any, ...]]] = []

    def set_report(self, report: ForecastReport | None) -> None:
        self.beginResetModel()
        self._rows = self._build(report) if report is not None else []
        self.endResetModel()

    def _build(self, report: ForecastReport) -> list[tuple[tuple[str, ...], tuple[Any, ...]]]:
        raise NotImplementedError

    def row_count(self) -> int:
        return len(self._rows)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        text, keys = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return text[index.column()]
        if role == SORT_ROLE:
            return keys[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole and section < len(self.TOOLTIPS):
            return self.TOOLTIPS[section] or None
        return None


class PlayerForecastModel(_ReportTable):
    """One row per player, then a "No winner" row when some games ended without one."""

    COLUMNS = ("Player", "Wins", "Win %", "95% interval", "Survivors")
    TOOLTIPS = (
        "",
        "Games won",
        "Share of the completed games won",
        "95% Wilson score interval of the win rate: with more runs it narrows",
        "Mean units left alive at the end / units at the start",
    )

    def _build(self, report: ForecastReport) -> list[tuple[tuple[str, ...], tuple[Any, ...]]]:
        rows = []
        for i, p in enumerate(report.players):
            rows.append(
                (
                    (
                        f"{p.name} ({p.id})",
                        str(p.wins),
                        _pct(p.win_rate),
                        f"{p.ci_low * 100:.1f}–{p.ci_high * 100:.1f}%",
                        f"{p.mean_survivors:.1f}/{p.units}",
                    ),
                    (i, p.wins, p.win_rate, p.ci_low, p.mean_survivors),
                )
            )
        none = report.draws + report.turn_limit
        if none and report.runs:
            detail = []
            if report.turn_limit:
                detail.append(f"{report.turn_limit} turn limit")
            if report.draws:
                detail.append(f"{report.draws} all wiped out")
            rate = none / report.runs
            rows.append(
                (
                    (f"No winner ({', '.join(detail)})", str(none), _pct(rate), "", ""),
                    (len(rows), none, rate, 0.0, 0.0),
                )
            )
        return rows


class UnitForecastModel(_ReportTable):
    COLUMNS = ("Unit", "Team", "Survives", "Kills/run", "Team wins if it dies")
    TOOLTIPS = (
        "",
        "",
        "Share of the games in which the unit was alive at the end",
        "Enemy units it killed, per game",
        "How often its team still won in the games where this unit died",
    )

    def _build(self, report: ForecastReport) -> list[tuple[tuple[str, ...], tuple[Any, ...]]]:
        rows = []
        for u in report.units:
            dies = u.team_win_rate_if_killed
            rows.append(
                (
                    (u.name, u.team, _pct(u.survival_rate, 0), f"{u.mean_kills:.2f}", _pct(dies, 0)),
                    (u.name, u.team, u.survival_rate, u.mean_kills, -1.0 if dies is None else dies),
                )
            )
        return rows


class ForecastDialog(QDialog):
    """Runs/seed/turn limit, Run and Cancel, a progress bar, the player and unit tables, Copy as text.

    `scenario`: a validated Scenario (the dialog keeps this copy; later edits need a new dialog).
    `jobs`: worker processes for the engine (None: automatic; results never depend on it).
    `position`: a battle's position (`SessionController.position()`, with its `round`) to offer
    "From: current position"; `from_position` selects it. `show_heat(report)`: Show on Map."""

    reportReady = Signal(object)

    def __init__(
        self,
        scenario: Any,
        parent: QWidget | None = None,
        *,
        jobs: int | None = None,
        position: Any = None,
        from_position: bool = False,
        show_heat: Any = None,
    ) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.jobs = jobs
        self.position = position
        self.show_heat = show_heat
        self.report: ForecastReport | None = None
        self.error: str | None = None
        self._thread: QThread | None = None
        self._worker: BackgroundJob | None = None
        self.setWindowTitle(f"Forecast — {scenario.name}")

        self.runs = QSpinBox()
        self.runs.setRange(1, 100_000)
        self.runs.setValue(100)
        self.runs.setToolTip("Games to play, AI against AI on every side")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setToolTip("Run i uses seed S+i: replay it with `brikwars-sim run --seed S+i`")
        self.turns = QSpinBox()
        self.turns.setRange(1, 1000)
        self.turns.setValue(10)
        self.turns.setToolTip("Rounds per game at most (turn limit)")
        self.origin = QComboBox()
        self.origin.addItem("Scenario start", False)
        if position is not None:
            self.origin.addItem(f"Current position (round {position.round})", True)
            self.origin.setCurrentIndex(1 if from_position else 0)
        self.origin.setEnabled(position is not None)
        self.origin.setToolTip(
            "Current position: every run plays on from the battle as it stands (Play mode), "
            "for the turn limit's number of rounds"
        )
        form = QFormLayout()
        form.addRow("&From:", self.origin)
        self.ai_levels: dict[str, QComboBox] = {}
        for player in scenario.players:
            combo = QComboBox()
            combo.addItems(list(AI_LEVELS))
            combo.setCurrentText(str(player.ai_level))
            combo.setToolTip(
                f"The AI that plays {player.name} in every run (docs/ai.md): default = the original AI, "
                "easy/normal/hard = the tactical AI, passive = never gives an order"
            )
            self.ai_levels[player.id] = combo
            form.addRow(f"AI for {player.name}:", combo)
        form.addRow("&Runs:", self.runs)
        form.addRow("&Seed:", self.seed)
        form.addRow("&Turn limit:", self.turns)

        self.run_button = QPushButton("&Run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("&Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.copy_button = QPushButton("Copy as &text")
        self.copy_button.setEnabled(False)
        self.copy_button.clicked.connect(self.copy_text)
        self.heat_button = QPushButton("Show on &Map")
        self.heat_button.setToolTip("Heat maps of the runs on the battlefield: fire, smoke, deaths")
        self.heat_button.setEnabled(False)
        self.heat_button.setVisible(show_heat is not None)
        self.heat_button.clicked.connect(self.show_on_map)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("Not run yet")  # "0 / 1" before any run read as a failed run
        self.status = QLabel("Play the scenario many times with the AI on every side.")
        self.status.setWordWrap(True)

        self.player_model = PlayerForecastModel(self)
        self.unit_model = UnitForecastModel(self)
        self.player_view = self._table(self.player_model, sortable=False)
        self.unit_view = self._table(self.unit_model, sortable=True)

        buttons = QHBoxLayout()
        for b in (self.run_button, self.cancel_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        for b in (self.heat_button, self.copy_button, self.close_button):
            buttons.addWidget(b)
        top = QHBoxLayout()
        top.addLayout(form)
        top.addStretch(1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.player_view)
        split.addWidget(self.unit_view)
        split.setSizes([140, 320])
        self.split = split
        # the player table shows every row (both sides and the draw) once results come in
        self.player_model.modelReset.connect(self._fit_player_rows)
        self.player_model.rowsInserted.connect(self._fit_player_rows)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)
        layout.addLayout(buttons)
        self.resize(640, 560)

    def _fit_player_rows(self, *_args) -> None:
        """Review 2026-11-27 item 22: the draw row was off-screen under the app style."""
        total = sum(self.split.sizes())
        want = rows_height(self.player_view)
        if total > want:
            self.split.setSizes([want, total - want])

    def _table(self, model: QAbstractTableModel, *, sortable: bool) -> QTableView:
        view = QTableView()
        if sortable:
            proxy = QSortFilterProxyModel(self)
            proxy.setSourceModel(model)
            proxy.setSortRole(SORT_ROLE)
            view.setModel(proxy)
            view.setSortingEnabled(True)
            view.sortByColumn(3, Qt.SortOrder.DescendingOrder)
        else:
            view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().hide()
        header = view.horizontalHeader()
        # numbers columns fit their header text and values (issue 10: headers were clipped)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(60)
        view.setAlternatingRowColors(True)
        return view

    # -- running --------------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self._thread is not None

    @Slot()
    def start(self) -> bool:
        """Start a forecast with the current inputs (False if one is already running)."""
        if self.is_running():
            return False
        self.report = None
        self.error = None
        runs = self.runs.value()
        self.progress.setRange(0, runs)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m")
        self.status.setText(f"Playing {runs} game(s)…")
        self._set_running(True)
        start = self.position if self.origin.currentData() else None
        scenario, seed, turns, jobs = self.scenario, self.seed.value(), self.turns.value(), self.jobs
        ai = self.ai_choice()

        def work(progress: Callable[[int, int], None], stop: Callable[[], bool]) -> Any:
            return run_forecast(
                scenario,
                runs,
                seed=seed,
                max_rounds=turns,
                jobs=jobs,
                progress=progress,
                should_stop=stop,
                start=start,
                ai=ai,
            )

        self._thread, self._worker = start_job(
            self,
            work,
            progressed=self._progressed,
            finished=self._finished,
            failed=self._failed,
            thread_done=self._thread_done,
        )
        return True

    def ai_choice(self) -> dict[str, str]:
        """Player id → the AI level chosen for it."""
        return {pid: combo.currentText() for pid, combo in self.ai_levels.items()}

    @Slot()
    def cancel(self) -> None:
        """Ask the running forecast to stop; it reports the games finished so far."""
        if self._worker is not None:
            self._worker.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText("Cancelling…")

    def _set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        for w in (self.runs, self.seed, self.turns, *self.ai_levels.values()):
            w.setEnabled(not running)
        self.origin.setEnabled(not running and self.position is not None)
        self.copy_button.setEnabled(not running and self.report is not None)
        self.heat_button.setEnabled(not running and self.report is not None and self.report.runs > 0)

    @Slot(int, int)
    def _progressed(self, done: int, total: int) -> None:
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    @Slot(object)
    def _finished(self, report: ForecastReport) -> None:
        self.report = report
        self.player_model.set_report(report)
        self.unit_model.set_report(report)
        self.player_view.resizeColumnsToContents()
        self.progress.setValue(report.runs)
        text = f"{report.runs} game(s) in {report.elapsed:.1f} s"
        if report.cancelled:
            text = f"Cancelled after {text}."
        else:
            text += "."
        text += (
            f" Rounds: mean {report.rounds_mean:.1f}, median {report.rounds_median:g}, "
            f"{report.rounds_min}–{report.rounds_max}."
        )
        if report.fire_spread_rate or report.mean_objects_destroyed:
            text += (
                f" Fire spread in {report.fire_spread_rate * 100:.0f}% of games; "
                f"{report.mean_objects_destroyed:.2f} objects destroyed per game."
            )
        if report.errors:
            text += f" {len(report.errors)} game(s) failed in the engine (see Copy as text)."
        self.status.setText(text)
        self.reportReady.emit(report)

    @Slot(str)
    def _failed(self, message: str) -> None:
        self.error = message
        self.status.setText(f"The forecast failed: {message}")

    @Slot()
    def _thread_done(self) -> None:
        if self._thread is not None:
            self._thread.deleteLater()
        if self._worker is not None:
            self._worker.deleteLater()
        self._thread = self._worker = None
        self._set_running(False)

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the worker thread has ended (for closing and tests)."""
        thread = self._thread
        return True if thread is None else thread.wait(msecs)

    # -- results --------------------------------------------------------------------------------

    def report_text(self) -> str:
        return self.report.format_text() if self.report is not None else ""

    @Slot()
    def show_on_map(self) -> None:
        if self.report is not None and self.show_heat is not None:
            self.show_heat(self.report)

    @Slot()
    def copy_text(self) -> None:
        if self.report is not None:
            QGuiApplication.clipboard().setText(self.report_text())
            self.status.setText("Report copied to the clipboard.")

    # -- closing --------------------------------------------------------------------------------

    def _stop_and_wait(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
        if self._thread is not None:
            self._thread.wait()
            self._thread_done()

    def done(self, result: int) -> None:  # reject()/accept(): never leave the thread running
        self._stop_and_wait()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_and_wait()
        super().closeEvent(event)


def open_forecast(window: Any, *, from_position: bool = False) -> ForecastDialog:
    """Game ▸ Forecast… (and, in Play mode, Forecast from Here…): a non-modal dialog for the
    window's scenario (`window.doc.scenario`); in Play mode it can start from the live position."""
    controller = window.controller
    position = controller.position() if window.play_mode else None
    scenario = controller.scenario if position is not None else window.doc.scenario
    generation = window.doc.generation

    def show_heat(report: ForecastReport) -> None:
        shown = controller.position_scenario() if report.start_round else scenario
        if not window.heat_panel.set_forecast(report, shown or scenario, generation):
            window.statusBar().showMessage(
                f"Not shown: this forecast is of “{report.scenario}”, which is no longer open", 6000
            )
            return
        window.dock_heat.show()
        window.dock_heat.raise_()

    dialog = ForecastDialog(
        scenario,
        window,
        position=position,
        from_position=from_position,
        show_heat=show_heat if hasattr(window, "heat_panel") else None,
    )
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
