"""What the enemy can do to a unit at each cell: numpy maps built once per activation.

* `EnemyView` per known enemy: line of sight from where it stands (`grid.visible_cells`, numpy),
  its Cone of Vision (GRID-6), its reach (ranged Range, close-combat reach, and the Angry Inch
  one step further, R-RESP-2) and its best exact chance to kill the unit being planned for.
* Responses this turn (R-RESP-1..3, R-MOVE-5): an enemy holding a saved Action shoots a mover
  that *enters* its reach in its sight, shoots back at an attacker it sees, and shoots an
  attacker of an ally when it sees either of them.
* The enemy's next turn: every able enemy may move its Move and attack from there.
* Hazards: cells on fire, damaging Field Hazards, and concealed fields — whose boundaries every
  player knows (R-HAZ-1: a Field Hazard is never secret, only where its concealed items lie).

Unknown things stay unknown: an enemy unit still `hidden` (G-16) that the team has not
revealed is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from brikwars_gui.engine.geometry import visible_cells
from brikwars_gui.engine.hazards.fields import hazard_dice
from brikwars_gui.engine.hazards.scout import is_scout
from brikwars_gui.engine.rules.common import can_respond, close_weapons, ranged_weapons, swimming
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, FieldState, GameState, UnitState
from brikwars_gui.engine.tactics.hand_odds import damage_odds
from brikwars_gui.engine.tactics.odds import nominal_needed, strike
from brikwars_gui.engine.visibility import unit_visible_to

FACING_VECTORS = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}

#: Danger of ending on or crossing a cell of each hazard kind, in "kills" (rough: a Damage die
#: against Armor 4 and the chance of staying in it).
HAZARD_DANGER = {
    "exposure": 0.25,
    "spiked": 0.35,
    "concealed": 0.6,
    "current": 0.05,
    "slippery": 0.05,
    "slow": 0.03,
}
#: Kinds whose danger is their dice against the unit (`ThreatMap._field_danger`).
EXACT_KINDS = frozenset({"exposure", "spiked"})
FIRE_DANGER = 0.6
#: Share of a hazard cell's danger charged for passing through it rather than ending there.
CROSSING = 0.5
SCOUT_CONCEALED = 0.1  # share of a concealed field's danger left for a Scout (R-SCOUT-3)
STEP = 1.5  # the Angry Inch: one step, at most √2" (R-RESP-2)


def known_enemies(state: GameState, team: str) -> list[UnitState]:
    """Living enemies the team may know about: the engine's per-player visibility (G-16,
    `engine/visibility.unit_visible_to`: Hidden units stay unknown until revealed; under fog of
    war only the enemies the side sees now)."""
    return [
        u
        for u in sorted(state.units.values(), key=lambda u: u.id)
        if u.alive and u.team != team and unit_visible_to(state, team, u)
    ]


def _beside(state: GameState, shooter: UnitState, target: UnitState) -> Cell:
    """The cell beside `target` nearest `shooter`: where a close attack on it is made from, so
    its odds are those of a blow in reach (Nine Powers prices one out of reach at -2 dice)."""
    tx, ty = target.pos
    around = [
        (tx + dx, ty + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and 0 <= tx + dx < state.width and 0 <= ty + dy < state.height
    ]
    if shooter.pos in around or not around:
        return shooter.pos
    return min(around, key=lambda c: ((c[0] - shooter.pos[0]) ** 2 + (c[1] - shooter.pos[1]) ** 2, c))


def _kill_chance(state: GameState, shooter: UnitState, target: UnitState, *, ranged: bool) -> float:
    """Best expected value (kills; wounds and Disruptions in part) of one attack by `shooter` on
    `target` with its ranged (or close) weapons within Range (a close one from beside it), under
    the battle's ruleset."""
    best = 0.0
    weapons = ranged_weapons(shooter) if ranged else close_weapons(shooter)
    origin = None if ranged else _beside(state, shooter, target)
    for w in weapons:
        if w.spent:
            continue
        odds = strike(state, shooter, w, target, needed=nominal_needed(w, target), origin=origin)
        best = max(best, odds.value())
    return best


def _flanked_chance(state: GameState, shooter: UnitState, target: UnitState, alone: float) -> float:
    """`_kill_chance` of its close attack when another of its side is in reach of the target too
    (`Ruleset.flanked_strike_odds`: Nine Powers' flanking die, R-NP-14); `alone` where the rules
    give no such bonus."""
    rules = ruleset_of(state)
    origin = _beside(state, shooter, target)
    best = alone
    for w in close_weapons(shooter):
        if not w.spent:
            odds = rules.flanked_strike_odds(state, shooter, w, target, origin)
            if odds is not None:
                best = max(best, odds.value())
    return best


