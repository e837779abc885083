"""`brikwars-sim run --orders` reaches the movement orders of issue 8: a group Sprint sharing one
roll (R-MOVE-20) and operating Vehicle Controls (R-MOVE-6)."""

from __future__ import annotations

import json

from brikwars_gui.cli import main
from brikwars_gui.engine.replay import read_log


def test_r_move_20_r_move_6_orders_file_group_sprint_and_vehicle_controls(capsys, tmp_path):
    data = {
        "name": "squad",
        "battlefield": {"width": 16, "height": 8},
        "units": [
            {"id": "a", "name": "Ann", "team": "red", "position": [1, 2]},
            {"id": "b", "name": "Bob", "team": "red", "position": [1, 3]},
            {"id": "d", "name": "Dee", "team": "red", "position": [1, 6]},
            {"id": "z", "name": "Zed", "team": "blue", "position": [15, 7]},
        ],
        "objects": [
            {"id": "jeep", "name": "Jeep", "kind": "vehicle", "cells": [[2, 7]], "size": 2, "weight": 1}
        ],
        "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
    }
    (tmp_path / "squad.json").write_text(json.dumps(data), encoding="utf-8")
    orders = [
        {
            "round": 1,
            "unit": "a",
            "order": "act",
            "args": {"kind": "group_sprint", "toward": [12, 2], "members": ["b"]},
        },
        {"round": 1, "unit": "d", "order": "act", "args": {"kind": "operate", "object": "jeep"}},
    ]
    (tmp_path / "orders.json").write_text(json.dumps(orders), encoding="utf-8")
    (tmp_path / "faces.txt").write_text("3 " * 300, encoding="utf-8")
    log = tmp_path / "game.jsonl"
    args = ["run", str(tmp_path / "squad.json"), "--turns", "1", "--dice-script", str(tmp_path / "faces.txt")]
    code = main([*args, "--orders", str(tmp_path / "orders.json"), "--log", str(log)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "shares a's Sprint roll, R-MOVE-20" in out
    _, events = read_log(log)
    moved = {e["unit"]: e for e in events if e["kind"] == "sprinted"}
    assert moved["a"]["inches"] == moved["b"]["inches"] == 3
    dee = [e for e in events if e.get("unit") == "d" and e["kind"] in ("object_operated", "unit_moved")]
    assert [e["kind"] for e in dee] == ["object_operated"]  # Stopped at the controls (R-MOVE-6)
