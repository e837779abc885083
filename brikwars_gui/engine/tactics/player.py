"""AI players behind one interface: `play_turn(game)` plays the active player's whole turn.

* `TacticalAI(behaviour, seed)`: the planning AI (presets Easy/Normal/Hard). Every unit
  activation returns a `Decision` carrying its one-line explanation; the last ones are kept in
  `decisions` for the GUI's log and hover text. Once it has played, its side's Response
  questions are answered by `policy.TacticalPolicy` (the game's policy answers the others).
* `DefaultAI`: `engine/ai.py` unchanged (the golden logs and the baseline of the tournament).
* `PassiveAI`: gives no orders: every unit keeps its Action for a Response (R-RESP-1).

`make_player(level, seed)` builds one from a level name: "passive", "default", "easy", "normal"
or "hard" — the values of a scenario player's `ai_level`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Protocol

from brikwars_gui.engine import ai as default_ai
from brikwars_gui.engine.geometry import distance, facing_towards, in_range, within_reach
from brikwars_gui.engine.hazards.scout import is_scout
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import IllegalOrder, ranged_weapons
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import UnitState
from brikwars_gui.engine.tactics import budget, rollout
from brikwars_gui.engine.tactics.baselines import BASELINES, GreedyAI, RandomAI
from brikwars_gui.engine.tactics.enemy_model import EnemyWatch
from brikwars_gui.engine.tactics.explain import explain
from brikwars_gui.engine.tactics.odds import best_odds
from brikwars_gui.engine.tactics.plan import HAND_KINDS, Plan, action_for
from brikwars_gui.engine.tactics.planner import Planner
from brikwars_gui.engine.tactics.policy import with_tactical_responses
from brikwars_gui.engine.tactics.presets import PRESETS, Behaviour, preset
from brikwars_gui.engine.tactics.threat import known_enemies

LEVELS = ("passive", "default", *PRESETS)
"""Every AI a player can be given, weakest first."""


class AIPlayer(Protocol):
    """What the session controller, the CLI and the tournament need from an AI."""

    def play_turn(self, game: Game) -> None: ...

    def play_unit(self, game: Game, unit_id: str) -> Decision | None: ...


@dataclass(frozen=True)
class Decision:
    """One unit activation as decided: the plan's kind, and its explanation."""

    unit: str
    kind: str
    text: str
    target: str | None = None
    score: float = 0.0


class PassiveAI:
    """Holds everything: no orders, so every unit keeps its Action for a Response."""

    def play_unit(self, game: Game, unit_id: str) -> Decision | None:
        return None

    def play_turn(self, game: Game) -> None:
        if not game.over:
            game.end_turn()


class DefaultAI:
    """`engine/ai.py`, exactly as the golden logs play it."""

    def play_unit(self, game: Game, unit_id: str) -> Decision | None:
        default_ai.play_unit(game, unit_id)
        return None

    def play_turn(self, game: Game) -> None:
        default_ai.play_turn(game)


#: Free casts by touch (R-SN-10) a unit may make before the rest of its plan in one activation.
_FREE_CASTS = 3


