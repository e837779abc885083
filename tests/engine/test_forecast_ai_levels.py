"""Forecasts with an AI level per side (issue 13): `forecast(..., ai={player: level})`, the CLI's
`forecast --ai PLAYER=LEVEL`; the same seeds give the same report whatever the number of jobs,
and a run is replayed by `run` with the same `--ai`."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from brikwars_gui.cli import main
from brikwars_gui.engine.forecast import forecast, play_run
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import make_player
from brikwars_gui.scenario.io import load_scenario

SKIRMISH = Path(__file__).resolve().parents[2] / "resources" / "scenarios" / "skirmish.json"


def test_ai_per_side_report_is_identical_across_jobs_and_records_the_levels():
    scenario = load_scenario(SKIRMISH)
    serial = forecast(scenario, 6, seed=2, max_rounds=6, jobs=1, ai={"red": "hard", "blue": "easy"})
    parallel = forecast(scenario, 6, seed=2, max_rounds=6, jobs=2, ai={"red": "hard", "blue": "easy"})
    with ThreadPoolExecutor(2) as pool:  # the Dask path: the same batches on an Executor
        remote = forecast(scenario, 6, seed=2, max_rounds=6, jobs=2, executor=pool, ai=serial.ai)
    assert parallel.jobs == 2
    assert serial == parallel == remote
    assert serial.ai == {"red": "hard", "blue": "easy"}
    assert serial.to_dict()["ai"] == {"red": "hard", "blue": "easy"}
    assert "AI: blue easy, red hard" in serial.format_text()


def test_each_run_is_the_game_its_ais_play_with_that_seed():
    """Run i is `Game.from_scenario(seed=s+i)` with Hard on red, the default AI on blue."""
    scenario = load_scenario(SKIRMISH)
    result = play_run(scenario, 5, 6, ai={"red": "hard"})
    assert result is not None
    game = Game.from_scenario(scenario, seed=5, max_rounds=6)
    players = {"red": make_player("hard", 5), "blue": make_player("default", 5)}
    while not game.over:
        players[game.active_player].play_turn(game)
    assert (result.winner, result.rounds, result.alive) == (
        game.winner,
        game.state.round,
        tuple(sorted(u.id for u in game.state.units.values() if u.alive)),
    )


def test_r_resp_1_two_passive_sides_never_finish():
    """Passive sides give no orders (every unit keeps its Action): every run reaches the limit."""
    report = forecast(load_scenario(SKIRMISH), 3, max_rounds=3, ai={"red": "passive", "blue": "passive"})
    assert report.turn_limit == 3 and all(p.wins == 0 for p in report.players)


def test_bad_ai_entries_name_the_player_or_level():
    scenario = load_scenario(SKIRMISH)
    with pytest.raises(ValueError, match="no player 'green'"):
        forecast(scenario, 1, ai={"green": "hard"})
    with pytest.raises(ValueError, match="unknown AI level 'brutal'"):
        forecast(scenario, 1, ai={"red": "brutal"})


def test_cli_forecast_ai_option(capsys):
    args = ["forecast", str(SKIRMISH), "--runs", "3", "--turns", "5", "--jobs", "1", "--json"]
    assert main([*args, "--ai", "red=normal"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ai"] == {"red": "normal"}
    direct = forecast(load_scenario(SKIRMISH), 3, max_rounds=5, ai={"red": "normal"})
    assert [r["winner"] for r in report["results"]] == [r.winner for r in direct.results]
    assert main([*args, "--ai", "red=brutal"]) == 2
    assert "unknown level 'brutal'" in capsys.readouterr().err
