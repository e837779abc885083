"""Difficult Terrain (R-HAZ-12..15): Slow, Current, Slippery and Spiked Obstacle fields.

* Slow (R-HAZ-12): on entering, the Hazard inches are subtracted from the victim's Move this turn
  (`unit.move_spent` grows; the path is cut where the budget runs out).
* Current (R-HAZ-13): at the start of its Movement a unit inside is thrust the Hazard inches in the
  current's direction (G-14: moved cell by cell until something blocks it), then moves normally.
* Slippery (R-HAZ-14): at the start of its Movement a unit inside first spends the Hazard inches
  sliding on in the direction of its last step (a unit that did not move last turn stays put but
  still spends them); a unit entering one mid-move cannot turn for the Hazard inches. Standing in
  one, any Action roll's Critical Failure Disrupts it: the action rules call
  `slippery_critical_failure(ctx, unit)` (or test `is_on_slippery`).
* Spiked (R-HAZ-15): a unit spending its Action to move carefully treats it as Slow; otherwise it
  takes the d6s as Exposure Damage. `affects` restricts the targets it works on.

Hazard inches are the field's Hazard Dice rolled as a Hazard expression (R-HAZ-6 "d6\" Move").
"""

from __future__ import annotations

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.geometry import FACING_VECTORS
from brikwars_gui.engine.grid import step_cost
from brikwars_gui.engine.hazards.common import HazardMove, cell_free
from brikwars_gui.engine.hazards.fields import fields_at, hazard_inches
from brikwars_gui.engine.hazards.paths import entry_effects
from brikwars_gui.engine.rules.common import max_rise
from brikwars_gui.engine.rules.damage import disrupt
from brikwars_gui.engine.state import Cell, FieldState, GameState, UnitState
from brikwars_gui.scenario.models import Facing


def is_on_slippery(state: GameState, unit: UnitState) -> bool:
    """R-HAZ-14: the unit stands in a Slippery field."""
    return bool(fields_at(state, unit.pos, {"slippery"}))


def slippery_critical_failure(ctx: RulesContext, unit: UnitState) -> bool:
    """Call after an Action roll's Critical Failure: a unit on a Slippery field falls (Disrupted)."""
    if unit.alive and is_on_slippery(ctx.state, unit):
        disrupt(ctx, unit.id, "Critical Failure on a Slippery field (R-HAZ-14)")
        return True
    return False


def direction_of(field: FieldState) -> Cell:
    return FACING_VECTORS[Facing(field.direction or "N")]


def _walkable_step(state: GameState, unit: UnitState, nxt: Cell) -> bool:
    """R-MOVE-3 / GRID-2 for a thrust or slide step: no rise above what the unit could climb in one
    step (`max_rise`), no cutting the corner of an obstacle on a diagonal (a wall stops it)."""
    (ax, ay), (bx, by) = unit.pos, nxt
    grid = state.grid
    if int(grid.elevation[by, bx]) - int(grid.elevation[ay, ax]) > max_rise(unit):
        return False
    return ax == bx or ay == by or bool(grid.passable[ay, bx] and grid.passable[by, ax])


def push(ctx: RulesContext, unit: UnitState, direction: Cell, inches: int) -> list[Cell]:
    """Move `unit` up to `inches` of GRID-2 cost in `direction`, cell by cell, stopping before
    anything impassable or occupied, a cliff it could not climb, or a corner it could not cut.
    Returns the cells entered (unit.pos updated)."""
    dx, dy = direction
    diagonal = dx != 0 and dy != 0
    parity = 0
    spent = 0
    out: list[Cell] = []
    while unit.alive:
        step = step_cost(diagonal, parity, False)  # GRID-2; a thrust is never at Half Speed
        if spent + step > inches:
            break
        nxt = (unit.pos[0] + dx, unit.pos[1] + dy)
        if not cell_free(ctx.state, nxt, unit.id) or not _walkable_step(ctx.state, unit, nxt):
            break
        prev = unit.pos
        unit.pos = nxt
        spent += step
        if diagonal:
            parity ^= 1
        out.append(nxt)
        entry_effects(ctx, unit, prev, nxt, voluntary=False)
        if unit.disrupted:
            break
    return out


def apply_currents(ctx: RulesContext, unit: UnitState) -> None:
    """R-HAZ-13: each Current field the unit stands in thrusts it before its own Movement."""
    for field in fields_at(ctx.state, unit.pos, {"current"}):
        if not unit.alive:
            return
        inches = hazard_inches(ctx, field, unit.id)
        start = unit.pos
        moved = push(ctx, unit, direction_of(field), inches)
        ctx.emit(HazardMove(unit.id, field.id, "thrust", inches, tuple(moved)))
        if moved and unit.alive:  # R-HAZ-19: thrust onto a concealed field: roll vs inches thrust
            from brikwars_gui.engine.hazards.concealed import landing_check, travel_inches

            landing_check(ctx, unit.id, unit.pos, travel_inches([start, *moved])[-1])


def apply_slippery_start(ctx: RulesContext, unit: UnitState) -> None:
    """R-HAZ-14 at the start of Movement: spend the Hazard inches sliding on (or stuck in place)."""
    fields = fields_at(ctx.state, unit.pos, {"slippery"})
    if not fields or not unit.alive:
        return
    field = fields[0]
    inches = hazard_inches(ctx, field, unit.id)
    direction = ctx.state.hazard.momentum.get(unit.id)
    moved: list[Cell] = []
    if direction is not None:
        moved = push(ctx, unit, direction, inches)
    unit.move_spent = min(unit.move + unit.bonus_move, unit.move_spent + inches)
    ctx.emit(HazardMove(unit.id, field.id, "slide" if direction else "stuck", inches, tuple(moved)))
