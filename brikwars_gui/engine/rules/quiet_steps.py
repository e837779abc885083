"""Steps of a walk that no enemy can respond to, found once per path (issue 26).

`movement.walk` asks `response.movement_triggers` after every step of a move. That query finds
the enemies within `trigger_radius` of the step (the longest Range in the battle + the Angry
Inch) that hold a saved Action (R-RESP-1), can act (R-MOVE-16) and are not swimming (R-MOVE-4),
and considers only those: with none, no Response is possible there and it returns the Traps'
triggers alone (`operate_triggers`). `quiet_steps` answers that "none" for every step of a path
at once, from the unit index's numpy columns, so the walk carries the mover past those steps
without asking (and places it once, where something may happen or at the end).

What the answer depends on does not change while the mover walks: the responders' cells, saved
Actions, Disruption and water; the mover's own cell is not part of it. A Response played on the
way may change them, so the walk asks again after each one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from brikwars_gui.engine.rules.common import PlayContext, swimming
from brikwars_gui.engine.rules.response import trigger_radius
from brikwars_gui.engine.state import Cell, UnitState


def quiet_steps(ctx: PlayContext, mover: UnitState, cells: Sequence[Cell]) -> list[bool]:
    """For each index i of `cells` (the step cells[i-1] → cells[i]; index 0 is the start and
    always False): True when no enemy that could respond stands within `trigger_radius` of
    cells[i], so `movement_triggers` finds no Response there. The Traps' triggers are not
    covered: a caller with Traps on the table must ask every step."""
    quiet = [False] * len(cells)
    if len(cells) < 2:
        return quiet
    index = ctx.state.unit_index()
    if not index.may_respond_to(mover.team):  # no enemy holds a saved Action (a side's first turn)
        return [False, *[True] * (len(cells) - 1)]
    radius = trigger_radius(ctx)
    r = int(min(radius, 1e9)) + 1
    xs, ys = [c[0] for c in cells[1:]], [c[1] for c in cells[1:]]
    # alive, a saved Action, not Disrupted (`can_respond`), and near the path's box
    rows = index.responders_in(mover.team, (min(xs) - r, min(ys) - r), (max(xs) + r, max(ys) + r))
    if not len(rows):
        return [False, *[True] * (len(cells) - 1)]  # most steps of a battle: no one near to answer
    steps = np.array(cells[1:], dtype=np.int64).reshape(-1, 2)
    foes = index.xy[rows]
    dx = steps[:, 0, None] - foes[None, :, 0]
    dy = steps[:, 1, None] - foes[None, :, 1]
    within = dx * dx + dy * dy <= radius * radius  # `geometry.in_range`, as movement_triggers tests it
    cols = np.flatnonzero(within.any(axis=0)).tolist()
    if not cols:
        return [False, *[True] * (len(cells) - 1)]
    state = ctx.state
    able = [c for c in cols if not swimming(state, index.by_id[int(rows[c])])]
    near = within[:, able].any(axis=1) if able else np.zeros(len(steps), dtype=bool)
    return [False, *(~near).tolist()]
