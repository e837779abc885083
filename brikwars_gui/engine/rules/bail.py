"""Bailing (R-RESP-6..9): a Response leap of up to a Skill roll in inches, ending Disrupted.

A Bail is a leap (R-MOVE-3): it cannot pass through an obstacle or squeeze diagonally between two
obstacle cells, and no cell under the leap may rise more above the take-off cell than one jump
allows (`max_rise`). Half Speed (burden, recovery, or mud/water/rough ground under the unit)
halves the inches (R-RESP-7), unless the burden causing it is dropped first.
"""

from __future__ import annotations

import math
from typing import Any

from brikwars_gui.engine.dice.brikwars import (
    blessing_dice,
    skill_roll,
    spend_overskill_on_stat,
    spend_overskill_other,
)
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import (
    distance,
    facing_towards,
    has_line_of_sight,
    in_range,
    segment_cells,
    within_reach,
)
from brikwars_gui.engine.grid import Grid
from brikwars_gui.engine.hazards.concealed import landing_check
from brikwars_gui.engine.rules.combat import burning_penalty
from brikwars_gui.engine.rules.common import (
    DecisionRequest,
    PlayContext,
    at_half_speed,
    burdened,
    close_weapons,
    max_rise,
    parse_cell,
    ranged_weapons,
)
from brikwars_gui.engine.rules.damage import disrupt
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.visibility import known_occupied, reveal, unit_visible_to, unseen_occupant


@register_event
class Bailed(Event):
    """R-RESP-6..9: a leap of up to the Skill roll in inches, ending Disrupted."""

    kind = "bailed"
    unit: str
    roll: dict[str, Any]
    inches: int
    to: tuple[int, int]
    disrupted: bool
    text: str

    def describe(self) -> str:
        return self.text


@register_event
class BurdenDropped(Event):
    """R-RESP-7 / R-RESP-5: the burden causing Half Speed is dropped at once to act at full speed."""

    kind = "burden_dropped"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} drops its heavy burden to {self.reason} at full speed (R-RESP-7)"


def leap_clear(grid: Grid, start: Cell, landing: Cell, rise: int) -> bool:
    """R-MOVE-3: nothing impassable under the leap's line, no squeezing between two obstacle cells
    at a corner, and no cell higher than `rise` bricks above the take-off cell."""
    cells, corners = segment_cells(start, landing)
    passable, elev = grid.passable, grid.elevation
    top = int(elev[start[1], start[0]]) + rise
    for x, y in cells[1:]:
        if not passable[y, x] or int(elev[y, x]) > top:
            return False
    return not any(not passable[p[1], p[0]] and not passable[q[1], q[0]] for p, q in corners)


def bail_half_speed(state: GameState, unit: UnitState) -> bool:
    """R-RESP-7: the unit's own Half Speed (R-MOVE-6/17) or Half Speed ground under it (mud,
    rough, water: R-MOVE-6)."""
    x, y = unit.pos
    return at_half_speed(unit) or bool(state.grid.half_speed[y, x])


def _only_burden_slows(state: GameState, unit: UnitState) -> bool:
    x, y = unit.pos
    burden = unit.carrying_heavy or unit.heavy_armor
    return burden and not unit.recovering and not bool(state.grid.half_speed[y, x])


def bail_cells(ctx: PlayContext, unit: UnitState, inches: int) -> list[Cell]:
    """Passable cells within `inches` (GRID-3) the unit can leap to, its own cell first; free as
    far as its side knows: the cell of an enemy it does not see is offered (leaving it out would
    give that enemy away; fog of war, G-16), and a leap onto it lands short (`_land_short`)."""
    return leap_cells(ctx.state, unit, inches)


def leap_cells(state: GameState, unit: UnitState, inches: int) -> list[Cell]:
    """`bail_cells` from the state alone (what a player weighing a Bail sees)."""
    grid = state.grid
    occupied = known_occupied(state, unit.team)
    water = water_cells(grid)
    rise = max_rise(unit)
    x0, y0 = unit.pos
    out = [unit.pos]
    for y in range(max(0, y0 - inches), min(grid.height, y0 + inches + 1)):
        for x in range(max(0, x0 - inches), min(grid.width, x0 + inches + 1)):
            c = (x, y)
            if c == unit.pos or c in occupied or not grid.passable[y, x] or not in_range(unit.pos, c, inches):
                continue
            if c in water and not unit.can_swim:
                continue
            if not leap_clear(grid, unit.pos, c, rise):
                continue
            out.append(c)
    return out


