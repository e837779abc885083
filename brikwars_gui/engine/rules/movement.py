"""Movement (R-MOVE-1..21): Move allowance, paths, Half Speed, Stopped, swimming, Sprint.

Costs come from `grid` (GRID-2: orthogonal 1", diagonals alternate 1"/2", Half Speed terrain or a
Half Speed unit doubles a step, never quadruples — R-MOVE-7/8/10). This module adds what depends
on the unit: its Half Speed causes (R-MOVE-6 table: Heavy Armor, heavy item, recovering),
swimming (non-swimmers never enter water; swimming in Armor or with a heavy item → Stopped on the
first water cell, R-MOVE-10, with the drowning check at the end of its turn, G-17), and the
step-by-step walk during which enemy Responses may interrupt (callbacks from `session`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from brikwars_gui.engine.dice.brikwars import SkillRoll, blessing_dice, skill_roll, spend_overskill_on_stat
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import facing_towards, straight_line
from brikwars_gui.engine.grid import (
    Grid,
    IllegalPath,
    cumulative_costs,
    find_path,
    path_cost,
    step_cost,
)
from brikwars_gui.engine.hazards import phase as hazards
from brikwars_gui.engine.hazards.terrain import slippery_critical_failure
from brikwars_gui.engine.rules.combat import burning_penalty
from brikwars_gui.engine.rules.common import (
    DecisionRequest,
    IllegalOrder,
    PlayContext,
    at_half_speed,
    burdened,
    max_rise,
)
from brikwars_gui.engine.rules.damage import kill
from brikwars_gui.engine.rules.flight import air_grid, flight_path
from brikwars_gui.engine.rules.move_search import (
    MoveSearch,
    blockers,
    enemy_blockers,
    movement_problem,
    water_cells,
)
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.visibility import hidden_from, reveal

# ---------------------------------------------------------------------------------------------
# Events


@register_event
class UnitMoved(Event):
    """A stretch of movement: `path` includes the start cell; `cost` inches of Move spent on it."""

    kind = "unit_moved"
    unit: str
    path: list[tuple[int, int]]
    cost: int
    move_left: int
    half_speed: bool
    facing: str

    def describe(self) -> str:
        a, b = self.path[0], self.path[-1]
        n = len(self.path) - 1
        hs = " at Half Speed" if self.half_speed else ""
        return (
            f"{self.unit} moves {tuple(a)} → {tuple(b)} ({n} cell{'' if n == 1 else 's'}, "
            f'{self.cost}" of Move{hs}; {self.move_left}" left)'
        )


@register_event
class MovementStopped(Event):
    """R-MOVE-12: the unit's Movement is over for this turn."""

    kind = "stopped"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} is Stopped: {self.reason}"


@register_event
class Sprinted(Event):
    """R-MOVE-18..21: the Sprint roll and the straight line it allows."""

    kind = "sprinted"
    unit: str
    toward: tuple[int, int]
    roll: dict[str, Any]
    boost: dict[str, Any] | None
    inches: int
    budget: int
    forced: bool
    text: str

    def describe(self) -> str:
        return self.text


@register_event
class Recovered(Event):
    """R-MOVE-17: a Disrupted unit gets up (Half Speed this turn; Heavy Armor: the whole turn)."""

    kind = "recovered"
    unit: str
    whole_turn: bool

    def describe(self) -> str:
        how = "spending its whole turn (Heavy Armor)" if self.whole_turn else "at Half Speed this turn"
        return f"{self.unit} recovers from Disruption {how} (R-MOVE-17)"


def _ends_on_friend(state: GameState, unit: UnitState, end: Cell) -> bool:
    """Whether `end` is in `blockers(state, unit)[1]` (a living ally other than the unit stands
    there), asked of the unit index without building the set of every ally's cell (issue 26)."""
    here = state.unit_index().team_cells.get(unit.team, {}).get(end, 0)
    return here > (1 if unit.alive and end == unit.pos else 0)


@dataclass(frozen=True)
class PlannedMove:
    cells: tuple[Cell, ...]
    costs: tuple[int, ...]  # cumulative, costs[0] == 0
    parities: tuple[int, ...]  # diagonal parity after each cell
    flying: bool = False  # R-SN-30: over water, elevation steps and ground fields


