"""Hand orders the tactical AI weighs against attacking and holding (Chapter F): putting a fire
out — its own by rolling on the ground (G-23), a friend's or a nearby object's with firefighting
apparatus (R-FIRE-11) — and, through `hand_plans`, Shoves (`shove_plans`) and Traps
(`trap_plans`). Scored in the planner's units ("kills"), so a burning unit with a good shot still
takes it and one without puts itself out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.order_families import legal_actions
from brikwars_gui.engine.rules.common import unable_problem
from brikwars_gui.engine.rules.hazard_actions import FightFire, RollOnGround
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.shove_plans import shove_plans
from brikwars_gui.engine.tactics.threat import FIRE_DANGER, ThreatMap
from brikwars_gui.engine.tactics.trap_plans import trap_plans

if TYPE_CHECKING:
    from brikwars_gui.engine.tactics.planner import Planner

#: Worth of an inch of fire put out on an object (it may spread to units, R-FIRE-8), in kills.
OBJECT_FIRE_INCH = 0.05


def fire_plans(
    state: GameState, unit: UnitState, here_score: float, here_hazard: float, caution: float
) -> list[Plan]:
    """Firefighting plans from where the unit stands (`here_score`: the position's own score, of
    which `here_hazard` is the danger of the cell — its own fire, gone once rolled out)."""
    if unit.action_used or unable_problem(unit) is not None:
        return []
    out: list[Plan] = []
    for option in legal_actions(state, unit, kinds=("roll_on_ground", "fight_fire")):
        order = option.action
        if isinstance(order, RollOnGround):
            size = max(1, unit.fire_size)
            saved = FIRE_DANGER * (1.0 if size <= 1 else 0.5)  # out now, or one inch smaller
            gone = here_hazard if size <= 1 else 0.0  # the cell's danger was this fire
            note = "rolls on the ground to put out its fire (G-23)"
        elif isinstance(order, FightFire):
            fire = state.fires.get(order.fire)
            if fire is None or unit.apparatus <= 0:
                continue
            share = min(1.0, unit.apparatus / max(1, fire.size))
            target = state.units.get(fire.target or "")
            if target is not None:
                if target.team != unit.team:
                    continue  # the enemy's fire is the enemy's problem
                saved = FIRE_DANGER * share
                note = f"fights the fire on {target.name} (R-FIRE-11)"
            else:
                saved = OBJECT_FIRE_INCH * min(unit.apparatus, fire.size)
                note = f"fights fire {fire.id} (R-FIRE-11)"
            gone = 0.0
        else:
            continue
        plan = Plan("firefight", unit.pos, here_score + gone + caution * saved, order=order)
        plan.notes.append(note)
        out.append(plan)
    return out


def hand_plans(
    planner: Planner,
    unit: UnitState,
    cells: list[Cell],
    ready: np.ndarray,
    risk: np.ndarray,
    tm: ThreatMap,
    caution: float,
) -> list[Plan]:
    """Shove and Trap plans from the candidate cells (`ready`: each cell's score with the
    Responses the move draws, `risk` those Responses); empty at once with no enemy within a
    move and a step and no Trap in the battle, and unable units do nothing by hand."""
    if unable_problem(unit) is not None:
        return []
    return shove_plans(planner, unit, cells, ready, risk, tm, caution) + trap_plans(
        planner, unit, cells, ready, risk, tm, caution
    )
