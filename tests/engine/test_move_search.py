"""A `move` order reads its path off the search `legal_moves` made (issue 26) and gets the very path
a new search finds (GRID-2 costs, R-MOVE-3 obstacles and climbs, R-MOVE-7/8 Half Speed, blocking
units); a search that no longer holds is validated and not used: the order searches again and
refuses what that refuses."""

from __future__ import annotations

import numpy as np
import pytest

from brikwars_gui.engine.dice import ScriptedDice, SeededDice
from brikwars_gui.engine.grid import Grid, find_path, reach_search, reach_searches
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules import move_search, movement
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState
from brikwars_gui.scenario.generate import army_battle


def _random_grid(rng: np.random.Generator, w: int, h: int) -> Grid:
    grid = Grid.empty(w, h)
    grid.passable[:] = rng.random((h, w)) > rng.choice([0.0, 0.15, 0.3])
    grid.half_speed[:] = rng.random((h, w)) < rng.choice([0.0, 0.2, 0.5])
    if rng.random() < 0.5:
        grid.elevation[:] = rng.integers(0, int(rng.choice([2, 4, 7])), (h, w))
    return grid


@pytest.mark.parametrize("seed", range(4))
def test_grid_2_the_path_read_off_a_reach_search_is_find_paths_path(seed: int) -> None:
    """On random grids (obstacles, Half Speed terrain, elevation, blocking units, either diagonal
    parity, a Half Speed unit, R-MOVE-9's 1-brick climb), for every cell: the same path, costs and
    parity as `find_path`'s A*, or None for both."""
    rng = np.random.default_rng(seed)
    compared = differing = 0
    for _ in range(15):
        w, h = (int(v) for v in rng.integers(3, 15, 2))
        grid = _random_grid(rng, w, h)
        start = (int(rng.integers(w)), int(rng.integers(h)))
        grid.passable[start[1], start[0]] = True
        units = rng.integers(0, (w, h), (int(rng.integers(0, 12)), 2))
        blocked = frozenset((int(x), int(y)) for x, y in units) - {start}
        kw = {
            "blocked": blocked,
            "half_speed": bool(rng.random() < 0.2),
            "diagonal_parity": int(rng.integers(2)),
            "max_rise": int(rng.choice([1, 3])),
        }
        budget = int(rng.integers(0, 12))
        reach = reach_search(grid, start, budget, **kw)
        for x in range(w):
            for y in range(h):
                expected = find_path(grid, start, (x, y), budget=budget, **kw)
                compared += expected is not None
                differing += reach.path_to((x, y)) != expected
    assert compared > 100 and differing == 0


def _field() -> GameState:
    """Red's "a" at (2, 5) with a wall and mud between it and (9, 5); an ally and an enemy."""
    state = hs.blank_state(20, 20)
    hs.add_unit(state, "a", "red", (2, 5), move=8)
    hs.add_unit(state, "b", "red", (2, 7))
    hs.add_unit(state, "z", "blue", (5, 4))
    hs.add_object(state, "wall", [(4, 5), (4, 6), (5, 6)], size=3, weight=1.0)
    state.grid.half_speed[3:5, 5:7] = True
    return state


def _moved_path(game: Game) -> list[tuple[int, int]]:
    return [tuple(c) for c in next(e for e in reversed(game.events) if e.kind == "unit_moved").path]


def test_r_move_3_a_move_after_legal_moves_reads_the_searched_path_without_a_new_search(monkeypatch) -> None:
    plain = Game(_field(), ScriptedDice([]))
    plain.move("a", (6, 5))
    searched = Game(_field(), ScriptedDice([]))
    assert searched.legal_moves("a")[(6, 5)] == plain.unit("a").move_spent

    def no_search(*args: object, **kw: object) -> None:
        raise AssertionError("the move searched again")

    monkeypatch.setattr(movement, "find_path", no_search)
    searched.move("a", (6, 5))
    assert _moved_path(searched) == _moved_path(plain)
    assert searched.unit("a").move_spent == plain.unit("a").move_spent
    # the order is logged as a move to a cell with the path it walked (a replay walks that path)
    walked = [list(c) for c in _moved_path(plain)]
    assert [e.args for e in searched.events if e.kind == "order"] == [{"to": [6, 5], "path": walked}]


