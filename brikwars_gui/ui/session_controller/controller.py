"""`SessionController`: the one seam between the UI and the turn engine (`engine/session.py`'s
`Game`): starting and stopping, running engine calls, telling the views only what changed.
Orders, sight, queries, prompts, the timeline and AI turns are its mixins (this package)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from brikwars_gui.engine.dice.source import SessionDice
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.session_controller.ai_turns import AITurnsMixin
from brikwars_gui.ui.session_controller.cards import CardsMixin
from brikwars_gui.ui.session_controller.engine_helpers import measure, random_seed, run_forecast
from brikwars_gui.ui.session_controller.log_entries import (
    LogEntry,
    MapResult,
    map_result,
)
from brikwars_gui.ui.session_controller.orders import OrdersMixin
from brikwars_gui.ui.session_controller.prompts import PromptsMixin, _UIPolicy
from brikwars_gui.ui.session_controller.queries import QueriesMixin
from brikwars_gui.ui.session_controller.sight import SightMixin
from brikwars_gui.ui.session_controller.supernatural import (
    SupernaturalMixin,
    sn_log_text,
    sn_map_result,
)
from brikwars_gui.ui.session_controller.timeline import TimelineMixin
from brikwars_gui.ui.session_controller.views import Cell, HazardView

log = logging.getLogger("brikwars_gui.play")


class SessionController(
    OrdersMixin,
    SightMixin,
    QueriesMixin,
    CardsMixin,
    PromptsMixin,
    TimelineMixin,
    AITurnsMixin,
    SupernaturalMixin,
    QObject,
):
    """The engine's game behind the window: orders in, signals out (see the package docstring)."""

    sessionStarted = Signal()
    sessionStopped = Signal()
    turnChanged = Signal(int, str)
    unitUpdated = Signal(str)
    unitsReset = Signal()  # every unit at once (a game installed): one refresh, not 2,000 signals
    objectUpdated = Signal(str)
    hazardsChanged = Signal()
    eventAdded = Signal(object)
    logReset = Signal()
    eventLogged = Signal(str, str)
    canEndTurnChanged = Signal(bool)
    ordersEnabledChanged = Signal(bool)
    aiRunningChanged = Signal(bool)
    orderRejected = Signal(str)
    engineError = Signal(str)
    turnCompleted = Signal()
    gameOver = Signal(str)
    viewChanged = Signal()
    mapResult = Signal(object)  # a MapResult: dice and outcomes shown where they happen
    unitMoved = Signal(str, object)  # unit id, its path (start cell included), from a unit_moved event
    aiSkipped = Signal()  # Skip: the AI's orders are played at once (views stop animating)
    ordersCommitted = Signal()  # after each engine call: new orders may be journaled (replay_events_from)
    answerGiven = Signal(dict)  # a human's answer (its `decided` event), before the order goes on

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario: Scenario | None = None
        self.game = None
        self.dice: SessionDice | None = None
        self.seed: int | None = None
        self.script: list[int] = []
        self.max_rounds: int | None = None
        self.prefix_checkpoint: Any = None
        """A checkpoint (`scenario.savegame.Checkpoint`) of the running game's first
        `prefix_checkpoint.events` orders and decisions: the one it was opened from, or the
        autosave's latest (`make_prefix_checkpoint`); the recovery slot keeps it beside the
        journal, so a recovery replays only the orders after it (issue 26)."""
        self._built_from: tuple[Any, Any] | None = None  # (game, checkpoint) `replay_saved` installed
        self._journal_base: Any = None  # the journal's first line (`track_journal`): scenario, dice
        self._journal_digest: Any = None  # the digest of the journal's events so far
        self._journal_last: dict[str, Any] | None = None  # the last of them
        self.log: list[LogEntry] = []
        """The log as the viewing player may read it (numbered for that player)."""
        self._entries: list[LogEntry] = []
        """One entry per engine event (aligned with `game.events`), each with the sides that
        witnessed it when it happened (`seen_by`); `log` is the viewer's share of them."""
        self._log_viewer: str | None = None
        self.view_index: int | None = None
        self.ask_response: Callable[[Any], str] = lambda request: request.default
        """Asks a human player a DecisionRequest; the window installs a dialog."""
        self.always_default: set[tuple[str | None, str]] = set()
        self._given: list[dict[str, Any]] = []  # answers of an order resumed after a kill (PromptsMixin)
        """(team, question) pairs a human chose to always answer with the default (this battle)."""
        self.ai_interval = 350
        self._ai_timer = QTimer(self)
        self._ai_timer.timeout.connect(self._ai_tick)
        self._ai_running = False
        self._ai_stall: tuple[int, int, str] | None = None
        """(game, round, player) of an AI turn whose end failed; see `ai_stalled`."""
        self._ai_turn: tuple[int, str] | None = None
        self._ai_queue: list[str] = []
        self._ai_players: dict[str, Any] = {}  # player id -> engine/tactics AI player (by ai_level)
        self._ai_note: tuple[str, str] | None = None  # (unit, explanation) of the AI order under way
        self.ai_notes: dict[str, str] = {}  # unit id -> the tactical AI's last explanation
        self._busy = False
        self._skipping = False
        self._units_sig: dict[str, tuple] = {}
        self._live_views: dict[str, tuple] = {}  # unit id -> (signature, UnitView): `unit_view`
        # unit id -> (signature, hidden from the viewer, SN dice) as `_flush_views` just read it,
        # while it tells the views (they read each unit's view at once: `unit_view` takes these)
        self._flushed: dict[str, tuple] = {}
        self._objects_sig: dict[str, tuple] = {}
        self._hazard_sig: tuple = ()
        self._turn_key: tuple[int, str] | None = None
        self._turn_completed = False
        self.last_step_events = 0
        self._log_turn: tuple[int, str] = (1, "")
        self._snapshot_hazards: dict[int, HazardView] = {}
        self._joined_names: dict[str, str] = {}  # units that joined the battle (unit_joined events)

    # -- availability ------------------------------------------------------------------------------
    @staticmethod
    def engine_available() -> bool:
        try:
            from brikwars_gui.engine.session import Game  # noqa: F401
        except ImportError:
            return False
        return True

    @staticmethod
    def _ai_module():
        try:
            from brikwars_gui.engine import ai
        except ImportError:
            return None
        return ai

    measure = staticmethod(measure)
    run_forecast = staticmethod(run_forecast)

    # -- properties --------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.scenario is not None

    @property
    def has_game(self) -> bool:
        """A battle is loaded in the engine (running or over)."""
        return self.game is not None

    @property
    def game_over(self) -> bool:
        return self.game is not None and bool(self.game.over)

    @property
    def round(self) -> int:
        return self.game.round if self.game is not None else (1 if self.scenario else 0)

    @property
    def active_player(self) -> str | None:
        if self.game is not None:
            return self.game.active_player
        if self.scenario is None:
            return None
        order = list(self.scenario.turn_order) or [p.id for p in self.scenario.players]
        return order[0] if order else None

    def turn_order(self) -> list[str]:
        """The sides' order in the battle now (a ruleset may change it between rounds, R-NP-9)."""
        if self.game is not None:
            return list(self.game.state.turn_order)
        return list(self.scenario.effective_turn_order()) if self.scenario else []

    def is_ai(self, player_id: str | None) -> bool:
        if self.game is None or not player_id:
            return False
        try:
            return self.game.state.player(player_id).controller == "ai"
        except StopIteration:
            return False

    @property
    def is_human_turn(self) -> bool:
        return self.game is not None and not self.game.over and not self.is_ai(self.game.active_player)

    @property
    def orders_enabled(self) -> bool:
        return self.is_human_turn and self.view_index is None and not self._ai_running and not self._busy

    @property
    def can_end_turn(self) -> bool:
        """A human's turn with orders allowed, or a stalled AI turn (End Turn retries it)."""
        return self.orders_enabled or (self.ai_stalled and self.view_index is None and not self._busy)

    @property
    def ai_stalled(self) -> bool:
        """The AI's end of turn failed (an engine error): the battle waits until End Turn or Skip
        tries again, instead of greying both out for good."""
        game = self.game
        return (
            game is not None
            and not game.over
            and self._ai_stall == (id(game), game.round, game.active_player)
            and not self._ai_running
        )

    @property
    def ai_running(self) -> bool:
        return self._ai_running

    @property
    def order_count(self) -> int:
        return sum(1 for e in self.game.events if e.kind == "order") if self.game else 0

    # -- starting ----------------------------------------------------------------------------------
    def _make_dice(self) -> SessionDice:
        return SessionDice(self.seed if self.seed is not None else 0, self.script)

    def start(
        self,
        scenario: Scenario,
        seed: int | None = None,
        *,
        script: Iterable[int] | None = None,
        max_rounds: int | None = None,
    ) -> None:
        """A new battle on `scenario` (seed recorded; random when None)."""
        self._stop_ai()
        self.always_default.clear()
        self._given = []
        self.scenario = scenario
        self.seed = random_seed() if seed is None else int(seed)
        self.script = list(script or [])
        self.max_rounds = max_rounds
        self.view_index = None
        self.prefix_checkpoint = None
        if not self.engine_available():  # pragma: no cover - the engine is part of the package
            self.game = None
            self.sessionStarted.emit()
            return
        from brikwars_gui.engine.session import Game

        self.dice = self._make_dice()
        self.log, self._entries = [], []
        self._joined_names = {}
        self._log_viewer = None
        self._log_turn = (1, "")
        self._ai_turn = None
        self._ai_players, self.ai_notes, self._ai_note = {}, {}, None
        self.game = Game.from_scenario(
            scenario,
            dice=self.dice,
            policy=_UIPolicy(self),
            listener=self._on_event,
            max_rounds=max_rounds,
            start=False,  # its first events are logged with this game's state (who saw them)
        )
        self.game.start()
        log.info("battle %r started, seed %s", scenario.name, self.seed)
        self._after_install()

    def replay_saved(self, saved: Any, progress: Callable[[int, int], bool] | None = None) -> Any:
        """Build (not install) the game of a SavedGame; raises when its orders do not replay.

        `progress(done, total)` is called before each order; returning False cancels the replay,
        and then None is returned."""
        from brikwars_gui.engine.session import Game, ReplayCancelled
        from brikwars_gui.engine.state import GameState

        seed = saved.seed if saved.seed is not None else 0
        try:
            built = self._from_checkpoint(saved, seed, progress)
        except ReplayCancelled:
            return None
        if built is not None:
            return built
        dice = SessionDice(seed, list(saved.dice_script or []))
        state = GameState.from_scenario(saved.scenario)
        seen_by: list[frozenset[str]] = []  # who witnessed each event, asked as it replays
        try:
            game = Game.from_events(
                saved.scenario,
                saved.events,
                dice,
                policy=_UIPolicy(self),
                max_rounds=saved.max_rounds,
                progress=progress,
                state=state,
                listener=_witnesses(saved, state, seen_by),
            )
        except ReplayCancelled:
            return None
        game.policy = _UIPolicy(self)
        game.listener = None
        return game, dice, seen_by

    def _from_checkpoint(self, saved: Any, seed: int, progress: Callable[[int, int], bool] | None) -> Any:
        """`replay_saved`'s result from the file's checkpoint (engine/checkpoint.py), with the
        orders after it replayed when it stands for the first ones only (the autosave's), or None
        when it has none, it does not match its orders and this code, or anything fails (then
        every order replays). A cancel (`progress`) raises `ReplayCancelled`."""
        from brikwars_gui.engine.checkpoint import CheckpointError, restore_saved
        from brikwars_gui.engine.session import ReplayCancelled

        if saved.checkpoint is None:
            return None
        dice = SessionDice(seed, list(saved.dice_script or []))
        try:
            game, seen_by, rest = restore_saved(
                saved, dice, policy=_UIPolicy(self), max_rounds=saved.max_rounds
            )
            if not isinstance(seen_by, list) or len(seen_by) != len(game.events):
                log.info("the checkpoint has no audience for each event: the orders are replayed")
                return None
            seen_by = list(seen_by)
            if rest:  # the orders journaled after it: who witnessed each, asked as they replay
                game.listener = _witnesses(saved, game.state, seen_by)
                game.play_on(rest, progress)
                game.listener = None
                game.policy = _UIPolicy(self)
        except CheckpointError as exc:
            log.info("the saved game's checkpoint is not used (%s): its orders are replayed", exc)
            return None
        except ReplayCancelled:
            raise
        except Exception:  # a fault building from it: the orders still decide what the game is
            log.exception("the saved game's checkpoint could not be installed: its orders are replayed")
            return None
        covered = len(saved.events) - len(rest)
        self._built_from = (game, saved.checkpoint.model_copy(update={"events": covered}))
        return game, dice, seen_by

    def start_saved(self, saved: Any, built: tuple[Any, Any] | None = None) -> None:
        """Resume a saved game (replaying its orders); raises and keeps nothing changed on failure."""
        game, dice, seen_by = built if built is not None else self.replay_saved(saved)
        self._stop_ai()
        self.always_default.clear()
        self._given = []
        self.scenario = saved.scenario
        self.seed, self.script = saved.seed, list(saved.dice_script or [])
        self.max_rounds = saved.max_rounds
        built_from, self._built_from = self._built_from, None
        self.prefix_checkpoint = built_from[1] if built_from is not None and built_from[0] is game else None
        self._install(game, dice, seen_by)

    def _install(self, game: Any, dice: SessionDice, seen_by: list[frozenset[str] | None]) -> None:
        """`seen_by`: who witnessed each of the game's events when it happened (recorded while a
        saved game replayed, or kept from before an undo), so the log reads as it did live."""
        self.game, self.dice = game, dice
        self.view_index = None
        game.listener = self._on_event
        self._log_turn = (1, "")
        self._ai_turn = None
        self._ai_players, self.ai_notes, self._ai_note = {}, {}, None
        self._joined_names = {}
        self._entries = [self._entry(e, seen) for e, seen in zip(game.events, seen_by, strict=True)]
        self._log_viewer = self.viewer_team()
        self.log = self._viewer_log()
        self._after_install()

    def _after_install(self) -> None:
        self._snapshot_hazards.clear()
        self._live_views.clear()  # views of the game before (an undo keeps the unit ids)
        self._units_sig = dict.fromkeys(self._units_sig, ())  # units gone since are flushed out
        self._objects_sig.clear()
        self._hazard_sig = ()
        self._turn_key = None
        self.sessionStarted.emit()
        self.logReset.emit()
        self._flush(force=True)
        self._after_order()

    def stop(self) -> None:
        self._stop_ai()
        self.scenario = None
        self.game = None
        self.view_index = None
        self._live_views.clear()
        self.sessionStopped.emit()
        self.canEndTurnChanged.emit(False)
        self.ordersEnabledChanged.emit(False)

    # -- events ------------------------------------------------------------------------------------
    def _entry(self, event: Any, seen_by: frozenset[str] | None) -> LogEntry:
        """The log line of `event` (numbered when it is shown: `_viewer_log`); its words and dice
        are made when first read (`LogEntry`), but an SN line now: it names the state's Effects."""
        if event.kind == "unit_joined":
            self._joined_names[event.unit] = event.name
        try:
            text = self._sn_text(event)
        except Exception:  # a describe() bug must not break the log
            log.exception("describing a %s event failed", event.kind)
            text = f"{event.kind}: {event.to_dict()}"
        if event.kind == "turn_started":
            self._log_turn = (int(getattr(event, "round", 1)), str(getattr(event, "player", "")))
        note = ""
        pending = self._ai_note
        if pending is not None and event.kind == "order" and getattr(event, "unit", None) == pending[0]:
            note, self._ai_note = pending[1], None  # the tactical AI says why (docs/ai.md)
        return LogEntry(
            0,
            self._log_turn[0],
            self._log_turn[1],
            event.kind,
            text,
            units=tuple(getattr(event, "units", ()) or ()),
            note=note,
            seen_by=seen_by,
            event=event,
        )

    def _audience(self, event: Any) -> frozenset[str] | None:
        """The human sides that witness `event` now (None when no human plays: all is shown)."""
        from brikwars_gui.engine.visibility import event_audience

        state = self.game.state
        humans = [p for p in state.turn_order if state.player(p).controller == "human"]
        return event_audience(state, humans, event) if humans else None

    def _viewer_log(self) -> list[LogEntry]:
        """The entries the viewing player's side witnessed, numbered 0, 1, ... for that player."""
        team = self._log_viewer
        shown = [e for e in self._entries if team is None or e.seen_by is None or team in e.seen_by]
        return [e.numbered(i) for i, e in enumerate(shown)]

    def _sync_log_viewer(self) -> None:
        """Hot-seat: another human now views the board: the log becomes that player's."""
        team = self.viewer_team()
        if team != self._log_viewer:
            self._log_viewer = team
            self.log = self._viewer_log()
            self.logReset.emit()

    def _on_event(self, event: Any) -> None:
        if event.kind == "turn_ended":
            self._turn_completed = True
        entry = self._entry(event, self._audience(event))
        self._sync_log_viewer()  # a new turn may hand the board to another human (hot-seat)
        self._entries.append(entry)
        team = self._log_viewer
        if team is not None and entry.seen_by is not None and team not in entry.seen_by:
            return  # G-16, fog: what the viewing side did not witness is not in its log
        entry = entry.numbered(len(self.log))
        self.log.append(entry)
        self.eventAdded.emit(entry)
        self.eventLogged.emit(entry.text, entry.detail)
        if self._busy and not self.moves_instant and self.view_index is None:
            result = self._sn_result(event) or map_result(event, self._position_of)
            if result is not None:
                self.mapResult.emit(result)
        if event.kind == "unit_moved" and self._busy and not self.moves_instant:
            path = [(int(c[0]), int(c[1])) for c in (getattr(event, "path", None) or ())]
            if path:
                self.unitMoved.emit(str(event.unit), path)

    def _sn_text(self, event: Any) -> str | None:
        """An SN event in the log's words, with names (`supernatural.sn_log_text`)."""
        state = self.game.state
        if not state.sn.active:
            return None
        players = {p.id: p.name for p in state.players}
        objects = {o.id: o.name for o in self.scenario.objects} if self.scenario is not None else {}
        return sn_log_text(event, {**objects, **self.unit_names()}, players, state.sn)  # a 4pion's fire

    def _sn_result(self, event: Any) -> MapResult | None:
        state = self.game.state
        found = sn_map_result(event, state.sn) if state.sn.active else None
        if found is None:
            return None
        area = self.sn_effect_area(event.effect) if event.kind == "effect_landed" else ()
        return MapResult(*found, area=area)

    # Below this AI step interval (ms) the AI's moves are shown without animation.
    FAST_AI_MS = 200

    @property
    def moves_instant(self) -> bool:
        """Whether moves now should jump rather than slide: Skip is playing the AI's orders, or an
        AI player moves at high speed (step interval under FAST_AI_MS)."""
        if self._skipping:
            return True
        game = self.game
        fast = self.ai_interval < self.FAST_AI_MS
        return bool(game is not None and fast and self.is_ai(game.active_player))

    def _position_of(self, item_id: str) -> Cell | None:
        state = self.game.state
        unit = state.units.get(item_id)
        if unit is not None:
            return (int(unit.pos[0]), int(unit.pos[1]))
        obj = state.objects.get(item_id)
        cells = list(obj.cells) if obj is not None else []
        return (int(cells[0][0]), int(cells[0][1])) if cells else None

    # -- diffing: tell the views only what changed -------------------------------------------------
    @staticmethod
    def _unit_sig(u: Any) -> tuple:
        return (
            u.pos,
            u.facing,
            u.alive,
            u.disrupted,
            u.recovering,
            u.stopped,
            u.move_spent,
            u.bonus_move,
            u.action_used,
            u.saved_action,
            u.done,
            u.fire_size,
            u.heavy_armor,
            u.carrying_heavy,
            # what SN Effects change (R-SN-29/30/36/40, R-DICE-10): the card and the badges follow
            u.skill,
            u.armor,
            u.move,
            u.blessings,
            u.curses,
            u.flight,
            u.minds,
            u.minds_used,
            # the Turn table and the card keep a unit's view until this signature changes (issue 26),
            # so it holds everything they show: a ruleset's pools (D6 wounds, Character and Fate
            # Points; Nine Powers Stamina), what wounds, shedding, Marks and SN change, the weapons
            tuple(sorted(u.pools.items())),
            u.size,
            u.weight,
            u.body_armor,
            u.armor_shed,
            u.power,
            u.sprinting,
            u.full_round,
            u.grinding,
            u.marked,
            u.hidden,
            u.deflection,
            u.sn_roll_bonus,
            tuple((w.name, w.use, w.range, w.damage, w.damage_type, w.burning, w.spent) for w in u.weapons),
        )

    def _hazard_signature(self) -> tuple:
        st = self.game.state
        fires = tuple(
            (
                f.id,
                f.size,
                f.fire_type,
                tuple(f.cells),
                st.units[f.target].pos if f.target in st.units else None,
            )
            for f in st.fires.values()
        )
        fields = tuple((f.id, len(f.triggered), hash(f.mask.tobytes())) for f in st.fields.values())
        return fires, fields

    def _flush(self, *, force: bool = False) -> None:
        """After an order (or an AI step): emit updates for the units/objects/hazards that changed."""
        game = self.game
        if game is None:
            return
        self._flush_views(force=force)
        key = (game.round, game.active_player)
        if key != self._turn_key:
            self._turn_key = key
            self.turnChanged.emit(game.round, game.active_player)
        if self._turn_completed:
            self._turn_completed = False
            self.turnCompleted.emit()

    def _flush_views(self, *, force: bool = False) -> None:
        """Emit updates for the units/objects/hazards that changed; also mid-order, before a
        Response prompt, so the map shows the move that caused the question."""
        game = self.game
        units = game.state.units
        for uid in [uid for uid in self._units_sig if uid not in units]:
            del self._units_sig[uid]  # it left the battle (rules/roster.py): its token goes
            if self.view_index is None:
                self.unitUpdated.emit(uid)
        dice: dict[str, tuple] = {}  # SN die states per holder: the chips change (R-SN-9/12)
        sn = game.state.sn
        if sn.active:
            for t in sn.talismans.values():
                dice[t.holder] = (*dice.get(t.holder, ()), t.status)
            for e in sn.effects.values():
                dice[e.caster] = (*dice.get(e.caster, ()), e.id, e.ended)
        changed = []
        for uid, u in units.items():
            sig = (self._unit_sig(u), self.hidden_from_viewer(uid), dice.get(uid))  # fog: seen or not
            if force or self._units_sig.get(uid) != sig:
                self._units_sig[uid] = sig
                changed.append(uid)
        if self.view_index is None:
            self._flushed = {uid: self._units_sig[uid] for uid in changed}
            try:
                if force:
                    self.unitsReset.emit()  # issue 26: the views refresh every unit once, in bulk
                else:
                    for uid in changed:
                        self.unitUpdated.emit(uid)
            finally:
                self._flushed = {}
        for oid, o in game.state.objects.items():
            sig = (o.destroyed, o.effective_size)
            if force or self._objects_sig.get(oid) != sig:
                self._objects_sig[oid] = sig
                if self.view_index is None:
                    self.objectUpdated.emit(oid)
        hsig = self._hazard_signature()
        if force or hsig != self._hazard_sig:
            self._hazard_sig = hsig
            if self.view_index is None:
                self.hazardsChanged.emit()

    def _after_order(self) -> None:
        game = self.game
        if game is None:
            return
        if game.over:
            self._stop_ai()
            self.gameOver.emit(game.winner or "")
        elif self.is_ai(game.active_player) and self.view_index is None and not self.ai_stalled:
            self._start_ai()
        self._emit_enabled()

    def _emit_enabled(self) -> None:
        self.canEndTurnChanged.emit(self.can_end_turn)
        self.ordersEnabledChanged.emit(self.orders_enabled)

    # -- running engine calls ----------------------------------------------------------------------
    def _run(self, fn: Callable[[], Any], what: str) -> bool:
        """Run engine calls; IllegalOrder → orderRejected; anything else → engineError."""
        from brikwars_gui.engine.rules.common import IllegalOrder

        game = self.game
        events_before = len(game.events)
        self._busy = True
        try:
            fn()
        except IllegalOrder as exc:
            self._recover_after_failure()
            self.orderRejected.emit(str(exc))
            return False
        except Exception as exc:
            log.exception("engine error during %s (seed %s, %d orders)", what, self.seed, self.order_count)
            self._recover_after_failure()
            self.engineError.emit(f"{what}: {type(exc).__name__}: {exc}")
            return False
        finally:
            self._busy = False
            self.last_step_events = len(game.events) - events_before
            self.ordersCommitted.emit()  # the orders that stood, also before a failed one of an AI step
        return True

    def _recover_after_failure(self) -> None:
        """The engine has restored the pre-order state, events and dice; drop the entries of the
        events it took back (the entries follow the event list one to one)."""
        kept = len(self.game.events)
        if len(self._entries) > kept:
            del self._entries[kept:]
            self.log = self._viewer_log()
            self.logReset.emit()
        self._turn_completed = False
        self._flush()

    def _order(self, fn: Callable[[], Any], what: str, *, anytime: bool = False) -> bool:
        """Run a player's order; `anytime`: one allowed out of its side's turn (R-SN-13), also
        between an AI side's unit steps."""
        if self.game is None:
            return False
        if not self.orders_enabled and not anytime:
            self.orderRejected.emit(
                "viewing an earlier turn: go back to live first"
                if self.view_index is not None
                else "not your turn"
            )
            return False
        ok = self._run(fn, what)
        if ok:
            self._flush()
            self._after_order()
        return ok


def _witnesses(saved: Any, state: Any, seen_by: list) -> Callable[[Any], None]:
    """A replay's listener noting which human sides witness each event as it is made (the log's
    `seen_by`), for a full replay and for the orders replayed after a checkpoint alike."""
    from brikwars_gui.engine.visibility import event_audience

    humans = [p.id for p in saved.scenario.players if p.controller == "human"]
    return lambda event: seen_by.append(event_audience(state, humans, event))
