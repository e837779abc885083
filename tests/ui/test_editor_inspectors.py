"""Issue 24: objects, fields, fires and traps have an inspector like units; a unit's D6 System and
Nine Powers blocks are editable with their validation; right-click in Edit mode offers what fits
the thing under the pointer; traps are drawn on the editor's map (pytest-qt)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from brikwars_gui.ui.document import empty_scenario


def menu_texts(menu) -> list[str]:
    return [a.text() for a in menu.actions() if a.text()]


def trigger(menu, start: str) -> None:
    next(a for a in menu.actions() if a.text().startswith(start)).trigger()


def set_text(form, name: str, text: str) -> None:
    edit = form.widgets[name]
    edit.setText(text)
    edit.editingFinished.emit()


def test_object_inspector_edits_every_stat_and_undo_takes_it_back(open_window) -> None:
    window = open_window(empty_scenario(20, 12))
    doc = window.doc
    house = doc.new_object((2, 2), "building")
    window.selection.select("object", house.id)
    ins = window.item_inspector
    assert not ins.isHidden() and window.inspector.isHidden()
    form = ins.object_form
    set_text(form, "name", "Smithy")
    set_text(form, "weight", "3")
    set_text(form, "armor", "3d10")
    set_text(form, "height", "12")
    form.widgets["flammable"].setChecked(False)
    form.widgets["blocks_sight"].setChecked(False)
    owner = form.widgets["owner"]
    owner.setCurrentIndex(owner.findData("blue"))
    owner.activated.emit(owner.currentIndex())
    obj = doc.object(house.id)
    assert (obj.name, obj.weight, obj.armor, obj.height) == ("Smithy", 3, "3d10", 12)
    assert not obj.flammable and not obj.blocks_sight and obj.owner == "blue"
    set_text(form, "weight", "9")  # Weight classes stop at 5 (G-6): refused, said under the field
    assert form.errors["weight"].isVisibleTo(ins) and doc.object(house.id).weight == 3
    set_text(form, "size", "big")
    assert "whole number" in form.errors["size"].text()
    doc.undo_stack.undo()  # the owner
    assert doc.object(house.id).owner is None
    assert form.widgets["owner"].currentData() is None  # the form follows the undo


def test_set_alight_from_the_object_inspector_and_a_trap_it_triggers(open_window) -> None:
    window = open_window(empty_scenario(20, 12))
    doc = window.doc
    lever = doc.new_object((5, 5), "lever")
    house = doc.new_object((10, 2), "building")
    ins = window.item_inspector
    window.selection.select("object", house.id)
    set_text(ins.fire_form, "size", "2")
    ins.alight_button.click()
    assert doc.fire_on(house.id).size == 2
    window.selection.select("object", lever.id)
    ins.add_trap_button.click()
    trap = doc.scenario.traps[0]
    assert trap.trigger == lever.id
    assert window.selection.kind == "trap" and not ins.trap_form.isHidden()
    set_text(ins.trap_form, "at", "7, 5")
    set_text(ins.weapon_form, "damage", "2d6")
    set_text(ins.weapon_form, "use", "4")
    ins.trap_form.widgets["smart"].setChecked(True)
    trap = doc.trap(trap.id)
    assert list(trap.at) == [7, 5] and trap.weapon.damage == "2d6" and trap.weapon.use == 4 and trap.smart
    set_text(ins.trap_form, "area", "7, 6; 7, 7")  # R-TRAP-1: the cells it fires into
    assert [tuple(c) for c in doc.trap(trap.id).area] == [(7, 6), (7, 7)]
    set_text(ins.weapon_form, "damage", "lots")
    assert ins.weapon_form.errors["damage"].text() and doc.trap(trap.id).weapon.damage == "2d6"
    labels = [i for i in window.scene.trap_items if hasattr(i, "text")]
    assert any("Dart shooter" in i.text for i in labels)  # drawn on the map, with its weapon spot
    assert len(window.scene.trap_items) == 5  # label, line to the weapon, its mark, 2 area cells


def test_right_click_in_edit_mode_offers_what_fits(open_window, qtbot) -> None:
    window = open_window(empty_scenario(20, 12))
    doc = window.doc
    house = doc.new_object((2, 2), "building")
    menu = window.build_edit_menu((3, 3))
    texts = menu_texts(menu)
    assert texts[0] == f"Edit {house.name}…" and "Duplicate" in texts and "Rotate" in texts
    assert any(t.startswith("Set alight") for t in texts) and any(t.startswith("Add a trap") for t in texts)
    trigger(menu, "Set alight")
    assert doc.fire_on(house.id) is not None
    assert "Put out" in menu_texts(window.build_edit_menu((3, 3)))
    trigger(window.build_edit_menu((3, 3)), "Duplicate")
    assert len(doc.scenario.objects) == 2
    ground = menu_texts(window.build_edit_menu((15, 9)))
    assert ground[0] == "Place a unit here" and any("permanent regular fire" in t for t in ground)
    trigger(window.build_edit_menu((15, 9)), "Start a permanent")
    fire = next(f for f in doc.scenario.fires if f.permanent)
    assert [tuple(c) for c in fire.cells] == [(15, 9)]
    assert any(t.startswith("Edit regular fire") for t in menu_texts(window.build_edit_menu((15, 9))))
    unit = doc.new_unit((8, 8))
    trigger(window.build_edit_menu((8, 8)), "Edit")
    assert window.selection.unit_id == unit.id
    # the real right click opens the menu
    view = window.view
    pos = view.mapFromScene(window.scene.unit_items[unit.id].scenePos())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=pos)
    assert window.last_edit_menu is not None and window.last_edit_menu.isVisible()
    window.last_edit_menu.close()


def test_a_field_is_edited_in_words_and_a_concealed_one_takes_a_trap(open_window) -> None:
    window = open_window(empty_scenario(20, 12))
    doc = window.doc
    hid = doc.paint_hazard([(4, 4), (5, 4)], kind="concealed", dice="1d6")
    trigger(window.build_edit_menu((4, 4)), "Edit")
    ins = window.item_inspector
    assert window.selection.kind == "hazard" and not ins.hazard_form.isHidden()
    set_text(ins.hazard_form, "dice", "3d6")  # three dice on a 2" field (R-HAZ-4)
    error = ins.hazard_form.errors["dice"].text()
    assert "R-HAZ-4" in error and "hazards[" not in error
    trigger(window.build_edit_menu((4, 4)), "Add a trap")
    assert doc.scenario.traps[0].trigger == hid and window.selection.kind == "trap"


def test_unit_d6_and_nine_powers_blocks_are_editable_with_their_validation(open_window) -> None:
    window = open_window(empty_scenario(20, 12))
    doc = window.doc
    unit = doc.new_unit((3, 3))
    window.selection.select("unit", unit.id)
    blocks = window.inspector.blocks
    set_text(blocks.d6, "ranged", "4D+1")
    set_text(blocks.d6, "character_points", "3")
    assert doc.unit(unit.id).d6.ranged == "4D+1" and doc.unit(unit.id).d6.character_points == 3
    set_text(blocks.d6, "melee", "lots")
    assert blocks.d6.errors["melee"].text() and doc.unit(unit.id).d6.melee is None
    np = blocks.ninepowers
    np.widgets["skills"].spins["shoot"].setValue(3)
    np.widgets["talents"].spins["shoot"].setValue(2)
    arm = np.widgets["armor"]
    arm.setCurrentIndex(arm.findData("chain_shirt"))
    arm.activated.emit(arm.currentIndex())
    block = doc.unit(unit.id).ninepowers
    assert block.skills == {"shoot": 3} and block.talents == {"shoot": 2} and block.armor == "chain_shirt"
    np.widgets["talents"].spins["melee"].setValue(3)  # above its skill 1 (L343): refused
    assert "above its skill" in np.errors["talents"].text()
    assert "melee" not in doc.unit(unit.id).ninepowers.talents
    set_text(blocks.more, "weight", "2")
    blocks.more.widgets["can_swim"].setChecked(False)
    assert doc.unit(unit.id).weight == 2 and not doc.unit(unit.id).can_swim
    doc.undo_stack.undo()
    assert doc.unit(unit.id).can_swim


def test_no_stale_values_under_no_unit_selected(open_window) -> None:
    """Review 2026-11-27, item 30: the disabled inspector kept Hero ticked and Facing E."""
    window = open_window(empty_scenario(20, 12))
    unit = window.doc.new_unit((3, 3))
    window.doc.update_unit(unit.id, hero=True, facing="E")
    window.selection.select("unit", unit.id)
    assert window.inspector.hero.isChecked()
    window.selection.clear()
    assert not window.inspector.hero.isChecked() and window.inspector.facing.currentIndex() == -1


def test_scenario_panel_sets_the_table_size_description_and_ruleset_options(open_window) -> None:
    window = open_window(empty_scenario(20, 12))
    doc, panel = window.doc, window.scenario_panel
    doc.new_unit((18, 3))
    panel.table_width.setValue(30)
    panel.table_width.editingFinished.emit()
    assert doc.width == 30 and doc.terrain.kind.shape == (12, 30)
    panel.table_width.setValue(10)  # the unit at x = 18 would fall off: refused, in words
    panel.table_width.editingFinished.emit()
    assert doc.width == 30 and "Minifig 1 (unit)" in panel.size_error.text()
    doc.undo_stack.undo()
    assert doc.width == 20 and panel.table_width.value() == 20
    panel.description.setText("Raiders fire the village")
    panel.description.editingFinished.emit()
    assert doc.scenario.description == "Raiders fire the village"
    cap = panel.d6_options.widgets["character_point_cap"]
    cap.setCurrentIndex(cap.findData(2))
    cap.activated.emit(cap.currentIndex())
    assert doc.scenario.d6.character_point_cap == 2
