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


SOURCE = re.compile(r"\(\d{3}_[0-9a-f]+\.txt,\s*([^)]*)\)")
"""RULES.md cites its seed chapters by their internal file names: the reader gets the section."""
RULE_LINE = re.compile(r"\*\s+\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*?-\d+)([^*]*)\*\*\s*(.*)")


@cache
def rule_texts() -> dict[str, str]:
    """Rule ID → its text, with the lines that continue it (tables, e.g. R-ACT-3's Use Ratings)."""
    path = rules_path()
    if path is None:
        return {}
    texts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        m = RULE_LINE.match(line)
        if m:
            head = SOURCE.sub(r"(\1)", (m.group(2).strip() + " " + m.group(3)).strip())
            current = texts.setdefault(m.group(1), [head])
        elif line.startswith(("#", "* **")):
            current = None
        elif current is not None and line:
            current.append(line)
    return {rule_id: "\n".join(lines) for rule_id, lines in texts.items()}


def _html(text: str) -> str:
    """A rule's text as HTML: bold marks, and Markdown tables as tables."""
    out, table = [], []
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                table.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
            continue
        if table:
            out.append("<table border='1' cellspacing='0' cellpadding='3'>" + "".join(table) + "</table>")
            table = []
        out.append(line)
    if table:
        out.append("<table border='1' cellspacing='0' cellpadding='3'>" + "".join(table) + "</table>")
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", " ".join(out))


def reference_html(kind: str) -> str:
    ids = RULE_IDS.get(kind, RULE_IDS[""])
    texts = rule_texts()
    rows = (f"<p><b>{rule_id}</b> — {_html(texts.get(rule_id, '(see RULES.md)'))}</p>" for rule_id in ids)
    return "".join(rows)
