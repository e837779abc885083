"""R-FIRE-1..16 with scripted dice (each test names its rule)."""

import pytest

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.fire import (
    FireRuleError,
    burning_action_penalty,
    burning_attack_bonus,
    burning_roll,
    catch_fire,
    fight_fire,
    fires_on,
    is_burning,
    roll_burning_action_penalty,
    roll_burning_attack_bonus,
    roll_on_ground,
)
from brikwars_gui.engine.hazards.power import power_limit
from brikwars_gui.engine.hazards.sandbox import add_fire, add_object, add_unit, blank_state, rect
from brikwars_gui.engine.state import WeaponState


def _ctx(state, faces=()):
    return RulesContext(state, ScriptedDice(list(faces)))


def _house(state, oid="house", x=2, y=2, w=3, h=3, size=3, weight=1, **kw):
    return add_object(state, oid, rect(x, y, w, h), size=size, weight=weight, **kw)


# --- Catching fire ---------------------------------------------------------------------------


def test_r_fire_3_only_dice_above_the_weight_class_ignite() -> None:
    state = blank_state()
    _house(state, weight=2)
    ctx = _ctx(state)
    assert catch_fire(ctx, "house", [1, 2]) is None  # 2 is not above Weight 2
    fire = catch_fire(ctx, "house", [3], at=(4, 4))
    assert fire is not None and (fire.size, fire.cells) == (1, [(4, 4)])


def test_r_fire_3_non_flammable_objects_do_not_catch_fire() -> None:
    state = blank_state()
    _house(state, flammable=False)
    assert catch_fire(_ctx(state), "house", [4, 4]) is None


def test_r_fire_4_a_3_several_igniting_dice_each_add_an_inch_up_to_the_size() -> None:
    state = blank_state()
    _house(state, size=3, weight=1)
    ctx = _ctx(state)
    fire = catch_fire(ctx, "house", [2, 3, 4, 4, 1])
    assert fire is not None and fire.size == 3  # 4 catching dice, capped at Size 3
    assert len(fire.cells) == 3


def test_r_fire_4_an_existing_fire_grows_one_inch_per_igniting_die() -> None:
    state = blank_state()
    _house(state, size=3, weight=1)
    ctx = _ctx(state)
    fire = catch_fire(ctx, "house", [2])
    catch_fire(ctx, "house", [3])
    assert fire.size == 2 and len(fires_on(state, "house")) == 1
    assert [e.kind for e in ctx.events] == ["fire_ignited", "fire_grew"]


def test_r_fire_3_fire_damage_through_apply_damage_ignites_even_without_damage() -> None:
    from brikwars_gui.engine.hazards.fire import damage_and_ignite

    state = blank_state()
    add_unit(state, "m", "red", (1, 1))
    ctx = _ctx(state)
    assert damage_and_ignite(ctx, "m", 2, cause="torch", fire_dice=[1]) == "none"  # 2 < Armor 4
    assert is_burning(state, "m") and state.units["m"].fire_size == 1  # 1 > Weight ½


# --- Burning Roll ----------------------------------------------------------------------------


def test_r_fire_8_9_a_2_die_downs_first_then_spreads_with_grinding() -> None:
    state = blank_state()
    _house(state, size=3, weight=1)
    add_fire(state, "f", "house", [(3, 3), (3, 2)], 2)
    # 1 dies down, 4 spreads; then G-4: Armor 1d10 (6) − 1d4 (2) = 4 ≥ Grinding 1
    ctx = _ctx(state, [1, 4, 6, 2])
    event = burning_roll(ctx, "f")
    assert (event.died_down, event.spread, event.size, event.grinding) == (1, 1, 2, 1)
    assert state.objects["house"].grinding == 1


