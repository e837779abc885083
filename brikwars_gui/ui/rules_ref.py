"""Rules reference: which RULES.md IDs apply to what is selected, and their text."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from brikwars_gui.paths import RESOURCES

RULE_IDS = {
    "unit": [
        "R-MOVE-1",
        "R-MOVE-2",
        "R-MOVE-3",
        "R-ACT-1",
        "R-ACT-2",
        "R-ACT-3",
        "R-DICE-4",
        "R-DICE-5",
        "R-RESP-1",
        "R-RESP-3",
        "GRID-6",
    ],
    "object": ["R-MOVE-3", "GRID-1", "GRID-5", "GRID-10", "R-FIRE-1"],
    "hazard": ["R-HAZ-1", "R-HAZ-2", "R-HAZ-3", "R-HAZ-4", "R-HAZ-5", "R-HAZ-6", "R-HAZ-7", "GRID-8"],
    "terrain": ["R-MOVE-3", "R-MOVE-6", "R-MOVE-7", "R-MOVE-8", "GRID-2", "GRID-9"],
    "ruler": ["GRID-3", "GRID-4"],
    "": ["R-MOVE-1", "R-ACT-1", "R-DICE-1", "GRID-1", "GRID-2", "GRID-3"],
}


def rules_path() -> Path | None:
    """The bundled copy of the rules specification (resources/rules/RULES.md)."""
    candidate = RESOURCES / "rules" / "RULES.md"
    return candidate if candidate.is_file() else None


@cache
def rule_texts() -> dict[str, str]:
    path = rules_path()
    if path is None:
        return {}
    texts = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\*\s+\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*?-\d+)([^*]*)\*\*\s*(.*)", line.strip())
        if m:
            texts[m.group(1)] = (m.group(2).strip() + " " + m.group(3)).strip()
    return texts


def reference_html(kind: str) -> str:
    ids = RULE_IDS.get(kind, RULE_IDS[""])
    texts = rule_texts()
    rows = []
    for rule_id in ids:
        text = texts.get(rule_id, "(see RULES.md)")
        text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
        rows.append(f"<p><b>{rule_id}</b> — {text}</p>")
    return "".join(rows)
