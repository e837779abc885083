"""Two baseline opponents the tactical AI is measured against (issue 25), beside passive and
default (`benchmarks/ai_tournament.py`):

* `GreedyAI`: each unit (in id order) shoots or strikes the enemy it has the best chance against
  now (any chance above 0, in range, no friend in a blast); otherwise it walks to the legal cell
  nearest the nearest enemy its side sees and attacks if that brought one into reach. Nothing
  else: no ruleset turns, no fire fought, no Action kept for a Response on purpose.
* `RandomAI`: each unit moves to a legal cell chosen uniformly (staying put is one choice), then
  gives a legal order chosen uniformly among those needing no cell (giving none is one choice).
  Its choices come from its own seeded dice source, never the game's, so a game stays replayable
  from its seed.
"""

from __future__ import annotations

import contextlib

from brikwars_gui.engine import ai as default_ai
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.order_families import legal_actions
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.visibility import visible_units

BASELINES = ("greedy", "random")
"""The baseline opponents' level names (not offered to a scenario's players)."""

#: any chance above nothing: the greedy unit takes the best attack it has, however poor
ANY_CHANCE = 1e-9


def _turn_units(game: Game) -> list[str]:
    player = game.active_player
    return sorted(u.id for u in game.state.units.values() if u.team == player)


def _play_turn(game: Game, play_unit) -> None:  # type: ignore[no-untyped-def]
    """Each unit of the active player in id order, then end the turn (unless the game moved on)."""
    if game.over:
        return
    turn = (game.round, game.active_player)
    for unit_id in _turn_units(game):
        if game.over or (game.round, game.active_player) != turn:
            return
        unit = game.unit(unit_id)
        if unit.alive and not unit.disrupted and not unit.done:
            play_unit(game, unit_id)
    if not game.over and (game.round, game.active_player) == turn:
        game.end_turn()


class GreedyAI:
    """Best chance now, else straight at the nearest enemy (see the module docstring)."""

    def _attack(self, game: Game, unit_id: str) -> bool:
        unit = game.unit(unit_id)
        if game.over or not unit.alive or unit.action_used or unit.done:
            return False
        option = default_ai.best_attack(game, unit_id, ANY_CHANCE, in_range_only=True)
        if option is None or option.action is None:
            return False
        game.act(unit_id, option.action)
        return True

    def play_unit(self, game: Game, unit_id: str) -> None:
        if self._attack(game, unit_id):
            return
        unit = game.unit(unit_id)
        enemies = [u for u in visible_units(game.state, unit.team) if u.team != unit.team and u.alive]
        moves = game.legal_moves(unit_id)
        if enemies and moves:
            foe = min(enemies, key=lambda e: (distance(unit.pos, e.pos), e.id))
            dest = min(moves, key=lambda c: (distance(c, foe.pos), moves[c], c))
            if distance(dest, foe.pos) < distance(unit.pos, foe.pos):
                game.move(unit_id, dest)
                self._attack(game, unit_id)

    def play_turn(self, game: Game) -> None:
        _play_turn(game, self.play_unit)


class RandomAI:
    """Uniformly random legal orders from its own seeded dice (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.dice = SeededDice(seed * 7919 + 1)

    def _pick(self, count: int) -> int:
        """0..count-1, uniformly."""
        return self.dice.roll(count, "random player") - 1

    def play_unit(self, game: Game, unit_id: str) -> None:
        moves = sorted(game.legal_moves(unit_id))
        choice = self._pick(len(moves) + 1)
        if choice < len(moves):
            game.move(unit_id, moves[choice])
        unit = game.unit(unit_id)
        if game.over or not unit.alive or unit.disrupted or unit.done:
            return
        orders = [o.action for o in legal_actions(game.state, unit) if o.action is not None]
        choice = self._pick(len(orders) + 1)
        if choice < len(orders):
            with contextlib.suppress(IllegalOrder):  # offered, refused on a closer look: nothing
                game.act(unit_id, orders[choice])

    def play_turn(self, game: Game) -> None:
        _play_turn(game, self.play_unit)
