"""Regression tests for the nine rule bugs of issue 8, each driven through `Game` orders with
scripted dice and named after the rule it guards."""

from __future__ import annotations

import pytest
from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Attack, FullRound
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState, WeaponState


def pistol() -> list[WeaponState]:
    return [WeaponState("pistol", "ranged", 3, 6, "1d6")]


def duel(shaun_at=(7, 5), *, width=16, height=12, **shaun) -> GameState:
    """Wayne (active, pistol) at (2, 5) facing Shaun, who kept his Action for a Response."""
    state = hs.blank_state(width, height, players=("wayne", "shaun"))
    hs.add_unit(state, "wayne", "wayne", (2, 5), facing="E", weapons=pistol())
    shaun.setdefault("saved_action", True)
    hs.add_unit(state, "shaun", "shaun", shaun_at, facing="W", weapons=pistol(), **shaun)
    return state


def bail_options(policy: Answers) -> set[tuple[int, int]]:
    request = next(r for r in policy.asked if r.question == "bail_to")
    return {tuple(int(v) for v in o.split(",")) for o in request.options}


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


# ---------------------------------------------------------------------------------------------
# 1. Bail is a leap (R-MOVE-3, R-RESP-6)


def test_r_resp_6_bail_cannot_cross_wall():
    state = duel()
    state.grid.passable[:, 9] = False  # a full-height wall right behind Shaun
    policy = Answers(attack_response="bail")
    g = Game(state, ScriptedDice([5, 2, 1, 1, 1]), policy=policy)
    g.act("wayne", Attack("pistol", "shaun"))
    options = bail_options(policy)
    assert (8, 5) in options and all(x < 9 for x, _ in options)
    assert g.unit("shaun").pos[0] < 9


def test_r_resp_6_bail_cannot_cut_between_two_obstacle_cells():
    state = duel()
    state.grid.passable[5, 8] = state.grid.passable[4, 7] = False  # (8, 5) and (7, 4)
    policy = Answers(attack_response="bail")
    g = Game(state, ScriptedDice([3, 2, 1, 1, 1]), policy=policy)
    g.act("wayne", Attack("pistol", "shaun"))
    options = bail_options(policy)
    assert (8, 4) not in options  # squeezing diagonally between the two obstacle cells
    assert (6, 4) in options and (8, 6) in options


def test_r_move_3_bail_cannot_leap_up_a_cliff():
    state = duel()
    state.grid.elevation[:, 9:] = 6  # 2" cliff: one leap rises at most 3 bricks (1")
    state.grid.elevation[:, 8] = 3  # a 1" step is fine
    policy = Answers(attack_response="bail")
    g = Game(state, ScriptedDice([5, 2, 1, 1, 1]), policy=policy)
    g.act("wayne", Attack("pistol", "shaun"))
    options = bail_options(policy)
    assert (8, 5) in options and not any(x >= 9 for x, _ in options)


def test_r_resp_6_a_chosen_landing_through_a_wall_is_an_illegal_answer():
    state = duel()
    state.grid.passable[:, 9] = False
    g = Game(state, ScriptedDice([5, 2, 1, 1, 1]), policy=Answers(attack_response="bail", bail_to="10,5"))
    before = g.state.snapshot()
    with pytest.raises(IllegalOrder, match="bail_to"):
        g.act("wayne", Attack("pistol", "shaun"))
    assert g.state.snapshot() == before


# ---------------------------------------------------------------------------------------------
# 2. Currents and Slippery slides obey walking rules (R-HAZ-13/14)


def current_state(direction: str) -> GameState:
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (5, 5))
    hs.add_unit(state, "z", "blue", (11, 11))
    hs.add_field(state, "river", "current", hs.rect(0, 0, 12, 12), dice="1d6", direction=direction)
    return state


def test_r_haz_13_current_cannot_push_up_a_cliff():
    state = current_state("E")
    state.grid.elevation[:, 7:] = 6  # 2" cliff two cells east
    g = Game(state, ScriptedDice([4]))  # thrust 4"
    assert g.unit("a").pos == (6, 5)
    thrust = next(e for e in g.events if e.kind == "hazard_move")
    assert thrust.inches == 4 and [tuple(c) for c in thrust.cells] == [(6, 5)]


def test_r_haz_13_current_cannot_push_diagonally_between_two_obstacles():
    state = current_state("NE")
    state.grid.passable[5, 6] = state.grid.passable[4, 5] = False  # (6, 5) and (5, 4)
    g = Game(state, ScriptedDice([3]))
    assert g.unit("a").pos == (5, 5)


