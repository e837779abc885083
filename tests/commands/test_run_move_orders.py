"""`brikwars-sim run --orders` reaches the movement orders of issue 8: a group Sprint sharing one
roll (R-MOVE-20) and operating Vehicle Controls (R-MOVE-6); and issue 25's Crawl and Hop."""

from __future__ import annotations

import json

from brikwars_gui.cli import main
from brikwars_gui.engine.replay import read_log


def run_with_orders(tmp_path, capsys, data: dict, orders: list) -> tuple[str, list]:
    """`brikwars-sim run` one round of `data` with the `--orders` file, dice all 3s: (output, events)."""
    scenario, script, log = tmp_path / "scenario.json", tmp_path / "faces.txt", tmp_path / "game.jsonl"
    scenario.write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "orders.json").write_text(json.dumps(orders), encoding="utf-8")
    script.write_text("3 " * 300, encoding="utf-8")
    args = ["run", str(scenario), "--turns", "1", "--dice-script", str(script)]
    code = main([*args, "--orders", str(tmp_path / "orders.json"), "--log", str(log)])
    out = capsys.readouterr().out
    assert code == 0, out
    return out, read_log(log)[1]


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
    orders = [
        {
            "round": 1,
            "unit": "a",
            "order": "act",
            "args": {"kind": "group_sprint", "toward": [12, 2], "members": ["b"]},
        },
        {"round": 1, "unit": "d", "order": "act", "args": {"kind": "operate", "object": "jeep"}},
    ]
    out, events = run_with_orders(tmp_path, capsys, data, orders)
    assert "shares a's Sprint roll, R-MOVE-20" in out
    moved = {e["unit"]: e for e in events if e["kind"] == "sprinted"}
    assert moved["a"]["inches"] == moved["b"]["inches"] == 3
    dee = [e for e in events if e.get("unit") == "d" and e["kind"] in ("object_operated", "unit_moved")]
    assert [e["kind"] for e in dee] == ["object_operated"]  # Stopped at the controls (R-MOVE-6)


def test_r_move_6_orders_file_crawl_and_hop(capsys, tmp_path):
    """Crawl and Hop (issue 25) from `run --orders`, logged and read back like any order."""
    data = {
        "name": "wounded",
        "battlefield": {"width": 16, "height": 8},
        "units": [
            {"id": "a", "name": "Ann", "team": "red", "position": [1, 2]},
            {"id": "b", "name": "Bob", "team": "red", "position": [1, 5]},
            {"id": "z", "name": "Zed", "team": "blue", "position": [15, 7]},
        ],
        "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
    }
    orders = [
        {"round": 1, "unit": "a", "order": "act", "args": {"kind": "crawl", "cell": [3, 2]}},
        {"round": 1, "unit": "b", "order": "act", "args": {"kind": "hop", "cell": [2, 5]}},
    ]
    out, events = run_with_orders(tmp_path, capsys, data, orders)
    assert "a crawls at Half Speed with no arms free (R-MOVE-4/6)" in out
    first = {}
    for e in events:
        if e["kind"] == "unit_moved":
            first.setdefault(e["unit"], e)
    assert first["a"]["path"][-1] == [3, 2] and first["a"]["cost"] == 4
    assert first["b"]["path"][-1] == [2, 5] and first["b"]["cost"] == 2
