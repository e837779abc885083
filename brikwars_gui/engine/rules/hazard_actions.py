"""Orders for the Chapter F rules a unit carries out by hand: operating a trigger object (R-TRAP-2),
resetting a Weapon Trap (R-TRAP-5), fighting a fire (R-FIRE-11, EX-7), rolling on the ground
(G-23) and carefully setting a heavy load down on a concealed field (R-HAZ-20).

Each order is a small frozen dataclass logged in `order` events like the other Actions
(`rules/actions.py` dispatches to `check_hazard_action` / `perform_hazard_action` here), and
`hazard_action_options` lists the ones possible now for `Game.legal_actions`.

* `Operate(object, interaction)`: a Move Action (R-MOVE-6: operating a latch, lever, button or door
  costs nothing) on an object within 1" (GRID-4); Traps wired to it fire at the operator. Operating
  a computer or Vehicle Controls (an object whose `kind` is in `CONTROL_KINDS`) uses the Action
  and Stops the unit (R-MOVE-6).
* `ResetTrap(trap)`: the Action; the Trap must be known to the unit's team (R-TRAP-3), spent, not
  Smart, and within 1" (its weapon's cell or its Trigger object).
* `FightFire(fire)`: the Action; a fire within 1" loses 1" per inch of the unit's firefighting
  apparatus (`UnitState.apparatus`: a bucket 1", a hose its Size).
* `RollOnGround()`: the Action and all Movement, before moving or acting: −1" of each fire on it.
* `Place(cell)`: a Move Action dropping the heavy item carried onto a free cell within 1"; on a
  concealed field the unit rolls its Action die and only a Critical Failure sets it off.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.grid import within_reach
from brikwars_gui.engine.hazards.concealed import place_carefully
from brikwars_gui.engine.hazards.fire import fight_fire, fires_on, roll_on_ground
from brikwars_gui.engine.hazards.traps import interact, reset_trap
from brikwars_gui.engine.rules.common import IllegalOrder, PlayContext, cell_text, two_armed_problem
from brikwars_gui.engine.state import Cell, GameState, UnitState


@dataclass(frozen=True)
class Operate:
    object: str
    interaction: str | None = None
    kind = "operate"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "object": self.object, "interaction": self.interaction}


@dataclass(frozen=True)
class ResetTrap:
    trap: str
    kind = "reset_trap"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "trap": self.trap}


@dataclass(frozen=True)
class FightFire:
    fire: str
    kind = "fight_fire"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "fire": self.fire}


@dataclass(frozen=True)
class RollOnGround:
    kind = "roll_on_ground"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}


@dataclass(frozen=True)
class Place:
    cell: Cell
    kind = "place"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cell": [self.cell[0], self.cell[1]]}


HazardAction = Operate | ResetTrap | FightFire | RollOnGround | Place

#: Orders that are Move Actions: they never use the unit's Action (R-MOVE-6/14).
MOVE_ACTION_KINDS = frozenset({"operate", "place"})

#: R-MOVE-6: object kinds whose operation is "a computer or Vehicle Controls": Stopped, uses the Action.
CONTROL_KINDS = frozenset({"computer", "console", "controls", "vehicle"})


def uses_action(state: GameState, action: HazardAction) -> bool:
    """Whether the order takes the unit's Action: every hand order but the Move Actions, and
    operating controls (R-MOVE-6)."""
    if isinstance(action, Operate):
        obj = state.objects.get(action.object)
        return obj is not None and obj.kind in CONTROL_KINDS
    return action.kind not in MOVE_ACTION_KINDS


def hazard_action_from_dict(data: dict[str, Any]) -> HazardAction | None:
    kind = data.get("kind")
    if kind == "operate":
        interaction = data.get("interaction")
        return Operate(str(data["object"]), None if interaction is None else str(interaction))
    if kind == "reset_trap":
        return ResetTrap(str(data["trap"]))
    if kind == "fight_fire":
        return FightFire(str(data["fire"]))
    if kind == "roll_on_ground":
        return RollOnGround()
    if kind == "place":
        return Place((int(data["cell"][0]), int(data["cell"][1])))
    return None


@register_event
class ObjectOperated(Event):
    """R-TRAP-2: a unit operated a battlefield object (any Traps it triggers fire next)."""

    kind = "object_operated"
    unit: str
    object: str
    interaction: str | None

    def describe(self) -> str:
        how = f" ({self.interaction})" if self.interaction else ""
        return f"{self.unit} operates {self.object}{how}"


@register_event
class LoadPlaced(Event):
    """R-HAZ-20: a heavy load set down carefully (a Move Action)."""

    kind = "load_placed"
    unit: str
    at: tuple[int, int]

    def describe(self) -> str:
        return f"{self.unit} carefully sets its load down at {tuple(self.at)} (R-HAZ-20)"


# ---------------------------------------------------------------------------------------------
# Checks


def _near_cells(state: GameState, unit: UnitState, cells: list[Cell]) -> bool:
    return any(within_reach(unit.pos, c) for c in cells)


def _trap_spots(state: GameState, trap_id: str) -> list[Cell]:
    trap = state.traps[trap_id]
    spots = [trap.at] if trap.at is not None else []
    if trap.trigger in state.objects:
        spots += state.objects[trap.trigger].cells
    return spots


def _fire_problem(state: GameState, unit: UnitState, fire_id: str) -> str | None:
    fire = state.fires.get(fire_id)
    if fire is None or fire.size <= 0:
        return f"there is no fire {fire_id!r}"
    if unit.apparatus <= 0:
        return f"{unit.name} carries no firefighting apparatus (bucket, hose: R-FIRE-11)"
    cells = [unit.pos] if fire.target == unit.id else fire.cells
    if fire.target in state.units and fire.target != unit.id:
        cells = [state.units[fire.target].pos]
    if not _near_cells(state, unit, cells):
        return f'{fire_id} is not within 1" of {unit.name} (R-FIRE-11)'
    return None


def hazard_action_problem(state: GameState, unit: UnitState, action: HazardAction) -> str | None:
    """Why `action` is not allowed now (the Action itself is checked by the caller), or None."""
    if isinstance(action, Operate):
        obj = state.objects.get(action.object)
        if obj is None or obj.destroyed:
            return f"there is no object {action.object!r} to operate"
        if not _near_cells(state, unit, obj.cells):
            return f'{obj.name} is not within 1" of {unit.name} (R-TRAP-2, GRID-4)'
        if unit.sprinting:
            return f"{unit.name} has Sprinted this turn: no doors or keypads break its run (R-MOVE-19)"
        return two_armed_problem(state, unit)
    if isinstance(action, ResetTrap):
        trap = state.traps.get(action.trap)
        if trap is None or not state.trap_known_to(unit.team, trap):
            return f"{unit.name}'s side knows no Trap {action.trap!r} (R-TRAP-3)"
        if trap.smart:
            return f"{trap.id} is a Smart Weapon: it re-arms itself (R-TRAP-5)"
        if trap.armed:
            return f"{trap.id} is still armed"
        if not _near_cells(state, unit, _trap_spots(state, trap.id)):
            return f'{trap.id} is not within 1" of {unit.name} (R-TRAP-5)'
        return two_armed_problem(state, unit)
    if isinstance(action, FightFire):
        return _fire_problem(state, unit, action.fire) or two_armed_problem(state, unit)
    if isinstance(action, RollOnGround):
        if not fires_on(state, unit.id):
            return f"{unit.name} is not on fire (G-23)"
        if unit.has_moved or unit.move_spent > 0:
            return f"{unit.name} has already moved: rolling on the ground takes all its Movement (G-23)"
        return None
    if isinstance(action, Place):
        if not unit.carrying_heavy:
            return f"{unit.name} carries no heavy load to set down"
        cell = action.cell
        if not state.grid.in_bounds(cell) or not within_reach(unit.pos, cell) or cell == unit.pos:
            return f'{cell_text(cell)} is not a cell within 1" of {unit.name}'
        if not state.grid.passable[cell[1], cell[0]] or state.unit_at(cell) is not None:
            return f"{cell_text(cell)} is not free to set a load down on"
        return None
    return None


def check_hazard_action(state: GameState, unit: UnitState, action: HazardAction) -> None:
    problem = hazard_action_problem(state, unit, action)
    if problem:
        raise IllegalOrder(problem)


def perform_hazard_action(ctx: PlayContext, unit: UnitState, action: HazardAction) -> None:
    """Carry out an order already checked with `check_hazard_action`."""
    if isinstance(action, Operate):
        if uses_action(ctx.state, action):  # a computer or Vehicle Controls (R-MOVE-6)
            unit.action_used = True
            unit.stopped = True
        ctx.emit(ObjectOperated(unit.id, action.object, action.interaction))
        interact(ctx, unit.id, action.object, action.interaction)  # R-TRAP-2
    elif isinstance(action, ResetTrap):
        reset_trap(ctx, unit.id, action.trap)  # uses the Action (R-TRAP-5)
    elif isinstance(action, FightFire):
        fight_fire(ctx, action.fire, unit.apparatus, by=unit.id)  # uses the Action (R-FIRE-11)
    elif isinstance(action, RollOnGround):
        roll_on_ground(ctx, unit)  # Action + all Movement (G-23)
    elif isinstance(action, Place):
        unit.carrying_heavy = False
        ctx.emit(LoadPlaced(unit.id, action.cell))
        place_carefully(ctx, unit.id, action.cell)  # R-HAZ-20: only a Critical Failure sets it off


def hazard_action_options(state: GameState, unit: UnitState) -> list[tuple[str, str, HazardAction]]:
    """(kind, label, order) for every hand-operated Chapter F order possible now."""
    out: list[tuple[str, str, HazardAction]] = []

    def offer(label: str, action: HazardAction) -> None:
        if hazard_action_problem(state, unit, action) is None:
            out.append((action.kind, label, action))

    for obj_id in sorted(state.objects_touching(unit.pos)):
        obj = state.objects[obj_id]
        if obj.destroyed:
            continue
        if obj.kind not in CONTROL_KINDS:
            offer(f"Operate {obj.name} (R-TRAP-2)", Operate(obj.id))
        elif not unit.action_used:
            offer(f"Operate {obj.name} (Stopped, uses the Action, R-MOVE-6)", Operate(obj.id))
    if not unit.action_used:
        for trap in sorted(state.traps.values(), key=lambda t: t.id):
            offer(f"Reset trap {trap.name or trap.id} (R-TRAP-5)", ResetTrap(trap.id))
        for fire in sorted(state.fires.values(), key=lambda f: f.id):
            offer(f'Fight fire {fire.id} (−{unit.apparatus}", R-FIRE-11)', FightFire(fire.id))
        offer('Roll on the ground (−1" of fire, all Movement, G-23)', RollOnGround())
    return out
