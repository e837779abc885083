"""Chapter F rules that were library code, now orders of `Game` (issue 8), with scripted dice."""

from __future__ import annotations

import pytest
from scripted_answers import Answers

from brikwars_gui.engine import ai
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Attack, Shove, Sprint
from brikwars_gui.engine.rules.hazard_actions import FightFire, Operate, Place, ResetTrap, RollOnGround
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState, WeaponState
from brikwars_gui.engine.visibility import event_visible_to, visible_units


def events(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


def pair(a_at=(5, 5), z_at=(11, 11), **a) -> GameState:
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", a_at, **a)
    hs.add_unit(state, "z", "blue", z_at)
    return state


def gun() -> WeaponState:
    return WeaponState("gun", "ranged", 2, 8, "1d6")


# ---------------------------------------------------------------------------------------------
# Careful movement (R-HAZ-15)


def test_r_haz_15_careful_movement_spends_the_action_and_acts_as_slow():
    state = pair((2, 5))
    hs.add_field(state, "wire", "spiked", [(3, 5), (4, 5)], dice="1d6")
    g = Game(state, ScriptedDice([2]))
    g.move("a", (4, 5), careful=True)  # 2" of wire inches instead of Exposure Damage
    a = g.unit("a")
    assert a.action_used and a.move_spent == 4 and not events(g, "hazard_exposure")
    assert events(g, "hazard_move")[0].effect == "careful"
    assert events(g, "order")[-1].args["careful"] is True


def test_r_haz_15_careful_movement_needs_the_action():
    state = pair((2, 5), action_used=False)
    hs.add_field(state, "wire", "spiked", [(3, 5)], dice="1d6")
    g = Game(state, ScriptedDice([]))
    g.unit("a").action_used = True
    with pytest.raises(IllegalOrder, match="R-HAZ-15"):
        g.move("a", (3, 5), careful=True)


def test_r_haz_15_careful_order_replays_from_the_log():
    state = pair((2, 5))
    hs.add_field(state, "wire", "spiked", [(3, 5)], dice="1d6")
    g = Game(state, ScriptedDice([3]))
    g.move("a", (3, 5), careful=True)
    again = pair((2, 5))
    hs.add_field(again, "wire", "spiked", [(3, 5)], dice="1d6")
    h = Game(again, ScriptedDice([3]), start=True)
    for order in events(g, "order"):
        h.apply_order(order.to_dict())
    assert h.unit("a").action_used and h.unit("a").move_spent == g.unit("a").move_spent


# ---------------------------------------------------------------------------------------------
# Landing rolls (R-HAZ-19) and careful placing (R-HAZ-20)


def test_r_haz_19_a_bail_into_a_minefield_rolls_on_landing():
    state = hs.blank_state(12, 12, players=("wayne", "shaun"))
    hs.add_unit(state, "wayne", "wayne", (2, 5), facing="E", weapons=[gun()])
    hs.add_unit(state, "shaun", "shaun", (7, 5), facing="W", weapons=[gun()], saved_action=True)
    hs.add_field(state, "mines", "concealed", [(9, 5)], dice="1d6")
    g = Game(state, ScriptedDice([2, 1, 3, 1, 1, 1]), policy=Answers(attack_response="bail", bail_to="9,5"))
    g.act("wayne", Attack("gun", "shaun"))  # Bail 2" → lands on the mine: landing roll 1 < 2
    roll = events(g, "concealed_roll")[0]
    assert roll.unit == "shaun" and roll.inches == 2 and roll.outcome == "triggered"
    assert events(g, "concealed_triggered")[0].at == (9, 5)


def test_r_haz_19_a_unit_shoved_onto_a_minefield_rolls_against_the_inches_flown():
    state = pair((4, 5))
    hs.add_unit(state, "b", "blue", (5, 5))
    hs.add_field(state, "mines", "concealed", [(7, 5)], dice="1d6")
    g = Game(state, ScriptedDice([5, 2, 1, 1]))  # Shove 5 ≥ 2: 2" east; landing roll 2 ≥ 2: safe
    g.act("a", Shove("b"))
    roll = events(g, "concealed_roll")[0]
    assert g.unit("b").pos == (7, 5) and roll.unit == "b" and roll.inches == 2 and roll.outcome == "safe"


def test_r_haz_19_a_current_thrusting_a_unit_onto_a_minefield_rolls_on_arrival():
    state = pair((2, 5))
    hs.add_field(state, "river", "current", [(2, 5), (3, 5)], dice="1d6", direction="E")
    hs.add_field(state, "mines", "concealed", [(5, 5)], dice="1d6")
    g = Game(state, ScriptedDice([3, 1, 4, 1]))  # thrust 3" → (5, 5); landing: Critical Failure
    assert g.unit("a").pos == (5, 5)
    assert events(g, "concealed_roll")[0].outcome == "triggered"


@pytest.mark.parametrize(("face", "goes_off"), [(1, True), (2, False)])
def test_r_haz_20_a_load_set_down_carefully_goes_off_only_on_a_critical_failure(face, goes_off):
    state = pair(carrying_heavy=True)
    hs.add_field(state, "mines", "concealed", [(6, 5)], dice="1d6")
    g = Game(state, ScriptedDice([face, 1, 1]))
    g.act("a", Place((6, 5)))
    assert not g.unit("a").carrying_heavy and not g.unit("a").action_used  # a Move Action
    assert bool(events(g, "concealed_triggered")) == goes_off


# ---------------------------------------------------------------------------------------------
# Object Triggers and resetting Traps (R-TRAP-2, R-TRAP-5)


def trapped_door(interaction: str | None = None) -> GameState:
    state = pair((4, 5))
    hs.add_object(state, "door", [(5, 5)], size=1, weight=1)
    hs.add_trap(state, "gun", "door", weapon=gun(), at=(5, 8), interaction=interaction)
    return state


def test_r_trap_2_operating_a_trigger_object_fires_its_trap_at_the_operator():
    g = Game(trapped_door(), ScriptedDice([3, 2]))  # Trap d4 3 ≥ Use 2; 2 Damage vs Armor 4
    options = [o for o in g.legal_actions("a") if o.kind == "operate"]
    assert options and options[0].action == Operate("door")
    g.act("a", options[0].action)
    fired = events(g, "trap_fired")[0]
    assert fired.target == "a" and fired.hit and not g.unit("a").action_used  # a Move Action


def test_r_trap_2_a_trap_keyed_to_an_interaction_fires_only_on_it():
    g = Game(trapped_door("code 1234"), ScriptedDice([3, 2]))
    g.act("a", Operate("door", "code 9999"))
    assert not events(g, "trap_fired")
    g.act("a", Operate("door", "code 1234"))
    assert events(g, "trap_fired")


def test_r_trap_2_operate_needs_the_object_within_one_inch():
    g = Game(trapped_door(), ScriptedDice([]))
    g.move("a", (2, 5))
    with pytest.raises(IllegalOrder, match="within 1"):
        g.act("a", Operate("door"))


def test_r_trap_5_a_spent_weapon_trap_is_reset_by_a_technician():
    g = Game(trapped_door(), ScriptedDice([1, 3, 2]))  # fires and misses (Critical Failure)
    g.act("a", Operate("door"))
    g.act("a", Operate("door"))  # single use: nothing
    assert len(events(g, "trap_fired")) == 1 and not g.state.traps["gun"].armed
    g.act("a", ResetTrap("gun"))
    assert g.state.traps["gun"].armed and g.unit("a").action_used and events(g, "trap_reset")
    g.act("a", Operate("door"))
    assert len(events(g, "trap_fired")) == 2
    with pytest.raises(IllegalOrder, match="R-ACT-1"):
        g.act("a", ResetTrap("gun"))


# ---------------------------------------------------------------------------------------------
# Firefighting (R-FIRE-11, EX-7, G-23)


def test_r_fire_11_ex_7_three_bucket_minifigs_cut_a_fire_by_three_inches():
    state = pair((3, 4), apparatus=1)
    hs.add_unit(state, "b", "red", (4, 4), apparatus=1)
    hs.add_unit(state, "c", "red", (5, 4), apparatus=1)
    hs.add_object(state, "barn", hs.rect(3, 5, 4, 2), size=4, weight=2, owner="blue")
    hs.add_fire(state, "f", "barn", [(3, 5), (4, 5), (5, 5), (6, 5)], 4)
    g = Game(state, ScriptedDice([]))
    for uid in ("a", "b", "c"):
        g.act(uid, FightFire("f"))
    assert g.state.fires["f"].size == 1
    assert [e.inches for e in events(g, "fire_fought")] == [1, 1, 1]


def test_r_fire_11_ex_7_a_size_5_hose_cuts_five_inches():
    state = pair((3, 4), apparatus=5)
    hs.add_object(state, "barn", hs.rect(3, 5, 6, 2), size=6, weight=2, owner="blue")
    hs.add_fire(state, "f", "barn", hs.rect(3, 5, 6, 1), 6)
    g = Game(state, ScriptedDice([]))
    g.act("a", FightFire("f"))
    assert g.state.fires["f"].size == 1


def test_r_fire_11_no_apparatus_no_firefighting():
    state = pair((3, 4))
    hs.add_object(state, "barn", [(3, 5)], size=1, weight=2, owner="blue")
    hs.add_fire(state, "f", "barn", [(3, 5)], 1)
    g = Game(state, ScriptedDice([]))
    assert not [o for o in g.legal_actions("a") if o.kind == "fight_fire"]
    with pytest.raises(IllegalOrder, match="apparatus"):
        g.act("a", FightFire("f"))


def test_g_23_r_fire_11_rolling_on_the_ground_takes_the_action_and_all_movement():
    state = pair()
    hs.add_fire(state, "f", "a", [(5, 5)], 1)
    g = Game(state, ScriptedDice([2, 1]))  # Burning Roll 2 > ½ → stays 1"; Grinding 1 vs Armor 4 − 1
    g.act("a", RollOnGround())
    a = g.unit("a")
    assert "f" not in g.state.fires and a.fire_size == 0 and a.action_used and a.move_left == 0


def test_g_23_the_ai_rolls_a_burning_unit_on_the_ground():
    state = pair()
    hs.add_fire(state, "f", "a", [(5, 5)], 1)
    g = Game(state, ScriptedDice([2, 1]))
    ai.play_unit(g, "a")
    assert events(g, "fire_fought") and not g.state.fires


# ---------------------------------------------------------------------------------------------
# Scouting Tool (R-SCOUT-1) and Hidden units (R-SCOUT-4, G-16)


def test_r_scout_1_without_his_scouting_tool_a_scout_rolls_his_own_action_die():
    state = pair((1, 5), specialties=["scout"], scouting_tool=False)
    hs.add_field(state, "mines", "concealed", hs.rect(2, 5, 4, 1), dice="1d6")
    g = Game(state, ScriptedDice([4, 1, 1, 1]))
    g.move("a", (5, 5))  # an ordinary d6 roll: 4 ≥ 4", safe, no Scout stop
    assert events(g, "concealed_roll")[0].outcome == "safe" and g.unit("a").pos == (5, 5)
    assert not [o for o in g.legal_actions("a") if o.kind == "mark"]


def hidden_duel() -> GameState:
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (2, 5), facing="E", weapons=[gun()])
    hs.add_unit(state, "sniper", "blue", (7, 5), facing="W", weapons=[gun()], hidden=True)
    return state


