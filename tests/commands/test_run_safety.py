"""`brikwars-sim run` writes no raw control characters, checks output paths before playing and
replaces logs atomically (issue 14, items 4 and 11)."""

from __future__ import annotations

import json
import os

import pytest
from hostile_files import CONTROL_NAME, renamed_unit, scenario_data, write_json

from brikwars_gui.cli import main
from brikwars_gui.commands.terminal import escape_controls
from brikwars_gui.paths import SCENARIOS

SKIRMISH = str(SCENARIOS / "skirmish.json")


def test_names_with_control_characters_are_escaped_in_the_report(capsys, tmp_path):
    data = renamed_unit(CONTROL_NAME)
    data["name"] = "Battle\x1b[31m"
    path = write_json(tmp_path, "evil.json", data)
    assert main(["run", str(path), "--turns", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x00" not in out and "\x07" not in out and "\u202e" not in out
    assert "Evil\\x1b]0;pwned\\x07\\x1b[2J\\x00\\u202eName" in out
    assert out.startswith("Battle\\x1b[31m:")


def test_escape_controls_keeps_newlines_tabs_and_ordinary_text():
    assert escape_controls("Ärger\tim\nBrick — ✓") == "Ärger\tim\nBrick — ✓"
    assert escape_controls("\x9b\x7f\r") == "\\x9b\\x7f\\x0d"


def test_validate_messages_escape_a_file_name_with_controls(capsys, tmp_path):
    bad = tmp_path / "bad\x1b[2J.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "bad\\x1b[2J.json" in err


@pytest.mark.parametrize("option", ["--log", "--save", "--save-snapshot", "--gif"])
def test_an_unwritable_output_path_fails_before_the_game(capsys, tmp_path, option, monkeypatch):
    from brikwars_gui.engine import ai

    played: list[int] = []
    monkeypatch.setattr(ai, "play_turn", lambda game: played.append(1))
    target = tmp_path / "no-such-folder" / "out.json"
    assert main(["run", SKIRMISH, "--seed", "1", option, str(target)]) == 2
    err = capsys.readouterr().err
    assert f"{option} {target}: cannot write there: the folder" in err and "does not exist" in err
    assert played == []
    assert main(["run", SKIRMISH, "--seed", "1", option, str(tmp_path)]) == 2
    assert "it is a directory" in capsys.readouterr().err


def test_a_failed_log_write_keeps_the_old_log(capsys, tmp_path, monkeypatch):
    log = tmp_path / "game.jsonl"
    assert main(["run", SKIRMISH, "--turns", "2", "--seed", "1", "--quiet", "--log", str(log)]) == 0
    old = log.read_bytes()

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    capsys.readouterr()
    assert main(["run", SKIRMISH, "--turns", "3", "--seed", "2", "--quiet", "--log", str(log)]) == 1
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert f"--log {log}: cannot write: No space left on device (any old file there is unchanged)" in err
    assert log.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]
    assert main(["replay", str(log)]) == 0


def test_a_dice_script_that_is_a_device_or_has_huge_numbers_is_refused(capsys, tmp_path):
    assert main(["run", SKIRMISH, "--dice-script", "/dev/zero"]) == 2
    assert "not a regular file" in capsys.readouterr().err
    script = tmp_path / "dice.txt"
    script.write_text("3 " + "9" * 5000)
    assert main(["run", SKIRMISH, "--dice-script", str(script)]) == 2
    err = capsys.readouterr().err
    assert "at most 3 digits" in err and "set_int_max_str_digits" not in err


def test_a_scenario_fifo_does_not_block_run(capsys, tmp_path):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    assert main(["validate", str(pipe)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    write_json(tmp_path, "ok.json", scenario_data())
    assert json.loads((tmp_path / "ok.json").read_text())["name"]
