"""Traps the tactical AI works by hand (R-TRAP-1..5), only those its side knows (R-TRAP-3):

* **Operate** a trigger object (R-TRAP-2, a Move Action, from where it stands or after a move):
  every ready Trap wired to it fires *at the operator* (`traps.interact`) unless the scenario aimed
  it (R-TRAP-1: then at the first unit in its aim, the operator only if he stands there). An
  unaimed Trap pays only when its weapon explodes (G-12) among more enemies than friends — the
  operator counted among the friends. Scored as the Trap's hit chance (its Action die against
  the weapon's Use, R-TRAP-5) × the expected harm to each side (`shove_plans.blast`).
* **Reset** a spent Trap of its side (R-TRAP-5, the Action, within 1" of the Trap or its trigger)
  when an enemy can reach the trigger next turn: worth `TRIP_SHARE` × the Trap's best expected
  harm to such an enemy where it would trip it (the enemy chooses whether it does).

Nothing is computed in a battle without Traps, and only the cells next to a known trigger or Trap
are looked at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.geometry import distance, within_reach
from brikwars_gui.engine.hazards.traps import aim_cells, aim_target, aimed, inches_out_of_range
from brikwars_gui.engine.rules.common import two_armed_problem
from brikwars_gui.engine.rules.hazard_actions import CONTROL_KINDS, Operate, ResetTrap
from brikwars_gui.engine.state import Cell, GameState, TrapState, UnitState
from brikwars_gui.engine.tactics.hand_odds import damage_odds, trap_hit_chance
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.shove_plans import blast
from brikwars_gui.engine.tactics.threat import ThreatMap, known_enemies

if TYPE_CHECKING:
    from brikwars_gui.engine.tactics.planner import Planner

#: Share of a reset Trap's harm counted: whether an enemy trips it is its own choice.
TRIP_SHARE = 0.5


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def trap_effect(
    state: GameState, trap: TrapState, spot: Cell, victim: UnitState, team: str
) -> tuple[float, float]:
    """(expected harm to enemies of `team`, to its friends) of `trap` firing at `victim` on `spot`
    (R-TRAP-4/5): its hit chance × the weapon's Damage on the victim, or × the blast around the
    spot for an explosive weapon (G-12)."""
    weapon = trap.weapon
    if weapon is None:
        return 0.0, 0.0
    hit = trap_hit_chance(state, trap, spot)
    if hit <= 0.0:
        return 0.0, 0.0
    over = -inches_out_of_range(trap, spot)
    if weapon.damage_type == "explosive":
        foes, mine, _ = blast(state, weapon.damage, spot, team, {victim.id: spot}, per_die_modifier=over)
        return hit * foes, hit * mine
    harm = (
        hit
        * damage_odds(
            state, weapon.damage, victim, damage_type=weapon.damage_type, per_die_modifier=over
        ).value()
    )
    return (0.0, harm) if victim.team == team else (harm, 0.0)


def _victim(state: GameState, trap: TrapState, unit: UnitState, cell: Cell) -> tuple[UnitState | None, Cell]:
    """Whom `trap` attacks when `unit` operates its trigger from `cell` (R-TRAP-1/2): the operator,
    or for an aimed Trap the first unit in its aim (the operator counted on `cell`)."""
    if not aimed(trap):
        return unit, cell
    for spot in aim_cells(state, trap):
        other = unit if spot == cell else state.unit_at(spot)
        if other is not None and (other is not unit or spot == cell):
            return other, spot
    return None, cell


def _ready(state: GameState, trap: TrapState) -> bool:
    """`traps.ready` without a rules context: a Smart Trap once per turn, a plain one while armed."""
    return trap.last_fired_turn != state.hazard.turn if trap.smart else trap.armed


def trap_plans(
    planner: Planner,
    unit: UnitState,
    cells: list[Cell],
    ready: np.ndarray,
    risk: np.ndarray,
    tm: ThreatMap,
    caution: float,
) -> list[Plan]:
    """Operate and Reset plans from the cells the unit can reach next to a known trigger or Trap
    (`ready`: each cell's score with the Responses the move draws, as for a spent Action)."""
    state = planner.game.state
    if not state.traps or two_armed_problem(state, unit) is not None:
        return []
    traps = [
        t
        for t in sorted(state.traps.values(), key=lambda t: t.id)
        if t.weapon is not None and state.trap_known_to(unit.team, t)
    ]
    if not traps:
        return []
    index = {c: i for i, c in enumerate(cells)}
    out = _operate_plans(planner, unit, traps, index, ready, caution)
    if not unit.action_used:
        out += _reset_plans(planner, unit, traps, index, ready)
    for plan in out:
        x, y = plan.dest
        plan.risk = float(risk[index[plan.dest]])
        plan.later, plan.hazard = float(tm.next_turn[y, x]), float(tm.hazard[y, x])
    return out


def _cells_by(spots: list[Cell], index: dict[Cell, int]) -> list[Cell]:
    """Candidate cells within 1" of any of `spots` (GRID-4), in candidate order."""
    near = {(x + dx, y + dy) for x, y in spots for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return sorted((c for c in near if c in index and any(within_reach(c, s) for s in spots)), key=index.get)


def _operate_plans(
    planner: Planner,
    unit: UnitState,
    traps: list[TrapState],
    index: dict[Cell, int],
    ready: np.ndarray,
    caution: float,
) -> list[Plan]:
    state = planner.game.state
    b = planner.b
    out: list[Plan] = []
    for obj_id in sorted({t.trigger for t in traps if t.trigger in state.objects}):
        obj = state.objects[obj_id]
        if obj.destroyed or (obj.kind in CONTROL_KINDS and unit.action_used):
            continue
        wired = [t for t in traps if t.trigger == obj_id and _ready(state, t)]
        for interaction in sorted({t.interaction for t in wired}, key=lambda i: i or ""):
            fired = [t for t in wired if t.interaction is None or t.interaction == interaction]
            for cell in _cells_by(obj.cells, index):
                foes = mine = 0.0
                aims = []
                for trap in fired:  # at the operator, or the aim's first unit (R-TRAP-1/2)
                    victim, spot = _victim(state, trap, unit, cell)
                    aims.append("its own feet" if victim is unit else (victim.name if victim else "nobody"))
                    if victim is not None:
                        f, m = trap_effect(state, trap, spot, victim, unit.team)
                        foes, mine = foes + f, mine + m
                if foes <= mine:
                    continue  # it would hurt its own side as much
                score = float(ready[index[cell]]) + b.aggression * foes - caution * mine
                names = ", ".join(t.name for t in fired)
                _, first_spot = _victim(state, fired[0], unit, cell)
                hit = trap_hit_chance(state, fired[0], first_spot)
                note = (
                    f"operates {obj.name} to fire {names} at {', '.join(dict.fromkeys(aims))}: "
                    f"{_pct(hit)} to fire, "
                    f"{foes:.1f} enemy losses expected against {mine:.1f} of its own side"
                )
                out.append(
                    Plan(
                        "operate",
                        cell,
                        score,
                        hit=hit,
                        kill=foes,
                        notes=[note],
                        order=Operate(obj_id, interaction),
                    )
                )
    return out


def _reset_plans(
    planner: Planner, unit: UnitState, traps: list[TrapState], index: dict[Cell, int], ready: np.ndarray
) -> list[Plan]:
    state = planner.game.state
    out: list[Plan] = []
    enemies = known_enemies(state, unit.team)
    for trap in traps:
        if trap.owner != unit.team or trap.smart or trap.armed:
            continue
        triggers = _trigger_cells(state, trap)
        best, victim = 0.0, None
        if aimed(trap):  # R-TRAP-1: it will fire at whoever stands in its aim, not the tripper
            target, spot = aim_target(state, trap)
            enemies = [state.units[target]] if target is not None and target in state.units else []
            enemies = [e for e in enemies if e.team != unit.team]
            triggers = [spot] if spot is not None else []
        for e in enemies:
            spot = min(triggers, key=lambda c: (distance(e.pos, c), c), default=None)
            if spot is None or distance(e.pos, spot) > e.move + 1.5:
                continue  # it cannot reach the trigger next turn
            foes, mine = trap_effect(state, trap, spot, e, unit.team)
            if foes - mine > best:
                best, victim = foes - mine, e
        if victim is None:
            continue
        spots = ([trap.at] if trap.at is not None else []) + (
            list(state.objects[trap.trigger].cells) if trap.trigger in state.objects else []
        )
        for cell in _cells_by(spots, index):
            value = planner.b.aggression * TRIP_SHARE * best
            note = (
                f"resets {trap.name}: {victim.name} can reach its trigger next turn "
                f"({best:.2f} expected losses if it trips it)"
            )
            out.append(
                Plan("reset", cell, float(ready[index[cell]]) + value, notes=[note], order=ResetTrap(trap.id))
            )
    return out


def _trigger_cells(state: GameState, trap: TrapState) -> list[Cell]:
    """Where the Trap's trigger can be tripped: the trigger object's cells, or the concealed
    field's cells still live (R-TRAP-2/4)."""
    if trap.trigger in state.objects:
        return list(state.objects[trap.trigger].cells)
    field = state.fields.get(trap.trigger)
    if field is None:
        return []
    return [c for c in field.cells() if c not in field.triggered]
