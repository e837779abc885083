"""Default AI player and Response policy.

`play_turn(game)` plays the active player's whole turn: each living unit (in id order) attacks
what it can hit with a fair chance; otherwise it moves toward the nearest enemy by the cheapest
path (a ranged unit stops at the cheapest cell from which an enemy is in Range and in sight),
attacks if that brought something into reach, else keeps its Action for a Response (R-RESP-1),
facing the nearest enemy (GRID-6). A unit with no attack in range first puts fire out (its
firefighting apparatus on a fire within 1", or rolling on the ground while it burns, R-FIRE-11,
G-23). It sees only what its side may know (`engine/visibility.py`, G-16, fog of war); under fog
of war a unit that sees no enemy searches (`search`): toward where its side last saw one, else
toward the middle of the table, turning to look around once there. Responses follow the rules'
defaults (`DefaultPolicy`).
"""

from __future__ import annotations

import math

import numpy as np

from brikwars_gui.engine.geometry import distance, facing_towards, has_line_of_sight, within_reach
from brikwars_gui.engine.order_families import ActionOption, Order, legal_actions
from brikwars_gui.engine.rules.actions import SkillTurn, attack_option
from brikwars_gui.engine.rules.combat import (
    AttackPlan,
    action_chance,
    attack_sight,
    plan_attack,
    target_size_penalty,
)
from brikwars_gui.engine.rules.common import (
    IllegalOrder,
    burdened,
    ranged_weapons,
    usable_weapons,
)
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.rules.orders import action_problem
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import DefaultPolicy, Game
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
from brikwars_gui.engine.visibility import last_seen, visible_enemy_rows

__all__ = ["MIN_CHANCE", "AIPolicy", "play_game", "play_turn", "play_unit"]

_COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

MIN_CHANCE = 0.25
"""The AI attacks only with at least this chance to hit; otherwise it closes in or waits."""


class AIPolicy(DefaultPolicy):
    """The default AI's answers to Response questions: the rules' defaults."""


def _enemies(game: Game, unit: UnitState) -> np.ndarray:
    """Rows (in the unit index's columns, id order) of the enemies the unit's side can see
    (G-16: the AI never reads Hidden units)."""
    return visible_enemy_rows(game.state, unit.team)


def _fire_order(game: Game, unit: UnitState) -> Order | None:
    """Put fire out when the unit can: fight a fire within 1" with its apparatus (R-FIRE-11),
    else roll on the ground when it burns and has not moved yet (G-23)."""
    offered = legal_actions(game.state, unit, kinds=("fight_fire", "roll_on_ground"))
    options = {option.kind: option.action for option in reversed(offered)}
    return options.get("fight_fire") or options.get("roll_on_ground")


def _safe(game: Game, unit: UnitState, option: ActionOption) -> bool:
    """No friendly unit (nor itself) inside the blast of an explosive (G-12: 2" per d10)."""
    weapon = next(w for w in unit.weapons if w.name == option.weapon)
    if weapon.damage_type != "explosive" or option.target is None:
        return True
    target = game.state.units.get(option.target)
    if target is None:
        return True
    radius = 2 * max(1, weapon.damage.count("d10"))
    return not any(u.team == unit.team for u in game.state.units_near(target.pos, radius + 2))


def _planning_reach(
    state: GameState,
    unit: UnitState,
    weapon: WeaponState,
    best_size: int,
    min_chance: float,
    in_range_only: bool,
    farthest2: int,
    chances: dict[tuple[int, int, int], float],
) -> int:
    """The squared distance beyond which no attack with `weapon` can reach `min_chance`.

    Rests on the `Ruleset.action_chance` contract: the chance never grows with the needed number
    nor with the Out of Range penalty (R-ACT-6). An attack's needed number is at least
    Use + the smallest Size penalty among the enemies (G-5) − 1 for a Disrupted target
    (R-MOVE-16) − 1 for a Mark (R-SCOUT-5), so the chance with that needed number at k inches
    out of range bounds every attack k inches out."""
    if weapon.is_close:
        return 2  # GRID-4: the 8 neighbours
    if weapon.range is None or weapon.use <= 0 or min_chance <= 0:
        return farthest2  # no Out of Range penalty, or automatic: distance does not matter
    needed = weapon.use + best_size - 2
    limit = 0 if in_range_only else max(0, math.ceil(math.sqrt(farthest2)) - weapon.range)
    oor = 0
    while oor <= limit:
        key = (id(weapon), needed, oor)
        if key not in chances:
            chances[key] = action_chance(state, unit, needed, per_die_modifier=-oor, weapon=weapon)
        if chances[key] < min_chance:
            break
        oor += 1
    if oor == 0:
        return -1
    return (weapon.range + oor - 1) ** 2  # out_of_range(d) <= k exactly when d <= Range + k


