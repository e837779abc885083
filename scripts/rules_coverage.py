"""Rule coverage: which code implements each rule ID of RULES.md and which tests exercise it.

    .venv/bin/python scripts/rules_coverage.py            # check docs/rules-coverage.md is current
    .venv/bin/python scripts/rules_coverage.py --write    # regenerate it
    .venv/bin/python scripts/rules_coverage.py --missing  # list DICE…SCOUT IDs lacking code/tests

The rule IDs come from `../shared/RULES.md` (searched upwards from the repository, or `--rules`);
without it, from the ID column of the existing docs/rules-coverage.md, so the check runs anywhere.

* Implementation: a function or class of `brikwars_gui/` whose source (docstring, comments,
  strings) cites the ID — `R-HAZ-13/14` and `R-RESP-6..9` cite every ID they span.
* Tests: a `test_*` function citing the ID in its name (`test_r_move_7_8_...` cites R-MOVE-7 and
  R-MOVE-8) or its source. It counts as a *Game* test when it plays through `Game` orders: its
  source, or a helper of its module it calls, builds a `Game` (or a `SessionController`, or runs
  the `brikwars-sim` CLI); otherwise it is a *direct* test of a rule function.
* Exceptions: `docs/rules-decisions.md`, section "Coverage exceptions", lines `* **R-X-n** reason`.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules-coverage.md"
DECISIONS = ROOT / "docs" / "rules-decisions.md"
#: The sections whose every ID must be implemented and tested through Game orders.
CHECKED_SECTIONS = ("DICE", "MOVE", "ACTION", "RESPONSE", "HAZARD", "FIRE", "TRAP", "SCOUT", "SN", "D6", "NP")

_ID = re.compile(r"R-([A-Z][A-Z0-9]*)-(\d+)[a-z]?((?:(?:/|\.\.|–)\d+[a-z]?)*)")
_TEST_NAME = re.compile(r"(?:^|_)r_([a-z][a-z0-9]*)_((?:\d+_)*\d+)(?=_|$)")
_GAME_MARKERS = ("Game(", "Game.from_", "SessionController(", "MainWindow(", "play_game(", "main([\"run\"")
_RULE_LINE = re.compile(r"^\* \*\*(R-[A-Z0-9]+-\d+)\*\*")
_SECTION = re.compile(r"^## ([A-Z0-9]+)\b")


def expand(text: str) -> set[str]:
    """Every rule ID a text cites: `R-HAZ-13/14` → R-HAZ-13, R-HAZ-14; `R-RESP-6..9` → 6, 7, 8, 9."""
    out: set[str] = set()
    for m in _ID.finditer(text):
        prefix, first, rest = m.group(1), int(m.group(2)), m.group(3)
        out.add(f"R-{prefix}-{first}")
        last = first
        for sep, num in re.findall(r"(/|\.\.|–)(\d+)", rest):
            n = int(num)
            if sep == "/":
                out.add(f"R-{prefix}-{n}")
            else:
                out.update(f"R-{prefix}-{k}" for k in range(last, n + 1))
            last = n
    return out


def ids_from_test_name(name: str) -> set[str]:
    out: set[str] = set()
    for m in _TEST_NAME.finditer(name):
        prefix = m.group(1).upper()
        out.update(f"R-{prefix}-{n}" for n in m.group(2).split("_"))
    return out


# ---------------------------------------------------------------------------------------------
# Rule IDs


@dataclass(frozen=True)
class Rule:
    id: str
    section: str


def find_rules_md(start: Path = ROOT) -> Path | None:
    for parent in [start, *start.parents]:
        candidate = parent / "shared" / "RULES.md"
        if candidate.is_file():
            return candidate
    return None


def rules_from_md(path: Path) -> list[Rule]:
    section = ""
    out: list[Rule] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := _SECTION.match(line):
            section = m.group(1)
        elif (m := _RULE_LINE.match(line)) and section:
            out.append(Rule(m.group(1), section))
    return out


def rules_from_doc(path: Path = DOC) -> list[Rule]:
    """The rule list recorded in the generated table (columns: ID, section, ...)."""
    out: list[Rule] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cols = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cols) > 2 and re.fullmatch(r"R-[A-Z0-9]+-\d+", cols[0]):
            out.append(Rule(cols[0], cols[1]))
    return out


def exceptions(path: Path = DECISIONS) -> dict[str, str]:
    """`* **R-X-n** reason` lines under the "Coverage exceptions" heading."""
    out: dict[str, str] = {}
    inside = False
    last = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = line.strip() == "## Coverage exceptions"
            last = None
            continue
        if inside and (m := _RULE_LINE.match(line)):
            last = m.group(1)
            out[last] = line[m.end() :].strip(" :—-")
        elif inside and last and line.startswith("  "):
            out[last] += " " + line.strip()  # a bullet's continuation lines
        else:
            last = None
    return out


# ---------------------------------------------------------------------------------------------
# Code and tests


@dataclass
class Coverage:
    code: dict[str, list[str]] = field(default_factory=dict)
    game_tests: dict[str, list[str]] = field(default_factory=dict)
    direct_tests: dict[str, list[str]] = field(default_factory=dict)


def _functions(tree: ast.Module) -> Iterable[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node


def _source(lines: list[str], node: ast.AST) -> str:
    start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    return "\n".join(lines[start - 1 : node.end_lineno])


def scan_code(package: Path, cov: Coverage) -> None:
    for path in sorted(package.rglob("*.py")):
        module = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text)
        for node in _functions(tree):
            # a class cites rules in its docstring; its methods are scanned on their own
            body = (ast.get_docstring(node) or "") if isinstance(node, ast.ClassDef) else _source(lines, node)
            for rid in expand(body):
                cov.code.setdefault(rid, []).append(f"{module}.{node.name}")


def _calls(src: str, names: set[str]) -> bool:
    return any(re.search(rf"\b{re.escape(n)}\(", src) for n in names)


def _game_helpers(tree: ast.Module, lines: list[str], imported: frozenset[str] = frozenset()) -> set[str]:
    """Module-level helpers that build a Game, directly or through another such helper (or one
    `imported` from another test module)."""
    sources = {
        n.name: _source(lines, n)
        for n in tree.body
        if isinstance(n, ast.FunctionDef | ast.ClassDef) and not n.name.startswith("test_")
    }
    found = {name for name, src in sources.items() if any(m in src for m in _GAME_MARKERS)} | imported
    while True:
        more = {name for name, src in sources.items() if name not in found and _calls(src, found)}
        if not more:
            return found
        found |= more


def _helper_module(tests: Path, importer: Path, module: str) -> Path | None:
    """The file under `tests` a test module's `from module import ...` reads (`tests.a.b`, or a
    helper module on the tests' path such as `ninepowers_helpers`), or None (not a test file)."""
    parts = module.removeprefix("tests.").split(".")
    for base in (tests, importer.parent):
        candidate = base.joinpath(*parts).with_suffix(".py")
        if candidate.is_file():
            return candidate
    found = sorted(tests.rglob(f"{parts[-1]}.py")) if len(parts) == 1 else []
    return found[0] if len(found) == 1 else None


