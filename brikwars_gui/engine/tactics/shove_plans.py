"""Shoves the tactical AI weighs against attacking and holding (R-MOVE-15, G-11): push an enemy
within reach — from where the unit stands or after a move — into something that hurts it, or out
of cover in front of a friend who still has his Action.

The engine decides everything a Shove does: `plan_shove` gives the chance (the ruleset's roll,
automatic on a Disrupted target) and `shove_path` the cells the victim slides over, from the cell
the shover would stand on. What the landing cell does to the victim comes from the engine's own
rules and odds (`hand_odds`):

* a live cell of a concealed field the side knows: the landing roll (R-HAZ-19) and the payload's
  Damage (a blast, G-12, hits everyone around the spot: a Shove whose blast would reach the shover
  is never planned, and friends caught in it count against it);
* fire and Exposure fields (`exposure_sources_at`): their dice at the end of the victim's turn if
  it is still there — it gets up at Half Speed (R-MOVE-17) and may walk out, so half counts;
* water for a burdened victim: it is immobilized and rolls against drowning (G-17); any other
  victim swims and makes no attack while it does (R-MOVE-4): half its threat next turn to the
  shover's cell is counted, as the planner counts a kill's relief (not for a burning victim: the
  water would put it out).

A Shove with none of these (or no friend to shoot the victim out of its cover) is not planned:
knocking a unit over alone is left to attacks, whose Disruptions count the same quarter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.geometry import distance, has_line_of_sight, in_range, within_reach
from brikwars_gui.engine.hazards.concealed import live_cell
from brikwars_gui.engine.hazards.fields import exposure_sources_at, fields_at, hazard_dice
from brikwars_gui.engine.rules.actions import Shove
from brikwars_gui.engine.rules.common import IllegalOrder, burdened, ranged_weapons, target_size_modifier
from brikwars_gui.engine.rules.shove import plan_shove, shove_path
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.tactics.hand_odds import damage_odds, drowning_chance, landing_set_off_chance
from brikwars_gui.engine.tactics.odds import nominal_needed, strike
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.threat import ThreatMap, known_enemies

if TYPE_CHECKING:
    from brikwars_gui.engine.tactics.planner import Planner

#: Worth of a Disruption in kills (as `StrikeOdds.value` counts one).
DISRUPT_VALUE = 0.25
#: Share of an end-of-turn hazard a shoved victim still takes: it gets up at Half Speed
#: (R-MOVE-17) and may walk out before its turn ends.
STAY = 0.5
#: G-12: blast radius per d10 of an explosive payload (at least one).
RADIUS_PER_D10 = 2


@dataclass
class Landing:
    """What landing on a cell does to a shoved unit, in the planner's units (kills)."""

    value: float = 0.0  # expected harm to the victim (and enemies beside it)
    kill: float = 0.0  # chance the victim dies of it (now, or at its turn's end if `stays`)
    friends: float = 0.0  # expected harm to the shover's friends (a blast)
    shover_hit: bool = False  # the shover stands in a blast it would set off
    what: str = ""
    stays: bool = False
    swims: bool = False  # in water and able to swim: no attacks while it does (R-MOVE-4)


def blast_radius(expr: str) -> int:
    """G-12: 2" per d10 of the explosive Damage (Bonus Dice not counted), at least 2"."""
    d10s = sum(t.count for t in parse_dice(expr).terms if t.sides == 10 and t.sign > 0)
    return RADIUS_PER_D10 * max(1, d10s)


def blast(
    state: GameState,
    expr: str,
    spot: Cell,
    team: str,
    moved: dict[str, Cell],
    *,
    per_die_modifier: int = 0,
    besides: str | None = None,
) -> tuple[float, float, set[str]]:
    """(expected harm to enemies of `team`, to its friends, the ids caught) of an explosion of
    `expr` at `spot`: each unit in the radius suffers the roll and the rest are knocked over
    (G-12, R-MOVE-15); `moved` places units where the plan puts them (the shover, the victim);
    `besides`: a unit left out (a grenade's target, whose odds the attack's own)."""
    radius = blast_radius(expr)
    near = {u.id: u for u in state.units_near(spot, radius + 3)}
    for uid in moved:
        near.setdefault(uid, state.units[uid])
    foes = mine = 0.0
    caught: set[str] = set()
    for uid in sorted(near):
        u = near[uid]
        if not u.alive or uid == besides or not in_range(spot, moved.get(uid, u.pos), radius):
            continue
        caught.add(uid)
        odds = damage_odds(state, expr, u, damage_type="explosive", per_die_modifier=per_die_modifier)
        harm = odds.value() + (0.0 if u.disrupted else (1.0 - odds.kill) * DISRUPT_VALUE)
        if u.team == team:
            mine += harm
        else:
            foes += harm
    return foes, mine, caught