def test_g_16_a_hidden_unit_cannot_be_targeted_listed_or_seen_in_the_enemy_snapshot():
    g = Game(hidden_duel(), ScriptedDice([]))
    assert [u.id for u in visible_units(g.state, "red")] == ["a"]
    assert "sniper" not in g.state.snapshot(for_team="red")["units"]
    assert "sniper" in g.state.snapshot(for_team="blue")["units"]
    assert not [o for o in g.legal_actions("a") if o.target == "sniper"]
    with pytest.raises(IllegalOrder, match="G-16"):
        g.act("a", Attack("gun", "sniper"))


def test_g_16_a_hidden_unit_is_revealed_when_it_attacks():
    g = Game(hidden_duel(), ScriptedDice([1, 3, 2, 1]))
    g.end_turn()
    moved = len(g.events)
    g.move("sniper", (7, 6))
    assert not any(event_visible_to(g.state, "red", e) for e in g.events[moved:] if e.kind != "order")
    g.act("sniper", Attack("gun", "a"))
    assert events(g, "unit_revealed")[0].unit == "sniper" and not g.unit("sniper").hidden
    assert "sniper" in g.state.snapshot(for_team="red")["units"]


def test_r_scout_4_a_scout_reveals_the_hidden_unit_he_sees_to_all_allies():
    state = hidden_duel()
    hs.add_unit(state, "eyes", "red", (3, 6), facing="E", specialties=["scout"])
    g = Game(state, ScriptedDice([]))  # red's Scouts track at the start of red's turn
    assert not g.unit("sniper").hidden and events(g, "scout_revealed")
    assert "sniper" in [o.target for o in g.legal_actions("a")]


