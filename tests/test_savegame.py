"""Saved-game files: model, round trip, loader messages, atomic save, replay of the orders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import ScenarioError, load_scenario
from brikwars_gui.scenario.savegame import (
    SavedGame,
    dump_saved_game,
    is_saved_game_file,
    is_saved_game_text,
    load_saved_game,
    parse_saved_game,
    save_saved_game,
)

SKIRMISH = SCENARIOS / "skirmish.json"
pytestmark = pytest.mark.skipif(not SKIRMISH.is_file(), reason="skirmish sample missing")


def played(seed: int = 5, turns: int = 3) -> tuple[Game, SavedGame]:
    scenario = load_scenario(SKIRMISH)
    game = Game.from_scenario(scenario, seed=seed)
    for _ in range(turns):
        ai.play_turn(game)
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
    saved = SavedGame(
        scenario=scenario, seed=seed, events=events, round=game.round, active_player=game.active_player
    )
    return game, saved


def test_round_trip_and_replay(tmp_path: Path) -> None:
    game, saved = played()
    path = tmp_path / "game.json"
    save_saved_game(saved, path)
    loaded = load_saved_game(path)
    assert loaded == saved
    assert dump_saved_game(loaded) == path.read_text(encoding="utf-8")
    assert is_saved_game_file(path) and not is_saved_game_file(SKIRMISH)
    data = json.loads(path.read_text())
    assert data["format_version"] == 2 and data["kind"] == "saved_game"
    replay = Game.from_events(loaded.scenario, loaded.events, SeededDice(loaded.seed))
    assert [e.to_dict() for e in replay.events] == json.loads(json.dumps([e.to_dict() for e in game.events]))



def test_a_compact_save_reads_back_the_same(tmp_path: Path) -> None:
    """The recovery slot's autosave is written on one line (laying it out costs a 2,000-unit
    battle ~0.3-0.45 s every end of turn, issue 26); it reads back as the laid-out file does."""
    _, saved = played()
    path = tmp_path / "battle.json"
    save_saved_game(saved, path, compact=True)
    assert path.read_text(encoding="utf-8").count("\n") == 1
    assert load_saved_game(path) == saved

def test_detection() -> None:
    assert is_saved_game_text('{"format_version": 1, "kind": "saved_game"}')
    assert not is_saved_game_text(SKIRMISH.read_text())
    assert not is_saved_game_text("not json")


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d.pop("seed"), "seed or a dice_script"),
        (lambda d: d.update(format_version=3), "format_version"),
        (lambda d: d["scenario"]["units"][0].update(move=-1), "scenario.units[0].move: must be >= 0"),
        (lambda d: d["events"].append({"kind": "unit_moved"}), "expected an order or decided event"),
        (lambda d: d.update(active_player="green"), "not a player"),
        (lambda d: d.update(round="2"), "round: expected an integer"),
        # issue 26: a checkpoint of the wrong shape is named like any other field
        (lambda d: d.update(checkpoint={"key": "zz", "payload": ""}), "checkpoint.key: does not match"),
        (lambda d: d.update(checkpoint={"key": "0" * 64, "payload": "not base64!"}), "checkpoint.payload"),
        (lambda d: d.update(checkpoint={"key": "0" * 64}), "checkpoint.payload: required field is missing"),
    ],
)
def test_loader_messages_name_the_file_and_path(tmp_path: Path, mutate, expected) -> None:
    _, saved = played(turns=1)
    data = json.loads(dump_saved_game(saved))
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_saved_game(path)
    assert any(expected in m for m in info.value.messages), info.value.messages
    assert all(m.startswith(str(path)) for m in info.value.messages)


def test_bad_json_and_truncation(tmp_path: Path) -> None:
    _, saved = played(turns=1)
    text = dump_saved_game(saved)
    with pytest.raises(ScenarioError, match=r"cut\.json: line .*invalid JSON"):
        parse_saved_game(text[: len(text) // 2], "cut.json")
    with pytest.raises(ScenarioError, match="empty"):
        parse_saved_game("  ", "empty.json")
    with pytest.raises(ScenarioError, match="cannot read"):
        load_saved_game(tmp_path / "missing.json")


def test_atomic_save_keeps_the_old_file_when_the_game_is_invalid(tmp_path: Path) -> None:
    _, saved = played(turns=1)
    path = tmp_path / "game.json"
    save_saved_game(saved, path)
    before = path.read_text()
    broken = saved.model_copy(update={"events": [{"kind": "nonsense"}]})
    with pytest.raises(ScenarioError):
        save_saved_game(broken, path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# -- messages name the saved game's own paths and fields ----------------------------------------------


def errors_for(mutate) -> list[str]:
    _, saved = played(turns=1)
    data = json.loads(dump_saved_game(saved))
    mutate(data)
    with pytest.raises(ScenarioError) as info:
        parse_saved_game(json.dumps(data), "game.json")
    return info.value.messages


def first_move(data: dict) -> dict:
    return next(e for e in data["events"] if e.get("order") == "move")


def append_order(data: dict, order: str, args: dict) -> None:
    unit = data["scenario"]["units"][0]["id"]
    data["events"].append({"kind": "order", "player": "red", "order": order, "unit": unit, "args": args})


def test_unknown_top_level_field_lists_the_saved_game_fields() -> None:
    (message,) = errors_for(lambda d: d.update(foo=1))
    assert message.startswith("game.json: foo: unknown field (allowed: format_version, kind, engine_version,")
    assert "scenario, seed, dice_script" in message and "battlefield" not in message


def test_unknown_field_inside_the_scenario_suggests_the_right_name() -> None:
    (message,) = errors_for(lambda d: d["scenario"]["units"][0].update(moove=3))
    assert message.startswith("game.json: scenario.units[0].moove: unknown field (did you mean 'move'? ")


def test_scenario_consistency_problems_get_the_scenario_prefix() -> None:
    def duplicate(data: dict) -> None:
        data["scenario"]["units"].append(dict(data["scenario"]["units"][0]))

    messages = errors_for(duplicate)
    assert any(m.startswith("game.json: scenario.units[") and ".id: duplicate id" in m for m in messages)
    assert all(m.startswith("game.json: scenario.units[") for m in messages), messages


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: first_move(d).pop("args"), ".args: required field is missing"),
        (lambda d: first_move(d)["args"].update(to="x"), ".args.to: expected [x, y] integers, got 'x'"),
        (lambda d: first_move(d).update(args={"to": [1, 2.5]}), ".args.to: expected [x, y] integers"),
        (
            lambda d: first_move(d).update(args={"path": [[1, 2], [1]]}),
            ".args.path: expected a list of [x, y] integers",
        ),
        (lambda d: first_move(d).update(args={}), ".args: a move needs 'to' ([x, y]) or 'path'"),
        (
            lambda d: first_move(d).update(order="jump"),
            ".order: expected one of move, act, face, end_unit, end_turn, got 'jump'",
        ),
        (lambda d: first_move(d).pop("unit"), ".unit: required field is missing"),
        (lambda d: append_order(d, "act", {"kind": "zap"}), ".args: unknown action kind 'zap'"),
        (lambda d: append_order(d, "act", {"kind": "attack", "target": "b"}), ".args.weapon: required field"),
        (lambda d: append_order(d, "face", {"facing": "up"}), ".args.facing: expected one of N, NE, E,"),
        (lambda d: append_order(d, "face", {}), ".args.facing: required field is missing"),
        (
            lambda d: d["events"].append({"kind": "decided", "unit": "u", "question": "q", "answer": 3}),
            ".answer: expected a string, got 3",
        ),
        (
            lambda d: d["events"].append({"kind": "decided", "unit": "u", "answer": "yes"}),
            ".question: required field is missing",
        ),
    ],
)
def test_order_events_are_checked_when_loading(mutate, expected) -> None:
    messages = errors_for(mutate)
    assert any(m.startswith("game.json: events[") and expected in m for m in messages), messages


def test_order_event_messages_give_the_event_index() -> None:
    def bad(data: dict) -> None:
        data["events"][3]["order"] = "move"
        data["events"][3]["args"] = {"to": "x"}

    assert "game.json: events[3].args.to: expected [x, y] integers, got 'x'" in errors_for(bad)


def test_an_order_for_a_unit_the_scenario_lacks_is_rejected() -> None:
    def ghost(data: dict) -> None:
        index = data["events"].index(first_move(data))
        data["events"][index]["unit"] = "ghost"

    messages = errors_for(ghost)
    assert any(
        m.startswith("game.json: events[") and m.endswith(".unit: unknown unit 'ghost'") for m in messages
    )
    index = next(i for i, e in enumerate(played(turns=1)[1].events) if e.get("order") == "move")
    assert f"game.json: events[{index}].unit: unknown unit 'ghost'" in messages


def test_every_order_the_engine_logs_is_accepted() -> None:
    _, saved = played(turns=4)
    assert {e["order"] for e in saved.events if e["kind"] == "order"} >= {"move", "end_turn"}
    assert parse_saved_game(dump_saved_game(saved), "game.json") == saved


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        (None, "game.json: format_version: required field is missing"),
        ("1", "game.json: format_version: expected the integer 2, got '1'"),
        (True, "game.json: format_version: expected the integer 2, got true"),
        (3, "game.json: format_version: unsupported version 3; this program reads version 2 "
            "(and migrates 1)"),
    ],
)
def test_format_version_messages_match_the_scenario_loader(version, expected) -> None:
    def set_version(data: dict) -> None:
        if version is None:
            del data["format_version"]
        else:
            data["format_version"] = version

    assert errors_for(set_version) == [expected]