def test_r_fire_9_a_full_fire_spreads_to_a_flammable_object_within_one_inch() -> None:
    state = blank_state()
    add_object(state, "hut", [(5, 5)], size=1, weight=0.5)
    add_object(state, "tree", [(6, 6)], size=2, weight=0.5)  # diagonal neighbour: within 1" (GRID-4)
    add_object(state, "far", [(8, 5)], size=2, weight=0.5)
    add_object(state, "wall", [(5, 6)], size=2, weight=0.5, flammable=False)
    add_fire(state, "f", "hut", [(5, 5)], 1, owner="red")
    ctx = _ctx(state, [3, 4, 1])  # spread; G-4 armor of the hut: 1d10 (Weight ½ → 1d10) = 4, −1d4 = 1
    event = burning_roll(ctx, "f")
    assert event.spread_to == ("tree",)
    new = fires_on(state, "tree")[0]
    assert (new.size, new.cells, new.owner) == (1, [(6, 6)], "red")
    assert not fires_on(state, "far") and not fires_on(state, "wall")


def test_r_fire_10_a_fire_that_dies_down_to_zero_goes_out() -> None:
    state = blank_state()
    _house(state, weight=2)
    add_fire(state, "f", "house", [(3, 3)], 1)
    ctx = _ctx(state, [2])
    burning_roll(ctx, "f")
    assert "f" not in state.fires and ctx.events[-1].kind == "fire_out"


def test_g_4_grinding_above_a_fresh_armor_roll_costs_an_inch_of_size() -> None:
    state = blank_state()
    _house(state, size=3, weight=1)
    house = state.objects["house"]
    house.grinding = 3
    add_fire(state, "f", "house", [(3, 3)], 1)
    ctx = _ctx(state, [3, 2, 1])  # spread → Grinding 4; Armor 1d10 = 2, −1d4 = 1 → 1 < 4
    burning_roll(ctx, "f")
    assert (house.effective_size, house.grinding) == (2, 0)
    assert any(e.kind == "grinding_check" and e.outcome == "size_lost" for e in ctx.events)


def test_r_fire_8_unaligned_objects_burn_on_the_turn_of_the_player_who_set_the_fire() -> None:
    state = blank_state()
    _house(state, weight=1)
    ctx = _ctx(state, [])
    catch_fire(ctx, "house", [4], by="blue")
    phase.start_of_player_turn(ctx, "red")  # no Burning Roll: the script is empty
    assert not any(e.kind == "burning_roll" for e in ctx.events)
    ctx.dice = ScriptedDice([1])
    phase.start_of_player_turn(ctx, "blue")
    assert any(e.kind == "burning_roll" for e in ctx.events)


def test_r_fire_8_a_burning_unit_rolls_at_the_start_of_its_own_turn() -> None:
    state = blank_state()
    add_unit(state, "m", "red", (1, 1))
    add_fire(state, "f", "m", [(1, 1)], 1)
    ctx = _ctx(state, [1])
    phase.start_of_player_turn(ctx, "red")
    assert not is_burning(state, "m") and state.units["m"].fire_size == 0


def test_r_fire_12_fire_cells_stay_connected_inside_the_object() -> None:
    state = blank_state(12, 12)
    add_object(state, "barn", rect(1, 1, 6, 2), size=6, weight=0.5)
    ctx = _ctx(state)
    fire = catch_fire(ctx, "barn", [2], at=(1, 1))
    for _ in range(5):
        catch_fire(ctx, "barn", [2])
        cells = set(fire.cells)
        assert cells <= set(state.objects["barn"].cells) and len(cells) == fire.size
        todo, seen = [fire.cells[0]], {fire.cells[0]}
        while todo:
            x, y = todo.pop()
            for c in cells:
                if c not in seen and max(abs(c[0] - x), abs(c[1] - y)) <= 1:
                    seen.add(c)
                    todo.append(c)
        assert seen == cells
    # grows from the struck corner towards the nearest cells (deterministic reshaping rule)
    assert sorted(fire.cells)[:3] == [(1, 1), (1, 2), (2, 1)]


