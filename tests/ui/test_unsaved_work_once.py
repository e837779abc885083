"""Issue 10 click-through: File ▸ Open, File ▸ New or quitting from a battle whose scenario was
also edited before Play asked twice ("Leave the battle?", then "Unsaved changes"). Now one question
names both; Save saves the game and the scenario, Discard drops both, Cancel keeps everything (and
a cancelled save keeps the open game)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.savegame import load_saved_game
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"
CHAPEL = SCENARIOS / "ruined_chapel.json"


def _edited_then_played(window: MainWindow, tmp_path: Path) -> list[str]:
    """Rename the scenario (an unsaved edit), play, give an order; every question is recorded."""
    scenario = tmp_path / "mine.json"
    scenario.write_text(SKIRMISH.read_text(encoding="utf-8"), encoding="utf-8")
    assert window.open_file(scenario)
    window.doc.set_attr("name", "Brick Creek, edited", "Rename scenario")
    window.set_play_mode(True, seed=6)
    c = window.controller
    reach = c.reachable("red-captain")
    assert c.order_move("red-captain", max(reach, key=lambda cell: (reach[cell], cell)))
    assert window.game_modified and window.doc.modified
    asked: list[str] = []
    window.ask_leave_game = lambda: asked.append("leave") or "cancel"
    window.ask_unsaved = lambda: asked.append("unsaved") or "cancel"
    return asked


@pytest.mark.parametrize("how", ["open", "new", "quit"])
def test_cancel_asks_once_and_keeps_the_battle_and_the_edits(window, tmp_path, how) -> None:
    asked = _edited_then_played(window, tmp_path)
    window.ask_unsaved_work = lambda: asked.append("both") or "cancel"
    window.ask_new_size = lambda: (24, 16)
    orders = window.controller.order_count
    done = {"open": lambda: window.open_file(CHAPEL), "new": window.new_document, "quit": window.close}[how]()
    assert not done and asked == ["both"]
    assert window.play_mode and window.controller.has_game and window.controller.order_count == orders
    assert window.doc.scenario.name == "Brick Creek, edited" and window.doc.modified
    assert window.isVisible()


def test_save_saves_the_game_and_the_scenario_then_opens(window, tmp_path, monkeypatch) -> None:
    asked = _edited_then_played(window, tmp_path)
    game = tmp_path / "battle.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(game), "")))
    window.ask_unsaved_work = lambda: asked.append("both") or "save"
    orders = window.controller.order_count
    assert window.open_file(CHAPEL)
    assert asked == ["both"]
    assert load_saved_game(game).order_count == orders  # the battle, saved where asked
    assert load_scenario(tmp_path / "mine.json").name == "Brick Creek, edited"  # the edits, to its file
    assert not window.play_mode and window.doc.scenario.name == load_scenario(CHAPEL).name


def test_a_cancelled_game_save_keeps_everything(window, tmp_path, monkeypatch) -> None:
    asked = _edited_then_played(window, tmp_path)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: ("", "")))
    window.ask_unsaved_work = lambda: asked.append("both") or "save"
    assert not window.open_file(CHAPEL)
    assert window.play_mode and window.controller.has_game and window.game_modified
    assert window.doc.scenario.name == "Brick Creek, edited"
    assert load_scenario(tmp_path / "mine.json").name != "Brick Creek, edited"  # nothing half-saved


def test_discard_drops_both_after_one_question(window, tmp_path) -> None:
    asked = _edited_then_played(window, tmp_path)
    window.ask_unsaved_work = lambda: asked.append("both") or "discard"
    assert window.open_file(CHAPEL)
    assert asked == ["both"] and not window.play_mode
    assert load_scenario(tmp_path / "mine.json").name != "Brick Creek, edited"


def test_only_one_unsaved_thing_keeps_its_own_question(window, tmp_path) -> None:
    asked = _edited_then_played(window, tmp_path)
    window.doc.undo_stack.setClean()  # the scenario counts as saved: only the battle is asked about
    window.ask_unsaved_work = lambda: asked.append("both") or "cancel"
    assert not window.open_file(CHAPEL) and asked == ["leave"]


def test_the_question_names_both_and_its_cancel_button_cancels(qtbot, open_window, tmp_path) -> None:
    w = open_window()
    w.ask_unsaved_work = w._ask_unsaved_work_dialog  # the real box
    _edited_then_played(w, tmp_path)
    seen: list[str] = []

    def answer() -> None:
        boxes = [b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox) and b.isVisible()]
        if not boxes:
            QTimer.singleShot(10, answer)
            return
        box = boxes[0]
        seen.append(f"{box.windowTitle()} | {box.text()} | {box.informativeText()}")
        box.button(QMessageBox.StandardButton.Cancel).click()

    QTimer.singleShot(0, answer)
    assert not w.open_file(CHAPEL)
    assert len(seen) == 1
    assert "battle in progress" in seen[0] and "Brick Creek, edited" in seen[0]
    assert w.play_mode and w.controller.has_game
    w.ask_unsaved_work = lambda: "discard"  # closing at teardown must not wait on a real box
