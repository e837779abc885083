"""The Angry Inch (R-RESP-2, GRID-4): a responder with a saved Action may take one free 1" step to
bring a mover or an attacker into reach, Range or sight, then strike or shoot. Which cells it may
step to, which shots each offers (best chance first, as the Response prompt ranks them), the
what-if the forecast cards ask (`stepped_to`), and the step itself. Used by the movement and
attack Responses in `response`.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from brikwars_gui.engine.geometry import chebyshev, distance, facing_towards, has_line_of_sight, in_range
from brikwars_gui.engine.grid import step_allowed
from brikwars_gui.engine.journal import begin, rollback
from brikwars_gui.engine.rules.combat import AttackPlan, plan_attack
from brikwars_gui.engine.rules.common import (
    DecisionRequest,
    IllegalOrder,
    PlayContext,
    max_rise,
    parse_cell,
    ranged_weapons,
    turn_to,
    weapon_named,
)
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.rules.movement import MovementStopped, UnitMoved
from brikwars_gui.engine.rules.response_events import Responded
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, UnitState, WeaponState
from brikwars_gui.engine.visibility import knows_occupied, reveal, unseen_occupant


def step_cells(ctx: PlayContext, responder: UnitState) -> list[Cell]:
    """R-RESP-2, GRID-4: the cells one Angry Inch away — a neighbour that is free as far as the
    responder's side knows, passable, within the climb limit (no corner cutting) and dry (R-MOVE-4:
    it could not strike or shoot from the water). A step onto an unseen unit: `step_blocked`."""
    state = ctx.state
    water = water_cells(state.grid)
    cells = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            c = (responder.pos[0] + dx, responder.pos[1] + dy)
            # an unseen enemy's cell is offered (G-16, fog)
            if (dx, dy) == (0, 0) or c in water or knows_occupied(state, responder.team, c):
                continue
            if step_allowed(state.grid, responder.pos, c, max_rise(responder)):
                cells.append(c)
    return cells


def angry_inch_cells(ctx: PlayContext, responder: UnitState, target: Cell) -> list[Cell]:
    cells = [c for c in step_cells(ctx, responder) if chebyshev(c, target) <= 1]
    return sorted(cells, key=lambda c: (distance(c, target), c))


def _clear_shot(ctx: PlayContext, origin: Cell, at: Cell, weapon: WeaponState) -> bool:
    """A ranged weapon reaches `at` from `origin` within its Range (R-ACT-6) with a clear line of
    sight (GRID-5)."""
    return in_range(origin, at, weapon.range or 0) and has_line_of_sight(
        ctx.state.grid, origin, at, smoke=ctx.state.smoke_between(origin, at)
    )


def in_inch_zone(
    ctx: PlayContext, responder: UnitState, at: Cell, cells: Callable[[], list[Cell]]
) -> bool:
    """R-RESP-2 for Ranged reach: no ranged weapon has `at` in Range and in sight from where the
    responder stands, but one has from one of `cells()` (its Angry Inch cells, `step_cells`: asked
    only then, issue 26)."""
    weapons = ranged_weapons(responder)
    if not weapons:
        return False
    reach = max(w.range or 0 for w in weapons)
    if not in_range(responder.pos, at, reach + 1.5):  # a step is at most √2" (diagonal)
        return False
    if any(_clear_shot(ctx, responder.pos, at, w) for w in weapons):
        return False
    return any(_clear_shot(ctx, c, at, w) for c in cells() if c != at for w in weapons)


def weighed(state: Any, unit: UnitState, plan: AttackPlan, step: Cell | None = None) -> AttackPlan:
    """`plan` with the chance to hit the forecast card gives (`Ruleset.attack_chance`; `step`: the
    Angry Inch cell it was planned from): what the Response prompts show and rank answers by."""
    chance = ruleset_of(state).attack_chance(state, unit, weapon_named(unit, plan.weapon), plan, step=step)
    return plan if chance == plan.chance else dataclasses.replace(plan, chance=chance)


def inch_shots(ctx: PlayContext, responder: UnitState, target_id: str) -> dict[Cell, list[AttackPlan]]:
    """The Angry Inch cells (R-RESP-2) from which a ranged weapon has the target in Range and in
    sight, each with those attacks' plans, best chance first."""
    out: dict[Cell, list[AttackPlan]] = {}
    target = ctx.state.units.get(target_id)
    for c in step_cells(ctx, responder):
        plans = []
        for w in ranged_weapons(responder):
            if target is not None and w.range is not None and distance(c, target.pos) > w.range:
                continue  # Out of Range from there (R-ACT-6), as `plan_attack` would find
            with contextlib.suppress(IllegalOrder):
                p = plan_attack(ctx.state, responder, w, target_id, origin=c)
                if p.out_of_range == 0:
                    plans.append(weighed(ctx.state, responder, p, c))
        if plans:
            out[c] = sorted(plans, key=lambda p: (-p.chance, p.weapon))
    return out


