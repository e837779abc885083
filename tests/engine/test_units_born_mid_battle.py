"""Units that join or leave a battle mid-game (`engine/rules/roster.py`, the seam SN Diemons use,
R-SN-2/21): indexes, sight, Responses, rollback, replay, undo and saved games stay exact.
Played through `Game` orders with the test-only `Conjure`/`Banish` orders (tests/conjure_order.py)."""

from __future__ import annotations

import json

import pytest

from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.replay import compare_events
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.roster import note_weapon
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.savegame import SavedGame, dump_saved_game, parse_saved_game
from tests.conjure_order import Banish, Conjure, conjure_orders  # noqa: F401
from tests.scripted_answers import Answers

pytestmark = pytest.mark.usefixtures("conjure_orders")


def _scenario(**kw):
    return sb.scenario(
        [
            sb.unit("mage", "red", (2, 2), armor="4"),
            sb.unit("squire", "red", (3, 9), armor="4", weapons=[sb.PISTOL]),
            sb.unit("runner", "blue", (19, 5), armor="4", facing="W", weapons=[sb.PISTOL]),
        ],
        **kw,
    )


def _red_ids(game: Game) -> set[str]:
    return {u.id for u in game.state.living_units("red")}


def test_a_conjured_unit_is_indexed_and_counted_at_once():
    game = Game.from_scenario(_scenario(), seed=3)
    index_before = game.state.unit_index()
    game.act("mage", Conjure("imp", (5, 5)))
    state = game.state
    imp = state.units["imp"]
    assert state.unit_at((5, 5)) is imp
    assert state.unit_index() is not index_before  # the roster changed: the index was rebuilt
    assert state.unit_index().alive_by_team["red"] == 3
    assert [u.id for u in state.units_near((5, 5), 1)] == ["imp"]
    assert state.unit_index().longest_range == 14  # the conjured bow (tests/conjure_order.BOW)
    assert [u.id for u in game.units_of("red")] == ["mage", "squire", "imp"]
    joined = [e for e in game.events if e.kind == "unit_joined"]
    assert [(e.unit, e.team, e.pos, e.by) for e in joined] == [("imp", "red", [5, 5], "mage")]
    assert game.survivors() == {"red": 3, "blue": 1}


def test_a_conjured_archer_responds_beyond_the_old_longest_range_r_resp_1():
    """R-RESP-1/R-MOVE-5: the conjured bow (14") draws a Response from a mover 14" away, farther
    than any scenario weapon reached (6"): the Response radius follows the units that joined."""
    answers = Answers()
    game = Game.from_scenario(_scenario(), seed=3, policy=answers)
    game.act("mage", Conjure("imp", (3, 5)))
    game.face("imp", "E")
    game.end_turn()  # the imp keeps its Action for a Response (R-RESP-1)
    assert game.state.units["imp"].saved_action
    game.move("runner", (17, 5))  # into the bow's 14" from 16": far beyond any pistol's reach
    asked = [r for r in answers.asked if r.unit == "imp"]
    assert asked, "the conjured archer was never offered a Response"


def test_an_order_that_fails_after_conjuring_leaves_nothing_behind():
    game = Game.from_scenario(_scenario(), seed=3)
    events = len(game.events)
    with pytest.raises(RuntimeError):
        game.act("mage", Conjure("imp", (5, 5), fail=True))
    state = game.state
    assert "imp" not in state.units
    assert state.unit_at((5, 5)) is None
    assert state.unit_index().alive_by_team["red"] == 2
    assert len(game.events) == events
    game.act("mage", Conjure("imp", (7, 7)))  # the id is free again
    assert state.unit_at((7, 7)).id == "imp"


def test_one_unit_in_and_another_out_in_one_order_rebuilds_the_index():
    """Same unit count before and after: the index must still follow the roster (RosterMark)."""
    game = Game.from_scenario(_scenario(), seed=3)
    game.state.unit_index()
    game.act("mage", Conjure("imp", (5, 5), banish="squire"))
    state = game.state
    assert "squire" not in state.units
    assert state.unit_at((3, 9)) is None
    assert state.unit_at((5, 5)).id == "imp"
    assert _red_ids(game) == {"mage", "imp"}
    left = [e for e in game.events if e.kind == "unit_left"]
    assert [(e.unit, e.reason) for e in left] == [("squire", "banished")]


