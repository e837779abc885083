"""Command-line conventions (issue 27): `-` is standard input wherever a file is read and standard
output wherever one is written (the report then goes to stderr), `--json` for validate, run and
replay, help texts that read right in an installed copy, and a log file that is rotated."""

from __future__ import annotations

import io
import json
import logging
import sys

import pytest

from brikwars_gui.cli import build_parser, main
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario import limits

SKIRMISH = SCENARIOS / "skirmish.json"


class _Stdin:
    """A standard input holding `data` (text and binary), as a pipe gives it."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


class _Stdout(io.TextIOWrapper):
    """A captured standard output with the binary `buffer` a GIF or PNG is copied to."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), encoding="utf-8")

    def value(self) -> bytes:
        self.flush()
        return self.buffer.getvalue()


@pytest.fixture
def stdin(monkeypatch):
    def give(data: bytes) -> None:
        monkeypatch.setattr(limits, "_stdin", [])  # read once per command
        monkeypatch.setattr(sys, "stdin", _Stdin(data))

    return give


@pytest.fixture
def stdout(monkeypatch):
    """Call it in the test body (pytest's own capture resets sys.stdout after fixture set-up)."""

    def capture() -> _Stdout:
        captured = _Stdout()
        monkeypatch.setattr(sys, "stdout", captured)
        return captured

    return capture


def test_a_scenario_from_standard_input_is_validated_and_run(stdin, capsys) -> None:
    stdin(SKIRMISH.read_bytes())
    assert main(["validate", "-"]) == 0
    assert "OK: -" in capsys.readouterr().out
    stdin(SKIRMISH.read_bytes())
    assert main(["run", "-", "--turns", "1", "--seed", "3", "--quiet"]) == 0
    assert "=== Result ===" in capsys.readouterr().out


def test_a_broken_file_on_standard_input_is_named_as_dash(stdin, capsys) -> None:
    stdin(b'{"format_version": 2,')
    assert main(["validate", "-"]) == 2
    assert capsys.readouterr().err.startswith("-: line 1")


def test_standard_input_is_read_within_the_file_limit(stdin, capsys, monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 100)
    stdin(SKIRMISH.read_bytes())
    assert main(["validate", "-"]) == 2
    assert "standard input holds more than 100 bytes" in capsys.readouterr().err


def test_the_log_goes_to_standard_output_and_the_report_to_stderr(capsys, stdout, stdin) -> None:
    out = stdout()
    assert main(["run", "skirmish", "--turns", "1", "--seed", "3", "--log", "-"]) == 0
    lines = out.value().decode().splitlines()
    header = json.loads(lines[0])
    assert header["log"] == "brikwars-sim" and len(lines) > 10
    assert "=== Result ===" in capsys.readouterr().err
    stdin("\n".join(lines).encode() + b"\n")  # and the log replays from standard input
    assert main(["replay", "-"]) == 0


def test_a_gif_and_a_png_go_to_standard_output(stdout, capsys) -> None:
    out = stdout()
    assert main(["hazards", "hazard_showcase", "--rounds", "1", "--runs", "2", "--gif", "-"]) == 0
    assert out.value()[:6] == b"GIF89a"
    assert "Hazard spread" in capsys.readouterr().err  # the summary makes way
    out = stdout()
    assert main(["forecast", "skirmish", "--runs", "1", "--turns", "1", "--jobs", "1", "--heatmap", "-"]) == 0
    assert out.value()[:8] == b"\x89PNG\r\n\x1a\n"


def test_two_outputs_cannot_share_standard_output(capsys) -> None:
    assert main(["run", "skirmish", "--log", "-", "--gif", "-"]) == 2
    assert "only one output can go to standard output (-): --log, --gif" in capsys.readouterr().err
    assert main(["hazards", "skirmish", "--gif", "-", "--json"]) == 2


def test_run_json_gives_the_result(capsys) -> None:
    assert main(["run", "skirmish", "--turns", "2", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)  # nothing but the JSON on stdout
    assert data["scenario"] == "Skirmish at Brick Creek" and data["seed"] == 3
    assert data["rounds"] <= 2 and {p["id"] for p in data["players"]} == {"red", "blue"}
    survivors = sum(len(p["survivors"]) for p in data["players"])
    assert 0 < survivors <= 10 and data["events"] > 0


def test_replay_json_reports_the_first_difference(tmp_path, capsys) -> None:
    log = tmp_path / "game.jsonl"
    assert main(["run", "skirmish", "--turns", "1", "--seed", "3", "--log", str(log), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["replay", "--json", str(log)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    lines = log.read_text().splitlines()
    changed = json.loads(lines[5])
    changed["tampered"] = True
    lines[5] = json.dumps(changed)
    log.write_text("\n".join(lines) + "\n")
    assert main(["replay", "--json", str(log)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and data["difference"]["line"] == 6
    assert "tampered" in data["difference"]["logged"]


def test_validate_json_lists_every_file(capsys) -> None:
    assert main(["validate", "--json", "skirmish", "nothing.json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert [r["ok"] for r in report] == [True, False]
    assert report[0]["kind"] == "scenario" and "nothing.json: cannot read" in report[1]["problems"][0]


def test_help_texts_show_percent_signs_once_and_no_repository_paths() -> None:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    for name, sub in subparsers.choices.items():
        text = sub.format_help()
        assert "%%" not in text, name
        assert "format_version 1" not in text and "docs/" not in text and ".py" not in text, name
    assert "95% interval" in subparsers.choices["forecast"].format_help()


def test_the_log_file_is_rotated(tmp_path) -> None:
    from brikwars_gui.ui import recovery

    path = recovery.setup_logging(tmp_path)
    handler = recovery._handlers[str(path)]
    assert isinstance(handler, logging.handlers.RotatingFileHandler)
    assert handler.maxBytes == recovery.LOG_MAX_BYTES and handler.backupCount == recovery.LOG_BACKUPS
    logger = logging.getLogger("brikwars_gui.test_rotation")
    for i in range(3 * recovery.LOG_MAX_BYTES // 1000):
        logger.info("%d %s", i, "x" * 1000)
    assert path.stat().st_size <= recovery.LOG_MAX_BYTES
    assert (tmp_path / "brikwars.log.1").is_file()
    logging.getLogger("brikwars_gui").removeHandler(handler)
    handler.close()
    del recovery._handlers[str(path)]
