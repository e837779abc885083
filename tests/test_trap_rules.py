"""R-TRAP-1..5: Triggers and Weapon Traps with scripted dice."""

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.hazards.sandbox import add_field, add_object, add_trap, add_unit, blank_state, rect
from brikwars_gui.engine.hazards.traps import interact, reset_trap
from brikwars_gui.engine.state import WeaponState


def _crossbow():
    return WeaponState("crossbow", "ranged", 3, 8, "1d6")


def _ctx(state, faces=()):
    return RulesContext(state, ScriptedDice(list(faces)))


def test_r_trap_1_2_5_object_trigger_fires_a_single_use_d4_weapon_trap() -> None:
    state = blank_state()
    add_object(state, "door", [(5, 5)], size=1, weight=1)
    thief = add_unit(state, "thief", "red", (5, 6))
    trap = add_trap(state, "xbow", "door", weapon=_crossbow(), at=(5, 9))
    ctx = _ctx(state, [3, 5])  # Action d4 = 3 ≥ Use 3: hit; 1d6 = 5 > Armor 4
    (fired,) = interact(ctx, "thief", "door")
    assert fired.hit and fired.damage == 5 and not thief.alive
    assert not trap.armed and interact(ctx, "thief", "door") == []  # single use (R-TRAP-5)


def test_r_trap_2_specific_interactions_only() -> None:
    state = blank_state()
    add_object(state, "keypad", [(5, 5)], size=0, weight=0.5)
    add_unit(state, "m", "red", (5, 6))
    add_trap(state, "gun", "keypad", weapon=_crossbow(), at=(5, 8), interaction="wrong code")
    ctx = _ctx(state, [2])
    assert interact(ctx, "m", "keypad", "1234") == []
    (fired,) = interact(ctx, "m", "keypad", "wrong code")
    assert not fired.hit  # 2 < Use 3


def test_r_trap_4_concealed_triggers_aim_at_the_trip_spot() -> None:
    state = blank_state()
    add_field(state, "plates", "concealed", rect(4, 0, 3, 12), dice="1d6", payload="move")
    add_trap(state, "dart", "plates", weapon=WeaponState("dart", "ranged", 2, 4, "1d6"), at=None)
    unit = add_unit(state, "m", "red", (1, 5), move=10)
    ctx = _ctx(state, [1, 2, 2, 5])  # Critical Failure → spot (4,5); slow 2"; dart d4 2 ≥ 2; 1d6 5
    phase.resolve_path(ctx, unit, [(x, 5) for x in range(1, 8)])
    fired = next(e for e in ctx.events if e.kind == "trap_fired")
    assert fired.at == (4, 5) and fired.target == "m" and fired.hit and not unit.alive


def test_r_trap_5_technician_resets_a_trap_smart_traps_rearm_each_turn() -> None:
    state = blank_state()
    add_object(state, "lever", [(5, 5)], size=1, weight=1)
    add_unit(state, "a", "red", (5, 6), armor="20")
    tech = add_unit(state, "tech", "blue", (9, 9))
    dumb = add_trap(state, "dumb", "lever", weapon=_crossbow(), at=(9, 8))
    add_trap(state, "smart", "lever", weapon=_crossbow(), at=(8, 8), smart=True, action=6)
    ctx = _ctx(state, [1, 2])
    assert len(interact(ctx, "a", "lever")) == 2
    ctx.dice = ScriptedDice([])
    assert interact(ctx, "a", "lever") == []  # both spent this turn
    assert reset_trap(ctx, "tech", "dumb") and dumb.armed and tech.action_used
    phase.start_of_player_turn(ctx, "red")
    ctx.dice = ScriptedDice([1, 1])
    assert {e.trap for e in interact(ctx, "a", "lever")} == {"dumb", "smart"}
    assert not reset_trap(ctx, "tech", "smart")  # a Smart Weapon needs no technician


def test_r_trap_4_r_fire_3_fire_traps_ignite_with_the_whole_bonus_chain() -> None:
    state = blank_state()
    add_object(state, "door", [(5, 5)], size=1, weight=1)
    ogre = add_unit(state, "ogre", "red", (5, 6), weight=5, armor="20")
    jet = WeaponState("flame jet", "ranged", 3, 8, "1d4", damage_type="fire")
    add_trap(state, "jet", "door", weapon=jet, at=(5, 8))
    ctx = _ctx(state, [3, 4, 3])  # hit; d4 4 → Bonus d6 3: one ignition die of 7 > Weight 5
    (fired,) = interact(ctx, "ogre", "door")
    assert fired.hit and fired.damage == 7
    assert ogre.fire_size == 1 and any(e.kind == "fire_ignited" for e in ctx.events)


def test_r_trap_4_g_12_explosive_traps_explode_at_the_spot() -> None:
    state = blank_state()
    add_object(state, "door", [(5, 5)], size=1, weight=1)
    add_unit(state, "thief", "red", (5, 6), armor="20")
    pal = add_unit(state, "pal", "red", (5, 8), armor="20")  # 2" from the spot: in the blast
    far = add_unit(state, "far", "red", (5, 9), armor="20")
    bomb = WeaponState("bomb", "ranged", 2, 3, "1d10", damage_type="explosive")
    add_trap(state, "bomb", "door", weapon=bomb, at=(5, 5))
    ctx = _ctx(state, [2, 3, 9])  # hit; 1d10 = 3: radius 2" (G-12); the door's Armor d10 9
    interact(ctx, "thief", "door")
    blast = next(e for e in ctx.events if e.kind == "exploded")
    assert blast.at == (5, 6) and blast.radius == 2 and blast.victims == ("pal", "thief", "door")
    assert pal.disrupted and not far.disrupted
