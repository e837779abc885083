"""Issue 24, "author in the app what the scenario file holds": fires (on an object or unit, or
permanent on cells; R-FIRE-1/4), object stats, traps wired to a trigger (R-TRAP-1..5), brushes that
work the first time and leave no gaps, and editor messages in words (pytest-qt on the window)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from brikwars_gui.scenario.models import FireType, HazardKind, PermanentFireKind
from brikwars_gui.ui.document import EditorDocument, empty_scenario
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.scenario_words import in_words


@pytest.fixture
def doc(qtbot) -> EditorDocument:
    return EditorDocument(empty_scenario(20, 12))


def test_r_fire_4_set_alight_an_object_capped_at_its_size_and_undo(doc: EditorDocument) -> None:
    house = doc.new_object((2, 2), "building")
    fire = doc.set_alight(house.id, size=9)
    assert fire.object == house.id and fire.size == house.size  # R-FIRE-4: never above its Size
    doc.set_alight(house.id, size=1, fire_type="acid")  # burning already: size and type change
    assert len(doc.scenario.fires) == 1 and doc.scenario.fires[0].fire_type == FireType.ACID
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.scenario.fires == []
    doc.undo_stack.redo()
    assert doc.fire_on(house.id).size == house.size


def test_a_stone_wall_cannot_be_set_alight_but_acid_eats_it(doc: EditorDocument) -> None:
    wall = doc.new_object((2, 2), "wall")
    with pytest.raises(ValueError, match="not flammable"):
        doc.set_alight(wall.id)
    assert doc.set_alight(wall.id, fire_type="acid").fire_type == FireType.ACID


def test_r_fire_1_permanent_fire_painted_on_cells_then_erased(doc: EditorDocument) -> None:
    fid = doc.paint_fire([(5, 5), (6, 5)], PermanentFireKind.MOLTEN, stroke=7)
    doc.paint_fire([(7, 5)], PermanentFireKind.MOLTEN, fire_id=fid, stroke=7)
    assert doc.undo_stack.count() == 1  # one stroke, one undo step
    fire = doc.fire(fid)
    assert fire.permanent == PermanentFireKind.MOLTEN and fire.size == 3
    assert [tuple(c) for c in fire.cells] == [(5, 5), (6, 5), (7, 5)]
    doc.erase_cells([(6, 5)])
    assert [tuple(c) for c in doc.fire(fid).cells] == [(5, 5), (7, 5)]
    doc.erase_cells([(5, 5), (7, 5)])
    assert doc.fire(fid) is None
    doc.undo_stack.undo()
    assert doc.fire(fid) is not None


def test_erasing_a_burning_objects_cell_puts_it_out_and_deleting_it_takes_its_fire(doc) -> None:
    house = doc.new_object((2, 2), "building")
    doc.set_alight(house.id, 2)
    doc.erase_cells([(3, 3)])
    assert doc.fire_on(house.id) is None
    doc.undo_stack.undo()
    doc.new_trap(house.id)
    doc.remove_object(house.id)  # its fire and its trap go with it (the file stays consistent)
    assert doc.scenario.objects == [] and doc.scenario.fires == [] and doc.scenario.traps == []
    doc.undo_stack.undo()
    assert doc.object(house.id) and doc.fire_on(house.id) and doc.scenario.traps


def test_a_unit_can_burn_too(doc: EditorDocument) -> None:
    unit = doc.new_unit((4, 4))
    assert doc.set_alight(unit.id, 1).object == unit.id
    doc.remove_unit(unit.id)
    assert doc.scenario.fires == []


def test_object_inspector_edits_are_validated_and_undoable(doc: EditorDocument) -> None:
    house = doc.new_object((2, 2), "building")
    doc.set_alight(house.id, 3)
    doc.update_object(house.id, name="Inn", weight=3, armor="2d10", height=12, owner="red", size=2)
    obj = doc.object(house.id)
    assert (obj.name, obj.weight, obj.armor, obj.height, obj.owner, obj.size) == (
        "Inn",
        3,
        "2d10",
        12,
        "red",
        2,
    )
    assert doc.fire_on(house.id).size == 2  # the fire shrank with the building (R-FIRE-4)
    with pytest.raises(ValueError, match="owner"):
        doc.update_object(house.id, owner="nobody")
    with pytest.raises(ValueError):
        doc.update_object(house.id, weight=-1)
    doc.undo_stack.undo()
    assert doc.object(house.id).name == "Building 1" and doc.fire_on(house.id).size == 3


def test_r_trap_2_a_trap_wired_to_a_lever_with_its_weapon(doc: EditorDocument) -> None:
    lever = doc.new_object((8, 8), "lever")
    assert not lever.blocks_movement and not lever.flammable  # a control, not a wall
    trap = doc.new_trap(lever.id, at=(10, 8))
    assert trap.trigger == lever.id and trap.weapon.name == "Dart shooter" and list(trap.at) == [10, 8]
    weapon = {"name": "Crossbow", "kind": "ranged", "use": 4, "range": 8, "damage": "1d6+1"}
    doc.update_trap(trap.id, weapon=weapon, smart=True, action="d6", hidden=True)
    t = doc.trap(trap.id)
    assert t.weapon.name == "Crossbow" and t.smart and t.action == "d6" and t.hidden
    with pytest.raises(ValueError):
        doc.update_trap(trap.id, trigger="nowhere")
    with pytest.raises(ValueError):
        doc.update_trap(trap.id, action="2d6")
    doc.undo_stack.undo()
    assert doc.trap(trap.id).weapon.name == "Dart shooter"
    assert lever.id in doc.trigger_ids()


def test_r_trap_4_a_concealed_field_is_a_trigger_spot(doc: EditorDocument) -> None:
    hid = doc.paint_hazard([(3, 3), (4, 3)], kind=HazardKind.CONCEALED, dice="1d6")
    assert hid in doc.trigger_ids()
    assert doc.new_trap(hid).trigger == hid


def test_r_haz_6_smoke_painted_with_the_default_dice_works(doc: EditorDocument) -> None:
    hid = doc.paint_hazard([(1, 1)], kind=HazardKind.SMOKE, dice="1d6")  # the box still said 1d6
    assert doc.hazard(hid).kind == HazardKind.SMOKE and doc.hazard(hid).dice is None
    cid = doc.paint_hazard([(5, 5)], kind=HazardKind.CURRENT, dice="1d6")
    assert doc.hazard(cid).direction is not None  # a current needs one: a default is given


def test_editor_messages_name_the_thing_not_a_json_path(doc: EditorDocument) -> None:
    doc.paint_hazard([(1, 1)], kind=HazardKind.EXPOSURE, dice="1d6")
    hid = doc.paint_hazard([(5, 5)], kind=HazardKind.EXPOSURE, dice="1d6")
    with pytest.raises(ValueError) as err:
        doc.check(hazards=[doc.scenario.hazards[0], doc.hazard(hid).model_copy(update={"dice": "3d6"})])
    message = str(err.value)
    assert "hazards[" not in message and "Exposure 2 (exposure field)" in message and "R-HAZ-4" in message
    text = in_words(doc.scenario, "units[0].position: cell (1, 1) is inside objects[0] ('o1')")
    assert text.startswith("unit 1")  # no such unit: still words


def test_palette_smoke_clears_and_greys_the_dice_box(open_window) -> None:
    window = open_window(empty_scenario(20, 12))
    palette = window.palette
    assert palette.hazard_dice.text() == "1d6"
    palette.hazard_kind.setCurrentIndex(palette.hazard_kind.findData("smoke"))
    assert palette.hazard_dice.text() == "" and not palette.hazard_dice.isEnabled()
    assert window.view.settings.hazard_dice is None
    palette.hazard_kind.setCurrentIndex(palette.hazard_kind.findData("exposure"))
    assert palette.hazard_dice.text() == "1d6" and palette.hazard_dice.isEnabled()


def drag(qtbot, window, cells: list[tuple[int, int]]) -> None:
    view = window.view
    points = [view.mapFromScene(cell_center(c)) for c in cells]
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=points[0])
    for p in points[1:]:
        view.mouseMoveEvent(_move(view, p))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=points[-1])


def _move(view, pos: QPoint):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QMouseEvent

    return QMouseEvent(
        QMouseEvent.Type.MouseMove,
        QPointF(pos),
        QPointF(view.viewport().mapToGlobal(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )


def test_a_fast_terrain_drag_leaves_no_gaps_and_is_one_undo_step(open_window, qtbot) -> None:
    window = open_window(empty_scenario(20, 16))
    window.set_tool("terrain")
    drag(qtbot, window, [(3, 0), (3, 4), (3, 8), (3, 15)])  # far apart: the mouse jumped
    kinds = [window.doc.terrain.kind_at(3, y).value for y in range(16)]
    assert kinds == ["obstacle"] * 16
    assert window.doc.undo_stack.count() == 1


def test_the_fire_tool_sets_a_building_alight_and_paints_molten_ground(open_window, qtbot) -> None:
    window = open_window(empty_scenario(20, 12))
    doc = window.doc
    house = doc.new_object((2, 2), "building")
    window.set_tool("fire")
    palette = window.palette
    palette.fire_size.setValue(2)
    drag(qtbot, window, [(3, 3), (4, 3)])  # over the house: set alight once
    assert doc.fire_on(house.id).size == 2 and len(doc.scenario.fires) == 1
    palette.fire_kind.setCurrentIndex(palette.fire_kind.findData("molten"))
    drag(qtbot, window, [(10, 8), (14, 8)])
    molten = [f for f in doc.scenario.fires if f.permanent == PermanentFireKind.MOLTEN]
    assert len(molten) == 1 and len(molten[0].cells) == 5
    window.set_tool("erase")
    drag(qtbot, window, [(10, 8), (14, 8)])
    assert not [f for f in doc.scenario.fires if f.permanent]
    assert window.scene.fire_item is not None
