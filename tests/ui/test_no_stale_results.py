"""Issue 24, "never show the last scenario's results" (review 2026-11-27, problems 1, 2 and 9): a
heat map, a forecast, the timeline's "Viewing" state and the fog of war belong to the document or
battle they came from; File ▸ Open/New or a new battle drops them (pytest-qt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.forecast_dialog import open_forecast
from tests.ui.test_fog_of_war_ui import foggy

SHOWCASE = SCENARIOS / "hazard_showcase.json"
SKIRMISH = SCENARIOS / "skirmish.json"


def run_spread(window, qtbot) -> None:
    panel = window.heat_panel
    panel.rounds.setValue(2)
    panel.runs.setValue(5)
    assert panel.start_spread()
    qtbot.waitUntil(lambda: not panel.is_running() and panel.data is not None, timeout=120_000)


@pytest.mark.parametrize("how", ["open", "new"])
def test_a_hazard_spread_is_dropped_when_another_scenario_is_opened(open_window, qtbot, how) -> None:
    window = open_window(SHOWCASE)
    run_spread(window, qtbot)
    panel = window.heat_panel
    assert panel.export_gif.isEnabled() and window.scene.heat_item is not None
    if how == "open":
        assert window.open_file(SKIRMISH)
    else:
        window.ask_new_size = lambda: (20, 12)
        assert window.new_document()
    assert panel.data is None and panel.kind == ""
    assert not panel.export_png.isEnabled() and not panel.export_gif.isEnabled()
    assert window.scene.heat_item is None
    assert "No heat map" in panel.source.text()
    with pytest.raises(ValueError, match="no heat map"):
        panel.export_png_to("never.png")


def test_a_spread_still_running_when_the_file_changes_is_not_shown_on_the_new_one(open_window, qtbot) -> None:
    window = open_window(SHOWCASE)
    panel = window.heat_panel
    panel.rounds.setValue(3)
    panel.runs.setValue(400)
    assert panel.start_spread()
    assert window.open_file(SKIRMISH)  # cancels the run; what it returns is of the showcase
    qtbot.waitUntil(lambda: not panel.is_running(), timeout=120_000)
    assert panel.data is None and window.scene.heat_item is None


def test_a_forecast_of_the_closed_scenario_is_not_shown_on_the_new_one(open_window, qtbot) -> None:
    window = open_window(SHOWCASE)
    dialog = open_forecast(window)
    dialog.jobs = 1
    dialog.runs.setValue(2)
    dialog.turns.setValue(1)
    with qtbot.waitSignal(dialog.reportReady, timeout=120_000):
        dialog.start()
    qtbot.waitUntil(lambda: not dialog.is_running(), timeout=60_000)
    dialog.heat_button.click()
    assert window.heat_panel.kind == "forecast"
    assert window.open_file(SKIRMISH)
    assert window.heat_panel.data is None
    dialog.heat_button.click()  # the dialog of the old scenario is still open: Show on Map refuses
    assert window.heat_panel.data is None and window.scene.heat_item is None
    assert "no longer open" in window.statusBar().currentMessage()
    dialog.close()


def test_the_timeline_viewing_state_does_not_carry_into_the_next_battle(open_window, qtbot) -> None:
    window = open_window(SKIRMISH)
    window.set_play_mode(True, seed=4)
    c = window.controller
    c.end_turn()
    qtbot.waitUntil(lambda: c.round >= 2 and not c.ai_running, timeout=60_000)
    window.timeline.slider.setValue(0)
    assert c.view_index == 0 and not window.timeline.live
    assert window.open_file(SHOWCASE)
    window.set_play_mode(True, seed=5)
    assert window.timeline.live and not window.timeline.live_button.isEnabled()
    assert window.timeline.label.text().startswith("Live")
    assert not window.viewing_banner.isVisible()
    if not c.is_ai(c.active_player):
        assert window.act_end_turn.isEnabled()
    window.set_play_mode(False)


def test_dragging_the_timeline_to_its_end_goes_back_to_live(open_window, qtbot) -> None:
    """The viewing banner says "Drag the timeline to its end or press Back to live": both work."""
    window = open_window(SKIRMISH)
    window.set_play_mode(True, seed=4)
    c = window.controller
    c.end_turn()
    qtbot.waitUntil(lambda: c.round >= 2 and not c.ai_running, timeout=60_000)
    slider = window.timeline.slider
    slider.setValue(0)
    assert c.view_index == 0
    slider.setValue(slider.maximum())
    assert c.view_index is None and window.timeline.live
    assert window.act_end_turn.isEnabled()
    window.set_play_mode(False)


def test_after_a_fog_of_war_battle_the_editor_shows_and_selects_every_unit(open_window, qtbot) -> None:
    window = open_window(foggy())
    window.set_play_mode(True, seed=1)
    item = window.scene.unit_items["z"]
    assert not item.isVisible()  # blue is out of red's sight in the battle
    window.set_play_mode(False)
    assert item.isVisible() and item.label.isVisible()
    # a click on its cell in Edit mode selects it
    view = window.view
    view.centerOn(item)
    pos = view.mapFromScene(item.scenePos())
    from PySide6.QtCore import Qt

    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert window.selection.unit_id == "z"


def test_export_refuses_when_there_is_nothing_of_this_document(open_window, tmp_path: Path) -> None:
    window = open_window(SKIRMISH)
    with pytest.raises(ValueError, match="no hazard spread"):
        window.heat_panel.export_gif_to(str(tmp_path / "x.gif"))
