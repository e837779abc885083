"""What happens along a declared path (`phase.resolve_path`): G-18 on-entry effects, concealed
fields, Slow / Spiked / Slippery fields, water putting fires out."""

from __future__ import annotations

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.grid import cumulative_costs
from brikwars_gui.engine.hazards.common import HazardMove, exposed_this_turn, note_exposed
from brikwars_gui.engine.hazards.concealed import Crossing, plan_crossing, travel_inches, trigger
from brikwars_gui.engine.hazards.exposure import affected, expose
from brikwars_gui.engine.hazards.fields import (
    ExposureSource,
    exposure_sources_at,
    fields_at,
    hazard_dice,
    hazard_inches,
)
from brikwars_gui.engine.hazards.fire import extinguish_if_submerged, fires_on
from brikwars_gui.engine.rules.common import at_half_speed
from brikwars_gui.engine.state import Cell, FieldState, GameState, UnitState


def _covers(source: ExposureSource, state, cell: Cell) -> bool:  # type: ignore[no-untyped-def]
    if source.field is not None:
        return bool(source.field.mask[cell[1], cell[0]])
    fire = state.fires.get(source.id)
    return fire is not None and cell in fire.cells


#: The field kinds `resolve_path` looks at on a path's steps (the others act elsewhere).
_PATH_KINDS = frozenset({"concealed", "exposure", "slow", "spiked", "slippery"})


def _clear_steps(state: GameState, cells: list[Cell]) -> bool:
    """No active field of `_PATH_KINDS`, no fire and no water covers any of `cells`: each step of
    `resolve_path` onto them would find nothing and change nothing, so they are not walked one by
    one (issue 26: most moves of a battle cross open ground)."""
    water = state.grid.water
    if any(water[y, x] for x, y in cells):
        return False
    for field in state.fields.values():
        if field.kind in _PATH_KINDS and getattr(field, "active", True):
            mask = field.mask
            h, w = mask.shape
            if any(0 <= y < h and 0 <= x < w and mask[y, x] for x, y in cells):
                return False
    return not any(cell in fire.cells for fire in state.fires.values() for cell in cells)


def entry_effects(
    ctx: RulesContext, unit: UnitState, prev: Cell, cell: Cell, *, voluntary: bool = True
) -> None:
    """G-18: Exposure fields and fires the unit enters at `cell` (once per turn each); water puts its
    fires out (R-FIRE-11). `voluntary=False` (thrust, slides) means it is caught by surprise."""
    state = ctx.state
    for source in exposure_sources_at(state, cell, exclude_target=unit.id):
        if not _covers(source, state, prev):
            expose(ctx, unit.id, source, surprised=not voluntary, at=cell)
        if not unit.alive:
            return
    water = getattr(state.grid, "water", None)
    if water is not None and water[cell[1], cell[0]] and fires_on(state, unit.id):
        pos, unit.pos = unit.pos, cell
        extinguish_if_submerged(ctx, unit)
        unit.pos = pos


def _difficult(
    ctx: RulesContext,
    unit: UnitState,
    field: FieldState,
    cell: Cell,
    step: Cell | None,
    i: int,
    careful: bool,
) -> tuple[Cell, int, int] | None:
    """The unit meets a Slow, Spiked or Slippery field at `cell` (R-HAZ-12/14/15): Slow inches are
    added to its spent Move, a Spiked field rolls Exposure (or, moved through carefully with the
    Action, acts as Slow), a Slippery one returns the slide lock `(direction, from index, inches)`."""
    state = ctx.state
    if field.kind == "spiked" and not (careful and not unit.action_used):
        if affected(state, unit.id, field):
            expr = hazard_dice(field)
            if expr is not None and expr.terms:
                expose(ctx, unit.id, ExposureSource(field.id, expr, field.damage_type, False, field), at=cell)
        return None
    note_exposed(state, unit.id, field.id)
    if field.kind == "spiked" and not affected(state, unit.id, field):
        return None
    inches = hazard_inches(ctx, field, unit.id)
    if field.kind == "slippery":
        ctx.emit(HazardMove(unit.id, field.id, "slide", inches, ()))
        return (step or (0, 0), i, inches)
    if field.kind == "spiked":
        unit.action_used = True
        ctx.emit(HazardMove(unit.id, field.id, "careful", inches, ()))
    else:
        ctx.emit(HazardMove(unit.id, field.id, "slow", inches, ()))
    unit.move_spent += inches
    return None


