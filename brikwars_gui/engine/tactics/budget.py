"""A planning budget for huge battles (issue 26): the tactical AI's round within about 2 s.

The planner scores every reachable cell of a unit against its targets, Sprint lines, saved-Action
values and exact paths: about 30 ms a unit on 500 units, far more on 2,000, and a round of
Normal on 2,000 units took minutes. A human commander of a huge battle does not plan every
soldier's step either: the companies far from the enemy march on, and the commander's attention
goes to where the fighting is. So, only when more than `MIN_UNITS` units stand on the table (the
samples have at most 40, so their games never change):

* a unit that no known enemy can reach this turn or the next, nor it any enemy (the straight-line
  distance against both sides' Move, longest Sprint and longest weapon Range, twice for the unit
  — a lower bound of the way round, so no unit near the enemy is taken for far) advances by the
  default AI's move (`engine/ai.py`: toward the nearest enemy by the cheapest path, firefighting
  and the fog-of-war search included) and is not planned;
* of the others, the nearest to the enemy are planned in full each turn, at most `FULL_PLANS` of
  them and no more once the enemies they weigh add up to `PLAN_WORK` (a unit in a dense front
  weighs hundreds of enemies, each target against each responder: seconds of planning); the rest
  play the default AI too (it shoots what it can hit with a fair chance, else closes in).

Hard's play-outs already stop above `rollout.MAX_UNITS` units; its lookahead over the next units
(`Behaviour.lookahead`) looks only at units planned in full.
"""

from __future__ import annotations

import numpy as np

from brikwars_gui.engine.rules.common import ranged_weapons
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import UnitState
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.threat import known_enemies

#: Living units on the table above which the budget applies (the large battle sample has 40).
MIN_UNITS = 100
#: Units planned in full per turn beyond `MIN_UNITS`, the nearest to the enemy first.
FULL_PLANS = 40
#: Enemies within reach (as `cheap_units` counts them) summed over the units planned in full a turn:
#: the planner's work grows with them (every target against every responder).
PLAN_WORK = 400
#: Inches added to every reach (the Angry Inch and a diagonal step's rounding).
MARGIN = 3.0


def _threat_reach(unit: UnitState) -> float:
    """How far the unit can strike in one turn: Move, the longest Sprint (R-MOVE-18: Move plus
    a Skill roll, counted as two sides' worth as the planner's `_sprint` declares it) and its
    longest weapon Range (close combat: reach, 1.5")."""
    sides = max(2, unit.skill)
    weapon = max((w.range or 0 for w in ranged_weapons(unit)), default=0.0)
    return unit.move + 2 * sides + max(1.5, weapon)


def cheap_units(game: Game, units: list[str]) -> set[str]:
    """The units of `units` (the active player's, to activate this turn) that take the cheap path:
    none while `MIN_UNITS` or fewer units stand on the table."""
    state = game.state
    living = [u for u in state.units.values() if u.alive]
    if len(living) <= MIN_UNITS or not units:
        return set()
    mine = [game.unit(uid) for uid in units]
    enemies = known_enemies(state, game.active_player)
    if not enemies:
        return set(units)  # nothing known (fog of war): the default AI searches
    own_xy = np.array([u.pos for u in mine], dtype=float)
    foe_xy = np.array([e.pos for e in enemies], dtype=float)
    own_reach = np.array([2 * _threat_reach(u) for u in mine])  # this turn and the next
    foe_reach = np.array([_threat_reach(e) for e in enemies])
    gap = np.hypot(own_xy[:, None, 0] - foe_xy[None, :, 0], own_xy[:, None, 1] - foe_xy[None, :, 1])
    within = gap - foe_reach[None, :] - own_reach[:, None] - MARGIN <= 0  # who can reach whom
    weighs = within.sum(axis=1)
    nearest = gap.min(axis=1)
    near = [i for i in range(len(mine)) if weighs[i]]
    near.sort(key=lambda i: (nearest[i], mine[i].id))
    planned: set[str] = set()
    work = 0
    for i in near[:FULL_PLANS]:
        work += int(weighs[i])
        if planned and work > PLAN_WORK:
            break
        planned.add(mine[i].id)
    return {uid for uid in units if uid not in planned}


#: The kind of plan of a unit that takes the cheap path (`TacticalAI` gives it to engine/ai.py).
ADVANCE = "advance"


def advance_plan(unit: UnitState) -> Plan:
    """The plan of a unit taking the cheap path: the default AI's activation (where it ends is
    decided when it is carried out, so `dest` is where it stands)."""
    note = "acts as the line does (huge battle: only the units nearest the enemy are planned)"
    return Plan(ADVANCE, unit.pos, 0.0, notes=[note])