def _cumulative(grid: Grid, cells: Sequence[Cell], half_speed: bool, parity: int) -> PlannedMove:
    costs, parities = cumulative_costs(grid, cells, half_speed=half_speed, parity=parity)
    return PlannedMove(tuple(cells), tuple(costs), tuple(parities))


def plan_move(
    state: GameState, unit: UnitState, target: Cell | Sequence[Cell], search: MoveSearch | None = None
) -> PlannedMove:
    """The path a `move` order takes: the cheapest legal path to a target cell, or an explicit
    path checked step by step (R-MOVE-3, GRID-2). Raises IllegalOrder with the reason. A target
    cell's path is read off `search` (`search_moves`'s) when it still holds for the unit."""
    problem = movement_problem(unit)
    if problem:
        raise IllegalOrder(problem)
    grid = state.grid
    hs = at_half_speed(unit)
    explicit = not (len(target) == 2 and isinstance(target[0], (int, np.integer)))
    # the cells of the unit's friends (`blockers(...)[1]`) only for a flight or a new search: a
    # path asks only whether its last cell is a friend's (`_ends_on_friend`, issue 26)
    if unit.flight:
        blocked, no_stop = blockers(state, unit)
        if (flown := flight_path(state, unit, target, blocked, no_stop)) is not None:
            flat = _cumulative(air_grid(grid), flown, hs, unit.diagonal_parity)
            return dataclasses.replace(flat, flying=True)
    else:
        blocked = enemy_blockers(state, unit.team)
    water = water_cells(grid)
    if not explicit:
        goal = (int(target[0]), int(target[1]))  # type: ignore[arg-type]
        if not grid.in_bounds(goal):
            raise IllegalOrder(f"{goal} is outside the battlefield")
        if goal == unit.pos:
            raise IllegalOrder(f"{unit.name} is already at {goal}")
        avoid = blocked
        avoid_water = False
        if water and not unit.can_swim:
            if goal in water:
                raise IllegalOrder(f"{unit.name} cannot swim")
            avoid, avoid_water = avoid | water, True
        elif water and burdened(unit):
            avoid = avoid | (water - {goal})  # R-MOVE-10: Stopped on the first water cell
            avoid_water = goal not in water  # then it is the search `legal_moves` made
        known = None
        if search is not None:  # the search's path may not end on a friend (asked of that cell only)
            friend: frozenset[Cell] = frozenset({goal}) if _ends_on_friend(state, unit, goal) else frozenset()
            known = search.path_to(
                state, unit, goal, blocked=blocked, water=avoid_water, avoid=avoid, no_stop=friend
            )
        if known is not None:
            path_cells = known
        else:
            path = find_path(
                grid,
                unit.pos,
                goal,
                budget=unit.move_left,
                blocked=avoid,
                no_stop=blockers(state, unit)[1],
                half_speed=hs,
                diagonal_parity=unit.diagonal_parity,
                max_rise=max_rise(unit),
            )
            if path is None:
                raise IllegalOrder(f'{unit.name} cannot reach {goal} with {unit.move_left}" of Move left')
            path_cells = list(path.cells)
        cells: list[Cell] = path_cells
    else:
        cells = [(int(c[0]), int(c[1])) for c in target]  # type: ignore[union-attr]
        if not cells:
            raise IllegalOrder("empty path")
        if cells[0] != unit.pos:
            cells.insert(0, unit.pos)
        if len(cells) < 2:
            raise IllegalOrder("the path does not move")
        try:
            cost = path_cost(
                grid,
                cells,
                half_speed=hs,
                blocked=blocked,
                diagonal_parity=unit.diagonal_parity,
                max_rise=max_rise(unit),
            )
        except IllegalPath as exc:
            why = " (no jumping at Half Speed, R-MOVE-9)" if hs and "climbs" in str(exc) else ""
            raise IllegalOrder(f"illegal path: {exc}{why}") from None
        if _ends_on_friend(state, unit, cells[-1]):
            raise IllegalOrder(f"illegal path: the move ends on {cells[-1]}, a cell it may only pass through")
        if cost > unit.move_left:
            raise IllegalOrder(f'the path costs {cost}" but {unit.name} has {unit.move_left}" of Move left')
        for i, cell in enumerate(cells[1:], start=1):
            if cell in water and not unit.can_swim:
                raise IllegalOrder(f"{unit.name} cannot swim: step {i} enters water at {cell}")
            if cell in water and burdened(unit) and i < len(cells) - 1:
                raise IllegalOrder(
                    f"{unit.name} would be Stopped on entering water at {cell} (swimming in Armor or "
                    "with a heavy item, R-MOVE-10)"
                )
    return _cumulative(grid, cells, hs, unit.diagonal_parity)


