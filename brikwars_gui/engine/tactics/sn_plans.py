"""SuperNatural plans for the tactical AI, the minimum (Chapter D, design map §5.2): for each of the
caster's hostile Damage Effects and each enemy it knows, Range dice are added one at a time
(largest first, or smallest first; a d12 alone when a wall is in the way) and the rest go on
Damage, each split scored exactly (`supernatural/odds.aimed_strike`), the best kept.
The plan is scored in the planner's units beside the attack plans: P(reach) × the Damage's exact
value on the target, plus what the blast does to the others inside it (friends count against),
less `DIE_COST` per die. Casts are tried from where the caster stands and from a few cells it
can move to first. A 10amyte detonates on its own turn when its blast holds more enemies than
friends. Curses and weapon Effects are planned in `sn_aid_plans.py`."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.geometry import distance, in_range, line_cells, within_reach
from brikwars_gui.engine.rules.sn_actions import Cast, Detonate
from brikwars_gui.engine.rulesets.base import StrikeOdds
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.supernatural.diemons import blast_value
from brikwars_gui.engine.supernatural.odds import aimed_strike, damage_odds
from brikwars_gui.engine.supernatural.path import blocked
from brikwars_gui.engine.supernatural.state import READY
from brikwars_gui.engine.supernatural.tables import DIEMONS, PLAYED_DIEMONS
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.sn_aid_plans import curse_plans, weapon_plans
from brikwars_gui.engine.tactics.threat import known_enemies

if TYPE_CHECKING:
    from brikwars_gui.engine.tactics.planner import Planner

#: A split of the dice whose Damage lands on the target less often than this is not considered.
MIN_REACH = 0.3
#: A friend caught in the blast counts this much against the cast (of an enemy's worth).
FRIEND_WEIGHT = 1.5
#: Besides where it stands and the cell nearest each enemy, the best cells by position tried.
CELLS_TRIED = 2
#: What a spent die costs (it is gone until the caster's next turn), in kills.
DIE_COST = 0.1


def _wall_between(state: GameState, a: Cell, b: Cell) -> bool:
    return any(blocked(state, c) for c in line_cells(a, b)[1:-1])


def cast_plan(
    state: GameState, unit: UnitState, template_name: str, target: UnitState, origin: Cell | None = None
) -> tuple[float, tuple[str, ...]] | None:
    """(value, dice plan) of the best split of the ready dice between Range and Damage for one
    hostile Damage Effect on `target` cast from `origin` (default: where the unit stands): every
    split is scored exactly (at most 2^dice of them); a d12 carries Range past a wall alone."""
    ledger = state.sn
    template = ledger.template(unit.id, template_name)
    if template is None or "damage+" not in template.aspects or "range" not in template.aspects:
        return None
    ready = sorted(
        (t for t in ledger.talismans_of(unit.id) if t.status == READY), key=lambda t: (-t.sides, t.id)
    )
    if len(ready) < 2:
        return None
    origin = unit.pos if origin is None else origin
    dist = distance(origin, target.pos)
    walled = _wall_between(state, origin, target.pos)
    best: tuple[float, tuple[str, ...]] | None = None
    dx, dy = target.pos[0] - origin[0], target.pos[1] - origin[1]
    for range_dice in _splits(ready, walled):
        damage_dice = [t for t in ready if t not in range_dice]
        sides = tuple(sorted(t.sides for t in damage_dice))
        _reach, hit, kill, wound, disrupt = aimed_strike(
            tuple(sorted(t.sides for t in range_dice)), sides, dx, dy, str(target.armor), target.size
        )
        if hit < MIN_REACH:
            continue
        value = StrikeOdds(hit, kill, wound, disrupt).value()  # exact, on the target (odds.py)
        radius = 2 * sum(1 for s in sides if s == 10)
        if radius:  # the others the blast may catch, as likely as the target is hit
            blast = int(dist)
            for other in state.units.values():
                if other.alive and other.id != target.id and in_range(target.pos, other.pos, radius):
                    o = hit * _value(sides, blast, other)
                    value += -FRIEND_WEIGHT * o if other.team == unit.team else o
        score = value - DIE_COST * len(ready)
        if best is None or score > best[0]:
            plan = tuple(f"{t.id}:range" for t in range_dice) + tuple(f"{t.id}:damage+" for t in damage_dice)
            best = (score, plan)
    return best


def _splits(ready: list, walled: bool) -> list[list]:
    """Which dice go on Range: the largest first, or the smallest first, one more at a time, always
    leaving one for Damage (behind a wall only d12s go on Range, R-SN-26)."""
    pool = [t for t in ready if t.sides == 12] if walled else ready
    out: list[list] = []
    for order in (pool, pool[::-1]):
        for k in range(1, min(len(order), len(ready) - 1) + 1):
            split = list(order[:k])
            if split not in out:
                out.append(split)
    return out


def _value(sides: tuple[int, ...], blast: int, victim: UnitState) -> float:
    return _damage_value(sides, blast, victim.armor, victim.size)


@functools.lru_cache(maxsize=4096)
def _damage_value(sides: tuple[int, ...], blast: int, armor: str, size: int) -> float:
    return damage_odds(sides, blast, armor, size).value()


def sn_plans(planner: Planner, unit: UnitState, cells: list[Cell], base: np.ndarray) -> list[Plan]:
    """Cast plans from where the unit stands and from the best few cells it can move to (moving
    first, then casting), and a 10amyte's detonation. `base`: each cell's position score."""
    state = planner.game.state
    ledger = state.sn
    if not ledger.active:
        return []
    out: list[Plan] = []
    here = float(base[0])
    if unit.diemon == "10amyte":
        value = blast_value(state, unit)
        if value > 0:
            plan = Plan("cast", unit.pos, here + planner.b.aggression * value, order=Detonate())
            plan.notes.append("blows itself up among the enemy (R-SN-5)")
            out.append(plan)
        return out
    if not ledger.templates_for(unit.id):
        return out
    enemies = known_enemies(state, unit.team)
    if not enemies:
        return out
    out += _ward_plans(planner, unit, here, enemies)
    out += _summon_plans(planner, unit, here, enemies)
    if unit.action_used:
        return out
    out += curse_plans(planner, unit, cells, base, enemies)  # Curses, weapon Effects: sn_aid_plans.py
    out += weapon_plans(planner, unit, cells, base, enemies)
    order = np.argsort(-base, kind="stable")
    picks = {0, *(int(i) for i in order[:CELLS_TRIED])}
    for enemy in enemies:  # and the cell nearest each enemy: the caster's reach is its dice
        picks.add(min(range(len(cells)), key=lambda i: (distance(cells[i], enemy.pos), i)))
    for i in sorted(picks):
        cell = cells[i]
        for template in ledger.templates_for(unit.id):
            if template.target != "hostile" or "damage+" not in template.aspects:
                continue
            for enemy in enemies:
                found = cast_plan(state, unit, template.name, enemy, cell)
                if found is None or found[0] <= 0:
                    continue
                value, dice = found
                focus = 1.0 + planner.b.focus * planner._danger_of(enemy, unit)  # as an attack's target
                score = float(base[i]) + planner.b.aggression * value * focus
                cast = Cast(template.name, enemy.id, plan=dice)
                plan = Plan("cast", cell, score, target=enemy.id, order=cast)
                plan.notes.append(f"casts {template.name} at {enemy.name} ({', '.join(dice)})")
                out.append(plan)
    return out


#: A typical attack the AI weighs a ward against: a rifle or a spear (Damage 1d6+1 and up).
_TYPICAL_HIT = "1d6+1"
#: A ward is cast while the caster keeps at least this many dice ready for the rest of its turn.
_WARD_SPARE_DICE = 2


def _ward_plans(planner: Planner, unit: UnitState, here: float, enemies: list[UnitState]) -> list[Plan]:
    """A free Armor die by touch (R-SN-10, R-SN-36) on the ally within 1" (the caster too) most
    exposed to enemies that can reach it next turn, with the caster's smallest ready die, while
    it keeps `_WARD_SPARE_DICE` others: worth the fall in that ally's chance to die of one
    typical hit per threatening enemy."""
    state = planner.game.state
    ledger = state.sn
    ready = sorted(
        (t for t in ledger.talismans_of(unit.id) if t.status == READY), key=lambda t: (t.sides, t.id)
    )
    if len(ready) <= _WARD_SPARE_DICE:
        return []
    die = ready[0]
    out: list[Plan] = []
    for template in ledger.templates_for(unit.id):
        if template.target not in ("ally", "self") or "armor+" not in template.aspects:
            continue
        for ally in state.living_units(unit.team):
            if ally.diemon or not within_reach(unit.pos, ally.pos) or "+1d" in ally.armor:
                continue
            threats = sum(1 for e in enemies if distance(e.pos, ally.pos) <= e.move + _reach(e) + 1)
            if not threats:
                continue
            before = _hit_kill(ally.armor, ally.size)
            after = _hit_kill(f"{ally.armor}+1d{die.sides}", ally.size)
            value = 0.5 * threats * (before - after) - DIE_COST
            if value <= 0:
                continue
            cast = Cast(template.name, ally.id, plan=(f"{die.id}:armor+",))
            plan = Plan(
                "cast", unit.pos, here + planner.b.aggression * value, target=ally.id, order=cast, free=True
            )
            plan.notes.append(f"casts {template.name} on {ally.name} ({die.id}:armor+)")
            out.append(plan)
    return out


def _reach(unit: UnitState) -> float:
    return max((w.range or 0 for w in unit.weapons if not w.spent), default=1.5)


@functools.lru_cache(maxsize=1024)
def _hit_kill(armor: str, size: int) -> float:
    """Chance one typical hit kills (loses an inch of) a unit of this Armor and Size (G-3)."""
    from brikwars_gui.engine.supernatural.odds import armor_beaten

    return armor_beaten(_TYPICAL_HIT, armor)


#: What a Diemon at the caster's side is worth to the AI (in kills): a body that fights or burns.
SUMMON_VALUE = 0.3


def _summon_plans(planner: Planner, unit: UnitState, here: float, enemies: list[UnitState]) -> list[Plan]:
    """A free summoning by touch (R-SN-2/10/20) with the caster's smallest ready die whose Diemon
    is played, next to the caster toward the nearest enemy, while it keeps `_WARD_SPARE_DICE`
    others and sustains no Diemon yet."""
    state = planner.game.state
    ledger = state.sn
    if any(e.creature is not None for e in ledger.live_effects(unit.id)):
        return []
    ready = sorted(
        (t for t in ledger.talismans_of(unit.id) if t.status == READY), key=lambda t: (t.sides, t.id)
    )
    dice = [t for t in ready if DIEMONS[t.sides] in PLAYED_DIEMONS]
    if len(ready) <= _WARD_SPARE_DICE or not dice:
        return []
    die = dice[0]
    nearest = min(enemies, key=lambda e: (distance(unit.pos, e.pos), e.id))
    occupied = state.occupied_cells()
    cells = [
        (unit.pos[0] + dx, unit.pos[1] + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and state.grid.in_bounds((unit.pos[0] + dx, unit.pos[1] + dy))
    ]
    free = [c for c in cells if c not in occupied and state.grid.passable[c[1], c[0]]]
    if not free:
        return []
    cell = min(free, key=lambda c: (distance(c, nearest.pos), c[1], c[0]))
    out: list[Plan] = []
    for template in ledger.templates_for(unit.id):
        if template.form != "creature" or "creature" not in template.aspects:
            continue
        cast = Cast(template.name, at=cell, plan=(f"{die.id}:creature",))
        score = here + planner.b.aggression * (SUMMON_VALUE - DIE_COST)
        plan = Plan("cast", unit.pos, score, order=cast, free=True)
        plan.notes.append(f"summons a {DIEMONS[die.sides]} at {cell} ({die.id})")
        out.append(plan)
        break
    return out
