"""A saved game without a checkpoint replays every order (issue 26: older and hand-made files, the
autosave). The replay's shortcuts must give exactly the game the full checks give — state, each
side's picture, events, timeline, dice — under all three rulesets, fog of war and SuperNatural,
and refuse the same illegal recorded paths with the same words (R-MOVE-3, GRID-2):
* a move along a path no hazard field, fire or water touches, start included, skips the
  step-by-step hazard walk (`hazards.paths._clear_steps`, G-18, R-HAZ-12..19, R-FIRE-11);
* an explicit path asks the unit index whether its last cell is a friend's instead of building
  the set of every ally's cell (`movement._ends_on_friend`);
* a file with only `to` (no recorded path) searches each move's path once per turn for the
  side's movers together (`Game.from_events`, `prepare_moves`), the path a search alone finds.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brikwars_gui.engine import ai
from brikwars_gui.engine.dice.source import ScriptedDice, SeededDice
from brikwars_gui.engine.hazards import paths as hazard_paths
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules import move_search, movement
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario

RULESETS = ("brikwars", "d6", "ninepowers")
CASES = [
    *((name, ruleset, False) for name in ("skirmish.json", "hazard_showcase.json") for ruleset in RULESETS),
    ("skirmish.json", "d6", True),  # fog of war: what each side saw
    ("hazard_showcase.json", "brikwars", True),
    ("wizard_duel.json", "brikwars", False),  # SuperNatural (only BrikWars plays it)
]


@contextmanager
def full_checks():
    """The replay as it was before the shortcuts: every step asked, every set built."""
    saved = hazard_paths._clear_steps, movement._ends_on_friend, Game.replay_searches_ahead
    hazard_paths._clear_steps = lambda *a: False
    movement._ends_on_friend = lambda state, unit, end: end in move_search.blockers(state, unit)[1]
    Game.replay_searches_ahead = False
    try:
        yield
    finally:
        hazard_paths._clear_steps, movement._ends_on_friend, Game.replay_searches_ahead = saved


def _scenario(name: str, ruleset: str, fog: bool):
    scenario = load_scenario(SCENARIOS / name)
    return scenario.model_copy(update={"ruleset": ruleset, "fog_of_war": fog or scenario.fog_of_war})


def _orders(game: Game) -> list[dict]:
    return [e.to_dict() for e in game.events if e.kind in ("order", "decided", "unit_joined")]


def _replay(scenario, orders: list[dict], seed: int) -> Game:
    return Game.from_events(scenario, orders, SeededDice(seed), max_rounds=8)


def _without_path(order: dict) -> dict:
    """The order as a file from before paths were recorded holds it (a move to a cell only)."""
    if order.get("order") != "move" or "to" not in order["args"]:
        return order
    return {**order, "args": {k: v for k, v in order["args"].items() if k != "path"}}


def _assert_same(a: Game, b: Game) -> None:
    assert a.state.snapshot() == b.state.snapshot()
    for team in a.state.turn_order:  # what each side knows (fog, Hidden units, secret Traps)
        assert a.state.snapshot(team) == b.state.snapshot(team)
    assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
    assert list(a.snapshots) == list(b.snapshots)  # the timeline
    assert a.dice.record == b.dice.record
    assert (a.round, a.active_player, a.over, a.winner) == (b.round, b.active_player, b.over, b.winner)


@pytest.mark.parametrize(("name", "ruleset", "fog"), CASES)
def test_issue_26_the_replay_with_its_shortcuts_is_the_full_replay(name, ruleset, fog) -> None:
    scenario, seed = _scenario(name, ruleset, fog), 11
    played = Game.from_scenario(scenario, seed=seed, max_rounds=8)
    for _ in range(6):
        if not played.over:
            ai.play_turn(played)
    orders = _orders(played)
    assert any(o.get("order") == "move" for o in orders)
    fast = _replay(scenario, orders, seed)
    with full_checks():
        full = _replay(scenario, orders, seed)
    _assert_same(fast, full)
    _assert_same(fast, played)
    # a file written before paths were recorded (a move to a cell only): searched on replay
    old = [_without_path(o) for o in orders]
    searches = {True: 0, False: 0}
    real = movement.find_path

    def counted(*args, **kw):
        searches[Game.replay_searches_ahead] += 1
        return real(*args, **kw)

    movement.find_path = counted
    try:
        fast_old = _replay(scenario, old, seed)
        with full_checks():
            full_old = _replay(scenario, old, seed)
    finally:
        movement.find_path = real
    _assert_same(fast_old, full_old)
    moves = sum(1 for o in old if o.get("order") == "move" and "to" in o["args"])
    assert searches[False] == moves  # the full replay searched each move alone
    assert searches[True] < moves  # these moves' paths were read off the side's searches
    assert [e.to_dict() for e in fast_old.events if e.kind != "order"] == [
        e.to_dict() for e in played.events if e.kind != "order"
    ]


SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


@SLOW
@given(
    name=st.sampled_from(["hazard_showcase.json", "skirmish.json"]),
    ruleset=st.sampled_from(RULESETS),
    mover=st.integers(0, 20),
    steps=st.lists(st.sampled_from(STEPS), min_size=1, max_size=9),
    jump=st.booleans(),
)
def test_r_move_3_an_explicit_path_moves_or_is_refused_exactly_as_with_the_full_checks(
    name, ruleset, mover, steps, jump
) -> None:
    """Random paths — through fields, fires, water, walls, onto friends and enemies, jumps — from
    a unit of the side to move: the same refusal (words included) or the same move, events and state."""
    scenario = _scenario(name, ruleset, False)
    outcomes = []
    for full in (False, True):
        game = Game.from_scenario(scenario, seed=3, max_rounds=8)
        units = sorted(u.id for u in game.units_of())
        unit = game.unit(units[mover % len(units)])
        cells, (x, y) = [], unit.pos
        for dx, dy in steps:
            x, y = x + dx * (2 if jump and not cells else 1), y + dy
            cells.append((x, y))
        with full_checks() if full else _nothing():
            try:
                game.move(unit.id, cells)
                events = [e.to_dict() for e in game.events]
                outcome = ("moved", events, game.state.snapshot(), game.dice.record)
            except IllegalOrder as exc:
                outcome = ("refused", str(exc), game.state.snapshot())
        outcomes.append(outcome)
    assert outcomes[0] == outcomes[1]


@contextmanager
def _nothing():
    yield


def _friends() -> GameState:
    """Red's "a" at (2, 5) with 6" of Move, its friend "b" at (4, 5), blue's "z" far off."""
    state = hs.blank_state(20, 20)
    hs.add_unit(state, "a", "red", (2, 5), move=6)
    hs.add_unit(state, "b", "red", (4, 5))
    hs.add_unit(state, "z", "blue", (15, 15))
    return state


@pytest.mark.parametrize("end", [(4, 5), (5, 5)])
def test_r_move_3_a_recorded_path_ending_on_a_friends_cell_is_refused_naming_the_order(end) -> None:
    """A hand-edited file whose recorded path ends on the cell of a friend it may only pass
    (R-MOVE-3): refused with the same words as with the full checks, naming the order; passing
    the friend to the cell beyond is legal."""
    path = [[2, 5], [3, 5], [4, 5], [5, 5]][: end[0] - 1]
    order = {"kind": "order", "player": "red", "order": "move", "unit": "a"}
    order["args"] = {"to": list(end), "path": path}
    outcomes = []
    for full in (False, True):
        with full_checks() if full else _nothing():
            try:
                game = Game.from_events(None, [order], ScriptedDice([]), state=_friends())
                outcomes.append(("moved", game.unit("a").pos, [e.to_dict() for e in game.events]))
            except IllegalOrder as exc:
                outcomes.append(("refused", str(exc)))
    assert outcomes[0] == outcomes[1]
    if end == (4, 5):
        assert outcomes[0] == (
            "refused",
            "order 1 of 1 (move of a): illegal path: the move ends on (4, 5), a cell it may only pass "
            "through",
        )
    else:
        assert outcomes[0][:2] == ("moved", (5, 5))
