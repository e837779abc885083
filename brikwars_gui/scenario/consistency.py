"""Whole-scenario consistency: the cross-field rules a scenario file must keep.

Each finding is `json.path: message` (docs/scenario-format.md), in file order, so the
validation error names every problem at once. Kept apart from the field models, which only
call `ScenarioChecker(scenario).run()` from their validator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brikwars_gui.scenario.kinds import FireType, HazardKind, TerrainKind, WeaponKind
from brikwars_gui.scenario.sn_models import sn_problems

if TYPE_CHECKING:
    from brikwars_gui.scenario.models import Area, Scenario


def _cell_text(cell: tuple[int, int]) -> str:
    return f"({cell[0]}, {cell[1]})"


_SECTION_ORDER = ("format_version", "name", "battlefield", "terrain", "objects", "units", "hazards", "fires")


def _path_order(message: str) -> tuple[int, int]:
    """Sort key: problems in file order of the sections, then by entry index (stable otherwise)."""
    head = message.split(":", 1)[0]
    section = head.split("[", 1)[0].split(".", 1)[0]
    rank = _SECTION_ORDER.index(section) if section in _SECTION_ORDER else len(_SECTION_ORDER)
    index = int(head.split("[", 1)[1].split("]", 1)[0]) if "[" in head else 1 << 30
    if section in ("players", "turn_order"):
        rank = -2 if section == "players" else -1
    return rank, index


class ScenarioChecker:
    """Cross-field rules of a scenario; each finding is `path: message` (see docs/scenario-format.md)."""

    def __init__(self, scenario: Scenario) -> None:
        self.s = scenario
        self.out: list[str] = []
        self.field = scenario.battlefield
        self.size_text = f"{self.field.width}x{self.field.height}"

    def add(self, path: str, message: str) -> None:
        self.out.append(f"{path}: {message}")

    def run(self) -> list[str]:
        self.check_players()
        self.check_ids()
        self.check_terrain()
        self.check_objects()
        self.check_units()
        self.check_hazards()
        self.check_fires()
        self.out += trap_problems(self.s)
        self.out += sn_problems(self.s)
        return sorted(self.out, key=_path_order)

    # -- shared pieces -------------------------------------------------------------------------

    def check_owner(self, path: str, owner: str | None, what: str = "owner") -> None:
        if owner is not None and owner not in self.s.player_ids():
            known = ", ".join(self.s.player_ids())
            self.add(f"{path}.{what}", f"{owner!r} is not a player id (players: {known})")

    def check_area(self, path: str, area: Area, *, need_cells: bool = True) -> bool:
        """Cells and rects on the table; returns False when something is off the map."""
        ok = True
        for i, (x, y, w, h) in enumerate(area.rects):
            if x + w > self.field.width or y + h > self.field.height:
                self.add(
                    f"{path}.rects[{i}]",
                    f"rect at ({x}, {y}) of {w}x{h} cells extends off the {self.size_text} battlefield",
                )
                ok = False
        for i, cell in enumerate(area.cells):
            if not self.field.contains(cell):
                self.add(
                    f"{path}.cells[{i}]", f"cell {_cell_text(cell)} is off the {self.size_text} battlefield"
                )
                ok = False
        if need_cells and not area.cells and not area.rects:
            self.add(path, "covers no cells: give at least one entry in cells or rects")
            ok = False
        return ok

    # -- sections ------------------------------------------------------------------------------

    def check_players(self) -> None:
        seen: dict[str, int] = {}
        for i, player in enumerate(self.s.players):
            if player.id in seen:
                self.add(
                    f"players[{i}].id",
                    f"duplicate player id {player.id!r} (already players[{seen[player.id]}])",
                )
            else:
                seen[player.id] = i
        listed: dict[str, int] = {}
        for i, pid in enumerate(self.s.turn_order):
            if pid not in seen:
                self.add(f"turn_order[{i}]", f"{pid!r} is not a player id (players: {', '.join(seen)})")
            elif pid in listed:
                self.add(
                    f"turn_order[{i}]", f"player {pid!r} is listed twice (already turn_order[{listed[pid]}])"
                )
            else:
                listed[pid] = i
        if self.s.turn_order:
            missing = [pid for pid in seen if pid not in listed]
            if missing:
                self.add("turn_order", "missing player(s) " + ", ".join(repr(m) for m in missing))

    def check_ids(self) -> None:
        seen: dict[str, str] = {}
        for section in ("units", "objects", "hazards", "fires"):
            for i, item in enumerate(getattr(self.s, section)):
                path = f"{section}[{i}]"
                if item.id in seen:
                    self.add(f"{path}.id", f"duplicate id {item.id!r} (already used by {seen[item.id]})")
                else:
                    seen[item.id] = path

    def check_terrain(self) -> None:
        for i, region in enumerate(self.s.terrain):
            self.check_area(f"terrain[{i}]", region)

    def check_objects(self) -> None:
        owners: dict[tuple[int, int], int] = {}
        for i, obj in enumerate(self.s.objects):
            path = f"objects[{i}]"
            self.check_owner(path, obj.owner)
            if not self.check_area(path, obj):
                continue
            for cell in obj.iter_cells():
                j = owners.get(cell)
                if j is None:
                    owners[cell] = i
                    continue
                other = self.s.objects[j]
                if obj.blocks_movement or other.blocks_movement:
                    self.add(
                        path,
                        f"overlaps objects[{j}] ({other.id!r}) at cell {_cell_text(cell)}; "
                        "an object that blocks movement may not share cells",
                    )
                    break

    def check_units(self) -> None:
        terrain = self.s.terrain_at()
        blockers: dict[tuple[int, int], int] = {}
        for j, obj in enumerate(self.s.objects):
            if obj.blocks_movement:
                for cell in obj.iter_cells():
                    blockers.setdefault(cell, j)
        occupied: dict[tuple[int, int], int] = {}
        for i, unit in enumerate(self.s.units):
            path = f"units[{i}]"
            self.check_owner(path, unit.team, "team")
            cell = (unit.position[0], unit.position[1])
            where = f"{path}.position"
            if not self.field.contains(cell):
                self.add(where, f"cell {_cell_text(cell)} is off the {self.size_text} battlefield")
            elif cell in occupied:
                j = occupied[cell]
                other = self.s.units[j]
                self.add(where, f"cell {_cell_text(cell)} is already taken by units[{j}] ({other.id!r})")
            else:
                occupied[cell] = i
                region = terrain.get(cell)
                if region is not None and region.kind == TerrainKind.OBSTACLE:
                    k = self.s.terrain.index(region)
                    self.add(where, f"cell {_cell_text(cell)} is an impassable obstacle (terrain[{k}])")
                if cell in blockers:
                    j = blockers[cell]
                    self.add(
                        where,
                        f"cell {_cell_text(cell)} is inside objects[{j}] ({self.s.objects[j].id!r}), "
                        "which blocks movement",
                    )
            for w, weapon in enumerate(unit.weapons):
                wpath = f"{path}.weapons[{w}]"
                if weapon.kind == WeaponKind.CLOSE and weapon.range is not None:
                    self.add(
                        f"{wpath}.range", "a close-combat weapon has no range (use null or leave it out)"
                    )
                elif weapon.kind != WeaponKind.CLOSE and weapon.range is None:
                    self.add(f"{wpath}.range", f"a {weapon.kind.value} weapon needs a range in inches")

    def check_hazards(self) -> None:
        for i, hazard in enumerate(self.s.hazards):
            path = f"hazards[{i}]"
            self.check_owner(path, hazard.owner)
            on_map = self.check_area(path, hazard)
            if hazard.kind == HazardKind.SMOKE:
                if hazard.dice is not None:
                    self.add(f"{path}.dice", "smoke has no Hazard Dice (R-HAZ-6); leave dice out")
            elif hazard.dice is None:
                self.add(
                    f"{path}.dice", f'a {hazard.kind.value} field needs Hazard Dice, e.g. "1d6" (R-HAZ-6)'
                )
            elif on_map:
                count, size = hazard.dice_count(), hazard.field_size()
                if count > size:
                    self.add(
                        f"{path}.dice",
                        f"{count} hazard dice exceed the field's Size {size} (R-HAZ-4)",
                    )
            if hazard.kind == HazardKind.CURRENT and hazard.direction is None:
                self.add(f"{path}.direction", "a current field needs a direction (N, NE, E, ... NW)")
            elif hazard.kind != HazardKind.CURRENT and hazard.direction is not None:
                self.add(f"{path}.direction", "only current fields have a direction")
            if hazard.payload == "move" and hazard.kind != HazardKind.CONCEALED:
                self.add(f"{path}.payload", "only concealed fields have a payload")
            if hazard.powered_by is not None and hazard.powered_by not in {u.id for u in self.s.units}:
                self.add(f"{path}.powered_by", f"{hazard.powered_by!r} is not a unit id")

    def check_fires(self) -> None:
        units = {u.id: (i, u) for i, u in enumerate(self.s.units)}
        objects = {o.id: (i, o) for i, o in enumerate(self.s.objects)}
        burning: dict[str, int] = {}
        for i, fire in enumerate(self.s.fires):
            path = f"fires[{i}]"
            self.check_owner(path, fire.owner)
            for c, cell in enumerate(fire.cells):
                if not self.field.contains(cell):
                    self.add(
                        f"{path}.cells[{c}]",
                        f"cell {_cell_text(cell)} is off the {self.size_text} battlefield",
                    )
            if fire.object is None:
                if fire.permanent is None:
                    self.add(
                        path, "a fire needs an object it burns on or a permanent kind (regular, fuel, ...)"
                    )
                elif not fire.cells:
                    self.add(f"{path}.cells", "a permanent fire needs at least one cell")
                continue
            if fire.object in burning:
                self.add(
                    f"{path}.object",
                    f"{fire.object!r} already burns (fires[{burning[fire.object]}]); "
                    "a second fire adds to its Size instead (R-FIRE-4)",
                )
            burning.setdefault(fire.object, i)
            if fire.object in objects:
                j, obj = objects[fire.object]
                label, size, covers = f"objects[{j}] ({obj.id!r})", obj.size, obj.contains
                if not obj.flammable and fire.fire_type == FireType.FIRE:
                    self.add(f"{path}.object", f"{label} is not flammable")
            elif fire.object in units:
                j, unit = units[fire.object]
                label, size = f"units[{j}] ({unit.id!r})", unit.size
                pos = (unit.position[0], unit.position[1])

                def covers(cell: tuple[int, int], pos: tuple[int, int] = pos) -> bool:
                    return (cell[0], cell[1]) == pos
            else:
                self.add(f"{path}.object", f"{fire.object!r} is not the id of an object or a unit")
                continue
            if fire.size > size:
                self.add(
                    f"{path}.size", f"Fire Size {fire.size} exceeds the Size {size} of {label} (R-FIRE-4)"
                )
            for c, cell in enumerate(fire.cells):
                if self.field.contains(cell) and not covers(cell):
                    self.add(f"{path}.cells[{c}]", f"cell {_cell_text(cell)} is not on {label}")


# -- Traps (R-TRAP-1..5), read by engine/hazards/traps.py ----------------------------------------


def trap_problems(scenario: Scenario) -> list[str]:
    """Cross-field checks of `traps`: unique ids, a known trigger, owner a player, `at` on the table."""
    out: list[str] = []
    ids = {
        item.id
        for group in (scenario.units, scenario.objects, scenario.hazards, scenario.fires)
        for item in group
    }
    triggers = {o.id for o in scenario.objects} | {
        h.id for h in scenario.hazards if h.kind == HazardKind.CONCEALED
    }
    players = set(scenario.player_ids())
    for i, trap in enumerate(scenario.traps):
        path = f"traps[{i}]"
        if trap.id in ids:
            out.append(f"{path}.id: duplicate id {trap.id!r}")
        ids.add(trap.id)
        if trap.trigger not in triggers:
            out.append(
                f"{path}.trigger: {trap.trigger!r} is not the id of an object or a concealed hazard field"
            )
        if trap.owner is not None and trap.owner not in players:
            out.append(f"{path}.owner: {trap.owner!r} is not a player id")
        if trap.at is not None and not scenario.battlefield.contains(trap.at):
            out.append(f"{path}.at: cell {_cell_text(trap.at)} is off the battlefield")
        for j, cell in enumerate(trap.area):
            if not scenario.battlefield.contains(cell):
                out.append(f"{path}.area[{j}]: cell {_cell_text(cell)} is off the battlefield")
    return out
