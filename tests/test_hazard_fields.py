"""R-HAZ-1..11, G-18: fields, Hazard Dice, Smoke, Exposure Damage (scripted dice)."""

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.geometry import has_line_of_sight
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.exposure import expose
from brikwars_gui.engine.hazards.fields import (
    ExposureSource,
    exposure_sources_at,
    field_size,
    hazard_dice,
    set_field_cells,
)
from brikwars_gui.engine.hazards.power import power_limit
from brikwars_gui.engine.hazards.sandbox import add_field, add_object, add_unit, blank_state, rect


def _ctx(state, faces=()):
    return RulesContext(state, ScriptedDice(list(faces)))


def _walk(ctx, unit, path):
    """What the movement rule does: resolve the declared path, then move along the prefix."""
    travelled = phase.resolve_path(ctx, unit, path)
    unit.pos = travelled[-1]
    return travelled


def test_r_haz_2_field_size_is_the_widest_extent() -> None:
    state = blank_state()
    f = add_field(state, "f", "exposure", rect(2, 2, 4, 2), dice="1d6")
    assert field_size(f) == 4


def test_r_haz_4_dice_drop_when_the_field_shrinks() -> None:
    state = blank_state()
    f = add_field(state, "f", "exposure", rect(0, 0, 3, 3), dice="3d6")
    assert str(hazard_dice(f)) == "3d6"
    set_field_cells(f, rect(0, 0, 2, 1))
    assert str(hazard_dice(f)) == "2d6"
    set_field_cells(f, [(0, 0)])
    assert str(hazard_dice(f)) == "1d6"


def test_r_haz_5_passive_fields_roll_for_every_victim() -> None:
    state = blank_state()
    add_field(state, "f", "exposure", rect(0, 0, 3, 3), dice="1d6")
    for n in range(3):
        add_unit(state, f"u{n}", "red", (n, 0))
    ctx = _ctx(state, [1, 2, 3])
    phase.end_of_player_turn(ctx, "red")
    assert [e.damage for e in ctx.events if e.kind == "hazard_exposure"] == [1, 2, 3]


def test_r_haz_5_powered_field_dice_fire_once_per_turn() -> None:
    state = blank_state()
    add_field(state, "f", "exposure", rect(0, 0, 3, 3), dice="2d6", powered=True)
    for n in range(3):
        add_unit(state, f"u{n}", "red", (n, 0))
    ctx = _ctx(state, [1, 2])
    phase.end_of_player_turn(ctx, "red")
    exposures = [e for e in ctx.events if e.kind == "hazard_exposure"]
    assert [(e.target, e.damage) for e in exposures] == [("u0", 3)]
    assert any(e.kind == "hazard_skipped" and "R-HAZ-5" in e.reason for e in ctx.events)
    ctx.dice = ScriptedDice([1, 1])
    phase.start_of_player_turn(ctx, "red")  # counters reset
    phase.end_of_player_turn(ctx, "red")
    assert sum(e.kind == "hazard_exposure" for e in ctx.events) == 2


def test_r_haz_7_smoke_blocks_sight_into_out_of_and_through() -> None:
    state = blank_state()
    add_field(state, "s", "smoke", rect(5, 0, 1, 10))
    smoke = state.smoke_mask()
    assert not has_line_of_sight(state.grid, (2, 3), (8, 3), smoke=smoke)
    assert not has_line_of_sight(state.grid, (5, 3), (8, 3), smoke=smoke)
    assert has_line_of_sight(state.grid, (2, 3), (4, 3), smoke=smoke)
    assert not exposure_sources_at(state, (5, 3))  # smoke has no dice


def test_r_haz_8_ex_6_target_size_modifier_adds_to_exposure_damage() -> None:
    state = blank_state()
    add_field(state, "acid", "exposure", rect(0, 0, 5, 5), dice="1d6")
    add_unit(state, "ogre", "red", (1, 1), size=4, weight=2, armor="20")
    ctx = _ctx(state, [3])
    phase.end_of_player_turn(ctx, "red")
    exposure = next(e for e in ctx.events if e.kind == "hazard_exposure")
    assert exposure.damage == 5  # 3 + Target Size +2 (G-5: Size 4 → +2)


