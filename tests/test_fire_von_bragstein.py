"""EX-1 Von Bragstein Boiler-Mech, turn by turn with the example's exact dice (R-FIRE-3/4/5/8/9, A-1..4)."""

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.dice.brikwars import roll_expression
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.fire import damage_and_ignite, fires_on, is_burning
from brikwars_gui.engine.hazards.sandbox import add_object, add_unit, blank_state
from brikwars_gui.engine.rules.damage import armor_roll

BOILER, ROOF, ARM, COCKPIT = (2, 2), (3, 2), (2, 3), (3, 3)


def _mech_state():
    state = blank_state(8, 8, players=("vb", "foe"))
    # Size 4", Weight class 2 (EX-1); Armor (Weight)d10 = 2d10 (G-3). The pilot sits in the cockpit.
    add_object(state, "mech", [BOILER, ROOF, ARM, COCKPIT], size=4, weight=2, block=False, owner="vb")
    add_unit(state, "reichart", "vb", COCKPIT, hero=True, skill=10)
    return state


def test_ex_1_von_bragstein_boiler_mech_step_by_step() -> None:
    state = _mech_state()
    mech = state.objects["mech"]
    # 1. Boiler explosion 1d10+1d4: d10=5, d4=3 → Damage 8 vs Armor 2d10 = 6+6 = 12: no damage (G-3),
    #    but the d4's 3 > Weight class 2 ignites the mech: Fire Size 1" at the boiler (R-FIRE-3/4).
    dice = ScriptedDice([5, 3, 6, 6])
    ctx = RulesContext(state, dice)
    blast = roll_expression("1d10+1d4", dice, purpose="boiler explosion")
    assert blast.total == 8
    fire_die = [d.value for d in blast.dice if d.sides == 4]
    outcome = damage_and_ignite(ctx, "mech", blast.total, cause="boiler", fire_dice=fire_die, at=BOILER)
    assert outcome == "none"
    (fire,) = fires_on(state, "mech")
    assert (fire.size, fire.cells, mech.grinding, mech.effective_size) == (1, [BOILER], 0, 4)
    assert dice.remaining == 0

    # 2. Next turn: Burning Roll 1d4 = 3 > 2 → spread: Grinding 1, Fire Size 2" (R-FIRE-8/9).
    #    G-4: Grinding 1 vs a fresh Armor roll 2d10 − 1d4 (burning, R-FIRE-5) = 5+5−1 = 9: holds.
    ctx.dice = ScriptedDice([3, 5, 5, 1])
    phase.start_of_player_turn(ctx, "vb")
    assert (fire.size, mech.grinding) == (2, 1)
    assert len(fire.cells) == 2 and BOILER in fire.cells

    # 3. Turn 3: 2d4 = 1, 3 → the 1 dies down first, the 3 spreads (A-2): Size 2", Grinding 2.
    #    The oldest cell (the boiler) goes out (R-FIRE-12 rule) and the fire moves on.
    ctx.dice = ScriptedDice([1, 3, 5, 5, 1])
    phase.start_of_player_turn(ctx, "vb")
    assert (fire.size, mech.grinding) == (2, 2)
    assert BOILER not in fire.cells and BOILER in fire.burnt

    # 4. Turn 4: 2d4 = 3, 4 (no Bonus Die on the 4) → +2": Size 4" = the mech's Size, Grinding 4.
    ctx.dice = ScriptedDice([3, 4, 5, 5, 1])
    phase.start_of_player_turn(ctx, "vb")
    assert (fire.size, mech.grinding) == (4, 4)
    assert sorted(fire.cells) == sorted([BOILER, ROOF, ARM, COCKPIT])
    assert ctx.dice.remaining == 0

    # Derived: the mech rolls Armor −1d4 while burning (R-FIRE-5) ...
    ctx.dice = ScriptedDice([5, 5, 2])
    armor, text = armor_roll(ctx, "mech")
    assert armor == 8 and "R-FIRE-5" in text
    # ... the pilot in the cockpit takes the fire's 1d4 at the end of his turn (A-4, G-18) ...
    ctx.dice = ScriptedDice([2])
    phase.end_of_player_turn(ctx, "vb")
    exposure = [e for e in ctx.events if e.kind == "hazard_exposure"][-1]
    assert (exposure.target, exposure.damage) == ("reichart", 2)
    assert is_burning(state, "reichart")  # 2 > Weight ½: the pilot catches fire too (R-FIRE-3)
    # ... and the next Burning Roll of the mech is 4d4.
    state.fires.pop("fire:reichart")
    state.units["reichart"].fire_size = 0
    ctx.dice = ScriptedDice([2, 2, 2, 2, 5, 5])  # out: Armor without the −1d4
    phase.start_of_player_turn(ctx, "vb")
    roll = [e for e in ctx.events if e.kind == "burning_roll"][-1]
    assert roll.faces == (2, 2, 2, 2) and roll.size == 0
    assert not is_burning(state, "mech")
