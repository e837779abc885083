"""Crawling, dragging oneself and hopping on one leg as orders (R-MOVE-6's table, R-MOVE-4),
through `Game` orders with scripted dice."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import RuleOptions
from brikwars_gui.engine.rules.gait_actions import Crawl, Hop
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState


def game(units, faces=(), **kw) -> Game:
    terrain = kw.pop("terrain", None)
    scen = sb.scenario(units, terrain=terrain)
    return Game(GameState.from_scenario(scen), ScriptedDice(faces), **kw)


def lone(**kw) -> Game:
    return game([sb.unit("a", "red", (5, 5), weapons=[sb.SWORD]), sb.unit("z", "blue", (19, 19))], **kw)


def test_r_move_6_ex_4_crawl_walk_hop_cost_five_inches_for_three_travelled() -> None:
    """EX-4 with the orders: crawl 1" (2) + walk 1" (1) + hop 1" (2) = 5" of Move."""
    g = lone()
    g.act("a", Crawl((6, 5)))
    assert g.unit("a").move_spent == 2 and g.unit("a").gait == ""  # the gait lasts for the order
    g.move("a", (7, 5))
    g.act("a", Hop((8, 5)))
    a = g.unit("a")
    assert a.pos == (8, 5) and a.move_spent == 5 and a.move_left == 0
    assert [e.cost for e in g.events if e.kind == "unit_moved"] == [2, 1, 2]
    assert [e.describe() for e in g.events if e.kind == "gait_taken"] == [
        "a crawls at Half Speed with no arms free (R-MOVE-4/6)",
        "a hops on one leg at Half Speed (R-MOVE-6)",
    ]


def test_r_move_6_a_crawl_to_a_cell_beyond_half_the_move_is_refused() -> None:
    g = lone()
    with pytest.raises(IllegalOrder, match="cannot reach"):
        g.act("a", Crawl((8, 5)))  # 3" at Half Speed = 6" > 5"
    assert g.unit("a").pos == (5, 5) and g.unit("a").move_spent == 0


def test_r_move_9_no_jumping_while_crawling_or_hopping() -> None:
    g = lone()
    g.state.grid.elevation[5, 6] = 3  # a 1" step: a jump (R-MOVE-3), walked for 2" (R-MOVE-2)
    for order in (Crawl((6, 5)), Hop((6, 5))):
        with pytest.raises(IllegalOrder, match="cannot reach"):
            g.act("a", order)
    g.move("a", (6, 5))
    assert g.unit("a").move_spent == 2


def test_r_move_4_crawling_needs_both_arms_hopping_does_not() -> None:
    g = lone()
    g.unit("a").carrying_heavy = True
    kinds = [o.kind for o in g.legal_actions("a")]
    assert "hop" in kinds and "crawl" not in kinds
    with pytest.raises(IllegalOrder, match=r"crawling needs both arms \(R-MOVE-4\)"):
        g.act("a", Crawl((6, 5)))
    g.act("a", Hop((6, 5)))
    assert g.unit("a").move_spent == 2  # Half Speed causes do not stack (R-MOVE-10)


def test_r_move_4_r_move_5_a_crawler_drawing_a_response_cannot_counter_and_crawls_on() -> None:
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.SWORD], move=9),
        sb.unit("z", "blue", (4, 6), facing="W", weapons=[sb.SWORD]),
    ]
    asked: list[str] = []

    class Policy:
        def decide(self, game, request):
            asked.append(request.question)
            return request.default

    g = game(units, faces=[1], policy=Policy(), options=RuleOptions(angry_inch=False))
    g.unit("z").saved_action = True
    g.act("a", Crawl((6, 5)))  # 4" east, 8" of Move; enters z's reach at (3, 5): z strikes (1, a miss)
    a = g.unit("a")
    assert "responded" in [e.kind for e in g.events] and "counter" not in asked
    assert a.pos == (6, 5) and not a.stopped and not a.action_used  # no Counter: it went on


def test_r_move_4_arms_are_free_again_after_the_crawl() -> None:
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (4, 5), facing="E", weapons=[sb.SWORD]),
    ]
    g = game(units, faces=[5, 1, 1])  # the sword hits (5), damage 1+1 < Armor 4
    g.act("a", Crawl((3, 4)))
    g.act("a", Attack("shortsword", "z"))
    assert g.unit("a").action_used and "attacked" in [e.kind for e in g.events]


def test_r_move_6_a_crawl_replays_from_its_logged_order() -> None:
    g = lone()
    g.act("a", Crawl((6, 6)))
    logged = [e for e in g.events if e.kind == "order"][-1]
    assert logged.args == {"kind": "crawl", "cell": [6, 6]}
    again = lone()
    again.apply_order(logged.to_dict())
    assert again.unit("a").pos == (6, 6) and again.unit("a").move_spent == g.unit("a").move_spent == 2


def test_r_move_6_a_crawl_and_a_hop_survive_a_saved_game_and_replay() -> None:
    from brikwars_gui.engine.dice.source import SeededDice
    from brikwars_gui.scenario.savegame import SavedGame, dump_saved_game, parse_saved_game

    units = [sb.unit("a", "red", (5, 5)), sb.unit("b", "red", (5, 8)), sb.unit("z", "blue", (19, 19))]
    scenario = sb.scenario(units)
    g = Game.from_scenario(scenario, seed=7)
    g.act("a", Crawl((6, 4)))
    g.act("b", Hop((7, 8)))
    events = [e.to_dict() for e in g.events if e.kind in ("order", "decided")]
    saved = SavedGame(scenario=scenario, seed=7, events=events, round=g.round, active_player=g.active_player)
    loaded = parse_saved_game(dump_saved_game(saved), "game.json")
    replay = Game.from_events(loaded.scenario, loaded.events, SeededDice(loaded.seed))
    assert replay.unit("a").pos == (6, 4) and replay.unit("b").pos == (7, 8)
    assert replay.unit("a").move_spent == 2 and replay.unit("b").move_spent == 4
