"""Movement orders beyond walking and a lone Sprint: group Sprints (R-MOVE-20) and the rows of the
Movement impairment table that are orders (R-MOVE-6, R-MOVE-14).

* `GroupSprint(toward, members)`: the acting unit and allies within `GROUP_RADIUS` share one Sprint
  roll (R-MOVE-20): the leader rolls (its Skill die, Blessings, Overskill +1d6"), then each unit
  runs its own straight line in the same direction with those inches; every unit uses its Action.
* `DonArmor()`: putting the Armor it took off back on (R-MOVE-6: Stopped, uses the Action); the
  armor lies where it was shed and must be within 1".
* `Climb(cell)`: a difficult climb (a cliff or wall face higher than a jump, R-MOVE-3) onto an
  adjacent cell: Movement at Half Speed (R-MOVE-6), 2" of Move per inch climbed, with both arms
  (R-MOVE-4: not while carrying a heavy item). Easy climbs (a rise a jump makes) are plain
  walking: no Half Speed, the inches risen counted as any inch (R-MOVE-2, `grid.step_cost`).

An order family of the order registry (`rules/orders.py`). Operating a computer or Vehicle
Controls (Stopped, uses the Action) is `Operate` on such an object (rules/hazard_actions.py);
stopping to Aim is `Hold` (rules/actions.py): both readings are in docs/rules-decisions.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import distance, within_reach
from brikwars_gui.engine.grid import rise_inches
from brikwars_gui.engine.rules.common import PlayContext, cell_text, max_rise, unable_problem
from brikwars_gui.engine.rules.move_search import blockers, movement_problem, water_cells
from brikwars_gui.engine.rules.movement import PlannedMove, StepCheck, StepResolve, roll_sprint, sprint, walk
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

#: R-MOVE-20: allies this close to the leader (GRID-3 inches) may join its Sprint roll.
GROUP_RADIUS = 2.0


@register_order
@dataclass(frozen=True)
class GroupSprint(Order):
    toward: Cell
    members: tuple[str, ...]
    kind = "group_sprint"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(group_sprint_problem(state, unit, self))

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        group_sprint(ctx, unit, self, check=steps.check, resolve=steps.resolve, leave=steps.leave)


@register_order
@dataclass(frozen=True)
class DonArmor(Order):
    kind = "don_armor"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit) or don_armor_problem(state, unit))

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        don_armor(ctx, unit)


@register_order
@dataclass(frozen=True)
class Climb(Order):
    cell: Cell
    kind = "climb"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(climb_problem(state, unit, self.cell))

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        climb(ctx, unit, self.cell, check=steps.check, resolve=steps.resolve, leave=steps.leave)


@register_event
class ArmorDonned(Event):
    """R-MOVE-6: a unit put its Armor back on (Stopped, Action used)."""

    kind = "armor_donned"
    unit: str
    armor: str

    def describe(self) -> str:
        return f"{self.unit} puts its {self.armor} Armor back on (Stopped, R-MOVE-6)"


# ---------------------------------------------------------------------------------------------
# Group Sprints (R-MOVE-20)


def _sprint_problem(state: GameState, unit: UnitState) -> str | None:
    problem = unable_problem(unit) or movement_problem(unit)
    if problem:
        return problem
    if unit.action_used:
        return f"{unit.name} has already used its Action this turn (R-ACT-1)"
    if unit.has_moved:
        return f"{unit.name} has already moved: a Sprint must be the whole turn's Movement (R-MOVE-18)"
    return None


def sprint_goal_problem(state: GameState, unit: UnitState, cell: Cell) -> str | None:
    """Why `cell` is no goal for `unit`'s Sprint or Group Sprint (None: it is one). The run is one
    straight line toward a cell it could end on (R-MOVE-18): not its own, an enemy's its side
    sees (running at an enemy is a Charge, R-MOVE-20), an ally's (passed, never ended on), an
    obstacle or water it cannot swim. Unseen enemies do not count (G-16: that would give them
    away). The orders themselves take any other cell as a direction (docs/rules-decisions.md)."""
    problem = _sprint_problem(state, unit)
    if problem:
        return problem
    cell = (int(cell[0]), int(cell[1]))
    if cell == unit.pos or not state.grid.in_bounds(cell):
        return f"cannot Sprint toward {cell_text(cell)}"
    blocked, no_stop = blockers(state, unit)
    if cell in blocked:
        return f"{cell_text(cell)} is an enemy's: a run at it is a Charge (R-MOVE-20)"
    if cell in no_stop:
        return f"{cell_text(cell)} is an ally's: a Sprint may pass it, not end there (R-MOVE-18)"
    if not state.grid.passable[cell[1], cell[0]]:
        return f"{cell_text(cell)} is an obstacle (R-MOVE-3)"
    if cell in water_cells(state.grid) and not unit.can_swim:
        return f"{unit.name} cannot swim to {cell_text(cell)}"
    return None


def group_partners(state: GameState, leader: UnitState) -> list[UnitState]:
    """Allies that could join `leader`'s Sprint now: within `GROUP_RADIUS`, able to Sprint."""
    return [
        u
        for u in sorted(state.units.values(), key=lambda u: u.id)
        if u.id != leader.id
        and u.alive
        and u.team == leader.team
        and distance(u.pos, leader.pos) <= GROUP_RADIUS
        and _sprint_problem(state, u) is None
    ]