def _may_reach(
    state: GameState,
    unit: UnitState,
    weapon: WeaponState,
    best_size: int,
    min_chance: float,
    nearest2: int,
    chances: dict[tuple[int, int, int], float],
) -> bool:
    """False when `_planning_reach` of `weapon` is sure to fall short of `nearest2`: one chance
    looked up instead of its whole walk out of Range, for a unit far from every enemy. The enemy
    is k = ⌈√nearest2⌉ − Range inches out of Range; a chance below `min_chance` there stops the
    walk at or before k, and the reach is then at most (Range + k − 1)² < nearest2."""
    if weapon.is_close:
        return nearest2 <= 2
    if weapon.range is None or weapon.use <= 0 or min_chance <= 0:
        return True
    oor = max(0, math.isqrt(nearest2 - 1) + 1 - weapon.range) if nearest2 > 0 else 0
    needed = weapon.use + best_size - 2
    key = (id(weapon), needed, oor)
    if key not in chances:
        chances[key] = action_chance(state, unit, needed, per_die_modifier=-oor, weapon=weapon)
    return chances[key] >= min_chance


def _in_range_reach(weapons: list[WeaponState], min_chance: float) -> float:
    """The largest squared distance `_planning_reach` can give any of `weapons` when only attacks
    in Range count (`in_range_only`): Range² for a ranged weapon, 2 for a close one (GRID-4), no
    bound for one that distance does not matter to."""
    reach = -1.0
    for weapon in weapons:
        if weapon.is_close:
            reach = max(reach, 2)
        elif weapon.range is None or weapon.use <= 0 or min_chance <= 0:
            return math.inf
        else:
            reach = max(reach, weapon.range**2)
    return reach


def best_attack(
    game: Game, unit_id: str, min_chance: float = MIN_CHANCE, *, in_range_only: bool = False
) -> ActionOption | None:
    """The best attack among `game.legal_actions(unit_id)` with at least `min_chance` that
    endangers no friend (`_safe`): highest chance, then nearest, then the larger target and
    weapon names (the first such option in `legal_actions` order on a tie).

    Same answer as filtering `legal_actions`, without its cost: every (weapon, enemy) pair is
    planned without the line of sight check and with the chances memoised, the pairs that pass
    are ranked, and only then are lines of sight checked, best first, until one holds."""
    unit = game.unit(unit_id)
    if game.over or unit.team != game.active_player:
        return None
    if action_problem(unit, needs_action=False) is not None or unit.action_used:
        return None
    state = game.state
    index = state.unit_index()
    rows = index.enemy_rows(unit.team, shown_only=False)
    if not len(rows):
        return None
    d2 = _squared_distances(*index.rows_xy(unit.team, rows), unit.pos)
    weapons = usable_weapons(unit)
    nearest2 = int(d2.min())
    if in_range_only and nearest2 > _in_range_reach(weapons, min_chance):
        return None  # no enemy within any weapon's Range or reach: nothing to plan
    # G-5: the penalty never grows with the Size, so the largest enemy has the smallest
    best_size = target_size_penalty(int(index.sizes[rows].max()))
    chances: dict[tuple[int, int, int], float] = {}
    if not any(_may_reach(state, unit, w, best_size, min_chance, nearest2, chances) for w in weapons):
        return None  # the nearest enemy is beyond every weapon's `_planning_reach`
    ranked: list[tuple[tuple[float, float, str, str], WeaponState, UnitState, AttackPlan]] = []
    farthest2 = int(d2.max())
    for weapon in weapons:
        reach = _planning_reach(state, unit, weapon, best_size, min_chance, in_range_only, farthest2, chances)
        for i in np.flatnonzero(d2 <= reach).tolist():
            other = index.by_id[rows[i]]
            if weapon.is_close and not within_reach(unit.pos, other.pos):
                continue  # plan_attack would refuse it (GRID-4)
            try:
                plan = plan_attack(state, unit, weapon, other.id, check_sight=False, chances=chances)
            except IllegalOrder:
                continue
            if plan.chance < min_chance or (in_range_only and plan.out_of_range):
                continue
            ranked.append(((plan.chance, -plan.distance, other.id, weapon.name), weapon, other, plan))
    ranked.sort(key=lambda r: r[0], reverse=True)  # stable: ties keep legal_actions order
    for _, weapon, other, plan in ranked:
        if not weapon.is_close and not attack_sight(state, unit, unit.pos, plan.at, other.size):
            continue
        option = attack_option(state, unit, weapon, other, plan)
        if _safe(game, unit, option):
            return option
    return None