def test_r_move_3_a_search_the_grid_changed_under_is_not_used_the_move_goes_around() -> None:
    game = Game(_field(), ScriptedDice([]))
    game.legal_moves("a")
    path_then = game.preview_path("a", (6, 5))
    assert path_then is not None
    x, y = path_then.cells[3]
    game.state.grid.passable[y, x] = False  # in place, under the kept search
    game.move("a", (6, 5))
    moved = _moved_path(game)
    assert (x, y) not in moved and moved[-1] == (6, 5)
    fresh = _field()
    fresh.grid.passable[y, x] = False
    assert moved == list(Game(fresh, ScriptedDice([])).preview_path("a", (6, 5)).cells)


def test_r_move_3_an_illegal_path_from_a_kept_search_is_refused() -> None:
    game = Game(_field(), ScriptedDice([]))
    assert (3, 4) in game.legal_moves("a")
    game.state.grid.passable[4, 3] = False  # the goal itself is now an obstacle
    with pytest.raises(IllegalOrder, match="cannot reach"):
        game.move("a", (3, 4))
    assert game.unit("a").pos == (2, 5) and not [e for e in game.events if e.kind == "unit_moved"]


def test_r_move_4_an_order_in_between_drops_the_search_a_friend_now_on_the_goal_refuses_the_move() -> None:
    game = Game(_field(), ScriptedDice([]))
    assert (3, 6) in game.legal_moves("a")
    game.move("b", (3, 6))  # another order: the search made for "a" no longer counts
    with pytest.raises(IllegalOrder):
        game.move("a", (3, 6))
    assert game.unit("a").pos == (2, 5)


def test_a_search_made_for_another_unit_is_not_used() -> None:
    game = Game(_field(), ScriptedDice([]))
    game.legal_moves("b")
    game.move("a", (3, 4))
    assert _moved_path(game) == [(2, 5), (3, 4)]


def test_a_failed_order_rewinds_the_dice_it_rolled_and_leaves_them_if_it_rolled_none(monkeypatch) -> None:
    game = Game(_field(), SeededDice(5))
    probe = SeededDice(5)
    first = [probe.roll(6) for _ in range(3)]

    def roll_then_fail(*args: object, **kw: object) -> None:
        game.dice.roll(6, "doomed")
        game.dice.roll(6, "doomed")
        raise RuntimeError("a rule broke halfway")

    monkeypatch.setattr("brikwars_gui.engine.session.walk", roll_then_fail)
    with pytest.raises(RuntimeError):
        game.move("a", (3, 4))
    assert game.dice.record == []
    assert game.dice.roll(6) == first[0]  # the faces the failed order drew come again

    def fail(*args: object, **kw: object) -> None:
        raise RuntimeError("broke before any roll")

    monkeypatch.setattr("brikwars_gui.engine.session.walk", fail)
    with pytest.raises(RuntimeError):
        game.move("a", (3, 4))
    assert [game.dice.roll(6), game.dice.roll(6)] == first[1:]


@pytest.mark.parametrize("seed", range(3))
def test_grid_2_searches_made_together_are_each_units_own_search(seed: int) -> None:
    """`reach_searches` (one numpy pass, windows cut from a walled copy of the grid) gives every
    start the cells, costs and paths `reach_search` gives it alone, at the table's edges too."""
    rng = np.random.default_rng(100 + seed)
    for _ in range(12):
        w, h = (int(v) for v in rng.integers(1, 16, 2))
        grid = _random_grid(rng, w, h)
        starts = [((int(rng.integers(w)), int(rng.integers(h))), int(rng.integers(2))) for _ in range(5)]
        units = rng.integers(0, (w, h), (int(rng.integers(0, 12)), 2))
        blocked = frozenset((int(x), int(y)) for x, y in units) - {s for s, _ in starts}
        kw = {"blocked": blocked, "half_speed": bool(rng.random() < 0.2), "max_rise": int(rng.choice([1, 3]))}
        budget = int(rng.integers(0, 10))
        together = reach_searches(grid, starts, budget, **kw)
        for (start, parity), reach in zip(starts, together, strict=True):
            alone = reach_search(grid, start, budget, diagonal_parity=parity, **kw)
            assert list(reach.costs().items()) == list(alone.costs().items())
            cells = [(x, y) for x in range(w) for y in range(h)]
            assert [reach.path_to(c) for c in cells] == [alone.path_to(c) for c in cells]