# ---------------------------------------------------------------------------------------------
# Walking a path, with interruptions

StepCheck = Callable[[UnitState, Cell, Cell], Any]
"""(mover, previous cell, new cell) -> something truthy when Responses trigger there (`leave`:
before the step is taken)."""
StepResolve = Callable[[UnitState, Any], bool]
"""(mover, what step_check returned) -> False when the mover's Movement ends there."""
QuietSteps = Callable[[UnitState, Sequence[Cell]], Sequence[bool] | None]
"""(mover, the cells of its path, start included) -> for each index i, True when the step
cells[i-1] → cells[i] is sure to draw nothing from the walk's `check` and `leave` whatever cell
the mover stands on before it (None: ask at every step)."""


def walk(
    ctx: PlayContext,
    unit: UnitState,
    plan: PlannedMove,
    *,
    check: StepCheck | None = None,
    resolve: StepResolve | None = None,
    careful: bool = False,
    leave: StepCheck | None = None,
    quiet: QuietSteps | None = None,
) -> list[Cell]:
    """Move `unit` along `plan` (already legal), letting hazards and Responses interrupt
    (`careful`: the Action is spent crossing Spiked fields slowly, R-HAZ-15).

    `hazards.phase.resolve_path` gets the whole declared path first and returns the prefix
    actually travelled (concealed hazards, slow fields). Then the unit steps cell by cell; after
    each step `check` looks for triggered Responses and `resolve` plays them (the mover may be
    killed, Disrupted or Counter and stop); before each step `leave` looks for Responses to the
    mover leaving its cell (a ruleset's, R-NP-12), which `resolve` may answer by holding it there.
    Each uninterrupted stretch is one `unit_moved` event. Returns the cells travelled (start
    included). `quiet` (see `QuietSteps`) marks the steps `check` and `leave` are sure to find
    nothing at: the unit is carried past them (an empty cell or a friend's on the way, no water
    that stops it) and placed once, before the next step that may draw something or at the end,
    with the cell and facing the steps would have left it (issue 26).
    """
    cells = list(plan.cells)
    # the hazard events are held back until we know whether the unit makes it: a unit killed
    # or Disrupted on the way is first moved to the cell where it happened (unit_moved), then
    # the events that stopped it follow, in that order for the log and the listener
    listener, mark = ctx.listener, len(ctx.events)
    ctx.listener = None
    try:  # R-SN-30: a flyer passes over the ground fields and concealed hazards
        travelled = cells if plan.flying else list(hazards.resolve_path(ctx, unit, cells, careful=careful))
    finally:
        ctx.listener = listener
    hazard_events = ctx.events[mark:]
    if travelled[: len(cells)] != cells[: len(travelled)]:
        raise RuntimeError("hazards.resolve_path must return a prefix of the declared path")
    cells = travelled or cells[:1]
    if (not unit.alive or unit.disrupted) and len(cells) > 1:
        del ctx.events[mark:]
        _place_at_end(ctx, unit, plan, cells)
        for event in hazard_events:
            ctx.emit(event)
        return _off_friends(ctx, unit, cells)
    if listener is not None:
        for event in hazard_events:
            listener(event)
    water = water_cells(ctx.state.grid)
    hs = at_half_speed(unit)
    seg_start = 0
    walked = [cells[0]]
    start_spent = unit.move_spent

    def flush(i: int) -> None:
        nonlocal seg_start
        if i > seg_start:
            unit.move_spent = start_spent + plan.costs[i]
            unit.diagonal_parity = plan.parities[i]
            ctx.emit(
                UnitMoved(
                    unit.id,
                    [tuple(c) for c in cells[seg_start : i + 1]],
                    plan.costs[i] - plan.costs[seg_start],
                    unit.move_left,
                    hs,
                    unit.facing,
                )
            )
            seg_start = i

    if len(cells) > 1:
        unit.has_moved = True
    unseen = hidden_from(ctx.state, unit.team)  # enemies the path was planned through unknowingly
    last = 0
    calm = quiet(unit, cells) if quiet is not None else None
    placed = 0  # the unit stands on cells[placed]; the quiet steps after it are not taken yet
    end = len(cells) - 1
    for i in range(1, len(cells)):
        prev, cell = cells[i - 1], cells[i]
        other = ctx.state.unit_at(cell)
        if (
            calm is not None
            and calm[i]
            and (other is None or (other.team == unit.team and other is not unit and i < end))
            and not (cell in water and burdened(unit) and not plan.flying)
        ):
            walked.append(cell)
            last = i
            continue
        if placed < i - 1:  # where the quiet steps before this one would have left it
            unit.facing = str(facing_towards(cells[i - 2], prev))
            unit.pos = prev
            other = ctx.state.unit_at(cell)
        placed = i
        if other is not None and other.id != unit.id and (other.team != unit.team or i == len(cells) - 1):
            # a Responder stepped into the path (Angry Inch): the mover stops short
            flush(last)
            if other.id in unseen:
                _run_into(ctx, unit, other)
            else:
                ctx.emit(MovementStopped(unit.id, f"its path is blocked by {other.id}"))
            break
        leaving = leave(unit, prev, cell) if (leave is not None and unit.alive) else None
        if leaving:
            flush(last)
            held = resolve is not None and not resolve(unit, leaving)
            if not unit.alive or unit.disrupted:
                break
            if held:
                unit.stopped = True
                ctx.emit(MovementStopped(unit.id, "a Response keeps it from moving away"))
                break
        unit.facing = str(facing_towards(prev, cell))
        unit.pos = cell
        walked.append(cell)
        last = i
        stop_reason = None
        if cell in water and burdened(unit) and not plan.flying:
            stop_reason = "swimming in Armor or with a heavy item: immobilized (R-MOVE-10)"
        triggered = check(unit, prev, cell) if (check is not None and unit.alive) else None
        if triggered:
            flush(i)
            if resolve is not None and not resolve(unit, triggered):
                stop_reason = stop_reason or "its Movement ends in Close Combat (R-MOVE-5)"
        if not unit.alive or unit.disrupted:
            break
        if stop_reason:
            flush(i)
            unit.stopped = True
            ctx.emit(MovementStopped(unit.id, stop_reason))
            break
        if calm is not None and (triggered or leaving):  # a Response may have changed who can respond
            calm = quiet(unit, cells) if quiet is not None else None
    if placed < last:
        unit.facing = str(facing_towards(cells[last - 1], cells[last]))
        unit.pos = cells[last]
    flush(last)
    return _off_friends(ctx, unit, walked)


