"""Fog of war (issue 10) and the Hidden unit's blocked cell (issue 8), through `Game` orders.

Under fog a side knows only the enemies its units see (Cone of Vision and line of sight, GRID-5/6,
plus touch, GRID-4) or its Scouts Mark (R-SCOUT-5); pathing ignores the others and a move that
runs into one stops there (R-MOVE-12), revealing a Hidden one (G-16).
"""

from __future__ import annotations

import json

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Attack, Mark
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState, WeaponState
from brikwars_gui.engine.tactics.player import make_player
from brikwars_gui.engine.visibility import (
    event_visible_to,
    hidden_from,
    last_seen,
    seen_cells,
    unit_visible_to,
    visible_units,
)
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import dump_scenario, load_scenario, parse_scenario


def gun() -> WeaponState:
    return WeaponState("gun", "ranged", 2, 12, "1d6")


def events(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


def duel(*, fog: bool = True, blue_at=(2, 9), blue_facing="N") -> GameState:
    """Red looks east from (5, 5); blue stands south-west of it, outside red's Cone of Vision."""
    state = hs.blank_state(16, 12)
    state.fog_of_war = fog
    hs.add_unit(state, "a", "red", (5, 5), facing="E", weapons=[gun()])
    hs.add_unit(state, "z", "blue", blue_at, facing=blue_facing, weapons=[gun()])
    return state


def ids(units) -> list[str]:
    return [u.id for u in units]


# -- what a side sees ------------------------------------------------------------------------------


def test_grid_6_fog_an_enemy_outside_every_cone_of_vision_is_unknown_and_cannot_be_attacked():
    g = Game(duel(), ScriptedDice([]))
    assert ids(visible_units(g.state, "red")) == ["a"]
    assert not [o for o in g.legal_actions("a") if o.target == "z"]
    with pytest.raises(IllegalOrder, match="fog of war"):
        g.act("a", Attack("gun", "z"))
    assert "z" not in g.state.snapshot(for_team="red")["units"]


def test_grid_6_fog_turning_towards_the_enemy_shows_it_and_allows_the_attack():
    g = Game(duel(), ScriptedDice([6, 1, 1, 1]))
    g.face("a", "SW")
    assert ids(visible_units(g.state, "red")) == ["a", "z"]
    assert "z" in [o.target for o in g.legal_actions("a")]
    g.act("a", Attack("gun", "z"))
    assert events(g, "attacked")


def test_without_fog_every_enemy_that_is_not_hidden_is_known():
    g = Game(duel(fog=False), ScriptedDice([]))
    assert ids(visible_units(g.state, "red")) == ["a", "z"]
    assert seen_cells(g.state, "red") is None
    assert "z" in [o.target for o in g.legal_actions("a")]


def test_grid_4_fog_a_side_perceives_the_enemy_touching_its_unit_even_behind_it():
    g = Game(duel(blue_at=(4, 5)), ScriptedDice([]))
    assert unit_visible_to(g.state, "red", g.unit("z"))


def test_grid_5_fog_a_wall_hides_the_enemy_in_the_cone_until_a_unit_looks_round_it():
    state = duel(blue_at=(11, 5))
    hs.add_object(state, "wall", [(8, 4), (8, 5), (8, 6)], size=3, weight=2)
    g = Game(state, ScriptedDice([]))
    assert not unit_visible_to(g.state, "red", g.unit("z"))
    g.move("a", (7, 8))  # from below the wall the line to (11, 5) is clear
    g.face("a", "NE")
    assert unit_visible_to(g.state, "red", g.unit("z"))


def test_r_haz_7_fog_smoke_hides_the_enemy_behind_it():
    state = duel(blue_at=(11, 5))
    hs.add_field(state, "smoke", "smoke", [(8, 4), (8, 5), (8, 6)])
    g = Game(state, ScriptedDice([]))
    assert not unit_visible_to(g.state, "red", g.unit("z"))
    assert not seen_cells(g.state, "red")[5, 11] and seen_cells(g.state, "red")[5, 7]


def test_r_scout_5_fog_a_marked_enemy_stays_visible_to_the_allies_after_the_scout_looks_away():
    state = duel(blue_at=(9, 5))
    state.units["a"].specialties = ["scout"]
    hs.add_unit(state, "b", "red", (5, 9), facing="S", weapons=[gun()])
    g = Game(state, ScriptedDice([]))
    g.act("a", Mark("z"))
    g.face("a", "W")
    assert unit_visible_to(g.state, "red", g.unit("z"))  # Marked: visible to all allies
    g.end_turn()
    g.end_turn()  # the Mark expires at the start of the Scout's next turn
    assert not unit_visible_to(g.state, "red", g.unit("z"))


# -- memory, log, snapshots ----------------------------------------------------------------------


def walk_out_of_sight(g: Game) -> None:
    """Blue's turn: z walks from (9, 5) to (9, 1) (the edge of red's cone) and on to (8, 0)."""
    g.end_turn()
    g.move("z", (9, 1))
    assert unit_visible_to(g.state, "red", g.unit("z"))
    g.move("z", (8, 0))
    assert not unit_visible_to(g.state, "red", g.unit("z"))
    g.end_turn()


def test_fog_a_side_remembers_where_it_last_saw_an_enemy_until_it_looks_there_again():
    g = Game(duel(blue_at=(9, 5), blue_facing="W"), ScriptedDice([]))
    walk_out_of_sight(g)
    assert last_seen(g.state, "red") == {"z": ((9, 1), 1)}
    g.face("a", "S")  # looks away: the memory stays
    assert last_seen(g.state, "red") == {"z": ((9, 1), 1)}
    g.face("a", "E")  # looks at (9, 1) again and finds it empty
    assert last_seen(g.state, "red") == {}
    assert g.state.snapshot()["fog"]["red"]["last_seen"] == {}


def test_fog_seeing_the_enemy_again_replaces_the_memory():
    g = Game(duel(blue_at=(9, 5), blue_facing="W"), ScriptedDice([]))
    walk_out_of_sight(g)
    g.face("a", "N")
    assert unit_visible_to(g.state, "red", g.unit("z")) and last_seen(g.state, "red") == {}
    g.face("a", "S")
    assert last_seen(g.state, "red") == {"z": ((8, 0), 2)}


def test_fog_an_enemy_move_out_of_sight_is_not_in_the_log_but_an_attack_on_your_unit_is():
    g = Game(duel(), ScriptedDice([6, 1, 1, 1]))
    g.end_turn()
    mark = len(g.events)
    g.move("z", (2, 7))
    assert not any(event_visible_to(g.state, "red", e) for e in g.events[mark:])
    g.face("z", "NE")
    mark = len(g.events)
    g.act("z", Attack("gun", "a"))
    attack = next(e for e in g.events[mark:] if e.kind == "attacked")
    assert "z" in hidden_from(g.state, "red") and event_visible_to(g.state, "red", attack)


def test_fog_snapshots_keep_what_each_side_knew_for_the_timeline():
    g = Game(duel(), ScriptedDice([]))
    fog = g.snapshots[0]["fog"]
    assert fog["red"]["enemies"] == [] and fog["blue"]["enemies"] == ["a"]  # blue looks north at a
    g.face("a", "SW")
    g.end_turn()
    assert g.snapshots[-1]["fog"]["red"]["enemies"] == ["z"]
    json.dumps(g.snapshots[-1])


# -- pathing: no planning around unseen units; running into one --------------------------------


def corridor(*, fog: bool, hidden: bool) -> GameState:
    """A one-cell corridor y = 5 between two walls; blue waits in it at (8, 5)."""
    state = hs.blank_state(14, 11)
    state.fog_of_war = fog
    hs.add_object(state, "north", hs.rect(0, 4, 14, 1), size=3, weight=2)
    hs.add_object(state, "south", hs.rect(0, 6, 14, 1), size=3, weight=2)
    hs.add_unit(state, "a", "red", (4, 5), facing="W", move=8, weapons=[gun()])
    hs.add_unit(state, "z", "blue", (8, 5), facing="W", hidden=hidden, weapons=[gun()])
    return state


def test_g_16_r_move_12_a_move_into_a_hidden_unit_stops_before_its_cell_and_reveals_it():
    g = Game(corridor(fog=False, hidden=True), ScriptedDice([]))
    moves = g.legal_moves("a")
    assert (8, 5) in moves and (10, 5) in moves  # the Hidden unit's cell gives nothing away
    g.move("a", (10, 5))
    a = g.unit("a")
    assert a.pos == (7, 5) and a.stopped and not a.action_used
    assert events(g, "unit_revealed")[0].unit == "z" and not g.unit("z").hidden
    assert "runs into z" in events(g, "stopped")[-1].reason
    assert g.legal_moves("a") == {}
    assert "z" in [o.target for o in g.legal_actions("a")]  # the Action is kept: it may strike now


def test_fog_r_move_12_a_move_into_an_unseen_enemy_stops_before_it():
    g = Game(corridor(fog=True, hidden=False), ScriptedDice([]))
    assert not unit_visible_to(g.state, "red", g.unit("z"))  # red faces west, away from it
    assert (10, 5) in g.legal_moves("a")
    g.move("a", (10, 5))
    assert g.unit("a").pos == (7, 5) and g.unit("a").stopped
    assert unit_visible_to(g.state, "red", g.unit("z"))  # now touching it (GRID-4)
    assert not events(g, "unit_revealed")  # it was never Hidden


def test_a_seen_enemy_still_blocks_planning_as_before():
    g = Game(corridor(fog=False, hidden=False), ScriptedDice([]))
    assert (8, 5) not in g.legal_moves("a") and (10, 5) not in g.legal_moves("a")
    with pytest.raises(IllegalOrder):
        g.move("a", (10, 5))


def test_the_run_into_order_replays_exactly():
    g = Game(corridor(fog=True, hidden=True), ScriptedDice([]))
    g.move("a", (10, 5))
    again = Game.from_events(None, g.events, ScriptedDice([]), state=corridor(fog=True, hidden=True))
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in g.events]