def _squared_distances(xs: np.ndarray, ys: np.ndarray, cell: Cell) -> np.ndarray:
    """Squared distances from `cell` to each point (`xs`, `ys`) (exact integers, ordered like
    GRID-3 distances)."""
    dx = xs - cell[0]
    dy = ys - cell[1]
    return dx * dx + dy * dy


def _pair_distances(xs: np.ndarray, ys: np.ndarray, fx: np.ndarray, fy: np.ndarray) -> np.ndarray:
    """Squared distances from each point (`xs`, `ys`: rows) to each foe (`fx`, `fy`: columns)."""
    dx = xs[:, None] - fx[None, :]
    dy = ys[:, None] - fy[None, :]
    return dx * dx + dy * dy


def destination(
    game: Game, unit: UnitState, xs: np.ndarray, ys: np.ndarray, costs: np.ndarray
) -> Cell | None:
    """Where the unit moves among the cells (`xs`, `ys`) it can reach for `costs` (any order, its
    own cell not among them; a burdened unit does not end in water): the cheapest cell (then the
    smallest) from which a ranged weapon has an enemy in Range and in sight (one of the three
    nearest in Range, by id on a tie), else the cell nearest to an enemy (then the cheapest, then
    the smallest) when it is nearer than the unit stands now, else None.

    numpy arrays throughout (issue 26): the enemies' cells are the unit index's kept columns, and
    only the enemies that can change the answer are paired with the cells."""
    rows = _enemies(game, unit)
    if not len(rows):
        return None
    state = game.state
    if burdened(unit):
        dry = ~state.grid.water[ys, xs]
        xs, ys, costs = xs[dry], ys[dry], costs[dry]
    if not len(costs):
        return None
    # the cells in (cost, x, y) order, so the first of equals is the cheapest, then the smallest
    order = np.lexsort((ys, xs, costs))
    px, py = xs[order], ys[order]
    fx, fy = state.unit_index().rows_xy(unit.team, rows)
    here_d2 = _squared_distances(fx, fy, unit.pos)
    nearest_foe = int(np.argmin(here_d2))
    here = int(here_d2[nearest_foe])
    ranges = [w.range or 0 for w in ranged_weapons(unit)]
    d2: np.ndarray | None = None
    radius = 0.0
    if ranges:
        # Only enemies in Range of some cell matter here: a cell costing at most `budget` lies
        # within √2·budget of the unit (each step costs >= 1 and moves one cell), so they are
        # within Range + √2·budget of it. Order (id order) is kept.
        budget = int(costs.max())
        radius = max(ranges) + 1.5 * budget + 1
        shooting = here_d2 <= radius * radius
        sx, sy = fx[shooting], fy[shooting]
        d2 = _pair_distances(px, py, sx, sy)
        grid, smoke = state.grid, state.smoke_mask()
        within = d2 <= max(ranges) ** 2
        for row in np.flatnonzero(within.any(axis=1)).tolist():  # cells with an enemy in reach, cost order
            cell = (int(px[row]), int(py[row]))
            close = np.flatnonzero(within[row])
            first = close[np.argsort(d2[row][close], kind="stable")[:3]]
            targets = ((int(sx[i]), int(sy[i])) for i in first.tolist())
            if any(has_line_of_sight(grid, cell, at, smoke=smoke) for at in targets):
                return cell
    # Only the cells nearest to an enemy of all are wanted, so only the enemies that can come
    # that near count: the smallest distance is at most √bound (from the enemy nearest the unit
    # to its nearest cell), and an enemy that near to a cell is within √bound + `spread` (the
    # farthest cell) of the unit (+1 for rounding). Leaving the others out gives those cells
    # their exact distance and the other cells one no smaller than their own (issue 26); so does
    # taking in more of them (the enemies paired for shooting, when they include these).
    bound = int(_squared_distances(px, py, (int(fx[nearest_foe]), int(fy[nearest_foe]))).min())
    spread = math.sqrt(int(_squared_distances(px, py, unit.pos).max()))
    limit = math.sqrt(bound) + spread + 1
    if d2 is not None and limit <= radius:
        nearest = d2.min(axis=1)
    else:
        near = here_d2 <= limit * limit
        nearest = _pair_distances(px, py, fx[near], fy[near]).min(axis=1)
    # the nearest to an enemy, then the cheapest, then the smallest cell: the cells are in (cost,
    # cell) order, so that is the first of the nearest
    best = int(np.argmin(nearest))
    return (int(px[best]), int(py[best])) if int(nearest[best]) < here else None


