"""The Heat Map dock and the menu entries around it: a forecast's heat maps or a hazard spread
drawn on the battlefield (toggle, layer, round slider, colour scale), Game ▸ Hazard Spread…,
Game ▸ Forecast from Here… (Play mode) and File ▸ Export Battle as GIF / PNG frames.

The engine runs through `session_controller` (`run_hazard_spread` in a worker thread, the live
`position()`, `battle_frames()`); pictures come from `ui.picture`, the battlefield's own drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QThread, Slot
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.ui import picture
from brikwars_gui.ui.background import BackgroundJob, start_job
from brikwars_gui.ui.file_folders import remember, start_in
from brikwars_gui.ui.layers import heat_image
from brikwars_gui.ui.session_controller import run_hazard_spread

FORECAST_LAYERS = (
    ("burned", "Fire burned here"),
    ("smoke", "Smoke covered it"),
    ("deaths", "A unit died here"),
)


class HeatMapPanel(QWidget):
    """Hazard spread controls (rounds, runs, seed, Run/Cancel, progress), then what is shown: a
    forecast layer or the spread's round (slider), Show on map, the colour scale, Export."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.kind = ""  # "forecast" or "spread"
        self.data: Any = None  # HeatMaps or HazardSpread
        self.scenario: Any = None  # what the exports draw under the heat map
        self._thread: QThread | None = None
        self._job: BackgroundJob | None = None
        self._picture_of: Any = None
        self.generation = window.doc.generation  # the document the result on show came from
        self._running_generation = -1
        window.doc.scenarioReset.connect(self.clear)

        self.rounds = QSpinBox()
        self.rounds.setRange(1, 50)
        self.rounds.setValue(5)
        self.rounds.setToolTip("Rounds to run the fires and Field Hazards forward (no unit orders)")
        self.runs = QSpinBox()
        self.runs.setRange(1, 20_000)
        self.runs.setValue(200)
        self.runs.setToolTip("Seeds to run: more runs, smoother odds")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        form = QFormLayout()
        form.addRow("&Rounds:", self.rounds)
        form.addRow("R&uns:", self.runs)
        form.addRow("S&eed:", self.seed)
        self.run_button = QPushButton("Run &Hazard Spread")
        self.run_button.setToolTip(
            "Burn odds per cell and round, from the editor's scenario or the battle now"
        )
        self.run_button.clicked.connect(self.start_spread)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setFormat("%v / %m")
        self.progress.setRange(0, 1)

        self.source = QLabel(self.NO_RESULT)
        self.source.setWordWrap(True)
        self.show_box = QCheckBox("&Show on map")
        self.show_box.setChecked(True)
        self.show_box.toggled.connect(self._apply)
        self.layer = QComboBox()
        for key, title in FORECAST_LAYERS:
            self.layer.addItem(title, key)
        self.layer.currentIndexChanged.connect(self._apply)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 0)
        self.slider.setPageStep(1)
        self.slider.valueChanged.connect(self._apply)
        self.round_label = QLabel("")
        self.legend = QLabel()
        self.export_png = QPushButton("Export &PNG…")
        self.export_png.clicked.connect(self.export_png_dialog)
        self.export_gif = QPushButton("Export &GIF…")
        self.export_gif.setToolTip("Every round of the hazard spread as an animated GIF")
        self.export_gif.clicked.connect(self.export_gif_dialog)

        run_row = QHBoxLayout()
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)
        slider_row = QHBoxLayout()
        slider_row.addWidget(self.slider, 1)
        slider_row.addWidget(self.round_label)
        export_row = QHBoxLayout()
        export_row.addWidget(self.export_png)
        export_row.addWidget(self.export_gif)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(run_row)
        layout.addWidget(self.progress)
        layout.addWidget(self.source)
        layout.addWidget(self.show_box)
        layout.addWidget(self.layer)
        layout.addLayout(slider_row)
        layout.addWidget(self.legend)
        layout.addLayout(export_row)
        layout.addStretch(1)
        self._update_controls()

    # -- sources --------------------------------------------------------------------------------

    NO_RESULT = "No heat map yet: run a hazard spread here, or a forecast (Game ▸ Forecast…)."

    @Slot()
    def clear(self) -> None:
        """File ▸ Open/New: the result on show belonged to the document just closed; drop it (a
        spread still running is cancelled and its result ignored), so nothing exports it for the
        new one."""
        self.cancel()
        self.kind, self.data, self.scenario = "", None, None
        self.generation = self.window.doc.generation
        self.source.setText(self.NO_RESULT)
        self.slider.setRange(0, 0)
        self._update_controls()
        self._apply()

    def set_forecast(self, report: Any, scenario: Any, generation: int | None = None) -> bool:
        """Show a forecast's heat maps (`report.heatmaps`) on the battlefield; False (nothing shown)
        when it was run on a document since closed (`generation`, `EditorDocument.generation`)."""
        if generation is not None and generation != self.window.doc.generation:
            return False
        self.generation = self.window.doc.generation
        self.kind, self.data, self.scenario = "forecast", report.heatmaps, scenario
        where = f" from round {report.start_round}" if report.start_round else ""
        self.source.setText(f"Forecast{where}: {report.runs} AI-vs-AI run(s) of {report.scenario}.")
        self.show_box.setChecked(True)
        self._update_controls()
        self._apply()
        return True

    def set_spread(self, spread: Any, scenario: Any) -> None:
        self.generation = self.window.doc.generation
        self.kind, self.data, self.scenario = "spread", spread, scenario
        state = " (cancelled)" if spread.cancelled else ""
        self.source.setText(
            f"Hazard spread{state}: fires and Field Hazards alone over {spread.runs} run(s). "
            "Outline in exports: the most likely fire front."
        )
        self.slider.setRange(0, spread.rounds)
        self.slider.setValue(spread.rounds)
        self.show_box.setChecked(True)
        self._update_controls()
        self._apply()

    def current(self) -> Any:
        """The `(height, width)` frequencies on show (None: nothing)."""
        if self.data is None:
            return None
        if self.kind == "spread":
            return self.data.burn[self.slider.value()]
        return self.data.layer(self.layer.currentData())

    def _legend_title(self) -> str:
        if self.kind == "spread":
            return f"Fire odds after round {self.slider.value()}"
        return f"{self.layer.currentText()}: share of runs"

    def _update_controls(self) -> None:
        has = self.data is not None
        self.layer.setVisible(self.kind == "forecast")
        self.slider.setVisible(self.kind == "spread")
        self.round_label.setVisible(self.kind == "spread")
        self.export_png.setEnabled(has)
        self.export_gif.setEnabled(self.kind == "spread")
        self.show_box.setEnabled(has)

    @Slot()
    def _apply(self) -> None:
        heat = self.current()
        if self.kind == "spread" and self.data is not None:
            self.round_label.setText(f"round {self.slider.value()} / {self.data.rounds}")
        scene = self.window.scene
        shown = heat is not None and self.show_box.isChecked()
        scene.set_heat_overlay(heat_image(heat) if shown else None)
        if heat is not None:
            self.legend.setPixmap(QPixmap.fromImage(picture.heat_legend_image(self._legend_title(), 220)))
        self.legend.setVisible(heat is not None)

    # -- hazard spread in a worker thread -------------------------------------------------------

    def is_running(self) -> bool:
        return self._thread is not None

    @Slot()
    def start_spread(self) -> bool:
        """Run the hazard spread from the editor's scenario, or from the battle now in Play mode."""
        if self.is_running():
            return False
        window = self.window
        scenario = window.doc.scenario
        start = window.controller.position() if window.play_mode else None
        picture_of = window.controller.position_scenario() if start is not None else scenario
        rounds, runs, seed = self.rounds.value(), self.runs.value(), self.seed.value()

        def work(progress: Callable[[int, int], None], stop: Callable[[], bool]) -> Any:
            return run_hazard_spread(
                scenario, rounds, runs, seed=seed, start=start, progress=progress, should_stop=stop
            )

        self._picture_of = picture_of
        self._running_generation = window.doc.generation
        self.progress.setRange(0, runs)
        self.progress.setValue(0)
        self._set_running(True)
        self._thread, self._job = start_job(
            self,
            work,
            progressed=self._progressed,
            finished=self._spread_done,
            failed=self._spread_failed,
            thread_done=self._thread_done,
        )
        return True

    @Slot(int, int)
    def _progressed(self, done: int, _total: int) -> None:
        self.progress.setValue(done)

    @Slot(object)
    def _spread_done(self, spread: Any) -> None:
        if self._running_generation == self.window.doc.generation:  # not of a document since closed
            self.set_spread(spread, self._picture_of)

    @Slot(str)
    def _spread_failed(self, message: str) -> None:
        self.source.setText(f"The hazard spread failed: {message}")

    @Slot()
    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()

    def wait(self, msecs: int = 60_000) -> bool:
        return True if self._thread is None else self._thread.wait(msecs)

    def _set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)

    @Slot()
    def _thread_done(self) -> None:
        for obj in (self._thread, self._job):
            if obj is not None:
                obj.deleteLater()
        self._thread = self._job = None
        self._set_running(False)

    def stop(self) -> None:
        """Cancel and wait (the window is closing)."""
        self.cancel()
        if self._thread is not None:
            self._thread.wait()
            self._thread_done()

    # -- exports --------------------------------------------------------------------------------

    def export_png_to(self, path: str) -> None:
        if self.data is None:
            raise ValueError("no heat map to export: run a hazard spread or a forecast first")
        if self.kind == "spread":
            image = picture.spread_round_image(self.scenario, self.data, self.slider.value())
        else:
            image = picture.forecast_heatmap_image(self.scenario, self.data, (self.layer.currentData(),))
        picture.save_png(image, path)

    def export_gif_to(self, path: str) -> None:
        if self.kind != "spread" or self.data is None:
            raise ValueError("no hazard spread to export: run one first")
        picture.save_gif(picture.spread_images(self.scenario, self.data), path)

    @Slot()
    def export_png_dialog(self) -> None:
        start = start_in(self.window, "heatmap.png")
        path, _ = QFileDialog.getSaveFileName(self, "Export Heat Map", start, "PNG image (*.png)")
        if path:
            remember(self.window, path)
            _try(self, lambda: self.export_png_to(path))

    @Slot()
    def export_gif_dialog(self) -> None:
        start = start_in(self.window, "fire-spread.gif")
        path, _ = QFileDialog.getSaveFileName(self, "Export Fire Spread", start, "GIF (*.gif)")
        if path:
            remember(self.window, path)
            _try(self, lambda: self.export_gif_to(path))


