"""Samples by name (issue 27): an installed wheel or the bundle reaches its sample scenarios without
knowing where the package lives — `brikwars-sim samples`, `run skirmish`, `brikwars hazard_showcase`."""

from __future__ import annotations

import json

import pytest

from brikwars_gui.cli import main
from brikwars_gui.paths import SCENARIOS, sample_names, scenario_argument


def test_samples_lists_every_bundled_scenario_with_its_title(capsys) -> None:
    assert main(["samples"]) == 0
    out = capsys.readouterr().out
    assert sample_names() == sorted(p.stem for p in SCENARIOS.glob("*.json"))
    for name in sample_names():
        assert f"\n{name} " in f"\n{out}"
    assert "Skirmish at Brick Creek" in out and "ninepowers" in out


def test_samples_json_and_paths(capsys) -> None:
    assert main(["samples", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in listed] == sample_names()
    assert all(s["units"] > 0 for s in listed)
    assert main(["samples", "--path"]) == 0
    assert capsys.readouterr().out.split() == [str(SCENARIOS / f"{n}.json") for n in sample_names()]


def test_run_takes_a_sample_by_name_and_logs_its_real_path(capsys, tmp_path) -> None:
    log = tmp_path / "game.jsonl"
    assert main(["run", "skirmish", "--turns", "1", "--seed", "3", "--log", str(log)]) == 0
    assert "Skirmish at Brick Creek" in capsys.readouterr().out
    assert json.loads(log.read_text().splitlines()[0])["scenario"] == str(SCENARIOS / "skirmish.json")
    assert main(["replay", str(log)]) == 0  # the log replays from anywhere


def test_validate_forecast_and_hazards_take_sample_names(capsys) -> None:
    assert main(["validate", "skirmish", "ruined_chapel.json"]) == 0
    assert main(["hazards", "hazard_showcase", "--rounds", "1", "--runs", "2"]) == 0
    assert main(["forecast", "skirmish", "--runs", "1", "--turns", "1", "--jobs", "1"]) == 0


def test_a_file_in_the_working_directory_wins_over_a_sample(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "skirmish").write_text("{}")
    assert scenario_argument("skirmish") == "skirmish"
    assert scenario_argument("no_such_sample") == "no_such_sample"  # the loader names what was typed
    assert scenario_argument("skirmish.json") == str(SCENARIOS / "skirmish.json")
    assert scenario_argument("-") == "-"


@pytest.mark.parametrize("program", ["brikwars-sim", "brikwars"])
def test_version_names_the_program_and_licence(program, capsys) -> None:
    from brikwars_gui import __version__, app, cli

    entry = cli.main if program == "brikwars-sim" else app.main
    with pytest.raises(SystemExit) as exit_:
        entry(["--version"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{program} {__version__} (Python 3.") and "MIT licence" in out


def test_the_app_smoke_test_opens_a_sample_by_name(capsys) -> None:
    from brikwars_gui.app import main as app_main

    assert app_main(["--smoke-test", "ruined_chapel"]) == 0
    assert "smoke test OK: ruined_chapel.json, one AI turn played" in capsys.readouterr().out
