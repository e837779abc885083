"""The inspector's SuperNatural section (R-SN-1/7/8): Cliché, Talismans with d4..d12 pickers and
Effect templates, each edit one undoable change validated by the scenario model; the library's
Pyromancer is placed with its powers."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox

from brikwars_gui.ui.main_window import MainWindow


def _unit(window: MainWindow) -> str:
    unit = window.doc.scenario.units[0]
    window.selection.select_unit(unit.id)
    return unit.id


def test_r_sn_7_8_a_unit_gets_a_cliche_talismans_and_an_effect_undoably(window: MainWindow) -> None:
    sn = window.inspector.sn
    uid = _unit(window)
    assert not sn.isChecked() and window.doc.unit(uid).supernatural is None
    sn.setChecked(True)  # give SN powers
    assert window.doc.unit(uid).supernatural is not None
    sn.cliche.setText("Pyromancer")
    sn.cliche.editingFinished.emit()
    assert sn.add_talisman()
    picker = sn.talismans.cellWidget(0, 2)
    assert isinstance(picker, QComboBox)
    assert [picker.itemData(i) for i in range(picker.count())] == ["d4", "d6", "d8", "d10", "d12"]
    assert "Fire" in picker.itemText(0)  # R-SN-1: each die's element
    picker = sn.talismans.cellWidget(0, 2)
    picker.setCurrentIndex(picker.findData("d10"))
    picker.activated.emit(picker.currentIndex())
    assert sn.add_effect("Fireball")
    block = window.doc.unit(uid).supernatural
    assert block.cliche == "Pyromancer"
    assert [(t.id, t.die) for t in block.talismans] == [(f"{uid}-die1", "d10")]
    effects = [(e.name, e.target, e.aspects) for e in block.effects]
    assert effects == [("Fireball", "hostile", ["range", "damage+"])]
    sn.lasting.setChecked(True)  # the selected Effect's details
    assert window.doc.unit(uid).supernatural.effects[0].lasting
    window.doc.undo_stack.undo()  # one step per edit
    assert not window.doc.unit(uid).supernatural.effects[0].lasting
    assert not sn.lasting.isChecked()
    for _ in range(5):  # the Effect, the die, the Talisman, the Cliché, the powers
        window.doc.undo_stack.undo()
    assert window.doc.unit(uid).supernatural is None and not sn.isChecked()


def test_r_sn_7_an_aspect_a_template_cannot_use_is_refused_and_not_applied(window: MainWindow) -> None:
    sn = window.inspector.sn
    uid = _unit(window)
    sn.setChecked(True)
    sn.add_talisman()
    sn.add_effect("Fireball")
    item = sn.effects.item(0, 2)
    item.setText("range, creature")  # a creature die on a bolt at an enemy: R-SN-7/23 refuse it
    assert window.doc.unit(uid).supernatural.effects[0].aspects == ["range", "damage+"]
    assert not sn.error.isHidden() and "creature" in sn.error.text()
    assert sn.effects.item(0, 2).text() == "range, damage+"  # the form shows the unit as it is


def test_r_sn_8_a_talisman_id_another_unit_holds_is_refused(window: MainWindow) -> None:
    sn = window.inspector.sn
    first, second = (u.id for u in window.doc.scenario.units[:2])
    window.selection.select_unit(first)
    sn.setChecked(True)
    sn.add_talisman()
    window.selection.select_unit(second)
    sn.setChecked(True)
    sn.add_talisman()
    item = sn.talismans.item(0, 0)
    item.setText(f"{first}-die1")
    assert window.doc.unit(second).supernatural.talismans[0].id == f"{second}-die1"
    assert "unique" in sn.error.text()


def test_the_library_pyromancer_is_placed_with_its_powers(window: MainWindow) -> None:
    window.palette.templates.select("Pyromancer")
    unit = window.doc.new_unit((12, 3), "blue", window.palette.settings.template)
    window.selection.select_unit(unit.id)
    sn = window.inspector.sn
    assert sn.isChecked() and sn.cliche.text() == "Pyromancer"
    assert sn.talismans.rowCount() == 3 and sn.effects.rowCount() == 3
    assert sn.talismans.cellWidget(2, 2).currentData() == "d8"
    assert window.doc.scenario.problems() == []


def test_the_sn_section_is_read_only_in_play_mode(window: MainWindow) -> None:
    _unit(window)
    window.set_play_mode(True, seed=1)
    assert not window.inspector.sn.isEnabled()


@pytest.mark.parametrize("size", [(1024, 700), (1280, 720)])
def test_the_sn_section_fits_a_narrow_inspector(idle, open_window, app_style, settle, size) -> None:
    """Issue 10's rule for side docks: no sideways scrolling, also with a caster's section open."""
    w = open_window(size=size, animate=None)
    settle(w)
    w.palette.templates.select("Necromancer")
    unit = w.doc.new_unit((12, 3), "blue", w.palette.settings.template)
    w.selection.select_unit(unit.id)
    w.dock_inspector.raise_()
    idle()
    area = w.dock_inspector.widget()
    assert w.inspector.sn.body.isVisible()
    assert not area.horizontalScrollBar().isVisible(), f"the inspector scrolls sideways at {size}"


def test_scrolling_over_the_sn_section_changes_nothing(window: MainWindow, qtbot) -> None:
    """Seen in the click-through: the mouse wheel over an Effect's target combo, while scrolling
    the inspector, changed Flame Ward's target; a combo takes the wheel only once clicked."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    window.palette.templates.select("Pyromancer")
    unit = window.doc.new_unit((12, 3), "blue", window.palette.settings.template)
    window.selection.select_unit(unit.id)
    combo = window.inspector.sn.effects.cellWidget(1, 1)
    before = combo.currentData()
    wheel = QWheelEvent(
        QPointF(5, 5),
        QPointF(combo.mapToGlobal(QPoint(5, 5))),
        QPoint(0, 0),
        QPoint(0, -120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(combo, wheel)
    assert combo.currentData() == before
    assert window.doc.unit(unit.id).supernatural.effects[1].target == before


def test_r_sn_2_a_placed_10amyte_is_bound_to_a_casters_d10(window: MainWindow) -> None:
    """The GM places a Diemon held by a caster's Talisman (R-SN-2, `diemon` + `bound_to`): only
    Talismans whose die makes that Diemon are offered; one undoable change."""
    window.palette.templates.select("Necromancer")
    necro = window.doc.new_unit((12, 3), "blue", window.palette.settings.template)
    uid = _unit(window)
    sn = window.inspector.sn
    sn.setChecked(True)
    sn.diemon.setCurrentIndex(sn.diemon.findData("10amyte"))
    sn.diemon.activated.emit(sn.diemon.currentIndex())
    block = window.doc.unit(uid).supernatural
    assert (block.diemon, block.bound_to) == ("10amyte", f"{necro.id}:{necro.id}-bell")
    assert [sn.bound.itemData(i) for i in range(sn.bound.count())] == [f"{necro.id}:{necro.id}-bell"]
    assert window.doc.scenario.problems() == []
    sn.diemon.setCurrentIndex(sn.diemon.findData("4pion"))  # no caster holds a d4
    sn.diemon.activated.emit(sn.diemon.currentIndex())
    assert window.doc.unit(uid).supernatural.diemon == "10amyte" and "4pion" in sn.error.text()
    window.doc.undo_stack.undo()
    assert window.doc.unit(uid).supernatural.diemon is None