def _off_friends(ctx: PlayContext, unit: UnitState, walked: list[Cell]) -> list[Cell]:
    """A living unit whose move ends on a friend's cell it was only passing (a Response Disrupts,
    stops or holds it there) steps back to the last cell of its path no other living unit holds:
    one living unit per cell (docs/rules-decisions.md, issue 26). Returns the cells travelled."""
    if not unit.alive or len(walked) < 2 or len(ctx.state.occupied_cells().get(unit.pos, ())) < 2:
        return walked
    here = unit.pos
    back = len(walked) - 2
    while back > 0 and ctx.state.unit_at(walked[back]) is not None:
        back -= 1
    unit.pos = walked[back]
    ctx.emit(UnitMoved(unit.id, [here, unit.pos], 0, unit.move_left, False, unit.facing))
    return walked[: back + 1]


def _run_into(ctx: PlayContext, unit: UnitState, other: UnitState) -> None:
    """The move reaches the cell of an enemy its side did not see (G-16 Hidden, fog of war): it
    stops on the cell before, its Movement is over for the turn (R-MOVE-12; the Action is kept)
    and a Hidden enemy is revealed to everyone (docs/rules-decisions.md, issue 8)."""
    reveal(ctx, other, f"{unit.id} runs into it at {other.pos[0]},{other.pos[1]}")
    unit.stopped = True
    ctx.emit(
        MovementStopped(unit.id, f"it runs into {other.id}, unseen until now: its Movement ends (R-MOVE-12)")
    )


