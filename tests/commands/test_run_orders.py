"""`brikwars-sim run --orders FILE`: scripted orders before the AI plays (issue 8), through the CLI."""

from __future__ import annotations

import json

from brikwars_gui.cli import main
from brikwars_gui.engine.replay import read_log


def scenario(tmp_path):
    data = {
        "name": "trapped door",
        "battlefield": {"width": 12, "height": 8},
        "units": [
            {"id": "a", "name": "Sapper", "team": "red", "position": [4, 5]},
            {"id": "z", "name": "Guard", "team": "blue", "position": [11, 0]},
        ],
        "objects": [{"id": "door", "name": "Door", "cells": [[5, 5]], "size": 1, "weight": 1}],
        "traps": [
            {
                "id": "gun",
                "trigger": "door",
                "at": [5, 7],
                "weapon": {"name": "gun", "kind": "ranged", "use": 2, "range": 8, "damage": "1d6"},
            }
        ],
        "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
    }
    path = tmp_path / "door.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_r_trap_2_5_orders_file_operates_a_trapped_door_and_resets_it(capsys, tmp_path):
    orders = [
        {"round": 1, "unit": "a", "order": "act", "args": {"kind": "operate", "object": "door"}},
        {"round": 1, "unit": "a", "order": "act", "args": {"kind": "reset_trap", "trap": "gun"}},
    ]
    (tmp_path / "orders.json").write_text(json.dumps(orders), encoding="utf-8")
    (tmp_path / "faces.txt").write_text("1 " + "2 " * 200, encoding="utf-8")  # the Trap misses (CF)
    log = tmp_path / "game.jsonl"
    code = main(
        [
            "run",
            str(scenario(tmp_path)),
            "--turns",
            "1",
            "--dice-script",
            str(tmp_path / "faces.txt"),
            "--orders",
            str(tmp_path / "orders.json"),
            "--log",
            str(log),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "a operates door" in out and "Trap gun fires" in out and "a resets trap gun" in out
    _, events = read_log(log)
    kinds = [e["kind"] for e in events]
    assert kinds.index("object_operated") < kinds.index("trap_fired") < kinds.index("trap_reset")
    assert main(["replay", str(log)]) == 0  # the scripted orders are in the log: it replays exactly


def test_orders_file_errors_name_the_file_and_the_entry(capsys, tmp_path):
    bad = [{"round": 1, "unit": "nobody", "order": "act", "args": {}}]
    (tmp_path / "orders.json").write_text(json.dumps(bad), encoding="utf-8")
    code = main(["run", str(scenario(tmp_path)), "--seed", "1", "--orders", str(tmp_path / "orders.json")])
    assert code == 2
    assert "orders.json: [0].unit: 'nobody' is not a unit of the scenario" in capsys.readouterr().err


def test_an_illegal_scripted_order_stops_the_game_with_the_rules_reason(capsys, tmp_path):
    far = [{"round": 1, "unit": "z", "order": "act", "args": {"kind": "operate", "object": "door"}}]
    (tmp_path / "orders.json").write_text(json.dumps(far), encoding="utf-8")
    main(["run", str(scenario(tmp_path)), "--seed", "1", "--orders", str(tmp_path / "orders.json")])
    assert 'stopped early: orders.json: [0]: Door is not within 1" of Guard' in capsys.readouterr().out


def test_hostile_orders_files_are_refused_like_scenarios_without_reading_them_whole(capsys, tmp_path):
    """Issue 14 for the `--orders` loader too: a FIFO or device is refused before reading, a
    5000-digit round is named by line and column (no Python digit-limit message)."""
    import os

    fifo = tmp_path / "orders.fifo"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    huge.write_text('[{"round": ' + "9" * 5000 + ', "unit": "z", "order": "end_unit"}]', encoding="utf-8")
    cases = ((fifo, "not a regular file"), ("/dev/zero", "not a regular file"), (huge, "line 1"))
    for path, expected in cases:
        code = main(["run", str(scenario(tmp_path)), "--seed", "1", "--orders", str(path)])
        err = capsys.readouterr().err
        assert code == 2 and expected in err and "set_int_max_str_digits" not in err, err
