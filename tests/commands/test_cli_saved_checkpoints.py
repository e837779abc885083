"""`brikwars-sim replay` and `forecast` given a saved game with a checkpoint (issue 26): they build
the game from the checkpoint, replaying only the orders after it (none for the window's Save Game,
the journaled ones for the autosave's), and report exactly what a full replay reports; a
checkpoint that does not fit is refused and every order replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brikwars_gui.cli import main
from brikwars_gui.engine import ai
from brikwars_gui.engine.checkpoint import make_checkpoint
from brikwars_gui.engine.dice.source import SessionDice
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, save_saved_game

KINDS = ("order", "decided", "unit_joined")


def _saved(scenario, game: Game) -> SavedGame:
    events = [e.to_dict() for e in game.events if e.kind in KINDS]
    return SavedGame(scenario=scenario, seed=9, max_rounds=10, events=events)


def _files(folder: Path, ruleset: str) -> dict[str, Path]:
    """The same battle (4 AI turns of the skirmish) saved three ways: orders only, with a
    checkpoint of the whole game (the window's Save Game), with one of its first 2 turns (the
    autosave's, the last 2 turns journaled after it)."""
    scenario = load_scenario(SCENARIOS / "skirmish.json").model_copy(update={"ruleset": ruleset})
    game = Game.from_scenario(scenario, dice=SessionDice(9), max_rounds=10)
    for _ in range(2):
        ai.play_turn(game)
    prefix = make_checkpoint(_saved(scenario, game), game, prefix=True)
    for _ in range(2):
        ai.play_turn(game)
    assert not game.over
    saved = _saved(scenario, game)
    files = {
        "orders": saved,
        "whole": saved.model_copy(update={"checkpoint": make_checkpoint(saved, game)}),
        "prefix": saved.model_copy(update={"checkpoint": prefix}),
    }
    for name, kept in files.items():
        save_saved_game(kept, folder / f"{name}.json")
    return {name: folder / f"{name}.json" for name in files}


def _run(capsys, *argv: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_replay_of_a_saved_game_uses_its_checkpoint_and_reports_what_the_replay_reports(
    tmp_path, capsys, replays, ruleset
) -> None:
    files = _files(tmp_path, ruleset)
    code, out = _run(capsys, "replay", str(files["orders"]), "--json")
    assert code == 0 and replays == [json.loads(out)["orders"]]  # no checkpoint: replayed
    replayed = json.loads(out)
    assert replayed["ok"] and "replayed (it has no checkpoint)" in replayed["built"]
    for name, after in (("whole", 0), ("prefix", None)):
        replays.clear()
        code, out = _run(capsys, "replay", str(files[name]), "--json")
        built = json.loads(out)
        assert code == 0 and replays == []  # from the checkpoint: no full replay
        assert built["built"].startswith("from its checkpoint")
        if after == 0:
            assert built["built"].endswith(", 0 replayed after it")
        else:
            assert not built["built"].endswith(", 0 replayed after it")
        assert {k: v for k, v in built.items() if k != "built"} == {
            k: v for k, v in replayed.items() if k != "built"
        }  # the same round, turn, survivors, events and state (its digest)
    replays.clear()
    code, out = _run(capsys, "replay", str(files["prefix"]), "--json", "--no-checkpoint")
    assert code == 0 and len(replays) == 1
    assert json.loads(out)["state_sha256"] == replayed["state_sha256"]


def test_replay_of_a_saved_game_with_a_checkpoint_that_does_not_fit_replays_every_order(
    tmp_path, capsys, replays
) -> None:
    files = _files(tmp_path, "brikwars")
    data = json.loads(files["prefix"].read_text(encoding="utf-8"))
    data["checkpoint"]["events"] -= 1  # it no longer says which orders it stands for
    files["prefix"].write_text(json.dumps(data), encoding="utf-8")
    code, out = _run(capsys, "replay", str(files["prefix"]))
    assert code == 0 and len(replays) == 1
    assert "its checkpoint is not used" in out and out.startswith("OK: ")


def test_forecast_from_a_saved_game_uses_its_checkpoint_and_gives_the_same_report(
    tmp_path, capsys, replays
) -> None:
    files = _files(tmp_path, "d6")
    args = ["--runs", "4", "--turns", "2", "--json", "--seed", "3"]
    code, out = _run(capsys, "forecast", str(files["orders"]), *args)
    assert code == 0 and len(replays) == 1
    expected = json.loads(out)
    expected.pop("elapsed_s")  # how long it took: the one figure that differs
    for name in ("whole", "prefix"):
        replays.clear()
        code, out = _run(capsys, "forecast", str(files[name]), *args)
        assert code == 0 and replays == []
        report = json.loads(out)
        report.pop("elapsed_s")
        assert report == expected
