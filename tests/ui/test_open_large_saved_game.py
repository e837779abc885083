"""Opening a saved game in the window (issue 26, "heavy but valid"): the views are filled in bulk
and lazily (one `unitsReset` instead of a `unitUpdated` per unit, log lines made when read, unit
views shared while a unit's signature stands), and still show the battle as it stands; a saved
game whose path was tampered with is refused with a message naming the order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brikwars_gui.app import open_window
from brikwars_gui.engine import ai
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, save_saved_game
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.models import UNIT_ID_ROLE
from brikwars_gui.ui.session_controller.log_entries import LogEntry


def _battle_saved(tmp_path: Path) -> tuple[Path, Game]:
    """A generated battle (AI sides) after two AI rounds: moves, attacks and a few deaths."""
    scenario = army_battle(120, size=40, buildings=6, fires=2, seed=3)
    game = Game.from_scenario(scenario, seed=5, max_rounds=3, timeline=False)
    for _ in range(2 * len(scenario.players)):
        ai.play_turn(game)
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
    path = tmp_path / "battle.json"
    save_saved_game(SavedGame(scenario=scenario, seed=5, max_rounds=3, events=events), path)
    return path, game


def test_an_opened_saved_game_shows_the_battle_as_it_stands(qtbot, idle, settings, shown, tmp_path) -> None:
    path, played = _battle_saved(tmp_path)
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    window.controller.set_ai_interval(10**6)  # the AI sides wait: the test reads the opened state
    updated: list[str] = []
    resets: list[bool] = []
    window.controller.unitUpdated.connect(updated.append)
    window.controller.unitsReset.connect(lambda: resets.append(True))
    assert window.open_saved_game(path, remember=False)
    idle()
    assert shown == [] and window.play_mode
    assert resets == [True] and updated == []  # one bulk refresh, not a signal per unit
    c = window.controller
    live = {uid: u for uid, u in played.state.units.items()}
    assert set(c.game.state.units) == set(live)
    # the map: every token where the replayed unit stands, the dead ones marked
    scene = window.scene
    moved = dead = 0
    start = {u.id: tuple(u.position) for u in load_scenario_units(path)}
    for uid, unit in live.items():
        item = scene.unit_items[uid]
        assert item.pos() == cell_center(tuple(unit.pos)), uid
        assert item.dead == (not unit.alive), uid
        moved += tuple(unit.pos) != start[uid]
        dead += not unit.alive
    assert moved > 50 and dead > 0  # the battle really moved on from the scenario
    # the log: one row per engine event, its words the engine's own, made when the row is read
    model = window.log_panel.model
    assert model.rowCount() == len(c.log) == len(played.events)
    last = played.events[-1]
    assert model.entries[-1].text == last.describe()
    assert model.index(model.rowCount() - 1, 3).data() == model.display_text(model.rowCount() - 1)
    assert [e.kind for e in model.entries] == [e.kind for e in played.events]
    # the Units table: every unit with its Status; the Turn table: the active side's units
    units = window.unit_panel.model
    assert units.rowCount() == len(live)
    status = units.columnCount() - 1
    assert sum(units.index(r, status).data() == "Dead" for r in range(units.rowCount())) == dead
    turn = window.turn_units
    active = sorted(uid for uid, u in live.items() if u.team == played.active_player)
    assert turn.rowCount() == len(active)
    assert [turn.data(turn.index(r, 0), UNIT_ID_ROLE) for r in range(turn.rowCount())] == active
    view = c.unit_view(active[0])
    assert view.pos == tuple(live[active[0]].pos) and view.alive == live[active[0]].alive


def load_scenario_units(path: Path):
    from brikwars_gui.scenario.savegame import load_saved_game

    return load_saved_game(path).scenario.units


def test_a_unit_view_follows_the_unit_when_it_changes_without_a_signal(qtbot, settings) -> None:
    """Views are kept per unit signature, not until a signal: a change is seen at the next read."""
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    window.set_play_mode(True, seed=4)
    c = window.controller
    unit = c.game.state.units["red-captain"]
    before = c.unit_view(unit.id)
    assert c.unit_view(unit.id) is before  # kept
    unit.move_spent = unit.move  # a poke, no flush, no signal
    after = c.unit_view(unit.id)
    assert after is not before and after.move_left == 0


def test_log_lines_are_made_when_first_read_and_shared_by_numbered_copies() -> None:
    made: list[int] = []

    class Event:
        kind = "unit_moved"

        def to_dict(self):
            made.append(1)
            return {"kind": "unit_moved", "unit": "a", "path": [[1, 2], [2, 2]]}

        def describe(self):
            return "a moves"

    entry = LogEntry(0, 1, "red", "unit_moved", None, units=("a",), event=Event())
    copy = entry.numbered(7)
    assert made == []  # nothing made until read
    assert copy.text == "a moves" and copy.index == 7 and entry.index == 0
    assert entry.cells == ((1, 2), (2, 2)) and made == [1]  # made once, shared


def _tampered(tmp_path: Path, change) -> Path:
    """The skirmish with one human move along an explicit path, then `change(order)` applied."""
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    game = Game.from_scenario(scenario, seed=4)
    uid = next(u.id for u in game.units_of())
    unit = game.unit(uid)
    target = max(game.legal_moves(uid).items(), key=lambda kv: kv[1])[0]  # the farthest cell
    path = game.preview_path(uid, target)
    game.move(uid, list(path.cells))
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
    move = next(e for e in events if e["order"] == "move")
    assert len(move["args"]["path"]) > 2 and move["args"]["path"][0] != list(unit.pos)  # it moved
    change(move)
    file = tmp_path / "tampered.json"
    save_saved_game(SavedGame(scenario=scenario, seed=4, events=events), file)
    return file


def _jump(move: dict) -> None:
    last = move["args"]["path"][-1]
    move["args"]["path"].append([last[0] + 9, last[1]])


def _there_and_back(move: dict) -> None:
    path = move["args"]["path"]
    move["args"]["path"] = path + path[-2::-1] + path[1:]  # neighbouring steps, thrice the Move


@pytest.mark.parametrize(
    ("change", "why"),
    [(_jump, "is not a step to a neighbouring cell"), (_there_and_back, "of Move left")],
    ids=["a 9-inch jump", "walked there, back and there again"],
)
def test_r_move_3_a_tampered_path_in_a_saved_game_is_refused_with_a_message(
    qtbot, settings, shown, tmp_path, change, why
) -> None:
    """A saved file is untrusted input: a recorded path is checked step by step (R-MOVE-3,
    GRID-2) as it replays; a forged one is refused, the message names the order, the open game
    stays."""
    file = _tampered(tmp_path, change)
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    title = window.windowTitle()
    assert window.open_saved_game(file) is False
    assert len(shown) == 1
    assert "its orders do not replay" in shown[0] and "order 1 of 1 (move of " in shown[0]
    assert why in shown[0], shown[0]
    assert window.windowTitle() == title and not window.play_mode


def test_the_untampered_path_replays(qtbot, settings, shown, tmp_path) -> None:
    """The same file without the change opens: the refusals above are the tampering's."""
    file = _tampered(tmp_path, lambda m: None)
    data = json.loads(file.read_text(encoding="utf-8"))
    assert "path" in data["events"][0]["args"]
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    assert window.open_saved_game(file) is True and shown == []