def weapon_reach(enemy: UnitState) -> tuple[bool, float]:
    """(whether `enemy` has a close-combat weapon, its longest ranged weapon's Range): what
    `reaches` reads of it, taken once when many cells are weighed."""
    return bool(close_weapons(enemy)), max((w.range or 0 for w in ranged_weapons(enemy)), default=0)


def reaches(
    state: GameState, enemy: UnitState, cell: Cell, size: float, weapons: tuple[bool, float] | None = None
) -> bool:
    """`enemy` could attack a unit on `cell` next without penalty: a close-combat weapon within
    reach (GRID-4), or a ranged one within its Range (GRID-3) and in line of sight (GRID-5); beyond
    Range every die loses the Out of Range inches (R-ACT-6). `weapons`: its `weapon_reach`."""
    close, reach = weapons or weapon_reach(enemy)
    if close and within_reach(enemy.pos, cell):
        return True
    if not reach or not in_range(enemy.pos, cell, reach):
        return False
    smoke = state.smoke_between(enemy.pos, cell, enemy.size, size)
    return has_line_of_sight(state.grid, enemy.pos, cell, smoke=smoke)


def bail_default(
    state: GameState, unit: UnitState, cells: list[Cell], threat: UnitState | None, *, far: bool = False
) -> Cell:
    """The landing a player would pick among `cells` (docs/rules-decisions.md, R-RESP-6): the least
    harm first — not on fire (R-FIRE), not in a Field Hazard (their bounds are public, R-HAZ-1) nor
    in water that would hold it (R-MOVE-10), out of the attacker's reach, in reach (`reaches`) of
    the fewest enemies its side sees (G-16) — then a leap rather than staying put, then the nearest
    cell (ties: the first in row order). `far` (the tactical AI's answer): the cell farthest from
    the attacker instead of the nearest, for an attack that goes on beyond its Range loses a die's
    worth per inch (R-ACT-6)."""
    burning = {c for fire in state.fires.values() if fire.target not in state.units for c in fire.cells}
    fields = [f.mask for f in state.fields.values() if not (f.living_only and not unit.living)]
    held = water_cells(state.grid) if burdened(unit) else frozenset()
    # only enemies that could reach one of the cells: within its leap plus the longest Range in
    # the battle (an upper bound) or close-combat reach (√2"), from the spatial index — not every
    # unit of a 2,000-unit battle for each cell (issue 26)
    leap = max((distance(unit.pos, c) for c in cells), default=0.0)
    radius = leap + max(state.unit_index().longest_range, math.sqrt(2)) + 0.01
    enemies = [
        e
        for e in sorted(state.units_near(unit.pos, radius), key=lambda u: u.id)
        if not e.disrupted and e.team != unit.team and unit_visible_to(state, unit.team, e)
    ]
    armed = [(e, weapon_reach(e)) for e in enemies]

    def harm(c: Cell) -> tuple:
        x, y = c
        hazard = any(bool(mask[y, x]) for mask in fields) or c in held
        exposed = threat is not None and threat.alive and reaches(state, threat, c, unit.size)
        reached = sum(reaches(state, e, c, unit.size, w) for e, w in armed)
        return (
            int(c in burning),
            int(hazard),
            int(exposed),
            reached,
            c == unit.pos,
            -distance(threat.pos, c) if far and threat is not None else distance(unit.pos, c),
            (y, x),
        )

    return min(cells, key=harm)


def _land_short(state: GameState, unit: UnitState, start: Cell, dest: Cell) -> Cell:
    """The leap meets an unseen unit on `dest`: it lands on the last cell of its line before it
    that is really free and reachable by the leap, else back where it started (G-16, R-MOVE-12)."""
    line, _ = segment_cells(start, dest)
    rise = max_rise(unit)
    water = water_cells(state.grid)
    for c in reversed(line[1:-1]):
        x, y = c
        if state.unit_at(c) is not None or not state.grid.passable[y, x]:
            continue
        if (c in water and not unit.can_swim) or not leap_clear(state.grid, start, c, rise):
            continue
        return c
    return start


