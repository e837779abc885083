"""Play mode in the real window (offscreen, pytest-qt): orders by mouse, AI turns, log, timeline,
undo, saved games, engine errors, autosave and recovery."""

from __future__ import annotations

import itertools
import json
import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.savegame import load_saved_game
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.recovery import battle_summary
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"
pytestmark = pytest.mark.skipif(not SKIRMISH.is_file(), reason="skirmish sample missing")


@pytest.fixture
def window(open_window, data_dir) -> MainWindow:
    return open_window(data_dir=data_dir, fit=True)


def vp(window: MainWindow, cell) -> QPoint:
    return window.view.mapFromScene(cell_center(tuple(cell)))


def click(qtbot, window: MainWindow, cell, button=Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(window.view.viewport(), button, pos=vp(window, cell))


def log_kinds(window: MainWindow) -> list[str]:
    return [e.kind for e in window.log_panel.model.entries]


def far_free_cell(window: MainWindow, unit_id: str) -> tuple[tuple[int, int], int]:
    reach = window.controller.reachable(unit_id)
    cell = max(reach, key=lambda c: (reach[c], c))
    return cell, reach[cell]


def test_click_a_token_then_a_destination_moves_the_unit(window: MainWindow, qtbot, move_mouse) -> None:
    window.set_play_mode(True, seed=11)
    c = window.controller
    assert c.seed == 11 and "11" in window.turn_panel.seed_label.text()
    assert c.active_player == "red" and c.orders_enabled
    start = c.game.unit("red-captain").pos
    click(qtbot, window, start)
    assert window.selection.unit_id == "red-captain"
    qtbot.waitUntil(
        lambda: window.scene.reach_item is not None and window.scene.reach_item.isVisible(), timeout=20_000
    )
    cell, cost = far_free_cell(window, "red-captain")
    # hovering shows the path preview with its Move cost
    move_mouse(window.view.viewport(), vp(window, cell))
    assert window.scene.path_item.isVisible()
    assert f'{cost}" of Move' in window.scene.path_label.text
    click(qtbot, window, cell)
    unit = c.game.unit("red-captain")
    assert unit.pos == cell and unit.move_spent == cost
    assert window.scene.unit_items["red-captain"].pos() == cell_center(cell)
    moved = [e for e in window.log_panel.model.entries if e.kind == "unit_moved"]
    assert moved and "red-captain" in moved[-1].text and moved[-1].units == ("red-captain",)
    # the turn table shows what is left
    row = window.turn_units.row_of("red-captain")
    assert window.turn_units.index(row, 1).data().startswith(f'{unit.move_left}"')


def test_attack_with_scripted_dice_kills_and_logs(window: MainWindow, qtbot) -> None:
    window.doc.move_unit("blue-spear", (6, 8))  # next to red-spear at (5, 8)
    # scripted dice: Skill 5 (hit), Damage 6 → bonus 1 (+2) = 9 vs Armor 4 → killed
    window.set_play_mode(True, seed=3, script=[5, 6, 1])
    click(qtbot, window, (5, 8))
    assert window.selection.unit_id == "red-spear"
    menu = window.build_action_menu("red-spear", (6, 8), "blue-spear")
    texts = [a.text() for a in menu.actions() if a.text()]
    strike = next(a for a in menu.actions() if "Spearman Gill" in a.text())
    assert "Use 3" in strike.text() and "67%" in strike.text()
    assert any("Hold" in t for t in texts)
    strike.trigger()
    game = window.controller.game
    assert not game.unit("blue-spear").alive
    assert game.unit("red-spear").action_used
    kinds = log_kinds(window)
    assert "attacked" in kinds and "killed" in kinds
    attacked = next(e for e in window.log_panel.model.entries if e.kind == "attacked")
    assert "bonus d6: 1" in attacked.detail  # the bonus chain is in the dice explanation
    assert window.scene.unit_items["blue-spear"].dead
    assert window.controller.unit_status("blue-spear") == "Dead"
    # the unit list agrees with the Turn panel: the attacker is no longer Ready
    model = window.unit_panel.model
    status = model.data(model.index(model.row_of("red-spear"), model.COLUMNS.index("Status")))
    assert status == "Action used"


def test_right_click_opens_the_action_menu(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=5)
    click(qtbot, window, (5, 2))  # red-rifle-1
    click(qtbot, window, (19, 4), Qt.MouseButton.RightButton)  # blue-rifle-1
    menu = window.last_action_menu
    assert menu is not None
    first = next(a for a in menu.actions() if a.text())
    assert "Rifleman" in first.text() and "Use" in first.text() and "%" in first.text()
    menu.close()


def test_response_prompt_is_answered_by_the_player(window: MainWindow, qtbot) -> None:
    window.doc.move_unit("blue-spear", (6, 8))
    window.set_play_mode(True, seed=3, script=[6, 6, 1, 1])
    asked = []

    def answer(request):
        asked.append(request)
        return next(o for o in request.options if o != request.default)

    window.controller.ask_response = answer
    from brikwars_gui.engine.rules.actions import Attack

    assert window.controller.order_action("red-spear", Attack("Spear", "blue-spear"))
    assert asked and asked[0].question == "overskill" and asked[0].unit == "red-spear"
    decided = [e for e in window.controller.game.events if e.kind == "decided"]
    assert decided[0].answer == next(o for o in asked[0].options if o != asked[0].default)
    # "always do the default" is remembered for the session
    window.controller.always_default.add((asked[0].team, "overskill"))
    assert window.controller._decide(window.controller.game, asked[0]) == asked[0].default


def test_end_turn_lets_the_ai_play_with_animation(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=21)
    c = window.controller
    c.ai_interval = 1
    window.act_end_turn.trigger()
    assert c.ai_running and not window.act_end_turn.isEnabled()
    qtbot.waitUntil(lambda: c.round == 2 and c.active_player == "red", timeout=60_000)
    assert not c.ai_running and window.act_end_turn.isEnabled()
    assert "Round 2" in window.turn_panel.round_label.text()
    assert any(e.kind == "turn_started" and e.round == 2 for e in window.log_panel.model.entries)
    blue_orders = [e for e in c.game.events if e.kind == "order" and e.player == "blue"]
    assert blue_orders[-1].order == "end_turn"


def test_skip_plays_the_ai_turn_at_once(window: MainWindow) -> None:
    window.set_play_mode(True, seed=22)
    c = window.controller
    c.ai_interval = 5000
    window.end_turn()
    assert c.ai_running
    window.ai_controls.skip.click()
    assert c.round == 2 and c.active_player == "red" and not c.ai_running


def test_a_click_out_of_reach_keeps_the_unit_selected_and_says_why(window: MainWindow, qtbot) -> None:
    """Review 2026-11-27 item 32: a click on a cell out of reach (R-MOVE-2) silently deselected
    the unit. It stays selected, the status bar says the cell is out of reach and the Move left,
    and a second click there deselects."""
    window.set_play_mode(True, seed=11)
    c = window.controller
    start = c.game.unit("red-captain").pos
    click(qtbot, window, start)
    assert window.selection.unit_id == "red-captain"
    reach = c.reachable("red-captain")
    far = next(
        (x, y)
        for x in range(c.scenario.battlefield.width - 1, -1, -1)
        for y in range(c.scenario.battlefield.height)
        if (x, y) not in reach and c.unit_at((x, y)) is None
    )
    click(qtbot, window, far)
    assert window.selection.unit_id == "red-captain" and c.game.unit("red-captain").pos == start
    message = window.statusBar().currentMessage()
    assert f'[{far[0]}, {far[1]}] is out of reach for Captain Rufus (5" of Move left)' in message
    click(qtbot, window, far)
    assert window.selection.unit_id is None


def test_undo_last_order_replays_the_game(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=8)
    c = window.controller
    start = c.game.unit("red-captain").pos
    window.selection.select_unit("red-captain")
    cell, _ = far_free_cell(window, "red-captain")
    n_events = len(c.game.events)
    assert window.order_move("red-captain", cell)
    assert window.act_undo_order.isEnabled()
    window.act_undo_order.trigger()
    assert c.game.unit("red-captain").pos == start
    assert len(c.game.events) == n_events
    assert len(window.log_panel.model.entries) == n_events
    assert window.scene.unit_items["red-captain"].pos() == cell_center(start)
    # the same order again gives the same events (same dice)
    assert window.order_move("red-captain", cell)
    assert c.game.unit("red-captain").pos == cell


def test_undo_at_the_start_of_a_turn_asks_before_rewinding_the_computers_turn(window: MainWindow) -> None:
    """Review 2026-11-27 item 14: Ctrl+Z in round 2 before any order went back into round 1 and
    silently replayed the AI's whole turn. Now the window names what it would take back and asks;
    Cancel leaves the battle as it is, and an undo within the turn asks nothing."""
    window.set_play_mode(True, seed=8)
    c = window.controller
    cell, _ = far_free_cell(window, "red-captain")
    assert window.order_move("red-captain", cell)
    assert c.undo_rewinds() == (0, ())  # the order is this turn's: nothing else is taken back
    window.end_turn()
    window.ai_controls.skip.click()
    assert c.round == 2 and c.active_player == "red"
    assert c.undo_rewinds() == (1, ("Blue Patrol",))
    asked: list[tuple[int, tuple[str, ...]]] = []
    window.ask_undo_rewind = lambda round_no, others: asked.append((round_no, others)) and False
    events = len(c.game.events)
    window.act_undo_order.trigger()
    assert asked == [(1, ("Blue Patrol",))]
    assert c.round == 2 and len(c.game.events) == events  # Cancel: nothing undone
    window.ask_undo_rewind = lambda round_no, others: True
    window.act_undo_order.trigger()
    # the last order was red's End Turn: round 1 again, before it, the captain where he went
    assert c.round == 1 and c.active_player == "red" and c.game.unit("red-captain").pos == cell


def test_save_game_and_reopen_gives_the_same_state(window: MainWindow, open_window, tmp_path, data_dir):
    window.set_play_mode(True, seed=31)
    c = window.controller
    cell, _ = far_free_cell(window, "red-rifle-2")
    assert c.order_move("red-rifle-2", cell)
    window.end_turn()
    c.skip_ai()
    path = tmp_path / "battle.json"
    assert window.save_game_as(path)
    saved = load_saved_game(path)
    assert saved.seed == 31 and saved.round == c.round and saved.order_count == c.order_count
    positions = {u.id: (u.pos, u.alive) for u in c.game.state.units.values()}
    events = [e.to_dict() for e in c.game.events]
    other = open_window(data_dir=data_dir, fit=True)
    assert other.open_file(path)
    assert other.play_mode
    oc = other.controller
    assert {u.id: (u.pos, u.alive) for u in oc.game.state.units.values()} == positions
    assert [e.to_dict() for e in oc.game.events] == events
    assert oc.seed == 31 and len(other.log_panel.model.entries) == len(events)
    # where it stands now (it may have taken an Angry Inch as a Response since, R-RESP-2)
    assert other.scene.unit_items["red-rifle-2"].pos() == cell_center(positions["red-rifle-2"][0])


def test_a_corrupted_saved_game_shows_the_messages_and_keeps_the_game(window, tmp_path, monkeypatch):
    window.set_play_mode(True, seed=4)
    c = window.controller
    cell, _ = far_free_cell(window, "red-captain")
    c.order_move("red-captain", cell)
    game = c.game
    good = tmp_path / "good.json"
    window.save_game_as(good)
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a))
    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text()[:-200], encoding="utf-8")
    assert not window.open_file(bad)
    assert shown and "bad.json" in shown[-1][2]
    data = json.loads(good.read_text())
    data["seed"] = None
    data["dice_script"] = None
    worse = tmp_path / "worse.json"
    worse.write_text(json.dumps(data), encoding="utf-8")
    assert not window.open_file(worse)
    assert "seed" in shown[-1][2]
    assert c.game is game and window.play_mode and c.game.unit("red-captain").pos == cell