class TacticalAI:
    """The planning AI (see engine/tactics/planner.py for how plans are scored)."""

    def __init__(self, behaviour: Behaviour, seed: int = 0, *, tuned: bool = False) -> None:
        """`tuned`: `behaviour` is already the ruleset's (`dials`), as in the lookahead's copies."""
        self.behaviour = behaviour
        self.seed = seed
        self.decisions: list[Decision] = []
        self._cache_key: tuple[int, str] | None = None
        self._sight: dict = {}
        self._standoff = 0.0
        self._ready: tuple[int, str, Plan] | None = None  # a plan made by `next_unit`
        self._tuned: tuple[Game, Behaviour] | None = None  # `dials` for the game it plays
        self._fixed = tuned
        self._turn: tuple[Game, int, str, Behaviour] | None = None  # the lookahead's choice
        self._activated: set[str] = set()  # units activated this turn (the rollouts' copies skip them)
        self._rollouts: tuple[Game, int, str] | None = None  # the turn whose plans are played out
        self._cheap: tuple[Game, int, str, set[str]] | None = None  # `budget.cheap_units` of a turn
        self._watch = EnemyWatch(seed)  # Hard: which model predicts the enemy's replies (enemy_model.py)
        self._watching = False  # this turn's end keeps the game for `_watch`

    def dials(self, game: Game) -> Behaviour:
        """The preset as the battle's ruleset tunes it (`Ruleset.ai_dials`: Nine Powers keeps a
        looser formation and plans one unit at a time); during a turn the lookahead chose a way
        of playing (`rollout.choose`), that way's."""
        if self._fixed:
            return self.behaviour
        turn = self._turn
        if turn is not None and turn[0] is game and turn[1:3] == (game.round, game.active_player):
            return turn[3]
        if self._tuned is None or self._tuned[0] is not game:
            b = self.behaviour
            # every numeric dial (bools as 0/1), and the level's name for a ruleset tuning one level
            current = {f.name: float(getattr(b, f.name)) for f in fields(b) if f.name != "name"}
            current["level"] = b.name  # type: ignore[assignment]
            changes = ruleset_of(game.state).ai_dials(current)
            typed = {k: type(getattr(b, k))(v) for k, v in changes.items()}
            self._tuned = (game, b.with_(**typed))
        return self._tuned[1]

    def _planner(self, game: Game) -> Planner:
        key = (game.round, game.active_player)
        if key != self._cache_key:  # enemies stand still during our turn: sight maps keep
            self._cache_key, self._sight = key, {}
            self._standoff = standoff(game)

        return Planner(
            game,
            self.dials(game),
            seed=self.seed,
            sight_cache=self._sight,
            standoff=self._standoff,
        )

    def order(self, game: Game) -> list[str]:
        """Units of the active player in the order to activate them: Scouts first (they walk
        concealed ground safely, R-SCOUT-3, and reveal what they see, R-SCOUT-4); then, with
        `order_units`, the ones with the best plan first (focus fire, cover)."""
        units = sorted(u.id for u in game.units_of() if u.alive and not u.done)
        cheap = budget.cheap_units(game, units)  # a huge battle: the far units just advance
        self._cheap = (game, game.round, game.active_player, cheap)
        if cheap:
            game.prepare_moves(cheap)  # their moves, searched together (as engine/ai.py does)
        if not self.behaviour.order_units:
            return sorted(units, key=lambda uid: not is_scout(game.unit(uid)))

        def rank(uid: str) -> tuple[bool, float, str]:
            unit = game.unit(uid)
            if uid in cheap:
                return (not is_scout(unit), 0.0, uid)
            # best_odds(in_range=True) has shots only within a weapon's Range or reach: skip the
            # line of sight checks of enemies farther than that
            rules = ruleset_of(game.state)
            reach = max((rules.shot_range(game.state, unit, w) for w in ranged_weapons(unit)), default=0.0)
            shots = [
                best_odds(game.state, unit, e)
                for e in known_enemies(game.state, unit.team)
                if within_reach(unit.pos, e.pos) or in_range(unit.pos, e.pos, reach)
            ]
            best = max((o.kill for o in shots if o is not None), default=0.0)
            return (not is_scout(unit), -best, uid)

        return sorted(units, key=rank)

    def next_unit(self, game: Game, pending: list[str]) -> str:
        """Take the unit to activate next out of `pending` (in `order`). With `lookahead` k > 1
        the first k are planned and the one with the best plan goes first (its plan is kept for
        `decide`, nothing having changed in between)."""
        k = min(self.dials(game).lookahead, len(pending))
        cheap = self._cheap_units(game)
        if k <= 1 or pending[0] in cheap:
            return pending.pop(0)
        best: tuple[float, int, Plan] | None = None
        for i, uid in enumerate(pending[:k]):
            if uid in cheap:
                continue
            plan = self.decide(game, uid)
            if plan is not None and (best is None or plan.score > best[0]):
                best = (plan.score, i, plan)
        index = 0 if best is None else best[1]
        uid = pending.pop(index)
        if best is not None:
            self._ready = (len(game.events), uid, best[2])
        return uid

    def decide(self, game: Game, unit_id: str) -> Plan | None:
        """The unit's best plan now (nothing is changed), or None when it has nothing to do."""
        unit = game.unit(unit_id)
        if game.over or not unit.alive or unit.disrupted or unit.done or unit.team != game.active_player:
            return None
        ready, self._ready = self._ready, None
        if ready is not None and ready[:2] == (len(game.events), unit_id):
            return ready[2]
        if unit_id in self._cheap_units(game):
            return budget.advance_plan(unit)
        return self._planner(game).plan(unit)

    def _cheap_units(self, game: Game) -> set[str]:
        """The units of this turn that advance without being planned (`budget`; set by `order`)."""
        cheap = self._cheap
        if cheap is None or cheap[0] is not game or cheap[1:3] != (game.round, game.active_player):
            return set()
        return cheap[3]

    def carry_out(self, game: Game, unit_id: str, plan: Plan) -> Decision:
        """Give the plan's orders; returns the decision with its explanation (also kept in
        `decisions`, the newest last)."""
        unit = game.unit(unit_id)
        decision = Decision(unit.id, plan.kind, explain(game.state, unit, plan), plan.target, plan.score)
        self.decisions.append(decision)
        del self.decisions[:-200]
        self._execute(game, unit, plan)
        return decision

    def play_unit(self, game: Game, unit_id: str) -> Decision | None:
        """Plan and carry out one unit's activation; returns what it decided and why."""
        with_tactical_responses(game, [game.active_player])
        plan = self.decide(game, unit_id)
        if plan is None and game.state.fog_of_war and not known_enemies(game.state, game.unit(unit_id).team):
            default_ai.search(game, unit_id)  # nobody in sight: look for them (engine/ai.py)
            return None
        if plan is None:
            return None
        plan = self._played_out(game, unit_id, plan)
        decision = self.carry_out(game, unit_id, plan)
        self._more_minds(game, unit_id)
        return decision

    def _played_out(self, game: Game, unit_id: str, plan: Plan) -> Plan:
        """Hard: the unit's best plans played out on copies of the game, each followed by the rest
        of the side's turn and the enemy's reply (`rollout.pick`); the one that ends best."""
        b = self.dials(game)
        self._activated.add(unit_id)
        if b.rollouts <= 0 or plan.free or self._rollouts != (game, game.round, game.active_player):
            return plan
        planner = self._planner(game)
        planner.plan(game.unit(unit_id))
        plans = rollout.candidates(planner.checked, plan)
        if len(plans) < 2:
            return plan
        sim_dials = b.with_(rollouts=0, turn_rollouts=0, lookahead=1, exact_paths=min(3, b.exact_paths))
        done = frozenset(self._activated)
        me = game.active_player

        def finish(sim: Game, uid: str, candidate: Plan) -> None:
            ai = TacticalAI(sim_dials, self.seed, tuned=True)
            with_tactical_responses(sim, [me])
            ai._execute(sim, sim.unit(uid), candidate)
            ai.play_turn(sim, skip=done)

        return rollout.pick(game, unit_id, plans, b.rollouts, self.seed, finish, self._enemy_model(b))

    def _enemy_model(self, b: Behaviour) -> Callable[[int], rollout.Reply | None] | None:
        """How the enemy replies on the k-th draw of a play-out: the first `planner_replies` draws
        as Normal plans (it plays nothing out), the others as the default AI (rollout.replies) —
        until the enemy's own turns show which model it plays like (`enemy_model.EnemyWatch`:
        Normal's plans, the default AI or the greedy player): then every draw as that one."""
        if b.planner_replies <= 0:
            return None
        return self._watch.model(b.planner_replies, self._normal_reply)

    def _normal_reply(self, sim: Game) -> None:
        """The enemy's turn on a copy as Normal plans it, as the battle's ruleset tunes Normal
        (`dials`): under Nine Powers it neither sprints nor falls back after a strike, and the
        model should not either."""
        TacticalAI(preset("normal"), self.seed).play_turn(sim)

    def _more_minds(self, game: Game, unit_id: str) -> None:
        """R-SN-40: a unit whose SN Minds gave its Action back plans and acts again, once a Mind."""
        unit = game.unit(unit_id)
        for _ in range(len(unit.minds)):
            if game.over or not unit.alive or unit.action_used or unit.done or not unit.minds_used:
                return
            plan = self.decide(game, unit_id)
            if plan is None:
                return
            self.carry_out(game, unit_id, plan)

    def _execute(self, game: Game, unit: UnitState, plan: Plan, depth: int = 0) -> None:
        if plan.kind == budget.ADVANCE:
            default_ai.play_unit(game, unit.id)  # a far unit of a huge battle (tactics/budget.py)
            return
        action = action_for(plan)
        try:
            if plan.kind in ("sprint", "firefight", "charge") and action is not None:
                game.act(unit.id, action)
                return
            if plan.kind == "attack_move" and action is not None:
                game.act(unit.id, action)
                if self._can_move(game, unit) and plan.dest != unit.pos:
                    game.move(unit.id, plan.path or plan.dest)
                return
            if plan.dest != unit.pos:
                game.move(unit.id, plan.path or plan.dest)
            if game.over or not unit.alive or unit.disrupted:
                return
            if plan.kind == "cast" and action is not None:
                had_action = not unit.action_used
                game.act(unit.id, action)  # a cast from the end cell (tactics/sn_plans.py)
                if had_action and not unit.action_used and depth < _FREE_CASTS and not game.over:
                    follow = self._planner(game).plan(unit)  # a free cast by touch: the turn goes on
                    if follow is not None:
                        self._execute(game, unit, follow, depth + 1)
                return
            if plan.kind in HAND_KINDS and action is not None:
                victim = game.state.units.get(plan.target or "")
                if victim is None or victim.pos == plan.toward:  # a Shove's victim has not moved
                    game.act(unit.id, action)  # a Shove, Operate or ResetTrap from the end cell
                    return
            if plan.kind == "move_attack" and isinstance(action, Attack) and not unit.action_used:
                target = game.state.units.get(action.target)
                if target is not None and target.alive:
                    game.act(unit.id, action)
                    return
            if not unit.action_used:
                self._face(game, unit)
        except IllegalOrder:
            # the world changed under the plan (a Response moved or stopped the unit): keep the
            # Action for a Response rather than guess
            if unit.alive and not unit.disrupted and not game.over:
                self._face(game, unit)

    @staticmethod
    def _can_move(game: Game, unit: UnitState) -> bool:
        return not game.over and unit.alive and not unit.disrupted and bool(game.legal_moves(unit.id))

    @staticmethod
    def _face(game: Game, unit: UnitState) -> None:
        """Watch the most likely attacker with the saved Action (R-RESP-3, GRID-6)."""
        enemies = known_enemies(game.state, unit.team)
        if not enemies or game.over:
            return
        target = min(enemies, key=lambda e: (distance(unit.pos, e.pos) - e.move, e.id))
        if target.pos == unit.pos:
            return
        facing = str(facing_towards(unit.pos, target.pos))
        if facing != unit.facing:
            game.face(unit.id, facing)

    def play_turn(self, game: Game, skip: frozenset[str] = frozenset()) -> None:
        """Play the active player's turn and end it (`skip`: units already activated in it, as
        when the lookahead finishes a turn on a copy)."""
        if game.over:
            return
        with_tactical_responses(game, [game.active_player])  # its units' Responses from now on
        turn = (game.round, game.active_player)
        self._look_ahead(game)
        pending = [uid for uid in self.order(game) if uid not in skip]
        while pending:
            if game.over or (game.round, game.active_player) != turn:
                return
            self.play_unit(game, self.next_unit(game, pending))
        if not game.over and (game.round, game.active_player) == turn:
            game.end_turn()
            if self._watching:
                self._watch.keep(game, turn[1])

    def _look_ahead(self, game: Game) -> None:
        """Hard: choose how to play this turn by playing it out on copies (tactics/rollout.py)."""
        self._turn = None
        base = self.dials(game)
        self._activated = set()
        playing_out = base.rollouts > 0 or base.turn_rollouts > 0
        applies = playing_out and rollout.applies(game, game.active_player, standoff(game))
        self._rollouts = (game, game.round, game.active_player) if applies else None
        self._watching = applies and base.planner_replies > 0
        if self._watching:
            self._watch.observe(game, self._normal_reply)
        if base.turn_rollouts <= 0 or not applies:
            return

        def play_own(sim: Game, behaviour: Behaviour) -> None:
            TacticalAI(behaviour.with_(rollouts=0, turn_rollouts=0), self.seed, tuned=True).play_turn(sim)

        chosen = rollout.choose(game, base, self.seed, play_own, self._enemy_model(base))
        self._turn = (game, game.round, game.active_player, chosen)


