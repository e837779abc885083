"""Default AI player and Response policy.

`play_turn(game)` plays the active player's whole turn: each living unit (in id order) attacks
what it can hit with a fair chance; otherwise it moves toward the nearest enemy by the cheapest
path (a ranged unit stops at the cheapest cell from which an enemy is in Range and in sight),
attacks if that brought something into reach, else keeps its Action for a Response (R-RESP-1),
facing the nearest enemy (GRID-6). A unit with no attack in range first puts fire out (its
firefighting apparatus on a fire within 1", or rolling on the ground while it burns, R-FIRE-11,
G-23). It sees only what its side may know (`engine/visibility.py`, G-16). Responses follow the
rules' defaults (`DefaultPolicy`).
"""

from __future__ import annotations

import numpy as np

from brikwars_gui.engine.grid import distance, facing_towards, has_line_of_sight
from brikwars_gui.engine.rules.actions import ActionOption, SkillTurn
from brikwars_gui.engine.rules.common import burdened, ranged_weapons, unable_problem
from brikwars_gui.engine.rules.hazard_actions import HazardAction, hazard_action_options
from brikwars_gui.engine.rules.movement import water_cells
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import DefaultPolicy, Game
from brikwars_gui.engine.state import Cell, UnitState
from brikwars_gui.engine.visibility import visible_units

__all__ = ["MIN_CHANCE", "AIPolicy", "play_game", "play_turn", "play_unit"]

MIN_CHANCE = 0.25
"""The AI attacks only with at least this chance to hit; otherwise it closes in or waits."""


class AIPolicy(DefaultPolicy):
    """The default AI's answers to Response questions: the rules' defaults."""


def _enemies(game: Game, unit: UnitState) -> list[UnitState]:
    """The enemies the unit's side can see (G-16: the AI never reads Hidden units)."""
    return [u for u in visible_units(game.state, unit.team) if u.team != unit.team]


def _fire_order(game: Game, unit: UnitState) -> HazardAction | None:
    """Put fire out when the unit can: fight a fire within 1" with its apparatus (R-FIRE-11),
    else roll on the ground when it burns and has not moved yet (G-23)."""
    if unable_problem(unit) is not None:
        return None
    options = {kind: order for kind, _, order in reversed(hazard_action_options(game.state, unit))}
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
    return not any(
        u.alive and u.team == unit.team and distance(u.pos, target.pos) <= radius + 2
        for u in game.state.units.values()
    )


def best_attack(
    game: Game, unit_id: str, min_chance: float = MIN_CHANCE, *, in_range_only: bool = False
) -> ActionOption | None:
    unit = game.unit(unit_id)
    options = [
        o
        for o in game.legal_actions(unit_id)
        if o.kind == "attack"
        and o.chance is not None
        and o.chance >= min_chance
        and not (in_range_only and o.out_of_range)
        and _safe(game, unit, o)
    ]
    if not options:
        return None
    return max(options, key=lambda o: (o.chance or 0.0, -(o.distance or 0.0), str(o.target), str(o.weapon)))


def _destination(game: Game, unit: UnitState, moves: dict[Cell, int]) -> Cell | None:
    enemies = _enemies(game, unit)
    if not enemies:
        return None
    if burdened(unit):
        water = water_cells(game.state.grid)
        moves = {c: v for c, v in moves.items() if c not in water}
    if not moves:
        return None
    # squared distances (exact integers, ordered like GRID-3 distances) from every reachable
    # cell (rows, in cost order) to every enemy (columns): one numpy array instead of a loop
    cells = sorted(moves, key=lambda c: (moves[c], c))
    here_and_cells = np.array([unit.pos, *cells], dtype=np.int64)
    foes = np.array([e.pos for e in enemies], dtype=np.int64)
    delta = here_and_cells[:, None, :] - foes[None, :, :]
    d2 = (delta * delta).sum(axis=2)
    nearest = d2.min(axis=1)
    here, nearest = int(nearest[0]), nearest[1:]
    d2 = d2[1:]
    ranges = [w.range or 0 for w in ranged_weapons(unit)]
    if ranges:
        reach2 = max(ranges) ** 2
        grid, smoke = game.state.grid, game.state.smoke_mask()
        for row, cell in enumerate(cells):
            close = np.flatnonzero(d2[row] <= reach2)
            if close.size == 0:
                continue
            first = close[np.argsort(d2[row][close], kind="stable")[:3]]
            if any(has_line_of_sight(grid, cell, enemies[i].pos, smoke=smoke) for i in first):
                return cell
    best = min(range(len(cells)), key=lambda i: (int(nearest[i]), moves[cells[i]], cells[i]))
    return cells[best] if int(nearest[best]) < here else None


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
    moves = game.legal_moves(unit_id)
    if moves:
        dest = _destination(game, unit, moves)
        if dest is not None:
            game.move(unit_id, dest)
    if game.over or not unit.alive or unit.disrupted:
        return
    if not unit.action_used and not unit.done:
        option = best_attack(game, unit_id, min_chance)
        if option is not None and option.action is not None:
            game.act(unit_id, option.action)
            return
        enemies = _enemies(game, unit)
        if enemies and not unit.action_used:
            target = min(enemies, key=lambda e: (distance(unit.pos, e.pos), e.id))
            facing = str(facing_towards(unit.pos, target.pos))
            if facing != unit.facing:
                game.face(unit_id, facing)  # watch the enemy with the saved Action (R-RESP-3)


def play_turn(game: Game, *, min_chance: float = MIN_CHANCE) -> None:
    """Play the active player's turn with the default AI and end it."""
    if game.over:
        return
    player = game.active_player
    turn = (game.round, player)
    for unit_id in sorted(u.id for u in game.state.units.values() if u.team == player):
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