def test_timeline_shows_an_earlier_turn_read_only(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=12)
    c = window.controller
    start = c.game.unit("red-captain").pos
    cell, _ = far_free_cell(window, "red-captain")
    c.order_move("red-captain", cell)
    window.end_turn()
    c.skip_ai()
    assert c.snapshot_count >= 3
    assert window.timeline_bar.isVisible()
    window.timeline.slider.setValue(0)  # round 1, red: before the move
    assert c.view_index == 0
    item = window.scene.unit_items["red-captain"]
    assert item.pos() == cell_center(start)
    assert not window.act_end_turn.isEnabled() and not c.orders_enabled
    assert not c.order_move("red-captain", start)
    assert window.timeline.live_button.isEnabled()
    window.timeline.live_button.click()
    assert c.view_index is None and item.pos() == cell_center(c.game.unit("red-captain").pos)
    assert window.act_end_turn.isEnabled()


def test_engine_exception_shows_a_dialog_and_keeps_the_state(window, qtbot, monkeypatch, data_dir):
    import brikwars_gui.engine.session as session

    window.set_play_mode(True, seed=9)
    c = window.controller
    before = c.game.state.snapshot()
    events = len(c.game.events)

    def broken(*args, **kwargs):
        raise RuntimeError("rule exploded")

    monkeypatch.setattr(session, "walk", broken)
    click(qtbot, window, c.game.unit("red-captain").pos)
    cell, _ = far_free_cell(window, "red-captain")
    click(qtbot, window, cell)
    assert window.errors and "rule exploded" in window.errors[0]
    window.errors.clear()  # checked: the teardown fails on any other engine error
    assert c.game.state.snapshot() == before
    assert len(c.game.events) == events == len(window.log_panel.model.entries)
    assert "rule exploded" in (data_dir / "brikwars.log").read_text(encoding="utf-8")
    monkeypatch.undo()
    # the dice given to the failed order were given back: the game still replays exactly
    assert c.order_move("red-captain", cell)
    assert c.undo_last_order() and c.game.unit("red-captain").pos != cell


