"""A path's steps with no hazard on them are not walked one by one by `resolve_path` (issue 26,
`hazards/paths._clear_steps`): games play exactly as with every step walked — the Field Hazards'
rolls and stops (R-HAZ-12/14/15/17), fires and Exposure entered (G-18, R-FIRE-2), water putting
fires out (R-FIRE-11) — and the shortcut is taken on open ground."""

from __future__ import annotations

from unittest import mock

import pytest

from brikwars_gui.engine.hazards import paths
from brikwars_gui.engine.replay import event_dicts
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.player import make_player
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.io import load_scenario


def _play(scenario, seed: int, level: str, rounds: int, *, walk_every_step: bool) -> Game:
    """`rounds` rounds of `level` on both sides; `walk_every_step`: `_clear_steps` never says clear."""
    clear = (lambda state, cells: False) if walk_every_step else paths._clear_steps
    with mock.patch.object(paths, "_clear_steps", clear):
        game = Game.from_scenario(scenario, seed=seed, max_rounds=rounds)
        players = {p: make_player(level, seed=seed) for p in game.state.turn_order}
        while not game.over:
            players[game.active_player].play_turn(game)
    return game


@pytest.mark.parametrize("level", ["default", "normal"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_haz_12_hazard_games_play_the_same_with_clear_steps_skipped(level, seed):
    """The hazard showcase (a minefield, barbed wire, mud, smoke, an oil slick, a burning hamlet,
    a river with a current, a gas cloud): identical events and final state, five rounds."""
    scenario = load_scenario(SCENARIOS / "hazard_showcase.json")
    fast = _play(scenario, seed, level, 5, walk_every_step=False)
    slow = _play(scenario, seed, level, 5, walk_every_step=True)
    kinds = {e["kind"] for e in event_dicts(fast.events)}
    assert kinds & {"hazard_move", "concealed_triggered"}  # the hazards were met on the way
    assert event_dicts(fast.events) == event_dicts(slow.events)
    assert fast.state.snapshot() == slow.state.snapshot()


def test_r_fire_2_a_battle_with_fires_plays_the_same_and_takes_the_shortcut():
    """A generated battle with burning buildings: the same game either way, and most moves'
    steps are found clear."""
    scenario = army_battle(120, size=40, buildings=12, fires=5, seed=3)
    calls: list[bool] = []
    real = paths._clear_steps

    def counted(state, cells):
        calls.append(real(state, cells))
        return calls[-1]

    with mock.patch.object(paths, "_clear_steps", counted):
        fast = Game.from_scenario(scenario, seed=5, max_rounds=3)
        for _ in range(6):
            if not fast.over:
                make_player("default").play_turn(fast)
    slow = Game.from_scenario(scenario, seed=5, max_rounds=3)
    with mock.patch.object(paths, "_clear_steps", lambda state, cells: False):
        for _ in range(6):
            if not slow.over:
                make_player("default").play_turn(slow)
    assert event_dicts(fast.events) == event_dicts(slow.events)
    assert fast.state.snapshot() == slow.state.snapshot()
    assert sum(calls) > len(calls) // 2
