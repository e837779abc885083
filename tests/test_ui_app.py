"""Entry point, screenshot script, document commands and item models (offscreen)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from brikwars_gui.app import open_window
from brikwars_gui.scenario.models import TerrainKind
from brikwars_gui.ui.document import EditorDocument
from brikwars_gui.ui.layers import TerrainArrays
from brikwars_gui.ui.models import UnitFilterProxy, UnitTableModel
from brikwars_gui.ui.sample import generated_scenario
from brikwars_gui.ui.scenario_io import load_scenario

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_bad_path_shows_an_error_and_opens_an_empty_scenario(qtbot, settings, monkeypatch, tmp_path) -> None:
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a))
    window = open_window(tmp_path / "missing.json", settings=settings)
    qtbot.addWidget(window)
    assert shown and "missing.json" in shown[0][2]
    assert window.doc.path is None and window.doc.scenario.battlefield.width == 24
    assert len(window.doc.scenario.players) == 2


def test_open_window_on_a_sample(qtbot, settings, tmp_path) -> None:
    path = ROOT / "resources" / "scenarios" / "skirmish.json"
    if not path.is_file():
        pytest.skip("sample not present")
    window = open_window(path, settings=settings)
    qtbot.addWidget(window)
    assert window.doc.scenario == load_scenario(path)
    assert "skirmish.json" in window.windowTitle() and "*" not in window.windowTitle()


@pytest.mark.parametrize("mode", [[], ["--play"]], ids=["edit", "play"])
def test_screenshot_script_writes_a_non_blank_png(tmp_path: Path, mode: list[str]) -> None:
    out = tmp_path / "shot.png"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "screenshot.py"), str(out), *mode],
        check=True,
        capture_output=True,
        timeout=120,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    image = QImage(str(out))
    assert not image.isNull() and (image.width(), image.height()) == (1600, 1000)
    colors = {image.pixel(x, y) for x in range(0, 1600, 37) for y in range(0, 1000, 29)}
    assert len(colors) > 30


def test_terrain_arrays_round_trip_through_regions() -> None:
    scenario = generated_scenario(40, 30, 6)
    arrays = TerrainArrays.from_scenario(scenario)
    again = TerrainArrays(arrays.kind, arrays.elevation).to_regions()
    rebuilt = TerrainArrays.from_scenario(scenario.model_copy(update={"terrain": again}))
    assert (rebuilt.kind == arrays.kind).all() and (rebuilt.elevation == arrays.elevation).all()


def test_document_rejects_inconsistent_edits_without_changing_anything(qtbot) -> None:
    doc = EditorDocument(generated_scenario(24, 16, 4))
    a, b = doc.scenario.units[0], doc.scenario.units[1]
    with pytest.raises(ValueError, match="already taken"):
        doc.move_unit(a.id, tuple(b.position))
    with pytest.raises(ValueError, match="obstacle"):
        doc.paint_terrain([tuple(a.position)], TerrainKind.OBSTACLE)
    assert doc.undo_stack.count() == 0 and not doc.modified


def test_document_signals_name_the_changed_unit(qtbot) -> None:
    doc = EditorDocument(generated_scenario(24, 16, 4))
    unit = doc.scenario.units[0]
    with qtbot.waitSignal(doc.unitChanged) as blocker:
        doc.rotate_unit(unit.id)
    assert blocker.args == [unit.id]
    with qtbot.waitSignal(doc.terrainChanged):
        doc.paint_terrain([(10, 10)], TerrainKind.MUD)
    with qtbot.waitSignal(doc.metaChanged):
        doc.set_ruleset("d6")
    doc.set_turn_order(["blue", "red"])
    assert doc.turn_order() == ["blue", "red"]
    with pytest.raises(ValueError):
        doc.set_turn_order(["green"])
    for _ in range(4):
        doc.undo_stack.undo()
    assert doc.scenario == generated_scenario(24, 16, 4)


def test_unit_table_model_and_filter(qtbot) -> None:
    doc = EditorDocument(generated_scenario(24, 16, 6))
    model = UnitTableModel(doc)
    proxy = UnitFilterProxy()
    proxy.setSourceModel(model)
    assert model.rowCount() == 6 and model.columnCount() == 9
    proxy.set_team("blue")
    assert proxy.rowCount() == 3
    proxy.set_team("")
    proxy.set_text("Sword")
    assert 0 < proxy.rowCount() < 6
    unit = doc.scenario.units[0]
    with qtbot.waitSignal(model.dataChanged):
        doc.update_unit(unit.id, move=9)
    assert model.index(0, 3).data() == '9"'
    doc.remove_unit(unit.id)
    assert model.rowCount() == 5
    doc.undo_stack.undo()
    assert model.rowCount() == 6 and model.index(0, 0).data() == unit.name


def test_open_window_on_a_saved_game_resumes_it(qtbot, settings, tmp_path, monkeypatch) -> None:
    from brikwars_gui.scenario.savegame import SavedGame, save_saved_game

    path = ROOT / "resources" / "scenarios" / "skirmish.json"
    if not path.is_file():
        pytest.skip("sample not present")
    game = tmp_path / "game.json"
    save_saved_game(SavedGame(scenario=load_scenario(path), seed=5), game)
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a))
    window = open_window(game, settings=settings)
    qtbot.addWidget(window)
    window.controller.ai_interval = 0
    window.controller._stop_ai()
    assert not shown
    assert window.play_mode and window.controller.seed == 5 and window.game_path == game
    assert window.doc.scenario == load_scenario(path)