#: Enemy turns in a row without a move or an attack after which waiting for it is pointless.
STANDOFF_TURNS = 2


def standoff(game: Game) -> float:
    """0..1: how long every enemy has sat still — the share of the last `STANDOFF_TURNS` enemy
    turns (most recent first, in a row) in which its player gave no move or Action order. A side
    that holds everything never comes within reach of our saved Actions (R-RESP-1), so the AI
    stops waiting for it."""
    me = game.active_player
    idle = 0
    acted = False
    turns_seen = 0
    for event in reversed(game.events):
        kind = event.kind
        if kind == "order" and event.player != me and event.order in ("move", "act"):  # type: ignore[attr-defined]
            acted = True
        elif kind == "turn_started" and event.player != me:  # type: ignore[attr-defined]
            if acted:
                break
            idle += 1
            turns_seen += 1
            if turns_seen >= STANDOFF_TURNS * max(1, len(game.state.turn_order) - 1):
                break
        elif kind == "turn_started":
            acted = False  # our own turn: orders before it belong to an earlier enemy turn
    enemies = max(1, len(game.state.turn_order) - 1)
    return min(1.0, idle / (STANDOFF_TURNS * enemies))


def make_player(level: str, seed: int = 0) -> AIPlayer:
    """An AI player from a level name (see LEVELS; also the baselines "greedy" and "random")."""
    name = level.lower()
    if name == "passive":
        return PassiveAI()
    if name == "default":
        return DefaultAI()
    if name in BASELINES:  # the tournament's yardsticks (issue 25)
        return GreedyAI() if name == "greedy" else RandomAI(seed)
    return TacticalAI(preset(name), seed)
