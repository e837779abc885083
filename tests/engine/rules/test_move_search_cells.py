"""`search_move_cells` (engine/rules/move_search.py, issue 26) is `search_moves` as arrays: the same
cells and Move costs (R-MOVE-2, GRID-2; no move ends on a friend's cell or where the unit stands)
and the same search for the `move` order, for every unit the default AI moves — ground movers,
flyers (R-SN-30), burdened units by water (R-MOVE-10), under fog of war — and AI games play the
same events with the arrays as with the dicts."""

from __future__ import annotations

from typing import Any

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.rules import move_search
from brikwars_gui.engine.rules.move_search import move_arrays, search_moves
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState, UnitState
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.models import Scenario


def _scenario(source: str, fog: bool) -> Scenario:
    if source == "battle":
        scenario = army_battle(120, size=40, buildings=8, fires=3, seed=4)
    else:
        scenario = load_scenario(SCENARIOS / f"{source}.json")
    return scenario.model_copy(update={"fog_of_war": fog})


def _vary(game: Game) -> None:
    """Every fifth unit flies (R-SN-30), every seventh wears body armour (burdened, R-MOVE-10) and
    every eleventh cannot swim: each kind of mover `search_move_cells` tells apart."""
    for n, unit in enumerate(sorted(game.state.units.values(), key=lambda u: u.id)):
        if n % 5 == 0:
            unit.flight = 4
        if n % 7 == 0:
            unit.body_armor = True
        if n % 11 == 0:
            unit.can_swim = False


@pytest.mark.parametrize(
    ("source", "fog", "varied"),
    [
        ("battle", False, False),
        ("battle", True, True),
        ("hazard_showcase", False, True),
        ("skirmish", True, False),
    ],
)
def test_r_move_2_the_cells_read_off_the_search_are_search_moves_cells(
    source: str, fog: bool, varied: bool
) -> None:
    fast = move_search.search_move_cells
    seen = {"calls": 0, "cells": 0, "flyers": 0, "burdened": 0}

    def checked(state: GameState, unit: UnitState, prepared: Any = None) -> Any:
        moves, search = search_moves(state, unit, prepared)
        xs, ys, costs, got = fast(state, unit, prepared)
        assert dict(zip(zip(xs.tolist(), ys.tolist(), strict=True), costs.tolist(), strict=True)) == moves
        assert len(costs) == len(moves)
        assert (got is None) == (search is None)
        if got is not None:  # the same search: the same path to every cell
            assert got.reach is search.reach or all(
                got.reach.path_to(c) == search.reach.path_to(c) for c in moves if not unit.flight
            )
        seen["calls"] += 1
        seen["cells"] += len(moves)
        seen["flyers"] += bool(unit.flight)
        seen["burdened"] += bool(unit.body_armor)
        return xs, ys, costs, got

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("brikwars_gui.engine.session.search_move_cells", checked)
        game = Game.from_scenario(_scenario(source, fog), seed=3, max_rounds=4)
        if varied:
            _vary(game)
        ai.play_game(game)
    assert seen["calls"] >= 10 and seen["cells"] > 100
    if varied:
        assert seen["flyers"] and seen["burdened"]


@pytest.mark.parametrize("source", ["battle", "hazard_showcase"])
def test_an_ai_game_plays_the_same_events_with_the_cells_as_arrays_as_with_legal_moves(source: str) -> None:
    def play(arrays: bool) -> list[dict]:
        with pytest.MonkeyPatch.context() as patch:
            if not arrays:  # the dict `legal_moves` answers, turned into arrays afterwards

                def by_dict(state: GameState, unit: UnitState, prepared: Any = None) -> Any:
                    moves, search = search_moves(state, unit, prepared)
                    return (*move_arrays(moves), search)

                patch.setattr("brikwars_gui.engine.session.search_move_cells", by_dict)
            game = Game.from_scenario(_scenario(source, False), seed=5, max_rounds=4)
            _vary(game)
            ai.play_game(game)
        return [e.to_dict() for e in game.events]

    assert play(True) == play(False)
