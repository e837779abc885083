"""Work a user must never lose: battle and editor autosaves, recovery at startup, and warnings when
the data directory or the disk refuses them (issue 14, items 7-9; the store is ui/recovery.py).

* Every order and answered question of the battle is appended to a write-ahead journal as it is
  made (ui/write_ahead.py), and the whole battle is autosaved at every end of turn, with a
  checkpoint of the game as it stands then (engine/checkpoint.py), and within a long turn another
  one when it pays (ui/checkpoint_pacing.py), so a recovery replays only the orders journaled
  after the last checkpoint (issue 26); every edit of
  the editor document is appended to the editor's journal as what it changed when it is done
  (ui/editor_journal.py: a drag appends each step; only while there are unsaved changes), each
  into this instance's own recovery slot: a kill loses at most the order or edit in flight
  (issue 26).
* A failing autosave (full disk...) is shown in the status bar every time and in one warning until
  an autosave works again; it is retried at every chance.
* A data directory that cannot be used does not stop the app: it runs without autosave and says so
  once at startup.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

import shiboken6
from PySide6.QtWidgets import QMessageBox

from brikwars_gui.ui.checkpoint_pacing import CheckpointPacer
from brikwars_gui.ui.editor_journal import EditorJournal
from brikwars_gui.ui.recovery import (
    RecoveryStore,
    battle_summary,
    load_editor_autosave,
    read_in_flight,
    setup_logging,
)
from brikwars_gui.ui.scenario_io import ScenarioError
from brikwars_gui.ui.write_ahead import WriteAheadJournal

log = logging.getLogger("brikwars_gui.window")


class RecoveryMixin:
    def _init_recovery(self, data_dir: Path | None) -> None:
        """Open this instance's recovery slot (none without a data dir, or when it is unusable)."""
        self.recovery: RecoveryStore | None = None
        self.data_dir_problem: str | None = None
        self.warn = self._warning_dialog
        """Shows a warning (title, text); tests replace it."""
        self.ask_recover = self._ask_recover_dialog
        """Asked at startup when a gone instance left a battle autosave; tests replace it."""
        self.ask_recover_editor = self._ask_recover_editor_dialog
        """Asked at startup when a gone instance left unsaved scenario edits; tests replace it."""
        self._autosave_failing = False
        self.checkpoint_pacer = CheckpointPacer()
        """When a checkpoint is taken within a turn (ui/checkpoint_pacing.py); tests tune it."""
        if data_dir is None:
            return
        try:
            setup_logging(data_dir)
            self.recovery = RecoveryStore(data_dir)
        except OSError as exc:
            self.data_dir_problem = f"{data_dir}: {exc.strerror or exc}"
            log.warning("running without autosave: %s", self.data_dir_problem)
            return
        self.editor_journal = EditorJournal(self.recovery.editor_journal_path)
        self.editor_journal.watch(self.doc)
        self.doc.undo_stack.indexChanged.connect(self._edit_done)
        self.doc.modifiedChanged.connect(lambda modified: modified or self._clear_editor_autosave())
        self.journal = WriteAheadJournal(self.recovery.journal_path)
        self._journal_seen = 0
        self._journal_pending = 0  # events of the engine call under way written as pending (0: none)
        self.controller.sessionStarted.connect(self._journal_begin)
        self.controller.ordersCommitted.connect(self._journal_append)
        self.controller.answerGiven.connect(self._journal_answer)
        self.controller.sessionStopped.connect(lambda: self.journal.close(remove=True))

    def end_recovery(self) -> None:
        """A clean exit: no more autosaves; this instance's slot is removed."""
        if self.recovery is not None:
            self.journal.close()
            self.editor_journal.close()
            self.recovery.end_session()
            self.recovery = None

    # -- autosave ----------------------------------------------------------------------------

    def autosave(self) -> None:
        """The battle, at every end of turn, then a checkpoint of it: a kill between the two, or
        while the checkpoint is written, leaves the checkpoint before (atomic writes), which
        stands for fewer orders; the journal has them all."""
        if self.recovery is None or not self.controller.has_game:
            return
        try:
            saved = self.controller.saved_game()
            self.recovery.autosave(saved)
        except Exception as exc:
            log.exception("autosave failed")
            self._autosave_failed(exc)
            return
        self._autosave_works()
        self._keep_checkpoint(lambda: self.controller.make_prefix_checkpoint(saved))

    def _keep_checkpoint(self, make) -> None:
        """A checkpoint of the game as it stands (`make()`: None when none can be taken now),
        kept in the slot (atomically); its cost paces the mid-turn ones."""
        start = time.perf_counter()
        try:
            made = make()
            if made is not None:  # else the one kept before still stands for the orders it covers
                self.recovery.keep_checkpoint(made)
        except Exception:  # nothing is lost: a recovery replays more of the journaled orders
            log.exception("the autosave's checkpoint was not kept")
        self.checkpoint_pacer.restart(time.perf_counter() - start)

    def _journal_begin(self) -> None:
        """A battle started, resumed or undone: the journal starts over from it."""
        if self.recovery is None or not self.controller.has_game:
            return
        self.controller.track_journal(None)  # until the journal is on disk
        try:
            saved = self.controller.saved_game()
            self.journal.begin(saved)
            self.controller.track_journal(saved)
            self.checkpoint_pacer.restart()
            # the checkpoint the battle was opened from (or that an undo kept) stands for its first
            # orders: kept beside the journal until the next end of turn makes a newer one
            self.recovery.keep_checkpoint(self.controller.prefix_checkpoint)
        except Exception as exc:
            log.exception("journal failed")
            self._autosave_failed(exc)
            return
        self._journal_seen = self.controller.event_count()
        self._journal_pending = 0

    def _journal_append(self) -> None:
        """The orders (and answers) the last engine call made, on disk before anything else."""
        if self.recovery is None or not self.controller.has_game:
            return
        events, self._journal_seen = self.controller.replay_events_from(self._journal_seen)
        settled, self._journal_pending = bool(self._journal_pending), 0
        try:
            self.journal.append(events, settled=settled)
        except Exception as exc:
            log.exception("journal failed")
            self._autosave_failed(exc)
            self.controller.track_journal(None)  # the journal misses orders: no checkpoint of them
            return
        # a checkpoint within a long turn, when it pays (issue 26: a kill late in the turn then
        # replays only the orders after it)
        self.controller.journaled(events)
        self.checkpoint_pacer.add(sum(1 for e in events if e.get("kind") == "order"))
        if self.checkpoint_pacer.due() and self.controller.between_orders:
            self._keep_checkpoint(self.controller.make_mid_turn_checkpoint)

    def _journal_answer(self, decided: dict) -> None:
        """A human answered a question mid-order: the order so far and the answer, on disk before
        the order goes on (a kill now re-asks only the questions after it)."""
        if self.recovery is None or not self.controller.has_game:
            return
        start = max(self._journal_seen, self._journal_pending)
        events, count = self.controller.replay_events_from(start)
        self._journal_pending = count + 1  # the engine logs this answer next: written here already
        try:
            self.journal.append_pending([*events, decided])
        except Exception as exc:
            log.exception("journal failed")
            self._autosave_failed(exc)

    def _edit_done(self, _index: int) -> None:
        # the undo stack also signals while it is destroyed with the window: nothing to journal
        if shiboken6.isValid(self.doc.undo_stack):
            self.autosave_editor()

    def autosave_editor(self) -> None:
        """Journal the edit just done (on disk when this returns), while there are unsaved changes."""
        if self.recovery is None:
            return
        if not self.doc.modified:
            self._clear_editor_autosave()
            return
        try:
            self.editor_journal.record(self.doc.scenario, self.doc.terrain, self.doc.path)
        except Exception as exc:
            log.exception("editor autosave failed")
            self._autosave_failed(exc)
            return
        self._autosave_works()

    def _clear_editor_autosave(self) -> None:
        if self.recovery is not None:
            self.editor_journal.close()
            self.recovery.clear_editor()

    def _autosave_failed(self, exc: Exception) -> None:
        reason = getattr(exc, "strerror", None) or str(exc)
        self.statusBar().showMessage(f"Autosave failed: {reason}; retrying at the next chance", 15000)
        if self._autosave_failing:
            return
        self._autosave_failing = True
        self.warn(
            "Autosave failed",
            f"BrikWars could not autosave to {self.recovery.slot}:\n{reason}\n\n"
            "It keeps trying; until it works, save your work yourself, if need be to another disk.",
        )

    def _autosave_works(self) -> None:
        if self._autosave_failing:
            self._autosave_failing = False
            self.statusBar().showMessage("Autosave works again", 6000)

    # -- recovery at startup -----------------------------------------------------------------

    def offer_recovery(self) -> bool:
        """At startup: say when autosave is off; offer what instances that are gone left behind
        (their battle first; else their unsaved scenario edits). True when something was restored."""
        if self.data_dir_problem is not None:
            problem, self.data_dir_problem = self.data_dir_problem, None
            self.warn(
                "Autosave is off",
                f"The data folder cannot be used:\n{problem}\n\n"
                "BrikWars runs without autosave and crash recovery; save your work yourself.",
            )
        if self.recovery is None:
            return False
        battle = self.recovery.pending()
        if battle is not None:
            wanted = self.ask_recover(battle)
            restored = wanted and self.open_saved_game(battle, remember=False)
            in_flight = read_in_flight(battle) if restored else []
            self.recovery.forget(battle)
            if restored:
                if in_flight:  # the order a question was answered for when the app was killed
                    self.controller.resume_in_flight(in_flight)
                return True
        editor = self.recovery.pending_editor()
        if editor is not None:
            wanted = self.ask_recover_editor(editor)
            restored = wanted and self._restore_editor(editor)
            self.recovery.forget(editor)
            return restored
        return False

    def _restore_editor(self, path: Path) -> bool:
        try:
            scenario, original = load_editor_autosave(path)
        except ScenarioError as exc:
            self.warn("Cannot restore the scenario", "\n".join(exc.messages))
            return False
        if self.play_mode:
            self.set_play_mode(False)
        self.doc.reset(scenario, original)
        self.doc.undo_stack.resetClean()  # the restored edits are unsaved: closing asks
        return True

    def _ask_recover_dialog(self, path: Path) -> bool:
        what = battle_summary(path)
        answer = QMessageBox.question(
            self,
            "Recover the last battle?",
            "BrikWars did not exit cleanly last time. Resume the battle"
            + (f" {what}" if what else "")
            + " at its last order?",
        )
        return answer == QMessageBox.StandardButton.Yes

    def _ask_recover_editor_dialog(self, path: Path) -> bool:
        answer = QMessageBox.question(
            self,
            "Restore unsaved scenario edits?",
            "BrikWars did not exit cleanly last time and a scenario had unsaved edits. Restore them?",
        )
        return answer == QMessageBox.StandardButton.Yes

    def _warning_dialog(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)
