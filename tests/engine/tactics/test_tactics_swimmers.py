"""The tactical AI and swimmers (R-MOVE-4: a unit in water swims with both arms, none free for an
Attack — so it can neither answer with a saved Action nor strike first from there), through
`Game` orders: it shoots the swimmer whose saved Action cannot answer rather than the foe on the
bank whose can (R-RESP-5), and it does not hold its Action standing in the river."""

from __future__ import annotations

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.common import swimming
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics import TacticalAI, preset


def _rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def _wet(state, cells) -> None:  # type: ignore[no-untyped-def]
    for x, y in cells:
        state.grid.water[y, x] = True
        state.grid.half_speed[y, x] = True


def _duel(wet: bool) -> Game:
    """A rifleman with no Move left and an enemy rifleman 6" east holding its Action and facing
    him; with `wet` the enemy swims in the middle of a river three cells wide (no dry cell one
    Angry Inch away to step onto and shoot from, R-RESP-2)."""
    state = hs.blank_state(20, 12)
    if wet:
        _wet(state, [(x, y) for x in (10, 11, 12) for y in range(12)])
    hs.add_unit(state, "a", "red", (5, 5), weapons=[_rifle()], facing="E", move=0)
    hs.add_unit(state, "s", "blue", (11, 5), weapons=[_rifle()], facing="W", saved_action=True)
    return Game(state, SeededDice(3))


def test_r_move_4_the_ai_shoots_the_swimmer_that_cannot_shoot_back():
    """On the bank the enemy would shoot back at once (R-RESP-5: as good a shot as his own), so
    the rifleman keeps his Action; a swimmer with no dry ground to step onto cannot answer
    (R-MOVE-4), so he shoots it. The planner once counted the swimmer's answer too and held in
    both cases. (A swimmer beside the bank does answer, by an Angry Inch out of the water: the
    planner counts that one, `threat._dry_step`.)"""
    dry = _duel(wet=False)
    assert TacticalAI(preset("normal")).play_unit(dry, "a").kind == "hold"
    game = _duel(wet=True)
    assert swimming(game.state, game.unit("s"))
    decision = TacticalAI(preset("normal")).play_unit(game, "a")
    assert decision is not None and decision.target == "s", decision
    assert [(e.attacker, e.target) for e in game.events if e.kind == "attacked"] == [("a", "s")]
    assert not [e for e in game.events if e.kind == "responded"]


def test_r_move_4_a_close_fighter_does_not_hold_its_action_in_the_river():
    """A spearman on the west bank of a river two cells wide, an enemy swordsman across it: holding
    in the water (nearer, within the swordsman's walk) once scored a saved Action's worth, which a
    swimmer cannot spend; it now holds on dry ground."""
    state = hs.blank_state(24, 9)
    river = [(x, y) for x in (9, 10) for y in range(9)]
    _wet(state, river)
    spear = WeaponState("spear", "close", 3, None, "1d6+2")
    hs.add_unit(state, "c", "red", (6, 4), weapons=[spear], facing="E")
    sword = WeaponState("sword", "close", 2, None, "1d6+1")
    hs.add_unit(state, "g", "blue", (16, 4), weapons=[sword], facing="W")
    game = Game(state, SeededDice(2))
    decision = TacticalAI(preset("normal")).play_unit(game, "c")
    unit = game.unit("c")
    assert decision is not None and decision.kind == "hold", decision
    assert not swimming(game.state, unit), unit.pos
