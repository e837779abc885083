"""Everyday-use polish (offscreen): names in the log, the end of a battle, Face ▸, hazards from the
engine's hazard frames, label decluttering, the app's icon/stylesheet/data dir, the shortcuts list."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QTableWidget

from brikwars_gui import app as app_module
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.event_log import EventLogModel
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.scenario_io import load_scenario
from brikwars_gui.ui.session_controller import LogEntry

SKIRMISH = SCENARIOS / "skirmish.json"
SHOWCASE = SCENARIOS / "hazard_showcase.json"
pytestmark = pytest.mark.skipif(not SKIRMISH.is_file(), reason="skirmish sample missing")


def collect_game_overs(w: MainWindow) -> MainWindow:
    """The end-of-battle summaries go to `w.game_overs` instead of the dialog."""
    w.game_overs = []
    w.show_game_over = w.game_overs.append
    return w


@pytest.fixture
def window(open_window) -> MainWindow:
    return collect_game_overs(open_window(fit=True))


# -- names in the log -------------------------------------------------------------------------


def test_log_model_shows_names_and_keeps_ids_in_the_tooltip(qtbot) -> None:
    model = EventLogModel()
    model.add(LogEntry(0, 1, "red", "attacked", "sap-1 attacks gar-10 (sap-10 watches)", "", ("sap-1",), ()))
    model.set_names({"sap-1": "Sapper Gravel", "gar-10": "Guard Pyre", "sap-10": "Sapper Ten"})
    shown = model.index(0, 3).data()
    assert shown == "Sapper Gravel attacks Guard Pyre (Sapper Ten watches)"
    tip = model.index(0, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert "sap-1 attacks gar-10" in tip and "Sapper Gravel = sap-1" in tip
    assert model.line(0).startswith("Sapper Gravel attacks")


def test_play_log_names_units_and_filters_by_name(window: MainWindow) -> None:
    window.set_play_mode(True, seed=3)
    c = window.controller
    reach = c.reachable("red-captain")
    assert c.order_move("red-captain", max(reach, key=lambda k: (reach[k], k)))
    panel = window.log_panel
    texts = [panel.model.index(r, 3).data() for r in range(panel.model.rowCount())]
    assert any("Captain Rufus moves" in t for t in texts)
    assert not any("red-captain" in t for t in texts)
    panel.filter_edit.setText("captain rufus")
    assert panel.proxy.rowCount() >= 1
    assert panel.unit_combo.findText("Captain Rufus") >= 0


# -- game over ---------------------------------------------------------------------------------


def test_turn_limit_ends_the_battle_with_a_summary_and_closes_orders(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=5, max_rounds=1)
    c = window.controller
    assert window.end_turn()  # the human's turn ends; the AI plays round 1, then the limit is reached
    qtbot.waitUntil(lambda: c.game.over, timeout=120_000)
    qtbot.waitUntil(lambda: bool(window.game_overs), timeout=20_000)
    summary = window.game_overs[-1]
    assert summary.winner is None and "turn limit" in summary.reason
    assert {t.name for t in summary.teams} == {"Red Patrol", "Blue Patrol"}
    assert all(t.started == 5 for t in summary.teams)
    assert summary.rounds >= 1
    assert window.turn_panel.game_over_banner.isVisible()
    assert "Game over" in window.turn_panel.game_over_banner.text()
    assert not c.orders_enabled
    assert not window.act_end_turn.isEnabled() and not window.turn_panel.end_turn.isEnabled()
    unit = next(u for u in c.game.state.units.values() if u.alive and u.team == "red")
    assert not c.order_move(unit.id, unit.pos)
    assert "(no orders possible)" in [a.text() for a in window.build_action_menu(unit.id, unit.pos).actions()]
    assert len(window.game_overs) == 1


def test_last_team_standing_wins_and_the_dialog_offers_new_battle_or_editor(qtbot, open_window) -> None:
    scenario = load_scenario(SKIRMISH)
    scenario = scenario.model_copy(update={"units": [u for u in scenario.units if u.team == "red"]})
    w = collect_game_overs(open_window(scenario, SKIRMISH, fit=True))
    w.show_game_over = w._game_over_dialog  # the real dialog (non-blocking: open())
    w.set_play_mode(True, seed=1)
    qtbot.waitUntil(lambda: w.game_over_dialog is not None, timeout=20_000)
    dialog = w.game_over_dialog
    assert dialog.summary.winner == "red" and dialog.summary.headline == "Red Patrol wins"
    assert dialog.table.rowCount() == 2 and "5 of 5" in dialog.table.item(0, 1).text()
    asked = []
    w.ask_new_battle = lambda seed: asked.append(seed) or None
    dialog.new_button.click()
    qtbot.waitUntil(lambda: bool(asked), timeout=20_000)
    # again, and go back to the editor this time
    w.set_play_mode(False)
    w.set_play_mode(True, seed=2)
    qtbot.waitUntil(lambda: w.game_over_dialog is not None, timeout=20_000)
    w.game_over_dialog.editor_button.click()
    assert not w.play_mode and w.act_edit_mode.isChecked()
    assert not w.turn_panel.game_over_banner.isVisible()


# -- facing -----------------------------------------------------------------------------------


def test_face_menu_turns_the_unit_in_the_engine(window: MainWindow) -> None:
    window.set_play_mode(True, seed=4)
    c = window.controller
    unit = c.game.state.units["red-captain"]
    menu = window.build_action_menu(unit.id, unit.pos)
    face = next(a.menu() for a in menu.actions() if a.menu() is not None and a.text() == "Face")
    options = {a.data(): a for a in face.actions()}
    assert list(options) == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert options[unit.facing].isChecked()
    target = "SW" if unit.facing != "SW" else "NE"
    options[target].trigger()
    assert c.game.state.units["red-captain"].facing == target
    assert c.unit_view("red-captain").facing == target
    assert any(e.kind == "facing_changed" or "fac" in e.kind for e in window.log_panel.model.entries)


def test_face_menu_is_disabled_for_a_disrupted_unit_from_the_status_flag(window: MainWindow) -> None:
    window.set_play_mode(True, seed=4)
    c = window.controller
    unit = c.game.state.units["red-captain"]
    unit.disrupted = True  # test poke: the window reads `UnitView.disrupted`, not the status text
    assert c.unit_view(unit.id).disrupted
    menu = window.build_action_menu(unit.id, unit.pos)
    face = next(a.menu() for a in menu.actions() if a.menu() is not None and a.text() == "Face")
    assert not face.isEnabled()


def test_sprint_in_the_action_menu_is_ordered_through_the_controller(window: MainWindow, monkeypatch) -> None:
    window.set_play_mode(True, seed=4)
    c = window.controller
    sent = []
    monkeypatch.setattr(c, "order_sprint", lambda uid, cell: sent.append((uid, cell)) or True)
    pos = c.unit_view("red-captain").pos
    toward = (pos[0] + 3, pos[1])
    menu = window.build_action_menu("red-captain", toward)
    sprint = next(a for a in menu.actions() if a.text().startswith("Sprint"))
    assert f"[{toward[0]}, {toward[1]}]" in sprint.text()
    sprint.trigger()
    assert sent == [("red-captain", toward)]


# -- hazards through the engine's hazard frames -------------------------------------------------


@pytest.mark.skipif(not SHOWCASE.is_file(), reason="hazard showcase missing")
def test_snapshot_hazards_match_the_live_frames_they_were_taken_from(qtbot, open_window) -> None:
    from brikwars_gui.engine.hazards.history import hazard_frame

    w = collect_game_overs(open_window(SHOWCASE, fit=True))
    w.set_play_mode(True, seed=5)
    c = w.controller
    c._stop_ai()
    frames = {}
    original = c._on_event

    def spy(event):
        original(event)
        if event.kind == "turn_started" and c.game is not None:
            frames[len(c.game.snapshots)] = hazard_frame(c.game.state)  # the snapshot is taken next

    c.game.listener = spy
    for p in c.game.state.players:
        p.controller = "ai"
    for _ in range(400):
        if c.game.over or c.game.round > 3 or not c.ai_step():
            break
    assert frames
    for index, frame in frames.items():
        c.show_snapshot(index)
        view = c.hazard_view()
        assert np.array_equal(view.fire_size, frame.fire_size)
        assert np.array_equal(view.fire_type, frame.fire_type)
        assert np.array_equal(view.smoke, frame.smoke)
        assert np.array_equal(view.triggered, frame.triggered)
        assert c.hazard_view() is view  # cached per snapshot
    c.show_live()
    live = c.hazard_view()
    assert np.array_equal(live.fire_size, hazard_frame(c.game.state).fire_size)


# -- labels -----------------------------------------------------------------------------------


def test_crowded_labels_are_hidden_except_for_the_selected_or_hovered_unit(window: MainWindow) -> None:
    scene = window.scene
    window.view.fit()
    for _ in range(8):
        window.view.zoom_out()
    hidden = scene.declutter_labels()
    assert hidden > 0
    shown = [i.label for i in scene.unit_items.values() if i.label.isVisible()]
    assert shown  # some names stay
    victim = next(uid for uid, i in scene.unit_items.items() if not i.label.isVisible())
    scene.set_hovered_unit(victim)
    assert scene.unit_items[victim].label.isVisible()
    scene.set_hovered_unit("")
    window.selection.select_unit(victim)
    scene.declutter_labels()
    assert scene.unit_items[victim].label.isVisible()
    for _ in range(14):
        window.view.zoom_in()
    assert scene.declutter_labels() == 0  # zoomed in: every name fits


# -- application, shortcuts, tips ---------------------------------------------------------------


def test_application_has_the_icon_and_the_stylesheet(qtbot) -> None:
    app = app_module.create_application(["test"])
    assert not app.windowIcon().isNull()
    assert app_module.STYLE_SHEET.is_file() and "QToolBar" in app.styleSheet()
    assert any(p.is_file() for p in app_module.ICON_FILES)


def test_main_passes_the_data_dir_and_offers_recovery(qtbot, monkeypatch, tmp_path) -> None:
    seen = {}

    def fake_open(path, **kwargs):
        seen.update(kwargs, path=path)
        ini = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        w = MainWindow(load_scenario(path), path, settings=ini, data_dir=kwargs["data_dir"])
        w.ask_recover = lambda p: False
        qtbot.addWidget(w)
        seen["window"] = w
        return w

    monkeypatch.setattr(app_module, "default_data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(app_module, "open_window", fake_open)
    monkeypatch.setattr(QApplication, "exec", lambda self=None: 0)
    assert app_module.main([str(SKIRMISH)]) == 0
    assert seen["data_dir"] == tmp_path / "data"
    w = seen["window"]
    assert w.data_dir == tmp_path / "data" and w.recovery is not None
    assert (tmp_path / "data" / "brikwars.log").exists()
    w.close()


def test_windows_without_a_data_dir_write_nothing(open_window, tmp_path, monkeypatch) -> None:
    home = tmp_path / "home"
    for name, sub in (("HOME", ""), ("XDG_DATA_HOME", ".local/share"), ("XDG_CONFIG_HOME", ".config")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(name, str(home / sub))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    window = collect_game_overs(open_window(fit=True))
    assert window.data_dir is None and window.recovery is None
    window.set_play_mode(True, seed=2)
    window.end_turn()  # would autosave with a data dir
    window.controller.skip_ai()
    window.autosave()
    assert window.close()
    assert [p for p in home.rglob("*") if p.is_file()] == []


def test_shortcuts_dialog_lists_every_menu_shortcut(window: MainWindow) -> None:
    dialog = window.show_shortcuts()
    table = dialog.findChild(QTableWidget, "shortcutTable")
    rows = {(table.item(r, 0).text(), table.item(r, 1).text()) for r in range(table.rowCount())}
    for _path, act in window.menu_actions():
        keys = window.shortcut_text(act)
        if keys:
            assert (keys, act.text().replace("&", "")) in rows
    names = {name for _k, name in rows}
    assert {"End Turn", "Keyboard Shortcuts", "Zoom In", "Select"} <= names
    assert any("Right click" in k for k, _n in rows)
    dialog.close()


def test_the_shortcut_list_names_keyboard_keys_not_media_keys(window: MainWindow) -> None:
    """Review 2026-11-27 item 29: under Qt's generic theme (X11) Quit read "Ctrl+Q, Exit" and Redo
    "Ctrl+Shift+Z, Redo, Ctrl+Y": the media keys Exit and Redo came with the standard keys."""
    window.act_quit.setShortcuts([QKeySequence("Ctrl+Q"), QKeySequence(Qt.Key.Key_Exit)])
    window.act_redo.setShortcuts(
        [QKeySequence("Ctrl+Shift+Z"), QKeySequence(Qt.Key.Key_Redo), QKeySequence("Ctrl+Y")]
    )
    assert window.shortcut_text(window.act_quit) == "Ctrl+Q"
    assert window.shortcut_text(window.act_redo) == "Ctrl+Shift+Z, Ctrl+Y"
    assert window.shortcut_text(window.act_rules) == "F1"  # a function key stays
    window.update_action_tips()
    assert "Exit" not in window.act_quit.toolTip()


def test_every_menu_action_has_a_status_tip_and_toolbar_tips_name_shortcut_and_rule(window) -> None:
    for path, act in window.menu_actions():
        if act.text() in ("(none)",):
            continue
        assert act.statusTip(), f"{path} ▸ {act.text()} has no status tip"
    tip = window.act_end_turn.toolTip()
    assert "Ctrl+Return" in tip and "R-MOVE-1" in tip
    assert "(S)" in window.tool_actions["select"].toolTip()
    assert "GRID-3" in window.tool_actions["ruler"].toolTip()
    window.set_play_mode(True, seed=1)
    assert "Ctrl+Z" in window.act_undo_order.toolTip()
    assert isinstance(window.act_shortcuts, QAction)
