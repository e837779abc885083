"""A ruleset's own Actions as plans (`SkillTurn` orders, issue 25: Nine Powers' Acrobatics,
Protect, Perception and Wrestle turns), weighed against attacking and holding.

The options come from the order registry (`legal_actions(kinds=("skill_turn",))`) and what each
buys from the ruleset (`Ruleset.skill_turn_worth`); the foes' attacks it cancels are the threat
map's:

* vetoes (Acrobatics and Protect at any candidate cell after the move, Wrestle's shields at a cell
  within reach of its target): the strongest next-turn threats at the cell are cancelled, the
  k-th by the chance of at least k vetoes; with `allies` also those on each friend within reach
  of the cell, at the friend's cell (`_vetoed` says at what weight);
* a gain on the unit's own next attacks (Perception's mark), from where it stands (the target is
  one the rules allow there), at the weight of a future turn (`aggression × next_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.geometry import within_reach
from brikwars_gui.engine.order_families import legal_actions
from brikwars_gui.engine.rules.actions import SkillTurn
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, UnitState
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.threat import ThreatMap

if TYPE_CHECKING:
    from brikwars_gui.engine.rulesets.base import SkillTurnWorth
    from brikwars_gui.engine.tactics.planner import Planner


def skill_plans(
    planner: Planner,
    unit: UnitState,
    cells: list[Cell],
    ready: np.ndarray,
    later: np.ndarray,
    tm: ThreatMap,
    caution: float,
) -> list[Plan]:
    """The best plan of each skill turn the rules allow the unit now (`ready`: each cell's score
    with the Responses the move draws, as a hold's without the saved Action; `later`: each
    cell's next-turn threat)."""
    if unit.action_used or not tm.enemies:
        return []
    state = planner.game.state
    options = legal_actions(state, unit, kinds=("skill_turn",))
    if not options:
        return []
    rules = ruleset_of(state)
    xs = np.array([c[0] for c in cells])
    ys = np.array([c[1] for c in cells])
    out: list[Plan] = []
    for option in options:
        order = option.action
        if not isinstance(order, SkillTurn):
            continue
        worth = rules.skill_turn_worth(state, unit, order.skill, order.target)
        if worth is None:
            continue
        target = state.units.get(order.target or "")
        if worth.vetoes:
            saved, unweighed = _vetoed(planner, unit, cells, xs, ys, tm, worth, caution)
            # worth nothing from half-way to the round limit: cancelled blows win no battle, and two
            # sides that both veto stalled to a draw (ruined_chapel, Normal vs Normal, seeds
            # 600-639: 18 draws melting as a saved Action's worth, 1 - urgency; 2 so)
            saved = saved * max(0.0, 1.0 - 2.0 * planner._urgency())
            score = ready + saved
            # the cell: the least left over after the vetoes, each foe's blow weighed as they are
            # (a cell where more blows land is not better for the more it would cancel)
            where = score - unweighed
            if target is not None:  # Wrestle: from beside its target
                where = np.where([within_reach(c, target.pos) for c in cells], where, -np.inf)
            best = int(np.argmax(where))
            against = f" against {target.name}" if target is not None else ""
            note = f"spends its Action on {order.skill}{against}: {_mean(worth):.1f} vetoes expected"
            plan = _plan(cells[best], float(score[best]), order, float(later[best]), note)
            if target is not None:
                plan.target, plan.toward = target.id, target.pos
            out.append(plan)
            continue
        if target is None or worth.gain <= 0:
            continue
        value = planner.b.aggression * planner.next_turn * worth.gain
        note = f"spends its Action on {order.skill} against {target.name}"
        plan = _plan(unit.pos, float(ready[0]) + value, order, float(later[0]), note)
        plan.target, plan.toward = target.id, target.pos
        out.append(plan)
    return out


def _plan(dest: Cell, score: float, order: SkillTurn, later: float, note: str) -> Plan:
    plan = Plan("skill", dest, score, later=later, order=order)
    plan.notes.append(note)
    return plan


def _mean(worth: SkillTurnWorth) -> float:
    return sum(worth.vetoes)  # E[N] = sum over k of P(N >= k)


def _vetoed(
    planner: Planner,
    unit: UnitState,
    cells: list[Cell],
    xs: np.ndarray,
    ys: np.ndarray,
    tm: ThreatMap,
    worth: SkillTurnWorth,
    caution: float,
) -> tuple[np.ndarray, np.ndarray]:
    """Per candidate cell, the worth of the next-turn threat the vetoes are expected to cancel:
    the strongest attacks first, the k-th with the chance of at least k vetoes (R-NP-11: a veto
    cancels one attack before it is rolled; the AI keeps its vetoes for the most valuable,
    `ai_choices`). A foe's attack counts at the planner's weight of the enemy's next turn
    (`caution × next_turn`: it may strike someone else), in full (`caution`) where it already
    stands beside the cell or every unit of ours it can get at next turn is covered by the
    vetoes — it has no one else to strike (ruined_chapel, Normal vs greedy, seeds 600-799: 153
    of 200 won so, 149 with the second rule alone, 137 with no skill plans).
    Also per cell, the part of the unit's own threat that full weight adds over the planner's
    (`ready` charged `caution × next_turn` of it)."""
    state = planner.game.state

    def friends_near(cell: Cell, radius: float) -> list[UnitState]:  # the engine's spatial index
        return [u for u in state.units_near(cell, radius) if u.team == unit.team and u.id != unit.id]

    # a friend within reach of some candidate cell (cells lie within the unit's Move)
    covered = (
        {
            f.id: np.array([within_reach(c, f.pos) for c in cells])
            for f in friends_near(unit.pos, unit.move + 3)
        }
        if worth.allies
        else {}
    )
    threats: list[np.ndarray] = []
    unweighed = np.zeros(len(cells))
    for v in tm.enemies:
        foe = v.unit
        bound = v.cheb[ys, xs] <= 1  # beside the cell already: it strikes there, not elsewhere
        others = np.ones(len(cells), bool)  # every friend it can reach is covered
        for f in friends_near(foe.pos, foe.move + max(v.reach, v.fire_reach, 1.5)):
            near = covered.get(f.id)
            others &= near if near is not None else False
        weight = np.where(bound | others, caution, caution * planner.next_turn)
        mine = tm.next_turn_of(foe.id)[ys, xs]
        threats.append(weight * mine)
        unweighed += (weight - caution * planner.next_turn) * mine
        for fid, near in covered.items():
            if near.any():
                theirs = _threat_on(planner, state.units[fid], foe, tm)
                threats.append(np.where(near, weight * theirs, 0.0))
    stacked = -np.sort(-np.array(threats), axis=0)  # strongest first, per cell
    chances = np.array(worth.vetoes[: len(stacked)])
    return (chances[:, None] * stacked[: len(chances)]).sum(axis=0), unweighed


def _threat_on(planner: Planner, friend: UnitState, foe: UnitState, tm: ThreatMap) -> float:
    """The foe's next-turn threat on a friend at the friend's own cell (Protect, R-NP-11), from
    the friend's own threat map (kept for the planner's turn in its sight cache)."""
    key = ("skill_plans", friend.id, friend.pos)
    theirs = planner.sight_cache.get(key)
    if theirs is None:
        foes = [v.unit for v in tm.enemies]
        theirs = planner.sight_cache[key] = ThreatMap(
            planner.game.state, friend, enemies=foes, sight_cache=planner.sight_cache
        )
    x, y = friend.pos
    return float(theirs.next_turn_of(foe.id)[y, x])