def test_autosave_on_end_turn_and_recovery_at_startup(window, qtbot, open_window, data_dir) -> None:
    window.set_play_mode(True, seed=14)
    window.end_turn()
    window.controller.skip_ai()
    recovery = window.recovery.path
    assert recovery.is_file() and recovery.is_relative_to(data_dir)
    saved = load_saved_game(recovery)
    assert saved.seed == 14 and saved.order_count >= 2
    window.recovery.lock.unlock()  # as if the first instance died: its slot is left behind
    other = open_window(data_dir=data_dir, fit=True)
    offered = []
    other.ask_recover = lambda path: offered.append((path, battle_summary(path))) or True
    stamp = time.strftime("%d %b %H:%M", time.localtime(recovery.stat().st_mtime))
    orders = sum(e.get("kind") == "order" for e in load_saved_game(recovery).events)
    assert other.offer_recovery()
    # review 2026-11-27 item 28: the question names the battle, its round and turn, and the time
    expected = f"“Skirmish at Brick Creek”, round 2, {orders} orders, last saved {stamp}"
    assert offered == [(recovery, expected)] and other.play_mode
    assert other.controller.round == window.controller.round
    assert not recovery.parent.exists()  # offered once, then gone
    slot = other.recovery.slot
    other.close()
    assert not slot.exists() and other.recovery is None