def test_r_scout_1_4_a_scout_without_binoculars_reveals_nothing():
    state = hidden_duel()
    hs.add_unit(state, "eyes", "red", (3, 6), facing="E", specialties=["scout"], scouting_tool=False)
    g = Game(state, ScriptedDice([]))
    assert g.unit("sniper").hidden


def test_g_16_the_ai_does_not_attack_or_approach_what_it_cannot_see():
    g = Game(hidden_duel(), ScriptedDice([]))
    ai.play_turn(g)
    assert not events(g, "attacked") and g.unit("a").pos == (2, 5)


# ---------------------------------------------------------------------------------------------
# Charge (R-MOVE-20, G-11)


def sword() -> WeaponState:
    return WeaponState("sword", "close", 2, None, "1d6+1")


def test_r_move_20_a_charge_sprints_and_strikes_in_one_action():
    state = pair((2, 5), (9, 5), weapons=[sword()])
    g = Game(state, ScriptedDice([4, 3, 6, 1]))  # Sprint +4" (9" in all); Strike 3 ≥ 2; Damage 6+1
    option = next(o for o in g.legal_actions("a") if o.kind == "charge" and o.target == "z")
    g.act("a", option.action)
    assert g.unit("a").pos == (8, 5) and g.unit("a").action_used
    attack = events(g, "attacked")[0]
    assert attack.attacker == "a" and attack.target == "z" and attack.hit
    assert events(g, "order")[-1].args == {"kind": "sprint", "toward": [9, 5], "charge": "z"}


def test_r_move_20_a_charge_that_falls_short_strikes_nothing():
    state = pair((0, 5), (11, 5), weapons=[sword()])
    g = Game(state, ScriptedDice([2, 1, 1]))  # Sprint +2": 7" of 11" → out of reach
    g.act("a", Sprint((11, 5), "z"))
    assert events(g, "charge_fell_short") and not events(g, "attacked")


def test_r_move_20_a_charge_needs_a_close_combat_weapon():
    g = Game(pair((2, 5), (9, 5), weapons=[gun()]), ScriptedDice([]))
    assert not [o for o in g.legal_actions("a") if o.kind == "charge"]
    with pytest.raises(IllegalOrder, match="R-MOVE-20"):
        g.act("a", Sprint((9, 5), "z"))
