"""Orders for the Chapter F rules a unit carries out by hand: operating a trigger object (R-TRAP-2),
resetting a Weapon Trap (R-TRAP-5), fighting a fire (R-FIRE-11, EX-7), rolling on the ground
(G-23) and carefully setting a heavy load down on a concealed field (R-HAZ-20).

An order family of the order registry (`rules/orders.py`): each order is a `HandOrder`, a small
frozen dataclass logged in `order` events, checked for the Action it takes (`uses_action`) and
its own conditions (`problem`); `hazard_action_options` offers the ones possible now.

* `Operate(object, interaction)`: a Move Action (R-MOVE-6: operating a latch, lever, button or door
  costs nothing) on an object within 1" (GRID-4), not in a turn the unit Sprints (R-MOVE-19);
  Traps wired to it fire at the operator or at their aim (R-TRAP-1). Operating
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

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import within_reach
from brikwars_gui.engine.hazards.concealed import place_carefully
from brikwars_gui.engine.hazards.fire import fight_fire, fires_on, roll_on_ground
from brikwars_gui.engine.hazards.traps import interact, reset_trap
from brikwars_gui.engine.rules.common import PlayContext, cell_text, two_armed_problem
from brikwars_gui.engine.rules.orders import (
    ActionOption,
    Order,
    StepHooks,
    action_problem,
    raise_problem,
    register_offers,
    register_order,
)
from brikwars_gui.engine.state import Cell, GameState, UnitState

#: R-MOVE-6: object kinds whose operation is "a computer or Vehicle Controls": Stopped, uses the Action.
CONTROL_KINDS = frozenset({"computer", "console", "controls", "vehicle"})


class HandOrder(Order):
    """A Chapter F hand order: checked for the Action it may take, then for its own conditions."""

    def uses_action(self, state: GameState) -> bool:
        """Whether the order takes the unit's Action (Move Actions do not, R-MOVE-6/14)."""
        return True

    def problem(self, state: GameState, unit: UnitState) -> str | None:
        """Why the order is not allowed now (the Action aside), or None."""
        raise NotImplementedError

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(
            action_problem(unit, needs_action=self.uses_action(state)) or self.problem(state, unit)
        )


@register_order
@dataclass(frozen=True)
class Operate(HandOrder):
    object: str
    interaction: str | None = None
    kind = "operate"

    def uses_action(self, state: GameState) -> bool:
        """A Move Action, but operating controls takes the Action (R-MOVE-6)."""
        obj = state.objects.get(self.object)
        return obj is not None and obj.kind in CONTROL_KINDS

    def problem(self, state: GameState, unit: UnitState) -> str | None:
        obj = state.objects.get(self.object)
        if obj is None or obj.destroyed:
            return f"there is no object {self.object!r} to operate"
        if not _near_cells(state, unit, obj.cells):
            return f'{obj.name} is not within 1" of {unit.name} (R-TRAP-2, GRID-4)'
        if unit.sprinting:
            return f"{unit.name} has Sprinted this turn: no doors or keypads break its run (R-MOVE-19)"
        return two_armed_problem(state, unit)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        if self.uses_action(ctx.state):  # a computer or Vehicle Controls (R-MOVE-6)
            unit.action_used = True
            unit.stopped = True
        ctx.emit(ObjectOperated(unit.id, self.object, self.interaction))
        interact(ctx, unit.id, self.object, self.interaction)  # R-TRAP-2


@register_order
@dataclass(frozen=True)
class ResetTrap(HandOrder):
    trap: str
    kind = "reset_trap"

    def problem(self, state: GameState, unit: UnitState) -> str | None:
        trap = state.traps.get(self.trap)
        if trap is None or not state.trap_known_to(unit.team, trap):
            return f"{unit.name}'s side knows no Trap {self.trap!r} (R-TRAP-3)"
        if trap.smart:
            return f"{trap.id} is a Smart Weapon: it re-arms itself (R-TRAP-5)"
        if trap.armed:
            return f"{trap.id} is still armed"
        if not _near_cells(state, unit, _trap_spots(state, trap.id)):
            return f'{trap.id} is not within 1" of {unit.name} (R-TRAP-5)'
        return two_armed_problem(state, unit)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        reset_trap(ctx, unit.id, self.trap)  # uses the Action (R-TRAP-5)


