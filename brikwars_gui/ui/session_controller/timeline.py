"""The timeline (read-only snapshots of earlier turns) and the battle as it stands: saved game,
position to forecast from, frames for the GIF export."""

from __future__ import annotations

from typing import Any

from brikwars_gui.scenario.models import Scenario
from brikwars_gui.scenario.savegame import REPLAY_KINDS
from brikwars_gui.ui.session_controller.log_entries import _replay_kinds


class TimelineMixin:
    """Viewing earlier turns, and exporting the battle (saved game, position, frames)."""

    # -- timeline ----------------------------------------------------------------------------------
    @property
    def snapshot_count(self) -> int:
        return len(self.game.snapshots) if self.game is not None else 0

    def snapshot_turn(self, index: int) -> tuple[int, str]:
        """(round, active player) of a timeline snapshot."""
        round_, player = self.game.snapshots.turn(index)  # without building the whole picture
        return int(round_ or 1), str(player or "")

    def snapshot_label(self, index: int) -> str:
        round_, player = self.game.snapshots.turn(index)
        names = {p.id: p.name for p in self.scenario.players} if self.scenario else {}
        return f"Round {round_}: {names.get(player, player)}"

    def show_snapshot(self, index: int | None) -> None:
        if self.game is None or self._busy:  # not while an order waits for a Response
            return
        if index is not None:
            index = max(0, min(int(index), self.snapshot_count - 1))
        if index == self.view_index:
            return
        self.view_index = index
        self._live_views.clear()
        if index is not None:
            self._ai_timer.stop()
        self.viewChanged.emit()
        self._emit_enabled()
        if index is None:
            self._after_order()

    def show_live(self) -> None:
        self.show_snapshot(None)

    # -- saved games and positions -----------------------------------------------------------------
    @property
    def can_forecast_here(self) -> bool:
        return self.game is not None and not self.game.over

    def position_scenario(self) -> Scenario | None:
        """The battle as it stands as a scenario (`engine.export.scenario_from_state`), for pictures."""
        if self.game is None or self.scenario is None:
            return None
        from brikwars_gui.engine.export import scenario_from_state

        return scenario_from_state(self.game.state, self.scenario)

    def position(self) -> Any:
        """A copy of the live battle's state to forecast from (None: no battle, or it is over)."""
        if self.game is None or self.game.over:
            return None
        return self.game.state.copy()

    def battle_frames(self) -> list[Any]:
        """The battle so far as timeline frames (`engine.timeline.replay_frames`, replayed from the
        orders with the game's seed): one per player turn, plus the position now."""
        from brikwars_gui.engine.timeline import replay_frames

        return replay_frames(self.saved_game())

    def event_count(self) -> int:
        """How many events the game has logged (0 without a game): where a journal starts."""
        return 0 if self.game is None else len(self.game.events)

    def replay_events_from(self, start: int) -> tuple[list[dict[str, Any]], int]:
        """The orders and decisions among the game's events from index `start` on, and how many
        events the game has: what the write-ahead journal appends after each engine call."""
        if self.game is None:
            return [], 0
        events = self.game.events
        return _replay_kinds(events[start:]), len(events)

    def saved_game(self, *, checkpoint: bool = False):
        """The running game as a SavedGame; with `checkpoint`, also the game as it stands now
        (`engine/checkpoint.py`: opening it later installs that instead of replaying the orders),
        with who witnessed each event, so the log reads the same."""
        from brikwars_gui import __version__
        from brikwars_gui.engine.checkpoint import with_checkpoint
        from brikwars_gui.scenario.savegame import SavedGame

        if self.game is None or self.scenario is None:
            raise ValueError("no game is running")
        saved = SavedGame(
            engine_version=__version__,
            scenario=self.scenario,
            seed=self.seed,
            dice_script=list(self.script) or None,
            max_rounds=self.max_rounds,
            events=_replay_kinds(self.game.events),
            round=self.game.round,
            active_player=self.game.active_player,
        )
        if not checkpoint:
            return saved
        return with_checkpoint(saved, self.game, [entry.seen_by for entry in self._entries])

    @property
    def between_orders(self) -> bool:
        """Whether the game stands between two engine calls: no order under way (none waiting for
        a Response answer either) and no end of turn waiting for its autosave. The game's state,
        events and dice then belong together: a moment a checkpoint may be taken."""
        from brikwars_gui.engine import journal

        return (
            self.game is not None and not self._busy and journal.active() is None and not self._turn_completed
        )

    def track_journal(self, saved: Any) -> None:
        """The write-ahead journal began again from `saved` (`saved_game()` just now; None: no
        journal): a running digest of its events is kept (`engine.checkpoint.EventsDigest`), fed
        with the orders and decisions journaled after it (`journaled`), so a checkpoint within a
        turn (`make_mid_turn_checkpoint`) is keyed without keeping or rebuilding the events."""
        from brikwars_gui.engine.checkpoint import EventsDigest

        self._journal_base = saved
        self._journal_digest = None if saved is None else EventsDigest(saved.events)
        self._journal_last = saved.events[-1] if saved is not None and saved.events else None

    def journaled(self, events: list[dict[str, Any]]) -> None:
        """The orders and decisions just appended to the journal (`replay_events_from`'s)."""
        if self._journal_digest is not None and events:
            self._journal_digest.add(events)
            self._journal_last = events[-1]

    def make_mid_turn_checkpoint(self) -> Any:
        """A checkpoint of the game as it stands, keyed by the journal's events (`track_journal`),
        saying how many it stands for; kept as `prefix_checkpoint`. None when no journal is
        tracked, the game is not between two orders, or the journaled events are not the game's
        (as many orders and decisions, the last one the same): then none is taken."""
        from brikwars_gui.engine.checkpoint import make_checkpoint

        digest = self._journal_digest
        if digest is None or not self.between_orders:
            return None
        kinds = set(REPLAY_KINDS)
        mine = [e for e in self.game.events if e.kind in kinds]
        if len(mine) != digest.count or (mine and mine[-1].to_dict() != self._journal_last):
            return None
        extra = [entry.seen_by for entry in self._entries]
        made = make_checkpoint(self._journal_base, self.game, extra, digest=digest)
        if made is not None:
            self.prefix_checkpoint = made
        return made

    def make_prefix_checkpoint(self, saved: Any) -> Any:
        """A checkpoint of the game as it stands, whose orders are `saved`'s (`saved_game()` just
        now), saying how many events it stands for: the autosave keeps it while the journal
        appends the orders after it (issue 26). Kept as `prefix_checkpoint`; None if it cannot be."""
        from brikwars_gui.engine.checkpoint import make_checkpoint

        if not self.between_orders:
            return None
        made = make_checkpoint(saved, self.game, [entry.seen_by for entry in self._entries], prefix=True)
        if made is not None:
            self.prefix_checkpoint = made
        return made