def test_r_haz_14_slide_stops_at_a_cliff():
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (5, 5))
    hs.add_unit(state, "z", "blue", (11, 11))
    hs.add_field(state, "ice", "slippery", hs.rect(0, 0, 12, 12), dice="1d6")
    state.hazard.momentum["a"] = (1, 0)  # it moved east last turn
    state.grid.elevation[:, 7:] = 9
    g = Game(state, ScriptedDice([5]))
    assert g.unit("a").pos == (6, 5)


# ---------------------------------------------------------------------------------------------
# 3. Fire spread never jumps a sealed diagonal gap (R-FIRE-12)


@pytest.mark.parametrize(("walls", "spreads"), [(2, False), (1, True), (0, True)])
def test_r_fire_12_fire_does_not_jump_a_diagonal_gap_between_two_obstacles(walls, spreads):
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (0, 0))
    hs.add_unit(state, "z", "blue", (11, 11))
    hs.add_object(state, "hut", [(5, 5)], size=1, weight=0.5, owner="red")
    hs.add_object(state, "shed", [(6, 6)], size=1, weight=0.5, owner="red")
    for x, y in [(6, 5), (5, 6)][:walls]:
        state.grid.passable[y, x] = False
    hs.add_fire(state, "f1", "hut", [(5, 5)], 1)
    # Burning Roll 1d4 = 4 > Weight ½: spread, no room on the 1" hut → a new fire next door
    g = Game(state, ScriptedDice([4, 1, 1, 1, 1, 1]))
    assert any(e.kind == "burning_roll" for e in g.events)
    assert any(f.target == "shed" for f in g.state.fires.values()) == spreads


# ---------------------------------------------------------------------------------------------
# 4. Concealed Hazards count inches travelled (R-HAZ-17)


def test_r_haz_17_concealed_roll_counts_inches_travelled_not_move_spent():
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (2, 5), carrying_heavy=True)  # Half Speed: 2 Move per inch
    hs.add_unit(state, "z", "blue", (11, 11))
    hs.add_field(state, "mines", "concealed", [(3, 5), (4, 5)], dice="1d6")
    g = Game(state, ScriptedDice([2, 1, 1]))  # Action roll 2 vs 2" travelled in the field
    g.move("a", (4, 5))
    roll = next(e for e in g.events if e.kind == "concealed_roll")
    assert roll.inches == 2 and roll.outcome == "safe"
    assert "concealed_triggered" not in kinds(g) and g.unit("a").pos == (4, 5)
    assert g.unit("a").move_spent == 4


# ---------------------------------------------------------------------------------------------
# 5. Objects suffer Exposure (R-FIRE-2, R-HAZ-8, G-18)


def crate_state(crate_owner: str | None, fire_owner: str | None) -> GameState:
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (0, 0))
    hs.add_unit(state, "z", "blue", (11, 11))
    hs.add_object(state, "crate", [(5, 5)], size=1, weight=0.5, owner=crate_owner, armor="1", block=False)
    hs.add_fire(state, "lava", None, [(5, 5), (6, 5)], 2, permanent="molten", owner=fire_owner)
    return state


def test_r_fire_2_an_object_in_a_permanent_fire_burns_at_its_owners_turn():
    g = Game(crate_state("blue", "red"), ScriptedDice([3, 1, 3, 1, 1, 1, 1]))
    g.end_turn()  # red's turn: the crate belongs to blue
    assert not any(e.kind == "hazard_exposure" for e in g.events)
    g.end_turn()  # blue's turn ends: Exposure 2d4 (capped by Size 2" of lava: R-HAZ-4)
    exposure = next(e for e in g.events if e.kind == "hazard_exposure")
    assert exposure.target == "crate" and exposure.source == "lava" and exposure.damage == 4
    assert g.state.objects["crate"].destroyed


def test_r_haz_8_an_unaligned_object_is_exposed_at_the_turn_of_the_player_who_set_the_hazard():
    g = Game(crate_state(None, "blue"), ScriptedDice([1, 1, 1, 1, 1, 1]))
    g.end_turn()
    assert not any(e.kind == "hazard_exposure" for e in g.events)
    g.end_turn()
    assert [e.target for e in g.events if e.kind == "hazard_exposure"] == ["crate"]


