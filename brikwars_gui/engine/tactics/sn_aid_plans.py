"""SuperNatural plans that work through other units' rolls (Chapter D, issue 23): a Curse on an
enemy (R-DICE-10/11, R-SN-39: `Hex`-like templates) and Damage dice on a weapon (R-SN-34/35: `Fire
Arrows` on a friend's bow that has still to shoot, or a die cancelled in an enemy's weapon).

Each is scored exactly, in the planner's units (kills) beside the attack plans: P(reach) of the
Range dice (`odds.reach_chance`, SN Bonus chains enumerated, a Fumble as 0; a wall lets only
d12s through, R-SN-26) times the change the Effect makes to one attack — the cursed enemy's best
shot at a typical friend, or the armed friend's best shot at an enemy it sees in Range — each the
hit chance (`skill_success_probability`, Blessings and Curses rolled with the die) times the
chance its Damage beats the Armor (`odds.armor_beaten`) — a Lasting Curse for `LASTING_TURNS`
enemy turns — less `DIE_COST` per die spent."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.dice.brikwars_odds import skill_success_probability
from brikwars_gui.engine.geometry import distance, line_cells
from brikwars_gui.engine.rules.combat import target_size_penalty
from brikwars_gui.engine.rules.common import usable_weapons
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
from brikwars_gui.engine.supernatural.effects import weapon_damage
from brikwars_gui.engine.supernatural.odds import armor_beaten, reach_chance
from brikwars_gui.engine.supernatural.path import blocked
from brikwars_gui.engine.supernatural.state import READY, TalismanState
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.visibility import unit_visible_to

if TYPE_CHECKING:
    from brikwars_gui.engine.tactics.planner import Planner

#: Range dice are added (largest first) until the exact chance to reach is at least this.
REACH_GOAL = 0.75
#: Besides where it stands, the best cells by position tried as where to cast from.
CELLS_TRIED = 2
#: What a spent die costs (as `sn_plans.DIE_COST`), in kills.
DIE_COST = 0.1
#: The Armor of the typical friend a cursed enemy would shoot at.
TYPICAL_ARMOR = "4"
#: The enemy turns a Curse of a Lasting template is counted for (its die may be kept, R-SN-12);
#: any other Curse spoils the enemy's next turn only.
LASTING_TURNS = 3


def _range_dice(
    state: GameState, origin: Cell, at: Cell, pool: list[TalismanState]
) -> tuple[list[TalismanState], float]:
    """The Range dice to spend (largest first, only d12s past a wall) and the exact P(reach)."""
    walled = any(blocked(state, c) for c in line_cells(origin, at)[1:-1])
    usable = sorted((t for t in pool if t.sides == 12 or not walled), key=lambda t: (-t.sides, t.id))
    dist = distance(origin, at)
    chosen: list[TalismanState] = []
    p = reach_chance((), dist)
    for talisman in usable:
        if p >= REACH_GOAL:
            break
        chosen.append(talisman)
        p = reach_chance(tuple(t.sides for t in chosen), dist)
    return chosen, p


def _shot(unit: UnitState, weapon: WeaponState, damage: str, armor: str, curses: tuple[int, ...]) -> float:
    """Chance one attack of `unit` with `weapon` (a Size 1" target, in Range) wounds Armor `armor`."""
    needed = weapon.use + target_size_penalty(1) - unit.sn_roll_bonus
    hit = skill_success_probability(unit.skill, needed, blessings=unit.blessings, curses=curses)
    return hit * armor_beaten(damage, armor)


def _origins(cells: list[Cell], base: np.ndarray) -> list[tuple[Cell, float]]:
    """Where a cast is tried from: where the unit stands (index 0) and the best cells by position
    it can move to first (as `sn_plans` tries a Fireball), each with its position score."""
    order = np.argsort(-base, kind="stable")
    picks = sorted({0, *(int(i) for i in order[:CELLS_TRIED])})
    return [(cells[i], float(base[i])) for i in picks]


def curse_plans(
    planner: Planner, unit: UnitState, cells: list[Cell], base: np.ndarray, enemies: list[UnitState]
) -> list[Plan]:
    """A Curse (with its Range dice) on the enemy whose best shot it spoils most."""
    state = planner.game.state
    ledger = state.sn
    ready = [t for t in ledger.talismans_of(unit.id) if t.status == READY]
    out: list[Plan] = []
    for template in ledger.templates_for(unit.id):
        if template.target not in ("hostile", "unit") or not {"curse", "range"} <= set(template.aspects):
            continue
        for (origin, here), enemy in itertools.product(_origins(cells, base), enemies):
            weapons = usable_weapons(enemy)
            big = sorted((t for t in ready if t.sides >= enemy.skill), key=lambda t: (t.sides, t.id))
            if not weapons or not big:
                continue
            die = big[0]  # R-DICE-10: the smallest die big enough
            dice, reach = _range_dice(state, origin, enemy.pos, [t for t in ready if t is not die])
            before = max(_shot(enemy, w, w.damage, TYPICAL_ARMOR, enemy.curses) for w in weapons)
            after = max(_shot(enemy, w, w.damage, TYPICAL_ARMOR, (*enemy.curses, die.sides)) for w in weapons)
            turns = LASTING_TURNS if template.lasting else 1
            value = reach * (before - after) * turns - DIE_COST * (len(dice) + 1)
            if value <= 0:
                continue
            plan_steps = (*(f"{t.id}:range" for t in dice), f"{die.id}:curse")
            out.append(_plan(planner, unit, origin, here, value, template.name, enemy.id, plan_steps))
    return out


def weapon_plans(
    planner: Planner, unit: UnitState, cells: list[Cell], base: np.ndarray, enemies: list[UnitState]
) -> list[Plan]:
    """A Damage die joined to a friend's ranged weapon before it shoots (it has its Action and is
    not done), or a die of an enemy weapon's size cancelled in it (R-SN-35)."""
    state = planner.game.state
    ledger = state.sn
    ready = sorted(
        (t for t in ledger.talismans_of(unit.id) if t.status == READY), key=lambda t: (t.sides, t.id)
    )
    out: list[Plan] = []
    for template in ledger.templates_for(unit.id):
        if template.target != "weapon" or "range" not in template.aspects:
            continue
        for holder in (u for u in state.units.values() if u.alive and u.id != unit.id):
            friendly = holder.team == unit.team
            aspect = "damage+" if friendly else "damage-"
            if aspect not in template.aspects or not unit_visible_to(state, unit.team, holder):
                continue
            if friendly and (holder.action_used or holder.done or holder.diemon):
                continue
            for weapon in usable_weapons(holder):
                found = _weapon_value(state, holder, weapon, ready, enemies, friendly)
                if found is None:
                    continue
                die, gain = found
                for origin, here in _origins(cells, base):
                    dice, reach = _range_dice(state, origin, holder.pos, [t for t in ready if t is not die])
                    value = reach * gain - DIE_COST * (len(dice) + 1)
                    if value <= 0:
                        continue
                    steps = (*(f"{t.id}:range" for t in dice), f"{die.id}:{aspect}")
                    target = f"{holder.id}:{weapon.name}"
                    out.append(_plan(planner, unit, origin, here, value, template.name, target, steps))
    return out


def _weapon_value(
    state: GameState,
    holder: UnitState,
    weapon: WeaponState,
    ready: list[TalismanState],
    enemies: list[UnitState],
    friendly: bool,
) -> tuple[TalismanState, float] | None:
    """(die, gain in kills) of the best die for this weapon: on a friend's, the rise in its best
    shot at an enemy it sees in Range; on an enemy's, the fall in its shot at a typical friend."""
    if not ready:
        return None
    if friendly:
        targets = [
            e
            for e in enemies
            if not weapon.is_close
            and weapon.range is not None
            and distance(holder.pos, e.pos) <= weapon.range
        ]
        if not targets:
            return None
        best: tuple[TalismanState, float] | None = None
        for die in ready:
            joined = weapon_damage(weapon.damage, [f"+1d{die.sides}"])
            gain = max(
                _shot(holder, weapon, joined, str(e.armor), holder.curses)
                - _shot(holder, weapon, weapon.damage, str(e.armor), holder.curses)
                for e in targets
            )
            if best is None or gain > best[1]:
                best = (die, gain)
        return best
    for die in ready:  # the smallest die that cancels one of its dice (R-SN-35)
        if f"d{die.sides}" in weapon.damage:
            less = weapon_damage(weapon.damage, [f"-1d{die.sides}"])
            before = _shot(holder, weapon, weapon.damage, TYPICAL_ARMOR, holder.curses)
            return die, before - _shot(holder, weapon, less, TYPICAL_ARMOR, holder.curses)
    return None


def _plan(
    planner: Planner,
    unit: UnitState,
    origin: Cell,
    here: float,
    value: float,
    effect: str,
    target: str,
    steps: tuple[str, ...],
) -> Plan:
    holder = target.split(":", 1)[0]
    score = here + planner.b.aggression * value
    plan = Plan("cast", origin, score, target=holder, order=Cast(effect, target, plan=steps))
    plan.notes.append(f"casts {effect} on {target} ({', '.join(steps)}): worth {value:.2f} (exact odds)")
    return plan