def _drop_burden_first(ctx: PlayContext, unit: UnitState, threat: UnitState | None) -> bool:
    """R-RESP-7: a unit slowed only by its burden may drop it before leaping. Default: drop a heavy
    item, keep Heavy Armor (its protection is worth more than the inches; docs/rules-decisions.md)."""
    if not _only_burden_slows(ctx.state, unit):
        return False
    default = "keep" if unit.heavy_armor else "drop"
    answer = ctx.ask(
        DecisionRequest(
            "drop_burden", unit.id, unit.team, threat.id if threat else None, ("drop", "keep"), default
        )
    )
    if answer != "drop":
        return False
    unit.carrying_heavy = False
    unit.heavy_armor = False
    ctx.emit(BurdenDropped(unit.id, "Bail"))
    return True


def bail(ctx: PlayContext, unit: UnitState, threat: UnitState | None = None) -> Bailed:
    """Roll Skill and leap up to that many inches (R-RESP-6): Half Speed halves it (R-RESP-7),
    a Critical Failure falls on the spot (R-RESP-8), Overskill may keep it on its feet (R-RESP-9)."""
    state = ctx.state
    _drop_burden_first(ctx, unit, threat)
    roll = skill_roll(unit.skill, ctx.dice, purpose=f"{unit.id} bail", **blessing_dice(unit, unit.skill))
    burning = burning_penalty(ctx, unit)  # R-FIRE-5: −1d4 on the Action roll while on fire
    inches = max(0, roll.total + burning)
    stay = False
    notes = [f"on fire {burning:+d} (R-FIRE-5)"] if burning else []
    if roll.critical_failure:
        inches = 0
        notes.append("Critical Failure: falls on the spot (R-RESP-8)")
    elif roll.overskill:
        answer = ctx.ask(
            DecisionRequest(
                "overskill", unit.id, unit.team, None, ("stay_on_feet", "distance"), "stay_on_feet"
            )
        )
        if answer == "stay_on_feet":
            spend_overskill_other(roll, "stay_on_feet")
            stay = True
            notes.append("Overskill: lands on its feet (R-RESP-9)")
        else:
            boost = spend_overskill_on_stat(roll, ctx.dice, stat="bail", base=inches)
            inches = boost.total
            notes.append(f"Overskill {boost.explain()}")
    if bail_half_speed(state, unit):
        inches //= 2
        notes.append("Half Speed: half the inches (R-RESP-7)")
    cells = bail_cells(ctx, unit, inches)
    default = bail_default(state, unit, cells, threat)
    options = tuple(f"{c[0]},{c[1]}" for c in cells)
    answer = ctx.ask(
        DecisionRequest(
            "bail_to",
            unit.id,
            unit.team,
            threat.id if threat else None,
            options,
            f"{default[0]},{default[1]}",
            {"inches": inches},
        )
    )
    dest = parse_cell(answer)
    start = unit.pos
    unseen = unseen_occupant(state, unit.team, dest) if dest != start else None
    if unseen is not None:  # G-16 / fog: as a move into an unseen unit, it stops short and finds it
        dest = _land_short(state, unit, start, dest)
        notes.append(f"leaps into {unseen.id}, unseen until now: lands at {dest} (G-16)")
        reveal(ctx, unseen, f"{unit.id} leaps into it at {unseen.pos[0]},{unseen.pos[1]}")
    unit.pos = dest
    if dest != start:
        unit.facing = str(facing_towards(start, dest))  # faces the way it leapt
    text = f'{unit.id} bails: {roll.explain()} → {inches}", lands at {dest}'
    if notes:
        text += " (" + "; ".join(notes) + ")"
    event = ctx.emit(Bailed(unit.id, roll.to_dict(), inches, dest, not stay, text))
    unit.saved_action = False
    if not stay:
        disrupt(ctx, unit.id, "bailed out of the way (R-RESP-6)")
    if dest != start:  # R-HAZ-19: a leap lands on a concealed field: roll vs the inches flown
        landing_check(ctx, unit.id, dest, max(1, round(distance(start, dest))))
    return event
