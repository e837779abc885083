"""`brikwars-sim run --ai PLAYER=LEVEL` (issue 13): the tactical AI plays a side from the CLI."""

from __future__ import annotations

from brikwars_gui.cli import main
from brikwars_gui.paths import SCENARIOS


def test_run_with_a_tactical_ai_side_plays_and_replays(capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    args = ["run", str(SCENARIOS / "skirmish.json"), "--turns", "4", "--seed", "3", "--quiet"]
    assert main([*args, "--ai", "blue=hard", "--ai", "red=passive", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "=== Result ===" in out
    orders = [line for line in log.read_text().splitlines() if '"kind": "order"' in line]
    assert orders and all('"player": "blue"' in line or '"end_turn"' in line for line in orders)
    assert main(["replay", str(log)]) == 0  # the orders replay exactly


def test_run_rejects_an_unknown_ai_level_or_player(capsys):
    args = ["run", str(SCENARIOS / "skirmish.json"), "--turns", "1", "--seed", "1"]
    assert main([*args, "--ai", "blue=brutal"]) != 0
    assert "unknown level 'brutal'" in capsys.readouterr().err
    assert main([*args, "--ai", "green=hard"]) != 0
    assert "no player 'green'" in capsys.readouterr().err