# -- the AIs play by the same information --------------------------------------------------------


@pytest.mark.parametrize("level", ["default", "normal"])
def test_fog_the_ais_never_attack_an_enemy_their_side_does_not_see(level):
    state = duel(blue_at=(1, 5))  # 4" behind red's back, in Range
    g = Game(state, ScriptedDice([3] * 200), max_rounds=3)
    make_player(level).play_turn(g)
    assert not events(g, "attacked")
    clear = Game(duel(fog=False, blue_at=(1, 5)), ScriptedDice([3] * 200), max_rounds=3)
    make_player(level).play_turn(clear)
    assert [e.target for e in events(clear, "attacked")] == ["z"]  # without fog it would shoot


def test_fog_an_ai_that_sees_nobody_searches_toward_the_middle_of_the_table():
    state = hs.blank_state(20, 20)
    state.fog_of_war = True
    hs.add_unit(state, "a", "red", (1, 1), facing="N", weapons=[gun()])
    hs.add_unit(state, "z", "blue", (18, 18), facing="N", weapons=[gun()])
    g = Game(state, ScriptedDice([3] * 50), max_rounds=3)
    ai.play_turn(g)
    moved = events(g, "unit_moved")
    assert moved and moved[0].unit == "a" and max(moved[-1].path[-1]) > 1


