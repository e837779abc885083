"""`brikwars-sim forecast --heatmap/--dask/saved games`, `hazards`, `run --gif/--frames`: the files
they write (sizes, frame counts, pixels where fire burned), rendered offscreen."""

from __future__ import annotations

import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from brikwars_gui.cli import main
from brikwars_gui.engine import ai, forecast_remote
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, save_saved_game

SCENARIOS = Path(__file__).resolve().parents[2] / "resources" / "scenarios"
SHOWCASE = str(SCENARIOS / "hazard_showcase.json")
SKIRMISH = str(SCENARIOS / "skirmish.json")


def _json(capsys) -> dict:
    return json.loads(capsys.readouterr().out)


def test_forecast_heatmap_png_and_json(capsys, tmp_path) -> None:
    out = tmp_path / "heat.png"
    assert (
        main(
            [
                "forecast",
                SHOWCASE,
                "--runs",
                "3",
                "--turns",
                "3",
                "--jobs",
                "1",
                "--json",
                "--heatmap",
                str(out),
            ]
        )
        == 0
    )
    data = _json(capsys)
    assert data["heatmaps"]["runs"] == 3
    image = Image.open(out)
    assert image.format == "PNG" and image.width > 3 * 300 and image.height > 150


def test_forecast_dask_option_gives_the_jobs_1_report(capsys, monkeypatch) -> None:
    @contextlib.contextmanager
    def fake_cluster(address):
        assert address == "tcp://scheduler:8786"
        with ThreadPoolExecutor(2) as pool:
            yield pool

    monkeypatch.setattr(forecast_remote, "dask_executor", fake_cluster)
    args = ["forecast", SKIRMISH, "--runs", "4", "--turns", "4", "--json", "--no-runs"]
    assert main([*args, "--jobs", "1"]) == 0
    local = _json(capsys)
    assert main([*args, "--dask", "tcp://scheduler:8786"]) == 0
    remote = _json(capsys)
    for key in ("elapsed_s", "jobs"):
        local.pop(key), remote.pop(key)
    assert remote == local


def test_forecast_from_a_saved_game_starts_at_its_position(capsys, tmp_path) -> None:
    scenario = load_scenario(SKIRMISH)
    game = Game.from_scenario(scenario, seed=9, max_rounds=10)
    for _ in range(3):
        ai.play_turn(game)
    assert not game.over
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
    path = tmp_path / "saved.json"
    save_saved_game(SavedGame(scenario=scenario, seed=9, max_rounds=10, events=events), path)
    assert main(["forecast", str(path), "--runs", "3", "--turns", "2", "--json"]) == 0
    data = _json(capsys)
    assert data["from_round"] == game.round
    assert all(r["rounds"] >= game.round for r in data["results"])


def test_hazards_heatmap_gif_frames_and_json(capsys, tmp_path) -> None:
    png, gif, frames = tmp_path / "spread.png", tmp_path / "spread.gif", tmp_path / "frames"
    args = ["hazards", SHOWCASE, "--rounds", "3", "--runs", "20", "--heatmap", str(png), "--gif", str(gif)]
    assert main([*args, "--frames", str(frames), "--json"]) == 0
    data = _json(capsys)
    burn = np.array(data["burn"])
    assert burn.shape[0] == 4 and data["runs"] == 20
    with Image.open(gif) as anim:
        assert anim.n_frames == 4
    assert len(list(frames.glob("frame-*.png"))) == 4
    # the pixel at a cell that burned in every run is deep red (YlOrRd at 100%), one that never
    # burned keeps the terrain colour
    image = Image.open(png).convert("RGB")
    scenario = load_scenario(SHOWCASE)
    w, h = scenario.battlefield.width, scenario.battlefield.height
    px = image.width / w
    top = 26  # the title line
    ys, xs = np.nonzero(burn[3] == 1.0)
    assert len(xs), "a permanent fire burns in every run"
    r, g, b = image.getpixel((int((xs[0] + 0.5) * px), int(top + (ys[0] + 0.5) * px)))
    assert r > 150 and g < 90 and b < 90
    never = np.argwhere(burn.max(axis=0) == 0)[0]
    r2, g2, b2 = image.getpixel((int((never[1] + 0.5) * px), int(top + (never[0] + 0.5) * px)))
    assert not (r2 > 150 and g2 < 90 and b2 < 90)
    assert image.height == pytest.approx(top + h * px + 46, abs=2)


def test_hazards_text_summary(capsys) -> None:
    assert main(["hazards", SHOWCASE, "--rounds", "2", "--runs", "5"]) == 0
    out = capsys.readouterr().out
    assert "Hazard spread" in out and out.count("\n") == 5


def test_run_gif_has_one_frame_per_turn_and_the_end(capsys, tmp_path) -> None:
    gif, frames = tmp_path / "battle.gif", tmp_path / "frames"
    assert (
        main(
            [
                "run",
                SKIRMISH,
                "--seed",
                "3",
                "--turns",
                "3",
                "--gif",
                str(gif),
                "--frames",
                str(frames),
            ]
        )
        == 0
    )
    scenario = load_scenario(SKIRMISH)
    game = Game.from_scenario(scenario, seed=3, max_rounds=3)
    ai.play_game(game)
    turns = sum(1 for e in game.events if e.kind == "turn_started")
    with Image.open(gif) as anim:
        assert anim.n_frames == turns + 1
        assert anim.size[0] > 300
    assert len(list(frames.glob("*.png"))) == turns + 1
    assert f"timeline: {turns + 1} frame(s)" in capsys.readouterr().out


def test_bad_arguments_exit_2(capsys, tmp_path) -> None:
    assert main(["hazards", SHOWCASE, "--rounds", "2", "--round", "5"]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["hazards", str(bad)]) == 2
    assert main(["forecast", str(bad)]) == 2
