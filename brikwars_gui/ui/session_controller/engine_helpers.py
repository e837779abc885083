"""Engine helpers that need no running game: the ruler, rulesets, Edit-mode sight,
forecasts and hazard spread (blocking: the dialogs run them in worker threads)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.session_controller.views import Cell

if TYPE_CHECKING:
    from brikwars_gui.engine.forecast import ForecastReport


def random_seed() -> int:
    return secrets.randbelow(2**31 - 1) + 1


def _scenario_smoke(scenario: Scenario) -> np.ndarray:
    from brikwars_gui.scenario.models import HazardKind

    bf = scenario.battlefield
    mask = np.zeros((bf.height, bf.width), dtype=bool)
    for field in scenario.hazards:
        if field.kind != HazardKind.SMOKE:
            continue
        for x, y, w, h in field.rects:
            mask[y : y + h, x : x + w] = True
        for x, y in field.cells:
            if 0 <= x < bf.width and 0 <= y < bf.height:
                mask[y, x] = True
    return mask


def scenario_sight_mask(scenario: Scenario, unit_id: str) -> np.ndarray | None:
    """Edit mode: the cells a scenario unit sees from where it stands, as it faces (R-RESP-3 Cone
    of Vision, GRID-5/6; the scenario's Smoke fields block, R-HAZ-7). None: no such unit."""
    from brikwars_gui.engine.geometry import visible_cells
    from brikwars_gui.engine.grid import Grid

    unit = next((u for u in scenario.units if u.id == unit_id), None)
    if unit is None:
        return None
    grid = Grid.from_scenario(scenario)
    pos = (int(unit.position[0]), int(unit.position[1]))
    if not grid.in_bounds(pos):
        return None
    return visible_cells(grid, pos, str(unit.facing), smoke=_scenario_smoke(scenario))


def measure(a: Cell, b: Cell) -> float:
    """GRID-3: the engine's centre-to-centre distance between two cells, in inches (the ruler)."""
    from brikwars_gui.engine.geometry import distance

    return float(distance((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))))


def cells_between(a: Cell, b: Cell) -> list[Cell]:
    """The engine's straight line of cells from `a` to `b`, both included (GRID-7): a fast drag
    of an editor brush paints every cell it crossed."""
    from brikwars_gui.engine.geometry import straight_line

    return straight_line(a, b)


def ruleset_choices() -> list[tuple[str, str]]:
    """(name, label) of every playable ruleset, for the Scenario panel's choice."""
    from brikwars_gui.engine.rulesets import RULESET_NAMES, find_ruleset

    return [(name, find_ruleset(name).label) for name in RULESET_NAMES]


def ruleset_label(name: str) -> str:
    """How the GUI names a ruleset (`Scenario.ruleset`); one not playable yet is shown by name."""
    from brikwars_gui.engine.rulesets import find_ruleset

    try:
        return find_ruleset(name).label
    except ValueError:
        return name


def run_forecast(
    scenario: Scenario,
    runs: int,
    *,
    seed: int = 0,
    max_rounds: int = 10,
    jobs: int | None = 1,
    progress: Callable[[int, int], Any] | None = None,
    should_stop: Callable[[], bool] | None = None,
    start: Any = None,
    ai: dict[str, str] | None = None,
) -> ForecastReport:
    """`engine.forecast.forecast`: play `scenario` `runs` times AI against AI (blocking: call it from a
    worker thread). `progress(done, total)` is called as games finish; `should_stop()` cancels.
    `start`: a position (`SessionController.position()`) to forecast from instead of the start.
    `ai`: player id → AI level (docs/ai.md); players left out get the default AI."""
    from brikwars_gui.engine.forecast import forecast

    return forecast(
        scenario,
        runs,
        seed=seed,
        max_rounds=max_rounds,
        jobs=jobs,
        progress=progress,
        should_stop=should_stop,
        start=start,
        ai=ai,
    )


def run_hazard_spread(
    scenario: Scenario,
    rounds: int,
    runs: int,
    *,
    seed: int = 0,
    start: Any = None,
    progress: Callable[[int, int], Any] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Any:
    """`engine.hazard_spread.hazard_spread`: the Field Hazards and fires alone, `rounds` rounds over
    `runs` seeds, from the scenario or a position (blocking: call it from a worker thread)."""
    from brikwars_gui.engine.hazard_spread import hazard_spread

    return hazard_spread(
        scenario, rounds, runs, seed=seed, start=start, progress=progress, should_stop=should_stop
    )


def simulated_frames(scenario: Scenario, seed: int, max_rounds: int) -> list[Any]:
    """`engine.timeline.simulate_frames`: an AI-vs-AI battle's timeline as scenarios (GIF export)."""
    from brikwars_gui.engine.timeline import simulate_frames

    return simulate_frames(scenario, seed, max_rounds)