def test_r_haz_9_size_0_objects_take_one_point_per_die_without_using_powered_dice() -> None:
    state = blank_state()
    field = add_field(state, "f", "exposure", rect(0, 0, 3, 3), dice="2d6", powered=True)
    add_unit(state, "rat", "red", (0, 0), size=0, armor="1")
    ctx = _ctx(state)
    phase.end_of_player_turn(ctx, "red")
    exposure = next(e for e in ctx.events if e.kind == "hazard_exposure")
    assert exposure.damage == 2 and field.dice_used_this_turn == 0
    assert not state.units["rat"].alive


def test_r_haz_10_toxic_gas_skips_the_non_living_and_breath_can_be_held_one_turn() -> None:
    state = blank_state()
    add_field(state, "gas", "exposure", rect(3, 0, 3, 3), dice="1d6", living_only=True)
    man = add_unit(state, "man", "red", (2, 1))
    bot = add_unit(state, "bot", "red", (2, 2), living=False)
    ctx = _ctx(state, [3])
    phase.start_of_player_turn(ctx, "red")
    _walk(ctx, man, [(2, 1), (3, 1)])  # walks in: not surprised, holds breath
    _walk(ctx, bot, [(2, 2), (3, 2)])
    phase.end_of_player_turn(ctx, "red")
    assert not any(e.kind == "hazard_exposure" for e in ctx.events)
    assert any(e.kind == "hazard_skipped" and e.target == "bot" for e in ctx.events)
    phase.start_of_player_turn(ctx, "blue")
    phase.start_of_player_turn(ctx, "red")
    phase.end_of_player_turn(ctx, "red")  # a second turn in the gas: it must breathe
    assert [e.target for e in ctx.events if e.kind == "hazard_exposure"] == ["man"]


def test_r_haz_10_a_surprised_creature_cannot_hold_its_breath() -> None:
    state = blank_state()
    add_field(state, "gas", "exposure", rect(0, 0, 3, 3), dice="1d6", living_only=True)
    add_unit(state, "man", "red", (1, 1))
    ctx = _ctx(state, [2])
    phase.end_of_player_turn(ctx, "red")
    assert [e.target for e in ctx.events if e.kind == "hazard_exposure"] == ["man"]


def test_r_haz_11_each_exposure_die_overloads_an_inch_of_power() -> None:
    state = blank_state()
    add_field(state, "f", "exposure", rect(0, 0, 3, 3), dice="2d4", damage_type="fire")
    mech = add_unit(state, "mech", "red", (1, 1), size=4, weight=5, power=8, living=False, armor="30")
    ctx = _ctx(state, [1, 1])
    phase.end_of_player_turn(ctx, "red")
    assert power_limit(state, mech) == 6


def test_g_18_exposure_at_most_once_per_turn_per_field() -> None:
    state = blank_state()
    add_field(state, "f", "exposure", rect(3, 0, 1, 5), dice="1d6")
    unit = add_unit(state, "m", "red", (2, 2))
    ctx = _ctx(state, [1])
    _walk(ctx, unit, [(2, 2), (3, 2), (4, 2), (3, 3)])  # enters twice
    phase.end_of_player_turn(ctx, "red")  # and ends inside
    assert sum(e.kind == "hazard_exposure" for e in ctx.events) == 1


def test_r_haz_8_exposure_of_a_fire_field_can_ignite() -> None:
    state = blank_state()
    add_object(state, "crate", [(1, 1)], size=1, weight=0.5, armor="9")
    field = add_field(state, "napalm", "exposure", rect(0, 0, 3, 3), dice="1d4", damage_type="fire")
    ctx = _ctx(state, [2])
    source = ExposureSource(field.id, hazard_dice(field), "fire", False, field)
    assert expose(ctx, "crate", source) == 2
    assert any(e.kind == "fire_ignited" and e.target == "crate" for e in ctx.events)
