"""R-HAZ-12..15 Difficult Terrain with scripted dice."""

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.sandbox import add_field, add_object, add_unit, blank_state, rect
from brikwars_gui.engine.hazards.terrain import is_on_slippery, slippery_critical_failure


def _ctx(state, faces=()):
    return RulesContext(state, ScriptedDice(list(faces)))


def _walk(ctx, unit, path):
    travelled = phase.resolve_path(ctx, unit, path)
    unit.pos = travelled[-1]
    return travelled


def _line(x0, x1, y=5):
    return [(x, y) for x in range(x0, x1 + 1)]


def test_r_haz_12_slow_field_subtracts_its_inches_from_the_move() -> None:
    state = blank_state()
    add_field(state, "mud", "slow", rect(3, 0, 4, 10), dice="1d6")
    unit = add_unit(state, "m", "red", (1, 5), move=8)
    ctx = _ctx(state, [4])  # −4": 8 − 4 = 4" left for the path
    travelled = _walk(ctx, unit, _line(1, 9))
    assert travelled == _line(1, 5) and unit.move_spent == 4
    assert next(e for e in ctx.events if e.kind == "hazard_move").effect == "slow"


def test_r_haz_13_current_thrusts_the_unit_before_its_movement() -> None:
    state = blank_state()
    add_field(state, "river", "current", rect(0, 4, 20, 3), dice="1d6", direction="E")
    add_object(state, "rock", [(6, 5)], size=1, weight=3)
    unit = add_unit(state, "m", "red", (1, 5))
    ctx = _ctx(state, [5])
    phase.start_of_movement(ctx, unit)
    assert unit.pos == (5, 5) and unit.move_spent == 0  # stopped by the rock, full Move left
    event = next(e for e in ctx.events if e.kind == "hazard_move")
    assert (event.effect, event.inches, event.cells[-1]) == ("thrust", 5, (5, 5))


def test_r_haz_14_slippery_unit_slides_on_in_its_last_direction() -> None:
    state = blank_state()
    add_field(state, "ice", "slippery", rect(0, 0, 20, 20), dice="1d6")
    unit = add_unit(state, "m", "red", (1, 5))
    ctx = _ctx(state, [2, 3])
    _walk(ctx, unit, [(1, 5), (1, 6)])  # entered the field before? it starts inside: no entry
    phase.end_of_player_turn(ctx, "red")
    phase.start_of_player_turn(ctx, "red")
    phase.start_of_movement(ctx, unit)
    assert unit.pos == (1, 8) and unit.move_spent == 2
    phase.end_of_player_turn(ctx, "red")  # did not move this turn: momentum lost
    phase.start_of_player_turn(ctx, "red")
    unit.move_spent = 0
    phase.start_of_movement(ctx, unit)
    assert unit.pos == (1, 8) and unit.move_spent == 3  # stuck in place, inches spent
    assert [e.effect for e in ctx.events if e.kind == "hazard_move"] == ["slide", "stuck"]


def test_r_haz_14_entering_a_slippery_field_locks_the_direction() -> None:
    state = blank_state()
    add_field(state, "oil", "slippery", rect(4, 0, 6, 20), dice="1d6")
    unit = add_unit(state, "m", "red", (1, 5), move=10)
    ctx = _ctx(state, [3])
    path = [*_line(1, 5), (5, 6), (5, 7)]  # tries to turn 1" after entering
    assert _walk(ctx, unit, path) == _line(1, 5)
    assert any(e.kind == "hazard_move" and e.effect == "locked" for e in ctx.events)


def test_r_haz_14_critical_failure_on_a_slippery_field_disrupts() -> None:
    state = blank_state()
    add_field(state, "ice", "slippery", rect(0, 0, 3, 3), dice="1d6")
    on_ice = add_unit(state, "a", "red", (1, 1))
    dry = add_unit(state, "b", "red", (8, 8))
    ctx = _ctx(state)
    assert is_on_slippery(state, on_ice) and not is_on_slippery(state, dry)
    assert slippery_critical_failure(ctx, on_ice) and on_ice.disrupted
    assert not slippery_critical_failure(ctx, dry) and not dry.disrupted


def test_r_haz_15_spiked_field_careful_movement_spends_the_action_and_slows() -> None:
    state = blank_state()
    add_field(state, "wire", "spiked", rect(3, 0, 2, 10), dice="1d6")
    unit = add_unit(state, "m", "red", (1, 5), move=6)
    ctx = _ctx(state, [2])
    travelled = phase.resolve_path(ctx, unit, _line(1, 7), careful=True)
    assert unit.action_used and unit.move_spent == 2 and travelled == _line(1, 5)
    assert not any(e.kind == "hazard_exposure" for e in ctx.events)


def test_r_haz_15_spiked_field_without_care_deals_exposure_damage() -> None:
    state = blank_state()
    add_field(state, "wire", "spiked", rect(3, 0, 2, 10), dice="1d6", affects=["living"])
    unit = add_unit(state, "m", "red", (1, 5))
    tank = add_unit(state, "t", "red", (1, 7), living=False, size=2, weight=3, armor="30")
    ctx = _ctx(state, [5])
    assert _walk(ctx, unit, _line(1, 4)) == [(1, 5), (2, 5), (3, 5)]  # killed on entry: 5 > 4
    assert not unit.alive
    _walk(ctx, tank, _line(1, 5, y=7))  # barbed wire does not bother the tank (per-target flag)
    assert [e.target for e in ctx.events if e.kind == "hazard_exposure"] == ["m"]
