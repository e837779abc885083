"""`EditorDocument`: the scenario being edited, its undo stack and fine-grained change signals.

Every edit is a `QUndoCommand` pushed on `undo_stack`; views listen to the signals and update only
what changed (one unit item, the terrain image, ...). Validation goes through the pydantic models.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from pydantic import ValidationError
from PySide6.QtCore import QObject, QRect, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from brikwars_gui.scenario.army import UnitTemplate, make_unit
from brikwars_gui.scenario.models import (
    Battlefield,
    Facing,
    HazardField,
    HazardKind,
    Player,
    Scenario,
    StructureObject,
    TerrainKind,
    Unit,
)
from brikwars_gui.ui.document_authoring import AuthoringMixin, validation_message
from brikwars_gui.ui.layers import KIND_INDEX, TerrainArrays, area_mask, cells_mask, mask_to_area
from brikwars_gui.ui.scenario_words import in_words

FACINGS = list(Facing)
_stroke_ids = itertools.count(1)


def new_stroke() -> int:
    """A fresh id grouping the commands of one mouse stroke into one undo step."""
    return next(_stroke_ids)


def empty_scenario(width: int = 24, height: int = 16) -> Scenario:
    """What File → New creates: an empty 24x16 field with two players."""
    return Scenario(
        name="Untitled",
        battlefield=Battlefield(width=width, height=height),
        players=[
            Player(id="red", name="Red", color="#c62828", controller="human"),
            Player(id="blue", name="Blue", color="#1565c0", controller="ai"),
        ],
        turn_order=["red", "blue"],
    )


def bounding_rect(cells: Iterable[tuple[int, int]]) -> QRect:
    cells = list(cells)
    if not cells:
        return QRect()
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return QRect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


class EditorDocument(AuthoringMixin, QObject):
    scenarioReset = Signal()
    unitChanged = Signal(str)
    unitAdded = Signal(str)
    unitRemoved = Signal(str)
    objectChanged = Signal(str)
    objectAdded = Signal(str)
    objectRemoved = Signal(str)
    terrainChanged = Signal(QRect)
    hazardsChanged = Signal(QRect)
    firesChanged = Signal()
    trapsChanged = Signal()
    metaChanged = Signal()
    pathChanged = Signal()
    modifiedChanged = Signal(bool)
    editRejected = Signal(str)

    def __init__(self, scenario: Scenario | None = None, path: Path | None = None, parent=None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.scenario = scenario or empty_scenario()
        self.path: Path | None = Path(path) if path else None
        self.terrain = TerrainArrays.from_scenario(self.scenario)
        self.generation = 0
        """Counts File ▸ Open/New (`reset`): a result computed from one document (heat map, forecast)
        remembers it and is dropped once the document it came from is gone."""

    def _clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

    # -- whole document -------------------------------------------------------------------------
    def reset(self, scenario: Scenario, path: Path | None = None) -> None:
        self.undo_stack.clear()
        self.scenario = scenario
        self.terrain = TerrainArrays.from_scenario(scenario)
        self.path = Path(path) if path else None
        self.generation += 1
        self.undo_stack.setClean()
        self.scenarioReset.emit()
        self.pathChanged.emit()
        self.modifiedChanged.emit(False)

    def set_path(self, path: Path) -> None:
        self.path = Path(path)
        self.pathChanged.emit()

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def width(self) -> int:
        return self.scenario.battlefield.width

    @property
    def height(self) -> int:
        return self.scenario.battlefield.height

    def in_bounds(self, cell: tuple[int, int]) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    # -- lookups --------------------------------------------------------------------------------
    def unit(self, unit_id: str) -> Unit | None:
        return next((u for u in self.scenario.units if u.id == unit_id), None)

    def unit_index(self, unit_id: str) -> int:
        return next((i for i, u in enumerate(self.scenario.units) if u.id == unit_id), -1)

    def object(self, object_id: str) -> StructureObject | None:
        return next((o for o in self.scenario.objects if o.id == object_id), None)

    def player(self, player_id: str) -> Player | None:
        return next((p for p in self.scenario.players if p.id == player_id), None)

    def turn_order(self) -> list[str]:
        return list(self.scenario.turn_order) or [p.id for p in self.scenario.players]

    def all_ids(self) -> set[str]:
        s = self.scenario
        return {x.id for group in (s.units, s.objects, s.hazards, s.fires, s.traps) for x in group}

    def check(self, **changes: Any) -> None:
        """Raise `ValueError` (first problem, the thing named in words) if the scenario with
        `changes` would not be consistent."""
        probe = self.scenario.model_copy(update=changes)
        problems = probe.problems()
        if problems:
            raise ValueError(in_words(probe, problems[0]))

    def free_cell_near(self, cell: tuple[int, int]) -> tuple[int, int] | None:
        """The nearest cell (ring by ring) where a unit may stand: on the field, no unit, no obstacle."""
        taken = {tuple(u.position) for u in self.scenario.units}
        for o in self.scenario.objects:
            if o.blocks_movement:
                taken.update(o.iter_cells())
        obstacle = KIND_INDEX[TerrainKind.OBSTACLE]
        for r in range(max(self.width, self.height)):
            for dy in range(-r, r + 1):
                for dx in range(-r, r + 1):
                    if max(abs(dx), abs(dy)) != r:
                        continue
                    c = (cell[0] + dx, cell[1] + dy)
                    if self.in_bounds(c) and c not in taken and self.terrain.kind[c[1], c[0]] != obstacle:
                        return c
        return None

    def unique_id(self, base: str, taken: Iterable[str] = ()) -> str:
        taken = set(taken) | self.all_ids()
        stem = base.rstrip("0123456789-") or "item"
        for n in itertools.count(2):
            candidate = f"{stem}-{n}"
            if candidate not in taken:
                return candidate
        raise AssertionError  # pragma: no cover

    # -- units ----------------------------------------------------------------------------------
    def validated_unit(self, unit_id: str, **changes: Any) -> Unit:
        """The unit with `changes` applied and validated; raises `ValueError` with a short message."""
        old = self.unit(unit_id)
        if old is None:
            raise ValueError(f"no unit {unit_id!r}")
        data = old.model_dump(mode="json")
        data.update(changes)
        try:
            new = Unit.model_validate(data)
        except ValidationError as exc:
            raise ValueError(validation_message(exc)) from exc
        if "team" in changes and self.player(new.team) is None:
            raise ValueError(f"team: no player {new.team!r}")
        if "position" in changes and not self.in_bounds(tuple(new.position)):
            raise ValueError("position: outside the battlefield")
        if "id" in changes and new.id != unit_id and self.unit(new.id) is not None:
            raise ValueError(f"id: {new.id!r} is already used")
        return new

    def update_unit(self, unit_id: str, text: str = "", **changes: Any) -> Unit:
        new = self.validated_unit(unit_id, **changes)
        old = self.unit(unit_id)
        if new != old:
            units = list(self.scenario.units)
            units[self.unit_index(unit_id)] = new
            self.check(units=units)
            label = text or f"Change {', '.join(changes)} of {old.name}"
            self.undo_stack.push(ListItemCommand(self, "units", self.unit_index(unit_id), old, new, label))
        return new

    def move_unit(self, unit_id: str, cell: tuple[int, int]) -> Unit:
        return self.update_unit(unit_id, f"Move {self.unit(unit_id).name}", position=list(cell))

    def rotate_unit(self, unit_id: str, steps: int = 1) -> Unit:
        old = self.unit(unit_id)
        facing = FACINGS[(FACINGS.index(old.facing) + steps) % len(FACINGS)]
        return self.update_unit(unit_id, f"Rotate {old.name}", facing=facing.value)

    def add_unit(self, unit: Unit, index: int | None = None) -> None:
        if self.unit(unit.id) is not None:
            unit = unit.model_copy(
                update={"id": self.unique_id(unit.id, (u.id for u in self.scenario.units))}
            )
        index = len(self.scenario.units) if index is None else index
        units = list(self.scenario.units)
        units.insert(index, unit)
        self.check(units=units)
        self.undo_stack.push(ListItemCommand(self, "units", index, None, unit, f"Place {unit.name}"))

    def new_unit(
        self, cell: tuple[int, int], team: str | None = None, template: UnitTemplate | None = None
    ) -> Unit:
        """Place a unit on `cell` (one undoable step): of `template` (stats, weapons, a numbered
        name), or a plain G-1 minifig without weapons."""
        team = team or self.turn_order()[0]
        if template is not None:
            names = (u.name for u in self.scenario.units)
            unit = make_unit(template, cell, team, self.all_ids(), names)
            self.add_unit(unit)
            return unit
        taken = self.all_ids()
        n = len(self.scenario.units) + 1
        while f"u{n}" in taken:
            n += 1
        unit = Unit(id=f"u{n}", name=f"Minifig {n}", team=team, position=list(cell))
        self.add_unit(unit)
        return unit

    def remove_unit(self, unit_id: str) -> None:
        old = self.unit(unit_id)
        if old is not None and self.has_dependents(unit_id):
            self.remove_with_dependents("units", unit_id, f"Delete {old.name}")
        elif old is not None:
            self.check(units=[u for u in self.scenario.units if u.id != unit_id])
            self.undo_stack.push(
                ListItemCommand(self, "units", self.unit_index(unit_id), old, None, f"Delete {old.name}")
            )

    def duplicate_unit(self, unit_id: str) -> Unit | None:
        old = self.unit(unit_id)
        if old is None:
            return None
        new_id = self.unique_id(old.id, (u.id for u in self.scenario.units))
        cell = self.free_cell_near(tuple(old.position))
        if cell is None:
            raise ValueError("no free cell for the copy")
        copy = old.model_copy(update={"id": new_id, "name": f"{old.name} (copy)", "position": cell})
        self.add_unit(copy, self.unit_index(unit_id) + 1)
        return copy

    # -- objects --------------------------------------------------------------------------------
    def object_index(self, object_id: str) -> int:
        return next((i for i, o in enumerate(self.scenario.objects) if o.id == object_id), -1)

    def add_object(self, obj: StructureObject, index: int | None = None) -> None:
        index = len(self.scenario.objects) if index is None else index
        objects = list(self.scenario.objects)
        objects.insert(index, obj)
        self.check(objects=objects)
        self.undo_stack.push(ListItemCommand(self, "objects", index, None, obj, f"Place {obj.name}"))

    def new_object(self, cell: tuple[int, int], kind: str = "building") -> StructureObject:
        taken = self.all_ids()
        n = len(self.scenario.objects) + 1
        while f"o{n}" in taken:
            n += 1
        stats = self.object_kind_defaults(kind)
        fw, fh = stats.pop("footprint")
        w = min(fw, self.width - cell[0])
        h = min(fh, self.height - cell[1])
        name = f"{kind.title()} {n}"
        obj = StructureObject(id=f"o{n}", name=name, kind=kind, rects=[(*cell, w, h)], **stats)
        self.add_object(obj)
        return obj

    def _object_cells(self, obj: StructureObject) -> list[tuple[int, int]]:
        return obj.iter_cells()

    def move_object(self, object_id: str, dx: int, dy: int) -> StructureObject | None:
        old = self.object(object_id)
        cells = self._object_cells(old)
        if not cells or not all(self.in_bounds((x + dx, y + dy)) for x, y in cells) or (dx, dy) == (0, 0):
            return None
        new = old.model_copy(
            update={
                "rects": [(x + dx, y + dy, w, h) for x, y, w, h in old.rects],
                "cells": [(x + dx, y + dy) for x, y in old.cells],
            }
        )
        self._replace_object(object_id, new, f"Move {old.name}")
        return new

    def _replace_object(self, object_id: str, new: StructureObject, text: str) -> None:
        index = self.object_index(object_id)
        objects = list(self.scenario.objects)
        old, objects[index] = objects[index], new
        self.check(objects=objects)
        self.undo_stack.push(ListItemCommand(self, "objects", index, old, new, text))

    def rotate_object(self, object_id: str) -> StructureObject | None:
        """Rotate the footprint 90° clockwise inside its bounding box's top-left corner."""
        old = self.object(object_id)
        cells = self._object_cells(old)
        if not cells:
            return None
        x0 = min(c[0] for c in cells)
        y0 = min(c[1] for c in cells)
        h = max(c[1] for c in cells) - y0 + 1
        rotated = [(x0 + (h - 1 - (y - y0)), y0 + (x - x0)) for x, y in cells]
        if not all(self.in_bounds(c) for c in rotated):
            return None
        area = mask_to_area(cells_mask(rotated, self.width, self.height))
        new = StructureObject.model_validate({**old.model_dump(mode="json"), **area})
        self._replace_object(object_id, new, f"Rotate {old.name}")
        return new

    def remove_object(self, object_id: str) -> None:
        old = self.object(object_id)
        if old is not None and self.has_dependents(object_id):
            self.remove_with_dependents("objects", object_id, f"Delete {old.name}")
        elif old is not None:
            self.check(objects=[o for o in self.scenario.objects if o.id != object_id])
            self.undo_stack.push(
                ListItemCommand(
                    self, "objects", self.object_index(object_id), old, None, f"Delete {old.name}"
                )
            )

    def duplicate_object(self, object_id: str) -> StructureObject | None:
        old = self.object(object_id)
        if old is None:
            return None
        new_id = self.unique_id(old.id)
        cells = old.iter_cells()
        h = max(c[1] for c in cells) - min(c[1] for c in cells) + 1
        dy = h if all(self.in_bounds((x, y + h)) for x, y in cells) else -h
        copy = old.model_copy(
            update={
                "id": new_id,
                "name": f"{old.name} (copy)",
                "rects": [(x, y + dy, w, hh) for x, y, w, hh in old.rects],
                "cells": [(x, y + dy) for x, y in old.cells],
            }
        )
        if not all(self.in_bounds(c) for c in copy.iter_cells()):
            raise ValueError("no room for the copy")
        self.add_object(copy, self.object_index(object_id) + 1)
        return copy

    # -- terrain and hazards --------------------------------------------------------------------
    def brush_cells(self, center: tuple[int, int], size: int) -> list[tuple[int, int]]:
        r = size // 2
        cx, cy = center
        return [
            (x, y)
            for y in range(cy - r, cy + r + 1)
            for x in range(cx - r, cx + r + 1)
            if self.in_bounds((x, y))
        ]

    def paint_terrain(
        self, cells: Iterable[tuple[int, int]], kind: TerrainKind, elevation: int = 0, stroke: int = 0
    ) -> None:
        cells = [c for c in cells if self.in_bounds(c)]
        if not cells:
            return
        mask = cells_mask(cells, self.width, self.height)
        new = self.terrain.copy()
        new.kind[mask] = KIND_INDEX[TerrainKind(kind)]
        new.elevation[mask] = elevation if kind == TerrainKind.ELEVATED else 0
        if np.array_equal(new.kind, self.terrain.kind) and np.array_equal(
            new.elevation, self.terrain.elevation
        ):
            return
        regions = new.to_regions()
        self.check(terrain=regions)
        self.undo_stack.push(
            TerrainCommand(
                self,
                self.terrain,
                new,
                list(self.scenario.terrain),
                regions,
                bounding_rect(cells),
                stroke,
            )
        )

    def hazard(self, hazard_id: str) -> HazardField | None:
        return next((h for h in self.scenario.hazards if h.id == hazard_id), None)

    def paint_hazard(
        self,
        cells: Iterable[tuple[int, int]],
        hazard_id: str | None = None,
        *,
        kind: HazardKind = HazardKind.EXPOSURE,
        dice: str | None = None,
        stroke: int = 0,
    ) -> str | None:
        """Add cells to field `hazard_id` (or a new field of `kind`); returns the field id."""
        cells = [c for c in cells if self.in_bounds(c)]
        if not cells:
            return hazard_id
        hazards = list(self.scenario.hazards)
        field = self.hazard(hazard_id) if hazard_id else None
        if field is None:
            taken = self.all_ids()
            n = len(hazards) + 1
            while f"h{n}" in taken:
                n += 1
            hazard_id = f"h{n}"
            kind = HazardKind(kind)
            field = HazardField(
                id=hazard_id,
                name=f"{kind.value.title()} {n}",
                kind=kind,
                dice=None if kind == HazardKind.SMOKE else dice or "1d6",  # R-HAZ-6: smoke has no dice
                direction=Facing.E if kind == HazardKind.CURRENT else None,  # a current needs one
            )
            hazards.append(field)
        mask = area_mask(field, self.width, self.height) | cells_mask(cells, self.width, self.height)
        new_field = HazardField.model_validate({**field.model_dump(mode="json"), **mask_to_area(mask)})
        if new_field == field and field in self.scenario.hazards:
            return hazard_id
        hazards[[h.id for h in hazards].index(hazard_id)] = new_field
        self.check(hazards=hazards)
        self.undo_stack.push(
            HazardsCommand(
                self, list(self.scenario.hazards), hazards, bounding_rect(cells), stroke, "Paint hazard"
            )
        )
        return hazard_id

    def _hazards_without(self, cells: Iterable[tuple[int, int]]) -> list[HazardField]:
        """The hazard fields with `cells` taken out; a field left empty is dropped."""
        erase = cells_mask([c for c in cells if self.in_bounds(c)], self.width, self.height)
        hazards = []
        for field in self.scenario.hazards:
            mask = area_mask(field, self.width, self.height)
            if not (mask & erase).any():
                hazards.append(field)
                continue
            mask &= ~erase
            if mask.any():
                hazards.append(
                    HazardField.model_validate({**field.model_dump(mode="json"), **mask_to_area(mask)})
                )
        return hazards

    def erase_hazard(self, cells: Iterable[tuple[int, int]], stroke: int = 0) -> None:
        """Remove cells from every hazard field; a field left empty is deleted."""
        cells = list(cells)
        hazards = self._hazards_without(cells)
        if hazards != self.scenario.hazards:
            self.check(hazards=hazards)
            self.undo_stack.push(
                HazardsCommand(
                    self, list(self.scenario.hazards), hazards, bounding_rect(cells), stroke, "Erase hazard"
                )
            )

    def erase_cells(self, cells: Iterable[tuple[int, int]], stroke: int = 0) -> bool:
        """The Erase tool: hazard field cells and fires (permanent fire cells, the objects and
        units burning there) go, as one undo step per stroke."""
        cells = [c for c in cells if self.in_bounds(c)]
        return self._set_sections(
            {"hazards": self._hazards_without(cells), "fires": self._fires_without(cells)}, "Erase", stroke
        )

    def thing_at(self, cell: tuple[int, int]) -> str | None:
        """The id of the unit standing on `cell`, else of the object covering it (None: neither)."""
        for unit in self.scenario.units:
            if tuple(unit.position) == tuple(cell):
                return unit.id
        for obj in self.scenario.objects:
            if obj.contains(cell):
                return obj.id
        return None

    # -- scenario settings ----------------------------------------------------------------------
    def set_attr(self, attr: str, value: Any, text: str = "") -> None:
        old = getattr(self.scenario, attr)
        probe = self.scenario.model_copy()
        try:
            setattr(probe, attr, value)  # validate_assignment
        except ValidationError as exc:
            raise ValueError(validation_message(exc)) from exc
        if getattr(probe, attr) != old:
            self.undo_stack.push(
                ScenarioAttrCommand(self, attr, old, getattr(probe, attr), text or f"Set {attr}")
            )

    def set_ruleset(self, name: str) -> None:
        """The ruleset the battle is played under (engine/rulesets), as one undoable edit."""
        self.set_attr("ruleset", name, "Pick ruleset")

    def set_fog_of_war(self, on: bool) -> None:
        """The scenario's fog-of-war option (engine/visibility.py), as one undoable edit."""
        self.set_attr("fog_of_war", on, "Fog of war on" if on else "Fog of war off")

    def set_turn_order(self, order: list[str]) -> None:
        self.set_attr("turn_order", list(order), "Change turn order")

    def set_players(self, players: list[Player], text: str = "Change players") -> None:
        """Replace the players; a non-empty turn order follows (removed ids dropped, new ones
        appended). Raises ValueError with the file checker's message (e.g. a removed player who
        still owns units) and changes nothing."""
        old_players, old_order = list(self.scenario.players), list(self.scenario.turn_order)
        ids = [p.id for p in players]
        order = [pid for pid in old_order if pid in ids]
        if old_order:
            order += [pid for pid in ids if pid not in order]
        probe = self.scenario.model_copy()
        try:
            probe.turn_order = []
            probe.players = list(players)
            probe.turn_order = order
        except ValidationError as exc:
            raise ValueError(validation_message(exc)) from exc
        if (probe.players, probe.turn_order) != (old_players, old_order):
            self.undo_stack.push(PlayersCommand(self, (old_players, old_order), (probe.players, order), text))


