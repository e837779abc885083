"""engine/forecast_pool.py: a forecast starts every game from the position converted once, and
worker processes are kept for the next forecast (not shared by two at once, never kept after a
cancel)."""

from __future__ import annotations

import threading

from brikwars_gui.engine import ai, forecast_pool
from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.forecast import forecast, play_run
from brikwars_gui.engine.forecast_pool import Start, lease
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario import load_scenario


def test_games_from_the_pickled_start_are_the_games_from_the_scenario() -> None:
    scenario = load_scenario(SCENARIOS / "hazard_showcase.json")
    origin = Start.of(scenario)
    for seed in (3, 4):
        mine = origin.game(seed, 4)
        plain = Game.from_scenario(scenario, seed=seed, max_rounds=4, start=False)
        for game in (mine, plain):
            game.start()
            ai.play_game(game)
        assert [e.to_dict() for e in mine.events] == [e.to_dict() for e in plain.events]
        assert mine.snapshots == [] and plain.snapshots  # no timeline kept for forecasts


def test_a_position_in_progress_continues_like_game_from_state() -> None:
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    game = Game.from_scenario(scenario, seed=1)
    ai.play_turn(game)
    ai.play_turn(game)
    mine = Start.of(scenario, game.state).game(9, 3)
    plain = Game.from_state(game.state, SeededDice(9), max_rounds=game.state.round + 2)
    for g in (mine, plain):
        ai.play_game(g)
    assert [e.to_dict() for e in mine.events] == [e.to_dict() for e in plain.events]
    run = play_run(scenario, 9, 3, start=game.state)
    assert run is not None and run.rounds == plain.state.round and run.winner == plain.winner


def test_worker_pool_is_kept_between_forecasts_and_dropped_after_a_cancel() -> None:
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    first = forecast(scenario, 6, seed=0, max_rounds=4, jobs=2)
    kept = forecast_pool._kept
    assert kept is not None
    second = forecast(scenario, 6, seed=0, max_rounds=4, jobs=2)
    assert forecast_pool._kept is kept and first == second
    # a forecast while another holds the kept pool gets a pool of its own
    with lease(2) as held:
        assert held.pool is kept
        other: list[object] = []
        thread = threading.Thread(target=lambda: other.append(forecast(scenario, 4, max_rounds=3, jobs=2)))
        thread.start()
        thread.join()
        assert other == [forecast(scenario, 4, max_rounds=3, jobs=1)]
    assert forecast_pool._kept is kept
    calls: list[int] = []
    cancelled = forecast(
        scenario,
        60,
        max_rounds=4,
        jobs=2,
        progress=lambda d, t: calls.append(d),
        should_stop=lambda: bool(calls[1:]),
    )
    assert cancelled.cancelled and forecast_pool._kept is None