def test_r_haz_8_objects_in_an_exposure_field_are_exposed_once_per_round():
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (0, 0))
    hs.add_unit(state, "z", "blue", (11, 11))
    hs.add_object(state, "crate", [(5, 5)], size=1, weight=0.5, armor="9", block=False)
    hs.add_field(state, "acid_pool", "exposure", hs.rect(4, 4, 3, 3), dice="1d6")
    g = Game(state, ScriptedDice([2, 1, 2, 1, 2, 1, 2, 1]))
    for _ in range(4):  # two rounds: exposed at the end of red's (first player's) turns only
        g.end_turn()
    assert [e.target for e in g.events if e.kind == "hazard_exposure"] == ["crate", "crate"]


# ---------------------------------------------------------------------------------------------
# 6. Full-Round rolls earn the Overskill Benny; Critical Failure on ice Disrupts (R-ACT-4, R-HAZ-14)


def lone_pair(**unit) -> GameState:
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (5, 5), **unit)
    hs.add_unit(state, "z", "blue", (11, 11))
    return state


def test_r_act_4_full_round_overskill_benny_makes_a_use_8_task_possible():
    g = Game(lone_pair(), ScriptedDice([6, 3]))  # natural 6 → Benny → +1d6 = 3: 9 vs Use 8
    g.act("a", FullRound("Olympic gymnastics", 1, "heroic"))
    started = next(e for e in g.events if e.kind == "full_round")
    assert started.use == 8 and started.success and started.roll["total"] == 9


def test_r_dice_8b_full_round_benny_unused_when_the_roll_already_succeeds():
    g = Game(lone_pair(), ScriptedDice([6]))
    g.act("a", FullRound("Mix drinks", 1, "normal"))
    started = next(e for e in g.events if e.kind == "full_round")
    assert started.success and started.roll["total"] == 6


def test_r_haz_14_full_round_critical_failure_on_ice_disrupts():
    state = lone_pair()
    hs.add_field(state, "ice", "slippery", hs.rect(4, 4, 3, 3), dice="1d6")
    g = Game(state, ScriptedDice([2, 1]))  # 2" finding its feet (no momentum), then Skill 1
    g.act("a", FullRound("Repair the radio", 1, "normal"))
    assert g.unit("a").disrupted and "disrupted" in kinds(g)


# ---------------------------------------------------------------------------------------------
# 7. Slow and Spiked fields hold units that start inside (R-HAZ-12, R-HAZ-15)


def test_r_haz_12_slow_field_slows_a_unit_that_starts_its_turn_inside():
    state = lone_pair()
    hs.add_field(state, "glue", "slow", [(4, 5), (5, 5), (6, 5)], dice="1d6")
    g = Game(state, ScriptedDice([3]))
    g.move("a", (8, 5))  # 3" path; 3" of glue leave 2" of Move
    slow = next(e for e in g.events if e.kind == "hazard_move")
    assert slow.effect == "slow" and slow.inches == 3
    assert g.unit("a").pos == (7, 5) and g.unit("a").move_left == 0


def test_r_haz_12_a_slow_roll_eating_the_whole_move_gives_no_free_first_step():
    state = lone_pair()
    hs.add_field(state, "glue", "slow", [(4, 5), (5, 5), (6, 5)], dice="1d6")
    g = Game(state, ScriptedDice([5]))  # 5" of glue against Move 5: nothing left for a step
    g.move("a", (8, 5))
    assert [e.inches for e in g.events if e.kind == "hazard_move"] == [5]
    assert g.unit("a").pos == (5, 5) and g.unit("a").move_left == 0


def test_r_haz_15_spiked_field_hurts_a_unit_that_starts_its_turn_inside():
    state = lone_pair()
    hs.add_field(state, "wire", "spiked", [(5, 5)], dice="1d6")
    g = Game(state, ScriptedDice([5]))  # 5 Damage vs Armor 4: killed
    g.move("a", (6, 5))
    exposure = next(e for e in g.events if e.kind == "hazard_exposure")
    assert exposure.target == "a" and exposure.source == "wire"
    assert not g.unit("a").alive


def test_r_haz_15_spiked_field_hurts_a_unit_stepping_in_on_the_last_step_of_its_path():
    state = lone_pair()
    hs.add_field(state, "wire", "spiked", [(7, 5)], dice="1d6")
    g = Game(state, ScriptedDice([5]))
    g.move("a", (7, 5))
    assert [e.target for e in g.events if e.kind == "hazard_exposure"] == ["a"]


