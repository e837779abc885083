"""Where a sitting enemy can be attacked without answer, and the way there (issue 13).

A side that holds every Action never turns and never comes: each attack on it inside a holder's
Cone of Vision draws that unit's simultaneous answer (R-RESP-1/3/5) — an even trade. Its Responses
need sight (R-RESP-3: the Cone of Vision, GRID-6, and line of sight) and reach (Range or close
combat, plus the Angry Inch, R-RESP-2), so an attack from a cell that no holder both sees and
reaches — beside or behind the target, or beyond a pistol's Range with a rifle — draws nothing.

`free_attack_cells` marks those cells for one unit (a cell it can attack some known enemy from
where neither the attack nor stepping there draws a Response), and the planner's advance then
heads for the nearest of them by a travel distance that prices each saved-Action zone on the way
as the detour it is worth, so units walk round the holders' cones instead of into them. Used
only while the enemy sits (`player.standoff`): against a side that moves, its Cones turn.
"""

from __future__ import annotations

import numpy as np

from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.tactics.threat import ThreatMap


def free_attack_cells(state: GameState, unit: UnitState, tm: ThreatMap) -> np.ndarray:
    """Bool (height, width): free ground from which `unit` can attack a known enemy with a weapon
    it has (Range and line of sight, or close-combat reach) while no saved-Action holder would
    answer: neither the attack (R-RESP-1/3) nor entering the cell (R-MOVE-5) is seen in reach."""
    out = np.zeros(tm.xs.shape, dtype=bool)
    if unit.action_used:
        return out
    answered_move = np.zeros_like(out)
    for v in tm.enemies:
        if v.responds:
            answered_move |= v.response_zone()
    for v in tm.enemies:
        hit = np.zeros_like(out)
        for w in unit.weapons:
            if w.spent:
                continue
            hit |= (v.cheb <= 1) if w.is_close else v.sight & (v.dist <= (w.range or 0) + 1e-9)
        if not hit.any():
            continue
        answered = answered_move.copy()
        for r in tm.enemies:
            if r.responds:
                answered |= tm.attack_risk_of(r, v.unit.id) > 0
        out |= hit & ~answered
    out &= state.grid.passable & (tm.ground <= 0)
    for other in state.units.values():
        if other.alive and other.id != unit.id:
            out[other.pos[1], other.pos[0]] = False
    return out


def zone_danger(tm: ThreatMap, start: Cell | None = None) -> np.ndarray:
    """Expected kills per cell from the saved Actions a unit entering it draws (R-MOVE-5): what
    walking through a holder's zone costs on the way to a free cell. With `start`, holders that
    already have that cell in reach are left out (a unit already within reach enters nothing)."""
    out = np.zeros(tm.xs.shape)
    for v in tm.enemies:
        if v.responds and not (start is not None and v.in_reach_from(start)):
            out += np.where(v.response_zone(), max(v.p_ranged, v.p_close), 0.0)
    return out
