"""Shove (R-MOVE-15, G-11): a close-combat Action that knocks a unit off its feet.

G-11 (PROPOSED): a Shove pushes its target 2" and Disrupts it. Readings (docs/rules-decisions.md,
"Player Turn"): the shover needs a free arm (not swimming, R-MOVE-4) and a living unit within
close-combat reach (GRID-4) no larger than itself; the Skill Roll is an easy task, Use 2 (R-ACT-3),
with the Target Size modifier (G-5) and the burning penalty (R-FIRE-5); a Disrupted target is
shoved automatically (R-MOVE-16). On a success the target slides up to 2 cells straight away from
the shover (the direction from the shover's cell to the target's, one of the 8), stopping before an
obstacle, another unit, the table edge or a rise of more than 3 bricks (GRID-9), and is Disrupted
even if it could not move (R-MOVE-15). Hazards on the cells it slides over are not rolled.
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import within_reach
from brikwars_gui.engine.grid import MAX_CLIMB_BRICKS
from brikwars_gui.engine.hazards.concealed import landing_check
from brikwars_gui.engine.hazards.terrain import slippery_critical_failure
from brikwars_gui.engine.rules.combat import (
    Mishap,
    action_chance,
    burning_penalty,
    target_size_penalty,
)
from brikwars_gui.engine.rules.common import (
    USE_RATINGS,
    IllegalOrder,
    PlayContext,
    turn_to,
    two_armed_problem,
)
from brikwars_gui.engine.rules.damage import disrupt
from brikwars_gui.engine.rules.movement import UnitMoved
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.visibility import reveal, unit_visible_to, unseen_occupant

#: G-11 / R-ACT-3: shoving a minifig over is an easy task.
SHOVE_USE = USE_RATINGS["easy"] or 2
#: G-11: a Shove pushes its target 2".
SHOVE_DISTANCE = 2


@register_event
class Shoved(Event):
    """R-MOVE-15, G-11: a Shove; on a success `path` is where the target slid (start included)."""

    kind = "shoved"
    unit: str
    target: str
    needed: int | None
    roll: dict[str, Any] | None
    automatic: bool
    success: bool
    path: list[tuple[int, int]]
    text: str

    def describe(self) -> str:
        return self.text


def plan_shove(
    state: GameState, unit: UnitState, target_id: str, *, origin: Cell | None = None
) -> tuple[int | None, float]:
    """(needed number or None for an automatic Shove, chance of success); raises IllegalOrder.
    `origin`: the cell the shover would stand on (default: where it stands; the computer player
    weighs Shoves after a move)."""
    target = state.units.get(target_id)
    if target is None or not target.alive or not unit_visible_to(state, unit.team, target):  # G-16, fog
        raise IllegalOrder(f"no living unit {target_id!r} to Shove")
    if target.id == unit.id:
        raise IllegalOrder(f"{unit.name} cannot Shove itself")
    problem = two_armed_problem(state, unit)
    if problem:
        raise IllegalOrder(problem)
    if not within_reach(unit.pos if origin is None else origin, target.pos):
        raise IllegalOrder(f"{target.name} is out of close-combat reach for a Shove (G-11)")
    if target.size > unit.size:
        raise IllegalOrder(f"{unit.name} is too small to Shove {target.name} (G-11)")
    if target.disrupted:
        return None, 1.0  # R-MOVE-16: it lies there, an inanimate object
    needed = SHOVE_USE + target_size_penalty(target.size)
    return needed, action_chance(state, unit, needed, kind="shove")  # R-FIRE-5 penalty included


def shove_path(
    state: GameState,
    unit: UnitState,
    target: UnitState,
    *,
    origin: Cell | None = None,
    known_to: str | None = None,
) -> list[Cell]:
    """The cells the target slides over, straight away from the shover (start included);
    `origin` as in `plan_shove`. With `known_to` (a team), the path as that side expects it: units
    it does not see do not stop it (planning must not give them away; G-16, fog of war)."""
    grid = state.grid
    ux, uy = unit.pos if origin is None else origin
    dx = (target.pos[0] > ux) - (target.pos[0] < ux)
    dy = (target.pos[1] > uy) - (target.pos[1] < uy)
    cells = [target.pos]
    for _ in range(SHOVE_DISTANCE):
        (x, y), nxt = cells[-1], (cells[-1][0] + dx, cells[-1][1] + dy)
        if not grid.in_bounds(nxt) or not grid.passable[nxt[1], nxt[0]]:
            break
        if dx and dy and not (grid.passable[y, x + dx] and grid.passable[y + dy, x]):
            break  # no corner-cutting (GRID-2)
        if int(grid.elevation[nxt[1], nxt[0]]) - int(grid.elevation[y, x]) > MAX_CLIMB_BRICKS:
            break
        if state.unit_at(nxt) is not None and (
            known_to is None or unseen_occupant(state, known_to, nxt) is None
        ):
            break
        cells.append(nxt)
    return cells


def shove_roll(
    ctx: PlayContext, unit: UnitState, needed: int | None, parts: list[str], what: str
) -> tuple[Any, bool]:
    """The Shove's Skill Roll (also a SuperNatural Grab's, R-SN-10): (roll or None, success);
    `needed` None is automatic (R-MOVE-16). Appends its words to `parts`."""
    if needed is None:
        parts.append("automatic on a Disrupted target (R-MOVE-16)")
        return None, True
    burning = burning_penalty(ctx, unit)  # R-FIRE-5
    if burning:
        parts.append(f"on fire {burning:+d} (R-FIRE-5)")
    roll = ruleset_of(ctx.state).action_roll(
        ctx,
        unit,
        sides=unit.skill,
        kind="shove",
        use=SHOVE_USE,
        penalty=needed - SHOVE_USE - burning,
        purpose=f"{unit.id} {what}",
    )
    parts.append(roll.explain())
    return roll, bool(roll.success)


def shove(ctx: PlayContext, unit: UnitState, target_id: str) -> Shoved:
    """Roll the Shove and push/Disrupt the target (the caller has checked and used the Action)."""
    state = ctx.state
    needed, _ = plan_shove(state, unit, target_id)
    target = state.units[target_id]
    turn_to(ctx, unit, target.pos)
    parts = [f"{unit.id} shoves {target_id}"]
    roll, success = shove_roll(ctx, unit, needed, parts, "shove")
    path = shove_path(state, unit, target) if success else [target.pos]
    unseen = None
    if success:  # the slide stops at a unit the shover's side did not see: found (G-16, fog)
        expected = shove_path(state, unit, target, known_to=unit.team)
        if len(expected) > len(path):
            unseen = unseen_occupant(state, unit.team, expected[len(path)])
        moved = len(path) - 1
        parts.append(f'pushed {moved}" and knocked off its feet (R-MOVE-15)')
        if unseen is not None:
            parts.append(f"it slides into {unseen.id}, unseen until now (G-16)")
    else:
        parts.append("it keeps its footing")
    event = ctx.emit(
        Shoved(
            unit.id,
            target_id,
            roll.needed if roll is not None else needed,  # with the R-FIRE-5 penalty rolled
            roll.to_dict() if roll is not None else None,
            needed is None,
            success,
            [tuple(c) for c in path],
            "; ".join(parts),
        )
    )
    if unseen is not None:
        reveal(ctx, unseen, f"{target_id} is shoved into it at {unseen.pos[0]},{unseen.pos[1]}")
    if roll is not None and roll.critical_failure:
        ctx.emit(Mishap(unit.id, "Shove", "the Action fails (G-9)"))
        slippery_critical_failure(ctx, unit)  # R-HAZ-14
    if success:
        if len(path) > 1:
            target.pos = path[-1]
            ctx.emit(
                UnitMoved(target.id, [tuple(c) for c in path], 0, target.move_left, False, target.facing)
            )
        disrupt(ctx, target.id, "knocked off its feet by a Shove (R-MOVE-15)")
        if len(path) > 1:  # R-HAZ-19: thrown onto a concealed field, it rolls vs the inches flown
            landing_check(ctx, target.id, target.pos, len(path) - 1)
    return event  # type: ignore[return-value]
