"""Event logs carry the scenario as played (issue 26): `replay` needs only the log, whatever
`--ruleset` / `--ai` the game was run with and wherever the scenario file went; a changed scenario,
malformed orders and a huge log of blank lines are refused with the line and field; `validate`
recognises scenarios, saved games and logs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from brikwars_gui.cli import main
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, save_saved_game


def _played_log(folder: Path, *extra: str) -> Path:
    """A 3-round skirmish log run from a copy of the scenario that is then deleted."""
    scenario = folder / "skirmish.json"
    shutil.copy(SCENARIOS / "skirmish.json", scenario)
    log = folder / "game.jsonl"
    argv = ["run", str(scenario), "--turns", "3", "--seed", "3", "--quiet", "--log", str(log), *extra]
    assert main(argv) == 0
    scenario.unlink()
    return log


def _replay(capsys, log: Path) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["replay", str(log)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "extra", [("--ruleset", "d6"), ("--ruleset", "ninepowers", "--ai", "red=hard"), ("--ai", "blue=easy")]
)
def test_a_log_replays_as_played_with_only_the_log(tmp_path, capsys, extra) -> None:
    log = _played_log(tmp_path, *extra)
    code, out, err = _replay(capsys, log)
    assert (code, err) == (0, "") and out.startswith("OK: ")
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["format_version"] == 2 and len(header["scenario_sha256"]) == 64
    if "--ruleset" in extra:
        assert header["scenario_data"]["ruleset"] == extra[1]
    if "--ai" in extra:
        player, level = extra[-1].split("=")
        assert header["ai"][player] == level
        levels = {p["id"]: p.get("ai_level", "default") for p in header["scenario_data"]["players"]}
        assert levels[player] == level


def test_a_log_whose_scenario_was_changed_is_refused_by_its_hash(tmp_path, capsys) -> None:
    log = _played_log(tmp_path)
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["scenario_data"]["units"][0]["move"] = 9
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    code, _, err = _replay(capsys, log)
    assert code == 2 and err.startswith(f"{log}: line 1: scenario_data: does not match scenario_sha256")


def test_an_old_log_naming_its_scenario_by_path_still_replays(tmp_path, capsys) -> None:
    log = tmp_path / "old.jsonl"
    skirmish = str(SCENARIOS / "skirmish.json")
    assert main(["run", skirmish, "--turns", "2", "--seed", "5", "--quiet", "--log", str(log)]) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    for key in ("format_version", "scenario_data", "scenario_sha256", "ai"):
        del header[key]  # what a log of format 1 held
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    code, out, _ = _replay(capsys, log)
    assert code == 0 and out.startswith("OK: ")


def test_malformed_logged_orders_are_named_by_line_and_field(tmp_path, capsys) -> None:
    log = _played_log(tmp_path)
    lines = log.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines[1:]]
    orders = [i for i, e in enumerate(events) if e["kind"] == "order"]
    del events[orders[0]]["order"]
    moves = [i for i in orders if events[i].get("order") == "move"]
    events[moves[0]]["args"] = {"to": "here"}
    log.write_text("\n".join([lines[0], *map(json.dumps, events)]) + "\n", encoding="utf-8")
    code, _, err = _replay(capsys, log)
    assert code == 2 and "KeyError" not in err and "Traceback" not in err
    assert err.splitlines() == [
        f"{log}: line {orders[0] + 2}: order: required field is missing",
        f"{log}: line {moves[0] + 2}: args.to: expected [x, y] integers, got 'here'",
    ]


def test_a_100_mb_log_of_blank_lines_is_refused_at_bounded_memory(tmp_path) -> None:
    log = _played_log(tmp_path)
    header = log.read_text(encoding="utf-8").splitlines()[0]
    with log.open("w", encoding="utf-8") as handle:
        handle.write(header + "\n")
        block = "\n" * (1 << 20)
        for _ in range(100):
            handle.write(block)
    probe = (
        "import resource, sys\n"
        "from brikwars_gui.cli import main\n"
        "code = main(['replay', sys.argv[1]])\n"
        "print(code, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(log)], capture_output=True, text=True, timeout=300, check=False
    )
    code, peak_mib = map(int, done.stdout.split())
    assert code == 2 and "more than 1,000,000 lines" in done.stderr
    assert peak_mib < 300, done.stdout  # the whole file split into lines took 949 MB


def test_validate_recognises_scenarios_saved_games_and_logs(tmp_path, capsys) -> None:
    log = _played_log(tmp_path)
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    game = Game.from_scenario(scenario, seed=4)
    game.end_turn()
    saved = tmp_path / "saved.json"
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
    save_saved_game(SavedGame(scenario=scenario, seed=4, events=events), saved)
    capsys.readouterr()
    assert main(["validate", str(SCENARIOS / "skirmish.json"), str(saved), str(log)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines() == [
        f"OK: {SCENARIOS / 'skirmish.json'}",
        f"OK: {saved} (saved game)",
        f"OK: {log} (event log)",
    ]