def _try(parent: QWidget, fn: Callable[[], Any]) -> bool:
    try:
        fn()
    except (OSError, RuntimeError, ValueError) as exc:
        QMessageBox.warning(parent, "Export failed", str(exc))
        return False
    return True


# ---------------------------------------------------------------------------------------------
# Battle timeline exports


def export_battle(window: Any, path: str, *, frames_dir: bool = False) -> int:
    """The battle so far (Play mode) as an animated GIF at `path`, or PNG frames into the folder
    `path`; returns the number of frames."""
    images = picture.timeline_images(window.controller.battle_frames())
    if frames_dir:
        picture.save_frames(images, path)
    else:
        picture.save_gif(images, path)
    return len(images)


def _export_battle_dialog(window: Any, frames_dir: bool) -> None:
    if not window.controller.has_game:
        QMessageBox.information(window, "Export Battle", "Start a battle first (Game ▸ Play Mode, F6).")
        return
    if frames_dir:
        path = QFileDialog.getExistingDirectory(window, "Export Battle as PNG Frames", start_in(window))
    else:
        start = start_in(window, "battle.gif")
        path, _ = QFileDialog.getSaveFileName(window, "Export Battle as GIF", start, "GIF (*.gif)")
    if path:
        remember(window, path)
        _try(window, lambda: export_battle(window, path, frames_dir=frames_dir))


