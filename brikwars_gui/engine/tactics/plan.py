"""A plan for one unit's activation: where it ends its Movement and what it does with its Action,
with the numbers behind its score (shared by the planner, the hand-order plans and `explain`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from brikwars_gui.engine.rules.actions import Attack, Sprint
from brikwars_gui.engine.state import Cell

#: Plans that move to `dest` and then give their hand `order` there (notes[0] says what it does);
#: "skill" is a ruleset's own Action (`SkillTurn`, tactics/skill_plans.py).
HAND_KINDS = ("shove", "operate", "reset", "skill")


@dataclass
class Plan:
    """One candidate: where to end, what to do, and the numbers behind its score."""

    kind: str  # "move_attack" | "attack_move" | "hold" | "sprint" | "charge" | "firefight" | HAND_KINDS
    dest: Cell
    score: float
    target: str | None = None
    weapon: str | None = None
    hit: float = 0.0
    kill: float = 0.0
    risk: float = 0.0  # expected kills it suffers this turn from Responses
    later: float = 0.0  # expected kills it may suffer on the enemy's next turn
    hazard: float = 0.0
    toward: Cell | None = None  # sprint goal; a Shove's victim's cell
    notes: list[str] = field(default_factory=list)
    path: tuple[Cell, ...] | None = None  # the move's explicit path (round a hazard), else the rules'
    order: Any = None  # a hand order (FightFire, Shove, Operate, SkillTurn...) given at `dest`
    free: bool = False  # costs neither Action nor Movement (an SN cast by touch): taken first, then replanned


def action_for(plan: Plan) -> Any:
    """The Action order of a plan (None: hold)."""
    if plan.order is not None:
        return plan.order
    if plan.kind == "sprint" and plan.toward is not None:
        return Sprint(plan.toward)
    if plan.target and plan.weapon:
        return Attack(plan.weapon, plan.target)
    return None