def test_recovery_question_gives_the_time_of_the_last_order_not_of_the_next_start(
    window, qtbot, open_window, data_dir
) -> None:
    """Review 2026-11-27 item 28, seen again in a real window: an instance killed at 12:00 was
    offered at 15:22 as "last saved 15:22", because turning its journal into the battle autosave
    at start-up rewrote the file. The time asked about is the journal's last line."""
    window.set_play_mode(True, seed=14)
    window.end_turn()
    window.controller.skip_ai()
    cell, _ = far_free_cell(window, "red-captain")
    assert window.controller.order_move("red-captain", cell)  # journaled after the autosave
    journal = window.recovery.slot / "battle.wal"
    assert journal.is_file()
    killed_at = time.time() - 3 * 3600
    os.utime(journal, (killed_at, killed_at))
    window.recovery.lock.unlock()  # as if the first instance died then
    other = open_window(data_dir=data_dir, fit=True)
    offered = []
    other.ask_recover = lambda path: offered.append(battle_summary(path)) or False
    other.offer_recovery()
    stamp = time.strftime("%d %b %H:%M", time.localtime(killed_at))
    assert len(offered) == 1 and offered[0].endswith(f"last saved {stamp}")


def test_event_log_filters_copies_and_highlights(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=17)
    c = window.controller
    cell, _ = far_free_cell(window, "red-captain")
    c.order_move("red-captain", cell)
    panel = window.log_panel
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("unit_moved"))
    assert panel.proxy.rowCount() == 1
    panel.view.selectAll()
    panel.view.setFocus()
    panel.copy_action.trigger()
    assert "Captain Rufus moves" in QGuiApplication.clipboard().text()  # names, not ids
    index = panel.proxy.index(0, 3)
    panel.view.clicked.emit(index)
    assert window.scene.highlight_item.isVisible()
    panel.kind_combo.setCurrentIndex(0)
    panel.filter_edit.setText("round 1")
    assert panel.proxy.rowCount() >= 1
    panel.filter_edit.clear()
    panel.unit_combo.setCurrentIndex(panel.unit_combo.findData("red-captain"))
    assert all(
        "Captain Rufus" in panel.proxy.data(panel.proxy.index(r, 3)) for r in range(panel.proxy.rowCount())
    )