def _dry_step(state: GameState, unit: UnitState) -> bool:
    """Whether a free, passable, dry cell lies one Angry Inch from the unit (R-RESP-2): a swimmer
    answers an attack only by stepping out of the water onto one first (R-MOVE-4)."""
    grid = state.grid
    x0, y0 = unit.pos
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            x, y = x0 + dx, y0 + dy
            free = grid.in_bounds((x, y)) and grid.passable[y, x] and not grid.water[y, x]
            if (dx or dy) and free and state.unit_at((x, y)) is None:
                return True
    return False


def _above_chance(
    state: GameState, shooter: UnitState, target: UnitState, *, ranged: bool, flanked: bool
) -> float:
    """`_kill_chance` when `shooter` stands the ruleset's higher ground above `target`
    (`Ruleset.above_strike_odds`: Nine Powers' +1 die, R-NP-14); 0 where the rules give none."""
    rules = ruleset_of(state)
    origin = shooter.pos if ranged else _beside(state, shooter, target)
    best = 0.0
    for w in ranged_weapons(shooter) if ranged else close_weapons(shooter):
        if not w.spent:
            odds = rules.above_strike_odds(state, shooter, w, target, origin, flanked=flanked)
            if odds is not None:
                best = max(best, odds.value())
    return best


def below_ledge(state: GameState, bricks: int) -> np.ndarray:
    """Cells with a passable neighbour at least `bricks` higher: a foe striking from there has
    higher ground (GRID-9 heights, GRID-4 reach)."""
    elev = state.grid.elevation.astype(np.int32)
    low = np.full((elev.shape[0] + 2, elev.shape[1] + 2), -(10**6), dtype=np.int32)
    low[1:-1, 1:-1] = np.where(state.grid.passable, elev, -(10**6))
    h, w = elev.shape
    top = np.full(elev.shape, -(10**6), dtype=np.int32)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                top = np.maximum(top, low[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w])
    return top >= elev + bricks


@lru_cache(maxsize=4)
def _offset_tables(h: int, w: int) -> tuple[dict[tuple[int, int], np.ndarray], np.ndarray, np.ndarray]:
    """Per offset (dx, dy) from an enemy, -w < dx < w and -h < dy < h, at [dy + h - 1, dx + w - 1]:
    whether it lies in the Cone of Vision of each facing vector, its GRID-3 distance and its
    Chebyshev distance. A table-sized map from an enemy at (x, y) is the window starting at
    [h - 1 - y, w - 1 - x]: a view, not a computation per enemy (issue 26: a dense front's unit
    weighs ~200 enemies). Read-only."""
    dy, dx = np.mgrid[1 - h : h, 1 - w : w]
    cones = {}
    for fx, fy in FACING_VECTORS.values():
        dot = dx * fx + dy * fy
        cones[(fx, fy)] = (dot > 0) & (2 * dot * dot >= (dx * dx + dy * dy) * (fx * fx + fy * fy))
    dist, cheb = np.hypot(dx, dy), np.maximum(np.abs(dx), np.abs(dy))
    for array in (*cones.values(), dist, cheb):
        array.flags.writeable = False
    return cones, dist, cheb


