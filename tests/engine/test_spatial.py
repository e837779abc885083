"""The unit index (engine/spatial.py) follows the engine's own moves, deaths and rollbacks, and the
radius query finds exactly the units a full scan finds."""

from __future__ import annotations

from typing import Any

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.geometry import in_range
from brikwars_gui.engine.hazards import phase as hazards
from brikwars_gui.engine.rules.common import can_respond
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.spatial import UnitIndex
from brikwars_gui.engine.state import GameState, UnitState
from brikwars_gui.scenario.generate import army_battle


def _cells(index: UnitIndex) -> dict[tuple[int, int], list[str]]:
    return {c: [u.id for u in units] for c, units in index.by_cell.items()}


def _assert_index_fresh(state: GameState) -> None:
    kept = state.unit_index()
    scan: dict[tuple[int, int], list[str]] = {}
    for u in state.units.values():
        if u.alive:
            scan.setdefault(u.pos, []).append(u.id)
    assert _cells(kept) == scan
    teams = {u.team for u in state.units.values()}
    assert {t: kept.alive_by_team.get(t, 0) for t in teams} == {
        t: sum(1 for u in state.units.values() if u.alive and u.team == t) for t in teams
    }
    # who could respond (R-RESP-1), per team: what `movement_triggers` asks before its query
    assert {t: kept.responders.get(t, 0) for t in teams} == {
        t: sum(1 for u in state.units.values() if u.team == t and can_respond(u)) for t in teams
    }
    assert sorted(u.id for b in kept.buckets.values() for u in b) == sorted(
        u.id for u in state.units.values() if u.alive
    )
    for team in teams:  # the kept answers (issue 26) are those of a scan
        for shown_only in (False, True):
            want = [
                n
                for n, u in enumerate(kept.by_id)
                if u.alive and u.team != team and not (shown_only and u.hidden)
            ]
            assert kept.enemy_rows(team, shown_only=shown_only).tolist() == want
        unit = next(u for u in state.units.values() if u.team == team)
        enemies = frozenset(u.pos for u in state.units.values() if u.alive and u.team != team)
        assert kept.blockers(unit)[0] == enemies
        for cell in ((0, 0), unit.pos, (12, 7)):  # the kept bucket listings of a side's enemies
            near = sorted(u.id for u in kept.near(cell, 6.5, enemies_of=team) if in_range(cell, u.pos, 6.5))
            scan = [
                u for u in state.units.values() if u.alive and u.team != team and in_range(cell, u.pos, 6.5)
            ]
            assert near == sorted(u.id for u in scan)


def test_index_follows_moves_and_deaths_of_an_ai_battle() -> None:
    game = Game.from_scenario(army_battle(60, size=30, buildings=6, seed=1), seed=2, max_rounds=8)
    kept = game.state.unit_index()
    deaths = 0
    while not game.over:
        ai.play_turn(game)
        assert game.state.unit_index() is kept  # never rebuilt: units were neither added nor removed
        _assert_index_fresh(game.state)
        deaths = sum(1 for u in game.state.units.values() if not u.alive)
    assert deaths > 0


def test_units_near_matches_a_full_scan() -> None:
    state = GameState.from_scenario(army_battle(100, size=40, buildings=12, seed=0))
    for cell in ((0, 0), (20, 20), (39, 5), (5, 39)):
        for radius in (1.5, 2.9, 6.0, 11.5, 60.0):
            want = [u.id for u in state.units.values() if u.alive and in_range(cell, u.pos, radius)]
            assert [u.id for u in state.units_near(cell, radius)] == want


def test_index_is_right_after_a_rollback(monkeypatch) -> None:
    game = Game.from_scenario(army_battle(40, size=24, buildings=4, seed=0), seed=5)
    for _ in range(4):
        ai.play_turn(game)
    before = _cells(game.state.unit_index())

    def broken(ctx: Any, unit: UnitState) -> None:
        raise RuntimeError("broke after the turn's moves")

    unit = next(u for u in game.units_of() if game.legal_moves(u.id))
    game.move(unit.id, max(game.legal_moves(unit.id)))
    moved = _cells(game.state.unit_index())
    monkeypatch.setattr(hazards, "start_of_movement", broken)
    with pytest.raises(RuntimeError):
        game.end_turn()
    assert _cells(game.state.unit_index()) == moved != before
    _assert_index_fresh(game.state)


def test_living_counts_follow_a_change_of_side() -> None:
    state = GameState.from_scenario(army_battle(20, size=20, buildings=2, seed=0))
    _assert_index_fresh(state)  # the kept enemy rows and cells are asked before each change
    unit = state.units["red-2"]
    unit.team = "blue"
    _assert_index_fresh(state)
    unit.alive = False
    _assert_index_fresh(state)
    state.units["blue-1"].hidden = True
    _assert_index_fresh(state)
    state.units["blue-1"].pos = (0, 0)
    _assert_index_fresh(state)


