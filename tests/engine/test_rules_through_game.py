"""Chapter D, Four and F rules played through `Game` orders with scripted dice (issue 8: rules that
had only direct-call tests). Each test names the rule IDs it exercises."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Attack, FullRound
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState, WeaponState


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


def events(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


def pair(a_at=(5, 5), z_at=(11, 11), *, width=12, height=12, **a) -> GameState:
    """Red unit `a` (active) and blue unit `z`."""
    state = hs.blank_state(width, height)
    hs.add_unit(state, "a", "red", a_at, **a)
    hs.add_unit(state, "z", "blue", z_at)
    return state


def pistol() -> list[WeaponState]:
    return [WeaponState("pistol", "ranged", 3, 6, "1d6")]


# ---------------------------------------------------------------------------------------------
# DICE


def test_r_dice_1_2_a_damage_die_on_its_highest_face_earns_a_bonus_d6_chain():
    state = pair((2, 5), (6, 5), facing="E", weapons=pistol())
    g = Game(state, ScriptedDice([4, 6, 6, 2, 1]))  # hit; Damage d6 6 → bonus d6 6 → bonus d6 2
    g.act("a", Attack("pistol", "z"))
    attack = events(g, "attacked")[0]
    assert attack.hit and attack.damage == 14
    sides = [d["sides"] for d in attack.damage_roll["dice"]]
    assert sides == [6, 6, 6]


def test_r_dice_4_an_action_die_is_one_die_of_the_units_size():
    state = pair(skill=8)
    g = Game(state, ScriptedDice([7]))
    g.act("a", FullRound("Disarm the bomb", 1, "difficult"))  # Use 5
    started = events(g, "full_round")[0]
    assert started.success and [d["sides"] for d in started.roll["dice"]] == [8]


def test_r_dice_7_9_one_overskill_benny_per_roll_and_its_bonus_dice_are_d6():
    state = pair(skill=10, hero=True)
    # d10 natural 7 → one Benny (R-DICE-6: 6–10 on a d10); +1d6 = 6 → regular bonus d6 = 5
    g = Game(state, ScriptedDice([7, 6, 5]))
    g.act("a", FullRound("Hack the satellite", 1, "godlike"))  # Use 12
    started = events(g, "full_round")[0]
    assert started.success and started.roll["total"] == 18
    dice = started.roll["dice"]
    assert [d["sides"] for d in dice] == [10, 6, 6]
    assert sum(1 for d in dice if d["role"] == "overskill") == 1


# ---------------------------------------------------------------------------------------------
# MOVE


def test_r_move_1_a_unit_moves_and_takes_one_action_on_its_turn():
    state = pair((2, 5), (9, 5), facing="E", weapons=pistol())
    g = Game(state, ScriptedDice([1, 1, 1, 1]))
    g.move("a", (4, 5))
    g.act("a", Attack("pistol", "z"))
    with pytest.raises(IllegalOrder, match="R-ACT-1"):
        g.act("a", Attack("pistol", "z"))
    g.move("a", (5, 5))  # Movement goes on after the Action (R-ACT-1: before/during/after)
    assert g.unit("a").pos == (5, 5)


# ---------------------------------------------------------------------------------------------
# HAZARD


def test_r_haz_1_fields_are_never_secret_even_concealed_ones():
    state = pair()
    hs.add_field(state, "mines", "concealed", [(3, 3), (4, 3)], dice="1d6", owner="red")
    g = Game(state, ScriptedDice([]))
    seen_by_blue = g.state.snapshot(for_team="blue")["fields"]["mines"]
    assert sorted(map(tuple, seen_by_blue["cells"])) == [(3, 3), (4, 3)]


def test_r_haz_2_3_4_hazard_dice_are_capped_by_the_field_size():
    state = pair()
    hs.add_field(state, "acid", "exposure", [(5, 5), (6, 5)], dice="3d6")  # Size 2": 2 dice only
    g = Game(state, ScriptedDice([1, 1, 1, 1]))
    g.end_turn()
    exposure = events(g, "hazard_exposure")[0]
    assert exposure.dice == "2d6" and exposure.damage == 2


def test_r_haz_5_powered_field_fires_each_die_once_per_turn():
    state = pair()
    hs.add_unit(state, "b", "red", (6, 5))
    hs.add_field(state, "grill", "exposure", hs.rect(4, 4, 3, 3), dice="1d6", powered=True)
    g = Game(state, ScriptedDice([1, 1, 1, 1]))
    g.end_turn()
    assert [e.target for e in events(g, "hazard_exposure")] == ["a"]
    assert "powered dice already fired" in events(g, "hazard_skipped")[0].reason


def test_r_haz_6_fire_exposure_rolls_d4_fire_dice_that_ignite():
    state = pair()
    hs.add_field(state, "napalm", "exposure", [(5, 5)], dice="1d4", damage_type="fire")
    g = Game(state, ScriptedDice([3, 1, 1, 1]))
    g.end_turn()
    assert events(g, "hazard_exposure")[0].dice == "1d4"
    assert events(g, "fire_ignited")[0].target == "a"


def test_r_haz_9_a_size_0_victim_takes_one_point_per_die():
    state = pair(size=0)
    hs.add_field(state, "acid", "exposure", hs.rect(4, 4, 3, 3), dice="2d6")
    g = Game(state, ScriptedDice([]))  # nothing is rolled
    g.end_turn()
    assert events(g, "hazard_exposure")[0].damage == 2


def test_r_haz_10_a_living_unit_walking_into_gas_holds_its_breath_a_non_living_one_is_spared():
    state = pair((3, 5))
    hs.add_unit(state, "bot", "red", (5, 6), living=False)
    hs.add_field(state, "gas", "exposure", hs.rect(4, 4, 3, 3), dice="1d6", living_only=True)
    g = Game(state, ScriptedDice([1, 1, 1]))
    g.move("a", (5, 5))
    g.end_turn()
    reasons = {e.target: e.reason for e in events(g, "hazard_skipped")}
    assert "holds its breath" in reasons["a"] and "not living" in reasons["bot"]
    assert not events(g, "hazard_exposure")


def test_r_haz_16_a_triggered_spot_stays_spent():
    state = pair((2, 5))
    hs.add_unit(state, "b", "red", (2, 6))
    hs.add_field(state, "mine", "concealed", [(3, 5)], dice="1d6")
    # a: Critical Failure → the mine goes off at (3, 5): 6 → bonus 1 = 7 Damage > Armor 4, killed
    g = Game(state, ScriptedDice([1, 6, 1]))
    g.move("a", (3, 5))
    assert events(g, "concealed_triggered")[0].at == (3, 5) and not g.unit("a").alive
    g.move("b", [(2, 6), (3, 5), (4, 5)])  # over the spent spot: nothing left to roll against
    assert len(events(g, "concealed_triggered")) == 1 and len(events(g, "concealed_roll")) == 1
    assert g.unit("b").pos == (4, 5)


def test_r_haz_18_a_big_unit_rolls_with_the_reverse_of_its_target_size():
    state = pair((2, 5), size=4)  # Target Size +2 → −2 on the roll
    hs.add_field(state, "mines", "concealed", [(3, 5), (4, 5)], dice="1d6")
    g = Game(state, ScriptedDice([3, 1, 1, 1, 1]))  # 3 − 2 = 1 < 2" → goes off after 1"
    g.move("a", (4, 5))
    roll = events(g, "concealed_roll")[0]
    assert roll.roll == 1 and roll.outcome == "triggered"


# ---------------------------------------------------------------------------------------------
# FIRE


def test_r_fire_1_molten_permanent_fire_rolls_3d4():
    state = pair()
    hs.add_fire(state, "lava", None, hs.rect(4, 5, 3, 1), 3, permanent="molten")
    g = Game(state, ScriptedDice([1, 1, 1, 1, 1, 1]))
    g.end_turn()
    assert events(g, "hazard_exposure")[0].dice == "3d4"


def test_r_fire_4_a_burning_object_struck_by_fire_again_grows_up_to_its_size():
    state = pair()
    hs.add_object(state, "crate", [(8, 8), (8, 9)], size=2, weight=0.5, armor="9", block=False)
    hs.add_fire(state, "f", "crate", [(8, 8)], 1)
    hs.add_field(state, "napalm", "exposure", [(8, 8), (8, 9)], dice="2d4", damage_type="fire")
    # red's turn start: crate's Burning Roll 1d4 = 1 → −1" → out; end of red's turn: napalm 2d4 = 3, 3
    g = Game(state, ScriptedDice([2, 3, 3, 1, 1, 1]))
    g.end_turn()
    crate_fires = [f for f in g.state.fires.values() if f.target == "crate"]
    assert len(crate_fires) == 1 and crate_fires[0].size == 2  # +1" per die, capped at Size 2"


def test_r_fire_10_a_fire_burns_turn_after_turn_until_it_is_out():
    state = pair()
    hs.add_object(state, "hut", [(8, 8)], size=1, weight=2, owner="red")
    hs.add_fire(state, "f", "hut", [(8, 8)], 1)
    # 3 > Weight 2: spreads (no room), Grinding vs Armor 2d10 −1d4; next turn a 1: dies down, out
    g = Game(state, ScriptedDice([3, 1, 1, 1, 1, 1, 1, 1, 1]))
    g.end_turn()
    g.end_turn()
    assert len(events(g, "burning_roll")) == 2 and "f" not in g.state.fires
    g.end_turn()
    g.end_turn()
    assert len(events(g, "burning_roll")) == 2  # out: no more Burning Rolls


def test_r_fire_11_walking_into_water_puts_a_burning_unit_out():
    state = pair((3, 5))
    state.grid.water[5, 4] = True
    hs.add_fire(state, "f", "a", [(3, 5)], 1)
    g = Game(state, ScriptedDice([2, 1, 1]))  # Burning Roll 2 > ½: +1" (cap 1")
    g.move("a", (4, 5))
    assert "fire_out" in kinds(g) and not g.state.fires


def test_r_fire_13_acid_only_dies_down_never_grows():
    state = pair()
    hs.add_object(state, "tank", [(8, 8), (9, 8), (8, 9), (9, 9)], size=2, weight=1, owner="red", armor="9")
    hs.add_fire(state, "f", "tank", [(8, 8)], 1, fire_type="acid")
    g = Game(state, ScriptedDice([4, 1, 1, 1]))  # 4 > Weight 1 would grow a fire
    assert g.state.fires["f"].size == 1 and g.state.objects["tank"].grinding >= 1


def test_r_fire_14_ion_exposure_deals_no_permanent_damage():
    state = pair(living=False)
    hs.add_field(state, "ion", "exposure", [(5, 5)], dice="1d4", damage_type="ion")
    g = Game(state, ScriptedDice([4, 1, 1, 1, 1]))
    g.end_turn()
    assert events(g, "hazard_exposure")[0].damage == 0 and g.unit("a").alive


def test_r_fire_15_poison_catches_only_on_living_creatures():
    state = pair()
    hs.add_unit(state, "bot", "red", (6, 5), living=False)
    hs.add_field(state, "spores", "exposure", hs.rect(4, 4, 3, 3), dice="1d4", damage_type="poison")
    g = Game(state, ScriptedDice([3, 1, 3, 1, 1, 1]))
    g.end_turn()
    burning = {f.target for f in g.state.fires.values()}
    assert "a" in burning and "bot" not in burning


def test_r_fire_16_acid_on_a_unit_costs_1d4_on_its_action_roll():
    state = pair(armor="20")
    hs.add_fire(state, "f", "a", [(5, 5)], 1, fire_type="acid")
    # Burning Roll 2: acid never grows (A-9), still 1"; Grinding 1 vs Armor 20 − d4 2
    g = Game(state, ScriptedDice([2, 2, 2, 4]))
    assert g.state.fires["f"].size == 1
    g.act("a", FullRound("Mix drinks", 1, "normal"))  # −1d4 = 2 raises Use 3 to 5 (R-ACT-5); d6 4
    started = events(g, "full_round")[0]
    assert not started.success and started.roll["total"] == 4 and started.roll["needed"] == 5


# ---------------------------------------------------------------------------------------------
# TRAP and SCOUT


def test_r_trap_3_a_secret_trap_is_left_out_of_the_enemy_view_until_it_fires():
    state = pair((2, 5))
    hs.add_field(state, "plate", "concealed", [(3, 5)], dice="1d6")
    hs.add_trap(
        state, "gun", "plate", weapon=WeaponState("gun", "ranged", 2, 8, "1d6"), at=(3, 8), hidden=True,
        owner="blue",
    )
    g = Game(state, ScriptedDice([1, 2, 3, 2]))  # crossing 1, plate 2 Damage, Trap d4 3 ≥ 2, 2
    assert "gun" not in g.state.snapshot(for_team="red")["traps"]
    assert "gun" in g.state.snapshot(for_team="blue")["traps"]
    g.move("a", (3, 5))  # Critical Failure → the plate goes off → the Trap fires (R-TRAP-4)
    assert events(g, "trap_fired") and "gun" in g.state.snapshot(for_team="red")["traps"]


def test_r_trap_1_4_a_concealed_trigger_fires_its_weapon_at_the_trip_spot():
    state = pair((2, 5))
    hs.add_field(state, "plate", "concealed", [(3, 5)], dice="1d6")
    hs.add_trap(state, "gun", "plate", weapon=WeaponState("gun", "ranged", 2, 8, "1d6"), at=(3, 8))
    g = Game(state, ScriptedDice([1, 2, 3, 2]))
    g.move("a", (3, 5))
    fired = events(g, "trap_fired")[0]
    assert fired.target == "a" and tuple(fired.at) == (3, 5)


def test_r_scout_2_3_a_scout_rolls_his_d8_and_stops_short_of_the_spot():
    state = pair((1, 5), specialties=["scout"])
    hs.add_unit(state, "b", "red", (0, 5))
    hs.add_field(state, "mines", "concealed", hs.rect(2, 5, 8, 1), dice="1d6")
    g = Game(state, ScriptedDice([3, 7, 7]))  # Scout's d8: 3 < 4" → stops after 3" inside
    g.move("a", (5, 5))
    roll = events(g, "concealed_roll")[0]
    assert roll.outcome == "scout_stop" and g.unit("a").pos == (4, 5)
    assert "concealed_triggered" not in kinds(g)
    g.move("b", (3, 5))  # single file on the Scout's trail: nothing to roll against
    assert [e.unit for e in events(g, "concealed_roll")] == ["a"] and g.unit("b").pos == (3, 5)
