"""Saved games with a checkpoint (issue 26: "any valid saved game open within 1 s"): a game the
window saves opens without replaying its orders, shows what the replay would show (tokens, log,
timeline) and Undo works; a file whose checkpoint does not match its orders replays them."""

from __future__ import annotations

import base64
import json
import pickle
import zlib
from pathlib import Path

import pytest

from brikwars_gui.app import open_window
from brikwars_gui.engine import ai
from brikwars_gui.engine import checkpoint as ck
from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, load_saved_game, save_saved_game
from brikwars_gui.ui.items import cell_center


def _orders_file(tmp_path: Path, ruleset: str = "brikwars") -> Path:
    """The skirmish (red human, blue AI) after AI-played turns up to red's turn of round 3
    and one order of that turn, saved without a checkpoint."""
    scenario = load_scenario(SCENARIOS / "skirmish.json").model_copy(update={"ruleset": ruleset})
    game = Game.from_scenario(scenario, seed=11, max_rounds=6)
    while game.round < 3 or game.active_player != "red":
        ai.play_turn(game)
    assert not game.over
    game.end_unit(next(u.id for u in game.units_of("red") if u.alive))
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided", "unit_joined")]
    path = tmp_path / "orders.json"
    save_saved_game(SavedGame(scenario=scenario, seed=11, max_rounds=6, events=events), path)
    return path


def _window(qtbot, settings):
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    window.controller.set_ai_interval(10**6)  # the AI side waits: the test reads the opened game
    return window


def _picture(window) -> dict:
    """What the window shows of the battle: tokens, log lines, timeline, whose turn."""
    c = window.controller
    model = window.log_panel.model
    return {
        "tokens": {uid: (item.pos(), item.dead) for uid, item in window.scene.unit_items.items()},
        "log": [(model.display_text(r), model.entries[r].seen_by) for r in range(model.rowCount())],
        "state": c.game.state.snapshot(),
        "timeline": list(c.game.snapshots),
        "turn": (c.game.round, c.game.active_player),
        "title": window.windowTitle().split(" — ")[-1],
    }


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_a_game_the_window_saved_opens_from_its_checkpoint_as_the_replay_shows_it(
    qtbot, idle, settings, shown, tmp_path, replays, ruleset
) -> None:
    replayed_window = _window(qtbot, settings)
    assert replayed_window.open_saved_game(_orders_file(tmp_path, ruleset), remember=False)
    assert len(replays) == 1 and replays[0] > 10  # no checkpoint: the orders replayed
    saved_path = tmp_path / "saved.json"
    assert replayed_window.save_game_as(saved_path)
    saved = load_saved_game(saved_path)
    assert saved.checkpoint is not None and len(saved.checkpoint.key) == 64

    window = _window(qtbot, settings)
    assert window.open_saved_game(saved_path)
    assert len(replays) == 1 and shown == []  # opened from the checkpoint: nothing replayed
    assert _picture(window) == _picture(replayed_window)
    for uid, unit in window.controller.game.state.units.items():
        assert window.scene.unit_items[uid].pos() == cell_center(tuple(unit.pos))
    # the timeline shows the earlier turns as the replayed game does
    live = _picture(window)["tokens"]
    for shown in (replayed_window, window):
        shown.controller.show_snapshot(1)
        idle()
    assert _picture(window)["tokens"] == _picture(replayed_window)["tokens"] != live
    window.controller.show_live()


def test_undo_after_an_open_from_a_checkpoint_replays_the_orders_before_it(
    qtbot, settings, shown, tmp_path, replays
) -> None:
    first = _window(qtbot, settings)
    assert first.open_saved_game(_orders_file(tmp_path), remember=False)
    saved_path = tmp_path / "saved.json"
    assert first.save_game_as(saved_path)
    window = _window(qtbot, settings)
    assert window.open_saved_game(saved_path)
    c = window.controller
    before = [e.to_dict() for e in c.game.events]
    cut = max(i for i, e in enumerate(c.game.events) if e.kind == "order" and e.player == "red")
    assert c.can_undo() and c.undo_last_order()
    assert [e.to_dict() for e in c.game.events] == before[:cut]
    assert replays[-1] == sum(1 for e in before[:cut] if e["kind"] == "order")
    assert window.log_panel.model.rowCount() == cut
    # and the game goes on from there: red gives an order again
    unit = next(u for u in c.game.units_of("red") if u.alive and not u.done)
    assert c.end_unit(unit.id)
    assert c.game.unit(unit.id).done


def _rewrite(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _drop_last_order(data: dict) -> None:
    last = max(i for i, e in enumerate(data["events"]) if e["kind"] == "order")
    del data["events"][last:]


def _move_a_unit_in_the_payload(data: dict) -> None:
    payload = ck.loads(base64.b64decode(data["checkpoint"]["payload"]))
    unit = next(u for u in payload[1].units.values() if u.alive)
    unit.pos = (unit.pos[0], unit.pos[1] + 1)
    data["checkpoint"]["payload"] = base64.b64encode(zlib.compress(pickle.dumps(payload))).decode()


def _older_code(data: dict) -> None:
    data["checkpoint"]["key"] = "0" * 64


@pytest.mark.parametrize(
    "change",
    [_drop_last_order, _move_a_unit_in_the_payload, _older_code],
    ids=["orders edited", "payload tampered with", "made by other code"],
)
def test_a_stale_or_tampered_checkpoint_is_ignored_and_the_orders_replay(
    qtbot, settings, shown, tmp_path, replays, change
) -> None:
    first = _window(qtbot, settings)
    assert first.open_saved_game(_orders_file(tmp_path), remember=False)
    saved_path = tmp_path / "saved.json"
    assert first.save_game_as(saved_path)
    _rewrite(saved_path, change)
    saved = load_saved_game(saved_path)
    expected = Game.from_events(saved.scenario, saved.events, SeededDice(saved.seed), max_rounds=6)
    replays.clear()

    window = _window(qtbot, settings)
    assert window.open_saved_game(saved_path) and shown == []
    assert replays == [saved.order_count]  # the orders replayed
    state = window.controller.game.state
    assert state.snapshot() == expected.state.snapshot()
    assert [e.to_dict() for e in window.controller.game.events] == [e.to_dict() for e in expected.events]
    for uid, unit in state.units.items():
        assert window.scene.unit_items[uid].pos() == cell_center(tuple(unit.pos))
