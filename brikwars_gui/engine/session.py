"""`Game`: the turn controller. Owns the state, the dice (wrapped in RecordingDice), the turn order.

Players take turns (fixed order, G-24). In a turn the active player issues orders for its units:

* `move(unit_id, target_cell | path)`, `act(unit_id, action)`, `face(unit_id, facing)`,
  `end_unit(unit_id)`, `end_turn()`;
* queries: `legal_moves` (`prepare_moves` searches many units' at once), `preview_path`,
  `legal_actions`, `state`, `events`, `snapshots`.

Every state change is a typed event; every order is logged first as an `order` event and every
choice made outside an order (Responses, Counter, Overskill, Bail spot) as a `decided` event, so
`Game.from_events(scenario, events, dice)` replays a game exactly (also for undo: replay fewer
orders). Illegal orders raise `IllegalOrder` before anything changes; if a rule raises midway the
pre-order state (undone in place from the order's journal, engine/journal.py), event list, turn
snapshots and dice position are restored (`RecordingDice.snapshot()/restore()`; an inner source
without `snapshot`/`restore` is not rewound).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

import numpy as np

from brikwars_gui import __version__
from brikwars_gui.engine.dice.source import DiceSource, RecordingDice, ScriptedDice, SeededDice
from brikwars_gui.engine.events import Event
from brikwars_gui.engine.grid import Path
from brikwars_gui.engine.hazards import phase as hazards
from brikwars_gui.engine.journal import begin as begin_journal
from brikwars_gui.engine.journal import commit, rollback
from brikwars_gui.engine.order_families import (
    ActionOption,
    Order,
    StepHooks,
    check_order,
    order_from_dict,
    perform_order,
)
from brikwars_gui.engine.order_families import anytime_actions as _anytime_actions
from brikwars_gui.engine.order_families import legal_actions as _legal_actions
from brikwars_gui.engine.rules.common import (
    DecisionRequest,
    FacingChanged,
    IllegalOrder,
    PlayContext,
    RuleOptions,
    burdened,
    default_decide,
    find_actor,
)
from brikwars_gui.engine.rules.damage import kill
from brikwars_gui.engine.rules.move_search import (
    MoveSearch,
    move_arrays,
    prepare_moves,
    search_move_cells,
    search_moves,
    water_cells,
)
from brikwars_gui.engine.rules.movement import MovementStopped, Recovered, plan_move, walk
from brikwars_gui.engine.rules.quiet_steps import quiet_steps
from brikwars_gui.engine.rules.response import (
    leaving_triggers,
    movement_triggers,
    resolve_movement_triggers,
)
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.snapshots import Snapshots
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.supernatural import phase as sn_phase
from brikwars_gui.engine.supernatural.diemons import detonation_triggers, resolve_detonations
from brikwars_gui.engine.turn_events import (
    ActionSaved,
    DrowningCheck,
    GameOver,
    GameStarted,
    OrderIssued,
    TurnEnded,
    TurnStarted,
    UnitDone,
)
from brikwars_gui.engine.visibility import note_sightings

__all__ = [
    "DecisionRequest",
    "Game",
    "IllegalOrder",
    "ResponsePolicy",
    "ScriptedPolicy",
]

_TURN_RESET = (
    ("move_spent", 0),
    ("bonus_move", 0),
    ("has_moved", False),
    ("action_used", False),
    ("saved_action", False),
    ("sprinting", False),
    ("stopped", False),
    ("done", False),
    ("diagonal_parity", 0),
    ("recovering", False),
    ("full_round", False),
)
"""What every living unit of the player starts its turn with, in the order it is set."""


# ---------------------------------------------------------------------------------------------
# Policies


class ReplayCancelled(Exception):
    """`Game.from_events` was stopped by its `progress` callback (the user cancelled)."""


class ResponsePolicy(Protocol):
    """Answers the questions the rules ask players outside their orders (see DecisionRequest)."""

    def decide(self, game: Game, request: DecisionRequest) -> str: ...


class DefaultPolicy:
    """The rules' defaults: automatic close-combat attacks, shoot movers entering range (taking the
    Angry Inch when it brings them into Range and sight), shoot back when attacked, shoot an enemy
    that attacks an ally in view, Counter, Overskill on extra Damage when hitting / +1d6 when
    missing (never a called shot)."""

    def decide(self, game: Game, request: DecisionRequest) -> str:
        return default_decide(request)


class ScriptedPolicy:
    """Gives back logged answers in order (replays); falls back to `fallback` when they run out."""

    def __init__(self, answers: Iterable[dict[str, Any]], fallback: ResponsePolicy | None = None) -> None:
        self.answers = list(answers)
        self.position = 0
        self.fallback = fallback

    def decide(self, game: Game, request: DecisionRequest) -> str:
        # single-option questions are answered by the rules without asking (PlayContext.ask)
        while self.position < len(self.answers) and len(self.answers[self.position].get("options", ())) == 1:
            self.position += 1
        if self.position >= len(self.answers):
            if self.fallback is None:
                raise IllegalOrder(f"no logged answer left for {request.question} of {request.unit}")
            return self.fallback.decide(game, request)
        logged = self.answers[self.position]
        self.position += 1
        if logged.get("question") != request.question or logged.get("unit") != request.unit:
            raise IllegalOrder(
                f"replay diverged: the log answers {logged.get('question')} for {logged.get('unit')}, "
                f"the game asks {request.question} for {request.unit}"
            )
        return str(logged["answer"])


def _searches(order: dict[str, Any]) -> bool:
    """A logged move of a unit to a cell without its path (a file from before paths were recorded)."""
    args = order.get("args")
    to_only = isinstance(args, dict) and "to" in args and "path" not in args
    return to_only and order.get("order") == "move" and isinstance(order.get("unit"), str)


# ---------------------------------------------------------------------------------------------
# The game


class Game:
    """A battle in progress. See the module docstring for the order/query API."""

    replay_searches_ahead = True
    """`from_events`: a turn's moves to a cell without a recorded path (older files) read their
    paths off the side's searches made together (`prepare_moves`) while those hold, as the AI's
    moves do; False searches each alone (`find_path`), the same path (issue 26)."""

    def __init__(
        self,
        state: GameState,
        dice: DiceSource,
        *,
        policy: ResponsePolicy | None = None,
        listener: Callable[[Event], None] | None = None,
        options: RuleOptions | None = None,
        max_rounds: int | None = None,
        start: bool = True,
        timeline: bool = True,
    ) -> None:
        """`timeline=False` keeps no per-turn `snapshots` (forecasts never look back: a snapshot
        of the whole state per turn was ~10% of a forecast game)."""
        self.dice = dice if isinstance(dice, RecordingDice) else RecordingDice(dice)
        self.timeline = timeline
        self.policy: ResponsePolicy = policy or DefaultPolicy()
        self.max_rounds = max_rounds
        self.ctx = PlayContext(
            state, self.dice, [], listener, decide=self._decide, options=options or RuleOptions()
        )
        self.snapshots = Snapshots()  # per-turn pictures, built when read (engine/snapshots.py)
        self._move_search: MoveSearch | None = None  # the last `legal_moves` search (`move`)
        self._prepared: dict[str, MoveSearch] = {}  # searches made ahead (`prepare_moves`)
        self._rounds_started = False
        if start:
            self.start()

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def from_scenario(
        cls,
        scenario: Any,
        *,
        seed: int | None = None,
        script: Sequence[int] | None = None,
        dice: DiceSource | None = None,
        **kwargs: Any,
    ) -> Game:
        """A new game from a validated Scenario with `SeededDice(seed)`, `ScriptedDice(script)` or `dice`."""
        if dice is None:
            dice = ScriptedDice(script) if script is not None else SeededDice(seed)
        return cls(GameState.from_scenario(scenario), dice, **kwargs)

    @classmethod
    def from_state(cls, state: GameState, dice: DiceSource, **kwargs: Any) -> Game:
        """Continue a battle from a copy of `state` exactly as it stands (mid-turn too): no
        game_started, no new turn begins; the active player goes on with its turn. Forecasts
        "from the current position" play many such continuations with different dice."""
        game = cls(state.copy(), dice, start=False, **kwargs)
        game._rounds_started = True
        return game

    @classmethod
    def from_events(
        cls,
        scenario: Any,
        events: Iterable[Event | dict[str, Any]],
        dice: DiceSource,
        *,
        upto: int | None = None,
        state: GameState | None = None,
        progress: Callable[[int, int], bool] | None = None,
        **kwargs: Any,
    ) -> Game:
        """Replay the orders (and logged decisions) found in `events` on a fresh game.

        `upto` replays only the first `upto` orders (undo). The result's `events` equal the
        logged ones when the same dice are given (check with `replay.compare_events`).
        `state`: the fresh `GameState.from_scenario(scenario)` to play on, when a listener
        needs to read it while the orders replay (timeline frames).
        `progress(done, total)` is called before each order (a long saved game takes a while: the
        GUI shows a progress dialog); returning False stops with `ReplayCancelled`."""
        dicts = [e.to_dict() if isinstance(e, Event) else dict(e) for e in events]
        orders = [d for d in dicts if d.get("kind") == "order"]
        answers = [d for d in dicts if d.get("kind") == "decided"]
        if upto is not None:
            orders = orders[:upto]
        fallback = kwargs.pop("policy", None)
        if state is None:
            state = GameState.from_scenario(scenario)
        game = cls(state, dice, policy=ScriptedPolicy(answers, fallback), **kwargs)
        game._apply_orders(orders, progress)
        return game

    def play_on(
        self, events: Iterable[Event | dict[str, Any]], progress: Callable[[int, int], bool] | None = None
    ) -> None:
        """Replay the orders and decisions of `events` on this game, which stands where they begin
        (a checkpoint of the orders before them, engine/checkpoint.py); the game's policy answers
        the questions they did not log, as `from_events`'s `policy` does."""
        dicts = [e.to_dict() if isinstance(e, Event) else dict(e) for e in events]
        answers = [d for d in dicts if d.get("kind") == "decided"]
        self.policy = ScriptedPolicy(answers, self.policy)
        self._apply_orders([d for d in dicts if d.get("kind") == "order"], progress)

    def _apply_orders(
        self, orders: list[dict[str, Any]], progress: Callable[[int, int], bool] | None
    ) -> None:
        ahead = -1  # `replay_searches_ahead`: the searches are made for the orders up to here
        for done, order in enumerate(orders):
            if self.over:
                break
            if progress is not None and not progress(done, len(orders)):
                raise ReplayCancelled(f"stopped after {done} of {len(orders)} orders")
            if self.replay_searches_ahead and _searches(order):
                if done > ahead:  # the movers of the rest of this turn, searched together
                    ends = (i for i in range(done, len(orders)) if orders[i].get("order") == "end_turn")
                    ahead = next(ends, len(orders))
                    movers = dict.fromkeys(o.get("unit") for o in orders[done:ahead] if _searches(o))
                    self.prepare_moves([u for u in movers if u in self.state.units])
                self._move_search = self._prepared.pop(order.get("unit"), None)  # read while it holds
            try:
                self.apply_order(order)
            except IllegalOrder as exc:  # a saved file is untrusted: say which of its orders
                what = f"{order['order']} of {order['unit']}" if order.get("unit") else order["order"]
                raise IllegalOrder(f"order {done + 1} of {len(orders)} ({what}): {exc}") from exc

    def apply_order(self, order: dict[str, Any]) -> None:
        """Issue a logged `order` event's order again (a malformed one raises ValueError)."""
        if not isinstance(order, dict) or not isinstance(order.get("args", {}), dict):
            raise ValueError("a logged order is an object whose 'args' is an object")
        name, unit, args = order["order"], order.get("unit"), order.get("args", {})
        if name == "move":
            careful = bool(args.get("careful", False))
            to = (int(args["to"][0]), int(args["to"][1])) if "to" in args else None
            if "path" in args:  # the recorded path is walked without a search, checked step by step
                self._move(unit, [tuple(c) for c in args["path"]], careful=careful, to=to)
            else:  # a file from before paths were recorded: search again, log it as it was
                self._move(unit, to, careful=careful, to=to, record_path=False)  # type: ignore[arg-type]
        elif name == "act":
            self.act(unit, order_from_dict(args))
        elif name == "face":
            self.face(unit, args["facing"])
        elif name == "end_unit":
            self.end_unit(unit)
        elif name == "end_turn":
            self.end_turn()
        else:
            raise ValueError(f"unknown order {name!r}")

    # -- properties -----------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.ctx.state

    @property
    def events(self) -> list[Event]:
        return self.ctx.events

    @property
    def listener(self) -> Callable[[Event], None] | None:
        return self.ctx.listener

    @listener.setter
    def listener(self, fn: Callable[[Event], None] | None) -> None:
        self.ctx.listener = fn

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def active_player(self) -> str:
        return self.state.active_player

    @property
    def round(self) -> int:
        return self.state.round

    def emit(self, event: Event) -> Event:
        return self.ctx.emit(event)

    def _decide(self, request: DecisionRequest) -> str:
        return self.policy.decide(self, request)

    # -- queries --------------------------------------------------------------------------------

    def unit(self, unit_id: str) -> UnitState:
        return find_actor(self.state, unit_id)

    def legal_moves(self, unit_id: str) -> dict[Cell, int]:
        """Cells the unit may move to now, with their Move cost (empty when it cannot move)."""
        unit = self.unit(unit_id)
        if self.over or unit.team != self.active_player:
            return {}
        prepared = self._prepared.pop(unit_id, None)
        moves, self._move_search = search_moves(self.state, unit, prepared)  # `move` reads its path
        return moves

    def legal_move_cells(self, unit_id: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """`legal_moves` as numpy arrays: the x, the y and the Move cost of each cell (any order),
        read off the search as they are (`move_search.search_move_cells`; the default AI, issue 26)."""
        unit = self.unit(unit_id)
        if self.over or unit.team != self.active_player:
            return move_arrays({})
        prepared = self._prepared.pop(unit_id, None)
        xs, ys, costs, self._move_search = search_move_cells(self.state, unit, prepared)
        return xs, ys, costs

    def prepare_moves(self, unit_ids: Iterable[str]) -> None:
        """Search the moves of these units of the active side together (`move_search.prepare_moves`,
        one numpy pass): each one's `legal_moves` then reads its search, if nothing it depends on
        has changed by then (the default AI asks every unit's moves, one after the other)."""
        units = [self.unit(uid) for uid in unit_ids]
        if not self.over:
            self._prepared = prepare_moves(self.state, [u for u in units if u.team == self.active_player])

    def preview_path(self, unit_id: str, target: Cell | Sequence[Cell]) -> Path | None:
        """The path a `move` order would take (cells and cumulative costs), or None if illegal."""
        unit = self.unit(unit_id)
        if self.over or unit.team != self.active_player:
            return None
        try:
            plan = plan_move(self.state, unit, target)
        except IllegalOrder:
            return None
        return Path(plan.cells, plan.costs, plan.parities[-1])

    def legal_actions(self, unit_id: str) -> list[ActionOption]:
        unit = self.unit(unit_id)
        if self.over or unit.team != self.active_player:
            return []
        return _legal_actions(self.state, unit)

    def units_of(self, player: str | None = None) -> list[UnitState]:
        player = self.active_player if player is None else player
        return [u for u in self.state.units.values() if u.team == player]

    # -- orders ---------------------------------------------------------------------------------

    def anytime_actions(self, unit_id: str) -> list[ActionOption]:
        """The orders the unit may give now whoever's turn it is (cancelling an Effect, R-SN-13)."""
        return [] if self.over else _anytime_actions(self.state, self.unit(unit_id))

    def _any_unit(self, unit_id: str) -> UnitState:
        if self.over:
            raise IllegalOrder("the game is over")
        return self.unit(unit_id)

    def _own_unit(self, unit_id: str) -> UnitState:
        if self.over:
            raise IllegalOrder("the game is over")
        unit = self.unit(unit_id)
        if unit.team != self.active_player:
            raise IllegalOrder(
                f"{unit.name} belongs to {unit.team}, not to the active player {self.active_player}"
            )
        return unit

    def _guarded(self, fn: Callable[[], None]) -> None:
        """Run a checked order; if a rule raises halfway (a bug, a hook, a dice script running out)
        restore the state, the events and the dice (when the source can rewind: SeededDice,
        ScriptedDice, or anything with `snapshot()`/`restore(token)`), so the next roll is the
        one the failed order would have drawn and a saved game stays replayable."""
        self._move_search = None  # an order may change what the last `legal_moves` searched through
        journal = begin_journal()  # every state change from here on can be undone (engine/journal.py)
        mark = len(self.events)
        snapshot_mark = len(self.snapshots)
        dice_mark = self.dice.snapshot()
        try:
            fn()
            note_sightings(self.state)  # fog of war: each side's memory of where it saw enemies
        except BaseException:
            rollback(journal)
            del self.events[mark:]
            del self.snapshots[snapshot_mark:]  # a turn begun by the failed order never happened
            self.dice.restore(dice_mark)
            raise
        commit(journal)
        self._check_victory()

    def _order(self, order: str, unit: str | None, args: dict[str, Any]) -> None:
        self.emit(OrderIssued(self.active_player, order, unit, args))

    def _step_check(self, mover: UnitState, prev: Cell, cell: Cell) -> Any:
        if mover.hidden:  # G-16: no enemy sees a Hidden mover, so none can respond to it
            return []
        triggers = movement_triggers(self.ctx, mover, prev, cell)
        if self.state.sn.diemons:  # R-SN-5: a 10amyte may blow up as an enemy steps near
            triggers = [*detonation_triggers(self.state, mover, prev, cell), *triggers]
        return triggers

    def _leave_check(self, mover: UnitState, prev: Cell, cell: Cell) -> Any:
        if mover.hidden:  # G-16, as for `_step_check`
            return []
        return leaving_triggers(self.ctx, mover, prev, cell)

    def _quiet_steps(self, mover: UnitState, cells: Sequence[Cell]) -> list[bool] | None:
        """The steps `_step_check` and `_leave_check` are sure to find nothing at (`walk`'s
        `quiet`); None (ask at every step) when a 10amyte, a Trap or the ruleset's leaving
        Responses could answer a step, which `quiet_steps` does not look at."""
        state = self.state
        if state.sn.diemons or state.traps or ruleset_of(state).draws_leaving_responses(state):
            return None
        if mover.hidden:  # G-16: nothing answers a Hidden mover
            return [False, *[True] * (len(cells) - 1)]
        return quiet_steps(self.ctx, mover, cells)

    def _step_resolve(self, mover: UnitState, triggers: Any) -> bool:
        if self.state.sn.diemons:
            triggers = resolve_detonations(self.ctx, mover, triggers)
            if not mover.alive or mover.disrupted:
                return False
        return resolve_movement_triggers(self.ctx, mover, triggers)

    def move(self, unit_id: str, target: Cell | Sequence[Cell], *, careful: bool = False) -> None:
        """Move to a cell by the cheapest legal path, or along an explicit path (cells; the start
        cell may be left out). Enemy Responses may interrupt it (R-MOVE-5). `careful` spends the
        Action on picking a way through Spiked obstacles: they act as Slow fields (R-HAZ-15)."""
        explicit = not (len(target) == 2 and isinstance(target[0], int))
        to = None if explicit else (int(target[0]), int(target[1]))  # type: ignore[arg-type]
        self._move(unit_id, target, careful=careful, to=to)

    def _move(
        self,
        unit_id: str,
        target: Cell | Sequence[Cell],
        *,
        careful: bool,
        to: Cell | None,
        record_path: bool = True,
    ) -> None:
        """`move`, logging `to` (when given) and the path walked (`record_path`): a move to a cell
        records the path its search chose, so a replay walks that path instead of searching
        again (docs/architecture.md, "Saved games"); a replayed order is logged as it was read."""
        unit = self._own_unit(unit_id)
        if careful and unit.action_used:
            raise IllegalOrder(
                f"{unit.name} has already used its Action: moving carefully through Spiked obstacles "
                "spends it (R-HAZ-15)"
            )
        # raises IllegalOrder before any change; `legal_moves` just before has searched the way
        plan = plan_move(self.state, unit, target, self._move_search)
        end = plan.cells[-1]
        if to is not None and end != to:
            raise IllegalOrder(f"the path ends at {end}, not at its destination {to}")
        args: dict[str, Any] = {} if to is None else {"to": [end[0], end[1]]}
        if record_path:
            args["path"] = [list(c) for c in plan.cells]
        if careful:
            args["careful"] = True

        def run() -> None:
            self._order("move", unit_id, args)
            walk(
                self.ctx,
                unit,
                plan,
                check=self._step_check,
                resolve=self._step_resolve,
                careful=careful,
                leave=self._leave_check,
                quiet=self._quiet_steps,
            )

        self._guarded(run)

    def act(self, unit_id: str, action: Order) -> None:
        """Give the unit an order of the registry (engine/order_families.py lists the families).
        An `out_of_turn` order (R-SN-13) may be given on any side's turn."""
        unit = self._any_unit(unit_id) if action.out_of_turn else self._own_unit(unit_id)
        check_order(self.state, unit, action)

        def run() -> None:
            self._order("act", unit_id, action.to_dict())
            steps = StepHooks(self._step_check, self._step_resolve, self._leave_check)
            perform_order(self.ctx, unit, action, steps)
            if action.ends_unit_turn:
                self.emit(UnitDone(unit.id))

        self._guarded(run)

    def face(self, unit_id: str, facing: str) -> None:
        """GRID-6: turn to one of the 8 facings (free, on its own turn)."""
        unit = self._own_unit(unit_id)
        if facing not in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
            raise IllegalOrder(f"{facing!r} is not one of the 8 facings")
        if not unit.alive or unit.disrupted:
            raise IllegalOrder(f"{unit.name} cannot turn now")

        def run() -> None:
            self._order("face", unit_id, {"facing": facing})
            if unit.facing != facing:
                unit.facing = facing
                self.emit(FacingChanged(unit.id, facing))

        self._guarded(run)

    def end_unit(self, unit_id: str) -> None:
        """The unit is finished for this turn (an unused Action will be saved, R-RESP-1)."""
        unit = self._own_unit(unit_id)
        if unit.done:
            raise IllegalOrder(f"{unit.name} has already finished this turn")

        def run() -> None:
            self._order("end_unit", unit_id, {})
            unit.done = True
            self.emit(UnitDone(unit.id))

        self._guarded(run)

    def end_turn(self) -> None:
        """End the active player's turn and start the next player's."""
        if self.over:
            raise IllegalOrder("the game is over")

        def run() -> None:
            self._order("end_turn", None, {})
            self._prepared = {}  # made for this turn's units
            self._finish_turn()

        self._guarded(run)

    # -- turn sequence --------------------------------------------------------------------------

    def start(self) -> None:
        """Emit game_started and begin the first player's turn (called by the constructor)."""
        if self._rounds_started:
            return
        self._rounds_started = True
        state = self.state
        self.emit(GameStarted(state.name, list(state.turn_order), len(state.units)))
        self._check_victory()
        if not self.over:
            self._begin_turn(first=True)
        note_sightings(state)

    def _team_alive(self, player: str) -> bool:
        return self.survivors().get(player, 0) > 0

    def _begin_turn(self, *, first: bool = False) -> None:
        state = self.state
        # players without living units are skipped (G-24)
        for _ in range(len(state.turn_order)):
            if self._team_alive(state.active_player):
                break
            self._advance()
            if self.over:
                return
        player = state.active_player
        self.emit(TurnStarted(state.round, player))
        if self.timeline:
            self.snapshots.take(state)
        water = water_cells(state.grid)
        for unit in sorted(self.units_of(player), key=lambda u: u.id):
            if not unit.alive:
                continue
            # the saved Action turns into this turn's Action (`saved_action`); a field that holds
            # its value already is left alone (no journal entry, no index call: issue 26)
            for name, value in _TURN_RESET:
                if getattr(unit, name) is not value:
                    setattr(unit, name, value)
            if unit.extended_left == 0 and unit.activity != "":
                unit.activity = ""
            if unit.disrupted:  # R-MOVE-17
                unit.disrupted = False
                whole = unit.heavy_armor
                if whole:
                    unit.stopped = True
                    unit.action_used = True
                else:
                    unit.recovering = True
                self.emit(Recovered(unit.id, whole))
            if unit.extended_left > 0:  # R-ACT-8: the Extended Action goes on
                unit.extended_left -= 1
                unit.full_round = True
                unit.stopped = True
                unit.action_used = True
            if unit.pos in water and burdened(unit) and not unit.stopped and not unit.flight:
                unit.stopped = True
                self.emit(MovementStopped(unit.id, "immobilized in the water by its burden (R-MOVE-10)"))
        ruleset_of(state).begin_turn(self.ctx, player)
        hazards.start_of_player_turn(self.ctx, player)
        sn_phase.start_of_player_turn(self.ctx, player)  # Chapter D; nothing without SN units
        # R-HAZ-13/14: Currents thrust and Slippery fields slide each unit once per turn, before
        # anything it does, whether it then moves, acts or just waits (docs/rules-decisions.md)
        for unit in sorted(self.units_of(player), key=lambda u: u.id):
            hazards.start_of_movement(self.ctx, unit)
        self._check_victory()

    def _finish_turn(self) -> None:
        state = self.state
        player = state.active_player
        water = water_cells(state.grid)
        for unit in sorted(self.units_of(player), key=lambda u: u.id):
            if not unit.alive:
                continue
            if unit.pos in water and burdened(unit) and not unit.flight:  # G-17; R-SN-30: a flyer hovers
                roll = ruleset_of(self.state).action_roll(
                    self.ctx, unit, sides=unit.skill, kind="swim", use=3, purpose=f"{unit.id} drowning"
                )
                self.emit(DrowningCheck(unit.id, roll.to_dict(), bool(roll.success)))
                if not roll.success:
                    kill(self.ctx, unit.id, "drowned (G-17)")
                    continue
            if not unit.disrupted and not unit.action_used:
                unit.saved_action = True
                self.emit(ActionSaved(unit.id))
        hazards.end_of_player_turn(self.ctx, player)
        ruleset_of(state).end_turn(self.ctx, player)
        self.emit(TurnEnded(state.round, player))
        self._check_victory()
        if self.over:
            return
        self._advance()
        if not self.over:
            self._begin_turn()

    def _advance(self) -> None:
        """Next player in turn order; passing the end of round `max_rounds` ends the game, also
        when the skipped players without units (G-24) are the last ones in the order."""
        state = self.state
        state.active_index += 1
        if state.active_index >= len(state.turn_order):
            state.active_index = 0
            if self.max_rounds is not None and state.round >= self.max_rounds:
                self._game_over(None, f"turn limit of {self.max_rounds} rounds")
                return
            state.round += 1

    def survivors(self) -> dict[str, int]:
        """Living units per player in turn order (from the unit index: O(players) per order)."""
        alive = self.state.unit_index().alive_by_team
        counts = {p: alive.get(p, 0) for p in self.state.turn_order}
        for unit_id in self.state.sn.diemons:  # R-SN-21: summoned units keep no side alive
            unit = self.state.units[unit_id]
            if unit.alive and unit.team in counts:
                counts[unit.team] -= 1
        return counts

    def _check_victory(self) -> None:
        """G-24: the last team with living units wins; nobody left is a draw."""
        if self.over or not self._rounds_started:
            return
        alive = [p for p, n in self.survivors().items() if n > 0]
        if len(alive) == 1:
            self._game_over(alive[0], "last team standing (G-24)")
        elif not alive:
            self._game_over(None, "no units left (G-24)")

    def _game_over(self, winner: str | None, reason: str) -> None:
        state = self.state
        state.over = True
        state.winner = winner
        for p in state.players:
            p.defeated = not self._team_alive(p.id)
        ruleset_of(state).battle_over(self.ctx)
        self.emit(GameOver(winner, reason, self.survivors()))
        if self.timeline:
            self.snapshots.take(state)

    # -- logs -----------------------------------------------------------------------------------

    def header(self, **extra: Any) -> dict[str, Any]:
        """The first line of a JSONL log (see engine/replay.py)."""
        return {"log": "brikwars-sim", "engine_version": __version__, "max_rounds": self.max_rounds, **extra}
