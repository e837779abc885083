"""A move to a cell records the path it walked, and a replay walks that path without searching
(issue 26; docs/architecture.md, "Saved games"): the order is "move along this path", checked step
by step under R-MOVE-3 / GRID-2 as any explicit path is. Files from before, with only `to`, still
replay by searching, and are logged as they were read."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.replay import compare_events, event_dicts
from brikwars_gui.engine.rules import move_search, movement
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState


def _field() -> GameState:
    """Red's "a" at (2, 5), a wall and mud between it and (6, 5): the cheapest way goes round."""
    state = hs.blank_state(20, 20)
    hs.add_unit(state, "a", "red", (2, 5), move=8)
    hs.add_unit(state, "z", "blue", (15, 15))
    hs.add_object(state, "wall", [(4, 5), (4, 6), (5, 6)], size=3, weight=1.0)
    state.grid.half_speed[3:5, 5:7] = True
    return state


def _played() -> Game:
    game = Game(_field(), ScriptedDice([]))
    game.move("a", (6, 5))
    return game


def _orders(events: list[dict]) -> list[dict]:
    return [e for e in events if e["kind"] == "order"]


def _replay(events: list[dict]) -> Game:
    return Game.from_events(None, events, ScriptedDice([]), state=_field())


def test_r_move_3_a_move_to_a_cell_logs_its_destination_and_the_path_it_walked() -> None:
    game = _played()
    moved = next(e for e in game.events if e.kind == "unit_moved")
    (order,) = _orders(event_dicts(game.events))
    assert order["args"] == {"to": [6, 5], "path": [list(c) for c in moved.path]}
    assert (4, 5) not in moved.path  # round the wall


def test_r_move_3_a_recorded_path_replays_without_a_search(monkeypatch) -> None:
    logged = event_dicts(_played().events)

    def no_search(*args: object, **kw: object) -> None:
        raise AssertionError("the replay searched for a path")

    monkeypatch.setattr(movement, "find_path", no_search)
    replayed = _replay(logged)
    assert compare_events(logged, event_dicts(replayed.events)) is None
    assert replayed.unit("a").pos == (6, 5)


def test_r_move_3_an_old_order_with_only_to_searches_and_is_logged_as_it_was_read(monkeypatch) -> None:
    logged = event_dicts(_played().events)
    for order in _orders(logged):
        del order["args"]["path"]  # a file written before paths were recorded
    searches: list[object] = []
    # alone, or the turn's movers together (issue 26)
    for module, name in ((movement, "find_path"), (move_search, "reach_searches")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, real=real, **kw: searches.append(a) or real(*a, **kw))
    replayed = _replay(logged)
    assert searches  # it searched
    assert compare_events(logged, event_dicts(replayed.events)) is None  # same game, same order args
    assert _orders(event_dicts(replayed.events))[0]["args"] == {"to": [6, 5]}


def test_r_move_3_a_recorded_path_that_does_not_end_at_its_destination_is_refused() -> None:
    logged = event_dicts(_played().events)
    order = _orders(logged)[0]
    order["args"]["path"] = order["args"]["path"][:-1]  # a legal path, one step short
    with pytest.raises(IllegalOrder) as refused:
        _replay(logged)
    assert str(refused.value).startswith("order 1 of 1 (move of a): the path ends at ")
    assert "not at its destination (6, 5)" in str(refused.value)


def test_r_move_3_a_recorded_path_is_checked_step_by_step() -> None:
    logged = event_dicts(_played().events)
    order = _orders(logged)[0]
    order["args"]["path"][2:2] = [[9, 9]]  # a jump mid-path
    jump = r"order 1 of 1 \(move of a\): illegal path: step 2 .* neighbouring"
    with pytest.raises(IllegalOrder, match=jump):
        _replay(logged)


def test_an_explicit_path_order_is_still_logged_as_a_path_alone() -> None:
    game = Game(_field(), ScriptedDice([]))
    game.move("a", [(2, 4), (3, 4)])
    assert _orders(event_dicts(game.events))[0]["args"] == {"path": [[2, 5], [2, 4], [3, 4]]}