def search_goal(game: Game, unit: UnitState) -> Cell | None:
    """Fog of war, no enemy in sight: the nearest cell where the side last saw an enemy, else the
    middle of the table (None without fog: the AI then knows where every enemy is)."""
    state = game.state
    if not state.fog_of_war:
        return None
    memory = [at for at, _ in last_seen(state, unit.team).values()]
    if memory:
        return min(memory, key=lambda c: (distance(unit.pos, c), c))
    return (state.width // 2, state.height // 2)


def search(game: Game, unit_id: str) -> bool:
    """Fog of war: move the unit toward `search_goal` (the reachable cell nearest to it), or turn
    it 90° to look around when no move brings it closer. False when there is nothing to do."""
    unit = game.unit(unit_id)
    goal = search_goal(game, unit)
    if goal is None or not unit.active or unit.done:
        return False
    moves = game.legal_moves(unit_id)
    if burdened(unit):
        water = water_cells(game.state.grid)
        moves = {c: v for c, v in moves.items() if c not in water}
    here = distance(unit.pos, goal)
    if moves:
        dest = min(moves, key=lambda c: (distance(c, goal), moves[c], c))
        if distance(dest, goal) < here - 0.5:
            game.move(unit_id, dest)
            return True
    if unit.action_used or game.over or not unit.active:
        return False
    facing = _COMPASS[(_COMPASS.index(unit.facing) + 2) % len(_COMPASS)]
    game.face(unit_id, facing)
    return True


def play_unit(game: Game, unit_id: str, *, min_chance: float = MIN_CHANCE) -> None:
    """One unit's activation (see the module docstring)."""
    unit = game.unit(unit_id)
    if not unit.alive or unit.disrupted or unit.done:
        return
    if not unit.action_used:
        turns = ruleset_of(game.state).skill_turns(game.state, unit)
        advised = next((t for t in turns if t.advised), None)
        if advised is not None:  # a ruleset's own turn first (Nine Powers: dodge, protect)
            game.act(unit_id, SkillTurn(advised.skill, advised.target))
            return
        option = best_attack(game, unit_id, min_chance, in_range_only=True)
        if option is not None and option.action is not None:
            game.act(unit_id, option.action)
            return
        fire = _fire_order(game, unit)
        if fire is not None:
            game.act(unit_id, fire)
            return
    searched = not len(_enemies(game, unit)) and search(game, unit_id)  # fog of war
    moves = None if searched else game.legal_move_cells(unit_id)  # `legal_moves` as arrays
    if moves is not None and len(moves[2]):
        dest = destination(game, unit, *moves)
        if dest is not None:
            game.move(unit_id, dest)
    if game.over or not unit.alive or unit.disrupted:
        return
    if not unit.action_used and not unit.done:
        option = best_attack(game, unit_id, min_chance)
        if option is not None and option.action is not None:
            game.act(unit_id, option.action)
            return
        rows = _enemies(game, unit)
        if len(rows) and not unit.action_used:
            # the nearest, the first in id order on a tie (`rows` are in id order; squared
            # integer distances order exactly as GRID-3 distances)
            index = game.state.unit_index()
            nearest = int(np.argmin(_squared_distances(*index.rows_xy(unit.team, rows), unit.pos)))
            target = index.by_id[int(rows[nearest])]
            facing = str(facing_towards(unit.pos, target.pos))
            if facing != unit.facing:
                game.face(unit_id, facing)  # watch the enemy with the saved Action (R-RESP-3)


def play_turn(game: Game, *, min_chance: float = MIN_CHANCE) -> None:
    """Play the active player's turn with the default AI and end it."""
    if game.over:
        return
    player = game.active_player
    turn = (game.round, player)
    unit_ids = sorted(u.id for u in game.state.units.values() if u.team == player)
    game.prepare_moves(u for u in unit_ids if game.unit(u).alive)  # their moves, searched together
    for unit_id in unit_ids:
        if game.over or (game.round, game.active_player) != turn:
            return
        play_unit(game, unit_id, min_chance=min_chance)
    if not game.over and (game.round, game.active_player) == turn:
        game.end_turn()


def play_game(game: Game, *, max_turns: int = 10_000) -> None:
    """Let the AI play every side until the game ends (a turn limit should be set on `game`)."""
    for _ in range(max_turns):
        if game.over:
            return
        play_turn(game)