def test_r_haz_12_glue_entered_at_the_end_of_one_move_slows_the_next_move():
    state = lone_pair()
    hs.add_field(state, "glue", "slow", [(6, 5), (7, 5)], dice="1d6")
    g = Game(state, ScriptedDice([2]))
    g.move("a", (6, 5))  # 1" into the glue: 2" of Move lost
    assert g.unit("a").move_left == 2
    g.move("a", (8, 5))
    assert g.unit("a").pos == (8, 5) and g.unit("a").move_left == 0
    with pytest.raises(IllegalOrder):
        g.move("a", (9, 5))


# ---------------------------------------------------------------------------------------------
# 8. Smoke height (R-HAZ-7, GRID-5)


@pytest.mark.parametrize(("height", "blocks"), [(0, False), (1, True), (5, True), (None, True)])
def test_r_haz_7_smoke_lower_than_the_sight_line_does_not_block(height, blocks):
    state = duel((6, 5), saved_action=False)
    hs.add_field(state, "smoke", "smoke", [(4, 5)], height=height)
    g = Game(state, ScriptedDice([4, 6, 1]))
    if blocks:
        with pytest.raises(IllegalOrder, match="line of sight"):
            g.act("wayne", Attack("pistol", "shaun"))
    else:
        g.act("wayne", Attack("pistol", "shaun"))
        assert "attacked" in kinds(g)


def test_r_haz_7_smoke_on_low_ground_is_seen_over_from_a_hill():
    state = duel((6, 5), saved_action=False)
    state.grid.elevation[:, :3] = 6  # Wayne stands 2" up
    state.grid.elevation[:, 6:] = 6  # and so does Shaun: the line runs 3" above the valley
    hs.add_field(state, "smoke", "smoke", [(4, 5)], height=2)
    g = Game(state, ScriptedDice([4, 6, 1]))
    g.act("wayne", Attack("pistol", "shaun"))
    assert "attacked" in kinds(g)


@pytest.mark.parametrize(("smoke_at", "blocks"), [((3, 5), False), ((6, 5), True)])
def test_r_haz_7_smoke_blocks_where_the_sloping_line_passes_through_it(smoke_at, blocks):
    state = duel((7, 5), saved_action=False)
    state.grid.elevation[:, :3] = 60  # Wayne on a 20" tower: his eye 21", Shaun's 1"
    hs.add_field(state, "smoke", "smoke", [smoke_at], height=5)  # 5" deep
    g = Game(state, ScriptedDice([4, 6, 1]))
    # at (3, 5) the line is 17" up, far over the smoke; at (6, 5) it is down to 5": inside it
    if blocks:
        with pytest.raises(IllegalOrder, match="line of sight"):
            g.act("wayne", Attack("pistol", "shaun"))
    else:
        g.act("wayne", Attack("pistol", "shaun"))
        assert "attacked" in kinds(g)


# ---------------------------------------------------------------------------------------------
# 9. Bail at Half Speed (R-RESP-7)


def test_r_resp_7_bail_from_mud_is_halved():
    state = duel()
    state.grid.half_speed[5, 7] = True  # Shaun stands in mud
    g = Game(state, ScriptedDice([4, 2, 1, 1]), policy=Answers(attack_response="bail"))
    g.act("wayne", Attack("pistol", "shaun"))
    assert next(e for e in g.events if e.kind == "bailed").inches == 2


def test_r_resp_7_burdened_unit_drops_its_load_and_bails_the_full_distance():
    state = duel(carrying_heavy=True)
    policy = Answers(attack_response="bail")
    g = Game(state, ScriptedDice([4, 2, 1, 1]), policy=policy)
    g.act("wayne", Attack("pistol", "shaun"))
    assert "burden_dropped" in kinds(g) and not g.unit("shaun").carrying_heavy
    assert next(e for e in g.events if e.kind == "bailed").inches == 4
    assert next(r for r in policy.asked if r.question == "drop_burden").default == "drop"


def test_r_resp_7_heavy_armor_is_kept_by_default_and_the_bail_is_halved():
    g = Game(duel(heavy_armor=True), ScriptedDice([4, 2, 1, 1]), policy=Answers(attack_response="bail"))
    g.act("wayne", Attack("pistol", "shaun"))
    assert "burden_dropped" not in kinds(g) and g.unit("shaun").heavy_armor
    assert next(e for e in g.events if e.kind == "bailed").inches == 2
