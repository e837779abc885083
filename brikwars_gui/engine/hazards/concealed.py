"""Concealed Hazards (R-HAZ-16..20, A-8, A-13, G-19) and the Scout's Pathfinding (R-SCOUT-2/3).

A unit crossing a concealed field rolls its Action die once for the declared path (a passive check:
the Action is not spent; an Overskill Benny is spent as +1d6 on the roll when it falls short,
R-DICE-8b) with the reverse of its Target Size modifier (R-HAZ-18, EX-6). "Inches travelled in the
field" = the GRID-2 length of the path's steps into live cells of the field (GRID-8), never
doubled at Half Speed or in mud (physical inches); cells already
triggered (R-HAZ-16) and cells an allied Scout walked this turn (R-SCOUT-3, single file) are safe
and do not count.

* roll ≥ inches → safe;
* otherwise the spot goes off at the first live cell reached beyond the rolled inches; a roll ≤ 0
  (A-8) or a Critical Failure (R-HAZ-17) sets it off at 0": on the unit's own cell if it starts
  inside, else on the first cell it enters;
* a Scout rolls his d8 instead and stops safely before the spot; on a natural 1 he stops at the
  field's edge (A-13). Size 0 objects never trigger (R-HAZ-18).

Payloads (G-19): Damage dice hit the victim like Exposure (Target Size added); d10 (Exp) dice are
an Explosion at the spot (`damage.explode`: +2" radius per d10, G-12: full Damage to everything in
the radius, surviving units knocked down, R-MOVE-15); a `move` payload is a one-time Slow. Traps whose Trigger
is the field fire at the spot (R-TRAP-4). Triggered spots stay spent.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice.brikwars import (
    blessing_dice,
    roll_expression,
    skill_roll,
    spend_overskill_on_skill,
)
from brikwars_gui.engine.grid import step_cost
from brikwars_gui.engine.hazards.common import (
    ConcealedRoll,
    ConcealedTriggered,
    HazardMove,
    target_size,
)
from brikwars_gui.engine.hazards.exposure import expose
from brikwars_gui.engine.hazards.fields import ExposureSource, fields_at, hazard_dice
from brikwars_gui.engine.hazards.scout import hazard_die, is_scout
from brikwars_gui.engine.hazards.traps import trip
from brikwars_gui.engine.rules.common import target_size_modifier
from brikwars_gui.engine.rules.damage import explode
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, FieldState, GameState, UnitState


@dataclass(frozen=True)
class Crossing:
    """What a unit's roll against one concealed field decided for its declared path."""

    field: str
    outcome: str  # "safe" | "triggered" | "scout_stop" | "no_roll"
    index: int | None = None  # path index of the spot that goes off / where the Scout stops


def live_cell(state: GameState, field: FieldState, cell: Cell, team: str | None = None) -> bool:
    """A cell of the field that can still go off (not triggered, not on an allied Scout's trail)."""
    x, y = cell
    if not field.mask[y, x] or cell in field.triggered:
        return False
    return not (team is not None and cell in state.hazard.trails.get(team, ()))


def action_check(
    ctx: RulesContext, unit: UnitState | None, sides: int, modifier: int, needed: int, purpose: str
) -> tuple[int, bool, str]:
    """A passive Action roll: (total, critical failure, explanation); an Overskill Benny is spent on
    +1d6 when the roll alone falls short (R-DICE-8b); the unit's Blessings/Curses roll with its
    Action die (R-DICE-10)."""
    roll = skill_roll(
        sides, ctx.dice, use=needed, per_die_modifier=modifier, purpose=purpose, **blessing_dice(unit, sides)
    )
    if roll.benny is not None and roll.total < needed:
        roll = spend_overskill_on_skill(roll, ctx.dice, purpose=purpose)
    return roll.total, roll.critical_failure, roll.explain()


def travel_inches(path: list[Cell], parity: int = 0) -> list[int]:
    """Cumulative physical inches along `path` (GRID-2 steps, diagonals alternating 1"/2"), never
    doubled for Half Speed or mud: R-HAZ-17 compares the roll with inches travelled, not Move spent."""
    out, total = [0], 0
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        diagonal = ax != bx and ay != by
        total += step_cost(diagonal, parity, False)
        if diagonal:
            parity ^= 1
        out.append(total)
    return out


