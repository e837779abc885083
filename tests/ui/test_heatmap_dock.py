"""Heat maps in the window (pytest-qt, offscreen): the Forecast dialog's headers, "from the
current position" and Show on Map; the Heat Map dock's hazard spread with its round slider;
PNG/GIF exports of heat maps and of the battle, with the files checked."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image
from PySide6.QtGui import QImage

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.forecast_dialog import ForecastDialog, open_forecast
from brikwars_gui.ui.heatmap_dock import export_battle
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.scenario_io import load_scenario

SHOWCASE = SCENARIOS / "hazard_showcase.json"
SKIRMISH = SCENARIOS / "skirmish.json"


def overlay_pixel(window: MainWindow, cell: tuple[int, int]) -> tuple[int, int, int, int]:
    """RGBA of the heat overlay image at a cell (one pixel per cell)."""
    image: QImage = window.scene.heat_item.pixmap().toImage()
    c = image.pixelColor(cell[0], cell[1])
    return c.red(), c.green(), c.blue(), c.alpha()


def menu_action(window: MainWindow, menu: str, text: str):
    m = next(a.menu() for a in window.menuBar().actions() if a.text() == menu)
    return next(a for a in m.actions() if a.text().replace("&", "").startswith(text))


def test_forecast_dialog_headers_are_not_clipped(qtbot) -> None:
    d = ForecastDialog(load_scenario(SKIRMISH), jobs=1)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d, timeout=20_000)
    for view in (d.player_view, d.unit_view):
        header = view.horizontalHeader()
        metrics = header.fontMetrics()
        for i, title in enumerate(
            view.model().sourceModel().COLUMNS
            if hasattr(view.model(), "sourceModel")
            else view.model().COLUMNS
        ):
            assert header.sectionSize(i) >= metrics.horizontalAdvance(title) + 8, title


def test_hazard_spread_from_the_editor_with_round_slider_and_exports(
    open_window, data_dir, qtbot, tmp_path
) -> None:
    window = open_window(SHOWCASE, data_dir=data_dir)
    menu_action(window, "&Game", "Hazard Spread").trigger()
    panel = window.heat_panel
    assert window.dock_heat.isVisible()
    panel.rounds.setValue(3)
    panel.runs.setValue(20)
    assert panel.start_spread()
    qtbot.waitUntil(lambda: not panel.is_running() and panel.data is not None, timeout=120_000)
    spread = panel.data
    assert panel.slider.maximum() == 3 and panel.slider.value() == 3 and spread.runs == 20
    # the overlay shows the selected round: a cell burning in every run is drawn deep red
    ys, xs = np.nonzero(spread.burn[0] == 1.0)
    assert len(xs)
    panel.slider.setValue(0)
    r, g, _b, a = overlay_pixel(window, (int(xs[0]), int(ys[0])))
    assert r > 150 and g < 90 and a > 150
    never = np.argwhere(spread.burn.max(axis=0) == 0)[0]
    assert overlay_pixel(window, (int(never[1]), int(never[0])))[3] == 0
    assert "round 0" in panel.round_label.text()
    panel.show_box.setChecked(False)
    assert window.scene.heat_item is None
    panel.show_box.setChecked(True)
    png, gif = tmp_path / "odds.png", tmp_path / "spread.gif"
    panel.export_png_to(str(png))
    panel.export_gif_to(str(gif))
    with Image.open(png) as image:
        assert image.width >= 600
    with Image.open(gif) as anim:
        assert anim.n_frames == 4


def test_forecast_from_here_in_play_mode_and_show_on_map(open_window, data_dir, qtbot, tmp_path) -> None:
    window = open_window(SHOWCASE, data_dir=data_dir)
    window.set_play_mode(True, seed=5)
    c = window.controller
    if not c.is_ai(c.active_player):
        c.end_turn()
    c.skip_ai()
    assert c.can_forecast_here
    round_now = c.round
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    menu.aboutToShow.emit()
    assert window.act_forecast_here.isEnabled()
    dialog = open_forecast(window, from_position=True)
    assert dialog.origin.currentData() is True and f"round {round_now}" in dialog.origin.currentText()
    dialog.jobs = 1
    dialog.runs.setValue(3)
    dialog.turns.setValue(2)
    with qtbot.waitSignal(dialog.reportReady, timeout=120_000):
        dialog.start()
    qtbot.waitUntil(lambda: not dialog.is_running(), timeout=60_000)
    report = dialog.report
    assert report.start_round == round_now and report.rounds_min >= round_now
    assert dialog.heat_button.isEnabled()
    dialog.heat_button.click()
    panel = window.heat_panel
    assert panel.kind == "forecast" and window.dock_heat.isVisible()
    assert window.scene.heat_item is not None
    burned = report.heatmaps.burned
    ys, xs = np.nonzero(burned == burned.max())
    assert overlay_pixel(window, (int(xs[0]), int(ys[0])))[3] > 0
    panel.layer.setCurrentIndex(2)  # deaths
    assert "died" in panel._legend_title()
    dialog.close()
    window.set_play_mode(False)


def test_export_battle_gif_and_frames_from_play_mode(open_window, data_dir, qtbot, tmp_path) -> None:
    window = open_window(SKIRMISH, data_dir=data_dir)
    window.set_play_mode(True, seed=3)
    c = window.controller
    for _ in range(2):
        if not c.is_ai(c.active_player):
            c.end_turn()
        c.skip_ai()
    turns = sum(1 for e in c.game.events if e.kind == "turn_started")
    gif = tmp_path / "battle.gif"
    frames = export_battle(window, str(gif))
    expected = turns + (0 if c.game_over else 1)
    assert frames == expected
    with Image.open(gif) as anim:
        assert anim.n_frames == expected and anim.size[0] >= 600
    folder = tmp_path / "frames"
    assert export_battle(window, str(folder), frames_dir=True) == expected
    assert len(list(folder.glob("frame-*.png"))) == expected
    assert menu_action(window, "&File", "Export") is not None
    window.set_play_mode(False)


def test_forecast_menu_without_play_has_no_position(open_window, data_dir, qtbot, tmp_path) -> None:
    window = open_window(SKIRMISH, data_dir=data_dir)
    dialog = open_forecast(window)
    assert dialog.position is None and not dialog.origin.isEnabled()
    assert isinstance(dialog, ForecastDialog)
    dialog.close()
    pytest.importorskip("PIL")
