"""Scenario and saved-game files: New/Open/Save, Recent Files (autosave and recovery: recovery.py)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from brikwars_gui.scenario.savegame import is_saved_game_file, load_saved_game, save_saved_game
from brikwars_gui.ui.collector import collector_paused
from brikwars_gui.ui.document import empty_scenario
from brikwars_gui.ui.file_folders import remember, start_in
from brikwars_gui.ui.panels import NewFieldDialog
from brikwars_gui.ui.replay_progress import replay_with_progress
from brikwars_gui.ui.scenario_io import ScenarioError, load_scenario, save_scenario

log = logging.getLogger("brikwars_gui.window")

MAX_RECENT = 8
FILE_FILTER = "BrikWars scenarios and saved games (*.json);;All files (*)"
GAME_FILTER = "BrikWars saved games (*.json);;All files (*)"


def disk_stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells a file changed on disk: modification time, size and inode (an atomic save by
    another process replaces the inode); None when it is not there."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size, info.st_ino


class FilesMixin:
    """File handling; every path that could lose the user's work asks first (maybe_save,
    maybe_leave_game, or maybe_drop_work for both), and so does a save over a file another
    process changed since this window opened or last saved it (issue 26)."""

    def _init_disk_stamps(self) -> None:
        self._disk_stamps: dict[Path, tuple[int, int, int] | None] = {}
        self.ask_overwrite_changed = self._ask_overwrite_changed_dialog
        """A file changed on disk since it was opened or saved here: overwrite it? Tests replace it."""
        self.doc.pathChanged.connect(lambda: self.doc.path and self._note_on_disk(self.doc.path))
        if self.doc.path:
            self._note_on_disk(self.doc.path)

    def _note_on_disk(self, path: Path) -> None:
        """`path` as this window read or wrote it."""
        self._disk_stamps[Path(path).resolve()] = disk_stamp(path)

    def _may_overwrite(self, path: Path) -> bool:
        """False when `path` changed on disk since this window read or wrote it and the user
        does not want it overwritten (another window or program saved it meanwhile)."""
        key = Path(path).resolve()
        if key not in self._disk_stamps:
            return True
        now = disk_stamp(path)
        if now is None or now == self._disk_stamps[key]:
            return True
        return bool(self.ask_overwrite_changed(Path(path)))

    def _ask_overwrite_changed_dialog(self, path: Path) -> bool:
        answer = QMessageBox.warning(
            self,
            "File changed on disk",
            f"{path.name} was changed on disk since you opened or last saved it here (another window "
            "or program saved it).\n\nOverwrite it with your version?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Save

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles") or []
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value]

    def _add_recent(self, path: Path) -> None:
        text = str(Path(path).resolve())
        files = [text, *(f for f in self.recent_files() if f != text)][:MAX_RECENT]
        self.settings.setValue("recentFiles", files)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for f in files:
            self.recent_menu.addAction(Path(f).name, lambda p=f: self.open_file(p)).setToolTip(f)
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear List", lambda: self.settings.setValue("recentFiles", []))

    @property
    def game_modified(self) -> bool:
        """Orders given (by anyone) since the game was started, resumed or saved by the user."""
        c = self.controller
        return self.play_mode and c.has_game and c.order_count != self._game_saved_orders

    def _save_question(self, title: str, text: str, question: str, save: str | None = None) -> str:
        """A Save / Discard / Cancel box: "save", "discard" or "cancel" (Esc, closing the box)."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(title)
        box.setText(text)
        box.setInformativeText(question)
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        if save:
            box.button(QMessageBox.StandardButton.Save).setText(save)
        answer = box.exec()
        return {
            QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard",
        }.get(QMessageBox.StandardButton(answer), "cancel")

    def _ask_leave_game_dialog(self) -> str:
        return self._save_question(
            "Leave the battle?",
            "The battle in progress has orders that are not saved.",
            "Save the game before leaving it?",
            "Save Game…",
        )

    def _ask_unsaved_work_dialog(self) -> str:
        return self._save_question(
            "Unsaved battle and scenario",
            "Two things are not saved:\n"
            "• the battle in progress (its orders since the last save)\n"
            f"• the scenario “{self.doc.scenario.name}” (edits made before Play)",
            "Save keeps both (the game, then the scenario); Discard drops both.",
            "Save Both…",
        )

    def maybe_drop_work(self) -> bool:
        """Before File ▸ New, File ▸ Open or quitting: True when the battle and the scenario may be
        dropped. With both unsaved it asks once (it used to ask "Leave the battle?" and then
        "Unsaved changes"); Save saves the game then the scenario, and a save that is cancelled or
        fails keeps everything open. The AI players wait while it asks (`ai_paused`)."""
        with self.controller.ai_paused():
            if not self.game_modified:
                return self.maybe_save()
            if not self.doc.modified:
                return self.maybe_leave_game()
            answer = self.ask_unsaved_work()
            if answer != "save":
                return answer == "discard"
            saved = self.save_game_as(self.game_path) if self.game_path else self.save_game_as()
            return saved and self.save_scenario()

    def maybe_leave_game(self) -> bool:
        """True when it is fine to throw the running game away (saved, discarded or unchanged);
        the AI players wait while it asks (`ai_paused`)."""
        if not self.game_modified:
            return True
        with self.controller.ai_paused():
            answer = self.ask_leave_game()
            if answer == "save":
                return self.save_game_as(self.game_path) if self.game_path else self.save_game_as()
            return answer == "discard"

    def save_game_as(self, path: str | Path | None = None) -> bool:
        if not self.controller.has_game:
            return False
        if path is None:
            start = str(self.game_path or start_in(self, f"{self.doc.scenario.name} (game).json"))
            path, _ = QFileDialog.getSaveFileName(self, "Save game as", start, GAME_FILTER)
            if not path:
                return False
            remember(self, path)
        path = Path(path)
        if not self._may_overwrite(path):
            return False
        try:
            save_saved_game(self.controller.saved_game(checkpoint=True), path)
        except (ScenarioError, OSError, ValueError) as exc:
            messages = getattr(exc, "messages", None) or [str(exc)]
            QMessageBox.critical(self, "Cannot save game", f"{path.name}:\n\n" + "\n".join(messages))
            return False
        self.game_path = path
        self._note_on_disk(path)
        self._game_saved_orders = self.controller.order_count
        self._add_recent(path)
        self.statusBar().showMessage(f"Saved game {path}", 4000)
        return True

    def open_saved_game(self, path: str | Path, *, remember: bool = True) -> bool:
        """Resume a saved game; a bad file or a failed replay shows the messages and keeps the game.

        `remember=False` (the recovery autosave): the game gets no file of its own (Save asks where)
        and no Recent Files entry."""
        path = Path(path)
        with collector_paused():  # what the open builds stays: no full collections (issue 26)
            opened = self._open_saved_game(path, remember)
        if isinstance(opened, str):  # shown once the collector runs again (a modal dialog waits)
            QMessageBox.critical(self, "Cannot open saved game", opened)
            return False
        return opened

    def _open_saved_game(self, path: Path, remember: bool) -> bool | str:
        """`open_saved_game`; the message to show when the file cannot be opened."""
        try:
            saved = load_saved_game(path)
            built = replay_with_progress(self, self.controller, saved, path.name)
        except ScenarioError as exc:
            return f"{path.name} could not be opened:\n\n" + "\n".join(exc.messages)
        except Exception as exc:
            log.exception("saved game %s does not replay", path)
            return f"{path.name}: its orders do not replay:\n\n{exc}"
        if built is None:  # cancelled: the open game stays
            return False
        if self.play_mode:
            self.set_play_mode(False)
        self.scene.tokens_from_play = True  # made once, from the game opened (issue 26)
        self.doc.reset(saved.scenario, None)
        self.set_play_mode(True, saved=(saved, built))
        if remember:
            self.game_path = path
            self._note_on_disk(path)
            self._add_recent(path)
        else:
            self.game_path = None
        return True

    def _ask_unsaved_dialog(self) -> str:
        return self._save_question(
            "Unsaved changes",
            f"“{self.doc.scenario.name}” has unsaved changes.",
            "Save them before continuing?",
        )

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document (saved, discarded or clean)."""
        if not self.doc.modified:
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save_scenario()
        return answer == "discard"

    def new_document(self) -> bool:
        if not self.maybe_drop_work():
            return False
        size = self.ask_new_size()
        if size is None:
            return False
        if self.play_mode:
            self.set_play_mode(False)
        self.doc.reset(empty_scenario(*size), None)
        self.view.fit()
        return True

    def _new_size_dialog(self) -> tuple[int, int] | None:
        dialog = NewFieldDialog(self)
        return dialog.field_size() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def open_file(self, path: str | Path | None = None) -> bool:
        if not self.maybe_drop_work():
            return False
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open scenario", start_in(self), FILE_FILTER)
            if not path:
                return False
            remember(self, path)
        path = Path(path)
        if is_saved_game_file(path):
            return self.open_saved_game(path)
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            QMessageBox.critical(
                self,
                "Cannot open scenario",
                f"{path.name} could not be opened:\n\n" + "\n".join(exc.messages),
            )
            return False
        if self.play_mode:
            self.set_play_mode(False)
        self.doc.reset(scenario, path)
        self._add_recent(path)
        return True

    def save(self) -> bool:
        """Ctrl+S: the game in Play mode, the scenario in Edit mode."""
        if self.play_mode and self.controller.has_game:
            return self.save_game_as(self.game_path) if self.game_path else self.save_game_as()
        return self.save_scenario()

    def save_scenario(self) -> bool:
        """The scenario (the document), in either mode: to its file, or asks where."""
        if self.doc.path is None:
            return self.save_as()
        return self._write(self.doc.path)

    def save_as(self, path: str | Path | None = None) -> bool:
        if path is None:
            start = str(self.doc.path) if self.doc.path else start_in(self, f"{self.doc.scenario.name}.json")
            path, _ = QFileDialog.getSaveFileName(self, "Save scenario as", start, FILE_FILTER)
            if not path:
                return False
            remember(self, path)
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        if not self._may_overwrite(path):
            return False
        try:
            save_scenario(self.doc.scenario, path)
        except (ScenarioError, OSError) as exc:
            messages = getattr(exc, "messages", None) or [str(exc)]
            QMessageBox.critical(self, "Cannot save scenario", f"{path.name}:\n\n" + "\n".join(messages))
            return False
        self.doc.undo_stack.setClean()
        self.doc.set_path(path)  # pathChanged: the file as written here is noted
        self._add_recent(path)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True
