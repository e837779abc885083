"""R-HAZ-21/22, G-8: Energy Shields."""

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.power import power_left
from brikwars_gui.engine.hazards.sandbox import add_field, add_unit, blank_state, rect
from brikwars_gui.engine.hazards.shields import deflect, shielded_expression


def _state():
    state = blank_state()
    add_field(state, "shield", "shield", rect(2, 2, 3, 3), dice="1d6+1d10")
    add_unit(state, "tank", "red", (3, 3), size=3, weight=3, power=6, living=False)
    return state


def test_r_haz_21_g_8_a_shield_die_cancels_one_matching_damage_die_per_turn() -> None:
    state = _state()
    ctx = RulesContext(state, ScriptedDice([]))
    assert deflect(ctx, "tank", [6, 6, 4, 10]) == [True, False, False, True]
    assert deflect(ctx, "tank", [6, 10]) == [False, False]  # spent this turn
    assert power_left(state, state.units["tank"]) == 4  # 1" of Power per shield die used
    phase.start_of_player_turn(ctx, "red")
    assert str(shielded_expression(ctx, "tank", "2d6+1")) == "1d6+1"


def test_r_haz_22_action_dice_weapons_are_blocked_by_shield_d6s() -> None:
    state = _state()
    ctx = RulesContext(state, ScriptedDice([]))
    assert deflect(ctx, "tank", [10], action_dice=True) == [True]  # a d10-swinging hero: d6 blocks
    assert any(e.kind == "shield_deflected" for e in ctx.events)


def test_r_haz_21_units_outside_the_shield_are_not_protected() -> None:
    state = _state()
    add_unit(state, "m", "red", (9, 9))
    ctx = RulesContext(state, ScriptedDice([]))
    assert deflect(ctx, "m", [6]) == [False]
