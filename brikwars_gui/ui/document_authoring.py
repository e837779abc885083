"""What the engine simulates beyond units and terrain, authored in the editor (issue 24): object
stats, fires (on an object or a unit, or permanent on cells, R-FIRE-1/4) and traps wired to a
trigger (R-TRAP-1..5). Each edit is one undoable command, validated by the pydantic models and the
scenario's cross-field checks; `EditorDocument` mixes this in."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from pydantic import ValidationError
from PySide6.QtCore import QRect
from PySide6.QtGui import QUndoCommand

from brikwars_gui.scenario.models import (
    Battlefield,
    Fire,
    FireType,
    HazardField,
    HazardKind,
    PermanentFireKind,
    StructureObject,
    Trap,
    Weapon,
    WeaponKind,
)
from brikwars_gui.ui.scenario_io import describe_validation_error

#: What a newly placed object of a kind is like; a lever or a door is a control a trap is wired to
#: (R-TRAP-2: any object can trigger a trap; operating it is a Move Action, R-MOVE-6).
OBJECT_KINDS: dict[str, dict[str, Any]] = {
    "building": {"footprint": (3, 2), "size": 3, "weight": 2},
    "wall": {"footprint": (3, 1), "size": 3, "weight": 2, "flammable": False},
    "tree": {"footprint": (1, 1), "size": 2, "weight": 1, "blocks_movement": True, "height": 15},
    "crate": {"footprint": (1, 1), "size": 1, "weight": 0.5, "blocks_sight": False, "height": 3},
    "vehicle": {"footprint": (2, 1), "size": 2, "weight": 2, "flammable": False, "height": 6},
    "rock": {"footprint": (1, 1), "size": 1, "weight": 2, "flammable": False, "height": 4},
    "lever": {
        "footprint": (1, 1),
        "size": 1,
        "weight": 0.5,
        "flammable": False,
        "blocks_movement": False,
        "blocks_sight": False,
        "height": 3,
    },
    "door": {"footprint": (1, 1), "size": 1, "weight": 1, "blocks_sight": True, "height": 9},
}

#: A trap's weapon when the GM has not picked one: a dart shooter (a Weapon Trap, R-TRAP-5).
DEFAULT_TRAP_WEAPON = Weapon(name="Dart shooter", kind=WeaponKind.RANGED, use=3, range=6, damage="1d6")


def validation_message(exc: ValidationError) -> str:
    """The first pydantic error as a short human line (`must be >= 0` style)."""
    lines = describe_validation_error(exc)
    return lines[0] if lines else str(exc)


def _span(cells: list) -> int:
    """A permanent fire's Size: the longer side of its cells' bounding box, in inches (GRID-8)."""
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return max(max(xs) - min(xs), max(ys) - min(ys)) + 1


class SectionsCommand(QUndoCommand):
    """Replace list sections of the scenario together (`objects` with the `fires` on them and the
    `traps` they trigger, ...): checked as a whole before it is pushed, so each side of the swap
    is a consistent scenario and the lists are set without re-validating half a change. The
    commands of one mouse stroke (same `stroke` and sections) merge into one undo step."""

    ID = 1003

    def __init__(self, doc, parts: dict[str, tuple[list, list]], text: str, stroke: int = 0) -> None:
        super().__init__(text)
        self.doc, self.parts, self.stroke = doc, parts, stroke

    def id(self) -> int:
        return self.ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SectionsCommand) or not self.stroke:
            return False
        if other.stroke != self.stroke or set(other.parts) != set(self.parts):
            return False
        self.parts = {name: (old, other.parts[name][1]) for name, (old, _new) in self.parts.items()}
        return True

    def _apply(self, side: int) -> None:
        doc = self.doc
        for name, pair in self.parts.items():
            before, after = pair[1 - side], pair[side]
            doc.scenario.__dict__[name] = list(after)  # the whole was checked: no half-change check
            if name == "fires":
                doc.firesChanged.emit()
            elif name == "traps":
                doc.trapsChanged.emit()
            elif name == "hazards":
                doc.hazardsChanged.emit(QRect())
            elif name == "objects":
                old_ids, new_ids = {o.id for o in before}, {o.id for o in after}
                for oid in old_ids - new_ids:
                    doc.objectRemoved.emit(oid)
                for o in after:
                    (doc.objectChanged if o.id in old_ids else doc.objectAdded).emit(o.id)
                doc.firesChanged.emit()
            elif name == "units":  # a unit deleted with the fire on it (remove_with_dependents)
                old_units = {u.id: u for u in before}
                for uid in old_units.keys() - {u.id for u in after}:
                    doc.unitRemoved.emit(uid)
                for u in after:
                    if u.id not in old_units:
                        doc.unitAdded.emit(u.id)
                    elif old_units[u.id] != u:
                        doc.unitChanged.emit(u.id)

    def redo(self) -> None:
        self._apply(1)

    def undo(self) -> None:
        self._apply(0)


class ResizeCommand(QUndoCommand):
    """A new table size: the battlefield and the terrain (cut or extended with open ground) change
    together; the views rebuild as for a new document, but the undo history stays."""

    def __init__(self, doc, old: tuple, new: tuple, text: str) -> None:
        super().__init__(text)
        self.doc, self.old, self.new = doc, old, new

    def _apply(self, state: tuple) -> None:
        battlefield, terrain, arrays = state
        self.doc.scenario.__dict__["battlefield"] = battlefield
        self.doc.scenario.__dict__["terrain"] = list(terrain)
        self.doc.terrain = arrays
        self.doc.scenarioReset.emit()

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


class AuthoringMixin:
    """Objects' stats, fires and traps of `EditorDocument` (which provides `scenario`, `check`,
    `undo_stack`, `all_ids`, `in_bounds`, `object`, `unit`, `_replace_object`)."""

    # -- the table ----------------------------------------------------------------------------
    def resize_battlefield(self, width: int, height: int) -> None:
        """A new table size in inches (GRID-1) as one undoable step; terrain beyond the new edge is
        cut, new ground is open. Refused, in words, while a unit, object or field would fall off."""
        from brikwars_gui.ui.layers import TerrainArrays

        try:
            battlefield = Battlefield(width=width, height=height)
        except ValidationError as exc:
            raise ValueError(validation_message(exc)) from exc
        if battlefield == self.scenario.battlefield:
            return
        old = self.terrain
        kind = np.zeros((height, width), dtype=old.kind.dtype)
        elevation = np.zeros((height, width), dtype=old.elevation.dtype)
        h, w = min(height, old.kind.shape[0]), min(width, old.kind.shape[1])
        kind[:h, :w], elevation[:h, :w] = old.kind[:h, :w], old.elevation[:h, :w]
        arrays = TerrainArrays(kind, elevation)
        regions = arrays.to_regions()
        self.check(battlefield=battlefield, terrain=regions)
        before = (self.scenario.battlefield, list(self.scenario.terrain), old)
        text = f"Resize the table to {width}×{height}"
        self.undo_stack.push(ResizeCommand(self, before, (battlefield, regions, arrays), text))

    # -- objects ------------------------------------------------------------------------------
    def validated_object(self, object_id: str, **changes: Any) -> StructureObject:
        """The object with `changes` applied and validated; raises `ValueError` in words."""
        old = self.object(object_id)
        if old is None:
            raise ValueError(f"no object {object_id!r}")
        try:
            return StructureObject.model_validate({**old.model_dump(mode="json"), **changes})
        except ValidationError as exc:
            raise ValueError(validation_message(exc)) from exc

    def update_object(self, object_id: str, text: str = "", **changes: Any) -> StructureObject:
        """Change an object's stats (name, kind, Size, Weight, Armor, ...) as one undoable step; a
        fire on it keeps within its Size (R-FIRE-4) and follows a renamed id, as do traps."""
        old = self.object(object_id)
        new = self.validated_object(object_id, **changes)
        if new == old:
            return new
        renamed = new.id != object_id
        if renamed and new.id in self.all_ids():
            raise ValueError(f"id: {new.id!r} is already used")
        fires = [self._fire_follows(f, object_id, new) for f in self.scenario.fires]
        traps = [
            t.model_copy(update={"trigger": new.id}) if t.trigger == object_id else t
            for t in self.scenario.traps
        ]
        objects = list(self.scenario.objects)
        objects[self.object_index(object_id)] = new
        label = text or f"Change {', '.join(changes)} of {old.name}"
        self._set_sections({"objects": objects, "fires": fires, "traps": traps}, label)
        return new

    @staticmethod
    def _fire_follows(fire: Fire, object_id: str, obj: StructureObject) -> Fire:
        if fire.object != object_id:
            return fire
        return fire.model_copy(update={"object": obj.id, "size": min(fire.size, obj.size)})

    def object_kind_defaults(self, kind: str) -> dict[str, Any]:
        return dict(OBJECT_KINDS.get(kind, OBJECT_KINDS["building"]))

    def remove_with_dependents(self, section: str, item_id: str, text: str) -> None:
        """Delete an object or unit, and with it the fires on it and the traps it triggers (one
        undoable step)."""
        items = [x for x in getattr(self.scenario, section) if x.id != item_id]
        fires = [f for f in self.scenario.fires if f.object != item_id]
        traps = [t for t in self.scenario.traps if t.trigger != item_id]
        self._set_sections({section: items, "fires": fires, "traps": traps}, text)

    def has_dependents(self, item_id: str) -> bool:
        s = self.scenario
        return any(f.object == item_id for f in s.fires) or any(t.trigger == item_id for t in s.traps)

    # -- fires --------------------------------------------------------------------------------
    def fire(self, fire_id: str) -> Fire | None:
        return next((f for f in self.scenario.fires if f.id == fire_id), None)

    def fire_on(self, target_id: str) -> Fire | None:
        """The fire burning on an object or unit, if any."""
        return next((f for f in self.scenario.fires if f.object == target_id), None)

    def _new_id(self, stem: str) -> str:
        taken = self.all_ids() | {t.id for t in self.scenario.traps}
        n = 1
        while f"{stem}{n}" in taken:
            n += 1
        return f"{stem}{n}"

    def _set_section(self, section: str, items: list, text: str, stroke: int = 0) -> bool:
        return self._set_sections({section: items}, text, stroke)

    def _set_sections(self, sections: dict[str, list], text: str, stroke: int = 0) -> bool:
        """Push one command replacing these sections, when anything changes and the whole is sound."""
        parts = {
            name: (list(getattr(self.scenario, name)), list(items))
            for name, items in sections.items()
            if list(items) != list(getattr(self.scenario, name))
        }
        if not parts:
            return False
        self.check(**{name: new for name, (_old, new) in parts.items()})
        self.undo_stack.push(SectionsCommand(self, parts, text, stroke))
        return True

    def set_alight(
        self, target_id: str, size: int = 1, fire_type: FireType | str = FireType.FIRE, stroke: int = 0
    ) -> Fire:
        """Set an object or unit burning with a Fire of `size` inches (capped at its own Size,
        R-FIRE-4); one already burning takes the new size and type."""
        target = self.object(target_id) or self.unit(target_id)
        if target is None:
            raise ValueError(f"nothing called {target_id!r} to set alight")
        fire_type = FireType(fire_type)
        if isinstance(target, StructureObject) and not target.flammable and fire_type == FireType.FIRE:
            raise ValueError(f"{target.name} is not flammable (tick Flammable in its inspector first)")
        size = max(1, min(int(size), target.size)) if target.size else 0
        fires = list(self.scenario.fires)
        old = self.fire_on(target_id)
        if old is None:
            new = Fire(id=self._new_id("f"), object=target_id, size=size, fire_type=fire_type)
            fires.append(new)
        else:
            new = old.model_copy(update={"size": size, "fire_type": fire_type})
            fires[fires.index(old)] = new
        self._set_section("fires", fires, f"Set {target.name} alight", stroke)
        return new

    def put_out(self, target_id: str) -> bool:
        """No fire on this object or unit any more (one undoable step)."""
        target = self.object(target_id) or self.unit(target_id)
        fires = [f for f in self.scenario.fires if f.object != target_id]
        name = target.name if target is not None else target_id
        return self._set_section("fires", fires, f"Put out {name}")

    def paint_fire(
        self,
        cells: Iterable[tuple[int, int]],
        permanent: PermanentFireKind | str = PermanentFireKind.REGULAR,
        fire_type: FireType | str = FireType.FIRE,
        *,
        fire_id: str | None = None,
        stroke: int = 0,
    ) -> str | None:
        """Add cells to the permanent fire `fire_id` (or a new one of `permanent` kind: regular 1d4,
        fuel 2d4, molten 3d4, atomic 4d4, R-FIRE-1); returns the fire's id."""
        cells = [tuple(c) for c in cells if self.in_bounds(c)]
        if not cells:
            return fire_id
        fires = list(self.scenario.fires)
        old = self.fire(fire_id) if fire_id else None
        if old is None or old.object is not None:
            old = None
            fire_id = self._new_id("f")
            base = Fire(id=fire_id, permanent=PermanentFireKind(permanent), fire_type=FireType(fire_type))
            fires.append(base)
        else:
            base = old
        merged = list(dict.fromkeys([tuple(c) for c in base.cells] + cells))
        new = base.model_copy(update={"cells": merged, "size": _span(merged)})
        if old is not None and new == old:
            return fire_id
        fires[[f.id for f in fires].index(fire_id)] = new
        what = PermanentFireKind(new.permanent).value
        self._set_section("fires", fires, f"Paint {what} fire", stroke)
        return fire_id

    def erase_fire(self, cells: Iterable[tuple[int, int]], stroke: int = 0) -> bool:
        """Take the cells out of permanent fires (one left empty goes) and put out the objects and
        units burning on them."""
        return self._set_section("fires", self._fires_without(cells), "Erase fire", stroke)

    def _fires_without(self, cells: Iterable[tuple[int, int]]) -> list[Fire]:
        erase = {tuple(c) for c in cells}
        fires: list[Fire] = []
        for fire in self.scenario.fires:
            if fire.object is not None:
                target = self.object(fire.object) or self.unit(fire.object)
                covered = (
                    set(target.iter_cells())
                    if isinstance(target, StructureObject)
                    else {tuple(target.position)}
                    if target is not None
                    else set()
                )
                if not covered & erase:
                    fires.append(fire)
                continue
            left = [c for c in fire.cells if tuple(c) not in erase]
            if len(left) == len(fire.cells):
                fires.append(fire)
            elif left:
                fires.append(fire.model_copy(update={"cells": left, "size": _span(left)}))
        return fires

    def update_fire(self, fire_id: str, text: str = "", **changes: Any) -> Fire:
        """Change a fire's Size, type, permanent kind or owner (one undoable step)."""
        return self._update_item(
            "fires", Fire, fire_id, text or f"Change {', '.join(changes)} of a fire", changes
        )

    def _update_item(
        self, section: str, model: type, item_id: str, text: str, changes: dict[str, Any]
    ) -> Any:
        """The item of `section` with `changes`, validated by `model` and pushed as one step."""
        items = list(getattr(self.scenario, section))
        index = next((i for i, x in enumerate(items) if x.id == item_id), None)
        if index is None:
            raise ValueError(f"no {section[:-1]} {item_id!r}")
        try:
            items[index] = model.model_validate({**items[index].model_dump(mode="json"), **changes})
        except ValidationError as exc:
            raise ValueError(validation_message(exc)) from exc
        self._set_section(section, items, text)
        return items[index]

    def remove_fire(self, fire_id: str) -> bool:
        return self._set_section("fires", [f for f in self.scenario.fires if f.id != fire_id], "Delete fire")

    # -- hazard fields ------------------------------------------------------------------------
    def update_hazard(self, hazard_id: str, text: str = "", **changes: Any) -> HazardField:
        """Change a Field Hazard's name, dice, damage type, direction, ... (one undoable step)."""
        label = text or f"Change {', '.join(changes)} of a field"
        return self._update_item("hazards", HazardField, hazard_id, label, changes)

    def remove_hazard(self, hazard_id: str) -> None:
        """Delete a field, and the traps wired to it (R-TRAP-4), as one step."""
        self.remove_with_dependents("hazards", hazard_id, "Delete field")

    # -- traps --------------------------------------------------------------------------------
    def trap(self, trap_id: str) -> Trap | None:
        return next((t for t in self.scenario.traps if t.id == trap_id), None)

    def trigger_ids(self) -> list[str]:
        """What a trap can be wired to (R-TRAP-2/4): any object, or a concealed field's spots."""
        s = self.scenario
        return [o.id for o in s.objects] + [h.id for h in s.hazards if h.kind == HazardKind.CONCEALED]

    def new_trap(self, trigger: str, weapon: Weapon | None = None, at: tuple[int, int] | None = None) -> Trap:
        """A Weapon Trap wired to `trigger` (an object such as a lever, or a concealed field) with
        `weapon` (a dart shooter when None) placed at `at` (None: it aims at the trip spot)."""
        target = self.scenario.find(trigger)
        name = f"Trap on {target.name}" if target is not None and getattr(target, "name", "") else "Trap"
        trap = Trap(
            id=self._new_id("t"),
            name=name,
            trigger=trigger,
            weapon=weapon or DEFAULT_TRAP_WEAPON,
            at=list(at) if at is not None else None,
        )
        self._set_section("traps", [*self.scenario.traps, trap], f"Place {name}")
        return trap

    def update_trap(self, trap_id: str, text: str = "", **changes: Any) -> Trap:
        """Change a trap's trigger, weapon, spot, Action die, ... (one undoable step)."""
        old = self.trap(trap_id)
        label = text or f"Change {', '.join(changes)} of {old.name or old.id}" if old else ""
        return self._update_item("traps", Trap, trap_id, label, changes)

    def remove_trap(self, trap_id: str) -> bool:
        return self._set_section("traps", [t for t in self.scenario.traps if t.id != trap_id], "Delete trap")
