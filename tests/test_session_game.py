"""The `Game` turn controller: orders, events, snapshots, listener, rollback, replay, victory."""

from __future__ import annotations

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.dice import ScriptedDice, SeededDice
from brikwars_gui.engine.events import event_from_dict
from brikwars_gui.engine.replay import compare_events, event_dicts
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, Hold
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState


def skirmish():
    return sb.scenario(
        [
            sb.unit("r1", "red", (2, 2), weapons=[sb.RIFLE]),
            sb.unit("r2", "red", (3, 5), weapons=[sb.SWORD]),
            sb.unit("b1", "blue", (14, 14), facing="NW", weapons=[sb.PISTOL, sb.SWORD]),
            sb.unit("b2", "blue", (16, 12), facing="W", weapons=[sb.GRENADE, sb.SPEAR]),
        ]
    )


def test_listener_sees_every_event_as_it_happens():
    seen = []
    g = Game.from_scenario(skirmish(), seed=1, listener=seen.append)
    ai.play_turn(g)
    assert seen == g.events and seen[0].kind == "game_started"


def test_one_snapshot_per_player_turn():
    g = Game.from_scenario(skirmish(), seed=2, max_rounds=3)
    ai.play_game(g)
    starts = [e for e in g.events if e.kind == "turn_started"]
    assert len(g.snapshots) == len(starts) + 1  # + the final picture at game over
    assert g.snapshots[0]["round"] == 1 and g.snapshots[0]["active_player"] == "red"


def test_turn_limit_ends_the_game_without_winner():
    g = Game.from_scenario(skirmish(), seed=3, max_rounds=2)
    while not g.over:
        g.end_turn()
    last = g.events[-1]
    assert last.kind == "game_over" and last.winner is None and "turn limit" in last.reason
    assert g.round == 2
    with pytest.raises(IllegalOrder, match="over"):
        g.end_turn()


def test_turn_limit_holds_when_the_last_player_in_the_order_has_no_units():
    # G-24 skips green (no units); skipping it must not start a round past the limit
    units = [sb.unit("r", "red", (2, 2)), sb.unit("b", "blue", (15, 15))]
    g = Game.from_scenario(sb.scenario(units, players=["red", "blue", "green"]), seed=4, max_rounds=1)
    g.end_turn()
    g.end_turn()
    assert g.over and g.round == 1 and "turn limit" in g.events[-1].reason
    assert [e.player for e in g.events if e.kind == "turn_started"] == ["red", "blue"]


def test_g_24_last_team_standing_wins():
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.PISTOL]), sb.unit("z", "blue", (5, 2))]
    g = Game(GameState.from_scenario(sb.scenario(units)), ScriptedDice([5, 5]))
    g.act("a", Attack("pistol", "z"))
    assert g.over and g.winner == "red" and g.events[-1].kind == "game_over"


def test_a_rule_raising_midway_restores_the_state(monkeypatch):
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.PISTOL]), sb.unit("z", "blue", (5, 2))]
    g = Game(GameState.from_scenario(sb.scenario(units)), ScriptedDice([]))  # the script runs out
    before, n = g.state.snapshot(), len(g.events)
    with pytest.raises(Exception, match="ran out"):
        g.act("a", Attack("pistol", "z"))
    assert g.state.snapshot() == before and len(g.events) == n
    assert not g.unit("a").action_used


def test_hold_keeps_the_action_and_ends_the_unit():
    g = Game.from_scenario(skirmish(), seed=1)
    g.act("r1", Hold())
    assert g.unit("r1").done and not g.unit("r1").action_used
    with pytest.raises(IllegalOrder, match="finished"):
        g.move("r1", (3, 3))
    g.end_turn()
    assert g.unit("r1").saved_action


def test_events_round_trip_through_dicts():
    g = Game.from_scenario(skirmish(), seed=4, max_rounds=4)
    ai.play_game(g)
    for event in g.events:
        again = event_from_dict(event_dicts([event])[0])
        assert event_dicts([again]) == event_dicts([event])


def test_from_events_replays_exactly_and_upto_undoes():
    g = Game.from_scenario(skirmish(), seed=5, max_rounds=5)
    ai.play_game(g)
    logged = event_dicts(g.events)
    again = Game.from_events(skirmish(), logged, SeededDice(5), max_rounds=5)
    assert compare_events(logged, event_dicts(again.events)) is None
    orders = sum(1 for e in logged if e["kind"] == "order")
    partial = Game.from_events(skirmish(), logged, SeededDice(5), max_rounds=5, upto=orders // 2)
    assert sum(1 for e in partial.events if e.kind == "order") == orders // 2
    assert event_dicts(partial.events) == logged[: len(partial.events)]


def test_preview_path_matches_legal_moves():
    g = Game.from_scenario(skirmish(), seed=1)
    moves = g.legal_moves("r1")
    for cell, cost in list(moves.items())[:10]:
        path = g.preview_path("r1", cell)
        assert path is not None and path.total == cost and path.cells[0] == (2, 2)
    assert g.preview_path("b1", (13, 13)) is None  # not the active player's unit