class ListItemCommand(QUndoCommand):
    """Insert (old None), remove (new None) or replace one element of `units` / `objects`."""

    _signals: ClassVar[dict[str, tuple[str, str, str]]] = {
        "units": ("unitAdded", "unitRemoved", "unitChanged"),
        "objects": ("objectAdded", "objectRemoved", "objectChanged"),
    }

    def __init__(self, doc: EditorDocument, collection: str, index: int, old, new, text: str) -> None:
        super().__init__(text)
        self.doc, self.collection, self.index, self.old, self.new = doc, collection, index, old, new

    def _apply(self, before, after) -> None:
        items = getattr(self.doc.scenario, self.collection)
        added, removed, changed = (getattr(self.doc, n) for n in self._signals[self.collection])
        if before is None:
            items.insert(self.index, after)
            added.emit(after.id)
        elif after is None:
            del items[self.index]
            removed.emit(before.id)
        else:
            items[self.index] = after
            if before.id != after.id:
                removed.emit(before.id)
                added.emit(after.id)
            else:
                changed.emit(after.id)
        if self.collection == "objects":
            self.doc.firesChanged.emit()  # fires on objects follow their footprint

    def redo(self) -> None:
        self._apply(self.old, self.new)

    def undo(self) -> None:
        self._apply(self.new, self.old)


