"""No `if ruleset == ...` outside the ruleset modules (issue 11; docs/architecture.md).

The shared engine, the GUI and the CLI call the `Ruleset` hooks; only `engine/rulesets/` (the
rulesets themselves) and `scenario/` (the `dice_system` → `ruleset` migration) may look at a
ruleset's name. The check is on the syntax tree: a comparison (`==`, `!=`, `in`, `not in`, `is`)
or a `match` whose subject or operands name a ruleset (an identifier or attribute called
`ruleset`/`dice_system`/`*_ruleset`, or a literal ruleset name), and `isinstance` tests against
a ruleset class.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "brikwars_gui"
ALLOWED = (PACKAGE / "engine" / "rulesets", PACKAGE / "scenario")
NAMES = {"brikwars", "d6", "ninepowers"}


def _names_ruleset(node: ast.AST) -> bool:
    for sub in ast.walk(node):
        ident = sub.id if isinstance(sub, ast.Name) else sub.attr if isinstance(sub, ast.Attribute) else ""
        if ident in ("ruleset", "dice_system") or ident.endswith("_ruleset"):
            return True
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub.value in NAMES:
            return True
    return False


def _is_ruleset_isinstance(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"):
        return False
    return len(node.args) == 2 and any(
        (s.id if isinstance(s, ast.Name) else s.attr).endswith("Ruleset")
        for s in ast.walk(node.args[1])
        if isinstance(s, (ast.Name, ast.Attribute))
    )


def ruleset_branches(source: str) -> list[int]:
    """Line numbers of every branch on a ruleset's identity in `source`."""
    lines: list[int] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if sum(_names_ruleset(o) for o in operands) and any(
                isinstance(o, ast.Constant) or _names_ruleset(o) for o in operands[1:]
            ):
                lines.append(node.lineno)
        elif (isinstance(node, ast.Match) and _names_ruleset(node.subject)) or _is_ruleset_isinstance(node):
            lines.append(node.lineno)
    return lines


def test_the_check_finds_every_kind_of_branch() -> None:
    src = (
        "if state.ruleset == 'd6':\n    pass\n"
        "x = 1 if scenario.dice_system != 'brikwars' else 2\n"
        "ok = name in ('d6', 'ninepowers')\n"
        "match game.ruleset:\n    case 'd6':\n        pass\n"
        "if isinstance(rs, D6Ruleset):\n    pass\n"
        "if 'ninepowers' == my_ruleset:\n    pass\n"
    )
    assert sorted(ruleset_branches(src)) == [1, 3, 4, 5, 8, 10]
    assert ruleset_branches("rs = find_ruleset(state.ruleset)\nif rs.name_shown:\n    pass\n") == []
    assert ruleset_branches("if unit.kind == 'melee':\n    pass\n") == []


def test_no_ruleset_branches_outside_the_ruleset_modules() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(path.is_relative_to(a) for a in ALLOWED):
            continue
        for line in ruleset_branches(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{line}")
    assert found == [], "ruleset branches outside engine/rulesets/ (add a Ruleset hook):\n" + "\n".join(found)
