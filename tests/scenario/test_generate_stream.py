"""Generated battles draw from the pinned dice stream (issue 27: one seed, one table on every Python)."""

from __future__ import annotations

import ast
from pathlib import Path

from brikwars_gui.scenario.generate import army_battle

PACKAGE = Path(__file__).resolve().parents[2] / "brikwars_gui"


def test_generated_table_is_pinned() -> None:
    """The buildings of a small generated battle, pinned: a change of stream changes the golden logs too."""
    battle = army_battle(units=20, size=40, buildings=4, seed=5)
    assert [list(o.rects[0]) for o in battle.objects] == [
        [29, 23, 4, 3],
        [20, 16, 4, 2],
        [11, 8, 4, 2],
        [13, 25, 3, 3],
    ]


def test_only_the_dice_modules_import_random() -> None:
    """Python's `random` promises no stable stream across versions: chance goes through engine/dice."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if "dice" in path.relative_to(PACKAGE).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )
            if "random" in names:
                offenders.append(str(path.relative_to(PACKAGE)))
    assert offenders == []
