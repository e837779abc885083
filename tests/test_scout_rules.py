"""R-SCOUT-1..5, A-13: Pathfinding and Tracking with scripted dice."""

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.sandbox import add_field, add_trap, add_unit, blank_state, rect
from brikwars_gui.engine.hazards.scout import hazard_die, mark, mark_bonus, track, visible_to_team

ROW = [(x, 5) for x in range(1, 11)]


def _state():
    state = blank_state()
    add_field(state, "mines", "concealed", rect(4, 0, 5, 12), dice="1d6")
    return state


def _ctx(state, faces=()):
    return RulesContext(state, ScriptedDice(list(faces)))


def _walk(ctx, unit, path):
    travelled = phase.resolve_path(ctx, unit, path)
    unit.pos = travelled[-1]
    return travelled


def test_r_scout_2_scouts_roll_the_pathfinding_d8_on_hazard_rolls() -> None:
    state = _state()
    scout = add_unit(state, "s", "red", (1, 5), specialties=["scout"])
    grunt = add_unit(state, "g", "red", (1, 6))
    assert (hazard_die(scout), hazard_die(grunt)) == (8, 6)


def test_r_scout_3_the_scout_stops_safely_before_the_spot() -> None:
    state = _state()
    scout = add_unit(state, "s", "red", (1, 5), specialties=["scout"], move=10)
    ctx = _ctx(state, [3])
    assert _walk(ctx, scout, ROW) == ROW[:6]  # 3" inside (x 4, 5, 6), stops before x 7
    assert state.fields["mines"].triggered == [] and scout.alive
    assert next(e for e in ctx.events if e.kind == "concealed_roll").outcome == "scout_stop"


def test_a_13_a_natural_1_stops_the_scout_at_the_field_edge() -> None:
    state = _state()
    scout = add_unit(state, "s", "red", (1, 5), specialties=["scout"], move=10)
    ctx = _ctx(state, [1])
    assert _walk(ctx, scout, ROW) == ROW[:3]
    assert state.fields["mines"].triggered == []


def test_r_scout_3_units_following_in_single_file_are_safe() -> None:
    state = _state()
    scout = add_unit(state, "s", "red", (2, 5), specialties=["scout"], move=10)
    follower = add_unit(state, "f", "red", (1, 5), move=10)
    enemy = add_unit(state, "e", "blue", (1, 6), move=10)
    ctx = _ctx(state, [7, 5])  # scout: d8 7 ≥ 5 → whole row safe; the enemy rolls 5
    _walk(ctx, scout, ROW[1:])
    assert _walk(ctx, follower, ROW[:9]) == ROW[:9]  # no roll: all cells on the trail
    assert sum(e.kind == "concealed_roll" for e in ctx.events) == 1
    _walk(ctx, enemy, [(1, 6), (2, 5), *ROW[2:8]])  # the trail is not the enemy's: it rolls
    assert sum(e.kind == "concealed_roll" for e in ctx.events) == 2
    phase.end_of_player_turn(ctx, "red")
    assert "red" not in state.hazard.trails


def test_r_scout_4_tracking_reveals_hidden_units_and_traps_in_view() -> None:
    state = blank_state()
    add_unit(state, "s", "red", (5, 10), facing="N", specialties=["scout"])
    sneak = add_unit(state, "sneak", "blue", (5, 4), hidden=True)
    behind = add_unit(state, "behind", "blue", (5, 15), hidden=True)
    add_trap(state, "t", "x", at=(6, 6), hidden=True)
    ctx = _ctx(state)
    assert sorted(track(ctx, "red")) == ["sneak", "t"]
    assert not sneak.hidden and behind.hidden
    assert visible_to_team(state, "red", "t") and not visible_to_team(state, "blue", "t")


def test_r_scout_5_marking_gives_allies_plus_one_until_the_scouts_next_turn() -> None:
    state = blank_state()
    scout = add_unit(state, "s", "red", (5, 10), facing="N", specialties=["scout"])
    other_scout = add_unit(state, "s2", "red", (6, 10), facing="N", specialties=["scout"])
    archer = add_unit(state, "a", "red", (4, 10))
    target = add_unit(state, "t", "blue", (5, 3))
    add_unit(state, "far", "blue", (5, 1))  # 9" away
    ctx = _ctx(state)
    assert not mark(ctx, "s", "far")
    assert mark(ctx, "s", "t") and scout.action_used and target.marked
    assert mark(ctx, "s2", "t") and other_scout.action_used
    assert mark_bonus(state, "a", "t") == 1  # not cumulative
    assert mark_bonus(state, "far", "t") == 0  # enemies of the scouts get nothing
    assert visible_to_team(state, "red", "t")
    phase.start_of_player_turn(ctx, "blue")
    assert target.marked
    phase.start_of_player_turn(ctx, "red")
    assert not target.marked and mark_bonus(state, archer.id, "t") == 0