def _place_at_end(ctx: PlayContext, unit: UnitState, plan: PlannedMove, cells: list[Cell]) -> None:
    """A hazard on the declared path killed or Disrupted the unit at `cells[-1]` (a mine going off,
    Exposure on entry): it travelled exactly that prefix, with no Responses on the way (there is no
    one left to respond to), and lies there."""
    i = len(cells) - 1
    unit.has_moved = True
    unit.move_spent += plan.costs[i]
    unit.diagonal_parity = plan.parities[i]
    unit.facing = str(facing_towards(cells[-2], cells[-1]))
    unit.pos = cells[-1]
    ctx.emit(
        UnitMoved(
            unit.id,
            [tuple(c) for c in cells],
            plan.costs[i],
            unit.move_left,
            at_half_speed(unit),
            unit.facing,
        )
    )


# ---------------------------------------------------------------------------------------------
# Sprint (R-MOVE-18..21, GRID-7, A-7)


def charge_blocked(state: GameState, unit: UnitState, target: Cell) -> str | None:
    """Why a Charge at `target` cannot reach it whatever the Skill roll (R-MOVE-20: a Sprint's
    straight line, GRID-7): its line is blocked, runs off the table or into water, before it comes
    within reach; None when the best roll would bring it within 1" (what the Charge is offered for)."""
    cells, reason = _sprint_line(state, unit, target, unit.skill, forced=False)
    if any(max(abs(c[0] - target[0]), abs(c[1] - target[1])) <= 1 for c in cells):
        return None
    return reason


def charge_run(
    state: GameState, unit: UnitState, target: Cell, max_roll: int
) -> tuple[int, list[Cell]] | None:
    """The least Sprint roll (at most `max_roll`) whose straight line (R-MOVE-18/20, GRID-7: the
    rules' own steps — obstacles, corners, climbs, half-speed ground, water, units) ends within
    reach of `target`, and the cells that run covers; None when no such roll does (a planner
    weighing a Charge: the line a Euclidean distance promises may cut an obstacle's corner)."""
    for roll in range(0, max_roll + 1):
        cells, _reason = _sprint_line(state, unit, target, roll, forced=False)
        end = cells[-1]
        if max(abs(end[0] - target[0]), abs(end[1] - target[1])) <= 1:
            return roll, cells
    return None


def _sprint_line(
    state: GameState, unit: UnitState, toward: Cell, budget: int, forced: bool
) -> tuple[list[Cell], str]:
    """Cells of the straight line the Sprint covers within `budget`, and why it ends."""
    grid = state.grid
    pos = unit.pos
    if forced:
        dx, dy = toward[0] - pos[0], toward[1] - pos[1]
        k = math.ceil((2 * budget + 2) / max(abs(dx), abs(dy)))
        line = straight_line(pos, (pos[0] + k * dx, pos[1] + k * dy))
    else:
        line = straight_line(pos, toward)
    blocked, no_stop = blockers(state, unit)
    water = water_cells(grid)
    hs = at_half_speed(unit)
    cells = [pos]
    parity = unit.diagonal_parity
    spent = unit.move_spent
    reason = "reached its goal" if not forced else "ran the full distance (R-MOVE-21)"
    for nxt in line[1:]:
        prev = cells[-1]
        if not grid.in_bounds(nxt):
            reason = "off the table"
            break
        try:
            path_cost(grid, [prev, nxt], blocked=blocked, max_rise=max_rise(unit))
        except IllegalPath as exc:
            reason = f"the line is blocked ({exc})"
            break
        diagonal = prev[0] != nxt[0] and prev[1] != nxt[1]
        cost = step_cost(diagonal, parity, hs or bool(grid.half_speed[nxt[1], nxt[0]]))
        if spent + cost > unit.move + budget:
            reason = "out of Move" if not forced else "ran the full distance (R-MOVE-21)"
            break
        if nxt in water and not unit.can_swim:
            reason = "water ahead and it cannot swim"
            break
        spent += cost
        if diagonal:
            parity ^= 1
        cells.append(nxt)
        if nxt in water and burdened(unit):
            break
    while len(cells) > 1 and cells[-1] in no_stop:  # may pass allies, not end on them
        cells.pop()
    return cells, reason


