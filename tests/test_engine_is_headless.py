"""The engine must stay pure Python: importing it must not pull in Qt (cf. napari's import-linter), and
chance comes only from the dice source, in the engine and the scenario files."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "brikwars_gui" / "engine"
SCENARIO = ENGINE.parent / "scenario"  # generated maps draw from the dice source too (issue 27)


def test_engine_modules_do_not_import_qt_or_random() -> None:
    offenders = []
    for path in [*ENGINE.rglob("*.py"), *SCENARIO.rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                root = name.split(".")[0]
                if root in {"PySide6", "shiboken6", "PyQt5", "PyQt6"}:
                    offenders.append(f"{path.name}: {name}")
                if root == "random" and path.name != "source.py":
                    offenders.append(f"{path.name}: random outside the dice source")
    assert offenders == []


def test_importing_the_engine_loads_no_qt_module() -> None:
    code = (
        "import sys, pkgutil, importlib, brikwars_gui.engine as e\n"
        "for m in pkgutil.walk_packages(e.__path__, 'brikwars_gui.engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "import brikwars_gui.scenario, brikwars_gui.cli\n"
        "print(sorted(n for n in sys.modules if n.startswith(('PySide6', 'shiboken6'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
