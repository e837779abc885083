"""One-line explanations of the tactical AI's decisions, for the log and the hover text:
`Rifleman Eel shoots Cobb: 58% to hit, 41% to kill; stays out of Gill's saved-Action reach`."""

from __future__ import annotations

from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.state import GameState, UnitState
from brikwars_gui.engine.tactics.plan import HAND_KINDS, Plan
from brikwars_gui.engine.tactics.threat import known_enemies


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _verb(unit: UnitState, weapon_name: str | None) -> str:
    weapon = next((w for w in unit.weapons if w.name == weapon_name), None)
    if weapon is None:
        return "attacks"
    if weapon.is_close:
        return "strikes"
    return "throws at" if weapon.kind == "thrown" else "shoots"


def _watchers(state: GameState, unit: UnitState, plan: Plan) -> list[UnitState]:
    """Enemies holding a saved Action whose reach the end cell stays out of, nearest first."""
    out = []
    for e in known_enemies(state, unit.team):
        if not e.saved_action:
            continue
        reach = max((w.range or 0 for w in e.weapons if not w.is_close), default=1.5)
        d = distance(plan.dest, e.pos)
        if reach < d <= reach + 4:
            out.append(e)
    return sorted(out, key=lambda e: (distance(plan.dest, e.pos), e.id))


def explain(state: GameState, unit: UnitState, plan: Plan) -> str:
    """The decision in one line: what, the exact odds, and the main risk taken or avoided."""
    who = unit.name
    if plan.kind == "advance" and plan.notes:  # a far unit of a huge battle (tactics/budget.py)
        return f"{who} {plan.notes[0]}"
    target = state.units.get(plan.target) if plan.target else None
    moved = plan.dest != unit.pos
    if plan.kind in ("move_attack", "attack_move") and target is not None:
        odds = f"{_pct(plan.hit)} to hit, {_pct(plan.kill)} to kill"
        head = f"{who} {_verb(unit, plan.weapon)} {target.name}: {odds}"
        if plan.kind == "attack_move" and moved:
            head += f", then falls back to {plan.dest}"
        elif moved:
            head = f"{who} moves to {plan.dest} and {_verb(unit, plan.weapon)} {target.name}: {odds}"
    elif plan.kind in ("firefight", "cast") and plan.notes:
        head = f"{who} {plan.notes[0]}"
    elif plan.kind in HAND_KINDS and plan.notes:
        head = f"{who} {'moves to ' + str(plan.dest) + ' and ' if moved else ''}{plan.notes[0]}"
    elif plan.kind == "charge" and target is not None:
        odds = f"{_pct(plan.hit)} to hit, {_pct(plan.kill)} to kill"
        head = f"{who} charges {target.name}: {plan.notes[0]}, {odds}"
    elif plan.kind == "sprint":
        head = f"{who} sprints toward {plan.toward or plan.dest}: the enemy is far"
        if plan.toward is not None and plan.toward != plan.dest:
            head += f", an average roll reaches {plan.dest}"
    elif moved:
        head = f"{who} moves to {plan.dest} and holds its Action for a Response"
    else:
        head = f"{who} holds its Action for a Response"
    tail = []
    if plan.risk >= 0.05:
        tail.append(f"risks {_pct(min(1.0, plan.risk))} of dying to Responses")
    else:
        watchers = _watchers(state, unit, plan)
        if watchers:
            tail.append(f"stays out of {watchers[0].name}'s saved-Action reach")
    if plan.later >= 0.3:
        tail.append(f"exposed next turn ({plan.later:.1f} expected hits)")
    if plan.hazard >= 0.1:
        tail.append("accepts a hazard")
    if plan.kind not in ("firefight", "charge", "cast", *HAND_KINDS):
        tail += plan.notes[:1]
    return head + ("; " + "; ".join(tail) if tail else "")
