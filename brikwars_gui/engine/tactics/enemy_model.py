"""Hard's model of the enemy's reply, chosen from how the enemy has played (issue 25, sixth session).

Hard's play-outs (`rollout.py`) need the enemy's reply, and there are three models: Normal's plans
(it keeps out of saved Actions' reach, shoots and falls back), the default AI (`engine/ai.py`:
its best shot of at least 25%, else toward the nearest foe, a ranged unit stopping at the edge of
its Range) and the greedy player (`baselines.GreedyAI`: any shot it has, the best chance and then
the nearest target, else its whole Move straight at the nearest foe — it walks into saved
Actions, R-RESP-4, and shoots whoever stands nearest; issue 25's seventh session). Under
BrikWars the copies used two draws of the first and one of the second whoever the enemy was
(`Behaviour.planner_replies`), so half the time they judged by replies that did not come: a side
that walks in is not one that keeps out. So Hard watches. As the enemy's turn starts it keeps a
copy of the game (`EnemyWatch.keep`); when its own turn comes it plays that enemy turn again on the
copy as each model would (own dice: the game's are never rolled) and measures how far the model's
units ended from where the enemy's really stand. Once Normal's plans are `MARGIN` inches per unit
(summed over the turns seen) from the best model, every draw replies as the best (Normal's plans
when they are `MARGIN` below both others); until then the configured mix of the first two.
"""

from __future__ import annotations

from collections.abc import Callable

from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import rollout
from brikwars_gui.engine.tactics.baselines import GreedyAI

#: Summed over the turns seen, the inches per unit by which one model must out-predict the other.
MARGIN = 1.0
#: The models watched: Normal's plans, the default AI (None: `rollout.replies`' own default) and
#: the greedy player.
PLANNER, DEFAULT, GREEDY = "planner", "default", "greedy"


def _greedy_reply(sim: Game) -> None:
    GreedyAI().play_turn(sim)


class EnemyWatch:
    """What the enemy did against what each model would have done (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.error = {PLANNER: 0.0, DEFAULT: 0.0, GREEDY: 0.0}
        self._kept: tuple[Game, str, int, Game] | None = None  # (game, me, its event count, copy)

    def keep(self, game: Game, me: str) -> None:
        """At the end of `me`'s turn: the game as the enemy's turn starts, to replay it later."""
        if game.over or game.active_player == me:
            self._kept = None
            return
        self._kept = (game, me, len(game.events), rollout.copy_of(game, self.seed))

    def observe(self, game: Game, planner: rollout.Reply) -> None:
        """As `me`'s turn starts: replay the enemy's turn just played on the kept copy with each
        model and add each one's mean distance (inches per enemy unit standing in both) to its
        error. Nothing when the copy is not of this game's last enemy turn (an undo, a new game)."""
        kept, self._kept = self._kept, None
        if kept is None:
            return
        source, me, count, before = kept
        if source is not game or len(game.events) < count or game.active_player != me:
            return
        actual = {u.id: u.pos for u in game.state.units.values() if u.team != me and u.alive}
        if not actual:
            return
        for name, reply in ((PLANNER, planner), (DEFAULT, None), (GREEDY, _greedy_reply)):
            sim = rollout.copy_of(before, self.seed + 1)
            rollout.replies(sim, me, reply)
            standing = [(sim.unit(uid), pos) for uid, pos in actual.items()]
            gaps = [distance(unit.pos, pos) for unit, pos in standing if unit.alive]
            if gaps:
                self.error[name] += sum(gaps) / len(gaps)

    def leader(self) -> str | None:
        """The model that has predicted the enemy best, once it is clearly (`MARGIN` inches per
        unit, summed over the turns seen) better than Normal's plans: the enemy walks in or keeps
        out. Between the two that walk in, the nearer (the default AI on a tie); None while Normal's
        plans are within the margin of the best."""
        best = min(self.error, key=lambda name: self.error[name])  # a tie: the first, in order
        close = [name for name, v in self.error.items() if v - self.error[best] < MARGIN]
        return None if PLANNER in close and len(close) > 1 else best

    def model(
        self, configured: int, planner: rollout.Reply
    ) -> Callable[[int], rollout.Reply | None] | None:
        """The enemy model `rollout.pick` and `choose` take (None: the default AI in every draw):
        the leading model in every draw once there is one; until then Normal's plans in the first
        `configured` draws and the default AI in the others."""
        leader = self.leader()
        if leader == GREEDY:
            return lambda k: _greedy_reply
        if leader == DEFAULT or (leader is None and configured <= 0):
            return None
        if leader == PLANNER:
            return lambda k: planner
        return lambda k: planner if k < configured else None
