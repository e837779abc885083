"""`brikwars-sim run` and `brikwars-sim replay` through cli.main."""

from __future__ import annotations

import json
from pathlib import Path

from hang_limit import hang_limit

from brikwars_gui.cli import main
from brikwars_gui.scenario.io import load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "resources" / "scenarios"


def test_run_skirmish_ten_turns_seed_one_reports_a_result(capsys, tmp_path):
    log, save = tmp_path / "game.jsonl", tmp_path / "final.json"
    with hang_limit(300):  # a limit against hangs, not a measure of speed (that is benchmarks/)
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
    out = capsys.readouterr().out
    assert code == 0
    assert "=== Round 1 — red ===" in out and "=== Result ===" in out
    assert "Winner:" in out or "No winner: turn limit" in out
    assert "survivor(s)" in out
    header = json.loads(log.read_text().splitlines()[0])
    assert header["seed"] == 1 and header["scenario"].endswith("skirmish.json") and header["engine_version"]
    saved = load_scenario(save)
    assert saved.format_version == 2 and saved.name.startswith("Skirmish at Brick Creek — after round ")
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


def test_save_snapshot_keeps_the_raw_final_state(capsys, tmp_path):
    snap = tmp_path / "snap.json"
    args = ["run", str(SCENARIOS / "skirmish.json"), "--turns", "2", "--seed", "3", "--quiet"]
    assert main([*args, "--save-snapshot", str(snap)]) == 0
    snapshot = json.loads(snap.read_text())
    assert snapshot["format"] == "brikwars-snapshot" and "units" in snapshot["state"]
    assert snapshot["round"] == 2


def test_saved_scenario_validates_and_plays_on(capsys, tmp_path):
    out = tmp_path / "after.json"
    args = ["run", str(SCENARIOS / "hazard_showcase.json"), "--turns", "3", "--seed", "11", "--quiet"]
    assert main([*args, "--save", str(out)]) == 0
    capsys.readouterr()
    assert load_scenario(out).name.endswith(" — after round 3")
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    again = tmp_path / "again.json"
    assert main(["run", str(out), "--turns", "2", "--seed", "12", "--quiet", "--save", str(again)]) == 0
    assert load_scenario(again).name == "Hazard Showcase: The Burning Hamlet — after round 2"