@register_order
@dataclass(frozen=True)
class FightFire(HandOrder):
    fire: str
    kind = "fight_fire"

    def problem(self, state: GameState, unit: UnitState) -> str | None:
        return _fire_problem(state, unit, self.fire) or two_armed_problem(state, unit)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        fight_fire(ctx, self.fire, unit.apparatus, by=unit.id)  # uses the Action (R-FIRE-11)


@register_order
@dataclass(frozen=True)
class RollOnGround(HandOrder):
    kind = "roll_on_ground"

    def problem(self, state: GameState, unit: UnitState) -> str | None:
        if not fires_on(state, unit.id):
            return f"{unit.name} is not on fire (G-23)"
        if unit.has_moved or unit.move_spent > 0:
            return f"{unit.name} has already moved: rolling on the ground takes all its Movement (G-23)"
        return None

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        roll_on_ground(ctx, unit)  # Action + all Movement (G-23)


@register_order
@dataclass(frozen=True)
class Place(HandOrder):
    cell: Cell
    kind = "place"

    def uses_action(self, state: GameState) -> bool:
        return False  # a Move Action (R-MOVE-6/14)

    def problem(self, state: GameState, unit: UnitState) -> str | None:
        if not unit.carrying_heavy:
            return f"{unit.name} carries no heavy load to set down"
        cell = self.cell
        if not state.grid.in_bounds(cell) or not within_reach(unit.pos, cell) or cell == unit.pos:
            return f'{cell_text(cell)} is not a cell within 1" of {unit.name}'
        if not state.grid.passable[cell[1], cell[0]] or state.unit_at(cell) is not None:
            return f"{cell_text(cell)} is not free to set a load down on"
        return None

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.carrying_heavy = False
        ctx.emit(LoadPlaced(unit.id, self.cell))
        place_carefully(ctx, unit.id, self.cell)  # R-HAZ-20: only a Critical Failure sets it off


HazardAction = Operate | ResetTrap | FightFire | RollOnGround | Place


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


def _offer(
    out: list[ActionOption], state: GameState, unit: UnitState, label: str, action: HazardAction
) -> None:
    if action.problem(state, unit) is None:
        out.append(ActionOption(action.kind, label, action))


@register_offers(140, ["operate", "reset_trap"])
def hazard_action_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """Every hand-operated Chapter F order possible now (`Place` needs a cell: the GUI asks) but
    putting fire out (`fire_action_options`, offered right after)."""
    out: list[ActionOption] = []
    for obj_id in sorted(state.objects_touching(unit.pos)):
        obj = state.objects[obj_id]
        if obj.destroyed:
            continue
        if obj.kind not in CONTROL_KINDS:
            _offer(out, state, unit, f"Operate {obj.name} (R-TRAP-2)", Operate(obj.id))
        elif not unit.action_used:
            label = f"Operate {obj.name} (Stopped, uses the Action, R-MOVE-6)"
            _offer(out, state, unit, label, Operate(obj.id))
    if not unit.action_used:
        for trap in sorted(state.traps.values(), key=lambda t: t.id):
            _offer(out, state, unit, f"Reset trap {trap.name or trap.id} (R-TRAP-5)", ResetTrap(trap.id))
    return out


@register_offers(145, ["fight_fire", "roll_on_ground"])
def fire_action_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """Putting fire out, possible now (R-FIRE-11, G-23): a family of its own, so that the default
    AI, which asks for these two for every unit, does not look at every object and trap (issue 26)."""
    out: list[ActionOption] = []
    if not unit.action_used:
        # without an apparatus no fire can be fought (`_fire_problem`): none is looked at (issue 26)
        for fire in sorted(state.fires.values(), key=lambda f: f.id) if unit.apparatus > 0 else ():
            label = f'Fight fire {fire.id} (−{unit.apparatus}", R-FIRE-11)'
            _offer(out, state, unit, label, FightFire(fire.id))
        _offer(out, state, unit, 'Roll on the ground (−1" of fire, all Movement, G-23)', RollOnGround())
    return out