def test_no_collection_while_a_saved_game_opens_and_the_collector_runs_after(
    qtbot, settings, shown, tmp_path
) -> None:
    """Issue 26: the open's objects stay, so the cyclic collector is held off while it runs (it
    made three full collections, ~10% of the 2,000-unit open) and is running again afterwards,
    after a failed open too (before its message is shown: a modal dialog may wait long)."""
    import gc

    path, _played = _battle_saved(tmp_path)
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    window.controller.set_ai_interval(10**6)
    collections: list[int] = []  # collections while the orders replay and the game is installed
    inside: list[bool] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "start" and inside:
            collections.append(info["generation"])

    def watched(owner, name: str) -> None:
        method = getattr(owner, name)

        def call(*args, **kwargs):
            inside.append(True)
            try:
                return method(*args, **kwargs)
            finally:
                inside.pop()

        setattr(owner, name, call)

    watched(window.controller, "replay_saved")
    watched(window, "set_play_mode")

    enabled_at_message: list[bool] = []
    gc.callbacks.append(seen)
    try:
        gc.collect()
        collections.clear()
        assert window.open_saved_game(path, remember=False)
        assert collections == [] and gc.isenabled()
        assert window.play_mode and len(window.scene.unit_items) == 120
        bad = _tampered(tmp_path, _jump)
        shown_before = len(shown)
        from PySide6.QtWidgets import QMessageBox

        original = QMessageBox.critical
        QMessageBox.critical = lambda *a, **k: (enabled_at_message.append(gc.isenabled()), original(*a, **k))
        try:
            assert window.open_saved_game(bad) is False
        finally:
            QMessageBox.critical = original
        assert len(shown) == shown_before + 1 and enabled_at_message == [True] and gc.isenabled()
    finally:
        gc.callbacks.remove(seen)


def test_an_undo_replays_without_a_collection_and_reports_a_failure_with_the_collector_running(
    open_window, monkeypatch
) -> None:
    """Issue 26: undo replays the whole game like an open (ui/collector.py), and its failure
    message, whose dialog may wait long, comes once the collector runs again."""
    import gc

    import brikwars_gui.engine.session as session

    window = open_window(expect_errors=True)  # the test's window: it asks nothing when closed
    window.set_play_mode(True, seed=8)
    c = window.controller
    reach = c.reachable("red-captain")
    cell = max(reach, key=lambda x: (reach[x], x))
    start = c.game.unit("red-captain").pos
    collections: list[int] = []
    replaying: list[bool] = []
    real = session.Game.from_events.__func__

    def watched(cls, *args, **kwargs):
        replaying.append(True)
        try:
            return real(cls, *args, **kwargs)
        finally:
            replaying.pop()

    def seen(phase: str, info: dict) -> None:
        if phase == "start" and replaying:
            collections.append(info["generation"])

    monkeypatch.setattr(session.Game, "from_events", classmethod(watched))
    errors: list[tuple[str, bool]] = []
    c.engineError.disconnect()
    c.engineError.connect(lambda text: errors.append((text, gc.isenabled())))
    thresholds = gc.get_threshold()
    gc.set_threshold(10)  # a small game's replay would make too few objects for a collection
    gc.callbacks.append(seen)
    try:
        assert c.order_move("red-captain", cell)
        assert c.undo_last_order() and c.game.unit("red-captain").pos == start
        assert collections == [] and gc.isenabled() and errors == []
        assert c.order_move("red-captain", cell)

        def broken(cls, *args, **kwargs):
            raise RuntimeError("replay exploded")

        monkeypatch.setattr(session.Game, "from_events", classmethod(broken))
        assert not c.undo_last_order() and c.game.unit("red-captain").pos == cell
        assert errors == [("undo: the replay failed: replay exploded", True)] and gc.isenabled()
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*thresholds)