def _imported_helpers(tests: Path, importer: Path, tree: ast.Module, cache: dict[Path, set[str]]) -> set[str]:
    """Names a test module imports from other test modules that build a Game there (`np_game`
    from ninepowers_helpers, `d6_game` from another test file)."""
    out: set[str] = set()
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or not node.module or node.level:
            continue
        source = _helper_module(tests, importer, node.module)
        if source is None:
            continue
        if source not in cache:
            text = source.read_text(encoding="utf-8")
            cache[source] = _game_helpers(ast.parse(text), text.splitlines())
        out |= {alias.asname or alias.name for alias in node.names if alias.name in cache[source]}
    return out


def scan_tests(tests: Path, cov: Coverage) -> None:
    cache: dict[Path, set[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text)
        helpers = _game_helpers(tree, lines, frozenset(_imported_helpers(tests, path, tree, cache)))
        rel = path.relative_to(tests.parent).as_posix()
        for node in _functions(tree):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            src = _source(lines, node)
            ids = ids_from_test_name(node.name) | expand(src)
            if not ids:
                continue
            game = any(m in src for m in _GAME_MARKERS) or _calls(src, helpers)
            target = cov.game_tests if game else cov.direct_tests
            for rid in ids:
                target.setdefault(rid, []).append(f"{rel}::{node.name}")


def coverage(root: Path = ROOT) -> Coverage:
    cov = Coverage()
    scan_code(root / "brikwars_gui", cov)
    scan_tests(root / "tests", cov)
    return cov


# ---------------------------------------------------------------------------------------------
# Report


def _short(items: list[str], limit: int = 3) -> str:
    if not items:
        return "—"
    uniq = sorted(set(items))
    head = ", ".join(f"`{i}`" for i in uniq[:limit])
    return head + (f" (+{len(uniq) - limit})" if len(uniq) > limit else "")


def render(rules: list[Rule], cov: Coverage, excused: dict[str, str]) -> str:
    out = [
        "# Rule coverage",
        "",
        "Generated by `scripts/rules_coverage.py --write` — do not edit by hand. For every rule ID of",
        "`../shared/RULES.md`: the code citing it (`module.function`), the tests that play it through",
        "`Game` orders, and the tests that call a rule function directly. `tests/docs/"
        "test_rules_coverage.py` fails",
        f"when an ID of the sections {', '.join(CHECKED_SECTIONS)} has no code or no Game test and is",
        "not listed with a reason under \"Coverage exceptions\" in `docs/rules-decisions.md`.",
        "",
        "| ID | section | implemented in | Game tests | direct tests | note |",
        "|---|---|---|---|---|---|",
    ]
    for rule in rules:
        code = cov.code.get(rule.id, [])
        game = cov.game_tests.get(rule.id, [])
        direct = cov.direct_tests.get(rule.id, [])
        note = f"exception: {excused[rule.id]}" if rule.id in excused else ""
        if not note and rule.section in CHECKED_SECTIONS and (not code or not game):
            note = "MISSING " + ("code" if not code else "Game test")
        cells = [rule.id, rule.section, _short(code), f"{len(set(game))}: {_short(game, 2)}"]
        cells += [f"{len(set(direct))}", note]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def missing(rules: list[Rule], cov: Coverage, excused: dict[str, str]) -> list[str]:
    """`ID: what is missing` for every checked ID without code or a Game test and no exception."""
    out = []
    for rule in rules:
        if rule.section not in CHECKED_SECTIONS or rule.id in excused:
            continue
        checks = (("code", cov.code.get(rule.id)), ("Game test", cov.game_tests.get(rule.id)))
        gaps = [what for what, found in checks if not found]
        if gaps:
            out.append(f"{rule.id}: no {' and no '.join(gaps)}")
    return out


def load_rules(path: Path | None) -> list[Rule]:
    path = path or find_rules_md()
    return rules_from_md(path) if path is not None else rules_from_doc()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="regenerate docs/rules-coverage.md")
    parser.add_argument("--missing", action="store_true", help="list checked IDs lacking code/tests")
    parser.add_argument("--rules", type=Path, help="path of RULES.md (default: ../shared/RULES.md)")
    args = parser.parse_args(argv)
    rules = load_rules(args.rules)
    cov = coverage()
    excused = exceptions()
    text = render(rules, cov, excused)
    if args.missing:
        print("\n".join(missing(rules, cov, excused)) or "every checked rule is covered")
        return 0
    if args.write:
        DOC.write_text(text, encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)} ({len(rules)} rules)")
        return 0
    if not DOC.is_file() or DOC.read_text(encoding="utf-8") != text:
        name = DOC.relative_to(ROOT)
        print(f"{name} is out of date: run scripts/rules_coverage.py --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
