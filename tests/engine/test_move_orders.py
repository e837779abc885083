"""Group Sprints (R-MOVE-20) and the impairment rows that are orders (R-MOVE-6, R-MOVE-14) through
`Game` orders with scripted dice."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Hold, Shed
from brikwars_gui.engine.rules.hazard_actions import Operate
from brikwars_gui.engine.rules.move_actions import Climb, DonArmor, GroupSprint
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState


def events(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


def squad(*allies: tuple[str, tuple[int, int]], **kw: object) -> GameState:
    state = hs.blank_state(20, 20)
    hs.add_unit(state, "a", "red", (2, 5), **kw)
    for uid, pos in allies:
        hs.add_unit(state, uid, "red", pos)
    hs.add_unit(state, "z", "blue", (19, 19))
    return state


def test_r_move_20_a_group_shares_one_sprint_roll_and_runs_in_parallel() -> None:
    g = Game(squad(("b", (2, 6)), ("c", (3, 4))), ScriptedDice([4]))  # one roll for all three
    g.act("a", GroupSprint((12, 5), ("b", "c")))
    assert [g.unit(u).pos for u in "abc"] == [(11, 5), (11, 6), (12, 4)]  # 5" Move + 4" each
    assert all(g.unit(u).action_used and g.unit(u).stopped for u in "abc")
    sprints = events(g, "sprinted")
    assert [e.unit for e in sprints] == ["a", "b", "c"] and {e.inches for e in sprints} == {4}
    assert "shares a's Sprint roll, R-MOVE-20" in sprints[1].text
    assert events(g, "order")[-1].args == {"kind": "group_sprint", "toward": [12, 5], "members": ["b", "c"]}


def test_r_move_20_the_group_sprint_is_offered_with_the_allies_close_enough() -> None:
    g = Game(squad(("b", (2, 6)), ("far", (2, 12))), ScriptedDice([]))
    option = next(o for o in g.legal_actions("a") if o.kind == "group_sprint")
    assert option.target == "b" and option.action is None


def test_r_move_20_an_ally_too_far_away_cannot_share_the_roll() -> None:
    g = Game(squad(("far", (2, 12))), ScriptedDice([]))
    with pytest.raises(
        IllegalOrder, match=r'far is not within 2" of a to share its Sprint roll \(R-MOVE-20\)'
    ):
        g.act("a", GroupSprint((12, 5), ("far",)))


def test_r_move_20_an_ally_that_has_moved_cannot_join() -> None:
    g = Game(squad(("b", (2, 6))), ScriptedDice([]))
    g.move("b", (2, 7))
    with pytest.raises(IllegalOrder, match="R-MOVE-18"):
        g.act("a", GroupSprint((12, 5), ("b",)))


def test_r_move_20_a_group_sprint_replays_from_its_log() -> None:
    g = Game(squad(("b", (2, 6))), ScriptedDice([3]))
    g.act("a", GroupSprint((12, 5), ("b",)))
    again = Game(squad(("b", (2, 6))), ScriptedDice([3]))
    again.apply_order(events(g, "order")[-1].to_dict())
    assert again.unit("b").pos == g.unit("b").pos == (10, 6)


def test_r_move_6_operating_a_computer_stops_the_unit_and_uses_its_action() -> None:
    state = squad()
    hs.add_object(state, "terminal", [(3, 5)], size=1, weight=0.5, kind="computer")
    g = Game(state, ScriptedDice([]))
    option = next(o for o in g.legal_actions("a") if o.kind == "operate")
    assert "Stopped, uses the Action, R-MOVE-6" in option.label
    g.act("a", Operate("terminal"))
    assert g.unit("a").action_used and g.unit("a").stopped
    with pytest.raises(IllegalOrder, match="Stopped"):
        g.move("a", (2, 7))


def test_r_move_6_a_lever_is_still_free_to_operate() -> None:
    state = squad()
    hs.add_object(state, "lever", [(3, 5)], size=1, weight=0.5, kind="lever")
    g = Game(state, ScriptedDice([]))
    g.act("a", Operate("lever"))
    assert not g.unit("a").action_used and not g.unit("a").stopped


def test_r_move_6_putting_armor_back_on_stops_the_unit_and_uses_its_action() -> None:
    g = Game(squad(heavy_armor=True), ScriptedDice([]))
    with pytest.raises(IllegalOrder, match="has taken no Armor off"):
        g.act("a", DonArmor())
    g.act("a", Shed())  # R-MOVE-6: taking Armor off costs nothing
    g.move("a", (4, 5))
    with pytest.raises(IllegalOrder, match=r'Armor lies at \(2, 5\), not within 1"'):
        g.act("a", DonArmor())
    g.move("a", (3, 5))
    assert any(o.kind == "don_armor" for o in g.legal_actions("a"))
    g.act("a", DonArmor())
    a = g.unit("a")
    assert a.heavy_armor and a.stopped and a.action_used
    assert events(g, "armor_donned")[0].armor == "heavy"


def test_r_move_6_stopping_to_aim_holds_the_action_and_ends_movement() -> None:
    g = Game(squad(), ScriptedDice([]))
    g.act("a", Hold())
    assert g.unit("a").stopped and not g.unit("a").action_used


def cliff() -> GameState:
    state = squad()
    state.grid.elevation[5, 3] = 6  # a 2" cliff top east of the unit: more than a 1" jump
    return state


def test_r_move_6_a_difficult_climb_costs_half_speed_inches() -> None:
    g = Game(cliff(), ScriptedDice([]))
    with pytest.raises(IllegalOrder, match="cannot reach"):
        g.move("a", (3, 5))  # walking cannot get up there (R-MOVE-3)
    option = next(o for o in g.legal_actions("a") if o.kind == "climb")
    assert option.action == Climb((3, 5)) and '4" of Move' in option.label
    g.act("a", Climb((3, 5)))
    a = g.unit("a")
    assert a.pos == (3, 5) and a.move_spent == 4 and not a.action_used  # 2" climbed at Half Speed


def test_r_move_2_6_a_ladder_is_climbed_inch_for_inch_nothing_extra() -> None:
    state = cliff()
    hs.add_object(state, "ladder", [(3, 5)], size=2, weight=1, block=False, kind="ladder", name="Ladder")
    g = Game(state, ScriptedDice([]))
    option = next(o for o in g.legal_actions("a") if o.kind == "climb")
    assert '2" of Move, by the ladder' in option.label
    g.act("a", Climb((3, 5)))  # 2" up the ladder: 2" of Move, not 4" at Half Speed
    assert g.unit("a").pos == (3, 5) and g.unit("a").move_spent == 2


def test_r_move_6_a_climb_needs_the_move_and_both_arms() -> None:
    g = Game(cliff(), ScriptedDice([]))
    g.move("a", (2, 4))
    g.move("a", (2, 5))  # 2" spent: 3" left, the climb needs 4"
    with pytest.raises(IllegalOrder, match=r'costs 4" of Move \(Half Speed, R-MOVE-6\)'):
        g.act("a", Climb((3, 5)))
    carrier = Game(cliff(), ScriptedDice([]))
    carrier.unit("a").carrying_heavy = True
    with pytest.raises(IllegalOrder, match="needs both arms"):
        carrier.act("a", Climb((3, 5)))


def test_r_move_6_an_easy_climb_is_walking() -> None:
    state = squad()
    state.grid.elevation[5, 3] = 3  # 1": a jump
    g = Game(state, ScriptedDice([]))
    with pytest.raises(IllegalOrder, match="needs no climbing"):
        g.act("a", Climb((3, 5)))


def test_r_move_18_a_sprint_goal_is_a_cell_the_run_could_end_on() -> None:
    """The menu's Sprint / Group Sprint goals (issue 10 polish): not the unit's own cell, an enemy's
    (a Charge, R-MOVE-20), an ally's, an obstacle (R-MOVE-3) or water it cannot swim; an unseen
    enemy's cell stays a goal (G-16: leaving it out would give the enemy away)."""
    from brikwars_gui.engine.rules import sandbox as sb
    from brikwars_gui.engine.rules.move_actions import sprint_goal_problem

    terrain = [{"kind": "obstacle", "rects": [[8, 0, 1, 4]]}, {"kind": "water", "rects": [[12, 0, 2, 20]]}]
    units = [
        sb.unit("a", "red", (2, 5), facing="E", can_swim=False),
        sb.unit("b", "red", (4, 5)),
        sb.unit("z", "blue", (6, 5), facing="W"),
        sb.unit("h", "blue", (5, 12), facing="N", hidden=True),
    ]
    g = Game(GameState.from_scenario(sb.scenario(units, terrain=terrain)), ScriptedDice([]))
    state, a = g.state, g.unit("a")
    why = {cell: sprint_goal_problem(state, a, cell) for cell in [(6, 5), (4, 5), (8, 2), (12, 8), (2, 5)]}
    assert "Charge" in why[(6, 5)] and "ally" in why[(4, 5)] and "obstacle" in why[(8, 2)]
    assert "cannot swim" in why[(12, 8)] and "cannot Sprint toward" in why[(2, 5)]
    assert g.unit("h").hidden
    assert sprint_goal_problem(state, a, (5, 12)) is None  # Hidden: its side does not know
    assert sprint_goal_problem(state, a, (10, 8)) is None
    g.move("a", (2, 6))
    assert "already moved" in sprint_goal_problem(state, a, (10, 8))
