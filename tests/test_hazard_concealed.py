"""R-HAZ-16..20, A-8, G-19: Concealed Hazards with scripted dice (field = x 4..8 on row 5)."""

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.concealed import landing_check, place_carefully
from brikwars_gui.engine.hazards.sandbox import add_field, add_object, add_unit, blank_state, rect

ROW = [(x, 5) for x in range(1, 11)]  # (1,5) .. (10,5): 5 inches inside the field


def _state(**field):
    state = blank_state()
    params = {"dice": "1d6", **field}
    add_field(state, "mines", "concealed", rect(4, 0, 5, 12), **params)
    return state


def _ctx(state, faces=()):
    return RulesContext(state, ScriptedDice(list(faces)))


def _walk(ctx, unit, path):
    travelled = phase.resolve_path(ctx, unit, path)
    unit.pos = travelled[-1]
    return travelled


def _roll(ctx):
    return next(e for e in ctx.events if e.kind == "concealed_roll")


def test_r_haz_17_roll_at_least_the_inches_is_safe_and_does_not_spend_the_action() -> None:
    state = _state()
    unit = add_unit(state, "m", "red", (1, 5), move=10)
    ctx = _ctx(state, [5])
    assert _walk(ctx, unit, ROW[:9]) == ROW[:9]
    assert (_roll(ctx).inches, _roll(ctx).outcome) == (5, "safe") and not unit.action_used


def test_r_haz_17_failure_triggers_after_exactly_the_rolled_inches() -> None:
    state = _state()
    unit = add_unit(state, "m", "red", (1, 5), move=10)
    ctx = _ctx(state, [2, 5])  # safe 2" (x 4, 5), goes off at x 6; 1d6 = 5 > Armor 4
    assert _walk(ctx, unit, ROW) == ROW[:6]
    assert state.fields["mines"].triggered == [(6, 5)] and not unit.alive


def test_r_haz_17_critical_failure_triggers_before_travelling_any_distance() -> None:
    state = _state()
    unit = add_unit(state, "m", "red", (1, 5), move=10)
    ctx = _ctx(state, [1, 2])
    assert _walk(ctx, unit, ROW) == ROW[:4]  # the first cell entered: 0" inside
    assert state.fields["mines"].triggered == [(4, 5)] and unit.stopped and unit.alive
    inside = add_unit(state, "n", "red", (5, 7), move=10)
    ctx.dice = ScriptedDice([1, 2])
    assert _walk(ctx, inside, [(5, 7), (6, 7), (7, 7)]) == [(5, 7)]  # starts inside: on the spot
    assert (5, 7) in state.fields["mines"].triggered


def test_r_haz_18_ex_6_big_units_take_their_target_size_in_reverse() -> None:
    state = _state()
    cow = add_unit(state, "cow", "red", (1, 5), size=8, weight=2, armor="30", move=10)
    ctx = _ctx(state, [5, 1])  # 5 − 4 = 1 → goes off at x 5
    _walk(ctx, cow, ROW)
    assert _roll(ctx).roll == 1 and state.fields["mines"].triggered == [(5, 5)]


def test_a_8_a_roll_at_or_below_zero_triggers_at_zero_inches() -> None:
    state = _state()
    cow = add_unit(state, "cow", "red", (1, 5), size=8, weight=2, armor="30", move=10)
    ctx = _ctx(state, [3, 1])  # 3 − 4 = −1
    _walk(ctx, cow, ROW)
    assert state.fields["mines"].triggered == [(4, 5)]


def test_r_haz_18_size_0_never_triggers() -> None:
    state = _state()
    mouse = add_unit(state, "mouse", "red", (1, 5), size=0, move=10)
    ctx = _ctx(state)
    assert _walk(ctx, mouse, ROW) == ROW
    assert state.fields["mines"].triggered == []


def test_r_haz_16_triggered_spots_stay_spent_and_are_safe() -> None:
    state = _state()
    state.fields["mines"].triggered.append((4, 5))
    unit = add_unit(state, "m", "red", (1, 5), move=10)
    ctx = _ctx(state, [4])
    assert _walk(ctx, unit, ROW[:9]) == ROW[:9]
    assert _roll(ctx).inches == 4


def test_g_19_d10_payload_explodes_at_the_trigger_point() -> None:
    state = _state(dice="1d10", damage_type="explosive")
    unit = add_unit(state, "m", "red", (1, 5), move=10)
    near = add_unit(state, "near", "red", (5, 7))  # 2" from (5, 5)
    far = add_unit(state, "far", "red", (5, 9))
    ctx = _ctx(state, [1, 3])  # Critical Failure: at (4, 5); 1d10 = 3 < 4
    _walk(ctx, unit, ROW)
    blast = next(e for e in ctx.events if e.kind == "exploded")
    assert (blast.at, blast.radius, blast.damage) == ((4, 5), 2, 3)
    assert set(blast.victims) == {"m"} and not near.disrupted and not far.disrupted
    ctx.dice = ScriptedDice([2, 5])
    _walk(ctx, near, [(5, 7), (5, 6), (5, 5), (5, 4), (5, 3)])  # 2" safe, boom at (5, 4)
    blast = [e for e in ctx.events if e.kind == "exploded"][-1]
    assert blast.at == (5, 4) and "m" in blast.victims and not near.alive


def test_g_19_move_payload_is_a_one_time_slow() -> None:
    state = _state(payload="move")
    unit = add_unit(state, "m", "red", (1, 5), move=10)
    ctx = _ctx(state, [1, 3])
    assert _walk(ctx, unit, ROW[:8]) == ROW[:8]  # 3" slower, 10 − 3 = 7" still enough
    assert unit.move_spent == 3 and not unit.stopped


def test_r_haz_19_airborne_objects_roll_against_inches_flown() -> None:
    state = _state()
    add_unit(state, "m", "red", (5, 5))
    add_object(state, "barrel", [(6, 6)], size=1, weight=1, block=False, armor="9")
    ctx = _ctx(state, [2, 3])  # d6 = 2 < 3" airborne → goes off at the impact point
    assert landing_check(ctx, "m", (5, 5), 3)
    ctx.dice = ScriptedDice([3])  # the barrel has no Action die: incompetent d4 = 3 ≥ 3
    assert not landing_check(ctx, "barrel", (6, 6), 3)
    assert [e for e in ctx.events if e.kind == "concealed_roll"][-1].explain.startswith("skill d4")


def test_r_haz_20_careful_placement_only_triggers_on_a_critical_failure() -> None:
    state = _state()
    add_unit(state, "m", "red", (3, 5))
    ctx = _ctx(state, [2])
    assert not place_carefully(ctx, "m", (4, 5))
    ctx.dice = ScriptedDice([1])
    assert place_carefully(ctx, "m", (4, 5)) and (4, 5) in state.fields["mines"].triggered