def test_a_banished_unit_takes_its_fire_and_marks_with_it():
    scenario = _scenario()
    data = scenario.model_dump(mode="json")
    data["fires"] = [{"id": "f1", "object": "squire", "size": 1}]
    scenario = type(scenario).model_validate(data)
    game = Game.from_scenario(scenario, seed=3)
    assert game.state.units["squire"].fire_size == 1
    game.state.hazard.marks["runner"] = ["squire"]
    game.act("mage", Banish("squire"))
    state = game.state
    assert "f1" not in state.fires
    assert state.hazard.marks["runner"] == []
    game.end_turn()  # the fire rules run their turn without the unit that left
    assert "squire" not in state.units


def _played(seed: int = 5) -> Game:
    game = Game.from_scenario(_scenario(), seed=seed, max_rounds=6)
    game.act("mage", Conjure("imp", (5, 5)))
    game.end_turn()
    game.end_turn()
    game.move("imp", (6, 6))  # the unit born mid-battle gives orders of its own
    game.act("mage", Banish("squire"))
    game.end_turn()
    return game


def test_replay_undo_and_saved_games_of_a_conjured_unit_are_exact():
    game = _played()
    logged = [e.to_dict() for e in game.events]
    replayed = Game.from_events(_scenario(), logged, SeededDice(5), max_rounds=6)
    assert compare_events(logged, [e.to_dict() for e in replayed.events]) is None
    assert replayed.state.units["imp"].pos == (6, 6)
    assert "squire" not in replayed.state.units
    before = Game.from_events(_scenario(), logged, SeededDice(5), upto=0, max_rounds=6)  # undo
    assert "imp" not in before.state.units
    assert before.state.unit_at((5, 5)) is None
    kept = [e for e in logged if e["kind"] in ("order", "decided", "unit_joined")]
    saved = SavedGame(scenario=_scenario(), seed=5, max_rounds=6, events=kept)
    loaded = parse_saved_game(dump_saved_game(saved))
    resumed = Game.from_events(loaded.scenario, loaded.events, SeededDice(5), max_rounds=6)
    assert compare_events(logged, [e.to_dict() for e in resumed.events]) is None


def test_a_saved_game_refuses_an_order_of_a_unit_that_never_joined():
    events = [e.to_dict() for e in _played().events if e.kind in ("order", "unit_joined")]
    SavedGame(scenario=_scenario(), seed=5, events=events)  # the imp joined before its move
    without = [e for e in events if e["kind"] != "unit_joined"]
    with pytest.raises(ValueError, match=r"unknown unit 'imp'"):
        SavedGame(scenario=_scenario(), seed=5, events=json.loads(json.dumps(without)))


def test_timeline_snapshots_show_the_roster_of_their_turn():
    game = _played()
    rosters = [set(s["units"]) for s in game.snapshots]
    assert "imp" not in rosters[0]  # red's first turn began before the conjuring
    assert "imp" in rosters[1] and "squire" in rosters[1]
    assert "imp" in rosters[-1] and "squire" not in rosters[-1]


def test_a_copy_of_a_state_with_a_conjured_unit_indexes_it():
    game = Game.from_scenario(_scenario(), seed=3)
    game.act("mage", Conjure("imp", (5, 5)))
    copy = game.state.copy()
    assert copy.unit_at((5, 5)).id == "imp"
    assert copy.unit_index().alive_by_team["red"] == 3


def test_a_weapon_range_that_grows_widens_the_response_bound():
    game = Game.from_scenario(_scenario(), seed=3)
    pistol = game.state.units["squire"].weapons[0]
    assert game.state.unit_index().longest_range == 6
    pistol.range = 11
    note_weapon(game.state, pistol)
    assert game.state.unit_index().longest_range == 11


@pytest.mark.parametrize("ruleset", ["d6", "ninepowers"])
def test_a_unit_born_under_another_ruleset_gets_its_stats(ruleset):
    scenario = _scenario()
    data = scenario.model_dump(mode="json")
    data["ruleset"] = ruleset
    game = Game.from_scenario(type(scenario).model_validate(data), seed=3)
    game.act("mage", Conjure("imp", (5, 5)))
    imp, squire = game.state.units["imp"], game.state.units["squire"]
    assert imp.stats and set(imp.stats) == set(squire.stats)
    assert set(imp.pools) == set(squire.pools)


def test_a_forecast_from_a_position_reports_the_unit_that_joined():
    from brikwars_gui.engine.forecast import forecast

    game = Game.from_scenario(_scenario(), seed=3)
    game.act("mage", Conjure("imp", (5, 5)))
    report = forecast(_scenario(), 2, seed=1, max_rounds=2, start=game.state)
    rows = {u.id: (u.name, u.team) for u in report.units}
    assert rows["imp"] == ("Imp", "red")
    assert set(rows) == {"mage", "squire", "runner", "imp"}
    assert "Imp" in report.format_text()