def plan_crossing(
    ctx: RulesContext, unit: UnitState, field: FieldState, path: list[Cell], costs: list[int], first: int
) -> Crossing:
    """Roll for the part of `path` after index `first` that lies in the concealed `field`; `costs`
    are cumulative inches travelled (`travel_inches`)."""
    state = ctx.state
    inside: list[tuple[int, int]] = []  # (path index, cumulative inches in the field)
    inches = 0
    for j in range(first + 1, len(path)):
        if live_cell(state, field, path[j], unit.team):
            inches += costs[j] - costs[j - 1]
            inside.append((j, inches))
    if inches == 0:
        return Crossing(field.id, "no_roll")
    if unit.size <= 0:  # R-HAZ-18: too small to set it off
        ctx.emit(ConcealedRoll(unit.id, field.id, inches, 0, "Size 0 never triggers (R-HAZ-18)", "safe"))
        return Crossing(field.id, "safe")
    scout = is_scout(unit)
    sides = hazard_die(unit)
    modifier = -target_size_modifier(unit.size)
    total, crit, text = action_check(ctx, unit, sides, modifier, inches, f"{unit.id} crossing {field.id}")
    if scout:
        if crit:
            stop = inside[0][0] - 1  # stops at the field's edge
        elif total >= inches:
            stop = None
        else:
            beyond = next(j for j, c in inside if c > max(total, 0))
            stop = beyond - 1
        end = len(path) - 1 if stop is None else stop
        trail = state.hazard.trails.setdefault(unit.team, set())
        trail.update(path[first : end + 1])
        outcome = "safe" if stop is None else "scout_stop"
        at = None if stop is None else path[stop]
        ctx.emit(ConcealedRoll(unit.id, field.id, inches, total, text, outcome, at))
        return Crossing(field.id, outcome, stop)
    if total >= inches and not crit:
        ctx.emit(ConcealedRoll(unit.id, field.id, inches, total, text, "safe"))
        return Crossing(field.id, "safe")
    if crit or total <= 0:  # R-HAZ-17, A-8: at 0"
        spot = first if live_cell(state, field, path[first], unit.team) else inside[0][0]
    else:
        spot = next(j for j, c in inside if c > total)
    ctx.emit(ConcealedRoll(unit.id, field.id, inches, total, text, "triggered", path[spot]))
    return Crossing(field.id, "triggered", spot)


def trigger(ctx: RulesContext, field: FieldState, spot: Cell, victim: str | None) -> None:
    """Set off the concealed spot `spot` (R-HAZ-16, G-19) and any Trap wired to the field (R-TRAP-4)."""
    state = ctx.state
    if spot not in field.triggered:
        field.triggered.append(spot)
    ctx.emit(ConcealedTriggered(field.id, spot, victim, field.payload))
    expr = hazard_dice(field)
    if expr is not None and expr.terms:
        if field.payload == "move":
            unit = state.units.get(victim) if victim else None
            if unit is not None:
                result = roll_expression(expr, ctx.dice, purpose=f"concealed {field.id} slow")
                cap = unit.move + unit.bonus_move  # Sprint inches count as Move (R-MOVE-18)
                unit.move_spent = min(cap, unit.move_spent + max(0, result.total))
                ctx.emit(HazardMove(unit.id, field.id, "slow", result.total, ()))
        elif field.damage_type == "explosive":
            blast = ruleset_of(state).damage_roll(ctx, expr, purpose=f"explosion {field.id}")
            explode(ctx, spot, blast, source=field.id, victim=victim)
        elif victim is not None:
            source = ExposureSource(
                f"{field.id}@{spot[0]},{spot[1]}", expr, field.damage_type, field.living_only, field
            )
            expose(ctx, victim, source, at=spot, once_per_turn=False)
    trip(ctx, field.id, spot, victim)


def landing_check(ctx: RulesContext, target_id: str, impact: Cell, airborne: int) -> bool:
    """R-HAZ-19: a leaping, falling or thrown unit/object rolls vs the inches it flew (objects with
    no Action die roll an incompetent d4); failure sets the concealed spot off at the impact point.
    Returns True if something went off."""
    state = ctx.state
    went_off = False
    if target_size(state, target_id) <= 0:
        return False
    unit = state.units.get(target_id)
    sides = hazard_die(unit) if unit is not None else 4
    modifier = -target_size_modifier(target_size(state, target_id))
    for field in fields_at(state, impact, {"concealed"}):
        if not live_cell(state, field, impact, unit.team if unit else None):
            continue
        total, crit, text = action_check(
            ctx, unit, sides, modifier, airborne, f"{target_id} landing in {field.id}"
        )
        failed = crit or total < airborne
        ctx.emit(
            ConcealedRoll(
                target_id, field.id, airborne, total, text, "triggered" if failed else "safe", impact
            )
        )
        if failed:
            trigger(ctx, field, impact, target_id)
            went_off = True
    return went_off


def place_carefully(ctx: RulesContext, placer_id: str, cell: Cell, *, placed: str | None = None) -> bool:
    """R-HAZ-20: setting an object down on a concealed field: the placer rolls its Action; only a
    Critical Failure sets the spot off. Returns True if it went off."""
    state = ctx.state
    placer = state.units[placer_id]
    went_off = False
    for field in fields_at(state, cell, {"concealed"}):
        if not live_cell(state, field, cell):
            continue
        total, crit, text = action_check(
            ctx, placer, hazard_die(placer), 0, 0, f"{placer_id} placing on {field.id}"
        )
        ctx.emit(ConcealedRoll(placer_id, field.id, 0, total, text, "triggered" if crit else "safe", cell))
        if crit:
            trigger(ctx, field, cell, placed if placed is not None else None)
            went_off = True
    return went_off
