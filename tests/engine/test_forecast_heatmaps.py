"""Forecast heat maps, forecasts from a position, and the Dask path (engine/forecast_maps.py,
engine/forecast_remote.py): identical results across --jobs 1, --jobs 2 and a LocalCluster."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.forecast import forecast, play_run
from brikwars_gui.engine.forecast_maps import LAYERS, pack_masks, unpack_masks
from brikwars_gui.engine.forecast_remote import run_on_executor
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.io import load_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "resources" / "scenarios"


@pytest.fixture(scope="module")
def showcase():
    return load_scenario(SCENARIOS / "hazard_showcase.json")


@pytest.fixture(scope="module")
def serial(showcase):
    return forecast(showcase, 6, seed=20, max_rounds=6, jobs=1)


def test_pack_and_unpack_round_trip() -> None:
    rng = np.random.default_rng(1)
    masks = rng.random((len(LAYERS), 7, 13)) < 0.3
    assert np.array_equal(unpack_masks(pack_masks(masks), (7, 13)), masks)


def test_heat_maps_count_where_runs_burned_smoked_and_killed(showcase, serial) -> None:
    heat = serial.heatmaps
    assert heat is not None and heat.runs == serial.runs == 6
    assert heat.shape == (showcase.battlefield.height, showcase.battlefield.width)
    # every frequency is k/6 for some k
    for name in LAYERS:
        layer = heat.layer(name)
        assert np.allclose(layer * 6, np.round(layer * 6)) and layer.min() >= 0 and layer.max() <= 1
    # the showcase's starting fires burn in every run (R-FIRE-1) and its Smoke field covers its cells
    for fire in showcase.fires:
        for x, y in fire.cells:
            assert heat.burned[y, x] == 1.0
    smoke = next(h for h in showcase.hazards if h.kind == "smoke")
    x, y, _w, _h = smoke.rects[0] if smoke.rects else (*smoke.cells[0], 1, 1)
    assert heat.smoke[y, x] == 1.0
    # a death cell per killed unit: over the runs, sum of death cells <= units killed
    killed = sum(len(showcase.units) - len(r.alive) for r in serial.results)
    assert 0 < heat.deaths.sum() * 6 <= killed


def test_death_cells_are_where_the_units_died(showcase) -> None:
    run = play_run(showcase, 21, 6)
    game = Game.from_scenario(showcase, seed=21, max_rounds=6)
    where = {}
    game.listener = lambda e: (
        where.setdefault(e.unit, game.state.units[e.unit].pos) if e.kind == "killed" else None
    )
    ai.play_game(game)
    deaths = unpack_masks(run.cell_maps, (showcase.battlefield.height, showcase.battlefield.width))[2]
    expected = np.zeros_like(deaths)
    for x, y in where.values():
        expected[y, x] = True
    assert where and np.array_equal(deaths, expected)


def test_heat_maps_are_identical_with_worker_processes(showcase, serial) -> None:
    parallel = forecast(showcase, 6, seed=20, max_rounds=6, jobs=2)
    assert parallel.jobs == 2
    assert parallel == serial and parallel.heatmaps == serial.heatmaps


def test_dask_local_cluster_gives_the_same_report(showcase, serial) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
        client.get_executor(pure=False) as executor,
    ):
        seen = []
        remote = forecast(
            showcase,
            6,
            seed=20,
            max_rounds=6,
            jobs=2,
            executor=executor,
            progress=lambda d, t: seen.append(d),
        )
    assert remote == serial and remote.heatmaps == serial.heatmaps
    assert remote.to_dict(include_runs=True)["results"] == serial.to_dict()["results"]
    assert seen[0] == 0 and seen[-1] == 6


def test_executor_cancel_returns_the_batches_done() -> None:
    from concurrent.futures import ThreadPoolExecutor

    results: list = []
    with ThreadPoolExecutor(1) as pool:
        cancelled = run_on_executor(
            pool,
            lambda _s, _st, a, b, _m: list(range(a, b)),
            (None, None, 0, 40, 3),
            batches=8,
            results=results,
            should_stop=lambda: len(results) >= 5,
        )
    assert cancelled and 5 <= len(results) < 40


def test_json_has_the_heat_maps(serial) -> None:
    data = json.loads(json.dumps(serial.to_dict(include_runs=False)))
    heat = data["heatmaps"]
    assert heat["runs"] == 6 and len(heat["burned"]) == heat["height"]
    assert np.allclose(np.array(heat["deaths"]), serial.heatmaps.deaths, atol=1e-6)


def test_forecast_from_a_position_continues_that_battle(showcase) -> None:
    """Play three turns, then forecast: the dead stay dead, rounds count from the position, and
    each run is the battle continued with SeededDice(seed + i)."""
    game = Game.from_scenario(showcase, seed=4, max_rounds=20)
    for _ in range(3):
        ai.play_turn(game)
    position = game.state.copy()
    dead = {u.id for u in position.units.values() if not u.alive}
    report = forecast(showcase, 4, seed=100, max_rounds=3, start=position)
    assert report.start_round == position.round
    assert report.rounds_min >= position.round and report.rounds_max <= position.round + 2
    for unit_id in dead:
        assert report.unit(unit_id).survival_rate == 0.0
    # run 0 is exactly the position continued with seed 100
    cont = Game.from_state(position, SeededDice(100), max_rounds=position.round + 2)
    while not cont.over:
        ai.play_turn(cont)
    first = report.results[0]
    assert (first.winner, first.rounds, first.survivors) == (cont.winner, cont.round, cont.survivors())
    assert game.state.round == position.round, "the game itself is not played on"
    assert "from the position in round" in report.format_text()
