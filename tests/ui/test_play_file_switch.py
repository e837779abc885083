"""Defects 1 and 9 of issue 10: File ▸ Open / File ▸ New while in Play mode (pytest-qt, offscreen)."""

from __future__ import annotations

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"
SHOWCASE = SCENARIOS / "hazard_showcase.json"


def _play_with_overlays(window: MainWindow, idle) -> None:
    """Play mode with a unit selected and its sight and range overlays drawn (the crash needed them)."""
    window.layer_actions["sight"].setChecked(True)
    window.layer_actions["ranges"].setChecked(True)
    window.set_play_mode(True, seed=3)
    window.selection.select("unit", "red-captain")
    window.refresh_unit_overlays()
    window.refresh_play_overlays()
    idle()


def test_open_a_scenario_in_play_mode_shows_its_battlefield(window: MainWindow, idle) -> None:
    _play_with_overlays(window, idle)
    other = load_scenario(SHOWCASE)
    assert window.open_file(SHOWCASE)
    idle()
    assert not window.play_mode
    assert set(window.scene.unit_items) == {u.id for u in other.units}
    assert window.scene.terrain_item is not None and window.scene.terrain_item.scene() is window.scene
    assert window.windowTitle().startswith(SHOWCASE.name)
    # the overlays work again on the new scene: select, show sight and ranges, then play it
    first = other.units[0].id
    window.selection.select("unit", first)
    window.refresh_unit_overlays()
    window.set_play_mode(True, seed=4)
    window.selection.select("unit", first)
    window.refresh_unit_overlays()
    window.refresh_play_overlays()
    assert window.scene.sight_item is not None and window.scene.sight_item.scene() is window.scene


def test_open_a_saved_game_in_play_mode_resumes_it_on_the_map(
    window: MainWindow, qtbot, idle, tmp_path
) -> None:
    _play_with_overlays(window, idle)
    window.controller.end_turn()
    qtbot.waitUntil(lambda: window.controller.active_player == "red", timeout=120_000)
    path = tmp_path / "game.json"
    assert window.save_game_as(path)
    assert window.open_file(SHOWCASE)  # somewhere else first
    _play_with_overlays_for(window, idle, window.doc.scenario.units[0].id)
    assert window.open_file(path)
    idle()
    assert window.play_mode and window.controller.has_game
    assert set(window.scene.unit_items) == {u.id for u in load_scenario(SKIRMISH).units}
    assert window.windowTitle() != "" and "Untitled" not in window.windowTitle()
    assert window.controller.snapshot_count >= 2


def _play_with_overlays_for(window: MainWindow, idle, unit_id: str) -> None:
    window.set_play_mode(True, seed=5)
    window.selection.select("unit", unit_id)
    window.refresh_unit_overlays()
    window.refresh_play_overlays()
    idle()


def test_new_in_play_mode_gives_an_empty_field_and_its_own_teams(window: MainWindow, idle) -> None:
    """Defect 9: the inspector's Team list follows the new scenario's players."""
    _play_with_overlays(window, idle)
    window.ask_new_size = lambda: (20, 16)
    assert window.new_document()
    idle()
    assert not window.play_mode and window.scene.unit_items == {}
    team = window.inspector.team
    assert [(team.itemData(i), team.itemText(i)) for i in range(team.count())] == [
        (p.id, p.name) for p in window.doc.scenario.players
    ]