@register_offers(60, ["group_sprint"])
def _group_sprint_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """R-MOVE-20: the GUI asks for the cell, then orders GroupSprint(cell, members)."""
    if unit.action_used or movement_problem(unit) is not None or unit.has_moved:
        return []
    partners = group_partners(state, unit)
    if not partners:
        return []
    names = ", ".join(p.name for p in partners)
    label = f"Group Sprint with {names} (one shared roll, R-MOVE-20)"
    return [ActionOption("group_sprint", label, None, target=",".join(p.id for p in partners))]


def member_target(leader: UnitState, member: UnitState, toward: Cell) -> Cell:
    """Each member runs parallel to the leader: the same offset from where it stands."""
    return (member.pos[0] + toward[0] - leader.pos[0], member.pos[1] + toward[1] - leader.pos[1])


def group_sprint_problem(state: GameState, leader: UnitState, order: GroupSprint) -> str | None:
    problem = _sprint_problem(state, leader)
    if problem:
        return problem
    toward = (int(order.toward[0]), int(order.toward[1]))
    if toward == leader.pos or not state.grid.in_bounds(toward):
        return f"cannot Sprint toward {cell_text(toward)}"
    if not order.members:
        return "a group Sprint needs at least one ally besides the leader (R-MOVE-20)"
    if len(set(order.members)) != len(order.members) or leader.id in order.members:
        return "each unit joins a group Sprint once"
    partners = {u.id for u in group_partners(state, leader)}
    for uid in order.members:
        member = state.units.get(uid)
        if member is None or member.team != leader.team or not member.alive:
            return f"{uid!r} is not a living unit of {leader.team}"
        if uid not in partners:
            why = _sprint_problem(state, member)
            if why:
                return why
            return (
                f'{member.name} is not within {GROUP_RADIUS:g}" of {leader.name} '
                "to share its Sprint roll (R-MOVE-20)"
            )
    return None


def group_sprint(
    ctx: PlayContext,
    leader: UnitState,
    order: GroupSprint,
    *,
    check: StepCheck | None = None,
    resolve: StepResolve | None = None,
    leave: StepCheck | None = None,
) -> None:
    """One roll for all (R-MOVE-20), then the leader and each member in turn run their lines;
    a member killed or Disrupted by a Response before it runs stays put (its Action is spent)."""
    state = ctx.state
    toward = (int(order.toward[0]), int(order.toward[1]))
    members = [state.units[uid] for uid in order.members]
    targets = {m.id: member_target(leader, m, toward) for m in members}
    for unit in (leader, *members):
        unit.action_used = True
    shared = roll_sprint(ctx, leader)
    sprint(ctx, leader, toward, check=check, resolve=resolve, leave=leave, shared=shared)
    for member in members:
        if member.alive and not member.disrupted:
            target = targets[member.id]
            target = (min(max(target[0], 0), state.width - 1), min(max(target[1], 0), state.height - 1))
            if target != member.pos:
                sprint(
                    ctx,
                    member,
                    target,
                    check=check,
                    resolve=resolve,
                    leave=leave,
                    shared=shared,
                    leader=leader.id,
                )


# ---------------------------------------------------------------------------------------------
# Putting Armor on (R-MOVE-6)


@register_offers(130, ["don_armor"])
def _don_armor_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    if unit.action_used or don_armor_problem(state, unit) is not None:
        return []
    label = f"Put the {unit.armor_shed} Armor back on (Stopped, uses the Action, R-MOVE-6)"
    return [ActionOption("don_armor", label, DonArmor())]


def don_armor_problem(state: GameState, unit: UnitState) -> str | None:
    if not unit.armor_shed:
        return f"{unit.name} has taken no Armor off to put back on"
    if unit.armor_shed_at is None or not within_reach(unit.pos, unit.armor_shed_at):
        where = cell_text(unit.armor_shed_at or unit.pos)
        return f"{unit.name}'s {unit.armor_shed} Armor lies at {where}, not within 1\""
    return None


