"""Issue 10, the GM's army library in the editor: the Place-unit tool puts down the chosen template
(one undoable step), Add weapon offers the rules' weapon table, a unit is saved as the GM's own
template in the data folder, and a bad template file is named (file and field) without harm."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from brikwars_gui.scenario.army import USER_TEMPLATES_FILE
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.main_window import MainWindow


@pytest.fixture
def window(open_window, data_dir: Path) -> MainWindow:
    return open_window(data_dir=data_dir, size=(1280, 720))


def test_place_unit_puts_down_the_chosen_template_undoably(window: MainWindow, qtbot) -> None:
    """G-1/G-2: a grenadier placed from the library has the table's Pistol and Grenade."""
    window.palette.templates.select("Minifig grenadier")
    window.set_tool("unit")
    before = len(window.doc.scenario.units)
    cell = (10, 2)
    at = window.view.mapFromScene(cell_center(cell))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert len(window.doc.scenario.units) == before + 1
    unit = window.doc.scenario.units[-1]
    assert (unit.name, tuple(unit.position)) == ("Grenadier 1", cell)
    assert [(w.name, w.kind.value, w.range, w.damage) for w in unit.weapons] == [
        ("Pistol", "ranged", 6, "1d6"),
        ("Grenade", "thrown", 5, "1d10"),
    ]
    assert window.selection.unit_id == unit.id
    window.doc.undo_stack.undo()
    assert len(window.doc.scenario.units) == before
    window.doc.undo_stack.redo()
    assert window.doc.scenario.units[-1].name == "Grenadier 1"


def test_add_weapon_offers_the_rules_weapon_table(window: MainWindow) -> None:
    window.selection.select("unit", "red-rifle-1")
    unit = window.doc.unit("red-rifle-1")
    menu = window.inspector.add_weapon.menu()
    entries = {a.text().split(" — ")[0]: a for a in menu.actions() if a.text()}
    assert {"Pistol", "Rifle", "Longbow", "Grenade", "Shortsword", "Spear", "Halberd"} <= entries.keys()
    assert "G-2" in entries["Halberd"].toolTip()
    entries["Halberd"].trigger()
    added = window.doc.unit("red-rifle-1").weapons[-1]
    assert (added.name, added.kind.value, added.use, added.range, added.damage) == (
        "Halberd",
        "close",
        4,
        None,
        "2d6",
    )
    assert window.inspector.weapons.rowCount() == len(unit.weapons) + 1
    window.doc.undo_stack.undo()
    assert window.doc.unit("red-rifle-1").weapons == unit.weapons


def test_a_saved_template_is_listed_placed_and_kept_across_starts(open_window, data_dir: Path) -> None:
    w = open_window(data_dir=data_dir)
    w.selection.select("unit", "red-captain")
    w.inspector.ask_template_name = lambda _parent, _unit: "Veteran officer"
    w.inspector.save_template.click()
    path = data_dir / USER_TEMPLATES_FILE
    data = json.loads(path.read_text())
    assert data["format_version"] == 1 and data["templates"][0]["name"] == "Veteran officer"
    picker = w.palette.templates
    assert picker.combo.currentData() == "Veteran officer" and not picker.delete.isHidden()
    placed = w.doc.new_unit((12, 3), "blue", w.palette.settings.template)
    captain = w.doc.unit("red-captain")
    assert placed.hero == captain.hero and placed.skill == captain.skill and placed.weapons == captain.weapons
    w.close()
    again = open_window(data_dir=data_dir)
    combo = again.palette.templates.combo
    assert "★ Veteran officer" in [combo.itemText(i) for i in range(combo.count())]
    assert again.palette.templates.delete.isHidden()  # a bundled template is selected: no Delete
    again.palette.templates.select("Veteran officer")
    again.palette.templates.confirm_delete = lambda _name: True
    again.palette.templates.delete.click()
    assert json.loads(path.read_text())["templates"] == []


def test_a_bad_template_file_is_named_and_the_editor_goes_on(open_window, data_dir: Path) -> None:
    path = data_dir / USER_TEMPLATES_FILE
    path.parent.mkdir()
    path.write_text(
        '{"format_version": 1, "templates": [{"name": "X", "unit": {"name": "X", "armor": "lots"}}]}'
    )
    w = open_window(data_dir=data_dir)
    problem = w.palette.templates.problem
    assert problem.isVisible() and str(path) in problem.text() and "templates[0].unit.armor" in problem.text()
    assert w.palette.templates.current().name == "Minifig rifleman"  # the bundled library is there
    w.selection.select("unit", "red-captain")
    shown: list[str] = []
    from PySide6.QtWidgets import QMessageBox

    original = QMessageBox.warning
    QMessageBox.warning = staticmethod(lambda _p, _t, text, *a, **k: shown.append(text))
    try:
        w.inspector.save_template.click()
    finally:
        QMessageBox.warning = original
    assert shown and str(path) in shown[0]
    assert "lots" in path.read_text()  # never overwritten
