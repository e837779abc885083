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
    assert data["format_version"] == 1 and data["kind"] == "saved_game"
    replay = Game.from_events(loaded.scenario, loaded.events, SeededDice(loaded.seed))
    assert [e.to_dict() for e in replay.events] == json.loads(json.dumps([e.to_dict() for e in game.events]))


def test_detection() -> None:
    assert is_saved_game_text('{"format_version": 1, "kind": "saved_game"}')
    assert not is_saved_game_text(SKIRMISH.read_text())
    assert not is_saved_game_text("not json")


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d.pop("seed"), "seed or a dice_script"),
        (lambda d: d.update(format_version=2), "format_version"),
        (lambda d: d["scenario"]["units"][0].update(move=-1), "scenario.units[0].move: must be >= 0"),
        (lambda d: d["events"].append({"kind": "unit_moved"}), "expected an order or decided event"),
        (lambda d: d.update(active_player="green"), "not a player"),
        (lambda d: d.update(round="2"), "round: expected an integer"),
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