def test_a_saved_game_that_does_not_replay_keeps_the_running_seed(window, tmp_path, monkeypatch, open_window):
    import brikwars_gui.engine.session as session

    window.set_play_mode(True, seed=4)
    c = window.controller
    cell, _ = far_free_cell(window, "red-captain")
    assert c.order_move("red-captain", cell)
    other = tmp_path / "other.json"
    assert window.save_game_as(other)
    data = json.loads(other.read_text())
    data["seed"], data["dice_script"] = 999, [1, 2, 3]
    other.write_text(json.dumps(data), encoding="utf-8")
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a))

    def broken(*args, **kwargs):
        raise RuntimeError("order does not replay")

    with monkeypatch.context() as m:
        m.setattr(session.Game, "from_events", broken)
        assert not window.open_file(other)
    assert shown and "do not replay" in shown[-1][2]
    assert c.seed == 4 and c.script == []
    window.end_turn()
    c.skip_ai()
    again = tmp_path / "again.json"
    assert window.save_game_as(again)
    assert load_saved_game(again).seed == 4
    events = [e.to_dict() for e in c.game.events]
    reopened = open_window(settings=QSettings(str(tmp_path / "s2.ini"), QSettings.Format.IniFormat), fit=True)
    assert reopened.open_file(again)
    assert [e.to_dict() for e in reopened.controller.game.events] == events


def test_a_dice_script_only_saved_game_keeps_its_null_seed(window, tmp_path) -> None:
    from brikwars_gui.scenario.savegame import SavedGame, save_saved_game

    path = tmp_path / "scripted.json"
    save_saved_game(SavedGame(scenario=load_scenario(SKIRMISH), seed=None, dice_script=[6, 6, 1, 2, 3]), path)
    assert window.open_file(path)
    assert window.controller.seed is None
    out = window.controller.saved_game()
    assert out.seed is None and out.dice_script == [6, 6, 1, 2, 3]


