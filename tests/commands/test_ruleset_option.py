"""`brikwars-sim run|forecast --ruleset d6`: the samples play to the end under the D6 ruleset,
and a saved battle keeps the ruleset and the points spent (issue 11)."""

from __future__ import annotations

import json

from brikwars_gui.cli import main
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario


def test_skirmish_plays_to_the_end_under_d6_and_the_saved_battle_keeps_the_ruleset(capsys, tmp_path) -> None:
    log, save = tmp_path / "game.jsonl", tmp_path / "after.json"
    args = ["run", str(SCENARIOS / "skirmish.json"), "--ruleset", "d6", "--seed", "1", "--turns", "40"]
    assert main([*args, "--log", str(log), "--save", str(save), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Winner:" in out and "turn limit" not in out
    events = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    assert {"attacked", "armor_rolled", "killed"} <= {e["kind"] for e in events}
    rolls = [e["roll"] for e in events if e["kind"] == "attacked" and e["roll"]]
    assert rolls and all(r["kind"] == "d6_action" and "Wild" in r["text"] for r in rolls)
    saved = load_scenario(save)
    assert saved.ruleset == "d6"
    held = {u.id: u.d6.character_points for u in saved.units if u.d6 is not None}
    cp = [e for e in events if e["kind"] == "decided" and e["question"] == "character_points"]
    spent = sum(int(e["answer"]) for e in cp if e["unit"] in held)
    base = load_scenario(SCENARIOS / "skirmish.json").units
    start = {u.id: 5 if u.hero else 2 for u in base if u.id in held}  # the documented defaults
    assert held and sum(start.values()) - sum(held.values()) == spent  # points spent stay spent


def test_large_battle_plays_to_the_end_under_d6(capsys) -> None:
    args = ["run", str(SCENARIOS / "large_battle.json"), "--ruleset", "d6", "--seed", "2", "--turns", "60"]
    assert main([*args, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Winner:" in out and "turn limit" not in out


def test_forecast_under_d6_plays_every_run(capsys) -> None:
    args = ["forecast", str(SCENARIOS / "skirmish.json"), "--ruleset", "d6", "--runs", "4", "--jobs", "1"]
    assert main([*args, "--json", "--no-runs"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["runs"] == 4 and report["errors"] == []
    assert sum(p["wins"] for p in report["players"]) + report["draws"] + report["turn_limit"] == 4
