"""`brikwars-sim validate FILE...`: OK lines on stdout, problems on stderr, exit 2 on any invalid file."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from brikwars_gui.commands import validate
from brikwars_gui.paths import SCENARIOS

SAMPLES = sorted(SCENARIOS.glob("*.json"))


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="brikwars-sim")
    validate.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["validate", *argv])
    return int(args.func(args))


def test_samples_exist() -> None:
    names = {"skirmish.json", "hazard_showcase.json", "large_battle.json", "ruined_chapel.json"}
    assert {p.name for p in SAMPLES} >= names


def test_all_samples_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*map(str, SAMPLES)) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"OK: {p}" for p in SAMPLES]
    assert err == ""


def test_truncated_copy_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "skirmish.json"
    text = (SCENARIOS / "skirmish.json").read_text(encoding="utf-8")
    bad.write_text(text[: len(text) // 2], encoding="utf-8")
    good = tmp_path / "good.json"
    shutil.copy(SCENARIOS / "skirmish.json", good)
    assert run(str(good), str(bad)) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"OK: {good}"]
    lines = err.splitlines()
    assert lines[0].startswith(f"{bad}: line ") and "invalid JSON" in lines[0]
    assert lines[-1] == "1 of 2 files invalid"


def test_unit_moved_off_map_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((SCENARIOS / "skirmish.json").read_text(encoding="utf-8"))
    data["units"][2]["position"] = [30, 4]
    bad = tmp_path / "moved.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert run(str(bad)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{bad}: units[2].position: cell (30, 4) is off the 24x16 battlefield\n"


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(str(tmp_path / "none.json")) == 2
    assert "cannot read: No such file or directory" in capsys.readouterr().err


def test_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("-q", str(SAMPLES[0])) == 0
    assert capsys.readouterr().out == ""


def test_registered_in_cli() -> None:
    from brikwars_gui import cli

    assert "validate" in cli.COMMANDS
    try:
        parser = cli.build_parser()
    except ModuleNotFoundError as exc:  # another subcommand module not written yet
        pytest.skip(f"cli not complete yet: {exc}")
    args = parser.parse_args(["validate", str(SAMPLES[0])])
    assert args.func is validate.run
