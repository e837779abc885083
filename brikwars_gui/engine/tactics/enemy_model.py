"""Hard's model of the enemy's reply, chosen from how the enemy has played (issue 25, sixth session).

Hard's play-outs (`rollout.py`) need the enemy's reply, and there are two models: Normal's plans
(it keeps out of saved Actions' reach, shoots and falls back) and the default AI (`engine/ai.py`:
its best shot, else straight at the nearest foe — it walks into saved Actions, R-RESP-4). Under
BrikWars the copies used two draws of the first and one of the second whoever the enemy was
(`Behaviour.planner_replies`), so half the time they judged by replies that did not come: a side
that walks in is not one that keeps out. So Hard watches. As the enemy's turn starts it keeps a
copy of the game (`EnemyWatch.keep`); when its own turn comes it plays that enemy turn again on the
copy as each model would (own dice: the game's are never rolled) and measures how far the model's
units ended from where the enemy's really stand. Once one model's error, summed over the turns
seen, is `MARGIN` inches per unit below the other's, every draw replies as that model; until then
the configured mix.
"""

from __future__ import annotations

from collections.abc import Callable

from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import rollout

#: Summed over the turns seen, the inches per unit by which one model must out-predict the other.
MARGIN = 1.0
#: The models watched: Normal's plans, and the default AI (None: `rollout.replies`' own default).
PLANNER, DEFAULT = "planner", "default"


class EnemyWatch:
    """What the enemy did against what each model would have done (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.error = {PLANNER: 0.0, DEFAULT: 0.0}
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
        for name, reply in ((PLANNER, planner), (DEFAULT, None)):
            sim = rollout.copy_of(before, self.seed + 1)
            rollout.replies(sim, me, reply)
            standing = [(sim.unit(uid), pos) for uid, pos in actual.items()]
            gaps = [distance(unit.pos, pos) for unit, pos in standing if unit.alive]
            if gaps:
                self.error[name] += sum(gaps) / len(gaps)

    def planner_draws(self, configured: int, draws: int) -> int:
        """How many of `draws` draws reply as Normal plans: all of them, or none, once one model
        has predicted the enemy clearly better; `configured` until then."""
        gap = self.error[DEFAULT] - self.error[PLANNER]
        if gap >= MARGIN:
            return draws
        if gap <= -MARGIN:
            return 0
        return configured


def model_of(draws: int, planner: rollout.Reply) -> Callable[[int], rollout.Reply | None] | None:
    """The enemy model `rollout.pick` and `choose` take: Normal's plans in the first `draws`
    draws, the default AI in the others (None: the default AI in every draw)."""
    if draws <= 0:
        return None
    return lambda k: planner if k < draws else None