def test_a_recovered_game_has_no_file_of_its_own(window, open_window, data_dir, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    window.set_play_mode(True, seed=14)
    window.end_turn()
    window.controller.skip_ai()
    window.recovery.lock.unlock()  # as if the first instance died
    other = open_window(data_dir=data_dir, fit=True)
    other.ask_recover = lambda path: True
    assert other.offer_recovery()
    assert other.game_path is None
    assert all(Path(p).name != "battle.json" for p in other.recent_files())
    asked = []
    dialog = staticmethod(lambda *a, **k: asked.append(a) or ("", ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    other.act_save.trigger()  # Ctrl+S asks where
    assert asked


def test_save_at_the_unsaved_prompt_in_play_mode_saves_the_scenario(qtbot, tmp_path, open_window, data_dir):
    import shutil

    path = tmp_path / "my.json"
    shutil.copy(SKIRMISH, path)
    w = open_window(path, data_dir=data_dir, fit=True)
    assert w.act_save.text().replace("&", "") == "Save"
    w.doc.set_attr("name", "My edited battle")
    w.set_play_mode(True, seed=3)
    assert w.act_save.text().replace("&", "") == "Save Game"
    w.ask_leave_game = lambda: "discard"
    w.ask_unsaved = lambda: "save"
    assert w.maybe_save()
    assert json.loads(path.read_text())["name"] == "My edited battle"
    assert not w.doc.modified
    w.set_play_mode(False)
    assert w.act_save.text().replace("&", "") == "Save"


def test_undo_after_game_over_leaves_the_game_over_label(window, qtbot) -> None:
    window.show_game_over = lambda summary: None
    c = window.controller
    window.set_play_mode(True, seed=3, max_rounds=1)
    window.end_turn()
    c.skip_ai()
    assert c.game_over and window.mode_label.text() == "Play · game over"
    assert window.undo_last_order()
    assert not c.game_over and window.mode_label.text() == "Play"


def _battle_with_an_order(window: MainWindow):
    window.set_play_mode(True, seed=6)
    c = window.controller
    cell, _ = far_free_cell(window, "red-captain")
    assert c.order_move("red-captain", cell)
    assert window.game_modified
    return c


def test_edit_mode_asks_before_throwing_the_battle_away(window, tmp_path, monkeypatch) -> None:
    c = _battle_with_an_order(window)
    asked = []
    window.ask_leave_game = lambda: asked.append(1) or "cancel"
    window.act_edit_mode.trigger()  # F5
    assert asked and window.play_mode and c.has_game and window.act_play_mode.isChecked()
    assert not window.new_battle() and c.has_game
    assert not window.open_file(SKIRMISH) and window.play_mode
    assert not window.new_document() and window.play_mode
    # Save Game: saved, then left
    path = tmp_path / "left.json"
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), "")))
    window.ask_leave_game = lambda: asked.append(2) or "save"
    window.act_edit_mode.trigger()
    assert not window.play_mode and path.is_file() and load_saved_game(path).order_count >= 1
    # Discard
    _battle_with_an_order(window)
    window.ask_leave_game = lambda: asked.append(3) or "discard"
    window.act_edit_mode.trigger()
    assert not window.play_mode and asked == [1, 1, 1, 1, 2, 3]


def test_no_question_when_the_game_is_saved_or_untouched(window, tmp_path) -> None:
    asked = []
    window.ask_leave_game = lambda: asked.append(1) or "cancel"
    window.set_play_mode(True, seed=6)
    window.act_edit_mode.trigger()
    assert not window.play_mode and asked == []
    _battle_with_an_order(window)
    assert window.save_game_as(tmp_path / "g.json")
    assert not window.game_modified
    window.act_edit_mode.trigger()
    assert not window.play_mode and asked == []


def test_closing_the_window_asks_about_the_battle(qtbot, open_window, data_dir) -> None:
    w = open_window(data_dir=data_dir, fit=True)
    _battle_with_an_order(w)
    asked = []
    w.ask_leave_game = lambda: asked.append(1) or "cancel"
    assert not w.close() and w.isVisible() and w.play_mode
    w.ask_leave_game = lambda: asked.append(2) or "discard"
    assert w.close() and asked == [1, 2]


def _on_path(point, cells, tol: float = 1e-6) -> bool:
    """Whether scene point `point` lies on the polyline through the centres of `cells`."""
    pts = [cell_center(tuple(c)) for c in cells]
    for a, b in itertools.pairwise(pts):
        ab, ap = b - a, point - a
        length2 = ab.x() ** 2 + ab.y() ** 2
        t = (ap.x() * ab.x() + ap.y() * ab.y()) / length2 if length2 else 0.0
        if -tol <= t <= 1 + tol:
            closest = a + ab * max(0.0, min(1.0, t))
            if abs(closest.x() - point.x()) < 1e-3 and abs(closest.y() - point.y()) < 1e-3:
                return True
    return False


def tuple_of(point) -> tuple[float, float]:
    return (round(point.x(), 3), round(point.y(), 3))