class TerrainCommand(QUndoCommand):
    ID = 1001

    def __init__(
        self, doc, old_arrays, new_arrays, old_regions, new_regions, rect: QRect, stroke: int
    ) -> None:
        super().__init__("Paint terrain")
        self.doc, self.stroke, self.rect = doc, stroke, rect
        self.old_arrays, self.new_arrays = old_arrays, new_arrays
        self.old_regions, self.new_regions = old_regions, new_regions

    def id(self) -> int:
        return self.ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, TerrainCommand) or not self.stroke or other.stroke != self.stroke:
            return False
        self.new_arrays, self.new_regions = other.new_arrays, other.new_regions
        self.rect = self.rect.united(other.rect)
        return True

    def _apply(self, arrays, regions, rect) -> None:
        self.doc.terrain = arrays
        self.doc.scenario.terrain = list(regions)
        self.doc.terrainChanged.emit(rect)

    def redo(self) -> None:
        self._apply(self.new_arrays, self.new_regions, self.rect)

    def undo(self) -> None:
        self._apply(self.old_arrays, self.old_regions, self.rect)


class HazardsCommand(QUndoCommand):
    ID = 1002

    def __init__(self, doc, old, new, rect: QRect, stroke: int, text: str) -> None:
        super().__init__(text)
        self.doc, self.old, self.new, self.rect, self.stroke = doc, old, new, rect, stroke

    def id(self) -> int:
        return self.ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, HazardsCommand) or not self.stroke or other.stroke != self.stroke:
            return False
        self.new = other.new
        self.rect = self.rect.united(other.rect)
        return True

    def redo(self) -> None:
        self.doc.scenario.hazards = list(self.new)
        self.doc.hazardsChanged.emit(self.rect)

    def undo(self) -> None:
        self.doc.scenario.hazards = list(self.old)
        self.doc.hazardsChanged.emit(self.rect)


class PlayersCommand(QUndoCommand):
    """Players and turn order change together: the order is cleared first so that every step of
    redo/undo is a valid scenario (a non-empty order must list every player exactly once)."""

    def __init__(self, doc, old: tuple[list, list], new: tuple[list, list], text: str) -> None:
        super().__init__(text)
        self.doc, self.old, self.new = doc, old, new

    def _apply(self, players: list, order: list) -> None:
        scenario = self.doc.scenario
        scenario.turn_order = []
        scenario.players = players
        scenario.turn_order = order
        self.doc.metaChanged.emit()

    def redo(self) -> None:
        self._apply(*self.new)

    def undo(self) -> None:
        self._apply(*self.old)


class ScenarioAttrCommand(QUndoCommand):
    def __init__(self, doc, attr: str, old, new, text: str) -> None:
        super().__init__(text)
        self.doc, self.attr, self.old, self.new = doc, attr, old, new

    def redo(self) -> None:
        setattr(self.doc.scenario, self.attr, self.new)
        self.doc.metaChanged.emit()

    def undo(self) -> None:
        setattr(self.doc.scenario, self.attr, self.old)
        self.doc.metaChanged.emit()