def landing(
    state: GameState,
    shover: UnitState,
    origin: Cell,
    victim: UnitState,
    path: list[Cell],
    known: frozenset[str],
) -> Landing:
    """What the slide `path` does to `victim` (`known`: concealed fields the shover's side knows)."""
    cell, inches = path[-1], len(path) - 1
    out = Landing()
    if inches <= 0:
        return out
    for field in fields_at(state, cell, {"concealed"}):
        expr = hazard_dice(field)
        if field.id not in known or not live_cell(state, field, cell, victim.team) or expr is None:
            continue
        if field.payload == "move" or not expr.terms:
            continue
        off = landing_set_off_chance(victim, inches)  # R-HAZ-19
        if field.damage_type == "explosive":
            moved = {shover.id: origin, victim.id: cell}
            foes, mine, caught = blast(state, str(expr), cell, shover.team, moved)
            out.shover_hit |= shover.id in caught
            out.friends += off * mine
            out.value += off * foes
            kill = damage_odds(state, str(expr), victim, damage_type="explosive").kill
        else:
            odds = damage_odds(state, _with_size(str(expr), victim), victim, damage_type=field.damage_type)
            out.value += off * odds.value()
            kill = odds.kill
        out.kill = max(out.kill, off * kill)
        out.what = out.what or f"onto the concealed {field.name}"
    for source in exposure_sources_at(state, cell):
        if source.living_only and not victim.living:
            continue
        odds = damage_odds(
            state, _with_size(str(source.dice), victim), victim, damage_type=source.damage_type
        )
        out.value += STAY * odds.value()
        out.kill = max(out.kill, odds.kill)
        out.stays = out.stays or not out.what
        out.what = out.what or ("into the fire" if source.field is None else f"into the {source.field.name}")
    if not state.grid.water[cell[1], cell[0]]:
        return out
    current = fields_at(state, cell, {"current"})
    out.what = out.what or (f"into the {current[0].name}" if current else "into the water")
    if burdened(victim):
        drown = drowning_chance(state, victim)  # G-17: immobilized, it rolls at its turn's end
        out.value += drown
        out.kill = max(out.kill, drown)
        out.stays = False
    else:
        out.swims = victim.fire_size == 0  # the water would put its fire out (R-FIRE-11)
    return out


def _with_size(expr: str, victim: UnitState) -> str:
    """Exposure Damage adds the victim's Target Size modifier (R-HAZ-8, G-5)."""
    mod = target_size_modifier(victim.size)
    return expr if mod == 0 else f"{expr}{mod:+d}"


def cover_value(
    state: GameState, shover: UnitState, victim: UnitState, cell: Cell
) -> tuple[float, float, str, str]:
    """(value, kill chance, name, how) of the best shot of a friend yet to act this turn who
    cannot shoot `victim` where it stands (no line of sight, or out of Range) but can at `cell`:
    the victim shoved out of its cover or into his Range (nominal odds from the friend's cell)."""
    best, kill, name, why = 0.0, 0.0, "", ""
    for f in state.units.values():
        if f.team != shover.team or f.id == shover.id or not f.alive or f.disrupted:
            continue
        if f.action_used or f.has_moved or f.done:
            continue  # read as already activated this turn: it will not shoot after the Shove
        for w in ranged_weapons(f):
            if w.spent or w.range is None or not in_range(f.pos, cell, w.range):
                continue
            if not has_line_of_sight(state.grid, f.pos, cell):
                continue
            sight = has_line_of_sight(state.grid, f.pos, victim.pos)
            if sight and in_range(f.pos, victim.pos, w.range):
                continue  # it could shoot it anyway
            odds = strike(state, f, w, victim, needed=nominal_needed(w, victim))
            if odds.value() > best:
                how = f"out of cover for {f.name}" if not sight else f"into {f.name}'s Range"
                best, kill, name, why = odds.value(), odds.kill, f.name, how
    return best, kill, name, why


