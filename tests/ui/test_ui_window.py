"""The desktop window driven offscreen with pytest-qt: selection sync, inspector, editor, files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QGraphicsPixmapItem, QLabel, QLineEdit, QMessageBox

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.models import TerrainKind
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.sample import generated_scenario
from brikwars_gui.ui.scenario_io import load_scenario, save_scenario


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def sample_path(tmp_path: Path) -> Path:
    """The bundled skirmish (copied), or a generated scenario while the samples are missing."""
    path = tmp_path / "skirmish.json"
    source = SCENARIOS / "skirmish.json"
    if source.is_file():
        path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    else:
        save_scenario(generated_scenario(24, 16, 8), path)
    return path


@pytest.fixture
def window(open_window, sample_path) -> MainWindow:
    return open_window(
        load_scenario(sample_path),
        sample_path,
        answer_responses=False,
        ai_interval=None,
        animate=None,
        fit=True,
    )


def viewport_pos(window: MainWindow, cell: tuple[int, int]) -> QPoint:
    return window.view.mapFromScene(cell_center(cell))


def free_cell(window: MainWindow) -> tuple[int, int]:
    doc = window.doc
    taken = {tuple(u.position) for u in doc.scenario.units}
    for o in doc.scenario.objects:
        taken.update(o.iter_cells())
    for h in doc.scenario.hazards:
        taken.update(h.iter_cells())
    for y in range(1, doc.height):
        for x in range(1, doc.width):
            if (x, y) not in taken and doc.terrain.kind_at(x, y) == TerrainKind.OPEN:
                return x, y
    raise AssertionError("no free cell")


def test_select_in_list_selects_on_map_and_inspector_and_back(window: MainWindow, qtbot) -> None:
    panel = window.unit_panel
    unit = window.doc.scenario.units[1]
    row = panel.proxy.mapFromSource(panel.model.index(panel.model.row_of(unit.id), 0))
    panel.table.selectRow(row.row())
    assert window.selection.unit_id == unit.id
    assert window.scene.unit_items[unit.id].isSelected()
    assert window.inspector.edits["name"].text() == unit.name
    # and back: clicking another unit on the map selects its table row
    other = window.doc.scenario.units[2]
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_pos(window, other.position)
    )
    assert window.selection.unit_id == other.id
    assert panel.selected_unit_id() == other.id
    assert window.scene.unit_items[other.id].isSelected()
    assert not window.scene.unit_items[unit.id].isSelected()
    assert window.inspector.edits["name"].text() == other.name


def test_inspector_valid_edit_applies_invalid_shows_inline_error(window: MainWindow, qtbot) -> None:
    unit = window.doc.scenario.units[0]
    window.selection.select_unit(unit.id)
    move = window.inspector.findChild(QLineEdit, "field_move")
    move.setText("7")
    move.editingFinished.emit()
    assert window.doc.unit(unit.id).move == 7
    assert window.doc.modified and "*" in window.windowTitle()
    error = window.inspector.findChild(QLabel, "error_move")
    move.setText("-2")
    move.editingFinished.emit()
    assert window.doc.unit(unit.id).move == 7
    assert not error.isHidden() and "must be >= 0" in error.text()
    skill = window.inspector.findChild(QLineEdit, "field_skill")
    skill.setText("2d6")
    skill.editingFinished.emit()
    assert window.doc.unit(unit.id).skill == unit.skill
    assert "R-DICE-4" in window.inspector.errors["skill"].text()
    move.setText("6")
    move.editingFinished.emit()
    assert window.doc.unit(unit.id).move == 6 and error.isHidden()
    # the table row follows
    row = window.unit_panel.model.row_of(unit.id)
    assert window.unit_panel.model.index(row, 3).data() == '6"'


def test_inspector_is_read_only_in_play_mode(window: MainWindow) -> None:
    unit = window.doc.scenario.units[0]
    window.selection.select_unit(unit.id)
    window.set_play_mode(True)
    assert window.inspector.edits["move"].isReadOnly()
    assert window.act_end_turn.isEnabled()  # the turn engine runs: red (human) is to play
    assert "Round 1" in window.turn_panel.round_label.text()
    window.set_play_mode(False)
    assert not window.inspector.edits["move"].isReadOnly()


def test_paint_terrain_with_the_mouse_then_undo_redo(window: MainWindow, qtbot) -> None:
    cell = free_cell(window)
    window.palette.terrain_kind.setCurrentIndex(window.palette.terrain_kind.findData("water"))
    window.set_tool("terrain")
    before = window.doc.terrain.kind.copy()
    regions_before = list(window.doc.scenario.terrain)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_pos(window, cell))
    assert window.doc.terrain.kind_at(*cell) == TerrainKind.WATER
    assert window.doc.undo_stack.count() == 1
    window.act_undo.trigger()
    assert (window.doc.terrain.kind == before).all()
    assert window.doc.scenario.terrain == regions_before
    window.act_redo.trigger()
    assert window.doc.terrain.kind_at(*cell) == TerrainKind.WATER


def test_a_brush_stroke_is_one_undo_step(window: MainWindow, qtbot, move_mouse) -> None:
    window.palette.terrain_kind.setCurrentIndex(window.palette.terrain_kind.findData("mud"))
    window.set_tool("terrain")
    window.palette.brush_group.button(3).click()
    assert window.view.settings.brush == 3
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, (4, 4)))
    move_mouse(vp, viewport_pos(window, (8, 4)), Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, (8, 4)))
    assert window.doc.undo_stack.count() == 1
    kind = window.view.settings.terrain_kind
    assert window.doc.terrain.kind_at(3, 3) == kind and window.doc.terrain.kind_at(9, 5) == kind


def test_paint_and_erase_hazard_cells(window: MainWindow, qtbot) -> None:
    n = len(window.doc.scenario.hazards)
    window.set_tool("hazard")
    vp = window.view.viewport()
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, (1, 1)))
    assert len(window.doc.scenario.hazards) == n + 1
    window.set_tool("erase")
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, (1, 1)))
    assert len(window.doc.scenario.hazards) == n
    window.doc.undo_stack.undo()
    assert len(window.doc.scenario.hazards) == n + 1


def test_drag_a_unit_in_edit_mode_and_undo(window: MainWindow, qtbot, move_mouse) -> None:
    unit = window.doc.scenario.units[0]
    target = free_cell(window)
    item = window.scene.unit_items[unit.id]
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, unit.position))
    move_mouse(vp, viewport_pos(window, target), Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, target))
    assert tuple(window.doc.unit(unit.id).position) == target
    assert item.pos() == cell_center(target)
    assert window.scene.unit_items[unit.id] is item  # moved, not rebuilt
    window.act_undo.trigger()
    assert tuple(window.doc.unit(unit.id).position) == tuple(unit.position)
    assert item.pos() == cell_center(unit.position)


def test_no_drag_in_play_mode(window: MainWindow, qtbot, move_mouse) -> None:
    unit = window.doc.scenario.units[0]
    window.set_play_mode(True)
    vp = window.view.viewport()
    target = free_cell(window)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, unit.position))
    move_mouse(vp, viewport_pos(window, target), Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, target))
    assert tuple(window.doc.unit(unit.id).position) == tuple(unit.position)
    assert window.selection.unit_id == unit.id


def test_rotate_duplicate_delete_units(window: MainWindow) -> None:
    unit = window.doc.scenario.units[0]
    window.selection.select_unit(unit.id)
    window.act_rotate.trigger()
    assert window.doc.unit(unit.id).facing != unit.facing
    n = len(window.doc.scenario.units)
    window.act_duplicate.trigger()
    assert len(window.doc.scenario.units) == n + 1
    copy_id = window.selection.unit_id
    assert copy_id != unit.id and copy_id in window.scene.unit_items
    window.act_delete.trigger()
    assert len(window.doc.scenario.units) == n and copy_id not in window.scene.unit_items
    window.doc.undo_stack.undo()
    assert copy_id in window.scene.unit_items


def test_save_and_reopen_gives_an_equal_scenario(window: MainWindow, tmp_path: Path) -> None:
    window.doc.move_unit(window.doc.scenario.units[0].id, free_cell(window))
    window.doc.paint_terrain([(0, 0), (1, 0)], TerrainKind.MUD)
    out = tmp_path / "saved.json"
    assert window.save_as(out)
    assert (
        not window.doc.modified and "*" not in window.windowTitle() and "saved.json" in window.windowTitle()
    )
    assert load_scenario(out) == window.doc.scenario
    scenario = window.doc.scenario
    assert window.open_file(out)
    assert window.doc.scenario == scenario
    assert window.recent_files()[0] == str(out.resolve())


def test_corrupted_file_shows_dialog_and_keeps_document(
    window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args, **kw: shown.append(args))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format_version": 1, "name": "x", "battlefield": {"width": -3}}', encoding="utf-8")
    window.doc.move_unit(window.doc.scenario.units[0].id, free_cell(window))
    before = window.doc.scenario.model_copy(deep=True)
    path = window.doc.path
    assert not window.open_file(bad)
    assert shown and "bad.json" in shown[0][2]
    assert window.doc.scenario == before and window.doc.path == path and window.doc.modified


def test_unsaved_changes_prompt_on_close_new_and_open(window: MainWindow, qtbot, tmp_path: Path) -> None:
    window.doc.rotate_unit(window.doc.scenario.units[0].id)
    asked = []
    window.ask_unsaved = lambda: asked.append(1) or "cancel"
    assert not window.close()
    assert window.isVisible() and asked
    assert not window.new_document()
    assert window.doc.modified
    window.ask_unsaved = lambda: "save"
    window.ask_new_size = lambda: (24, 16)
    assert window.new_document()  # saved to its path, then replaced
    assert window.doc.scenario.battlefield.width == 24 and len(window.doc.scenario.players) == 2
    assert not window.doc.modified
    window.doc.new_unit((1, 1))
    window.ask_unsaved = lambda: "discard"
    window.ask_leave_game = lambda: "discard"
    assert window.close()


def test_overlay_toggles(window: MainWindow) -> None:
    scene = window.scene
    for layer, item in (
        ("hazards", scene.hazard_item),
        ("smoke", scene.smoke_item),
        ("fire", scene.fire_item),
        ("grid", scene.grid_item),
    ):
        assert item.isVisible()
        window.layer_actions[layer].setChecked(False)
        assert not item.isVisible()
        window.layer_actions[layer].setChecked(True)
        assert item.isVisible()
    window.layer_actions["labels"].setChecked(False)
    assert not next(iter(scene.unit_items.values())).label.isVisible()


def test_layers_are_single_items_whatever_the_size(qtbot, settings) -> None:
    w = MainWindow(generated_scenario(120, 120, 40), settings=settings)
    qtbot.addWidget(w)
    pixmaps = [i for i in w.scene.items() if isinstance(i, QGraphicsPixmapItem)]
    assert len(pixmaps) == 4  # terrain, hazards, smoke, fire
    assert len(w.scene.items()) < 200


def test_zoom_in_out_and_fit_change_the_transform(window: MainWindow) -> None:
    fitted = window.view.zoom_factor()
    window.act_zoom_in.trigger()
    assert window.view.zoom_factor() == pytest.approx(fitted * 1.25)
    window.act_zoom_out.trigger()
    window.act_zoom_out.trigger()
    assert window.view.zoom_factor() < fitted
    window.act_fit.trigger()
    assert window.view.zoom_factor() == pytest.approx(fitted)


def test_ruler_measures_euclidean_inches(window: MainWindow, qtbot, move_mouse) -> None:
    window.set_tool("ruler")
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, (1, 1)))
    move_mouse(vp, viewport_pos(window, (4, 5)), Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=viewport_pos(window, (4, 5)))
    assert window.view.last_ruler == pytest.approx(5.0)
    assert '5.0"' in window.view.ruler_label.text


def test_status_bar_shows_cell_and_terrain(window: MainWindow, move_mouse) -> None:
    window.doc.paint_terrain([(2, 3)], TerrainKind.MUD)
    move_mouse(window.view.viewport(), viewport_pos(window, (2, 3)))
    assert "Cell [2, 3]" in window.cell_label.text() and "mud" in window.cell_label.text()


def test_team_and_text_filters(window: MainWindow) -> None:
    panel = window.unit_panel
    total = panel.proxy.rowCount()
    team = window.doc.scenario.players[0].id
    panel.team_combo.setCurrentIndex(panel.team_combo.findData(team))
    n_team = sum(u.team == team for u in window.doc.scenario.units)
    assert panel.proxy.rowCount() == n_team < total
    panel.team_combo.setCurrentIndex(0)
    name = window.doc.scenario.units[0].name
    panel.filter_edit.setText(name)
    assert 1 <= panel.proxy.rowCount() < total


def test_dock_layout_goes_to_the_given_settings(window: MainWindow, settings: QSettings) -> None:
    window.save_window_settings()
    assert settings.value("window/state") is not None
    assert Path(settings.fileName()).is_file()


def test_rules_reference_cites_rule_ids(window: MainWindow) -> None:
    window.selection.select_unit(window.doc.scenario.units[0].id)
    dialog = window.show_rules_reference()
    text = dialog.findChild(type(dialog).__mro__[0].__base__, None)  # noqa: F841 - any child
    from PySide6.QtWidgets import QTextBrowser

    html = dialog.findChild(QTextBrowser).toPlainText()
    assert "R-MOVE-1" in html
    dialog.close()