def install_heat_tools(window: Any, file_menu: QMenu, game_menu: QMenu, view_menu: QMenu) -> None:
    """The Heat Map dock (hidden until used) and its menu entries."""
    from brikwars_gui.ui.forecast_dialog import open_forecast

    window.heat_panel = HeatMapPanel(window)
    # scrolls rather than squashing its spin boxes to slivers in a short dock (review 2026-11-27, 13)
    dock = window._dock(
        "Heat Map", "heatMapDock", window.heat_panel, Qt.DockWidgetArea.RightDockWidgetArea, scroll=True
    )
    dock.hide()
    window.dock_heat = dock
    toggle = dock.toggleViewAction()
    toggle.setText("&Heat Map")
    toggle.setStatusTip("Show or hide the Heat Map panel (forecast and hazard-spread overlays)")
    view_menu.addAction(toggle)

    def show_spread() -> None:
        dock.show()
        dock.raise_()
        window.heat_panel.run_button.setFocus()

    window.act_forecast_here = game_menu.addAction(
        "Forecast from &Here…", lambda: open_forecast(window, from_position=True)
    )
    window.act_forecast_here.setStatusTip("Play on from the battle as it stands, many times AI-vs-AI")
    window.act_hazard_spread = game_menu.addAction("Hazard &Spread…", show_spread)
    window.act_hazard_spread.setStatusTip(
        "Run the fires and Field Hazards forward alone over many seeds: burn odds per cell and round"
    )
    export = QMenu("E&xport", file_menu)
    file_menu.insertMenu(window.act_quit, export)
    file_menu.insertSeparator(window.act_quit)
    window.act_export_gif = export.addAction("Battle as &GIF…", lambda: _export_battle_dialog(window, False))
    window.act_export_frames = export.addAction(
        "Battle as &PNG Frames…", lambda: _export_battle_dialog(window, True)
    )
    game_menu.aboutToShow.connect(
        lambda: window.act_forecast_here.setEnabled(window.play_mode and window.controller.can_forecast_here)
    )
