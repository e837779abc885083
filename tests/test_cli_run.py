"""`brikwars-sim run` and `brikwars-sim replay` through cli.main."""

from __future__ import annotations

import json
import time
from pathlib import Path

from brikwars_gui.cli import main

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"


def test_run_skirmish_ten_turns_seed_one_reports_a_result(capsys, tmp_path):
    log, save = tmp_path / "game.jsonl", tmp_path / "final.json"
    start = time.perf_counter()
    code = main(
        [
            "run",
            str(SCENARIOS / "skirmish.json"),
            "--turns",
            "10",
            "--seed",
            "1",
            "--log",
            str(log),
            "--save",
            str(save),
        ]
    )
    elapsed = time.perf_counter() - start
    out = capsys.readouterr().out
    assert code == 0
    assert elapsed < 20
    assert "=== Round 1 — red ===" in out and "=== Result ===" in out
    assert "Winner:" in out or "No winner: turn limit" in out
    assert "survivor(s)" in out
    header = json.loads(log.read_text().splitlines()[0])
    assert header["seed"] == 1 and header["scenario"].endswith("skirmish.json") and header["engine_version"]
    snapshot = json.loads(save.read_text())
    assert snapshot["format"] == "brikwars-snapshot" and "units" in snapshot["state"]
    assert main(["replay", str(log)]) == 0
    assert capsys.readouterr().out.startswith("OK: ")


def test_replay_detects_a_tampered_log(capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    assert (
        main(
            [
                "run",
                str(SCENARIOS / "skirmish.json"),
                "--turns",
                "3",
                "--seed",
                "7",
                "--quiet",
                "--log",
                str(log),
            ]
        )
        == 0
    )
    lines = log.read_text().splitlines()
    for i, line in enumerate(lines[1:], start=1):
        data = json.loads(line)
        if data["kind"] == "unit_moved":
            data["cost"] += 1
            lines[i] = json.dumps(data)
            break
    log.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert "DIFFERENT at event" in err and "logged:" in err and "replayed:" in err


def test_run_with_a_dice_script_that_runs_out_stops_cleanly(capsys, tmp_path):
    script = tmp_path / "dice.txt"
    script.write_text("3 4, 5\n2")
    code = main(["run", str(SCENARIOS / "skirmish.json"), "--turns", "5", "--dice-script", str(script)])
    out = capsys.readouterr().out
    assert code in (0, 1)
    assert "=== Result ===" in out


def test_run_rejects_an_invalid_scenario(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["run", str(bad)]) == 2
