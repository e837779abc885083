"""Candidate plans for one unit's activation and their scores (Princess-style path ranking).

A plan is where the unit ends its Movement and what it does with its Action:

* `move_attack`: move to a cell, then attack from there;
* `attack_move`: attack from where it stands, then move (step back out of reach);
* `hold`: move, keep the Action for a Response (R-RESP-1) and face the enemy;
* `sprint`: spend the Action on a Sprint toward the enemy when nothing is near (R-MOVE-18).

Stage 1 scores every reachable cell at once with numpy vectors (one entry per candidate cell):
`aggression × expected kills dealt − caution × expected kills suffered + position`, where the
suffered part counts the Responses the move and the attack draw this turn and, scaled by
`next_turn`, what the enemy can do next turn, plus hazards. Stage 2 re-checks the best few plans
exactly: the real path (`Game.preview_path`) for every Response it walks into and every hazard it
crosses, and the real attack odds from the end cell (`plan_attack` with `origin`).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

import numpy as np

from brikwars_gui.engine.geometry import distance, straight_line
from brikwars_gui.engine.grid import IllegalPath, path_cost
from brikwars_gui.engine.rules.combat import target_size_penalty
from brikwars_gui.engine.rules.common import at_half_speed, burdened, max_rise, ranged_weapons
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import Cell, UnitState, WeaponState
from brikwars_gui.engine.supernatural.minds import fired_problem
from brikwars_gui.engine.tactics.charge import charge_plans
from brikwars_gui.engine.tactics.flank import free_attack_cells, zone_danger
from brikwars_gui.engine.tactics.flow import cached_travel_field
from brikwars_gui.engine.tactics.hazard_plans import fire_plans, hand_plans
from brikwars_gui.engine.tactics.odds import Odds, attack_odds, nominal_needed, strike, too_far
from brikwars_gui.engine.tactics.plan import Plan
from brikwars_gui.engine.tactics.presets import Behaviour
from brikwars_gui.engine.tactics.routes import Route, hazard_near, safe_routes
from brikwars_gui.engine.tactics.shove_plans import blast
from brikwars_gui.engine.tactics.skill_plans import skill_plans
from brikwars_gui.engine.tactics.sn_plans import sn_plans
from brikwars_gui.engine.tactics.threat import CROSSING, STEP, ThreatMap, known_enemies

#: The way round counts in the advance when it is this much longer than the straight line: a
#: river, a minefield or a burning hamlet, not the inch a post or the grid's diagonals add.
DETOUR = 2.0
#: Straight lines a Sprint is tried along (R-MOVE-18: any direction, one line).
SPRINT_BEARINGS = 24
#: Enemies further than this beyond their own reach and the unit's Move are left out of the threat.
_THREAT_MARGIN = 3.0


def _noise(seed: int, *parts: object) -> float:
    """A deterministic wobble in [-1, 1) from the game seed and the plan (Easy's mistakes)."""
    digest = hashlib.blake2b(repr((seed, *parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") / 2**63 - 1.0


@dataclass
class _Shot:
    """The unit's best attack on one target with one weapon, and where it can be made from."""

    target: UnitState
    weapon: WeaponState
    hit: np.ndarray  # per candidate cell: the odds from there (`Ruleset.strike_key`)
    kill: np.ndarray
    value: np.ndarray  # expected kills (a Disruption counts a quarter)
    cells: np.ndarray  # bool per candidate cell


def _at_cells(kept: dict[int, np.ndarray], array: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """`array[ys, xs]`, kept in `kept` by the array's identity (the arrays outlive the plan)."""
    found = kept.get(id(array))
    if found is None:
        found = kept[id(array)] = array[ys, xs]
    return found


class Planner:
    """Plans one unit's activation for a Behaviour (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        behaviour: Behaviour,
        *,
        seed: int = 0,
        sight_cache: dict | None = None,
        standoff: float = 0.0,
    ):
        self.game = game
        self.b = behaviour
        self.seed = seed
        self.standoff = standoff
        # what the enemy may do on its next turn counts less while it sits still (`standoff`: a
        # side that gave no move or Action order on its last turns only answers with Responses)
        self.next_turn = behaviour.next_turn * (1.0 - standoff)
        self.sight_cache = sight_cache if sight_cache is not None else {}
        self._travel: np.ndarray | None = None  # the unit being planned's travel field
        self._flank: np.ndarray | None = None  # its way to cells a sitting enemy cannot answer
        self._routes: dict[Cell, Route] = {}  # and its least-hazard paths (`routes.safe_routes`)
        self._way_hazard: np.ndarray | None = None  # what those paths walk round
        self._cross_weight = 0.0  # and what stage 1 charged per unit of it
        self.checked: list[Plan] = []  # the plans `_refine` scored exactly, best first (Hard's rollouts)

    # -- inputs -------------------------------------------------------------------------------------

    def _urgency(self) -> float:
        """0 at the start, 1 at the round limit — or sooner when the enemy sits (`standoff`: it
        gave no move or attack orders on its last turns, so waiting for it to come gains nothing):
        the advance grows, the worth of holding and caution about attacking melt (walking into
        Responses without attacking stays as costly), so the AI does not wait out a draw."""
        limit = self.game.max_rounds or 15
        clock = min(1.0, max(0.0, (self.game.round - 1) / max(1, limit - 1)))
        return max(clock, self.standoff)

    def _reach(self, unit: UnitState) -> float:
        """The unit's longest shot worth making (`Ruleset.shot_range`), 1.5 for a close fighter."""
        state = self.game.state
        rules = ruleset_of(state)
        shots = [rules.shot_range(state, unit, w) for w in ranged_weapons(unit) if not w.spent]
        return max(shots, default=1.5)

    def _cells(self, unit: UnitState) -> list[Cell]:
        moves = dict(self.game.legal_moves(unit.id))
        if burdened(unit):  # a burdened unit sinks in water (R-MOVE-4): never end a move there
            water = water_cells(self.game.state.grid)
            moves = {c: v for c, v in moves.items() if c not in water}
        return [unit.pos, *sorted(c for c in moves if c != unit.pos)]

    def _shots(
        self, unit: UnitState, enemies: list[UnitState], xs: np.ndarray, ys: np.ndarray, tm: ThreatMap
    ) -> list[_Shot]:
        """Every (target, weapon) the unit could use from some candidate cell, with its odds.
        Sight is read from the target's line-of-sight map (GRID-5 is symmetric)."""
        shots: list[_Shot] = []
        if unit.action_used:
            return shots
        fired = self.game.state.sn.fired
        rules = ruleset_of(self.game.state)
        for e in enemies:
            view = tm.view(e.id)
            if view is None:
                continue
            dist = view.dist[ys, xs]
            cheb = view.cheb[ys, xs]
            sight = view.sight[ys, xs]
            for w in unit.weapons:
                if w.spent or (fired and fired_problem(self.game.state, unit, w.name)):
                    continue  # R-SN-40: a weapon fires once a turn, whatever Minds the unit has
                needed: int | None = w.use + target_size_penalty(e.size)
                if w.is_close:
                    cells = cheb <= 1
                    if e.disrupted:  # R-MOVE-16: automatic hit within touch
                        needed = None
                else:  # the ruleset's own range bands (Nine Powers: 10x the Shoot rating)
                    cells = sight & (dist <= rules.shot_range(self.game.state, unit, w) + 1e-9)
                    if e.disrupted:
                        needed = (needed or 0) - 1  # R-MOVE-16: +1 to Ranged Attacks
                if w.use <= 0:
                    needed = None
                if not cells.any() or not self._blast_safe(unit, w, e):
                    continue
                hit, kill, value = self._odds_by_cell(unit, w, e, needed, cells, xs, ys)
                if w.damage_type == "explosive":  # G-12: the blast catches the foes beside it too
                    beside = blast(self.game.state, w.damage, e.pos, unit.team, {}, besides=e.id)[0]
                    value = value + hit * beside
                if hit[0] < self.b.min_hit and hit.max() < self.b.min_hit:
                    continue
                shots.append(_Shot(e, w, hit, kill, value, cells))
        return shots

    def _odds_by_cell(
        self,
        unit: UnitState,
        weapon: WeaponState,
        target: UnitState,
        needed: int | None,
        cells: np.ndarray,
        xs: np.ndarray,
        ys: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(hit, kill, value) of the attack from each candidate cell: the odds from where the unit
        stands everywhere, unless the ruleset's odds depend on the cell (`Ruleset.strike_key`:
        Nine Powers' moving-and-shooting, range band, flanking, higher ground) — then once per key."""
        state = self.game.state
        s = strike(state, unit, weapon, target, needed=needed)
        out = np.repeat(np.array([[s.hit], [s.kill], [s.value()]]), len(xs), axis=1)
        rules = ruleset_of(state)
        if rules.strike_key(state, unit, weapon, target, unit.pos) is None:
            return out[0], out[1], out[2]
        by_key: dict[object, tuple[float, float, float]] = {}
        for i in np.flatnonzero(cells):
            origin = (int(xs[i]), int(ys[i]))
            key = rules.strike_key(state, unit, weapon, target, origin)
            if key not in by_key:
                k = strike(state, unit, weapon, target, needed=needed, origin=origin)
                by_key[key] = (k.hit, k.kill, k.value())
            out[:, i] = by_key[key]
        return out[0], out[1], out[2]

    def _leaving_risk(self, unit: UnitState, cells: list[Cell], tm: ThreatMap) -> np.ndarray:
        """Per candidate cell, the expected harm of the Responses stepping away from where the
        unit stands draws (`Ruleset.leaving_responses`: Nine Powers' Melee talent strikes a foe
        moving out of its reach, R-NP-12): each guard's close-combat value against the unit, at
        most (the talent's rating is no better than the Melee skill)."""
        out = np.zeros(len(cells))
        state = self.game.state
        if not any(e.team != unit.team and e.alive for e in state.units_near(unit.pos, 1.5)):
            return out
        rules = ruleset_of(state)
        for i, cell in enumerate(cells):
            for _kind, guard in rules.leaving_responses(state, unit, unit.pos, cell):
                view = tm.view(guard)
                out[i] += view.p_close if view is not None else 0.0
        return out

    def _blast_safe(self, unit: UnitState, weapon: WeaponState, target: UnitState) -> bool:
        """No friend (nor itself, roughly) in the blast of an explosive (G-12: 2" per d10)."""
        if weapon.damage_type != "explosive":
            return True
        radius = 2 * max(1, weapon.damage.count("d10"))
        near = self.game.state.units_near(target.pos, radius + 1)  # the engine's spatial index
        return not any(u.team == unit.team and u.id != unit.id for u in near)

    # -- stage 1 --------------------------------------------------------------------------------------

    def plan(self, unit: UnitState) -> Plan | None:
        """The best plan for the unit now, or None when it can do nothing useful."""
        state = self.game.state
        if not unit.alive or unit.disrupted or unit.done:
            return None
        all_enemies = known_enemies(state, unit.team)
        if not all_enemies:
            return None
        cells = self._cells(unit)
        xs = np.array([c[0] for c in cells])
        ys = np.array([c[1] for c in cells])
        my_reach = self._reach(unit)
        reach_of = {e.id: max((w.range or 0 for w in ranged_weapons(e)), default=1.5) for e in all_enemies}
        span = unit.move_left + my_reach + _THREAT_MARGIN
        near = [e for e in all_enemies if distance(unit.pos, e.pos) <= span + e.move + reach_of[e.id]]
        sitting = self.standoff >= 1.0
        tm = ThreatMap(
            state,
            unit,
            enemies=all_enemies if sitting else near,
            min_radius=my_reach + 1.5,
            sight_cache=self.sight_cache,
            shared_fire=self.b.shared_fire,
        )
        urgency = self._urgency()
        caution = self.b.caution * (1.0 - 0.5 * urgency)  # toward the limit, trades are worth it
        # a hazard cell on the way costs what crossing it costs (`CROSSING` of its danger), so
        # the way round is taken when shorter, and a band that must be crossed is entered only
        # when the move gets through it (ending in it costs its whole danger)
        self._travel = cached_travel_field(
            self.sight_cache, state.grid, tm.ground, [e.pos for e in all_enemies], self.b.advance / CROSSING
        )
        self._flank = self._flank_field(unit, tm) if sitting else None
        # Responses drawn by the move; per enemy so an attack's Responses are not counted twice
        zones = []
        for v in tm.enemies:
            if v.responds and not v.in_reach_from(unit.pos):
                zones.append((v, v.response_zone((ys, xs)), v.p_at(v.cheb[ys, xs] <= 2)))
        move_risk = np.zeros(len(cells))
        for _v, zone, p in zones:
            move_risk += np.where(zone, p, 0.0)
        leaving = self._leaving_risk(unit, cells, tm)  # a guard's free blow on stepping away
        move_risk += leaving
        later = tm.next_turn[ys, xs]
        hazard = tm.hazard[ys, xs]
        position = self._position(unit, all_enemies, cells, xs, ys, my_reach, urgency)
        # the hazard the safest way there crosses (`routes`: wire and minefields walked round)
        # and, while the enemy sits, round the saved-Action zones it would enter (R-MOVE-5)
        way = tm.hazard + zone_danger(tm, unit.pos) if sitting else tm.hazard
        self._way_hazard = way
        self._routes = safe_routes(state, unit, cells, way) if hazard_near(unit, way) else {}
        crossed = np.array([self._routes[c][0] if c in self._routes else 0.0 for c in cells])
        # the saved Actions walked into on the way cost in full, as the refined path charges them
        self._cross_weight = self.b.caution if sitting else caution * CROSSING
        base = position - caution * (self.next_turn * later + hazard) - self._cross_weight * crossed
        plans: list[Plan] = []
        # hold: keep the Action for a Response
        hold = (
            base
            - self.b.caution * move_risk
            + self._hold_value(unit, all_enemies, xs, ys, my_reach) * (1 - urgency)
        )
        plans += self._top("hold", cells, hold, move_risk, later, hazard)
        # `attack_risk_of` gives a responder's same (kept) array for most targets: what it adds
        # at the cells is worked out once per array, by identity (issue 26: a dense front's unit
        # weighs ~30 targets against ~200 responders)
        at_cells: dict[int, np.ndarray] = {}
        drawn: dict[tuple[int, int], np.ndarray] = {}
        moving = {v.unit.id for v, _z, _p in zones}
        standing = [v for v in tm.enemies if v.responds and v.unit.id not in moving]
        for shot in self._shots(unit, near, xs, ys, tm):
            tvalue = 1.0 + self.b.focus * self._danger_of(shot.target, unit)
            gain = self.b.aggression * shot.value * tvalue
            risk = np.zeros(len(cells))  # expected deaths to the Responses drawn
            for i, (v, zone, p) in enumerate(zones):  # a responder fires once: on the move or at the attack
                arr = tm.attack_risk_of(v, shot.target.id)
                term = drawn.get((i, id(arr)))
                if term is None:
                    own = _at_cells(at_cells, arr, ys, xs) > 0
                    term = drawn[(i, id(arr))] = np.where(zone | own, p, 0.0)
                risk += term
            for v in standing:  # responders already in reach, which only the attack draws
                risk += _at_cells(at_cells, tm.attack_risk_of(v, shot.target.id), ys, xs)
            survive = 1.0 - np.minimum(1.0, move_risk)
            # the target may die: its share of next turn's threat goes with it
            relief = caution * self.next_turn * shot.kill * tm.next_turn_of(shot.target.id)[ys, xs]
            score = base + gain * survive - caution * risk + relief
            score = np.where(shot.cells, score, -np.inf)
            plans += self._top("move_attack", cells, score, risk, later, hazard, shot)
            if shot.cells[0]:
                # attack from here first, then walk away from what is left
                x0, y0 = unit.pos
                target_id = shot.target.id
                drawn_here = {v.unit.id: float(tm.attack_risk_of(v, target_id)[y0, x0]) for v in tm.enemies}
                here_risk = sum(drawn_here.values())
                after = leaving.copy()
                for v, zone, p in zones:
                    if not drawn_here.get(v.unit.id):
                        after += np.where(zone, p, 0.0)
                score2 = base + gain - caution * (here_risk + after) + relief
                stand = not self.b.shot_fall_back if not shot.weapon.is_close else not self.b.close_fall_back
                if stand:  # strike or shoot and stand (Nine Powers)
                    score2 = np.where(np.arange(len(cells)) == 0, score2, -np.inf)
                plans += self._top("attack_move", cells, score2, here_risk + after, later, hazard, shot)
        if self.b.sprint and not unit.has_moved and not unit.action_used:
            plans += self._sprint(unit, all_enemies, reach_of, tm, cells)
            plans += charge_plans(self, unit, near, tm, caution)
        plans += fire_plans(state, unit, float(base[0]), caution * float(hazard[0]), self.b.caution)
        plans += hand_plans(self, unit, cells, base - self.b.caution * move_risk, move_risk, tm, caution)
        plans += skill_plans(self, unit, cells, base - self.b.caution * move_risk, later, tm, caution)
        if state.sn.active:  # Chapter D: casts and a 10amyte's blast (tactics/sn_plans.py)
            sn = sn_plans(self, unit, cells, base - self.b.caution * move_risk)
            free = [p for p in sn if p.free]
            if free:  # a free cast by touch first; the player plans the unit again after it
                return max(free, key=lambda p: (p.score, p.target or ""))
            plans += sn
        if not plans:
            return None
        if self.b.noise:
            for p in plans:
                p.score += self.b.noise * _noise(self.seed, state.round, unit.id, p.kind, p.dest, p.target)
        plans.sort(key=lambda p: (-p.score, p.kind, p.dest, p.target or ""))
        k = max(1, self.b.exact_paths)
        unchecked = ("firefight", "charge")  # no path check
        checked = plans[:k] + [p for p in plans[k:] if p.kind in unchecked]
        return self._refine(unit, checked, tm, caution)

    def _top(
        self,
        kind: str,
        cells: list[Cell],
        score: np.ndarray,
        risk: np.ndarray | float,
        later: np.ndarray,
        hazard: np.ndarray,
        shot: _Shot | None = None,
        count: int = 3,
    ) -> list[Plan]:
        """The `count` best cells of one plan kind as Plans (ties: nearest cells first)."""
        finite = np.isfinite(score)
        if not finite.any():
            return []
        order = np.argsort(-np.where(finite, score, -1e18), kind="stable")[:count]
        risk_arr = np.broadcast_to(np.asarray(risk, dtype=float), score.shape)
        out = []
        for i in order:
            if not finite[i]:
                continue
            out.append(
                Plan(
                    kind,
                    cells[int(i)],
                    float(score[i]),
                    shot.target.id if shot else None,
                    shot.weapon.name if shot else None,
                    float(shot.hit[i]) if shot else 0.0,
                    float(shot.kill[i]) if shot else 0.0,
                    float(risk_arr[i]),
                    float(later[i]),
                    float(hazard[i]),
                )
            )
        return out

    def _position(
        self,
        unit: UnitState,
        enemies: list[UnitState],
        cells: list[Cell],
        xs: np.ndarray,
        ys: np.ndarray,
        my_reach: float,
        urgency: float,
    ) -> np.ndarray:
        """Advance toward the enemy (a ranged unit to its Range, a fighter to reach) and stay
        near friends (formation). The advance counts the way there (`flow.travel_field`: around
        obstacles and known hazards) until the unit stands within its desired distance."""
        ex = np.array([e.pos[0] for e in enemies], dtype=float)
        ey = np.array([e.pos[1] for e in enemies], dtype=float)
        d = np.hypot(xs[:, None] - ex[None, :], ys[:, None] - ey[None, :]).min(axis=1)
        desired = max(1.0, my_reach - 1.0)
        travel = self._travel[ys, xs] if self._travel is not None else d
        detour = np.isfinite(travel) & (travel > d + DETOUR)
        way = np.where(detour, travel, d)
        gap = np.where(d <= desired, 0.0, np.maximum(way - desired, 0.0))
        if self._flank is not None:  # a sitting enemy: the way to where it cannot answer
            free = self._flank[ys, xs]
            gap = np.where(np.isfinite(free), free, gap)
        score = -self.b.advance * (1.0 + 2.0 * urgency) * gap
        friends = [
            u for u in self.game.state.units.values() if u.alive and u.team == unit.team and u.id != unit.id
        ]
        if friends and self.b.formation:
            fx = np.array([f.pos[0] for f in friends], dtype=float)
            fy = np.array([f.pos[1] for f in friends], dtype=float)
            fd = np.hypot(xs[:, None] - fx[None, :], ys[:, None] - fy[None, :]).min(axis=1)
            score -= self.b.formation * np.maximum(fd - self.b.formation_range, 0.0)
        return score

    def _flank_field(self, unit: UnitState, tm: ThreatMap) -> np.ndarray | None:
        """Travel distance to the nearest cell the unit can attack a sitting enemy from without
        drawing a Response (`flank.free_attack_cells`), each saved-Action zone on the way priced
        as the detour it is worth; None when there is no such cell."""
        free = free_attack_cells(self.game.state, unit, tm)
        if not free.any():
            return None
        goals = [(int(x), int(y)) for y, x in zip(*np.nonzero(free), strict=True)]
        danger = tm.ground + zone_danger(tm)
        grid = self.game.state.grid
        return cached_travel_field(self.sight_cache, grid, danger, goals, self.b.advance / CROSSING)

    def _position_at(self, unit: UnitState, cell: Cell, enemies: list[UnitState] | None = None) -> float:
        """`_position` of one cell (Sprint and Charge goals lie beyond a normal move)."""
        if enemies is None:
            enemies = known_enemies(self.game.state, unit.team)
        xs, ys = np.array([cell[0]]), np.array([cell[1]])
        return float(self._position(unit, enemies, [cell], xs, ys, self._reach(unit), self._urgency())[0])

    def _hold_value(
        self, unit: UnitState, enemies: list[UnitState], xs: np.ndarray, ys: np.ndarray, my_reach: float
    ) -> np.ndarray:
        """Worth of a saved Action at each cell: the best kill chance against an enemy that must
        come within its reach to get at the unit (R-RESP-1)."""
        if unit.action_used:
            return np.zeros(len(xs))
        out = np.zeros(len(xs))
        for e in enemies:
            d = np.hypot(xs - e.pos[0], ys - e.pos[1])
            comes = d <= e.move + my_reach + 1.5
            if not comes.any():
                continue  # it reaches no candidate cell: its odds would change nothing
            odds = self._nominal(unit, e)
            if odds <= 0:
                continue
            out = np.maximum(out, np.where(comes, odds, 0.0))
        water = self.game.state.grid.water[ys, xs]
        if water.any() and not unit.flight:  # R-MOVE-4: a swimmer has no arms free to respond
            out = np.where(water, 0.0, out)
        return self.b.hold_value * out

    def _nominal(self, unit: UnitState, target: UnitState) -> float:
        """Best kill chance of one of the unit's weapons on `target` within Range, sight assumed."""
        best = 0.0
        for w in unit.weapons:
            if w.spent:
                continue
            kill = strike(self.game.state, unit, w, target, needed=nominal_needed(w, target)).kill
            best = max(best, kill)
        return best

    def _danger_of(self, enemy: UnitState, unit: UnitState) -> float:
        """Focus fire: how much a target matters — Disrupted or wounded targets are easy, and one
        that can kill friends is worth more."""
        reach = max((w.range or 0 for w in ranged_weapons(enemy)), default=1.5) + enemy.move
        threatened = sum(1 for u in self.game.state.units_near(enemy.pos, reach) if u.team == unit.team)
        return (
            min(2.0, 0.25 * threatened)
            + (0.5 if enemy.disrupted else 0.0)
            + (0.5 if enemy.fire_size else 0.0)
        )

    def _sprint(
        self,
        unit: UnitState,
        enemies: list[UnitState],
        reach_of: dict[str, float],
        tm: ThreatMap,
        cells: list[Cell],
    ) -> list[Plan]:
        """R-MOVE-18: spend the Action on a straight run of Move + the Skill roll, declared to the
        line's last cell outside every enemy's reach plus the Angry Inch (the run ends there or
        where the roll runs out; it is scored where an average roll ends). The whole Movement is
        one straight line in any direction, so `SPRINT_BEARINGS` lines are tried (and the one at
        the nearest enemy), each cut short before a known hazard, an obstacle, a climb or an
        enemy, and the one whose end has the best position (`_position`: the way round the river
        or the fire counts) is run; worth it only to a cell a normal move (`cells`) does not
        reach. The Action is spent, so no hold value."""
        sides = max(2, unit.skill)
        expected = unit.move + (sides + 1) * sides / (2 * (sides - 1))  # an exploding Skill die
        longest = unit.move + 2 * sides  # a rarely longer run: the declared end of the line
        nearest = min(enemies, key=lambda e: (distance(unit.pos, e.pos), e.id))
        grid = self.game.state.grid
        blocked, no_stop = self.game.state.unit_index().blockers(unit)
        x0, y0 = unit.pos
        ends = [nearest.pos] + [
            (round(x0 + (longest + 1) * math.cos(a)), round(y0 + (longest + 1) * math.sin(a)))
            for a in (2 * math.pi * k / SPRINT_BEARINGS for k in range(SPRINT_BEARINGS))
        ]
        runs: dict[Cell, Cell] = {}  # expected end → declared end (the last safe cell of the line)
        rise = max_rise(unit)
        walkable = set(cells)
        slow = at_half_speed(unit)
        water = water_cells(grid) if not unit.can_swim or burdened(unit) else frozenset()
        guards = _guards(unit, enemies, reach_of, longest)
        # exact as `distance(cell, e.pos) <= margin`: squared integer distances against the squared
        # margin, over all guards at once (issue 26: a dense 2,000-unit front has hundreds)
        gx = np.array([e.pos[0] for e in guards], dtype=np.int64)
        gy = np.array([e.pos[1] for e in guards], dtype=np.int64)
        g2 = np.array([(reach_of[e.id] + STEP + 1.0) ** 2 for e in guards], dtype=np.float64)
        for end in ends:
            likely = far = None
            spent, parity, prev = 0, unit.diagonal_parity, unit.pos
            for x, y in straight_line(unit.pos, end)[1:]:
                if not grid.in_bounds((x, y)) or tm.hazard[y, x] > 0 or (x, y) in water:
                    break  # never sprint blind through a known hazard (nor swim one)
                try:  # the rules' own step check: obstacles, corners, climbs, enemies (R-MOVE-3)
                    step = [prev, (x, y)]
                    spent += path_cost(
                        grid, step, half_speed=slow, blocked=blocked, diagonal_parity=parity, max_rise=rise
                    )
                except IllegalPath:
                    break
                parity ^= int(x != prev[0] and y != prev[1])
                if spent > longest:
                    break
                if len(guards) and bool((((gx - x) ** 2 + (gy - y) ** 2) <= g2).any()):
                    break
                prev = (x, y)
                if (x, y) not in no_stop:
                    far = (x, y)
                    if spent <= expected:
                        likely = far
            if likely is not None and far is not None and likely not in walkable and likely not in runs:
                runs[likely] = far  # a normal move gets there too, keeping the Action
        if not runs:
            return []
        goals = list(runs)
        xs, ys = np.array([g[0] for g in goals]), np.array([g[1] for g in goals])
        position = self._position(unit, enemies, goals, xs, ys, self._reach(unit), self._urgency())
        later = tm.next_turn[ys, xs]
        score = position - self.b.caution * (self.next_turn * later + tm.hazard[ys, xs])
        score -= self.b.caution * self._leaving_risk(unit, goals, tm)  # a guard's blow (R-NP-12)
        best = int(np.argmax(score))
        goal = goals[best]
        return [
            Plan(
                "sprint",
                goal,
                float(score[best]),
                toward=runs[goal],
                later=float(later[best]),
                notes=[f"on the way to {nearest.name}"],
            )
        ]

    # -- stage 2 --------------------------------------------------------------------------------------

    def _refine(self, unit: UnitState, plans: list[Plan], tm: ThreatMap, caution: float) -> Plan:
        """Check the best few plans exactly: the real path's Responses and hazards, and the real
        odds of the attack from the end cell."""
        state = self.game.state
        best: Plan | None = None
        for plan in plans:
            in_place = plan.kind == "cast" and plan.dest == unit.pos
            if plan.kind in ("sprint", "firefight", "charge") or in_place:
                score = plan.score
            else:
                score = plan.score
                path = [unit.pos]
                if plan.dest != unit.pos:
                    preview = self.game.preview_path(unit.id, plan.dest)
                    if preview is None:
                        continue
                    path = list(preview.cells)
                way = self._way_hazard if self._way_hazard is not None else tm.hazard
                crossed = sum(float(way[y, x]) for x, y in path[1:-1])
                route = self._routes.get(plan.dest)
                safer = route is not None and route[0] < crossed - 1e-9  # than the rules' path
                if safer and self.game.preview_path(unit.id, list(route[1])) is not None:
                    path, plan.path = list(route[1]), route[1]
                # the hazard charged: the ground's (the Responses on the way are counted below)
                crossed = sum(float(tm.hazard[y, x]) for x, y in path[1:-1])
                if route is not None:
                    score += self._cross_weight * route[0]  # stage 1 charged the safe way's crossing
                score -= caution * CROSSING * crossed
                plan.hazard += crossed * CROSSING
                extra = self._path_responses(unit, path, plan, tm)
                score -= caution * extra
                plan.risk += extra
                if plan.kind in ("move_attack", "attack_move") and plan.target and plan.weapon:
                    origin = plan.dest if plan.kind == "move_attack" else unit.pos
                    weapon = next(w for w in unit.weapons if w.name == plan.weapon)
                    odds: Odds | None = attack_odds(state, unit, weapon, state.units[plan.target], origin)
                    if odds is None or too_far(state, unit, weapon, odds.plan):
                        continue
                    score += self.b.aggression * (odds.kill - plan.kill)
                    plan.hit, plan.kill = odds.hit, odds.kill
            plan.score = score
            self.checked.append(plan)
            if best is None or score > best.score:
                best = plan
        self.checked.sort(key=lambda p: (-p.score, p.kind, p.dest, p.target or ""))
        return best or plans[0]

    def _path_responses(self, unit: UnitState, path: list[Cell], plan: Plan, tm: ThreatMap) -> float:
        """Responders the path walks into on the way (cells before the end), beyond the ones the
        end cell was already charged for (R-MOVE-5: each step that enters reach triggers)."""
        if len(path) <= 2:
            return 0.0
        extra = 0.0
        end_x, end_y = plan.dest
        for v in tm.enemies:
            if not v.responds or v.in_reach_from(unit.pos):
                continue
            zone = v.response_zone()
            if zone[end_y, end_x]:
                continue  # already counted
            if any(zone[y, x] for x, y in path[1:-1]):
                extra += max(v.p_ranged, v.p_close)
                plan.notes.append(f"passes {v.unit.name}'s saved-Action reach")
        return extra


def _guards(
    unit: UnitState, enemies: list[UnitState], reach_of: dict[str, float], longest: int
) -> list[UnitState]:
    """The enemies a sprint line of `unit` can come within their reach + STEP + 1" of (issue 26:
    asking every enemy about every cell of every line was 85% of a 300-unit tactical turn). A
    line's cells cost at most `longest` (each step >= 1", so they lie within √2·longest of the
    unit) or end at a bearing's end, longest + 1 away; an enemy farther than 1.5·longest + 3 +
    its margin from the unit is farther than its margin from every one of them."""
    if not enemies:
        return []
    at = np.array([e.pos for e in enemies], dtype=np.float64)
    margin = np.array([reach_of[e.id] + STEP + 1.0 for e in enemies])
    away = np.hypot(at[:, 0] - unit.pos[0], at[:, 1] - unit.pos[1])
    keep = away <= 1.5 * longest + 4.0 + margin
    return [e for e, k in zip(enemies, keep.tolist(), strict=True) if k]