def test_r_fire_2_permanent_fires_never_change_and_expose_whoever_enters() -> None:
    state = blank_state()
    add_fire(state, "lava", None, rect(5, 5, 3, 1), 3, permanent="molten")
    add_unit(state, "m", "red", (4, 5))
    ctx = _ctx(state, [1, 1, 2])  # 3d4 Molten Fire (R-FIRE-1) = 4 → = Armor 4 → Disrupted
    phase.start_of_player_turn(ctx, "red")
    assert state.fires["lava"].size == 3 and not any(e.kind == "burning_roll" for e in ctx.events)
    travelled = phase.resolve_path(ctx, state.units["m"], [(4, 5), (5, 5), (6, 5)])
    exposure = next(e for e in ctx.events if e.kind == "hazard_exposure")
    assert exposure.dice == "3d4" and exposure.damage == 4
    assert state.units["m"].disrupted and travelled == [(4, 5), (5, 5)]
    assert is_burning(state, "m")  # its d4s of 1 and 2 beat Weight ½ (R-FIRE-3)


# --- Penalties, bonus, Power ----------------------------------------------------------------


def test_r_fire_5_burning_units_roll_minus_1d4_action_even_with_an_item_made_to_burn() -> None:
    state = blank_state()
    unit = add_unit(state, "m", "red", (1, 1))
    torch = WeaponState("torch", "close", 2, None, "1d6", burning=True)
    assert burning_action_penalty(state, unit) is None
    assert burning_action_penalty(state, unit, torch) is None
    add_fire(state, "f", "m", [(1, 1)], 1)
    assert burning_action_penalty(state, unit) == "-1d4"
    assert burning_action_penalty(state, unit, torch) == "-1d4"  # being on fire is not exempt
    assert roll_burning_action_penalty(_ctx(state, [3]), unit) == -3


def test_r_fire_5_using_a_burning_item_made_to_burn_costs_nothing() -> None:
    state = blank_state()
    unit = add_unit(state, "m", "red", (1, 1))
    add_object(state, "brand", [(2, 1)], size=1, weight=0.5)
    add_fire(state, "f", "brand", [(2, 1)], 1)
    torch = WeaponState("torch", "close", 2, None, "1d6", burning=True)
    assert burning_action_penalty(state, unit, using="brand") == "-1d4"
    assert burning_action_penalty(state, unit, torch, using="brand") is None


def test_r_fire_5_using_a_burning_object_also_costs_1d4_action() -> None:
    state = blank_state()
    unit = add_unit(state, "m", "red", (1, 1))
    add_object(state, "cannon", [(2, 1)], size=2, weight=1)
    add_fire(state, "f", "cannon", [(2, 1)], 1)
    assert burning_action_penalty(state, unit, using="cannon") == "-1d4"


def test_r_fire_6_burning_attackers_add_1d4_fire_damage() -> None:
    state = blank_state()
    add_unit(state, "m", "red", (1, 1))
    assert burning_attack_bonus(state, "m") is None
    assert roll_burning_attack_bonus(_ctx(state), "m") == (0, [], "fire", "")
    add_fire(state, "f", "m", [(1, 1)], 1, fire_type="acid")
    assert burning_attack_bonus(state, "m") == ("1d4", "acid")
    assert roll_burning_attack_bonus(_ctx(state, [2]), "m") == (2, [2], "acid", "1d4")


def test_r_fire_7_ex_5_burning_golem_power_limit() -> None:
    state = blank_state()
    golem = add_unit(state, "golem", "red", (1, 1), size=4, weight=2, power=8, living=False)
    add_fire(state, "f", "golem", [(1, 1)], 3)
    assert power_limit(state, golem) == 5


# --- Putting fires out ----------------------------------------------------------------------


def test_r_fire_11_submersion_in_water_puts_a_burning_unit_out() -> None:
    state = blank_state()
    state.grid.water[1, 3] = True
    unit = add_unit(state, "m", "red", (1, 1))
    add_fire(state, "f", "m", [(1, 1)], 1)
    ctx = _ctx(state)
    assert phase.resolve_path(ctx, unit, [(1, 1), (2, 1), (3, 1)]) == [(1, 1), (2, 1), (3, 1)]
    assert not is_burning(state, "m")