def don_armor(ctx: PlayContext, unit: UnitState) -> None:
    """R-MOVE-6: Putting on Armor: Stopped, uses the Action."""
    armor = unit.armor_shed
    if armor == "heavy":
        unit.heavy_armor = True
    else:
        unit.body_armor = True
    unit.armor_shed, unit.armor_shed_at = "", None
    unit.action_used = True
    unit.stopped = True
    ctx.emit(ArmorDonned(unit.id, armor))


# ---------------------------------------------------------------------------------------------
# Difficult climbs (R-MOVE-6)


#: objects a unit climbs inch for inch, with no Half Speed (R-MOVE-2, R-MOVE-6)
LADDER_KINDS = frozenset({"ladder", "stairs"})


def on_ladder(state: GameState, unit: UnitState, cell: Cell) -> bool:
    """A ladder (an object of kind `ladder` or `stairs`) stands on the cell climbed from or to."""
    return any(
        o.kind in LADDER_KINDS and not o.destroyed and (cell in o.cells or unit.pos in o.cells)
        for o in state.objects.values()
    )


def climb_cost(state: GameState, unit: UnitState, cell: Cell) -> int:
    """Move inches of a difficult climb to `cell`: each inch climbed (to the nearest inch, as a
    walk's rise, `grid.rise_inches`; at least 1) at Half Speed, 2" apiece (R-MOVE-6/7; Half Speed
    causes do not stack, R-MOVE-10); the step over the edge is part of the climb. Up or down a
    ladder it is inch for inch, nothing extra (R-MOVE-2: "five inches' worth of stairs or
    ladders"; R-MOVE-6). A climb ends in the same turn: nobody hangs on a cliff face."""
    grid = state.grid
    rise = abs(int(grid.elevation[cell[1], cell[0]]) - int(grid.elevation[unit.pos[1], unit.pos[0]]))
    inches = max(1, rise_inches(rise))
    return inches if on_ladder(state, unit, cell) else 2 * inches


def climb_problem(state: GameState, unit: UnitState, cell: Cell) -> str | None:
    problem = movement_problem(unit)
    if problem:
        return problem
    cell = (int(cell[0]), int(cell[1]))
    grid = state.grid
    if not grid.in_bounds(cell) or not within_reach(unit.pos, cell) or cell == unit.pos:
        return f'{cell_text(cell)} is not a cell within 1" of {unit.name} to climb to'
    blocked, no_stop = blockers(state, unit)
    if not grid.passable[cell[1], cell[0]] or cell in blocked or cell in no_stop:
        return f"{cell_text(cell)} is not free to climb onto"
    rise = int(grid.elevation[cell[1], cell[0]]) - int(grid.elevation[unit.pos[1], unit.pos[0]])
    if rise <= max_rise(unit):
        return (
            f"{cell_text(cell)} needs no climbing: walk there "
            "(an easy climb, its rise counted inch for inch, R-MOVE-2/6)"
        )
    if unit.carrying_heavy:
        return f"{unit.name} carries a heavy item: a difficult climb needs both arms (R-MOVE-4)"
    cost = climb_cost(state, unit, cell)
    if cost > unit.move_left:
        how = "by the ladder, R-MOVE-2" if on_ladder(state, unit, cell) else "Half Speed, R-MOVE-6"
        left = f'{unit.name} has {unit.move_left}"'
        return f'climbing to {cell_text(cell)} costs {cost}" of Move ({how}); {left}'

    return None


@register_offers(120, ["climb"])
def climb_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """Each adjacent cliff top or foot the unit could climb to now."""
    if movement_problem(unit) is not None:
        return []
    x, y = unit.pos
    out = []
    for cell in ((x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy):
        if climb_problem(state, unit, cell) is None:
            label = (
                f'Climb to {cell_text(cell)} ({climb_cost(state, unit, cell)}" of Move, '
                + ("by the ladder, R-MOVE-2)" if on_ladder(state, unit, cell) else "Half Speed, R-MOVE-6)")
            )
            out.append(ActionOption("climb", label, Climb(cell)))
    return out


def climb(
    ctx: PlayContext,
    unit: UnitState,
    cell: Cell,
    *,
    check: StepCheck | None = None,
    resolve: StepResolve | None = None,
    leave: StepCheck | None = None,
) -> None:
    """One step up (or down) a cliff face at Half Speed (a ladder: inch for inch); Responses and
    hazards act as on any step."""
    cell = (int(cell[0]), int(cell[1]))
    cost = climb_cost(ctx.state, unit, cell)
    parity = unit.diagonal_parity
    plan = PlannedMove((unit.pos, cell), (0, cost), (parity, parity))
    walk(ctx, unit, plan, check=check, resolve=resolve, leave=leave)