def shove_plans(
    planner: Planner,
    unit: UnitState,
    cells: list[Cell],
    ready: np.ndarray,
    risk: np.ndarray,
    tm: ThreatMap,
    caution: float,
) -> list[Plan]:
    """Shove plans from each cell the unit can reach next to an enemy (`ready`: each cell's
    score with the Responses the move draws, the Action spent). Costs a distance check per known
    enemy when none is within a move and a step."""
    state = planner.game.state
    if unit.action_used:
        return []
    reach = unit.move_left + 1.5
    victims = [e for e in known_enemies(state, unit.team) if distance(unit.pos, e.pos) <= reach]
    if not victims:
        return []
    index = {c: i for i, c in enumerate(cells)}
    known = _known_fields(state)
    out: list[Plan] = []
    for e in victims:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                origin = (e.pos[0] + dx, e.pos[1] + dy)
                i = index.get(origin)
                if i is None or origin == e.pos or not within_reach(origin, e.pos):
                    continue
                plan = _shove_from(planner, unit, e, origin, float(ready[i]), tm, caution, known)
                if plan is not None:
                    plan.risk += float(risk[i])
                    out.append(plan)
    return out


def _shove_from(
    planner: Planner,
    unit: UnitState,
    e: UnitState,
    origin: Cell,
    ready: float,
    tm: ThreatMap,
    caution: float,
    known: frozenset[str],
) -> Plan | None:
    state = planner.game.state
    try:
        _needed, chance = plan_shove(state, unit, e.id, origin=origin)
    except IllegalOrder:
        return None
    path = shove_path(state, unit, e, origin=origin, known_to=unit.team)  # as its side expects (G-16)
    land = landing(state, unit, origin, e, path, known)
    if land.shover_hit:
        return None  # never into harm to itself
    cover, shot, friend, how = (0.0, 0.0, "", "") if land.value > 0 else cover_value(state, unit, e, path[-1])
    b = planner.b
    x, y = origin
    # R-MOVE-4: swimming, it makes no attack — half the time through its next turn (STAY): its
    # threat to the shover's cell then, weighed as the planner weighs a kill's relief
    denial = b.next_turn * STAY * float(tm.next_turn_of(e.id)[y, x]) if land.swims else 0.0
    gain = land.value + cover
    if gain <= 0 and denial <= 0:
        return None
    drawn = _victim_response(unit, e, origin, tm)
    score = ready + (b.aggression * (gain + DISRUPT_VALUE) + caution * denial) * chance * (1.0 - drawn)
    score -= caution * (chance * land.friends + drawn)
    if land.swims and gain <= 0:
        note = f"shoves {e.name} {land.what}: {round(100 * chance)}% to push; it cannot attack while it swims"
    elif land.value > 0:
        kill = f"{round(100 * chance * land.kill)}% to kill" + (" if it stays there" if land.stays else "")
        note = f"shoves {e.name} {land.what}: {round(100 * chance)}% to push, {kill}"
    else:
        note = (
            f"shoves {e.name} {how}: {round(100 * chance)}% to push, "
            f"then {round(100 * shot)}% for {friend} to kill"
        )
    return Plan(
        "shove",
        origin,
        score,
        target=e.id,
        hit=chance,
        kill=chance * land.kill,
        later=float(tm.next_turn[y, x]),
        hazard=float(tm.hazard[y, x]),
        risk=drawn,
        toward=e.pos,  # where the victim stands: no Shove if a Response moved it
        notes=[note],
        order=Shove(e.id),
    )


def _victim_response(unit: UnitState, victim: UnitState, origin: Cell, tm: ThreatMap) -> float:
    """The victim's own Response to the shover stepping next to it (R-MOVE-5: entering its
    reach), when the planner's move risk left it out — it counts a mover starting within the
    victim's Angry Inch as not "entering"; a Shove itself draws no Response."""
    view = tm.view(victim.id)
    if view is None or not view.responds or origin == unit.pos or not view.in_reach_from(unit.pos):
        return 0.0
    x, y = unit.pos
    if view.shoot_zone()[y, x]:
        return 0.0  # already within its reach: stepping closer enters nothing
    return max(view.p_close, view.p_ranged)


def _known_fields(state: GameState) -> frozenset[str]:
    """Concealed fields a side knows are there: all of them (R-HAZ-1: a Field Hazard's boundaries
    are public, as `ThreatMap` reads them)."""
    return frozenset(f.id for f in state.fields.values() if f.kind == "concealed")