def test_fog_an_ai_that_lost_sight_of_an_enemy_goes_where_it_last_saw_it():
    g = Game(duel(blue_at=(9, 5), blue_facing="W"), ScriptedDice([3] * 50), max_rounds=3)
    walk_out_of_sight(g)
    assert ai.search_goal(g, g.unit("a")) == (9, 1)
    ai.play_turn(g)
    assert g.unit("a").pos != (5, 5) and events(g, "unit_moved")[-1].unit == "a"


# -- the scenario option -----------------------------------------------------------------------


def test_fog_of_war_is_a_scenario_option_old_files_load_without_it():
    text = json.dumps(
        {
            "format_version": 2,
            "name": "t",
            "battlefield": {"width": 10, "height": 10},
            "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
            "units": [
                {"id": "a", "name": "A", "team": "red", "position": [1, 1]},
                {"id": "z", "name": "Z", "team": "blue", "position": [8, 8]},
            ],
        }
    )
    old = parse_scenario(text)
    assert old.fog_of_war is False and "fog_of_war" not in dump_scenario(old)
    foggy = old.model_copy(update={"fog_of_war": True})
    again = parse_scenario(dump_scenario(foggy))
    assert again.fog_of_war is True
    g = Game.from_scenario(again, script=[])
    assert g.state.fog_of_war and not visible_units(g.state, "red")[1:]


def test_fog_the_incremental_sight_cache_agrees_with_a_fresh_computation_all_battle():
    scenario = load_scenario(SCENARIOS / "large_battle.json").model_copy(update={"fog_of_war": True})
    g = Game.from_scenario(scenario, seed=3, max_rounds=4)
    checks = 0
    while not g.over:
        player = g.active_player
        for uid in sorted(u.id for u in g.units_of(player)):
            if g.over or g.active_player != player:
                break
            ai.play_unit(g, uid)
            cached = {t: hidden_from(g.state, t) for t in g.state.turn_order}
            fresh = g.state.copy()  # a copy builds its own cache from scratch
            assert cached == {t: hidden_from(fresh, t) for t in fresh.turn_order}
            checks += 1
        if not g.over and g.active_player == player:
            g.end_turn()
    assert checks > 10
