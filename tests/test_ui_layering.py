"""Layering (docs/architecture.md): the UI talks to the engine only through ONE seam, the
`brikwars_gui/ui/session_controller/` package (the controller and its mixins: orders, sight,
queries, prompts, timeline, AI turns). No other module in `brikwars_gui/ui/` may import
`brikwars_gui.engine` (any submodule): not with `import`, `from ... import`, a relative import
(`from ..engine import grid`), `from brikwars_gui import engine`, nor `importlib.import_module` /
`__import__`. Scenario models and I/O (`brikwars_gui.scenario`) are the I/O boundary and allowed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[1] / "brikwars_gui" / "ui"
SEAM = UI / "session_controller"
"""The seam: every module of this package (and only these) may import the engine."""
ENGINE = "brikwars_gui.engine"
DYNAMIC_IMPORTERS = {"import_module", "__import__"}


def _is_engine(name: str | None) -> bool:
    return bool(name) and (name == ENGINE or name.startswith(ENGINE + "."))


def _resolve(module: str | None, level: int, package: str) -> str:
    """The absolute name of `from <level dots><module> import ...` inside `package`."""
    if level == 0:
        return module or ""
    parts = package.split(".")
    base = parts[: len(parts) - (level - 1)] if level > 1 else parts
    return ".".join([*base, module] if module else base)


def engine_imports(source: str, package: str = "brikwars_gui.ui") -> list[str]:
    """Every way `source` (a module of `package`) reaches the engine, as 'line N: what'."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if _is_engine(a.name)]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node.module, node.level, package)
            if _is_engine(base):
                found.append(f"line {node.lineno}: from {base} import ...")
            else:
                found += [
                    f"line {node.lineno}: from {base} import {a.name}"
                    for a in node.names
                    if _is_engine(f"{base}.{a.name}")
                ]
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name not in DYNAMIC_IMPORTERS or not node.args:
                continue
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                target = arg.value
                if target.startswith("."):
                    level = len(target) - len(target.lstrip("."))
                    target = _resolve(target.lstrip(".") or None, level, package)
                # the bare top package counts too: `.engine` is one attribute away
                if _is_engine(target) or target == "brikwars_gui":
                    found.append(f"line {node.lineno}: {name}({arg.value!r})")
            else:
                found.append(f"line {node.lineno}: {name}(<computed name>)")
    return found


def ui_modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def seam_modules() -> list[Path]:
    return [p for p in ui_modules() if p.is_relative_to(SEAM)]


def widget_modules() -> list[Path]:
    """Every UI module outside the seam package."""
    return [p for p in ui_modules() if not p.is_relative_to(SEAM)]


def _id(path: Path) -> str:
    return path.relative_to(UI).as_posix()


def _package(path: Path) -> str:
    """The dotted package a module's relative imports resolve in (`__init__.py`: its own)."""
    return "brikwars_gui." + ".".join(path.relative_to(UI.parent).parent.parts)


def test_the_ui_package_has_modules_and_the_seam() -> None:
    names = {_id(p) for p in ui_modules()}
    assert (SEAM / "__init__.py").is_file() and len(seam_modules()) > 1
    assert {
        "main_window/window.py",
        "main_window/actions.py",
        "main_window/play.py",
        "forecast_dialog.py",
        "play_panels.py",
    } <= names
    assert any(n.startswith("battlefield") for n in names)
    assert not (UI / "session_controller.py").exists(), "the seam is the package, not a stray module"


@pytest.mark.parametrize("path", widget_modules(), ids=_id)
def test_ui_module_does_not_import_the_engine(path: Path) -> None:
    found = engine_imports(path.read_text(encoding="utf-8"), _package(path))
    assert not found, (
        f"{_id(path)} reaches the engine directly; go through ui/session_controller/:\n" + "\n".join(found)
    )