def any_inch_shot(ctx: PlayContext, responder: UnitState, target_id: str) -> bool:
    """`bool(inch_shots(...))`, stopping at the first Angry Inch cell and weapon that has the
    target in Range and in sight (a bystander is offered the Angry Inch only then)."""
    weapons = ranged_weapons(responder)
    target = ctx.state.units.get(target_id)
    for c in step_cells(ctx, responder) if weapons else ():
        for w in weapons:
            if target is not None and w.range is not None and distance(c, target.pos) > w.range:
                continue  # Out of Range from there (R-ACT-6), as `plan_attack` would find
            with contextlib.suppress(IllegalOrder):
                if plan_attack(ctx.state, responder, w, target_id, origin=c).out_of_range == 0:
                    return True
    return False


def _ranked_inch_cells(shots: dict[Cell, list[AttackPlan]], at: Cell) -> list[Cell]:
    """Angry Inch cells as offered: the best chance to hit first, then nearest the target."""
    return sorted(shots, key=lambda c: (-shots[c][0].chance, distance(c, at), c))


def angry_inch_default(ctx: PlayContext, responder: UnitState, target_id: str) -> tuple[Cell, str] | None:
    """The cell and weapon the default answers pick for an Angry Inch shot at `target_id`
    (`inch_and_shoot`: the first cell offered, its best weapon), or None when no step helps."""
    shots = inch_shots(ctx, responder, target_id)
    if not shots:
        return None
    cell = _ranked_inch_cells(shots, ctx.state.units[target_id].pos)[0]
    return cell, shots[cell][0].weapon


@contextlib.contextmanager
def stepped_to(unit: UnitState, cell: Cell, facing: Cell) -> Iterator[None]:
    """What if `unit` stood on `cell` turned to `facing` (the Angry Inch, R-RESP-2): the change is
    journaled and undone on leaving, so the attack forecast can ask the rules from there."""
    journal = begin()
    try:
        unit.pos = cell
        unit.facing = str(facing_towards(cell, facing))
        yield
    finally:
        rollback(journal)


def inch_and_shoot(
    ctx: PlayContext, responder: UnitState, target: UnitState, reason: str, *, decline: bool
) -> tuple[WeaponState, AttackPlan] | None:
    """R-RESP-2 for Ranged reach: ask where to take the Angry Inch (`angry_inch`, one option per
    cell, the default the cell with the best chance to hit, then nearest the target) and with
    which weapon to shoot (`shoot`), spend the saved Action and step. Returns the attack to
    resolve, or None when declined or no cell helps."""
    shots = inch_shots(ctx, responder, target.id)
    if not shots:
        return None
    ranked = _ranked_inch_cells(shots, target.pos)
    options = [f"{c[0]},{c[1]}" for c in ranked] + (["decline"] if decline else [])
    answer = ctx.ask(
        DecisionRequest(
            "angry_inch",
            responder.id,
            responder.team,
            target.id,
            tuple(options),
            options[0],
            {
                "reason": reason,
                "chances": {f"{c[0]},{c[1]}": round(shots[c][0].chance, 3) for c in ranked},
            },
        )
    )
    if answer == "decline":
        return None
    cell = parse_cell(answer)
    plans = shots[cell]
    weapons = tuple(f"attack:{p.weapon}" for p in plans)
    choice = ctx.ask(
        DecisionRequest(
            "shoot",
            responder.id,
            responder.team,
            target.id,
            weapons,
            weapons[0],
            {"chances": {f"attack:{p.weapon}": p.chance for p in plans}, "from": answer},
        )
    )
    if step_blocked(ctx, responder, cell):
        return None
    responder.saved_action = False
    ctx.emit(Responded(responder.id, target.id, reason, f"angry_inch:{answer} {choice}"))
    inch_step(ctx, responder, cell, target.pos)
    weapon = weapon_named(responder, choice.split(":", 1)[1])
    return weapon, plan_attack(ctx.state, responder, weapon, target.id)


def step_blocked(ctx: PlayContext, unit: UnitState, cell: Cell) -> bool:
    """The Angry Inch meets a unit its side did not see on `cell`: as a move into an unseen unit
    (R-MOVE-12, G-16) it stays where it is and finds it (a Hidden one is revealed); no attack
    follows and it keeps its saved Action (docs/rules-decisions.md)."""
    other = unseen_occupant(ctx.state, unit.team, cell)
    if other is None:
        return False
    reveal(ctx, other, f"{unit.id} steps into it at {cell[0]},{cell[1]}")
    ctx.emit(
        MovementStopped(
            unit.id, f"its Angry Inch runs into {other.id}, unseen until now: it stays (R-RESP-2, G-16)"
        )
    )
    return True


def inch_step(ctx: PlayContext, unit: UnitState, cell: Cell, facing: Cell) -> None:
    """The Angry Inch itself (R-RESP-2): one free step, no Movement spent, turning to `facing`."""
    start = unit.pos
    unit.pos = cell
    turn_to(ctx, unit, facing)
    ctx.emit(UnitMoved(unit.id, [start, cell], 0, 0, False, unit.facing))