def test_r_fire_11_ex_7_firefighting_one_inch_per_inch_of_apparatus() -> None:
    state = blank_state(20, 20)
    add_object(state, "hall", rect(1, 1, 8, 2), size=8, weight=1)
    fire = add_fire(state, "f", "hall", [(1, 1)], 8)
    for n, name in enumerate(("a", "b", "c")):
        add_unit(state, name, "red", (n + 1, 4))
    ctx = _ctx(state)
    from brikwars_gui.engine.hazards.fire import reshape

    reshape(state, fire)
    for name in ("a", "b", "c"):  # three bucket minifigs → −3"
        fight_fire(ctx, "f", 1, by=name)
    assert fire.size == 5 and len(fire.cells) == 5
    with pytest.raises(FireRuleError):
        fight_fire(ctx, "f", 1, by="a")  # his Action is spent
    assert fight_fire(ctx, "f", 5) == 0  # a Size 5" hose → −5": out
    assert "f" not in state.fires


def test_g_23_rolling_on_the_ground_costs_action_and_movement() -> None:
    state = blank_state()
    unit = add_unit(state, "m", "red", (1, 1))
    add_fire(state, "f", "m", [(1, 1)], 1)
    assert roll_on_ground(_ctx(state), unit)
    assert not is_burning(state, "m") and unit.action_used and unit.stopped and unit.move_left == 0


# --- Alternate fire types -------------------------------------------------------------------


def test_r_fire_13_a_9_acid_only_dies_down_but_still_grinds() -> None:
    state = blank_state()
    _house(state, size=3, weight=1)
    add_fire(state, "a", "house", [(3, 3)], 1, fire_type="acid")
    ctx = _ctx(state, [4, 9, 1])  # spread result → Grinding 1, no growth; Armor 9−1
    event = burning_roll(ctx, "a")
    assert (event.size, event.grinding) == (1, 1)


def test_r_fire_14_ion_never_grows_and_does_no_permanent_damage() -> None:
    state = blank_state()
    robot = add_unit(state, "bot", "red", (1, 1), size=2, weight=1, living=False)
    ctx = _ctx(state, [4])
    assert catch_fire(ctx, "bot", [3], fire_type="ion") is not None
    burning_roll(ctx, "ion:bot")
    assert (state.fires["ion:bot"].size, robot.grinding) == (1, 0)
    add_unit(state, "m", "red", (3, 3))
    assert catch_fire(ctx, "m", [4], fire_type="ion") is None  # living: not technology


def test_r_fire_15_poison_burns_only_living_creatures_and_does_not_jump_to_objects() -> None:
    state = blank_state()
    add_unit(state, "m", "red", (1, 1))
    add_unit(state, "bot", "red", (2, 2), living=False)
    add_object(state, "crate", [(1, 2)], size=1, weight=0.5)
    ctx = _ctx(state, [4, 2])  # Burning Roll 4; G-4 Armor 4 − 1d4 (2)
    assert catch_fire(ctx, "bot", [4], fire_type="poison") is None
    assert catch_fire(ctx, "crate", [4], fire_type="poison") is None
    fire = catch_fire(ctx, "m", [4], fire_type="poison")
    event = burning_roll(ctx, fire.id)  # full (Size 1): spread → Grinding only
    assert event.spread == 1 and event.spread_to == () and not fires_on(state, "crate")


def test_r_fire_16_alternate_fire_types_keep_the_armor_and_action_penalties() -> None:
    from brikwars_gui.engine.rules.damage import armor_roll

    state = blank_state()
    unit = add_unit(state, "m", "red", (1, 1))
    add_fire(state, "p", "m", [(1, 1)], 1, fire_type="poison")
    assert burning_action_penalty(state, unit) == "-1d4"
    assert armor_roll(_ctx(state, [2]), "m")[0] == 2  # Armor 4 − 1d4 (R-FIRE-5)