@pytest.mark.parametrize("path", widget_modules(), ids=_id)
def test_ui_module_does_not_reach_through_the_controller_to_the_game(path: Path) -> None:
    """`controller.game` (the engine's `Game`) is the seam's own: widgets ask its queries instead."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "game"]
    found = [f"line {n.lineno}: .game" for n in nodes]
    assert not found, f"{_id(path)} uses the engine's Game directly:\n" + "\n".join(found)


def test_the_seam_is_where_the_engine_is_used() -> None:
    using = [_id(p) for p in seam_modules() if engine_imports(p.read_text(encoding="utf-8"), _package(p))]
    assert "session_controller/controller.py" in using, "the controller is the seam: it imports the engine"
    assert len(using) > 1, using


@pytest.mark.parametrize(
    "source",
    [
        "import brikwars_gui.engine",
        "import brikwars_gui.engine.grid as g",
        "import os, brikwars_gui.engine.session",
        "from brikwars_gui.engine import grid",
        "from brikwars_gui.engine.rules.actions import Sprint",
        "from brikwars_gui import engine",
        "from brikwars_gui import scenario, engine as e",
        "from ..engine import grid",
        "from ..engine.forecast import forecast",
        "from .. import engine",
        "def f():\n    from brikwars_gui.engine.grid import distance\n    return distance",
        "if TYPE_CHECKING:\n    from brikwars_gui.engine.forecast import ForecastReport",
        "import importlib\nm = importlib.import_module('brikwars_gui.engine.grid')",
        "from importlib import import_module\nm = import_module('brikwars_gui.engine')",
        "m = __import__('brikwars_gui.engine.session')",
        "import importlib\nm = importlib.import_module('..engine.grid', __package__)",
        "import importlib\nname = 'brikwars_gui.' + 'engine'\nm = importlib.import_module(name)",
    ],
)
def test_the_checker_catches_every_form(source: str) -> None:
    assert engine_imports(source), source


@pytest.mark.parametrize(
    "source",
    [
        "from brikwars_gui.scenario.models import Scenario",
        "from brikwars_gui.scenario import io",
        "import brikwars_gui.scenario.io",
        "from brikwars_gui.ui.session_controller import SessionController, measure",
        "from .session_controller import run_forecast",
        "from brikwars_gui.ui.session_controller.controller import SessionController",
        "from brikwars_gui.enginex import thing",
        "import importlib\nm = importlib.import_module('brikwars_gui.scenario.io')",
        '"""Docs may mention brikwars_gui.engine.grid.distance."""',
    ],
)
def test_the_checker_allows_the_io_boundary_and_the_seam(source: str) -> None:
    assert not engine_imports(source), source


# -- the seam's queries that replaced direct engine use in the widgets -------------------------


@pytest.fixture
def controller(qtbot):
    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.scenario.io import load_scenario
    from brikwars_gui.ui.session_controller import SessionController

    path = SCENARIOS / "skirmish.json"
    if not path.is_file():
        pytest.skip("skirmish sample missing")
    c = SessionController()
    c.ai_interval = 0
    c.start(load_scenario(path), seed=5)
    yield c
    c.stop()


def test_measure_is_the_engines_grid_3_distance() -> None:
    from brikwars_gui.engine.geometry import distance
    from brikwars_gui.ui import battlefield
    from brikwars_gui.ui.session_controller import SessionController, measure

    assert measure((0, 0), (3, 4)) == pytest.approx(5.0)
    for a, b in [((2, 7), (9, 1)), ((0, 0), (0, 0)), ((5, 5), (4, 6))]:
        assert measure(a, b) == distance(a, b) == SessionController.measure(a, b)
    assert battlefield.measure is measure  # the ruler measures through the seam


def test_unit_ids_of_follows_the_shown_turn(controller) -> None:
    c = controller
    live = {u.id: u.team for u in c.game.state.units.values()}
    assert c.has_game and c.active_player == "red"
    assert c.unit_ids_of() == sorted(uid for uid, team in live.items() if team == "red")
    assert c.unit_ids_of("blue") == sorted(uid for uid, team in live.items() if team == "blue")
    assert c.unit_ids_of("nobody") == []
    assert c.end_turn()
    c.skip_ai()
    assert c.snapshot_count >= 2
    blue_snapshot = next(
        i for i in range(c.snapshot_count) if c.game.snapshots[i].get("active_player") == "blue"
    )
    c.show_snapshot(blue_snapshot)
    assert c.shown_player() == "blue"
    assert c.unit_ids_of() == c.unit_ids_of("blue")
    c.show_live()
    c.stop()
    assert not c.has_game and c.unit_ids_of() == []


def test_unit_view_exposes_status_flags(controller) -> None:
    c = controller
    uid = c.unit_ids_of()[0]
    view = c.unit_view(uid)
    assert not view.disrupted and not view.half_speed and not view.stopped and view.fire_size == 0
    c.game.state.units[uid].disrupted = True  # test poke: the flag comes from the engine's state
    view = c.unit_view(uid)
    assert view.disrupted and "Disrupted" in view.status and view.action == "used"


def test_order_sprint_goes_through_the_controller(controller) -> None:
    c = controller
    uid = next(
        u for u in c.unit_ids_of() if any(o.kind == "sprint" and o.action is None for o in c.legal_actions(u))
    )
    start = c.unit_view(uid).pos
    toward = (start[0] + 4, start[1])
    n = len(c.log)
    assert c.order_sprint(uid, toward)
    kinds = [e.kind for e in c.log[n:]]
    assert kinds[0] == "order" and "sprint" in c.log[n].text and "sprinted" in kinds
    assert c.unit_view(uid).action in ("used", "—")
    assert not c.order_sprint(uid, toward)  # the Action is spent: rejected through the controller too


def test_game_result_once_the_game_is_over(qtbot) -> None:
    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.scenario.io import load_scenario
    from brikwars_gui.ui.session_controller import SessionController

    path = SCENARIOS / "skirmish.json"
    if not path.is_file():
        pytest.skip("skirmish sample missing")
    c = SessionController()
    c.ai_interval = 0
    c.start(load_scenario(path), seed=5, max_rounds=1)
    assert c.game_result() is None and not c.game_over
    assert c.end_turn()
    c.skip_ai()
    assert c.game_over
    result = c.game_result()
    assert result is not None and result.winner is None and "turn limit" in result.reason
    assert set(result.turn_order) == {"red", "blue"} and result.started == {"red": 5, "blue": 5}
    assert result.rounds >= 1 and set(result.survivors) <= {"red", "blue"}