def test_copies_build_their_own_index() -> None:
    state = GameState.from_scenario(army_battle(20, size=20, buildings=2, seed=0))
    state.unit_index()
    twin = state.copy()
    unit = next(iter(twin.units.values()))
    unit.pos = (10, 10)
    assert twin.unit_at((10, 10)) is unit and state.unit_at((10, 10)) is None
    _assert_index_fresh(state)
    _assert_index_fresh(twin)


def test_blockers_and_object_reach_match_a_full_scan_during_a_battle() -> None:
    """`blockers` (movement) and `objects_touching` (hand orders) come from kept indexes: they
    must equal a scan of every unit / object cell at every turn of a battle with deaths."""
    from brikwars_gui.engine.geometry import within_reach
    from brikwars_gui.engine.rules.move_search import blockers

    game = Game.from_scenario(army_battle(60, size=30, buildings=6, seed=1), seed=2, max_rounds=8)
    state = game.state
    while not game.over:
        ai.play_turn(game)
        for unit in state.units.values():
            others = [u for u in state.units.values() if u.alive and u.id != unit.id]
            enemies = {u.pos for u in others if u.team != unit.team}
            allies = {u.pos for u in others if u.team == unit.team}
            assert blockers(state, unit) == (enemies, allies)
            near = {o.id for o in state.objects.values() if any(within_reach(unit.pos, c) for c in o.cells)}
            assert state.objects_touching(unit.pos) == near
    assert state.unit_index().longest_range == max(
        w.range or 0 for u in state.units.values() for w in u.weapons if not w.is_close
    )


def test_hidden_units_kept_by_the_index_answer_what_a_side_cannot_see() -> None:
    """G-16 without fog of war: `hidden_from` and `unseen_enemy_cells` come from the index's set of
    Hidden units, kept through changes and rollbacks; they equal asking every unit."""
    from brikwars_gui.engine import journal
    from brikwars_gui.engine.visibility import hidden_from, unit_visible_to, unseen_enemy_cells

    state = GameState.from_scenario(army_battle(40, size=30, buildings=4, seed=2))
    units = list(state.units.values())
    units[0].hidden = True
    units[-1].hidden = True
    units[-1].alive = False

    def check() -> None:
        assert state.unit_index().hidden == {u.id for u in units if u.hidden}
        for team in {u.team for u in units}:
            unseen = [u for u in units if not unit_visible_to(state, team, u)]
            assert hidden_from(state, team) == frozenset(u.id for u in unseen)
            assert unseen_enemy_cells(state, team) == frozenset(u.pos for u in unseen if u.alive)

    check()
    j = journal.begin()
    units[0].hidden = False
    units[5].hidden = True
    units[5].pos = (1, 1)
    check()
    journal.rollback(j)
    check()
    assert units[0].hidden and not units[5].hidden


class _CountedBuckets(dict):
    """Buckets that count the lookups of a query and stop a runaway one."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.lookups = 0

    def get(self, key: Any, default: Any = None) -> Any:
        self.lookups += 1
        assert self.lookups <= 10_000, "the query walks buckets far beyond the table"
        return super().get(key, default)


@pytest.mark.parametrize("radius", [800, 100_000, float("inf")])
def test_a_query_wider_than_the_table_walks_only_the_buckets_that_hold_units(radius) -> None:
    # issue 26: a weapon Range of 100000 made every nearby-units lookup walk the (2 Range)² square
    state = GameState.from_scenario(army_battle(40, size=30, buildings=4, seed=3))
    index = state.unit_index()
    index.buckets = _CountedBuckets(index.buckets)
    everyone = sorted(u.id for u in state.units.values() if u.alive)
    for cell in [(0, 0), (29, 29), (15, 3)]:
        assert sorted(u.id for u in index.near(cell, radius)) == everyone
    assert index.buckets.lookups <= 3 * len(index.buckets)


def test_r_resp_1_the_index_counts_who_could_respond_through_orders_and_a_response() -> None:
    """Issue 26: a step no enemy could respond to skips the Response query, so the index's count
    of saved-Action holders must follow the orders: blue's archer keeps its Action (R-RESP-1),
    red's swordsman walks into the Bow's Range and is shot at, which spends it."""
    from ruleset_games import game_under
    from scripted_answers import Answers

    from brikwars_gui.engine.rules import sandbox as sb

    bow = {"name": "Bow", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}
    units = [
        sb.unit("a", "blue", (1, 5), facing="E", weapons=[bow]),
        sb.unit("z", "red", (13, 5), facing="W", weapons=[sb.SWORD]),
    ]
    g = game_under("brikwars", units, width=16)
    g.policy = Answers()
    index = g.state.unit_index()
    assert not index.may_respond_to("red")  # nobody has saved an Action yet
    g.move("a", (2, 5))
    g.end_turn()
    assert g.unit("a").saved_action and index.responders == {"blue": 1} and index.may_respond_to("red")
    assert not index.may_respond_to("blue")
    g.move("z", (11, 5))
    shots = [e for e in g.events if e.kind == "attacked" and e.attacker == "a"]
    assert len(shots) == 1 and shots[0].response  # the Response the count let through
    assert not g.unit("a").saved_action and not index.may_respond_to("red")
    _assert_index_fresh(g.state)
