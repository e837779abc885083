"""Hostile and heavy input files, generated on the fly (never committed as blobs).

Each function writes one file under a temporary folder and returns its path; `scenario_data()` is a
small valid scenario to spoil. Used by the hardening tests of the loaders and the CLI (issue 14).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

from brikwars_gui.paths import SCENARIOS

_BASE = json.loads((SCENARIOS / "skirmish.json").read_text(encoding="utf-8"))


def scenario_data() -> dict[str, Any]:
    """A fresh copy of the bundled skirmish as JSON data."""
    return copy.deepcopy(_BASE)


def write_json(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def write_text(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def huge_integer_text(digits: int = 5000) -> str:
    return "9" * digits


def with_raw_value(data: dict[str, Any], dotted: str, raw: str) -> str:
    """The JSON text of `data` with the value at `dotted` (e.g. `battlefield.width`) replaced by
    `raw` verbatim (for numbers json.dumps cannot write)."""
    marker = "__RAW_VALUE__"
    target = data
    *parents, last = dotted.split(".")
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[last] = marker
    return json.dumps(data).replace(f'"{marker}"', raw)


def fifo(folder: Path, name: str = "pipe.json") -> Path:
    path = folder / name
    os.mkfifo(path)
    return path


def giant_rect_scenario() -> dict[str, Any]:
    data = scenario_data()
    data["terrain"].append({"kind": "rough", "rects": [[0, 0, 10**9, 10**9]]})
    return data


def full_map_rects(count: int, side: int = 400) -> dict[str, Any]:
    data = scenario_data()
    data["battlefield"] = {"width": side, "height": side}
    data["terrain"] = [{"kind": "rough", "rects": [[0, 0, side, side]]} for _ in range(count)]
    return data


def full_map_smoke(count: int, side: int = 400) -> dict[str, Any]:
    data = scenario_data()
    data["battlefield"] = {"width": side, "height": side}
    data["hazards"] = [
        {"id": f"smoke-{i}", "kind": "smoke", "rects": [[0, 0, side, side]]} for i in range(count)
    ]
    return data


def many_units(count: int) -> dict[str, Any]:
    data = scenario_data()
    unit = data["units"][0]
    data["units"] = [{**unit, "id": f"u{i}", "position": [i % 24, 0]} for i in range(count)]
    return data


def renamed_unit(name: str) -> dict[str, Any]:
    data = scenario_data()
    data["units"][0]["name"] = name
    return data


CONTROL_NAME = "Evil\x1b]0;pwned\x07\x1b[2J\x00\u202eName"
"""A name with an OSC title change, a clear-screen, a NUL and a right-to-left override."""