@dataclass
class EnemyView:
    """One enemy as the planner sees it (arrays are (height, width), indexed [y, x])."""

    unit: UnitState
    sight: np.ndarray  # line of sight from its cell
    cone: np.ndarray  # inside its Cone of Vision
    dist: np.ndarray  # GRID-3 distance from its cell
    cheb: np.ndarray
    reach: float  # longest ranged Range (0 without one)
    close: bool
    responds: bool  # holds a saved Action now
    p_ranged: float  # P(kill) of its best ranged shot at the planned unit
    p_close: float
    fire_reach: float = 0.0  # longest shot worth making on its turn (`Ruleset.shot_range`)
    p_flanked: float = 0.0  # its close attack's value with a friend also in reach (R-NP-14)
    # R-MOVE-4: a swimmer answers no mover, and an attack only by an Angry Inch onto dry ground
    swims: bool = False
    dry_step: bool = True
    p_above: float = 0.0  # its close attack's value from higher ground (R-NP-14)
    p_flanked_above: float = 0.0  # and flanked too
    p_ranged_above: float = 0.0  # its shot's value from higher ground

    @property
    def sees(self) -> np.ndarray:
        return self.sight & self.cone

    def shoot_zone(self) -> np.ndarray:
        """Cells where it can hit the planned unit now (Range and sight, or reach)."""
        zone = np.zeros_like(self.sight)
        if self.reach:
            zone |= self.sight & (self.dist <= max(self.reach, self.fire_reach) + 1e-9)
        if self.close:
            zone |= self.cheb <= 1
        return zone

    def response_zone(self, at: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """Cells a mover entering draws its Response from (seen; in Range or reach, or one Angry
        Inch short of them); `at` (ys, xs): only at those cells, as `response_zone()[ys, xs]`."""
        sight, cone, dist, cheb = self.sight, self.cone, self.dist, self.cheb
        if at is not None:  # a planned unit's candidate cells, not the table (issue 26)
            sight, cone, dist, cheb = sight[at], cone[at], dist[at], cheb[at]
        zone = np.zeros_like(sight)
        if self.swims:
            return zone  # R-MOVE-4: no arms free (the engine asks no swimmer about a mover)
        if self.reach:
            zone |= dist <= self.reach + STEP
        if self.close:
            zone |= cheb <= 2
        return zone & (sight & cone)

    def in_reach_from(self, cell: Cell) -> bool:
        """The planned unit standing at `cell` already is within its Range/reach (no 'entering')."""
        x, y = cell
        return bool(
            (self.reach and self.dist[y, x] <= self.reach + STEP) or (self.close and self.cheb[y, x] <= 2)
        )

    def p_at(self, zone_close: np.ndarray) -> np.ndarray:
        """Its kill chance per cell: the close-combat one within reach, else the ranged one."""
        return np.where(zone_close, max(self.p_close, self.p_ranged), self.p_ranged)


class ThreatMap:
    """Threat maps for one unit's activation (see the module docstring)."""

    def __init__(
        self,
        state: GameState,
        unit: UnitState,
        *,
        enemies: list[UnitState] | None = None,
        min_radius: float = 0.0,
        sight_cache: dict | None = None,
    ) -> None:
        self.state = state
        self.unit = unit
        h, w = state.height, state.width
        self.ys, self.xs = np.mgrid[0:h, 0:w]
        smoke = state.smoke_mask()
        cache = sight_cache if sight_cache is not None else {}
        rules = ruleset_of(state)
        self.enemies: list[EnemyView] = []
        # cells below a ledge a foe may strike from (`Ruleset.higher_ground_bricks`); None on a
        # table too flat for it (BrikWars and D6 give height nothing)
        bricks = rules.higher_ground_bricks()
        elevation = state.grid.elevation
        flat = bricks is None or int(elevation.max()) - int(elevation.min()) < bricks
        self._ledge = None if flat else below_ledge(state, bricks)
        self._bricks = bricks or 0
        for e in known_enemies(state, unit.team) if enemies is None else enemies:
            shooting = [wp for wp in ranged_weapons(e) if not wp.spent]
            reach = max((wp.range or 0 for wp in shooting), default=0)
            fire_reach = max((rules.shot_range(state, e, wp) for wp in shooting), default=0.0)
            radius = max(e.move + fire_reach + STEP, 3.0, min_radius)
            key = (e.pos, radius)
            sight = cache.get(key)
            if sight is None:
                sight = visible_cells(state.grid, e.pos, max_range=radius, smoke=smoke)
                sight[e.pos[1], e.pos[0]] = True
                cache[key] = sight
            cone, dist, cheb = self._geometry(e, cache)
            p_close = _kill_chance(state, e, unit, ranged=False)
            self.enemies.append(
                EnemyView(
                    e,
                    sight,
                    cone,
                    dist,
                    cheb,
                    float(reach),
                    bool(close_weapons(e)),
                    can_respond(e),
                    _kill_chance(state, e, unit, ranged=True),
                    p_close,
                    fire_reach,
                    _flanked_chance(state, e, unit, p_close) if close_weapons(e) else p_close,
                    swimming(state, e),
                    _dry_step(state, e),
                )
            )
        self._attack_cache: dict[tuple[str, str], np.ndarray] = {}
        # `attack_risk_of` per responder: the attacker cells it hits whoever the target
        self._risk_by_view: dict[tuple[str, bool | None], np.ndarray] = {}
        self._next_by_enemy: dict[str, np.ndarray] = {}
        self.ground: np.ndarray
        self._cache = cache
        self.hazard = self._hazards()
        self.next_turn = self._next_turn()

    def _geometry(self, e: UnitState, cache: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(Cone of Vision, GRID-3 distance, Chebyshev distance) over the table from an enemy:
        the same for every unit planned this turn while it stands there, so computed once per
        (cell, facing) into the turn's cache (read-only: every unit's views share them)."""
        key = ("geometry", e.pos, e.facing)
        hit = cache.get(key)
        if hit is None:
            h, w = self.xs.shape
            x, y = e.pos
            cones, dist, cheb = _offset_tables(h, w)
            cone = cones[FACING_VECTORS.get(e.facing, (0, -1))]
            window = (slice(h - 1 - y, 2 * h - 1 - y), slice(w - 1 - x, 2 * w - 1 - x))
            hit = (cone[window], dist[window], cheb[window])
            cache[key] = hit
        return hit

    def view(self, unit_id: str) -> EnemyView | None:
        return next((v for v in self.enemies if v.unit.id == unit_id), None)

    # -- this turn: Responses ---------------------------------------------------------------------

    def attack_risk_of(self, v: EnemyView, target_id: str) -> np.ndarray:
        """Danger per attacker cell from `v`'s Response to an attack on `target_id`: the target
        shoots back if it sees the attacker, its allies if they see attacker or target
        (R-RESP-1/3/6), each from Range or one Angry Inch away (R-RESP-2). Read-only (shared)."""
        key = (v.unit.id, target_id)
        cached = self._attack_cache.get(key)
        if cached is not None:
            return cached
        target = self.state.units.get(target_id)
        seen_only: bool | None = None  # no Response to this attack
        if v.responds and target is not None and (v.dry_step or not v.swims):
            if v.unit.id == target_id:
                seen_only = True
            elif v.unit.team == target.team:
                tx, ty = target.pos
                # it sees the target: any attacker it can hit (two reads, not `sees` over the table)
                seen_only = not (v.sight[ty, tx] and v.cone[ty, tx])
        risk = self._risk_by_view.get((v.unit.id, seen_only))
        if risk is None:  # the same for every target it answers for alike (issue 26)
            risk = np.zeros(self.xs.shape)
            if seen_only is not None:
                reach = np.zeros_like(v.sight)
                if v.reach:
                    reach |= v.sight & (v.dist <= v.reach + STEP)
                if v.close:
                    reach |= v.cheb <= 1
                risk = np.where(reach & v.sees if seen_only else reach, v.p_at(v.cheb <= 1), 0.0)
            risk.flags.writeable = False
            self._risk_by_view[(v.unit.id, seen_only)] = risk
        self._attack_cache[key] = risk
        return risk

    def attack_risk(self, target_id: str) -> np.ndarray:
        """All saved-Action Responses an attack on `target_id` draws, per attacker cell."""
        out = np.zeros(self.xs.shape)
        for v in self.enemies:
            out += self.attack_risk_of(v, target_id)
        return out

    # -- next turn --------------------------------------------------------------------------------

    def _next_turn(self) -> np.ndarray:
        """Expected kills against the unit at each cell if it stays there through the enemy's
        next turn: each enemy that could move its Move and then hit it counts its kill chance
        (full if it can already hit the cell from where it stands, 60% if it must move); where
        two or more close fighters can get at the cell, each strikes with the flanking odds
        (`Ruleset.flanked_strike_odds`, R-NP-14: three zombies round one hero each roll a die
        more)."""
        out = np.zeros(self.xs.shape)
        closing = {
            v.unit.id: (v.cheb <= 1) | (v.dist <= v.unit.move + 1.5)
            for v in self.enemies
            if v.unit.alive and v.close
        }
        crowd = sum(closing.values(), np.zeros(self.xs.shape, dtype=int)) if closing else None
        for v in self.enemies:
            e = v.unit
            if not e.alive:
                continue
            now = v.shoot_zone()
            later = np.zeros_like(now)
            if v.reach:
                later |= v.dist <= e.move + max(v.reach, v.fire_reach)
            if v.close:
                later |= v.dist <= e.move + 1.5
            p = max(v.p_ranged, v.p_close)
            if crowd is not None and v.p_flanked > v.p_close and e.id in closing:
                p = np.where(closing[e.id] & (crowd >= 2), max(v.p_ranged, v.p_flanked), p)
            if self._ledge is not None:
                p = self._from_above(v, p, closing, crowd, now | later)
            mine = np.where(now, p, np.where(later, 0.6 * p, 0.0))
            self._next_by_enemy[e.id] = mine
            out += mine
        return out

    def _from_above(
        self,
        v: EnemyView,
        p: np.ndarray | float,
        closing: dict[str, np.ndarray],
        crowd: np.ndarray | None,
        zone: np.ndarray,
    ) -> np.ndarray | float:
        """`p` where `v` strikes from higher ground (R-NP-14): a close fighter at a cell below a
        ledge it can stand on, flanked where two can close on it; a shooter at a cell the height
        of a ledge below where it stands. Its odds from above are worked out only when such a
        cell lies in its `zone` (issue 26's budget: most foes are nowhere near a ledge)."""
        state, unit = self.state, self.unit
        if v.close and bool((self._ledge & zone).any()):
            v.p_above = _above_chance(state, v.unit, unit, ranged=False, flanked=False)
            v.p_flanked_above = _above_chance(state, v.unit, unit, ranged=False, flanked=True)
        x, y = v.unit.pos
        elevation = state.grid.elevation
        high = int(elevation[y, x]) >= elevation.astype(np.int32) + self._bricks
        if v.reach and bool((high & zone).any()):
            v.p_ranged_above = _above_chance(state, v.unit, unit, ranged=True, flanked=False)
        if v.close and v.p_above > v.p_close:
            flanked: np.ndarray | bool = False
            if crowd is not None and v.unit.id in closing:
                flanked = closing[v.unit.id] & (crowd >= 2)
            p = np.where(self._ledge, np.maximum(p, np.where(flanked, v.p_flanked_above, v.p_above)), p)
        if v.reach and v.p_ranged_above > v.p_ranged:
            p = np.where(high, np.maximum(p, v.p_ranged_above), p)
        return p

    def next_turn_of(self, enemy_id: str) -> np.ndarray:
        """One enemy's share of `next_turn` (zero for an enemy left out)."""
        found = self._next_by_enemy.get(enemy_id)
        return found if found is not None else np.zeros(self.xs.shape)

    # -- hazards ----------------------------------------------------------------------------------

    def _field_danger(self, f: FieldState) -> float:
        """A field's danger to the unit: an Exposure or Spiked field's dice against the unit's
        resistance under the ruleset (R-HAZ-8, R-HAZ-15: barbed wire's 2d6 kill a minifig five
        times in six), never less than the kind's rough figure; the other kinds' rough figure."""
        danger = HAZARD_DANGER.get(f.kind, 0.0)
        if f.kind not in EXACT_KINDS or not danger:
            return danger
        key = ("field danger", f.id, self.unit.id)
        found = self._cache.get(key)
        if found is None:
            expr = hazard_dice(f)
            found = danger
            if expr is not None and expr.terms:
                odds = damage_odds(self.state, str(expr), self.unit, damage_type=f.damage_type)
                found = max(danger, odds.value())
            self._cache[key] = found
        return found

    def _hazards(self) -> np.ndarray:
        """Danger of ending the turn on a cell: fire, damaging fields, concealed fields (R-HAZ-1:
        their boundaries are public; a Scout stops before a concealed spot, R-SCOUT-3, so they
        hardly threaten him, the cells his side's Scout walked this turn are safe for the others,
        and a spot that went off never goes off again, R-HAZ-16)."""
        state, team = self.state, self.unit.team
        out = np.zeros(self.xs.shape)
        scout = is_scout(self.unit)
        trail = state.hazard.trails.get(team, ())
        for f in state.fields.values():
            danger = self._field_danger(f)
            if not danger:
                continue
            if f.kind == "concealed" and scout:
                danger *= SCOUT_CONCEALED
            if f.living_only and not self.unit.living:
                continue
            out = np.where(f.mask, np.maximum(out, danger), out)
            if f.kind == "concealed":
                for x, y in (*trail, *f.triggered):
                    if f.mask[y, x]:
                        out[y, x] = 0.0
        ground = out.copy()
        for fire in state.fires.values():
            on_unit = fire.target in state.units  # a burning unit carries its fire with it
            for x, y in fire.cells:
                if 0 <= y < out.shape[0] and 0 <= x < out.shape[1]:
                    for arr in (out,) if on_unit else (out, ground):
                        arr[y, x] = max(arr[y, x], FIRE_DANGER)
                        ys, xs = slice(max(0, y - 1), y + 2), slice(max(0, x - 1), x + 2)
                        arr[ys, xs] = np.maximum(arr[ys, xs], 0.1)  # spread next turn (R-FIRE-8)
        self.ground = ground  # the ground's own hazards: no burning unit's fire, which moves on
        return out