def resolve_path(
    ctx: RulesContext, unit: UnitState, path: list[Cell], *, careful: bool = False
) -> list[Cell]:
    """See `phase.resolve_path`."""
    state = ctx.state
    cells: list[Cell] = [(int(c[0]), int(c[1])) for c in path]
    if len(cells) <= 1 or not unit.alive:
        return cells[:1]
    if _clear_steps(state, cells):  # the start too: nothing acts anywhere, not even before the first step
        return _travelled(state, unit, cells)
    costs, _ = cumulative_costs(
        state.grid, cells, half_speed=at_half_speed(unit), parity=unit.diagonal_parity
    )  # GRID-2
    travelled = travel_inches(cells, unit.diagonal_parity)  # R-HAZ-17: inches travelled, not Move spent
    budget = unit.move_left  # Move + Sprint inches (UnitState.bonus_move) − Move already spent
    spent_before = unit.move_spent
    end = len(cells) - 1
    crossings: dict[str, Crossing] = {}
    lock: tuple[Cell, int, int] | None = None  # slippery: (direction, from index, inches)
    # A unit that starts its turn inside a Slow or Spiked field is caught by it before its first
    # step, as if it had just entered (R-HAZ-12/15, once per turn like any entry, G-18): a Slow roll
    # that leaves less Move than the first step costs keeps it where it stands.
    for field in fields_at(state, cells[0], {"slow", "spiked"}):
        if not exposed_this_turn(state, unit.id, field.id):
            _difficult(ctx, unit, field, cells[1], None, 1, careful)
    slow = unit.move_spent - spent_before
    if slow > budget:  # Slow inches beyond the Move it has find nothing to take (issue 26)
        unit.move_spent = spent_before + budget
    if not unit.alive or unit.disrupted or (slow > 0 and costs[1] > budget - slow):
        return cells[:1]
    i = 1
    if slow == 0 and costs[end] <= budget and _clear_steps(state, cells[1:]):
        i = end + 1  # nothing on the way: every step below would pass as it is
    while i <= end:
        prev, cell = cells[i - 1], cells[i]
        step = (cell[0] - prev[0], cell[1] - prev[1])
        # R-HAZ-14: inside a slide the unit cannot turn.
        if lock is not None:
            direction, start, inches = lock
            if costs[i - 1] - costs[start] < inches and step != direction:
                ctx.emit(HazardMove(unit.id, "slippery", "locked", inches, tuple(cells[start:i])))
                end = i - 1
                break
        # Concealed fields (R-HAZ-17..19): one roll per field for the rest of the declared path.
        stop_here = False
        for field in fields_at(state, cell, {"concealed"}):
            if field.id not in crossings:
                crossings[field.id] = plan_crossing(ctx, unit, field, cells, travelled, i - 1)
                crossing = crossings[field.id]
                if crossing.index is not None and crossing.index == i - 1:
                    if crossing.outcome == "triggered":
                        trigger(ctx, field, cells[i - 1], unit.id)
                    end = i - 1
                    stop_here = True
                    break
        if stop_here:
            if crossings and any(c.outcome == "triggered" and c.index == end for c in crossings.values()):
                unit.stopped = True
            break
        # On-entry Exposure (G-18) and water.
        entry_effects(ctx, unit, prev, cell, voluntary=True)
        if not unit.alive or unit.disrupted:
            end = i
            break
        # Concealed spot reached?
        halted = False
        for fid, crossing in crossings.items():
            if crossing.index == i:
                if crossing.outcome == "triggered":
                    field = state.fields[fid]
                    trigger(ctx, field, cell, unit.id)
                    if field.payload != "move":
                        unit.stopped = True
                        halted = True
                else:  # Scout stops safely before the spot (R-SCOUT-3)
                    halted = True
        # (the last cell of the path still meets the Difficult Terrain it enters below)
        if halted or not unit.alive or unit.disrupted:
            end = i
            break
        # Difficult Terrain entered here (R-HAZ-12/14/15).
        for field in fields_at(state, cell, {"slow", "spiked", "slippery"}):
            if field.mask[prev[1], prev[0]] or exposed_this_turn(state, unit.id, field.id):
                continue
            lock = _difficult(ctx, unit, field, cell, step, i, careful) or lock
        if not unit.alive or unit.disrupted:
            end = i
            break
        # Slow inches of fields and of concealed `move` payloads (both raise move_spent)
        slow = unit.move_spent - spent_before
        if slow + costs[i] > budget:
            # slowed on a cell that took the Move it had left: the rest of the Slow inches find
            # nothing to take (Move spent never exceeds Move, issue 26)
            slow = budget - costs[i]
            unit.move_spent = spent_before + slow
        if slow > 0:
            allowed = budget - slow
            last = i
            while last + 1 <= end and costs[last + 1] <= allowed:
                last += 1
            if last < end:
                end = last
        i += 1
    return _travelled(state, unit, cells[: end + 1])


def _travelled(state: GameState, unit: UnitState, travelled: list[Cell]) -> list[Cell]:
    """The path's prefix the unit travels, noting its last step for the turn's slides (R-HAZ-14)."""
    if len(travelled) > 1:
        a, b = travelled[-2], travelled[-1]
        state.hazard.momentum[unit.id] = (b[0] - a[0], b[1] - a[1])
        state.hazard.moved.add(unit.id)
    return travelled