def test_move_animation_slides_the_token_along_its_path(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=11)
    window.set_animate_moves(True)
    assert window.act_animate_moves.isChecked()
    c, scene = window.controller, window.scene
    item = scene.unit_items["red-captain"]
    paths: list[list[tuple[int, int]]] = []
    c.unitMoved.connect(lambda uid, path: paths.append(list(path)) if uid == "red-captain" else None)
    cell, _ = far_free_cell(window, "red-captain")
    assert window.order_move("red-captain", cell)
    path = [p for stretch in paths for p in stretch]
    assert len(path) >= 3 and path[-1] == tuple(cell)
    duration = min(60 * (len(path) - 1), 400)
    assert item.sliding and item.slide.duration() == duration
    # drive the slide by hand (no clock: the same frames however loaded the machine is)
    item.slide.pause()
    seen = []
    for ms in range(0, duration, 10):
        item.slide.setCurrentTime(ms)
        assert item.sliding and _on_path(item.pos(), path), ms  # mid-animation: on the path
        seen.append(item.pos())
    assert seen[0] == cell_center(path[0]) and len(set(map(tuple_of, seen))) > len(seen) // 2
    item.slide.setCurrentTime(duration)  # the end: the slide finishes on the destination
    assert not item.sliding and item.pos() == cell_center(cell)
    # a new move of the unit (or Skip, or scrubbing the timeline) ends a running slide at once
    item.slide_along(path)
    assert item.sliding
    scene.queue_move("red-captain", [tuple(cell), tuple(cell)])
    assert not item.sliding and item.pos() == cell_center(cell)
    item.slide_along(path)
    c.aiSkipped.emit()
    assert not item.sliding and item.pos() == cell_center(cell)
    # turned off: the token jumps; the choice is saved
    window.set_animate_moves(False)
    window.save_window_settings()
    assert str(window.settings.value("view/animateMoves")).lower() in ("false", "0")


def test_fast_ai_and_skip_moves_do_not_animate(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=12)
    window.set_animate_moves(True)
    c = window.controller
    moved: list[str] = []
    c.unitMoved.connect(lambda uid, _path: moved.append(uid))
    window.end_turn()  # the AI (blue) plays at ai_interval 0: instant
    c.skip_ai()
    assert not any(uid.startswith("blue") for uid in moved)
    assert not any(item.sliding for item in window.scene.unit_items.values())
    for uid, item in window.scene.unit_items.items():
        view = c.unit_view(uid)
        assert item.pos() == cell_center(view.pos)


def test_sight_follows_the_timeline_snapshot_shown(window: MainWindow, qtbot) -> None:
    from brikwars_gui.ui.session_controller import scenario_sight_mask

    window.set_play_mode(True, seed=12)
    c, scene = window.controller, window.scene
    window.layer_actions["sight"].setChecked(True)
    start = c.game.unit("red-captain").pos
    first = scenario_sight_mask(window.doc.scenario, "red-captain")
    cell, _ = far_free_cell(window, "red-captain")
    assert c.order_move("red-captain", cell)
    live = c.sight_mask("red-captain")
    assert live is not None and (live != first).any()
    window.selection.select("unit", "red-captain")
    c.show_snapshot(0)  # round 1, red: before the move
    assert c.view_index == 0 and c.unit_view("red-captain").pos == start
    shown = c.sight_mask("red-captain")
    assert shown is not None and (shown == first).all()
    window.refresh_unit_overlays()
    assert scene.sight_item is not None and scene.sight_item.isVisible()
    assert scene.cone_items and all(line.isVisible() for line in scene.cone_items)
    assert scene.cone_items[0].line().p1() == cell_center(start)
    # the hover line of sight works on the snapshot too (its units' positions)
    enemy = next(u for u in c.unit_ids_of("blue") if c.unit_view(u).alive)
    assert c.unit_at(c.unit_view(enemy).pos) == enemy
    assert c.has_line_of_sight("red-captain", enemy) is not None
    window.timeline.live_button.click()
    assert c.view_index is None and (c.sight_mask("red-captain") == live).all()