def test_moves_prepared_for_a_side_are_its_units_own_until_something_they_depend_on_changes() -> None:
    """`Game.prepare_moves` searches a side's units together; each `legal_moves` equals a search of
    its own (cells, costs, order) while it holds — an enemy killed beyond its reach leaves it as
    it was (issue 26) — and is searched afresh once an enemy moved within its reach or the
    terrain under it changed."""
    game = Game.from_scenario(army_battle(200, size=60, buildings=20, fires=2, seed=4), seed=1)
    state = game.state
    ids = sorted(u.id for u in game.units_of())
    prepared = move_search.prepare_moves(state, [game.unit(u) for u in ids])
    assert len(prepared) == len(ids)
    for uid in ids[:40]:
        unit = game.unit(uid)
        assert list(move_search.search_moves(state, unit, prepared[uid])[0].items()) == list(
            move_search.legal_moves(state, unit).items()
        )
    unit = game.unit(ids[0])
    blocked, _ = move_search.blockers(state, unit)
    assert prepared[ids[0]].holds(state, unit, blocked, False)
    x, y = next(iter(move_search.legal_moves(state, unit)))
    state.grid.passable[y, x] = False  # under the kept search
    assert not prepared[ids[0]].holds(state, unit, blocked, False)
    assert (x, y) not in move_search.search_moves(state, unit, prepared[ids[0]])[0]
    state.grid.passable[y, x] = True
    other = game.unit(ids[1])
    enemies = sorted(
        (u for u in state.units.values() if u.team != unit.team and u.alive),
        key=lambda u: -max(abs(u.pos[0] - other.pos[0]), abs(u.pos[1] - other.pos[1])),
    )
    enemies[0].alive = False  # one fewer blocker, beyond the search's reach: it still holds
    assert prepared[ids[1]].holds(state, other, move_search.blockers(state, other)[0], False)
    assert list(move_search.search_moves(state, other, prepared[ids[1]])[0].items()) == list(
        move_search.legal_moves(state, other).items()
    )
    step = next(
        c
        for c in move_search.legal_moves(state, other)
        if max(abs(c[0] - other.pos[0]), abs(c[1] - other.pos[1])) == 1
    )
    enemies[1].pos = step  # an enemy now stands in its way: searched afresh, the cell left out
    assert not prepared[ids[1]].holds(state, other, move_search.blockers(state, other)[0], False)
    assert step not in move_search.search_moves(state, other, prepared[ids[1]])[0]


def test_the_default_ai_plays_the_same_round_with_its_moves_searched_together(monkeypatch) -> None:
    """Same events with the moves searched together (`prepare_moves`) as one unit at a time; and
    searched together they were: few units searched on their own."""
    from brikwars_gui.engine import ai

    alone = move_search.reach_search
    searched: list[int] = []

    def counted(*args: object, **kw: object) -> object:
        searched.append(1)
        return alone(*args, **kw)

    def play(prepare: bool) -> tuple[list[dict], int]:
        searched.clear()
        game = Game.from_scenario(
            army_battle(120, size=40, buildings=12, fires=2, seed=2), seed=3, max_rounds=3
        )
        with monkeypatch.context() as patch:
            patch.setattr(move_search, "reach_search", counted)
            if not prepare:
                patch.setattr(Game, "prepare_moves", lambda self, ids: None)
            for _ in range(4):
                ai.play_turn(game)
        moved = sum(1 for e in game.events if e.kind == "order" and e.order == "move")
        return [e.to_dict() for e in game.events], len(searched) / moved

    (together, alone_share), (one_by_one, every) = play(True), play(False)
    assert together == one_by_one
    assert every >= 1 and alone_share < 0.5
