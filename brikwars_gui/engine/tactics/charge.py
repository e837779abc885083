"""Charges for the tactical AI (R-MOVE-18/20): a close fighter sprints in a straight line at an
enemy beyond its Move and strikes if the Sprint brings it within reach — all one Action. Worth it
when the chance the run reaches (the Sprint's Skill roll, a shared BrikWars die under every
ruleset) times the strike's value beats holding or walking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from brikwars_gui.engine.dice.brikwars_odds import skill_success_probability
from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.rules.actions import Sprint
from brikwars_gui.engine.rules.common import close_weapons
from brikwars_gui.engine.rules.movement import charge_run
from brikwars_gui.engine.state import UnitState
from brikwars_gui.engine.tactics.odds import attack_odds
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.threat import ThreatMap

if TYPE_CHECKING:
    from brikwars_gui.engine.tactics.planner import Planner

#: Least chance that the run reaches for a Charge to be considered.
MIN_REACH = 0.5
#: Longest Sprint roll worth planning on (a d6 Skill die rarely gives more, R-DICE-5).
MAX_ROLL = 8


def charge_plans(
    planner: Planner, unit: UnitState, enemies: list[UnitState], tm: ThreatMap, caution: float
) -> list[Plan]:
    """One Charge plan per enemy a Sprint could bring within reach (not by a normal move)."""
    if unit.has_moved or unit.action_used or not close_weapons(unit):
        return []
    state = planner.game.state
    out: list[Plan] = []
    for e in enemies:
        if distance(unit.pos, e.pos) > unit.move_left + MAX_ROLL + 1.5:
            continue
        # the rules' own line (R-MOVE-18/20): corners, climbs, half-speed ground and water count
        run = charge_run(state, unit, e.pos, MAX_ROLL)
        if run is None:
            continue  # no roll worth planning on brings it within reach
        need, cells = run
        if need <= 0:
            continue  # a normal move reaches (move_attack)
        goal, path = cells[-1], cells[1:]
        if any(tm.hazard[y, x] > 0 for x, y in path):
            continue
        reach = skill_success_probability(unit.skill, need)
        if reach < MIN_REACH:
            continue
        best = None
        for w in close_weapons(unit):
            odds = attack_odds(state, unit, w, e, goal)
            if odds is not None and (best is None or odds.value() > best.value()):
                best = odds
        if best is None:
            continue
        gx, gy = goal
        drawn = sum(
            max(v.p_ranged, v.p_close)
            for v in tm.enemies
            if v.responds and (any(v.response_zone()[y, x] for x, y in path) or v.unit.id == e.id)
        )
        drawn += float(planner._leaving_risk(unit, [goal], tm)[0])  # a guard's blow (R-NP-12)
        later = float(tm.next_turn[gy, gx])
        focus = 1.0 + planner.b.focus * planner._danger_of(e, unit)
        gain = planner.b.aggression * reach * best.value() * focus * (1.0 - min(1.0, drawn))
        if gain <= planner.b.caution * drawn:
            continue
        position = planner._position_at(unit, goal)
        score = position + gain - planner.b.caution * drawn - caution * planner.next_turn * later
        out.append(
            Plan(
                "charge",
                goal,
                score,
                target=e.id,
                weapon=best.plan.weapon,
                hit=reach * best.hit,
                kill=reach * best.kill,
                risk=drawn,
                later=later,
                toward=e.pos,
                notes=[f"{round(100 * reach)}% to reach"],
                order=Sprint(e.pos, e.id),
            )
        )
    return out
