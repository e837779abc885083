"""Tactical AI behaviours through `Game` orders: putting fire out (G-23, R-FIRE-11), not waiting
out a side that sits on its saved Actions (R-RESP-1), its Response policy (R-MOVE-5)."""

from __future__ import annotations

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics import TacticalAI, preset
from brikwars_gui.engine.tactics.player import standoff
from brikwars_gui.engine.tactics.policy import with_tactical_responses


def _rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def test_g_23_a_burning_unit_with_nothing_to_shoot_rolls_on_the_ground():
    state = hs.blank_state(40, 12)
    hs.add_unit(state, "a", "red", (3, 5), weapons=[_rifle()])
    hs.add_unit(state, "z", "blue", (36, 5), weapons=[_rifle()])
    hs.add_fire(state, "f", "a", [(3, 5)], 1)
    g = Game(state, SeededDice(1))
    decision = TacticalAI(preset("normal")).play_unit(g, "a")
    assert decision is not None and decision.kind == "firefight"
    assert "rolls on the ground" in decision.text
    assert g.unit("a").action_used
    assert any(e.kind == "order" and e.args.get("kind") == "roll_on_ground" for e in g.events)


def test_r_fire_11_a_unit_with_a_bucket_puts_out_a_burning_friend():
    state = hs.blank_state(40, 12)
    hs.add_unit(state, "a", "red", (3, 5), weapons=[_rifle()], apparatus=1)
    hs.add_unit(state, "b", "red", (4, 5), weapons=[_rifle()])
    hs.add_unit(state, "z", "blue", (36, 5), weapons=[_rifle()])
    hs.add_fire(state, "f", "b", [(4, 5)], 1)
    g = Game(state, SeededDice(3))
    decision = TacticalAI(preset("normal")).play_unit(g, "a")
    assert decision is not None and "fights the fire on b" in decision.text, decision
    assert "f" not in g.state.fires or g.state.fires["f"].size == 0


def test_r_resp_1_standoff_grows_while_the_enemy_sits_on_its_actions():
    """A side that gives no orders keeps every Action for a Response and never comes: after two
    such turns the AI stops waiting for it (`standoff` 1.0); one move by it resets the count."""
    state = hs.blank_state(40, 12)
    hs.add_unit(state, "a", "red", (3, 5), weapons=[_rifle()])
    hs.add_unit(state, "z", "blue", (36, 5), weapons=[_rifle()])
    g = Game(state, SeededDice(1))
    assert standoff(g) == 0.0
    g.end_turn()  # red
    g.end_turn()  # blue sits
    assert standoff(g) == 0.5
    g.end_turn()
    g.end_turn()  # blue sits again
    assert standoff(g) == 1.0
    g.end_turn()
    g.move("z", (34, 5))  # blue comes
    g.end_turn()
    assert standoff(g) == 0.0


def _entering(tactical: bool, use: int) -> list:
    state = hs.blank_state(40, 12)
    rifle = WeaponState("rifle", "ranged", use, 10, "1d6+1")
    hs.add_unit(state, "a", "red", (3, 5), facing="E", weapons=[rifle])
    hs.add_unit(state, "z", "blue", (18, 5), facing="W", weapons=[_rifle()])
    g = Game(state, SeededDice(4))
    if tactical:
        with_tactical_responses(g, ["red"])
    g.end_turn()  # red keeps its Action for a Response (R-RESP-1)
    g.move("z", (13, 5))  # enters the rifle's Range (R-MOVE-5)
    return [(e.unit, e.answer) for e in g.events if e.kind == "decided" and e.question == "shoot"]


def test_r_move_5_the_tactical_policy_keeps_the_action_rather_than_take_a_poor_shot():
    assert _entering(False, 7) == [("a", "attack:rifle")]  # the rules' default: shoot
    assert _entering(True, 7) == [("a", "decline")]  # under 25% to hit: wait for its attack
    assert _entering(True, 3) == [("a", "attack:rifle")]  # a fair shot is taken