@dataclass(frozen=True)
class SprintRoll:
    """One Sprint roll (R-MOVE-18/21), with any Overskill +1d6" (R-DICE-8c); a group shares it
    (R-MOVE-20)."""

    roll: SkillRoll
    boost: Any
    inches: int
    forced: bool


def roll_sprint(ctx: PlayContext, unit: UnitState) -> SprintRoll:
    """Roll `unit`'s Sprint: Skill die (and its Blessings), Overskill spent on +1d6" (A-7)."""
    roll = skill_roll(unit.skill, ctx.dice, purpose=f"{unit.id} sprint", **blessing_dice(unit, unit.skill))
    inches = roll.total
    boost = None
    if roll.overskill:  # R-DICE-8c / A-7: +1d6" (chaining d6s)
        ctx.ask(DecisionRequest("overskill", unit.id, unit.team, None, ("sprint",), "sprint"))
        boost = spend_overskill_on_stat(roll, ctx.dice, stat="sprint", base=roll.total)
        inches = boost.total
    chain = [d for d in roll.dice if d.kept] + (list(boost.boost.dice) if boost else [])
    forced = len(chain) >= 2 and chain[-1].face == 1  # R-MOVE-21, A-7
    return SprintRoll(roll, boost, inches, forced)


def sprint(
    ctx: PlayContext,
    unit: UnitState,
    toward: Cell,
    *,
    check: StepCheck | None = None,
    resolve: StepResolve | None = None,
    leave: StepCheck | None = None,
    shared: SprintRoll | None = None,
    leader: str | None = None,
) -> Sprinted:
    """Roll the Sprint (or use the group's `shared` roll of `leader`, R-MOVE-20) and run the
    straight line (the caller has checked and used the Action)."""
    state = ctx.state
    sprint_roll = shared if shared is not None else roll_sprint(ctx, unit)
    roll, boost, inches, forced = sprint_roll.roll, sprint_roll.boost, sprint_roll.inches, sprint_roll.forced
    burning = burning_penalty(ctx, unit)  # R-FIRE-5
    inches = max(0, inches + burning)
    unit.sprinting = True
    fell = roll.critical_failure and slippery_critical_failure(ctx, unit)  # R-HAZ-14
    cells, reason = _sprint_line(state, unit, toward, inches, forced) if not fell else ([unit.pos], "")
    shares = f" (shares {leader}'s Sprint roll, R-MOVE-20)" if leader is not None else ""
    text = f"{unit.id} sprints toward {tuple(toward)}{shares}: {roll.explain()}"
    if boost is not None:
        text += f"; Overskill {boost.explain()}"
    if burning:
        text += f"; on fire {burning:+d} (R-FIRE-5)"
    text += f' → +{inches}" of Move in a straight line (R-MOVE-18)'
    if forced:
        text += "; the Critical Successes end in a 1: it must run the full distance (R-MOVE-21)"
    event = ctx.emit(
        Sprinted(
            unit.id,
            toward,
            roll.to_dict(),
            boost.to_dict() if boost else None,
            inches,
            unit.move_left + inches,
            forced,
            text,
        )
    )
    unit.bonus_move += inches  # the extra inches count as Move for this turn (reset at its next turn)
    plan = _cumulative(state.grid, cells, at_half_speed(unit), unit.diagonal_parity)
    if len(cells) > 1:
        walk(ctx, unit, plan, check=check, resolve=resolve, leave=leave)
    if fell:
        pass  # Disrupted where it stood: helpless until its next turn (R-MOVE-16)
    elif unit.alive and reason == "off the table":
        kill(ctx, unit.id, "ran off the table (R-MOVE-21)")
    elif unit.alive and not unit.stopped:
        unit.stopped = True
        ctx.emit(MovementStopped(unit.id, f"the Sprint is over: {reason} (R-MOVE-18)"))
    return event
