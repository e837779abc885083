"""R-RESP-2: a saved Action spent as a Response to operate a critical object — pull the lever of
a Trap aimed where an enemy has just stepped (a dart trap down a corridor, a murder hole, a
turret: R-TRAP-1), taking the Angry Inch first when the object is one step beyond reach.

A step of an enemy into the aim of a ready Trap (known to the responder's side, R-TRAP-3) draws
the question `operate_response` from every unit that holds its Action (R-RESP-1), perceives the
step (R-RESP-3) and stands within 1" of the Trap's trigger object — or one Angry Inch from a cell
within 1" of it (R-RESP-2). Options: `operate:<object>` or `decline`; the default (the computer's
answer) operates when the first unit in the aim after the step is an enemy of the responder.
Operating spends the saved Action and fires the object's Traps as an Operate order would
(`traps.interact`); the mover's Movement goes on unless that stops it.
"""

from __future__ import annotations

from brikwars_gui.engine.geometry import chebyshev, sees
from brikwars_gui.engine.hazards.traps import aim_cells, aim_target, aimed, interact, ready
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext, can_respond, swimming
from brikwars_gui.engine.rules.hazard_actions import ObjectOperated
from brikwars_gui.engine.state import Cell, GameState, TrapState, UnitState

KIND = "operate:"
"""Trigger kind prefix: `operate:<object id>` (see `rules/response.resolve_movement_triggers`)."""


def _wired(ctx: PlayContext, team: str) -> dict[str, list[TrapState]]:
    """Trigger object id → the aimed, ready Traps on it that `team` knows (R-TRAP-1/3)."""
    out: dict[str, list[TrapState]] = {}
    for trap in ctx.state.traps.values():
        obj = ctx.state.objects.get(trap.trigger)
        if obj is None or obj.destroyed or not aimed(trap) or not ready(ctx, trap):
            continue
        if ctx.state.trap_known_to(team, trap):
            out.setdefault(trap.trigger, []).append(trap)
    return out


def operate_triggers(ctx: PlayContext, mover: UnitState, prev: Cell, cell: Cell) -> list[tuple[str, str]]:
    """(`operate:<object>`, responder id) for every holder of a saved Action who may pull the
    trigger of a Trap whose aim the step prev → cell has just entered (see the module docstring)."""
    state = ctx.state
    if not state.traps:
        return []
    out: list[tuple[str, str]] = []
    for other in sorted(state.units.values(), key=lambda u: u.id):
        if other.team == mover.team or not other.alive or not can_respond(other) or swimming(state, other):
            continue
        for obj_id, traps in sorted(_wired(ctx, other.team).items()):
            entered = any(cell in aim and prev not in aim for aim in (aim_cells(state, t) for t in traps))
            if not entered or not any(chebyshev(other.pos, c) <= 2 for c in state.objects[obj_id].cells):
                continue
            smoke = state.smoke_between(other.pos, cell, other.size)
            if sees(state.grid, other.pos, other.facing, cell, smoke=smoke):
                out.append((KIND + obj_id, other.id))
    return out


def steps_to(
    state: GameState, responder: UnitState, obj_id: str, step_cells: list[Cell]
) -> list[Cell] | None:
    """Where the responder stands to operate `obj_id`: [] when it is already within 1", else the
    Angry Inch cells (of `step_cells`) within 1" of the object (R-RESP-2); None when out of reach."""
    cells = state.objects[obj_id].cells
    if any(chebyshev(responder.pos, c) <= 1 for c in cells):
        return []
    steps = sorted(c for c in step_cells if any(chebyshev(c, o) <= 1 for o in cells))
    return steps or None


def wants_to_operate(ctx: PlayContext, responder: UnitState, mover: UnitState, obj_id: str) -> bool:
    """Ask the responder's player `operate_response` (the default: operate when the first unit
    in an aim of the object's Traps is an enemy)."""
    state = ctx.state
    traps = _wired(ctx, responder.team).get(obj_id, [])
    first = next((aim_target(state, t)[0] for t in traps if aim_target(state, t)[0] is not None), None)
    hostile = first is not None and state.units[first].team != responder.team
    answer = ctx.ask(
        DecisionRequest(
            "operate_response",
            responder.id,
            responder.team,
            mover.id,
            (KIND + obj_id, "decline"),
            KIND + obj_id if hostile else "decline",
            {"object": state.objects[obj_id].name, "traps": [t.name for t in traps], "first_in_aim": first},
        )
    )
    return answer != "decline"


def pull(ctx: PlayContext, responder: UnitState, obj_id: str) -> None:
    """Operate the object with the saved Action: its Traps fire (R-TRAP-1/2)."""
    responder.saved_action = False
    ctx.emit(ObjectOperated(responder.id, obj_id, None))
    interact(ctx, responder.id, obj_id)
