"""The tactical AI and Traps (R-TRAP-1..5) through `Game` orders on small purpose-built
battlefields: it Operates a trigger when the Trap's blast hurts enemies more than its own side,
not when it would hurt its side as much, never a Trap its side does not know (R-TRAP-3); and it
Resets a spent Trap of its side when an enemy can reach the trigger next turn."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics import TacticalAI, preset


def _rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def _lever_game(
    enemies: int = 3, *, owner: str = "red", hidden: bool = False, friend: tuple[int, int] | None = None
) -> Game:
    """A lever wired to a bomb Trap (1d10 Exp, G-12: 2" blast) that fires at whoever pulls it
    (R-TRAP-2); `enemies` blue riflemen stand just beyond the lever, Moss (red) 4 cells west."""
    state = hs.blank_state(20, 9)
    hs.add_object(state, "lever", [(8, 4)], size=1, weight=1, block=False, kind="lever", name="Lever")
    bomb = WeaponState("bomb", "ranged", 2, 3, "1d10", damage_type="explosive")
    hs.add_trap(state, "bomb", "lever", name="Bomb", weapon=bomb, at=(8, 4), owner=owner, hidden=hidden)
    hs.add_unit(state, "m", "red", (4, 4), name="Moss", weapons=[_rifle()])
    for i, pos in enumerate([(10, 4), (10, 5), (10, 3)][:enemies]):
        hs.add_unit(state, f"e{i}", "blue", pos, name=f"E{i}", weapons=[_rifle()])
    if friend is not None:
        hs.add_unit(state, "f", "red", friend, name="Fen", weapons=[_rifle()])
    return Game(state, SeededDice(1))


def _operated(game: Game) -> list[dict]:
    return [e.args for e in game.events if e.kind == "order" and e.args.get("kind") == "operate"]


LEVELS = pytest.mark.parametrize("level", ["easy", "normal", "hard"])


@LEVELS
def test_r_trap_2_the_ai_pulls_a_lever_whose_bomb_catches_three_enemies(level):
    game = _lever_game()
    decision = TacticalAI(preset(level)).play_unit(game, "m")
    assert decision is not None and decision.kind == "operate"
    assert decision.text.startswith(
        "Moss moves to (9, 4) and operates Lever to fire Bomb at its own feet: 75% to fire, "
        "1.6 enemy losses expected against 0.5 of its own side"
    )
    assert _operated(game) == [{"kind": "operate", "object": "lever", "interaction": None}]
    fired = [e for e in game.events if e.kind == "trap_fired"]
    assert [(e.trap, e.target) for e in fired] == [("bomb", "m")]  # R-TRAP-2: at the operator
    assert not game.state.traps["bomb"].armed


@LEVELS
def test_r_trap_2_not_when_the_bomb_would_hurt_its_own_side_as_much(level):
    """One enemy by the lever: Moss and it would suffer alike — no Operate, it shoots instead."""
    game = _lever_game(enemies=1)
    decision = TacticalAI(preset(level)).play_unit(game, "m")
    assert decision is not None and decision.kind != "operate"
    assert not _operated(game)


def test_r_trap_2_friends_in_the_blast_count_against_it():
    """Fen stands at (10, 3) beside E0 and E1: pulling the lever from (9, 4) would catch him too
    (G-12: 2"), so Moss pulls it from (9, 5), where the blast takes E0 and E1 but spares Fen."""
    game = _lever_game(enemies=2, friend=(10, 3))
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind == "operate"
    assert game.unit("m").pos == (9, 5)
    exploded = next(e for e in game.events if e.kind == "exploded")
    assert "f" not in exploded.victims and {"e0", "e1", "m"} <= set(exploded.victims)


def test_r_trap_3_a_secret_trap_of_the_enemy_is_never_operated():
    """The same bomb, but blue's and hidden: red does not know the lever is wired."""
    game = _lever_game(owner="blue", hidden=True)
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind != "operate"
    assert not _operated(game)


def test_r_trap_3_an_open_trap_of_the_enemy_may_be_turned_on_it():
    game = _lever_game(owner="blue", hidden=False)
    assert TacticalAI(preset("normal")).play_unit(game, "m").kind == "operate"


def _reset_game(enemy_x: int, owner: str = "red") -> Game:
    """A spent crossbow Trap (R-TRAP-5) at (7, 4) wired to a concealed pressure-plate field
    across the board (x 9–10, R-TRAP-4); Moss (red, a knife) 2 cells from it; Zed (blue) east."""
    state = hs.blank_state(30, 9)
    cells = [(x, y) for x in (9, 10) for y in range(9)]
    hs.add_field(state, "plates", "concealed", cells, dice="1d6", owner=owner, name="Plates")
    crossbow = WeaponState("crossbow", "ranged", 3, 8, "1d6+2")
    hs.add_trap(state, "xb", "plates", name="Crossbow", weapon=crossbow, at=(7, 4), owner=owner, armed=False)
    knife = WeaponState("knife", "close", 2, None, "1d4")
    hs.add_unit(state, "m", "red", (5, 4), name="Moss", weapons=[knife])
    hs.add_unit(state, "z", "blue", (enemy_x, 4), name="Zed", weapons=[_rifle()])
    return Game(state, SeededDice(1))


@LEVELS
def test_r_trap_5_the_ai_resets_its_spent_trap_when_the_enemy_is_coming(level):
    game = _reset_game(enemy_x=12)
    decision = TacticalAI(preset(level)).play_unit(game, "m")
    assert decision is not None and decision.kind == "reset"
    assert "resets Crossbow: Zed can reach its trigger next turn" in decision.text
    assert max(abs(a - b) for a, b in zip(game.unit("m").pos, (7, 4), strict=True)) <= 1  # R-TRAP-5: 1"
    assert game.state.traps["xb"].armed
    assert game.unit("m").action_used


@LEVELS
def test_r_trap_5_no_reset_while_no_enemy_can_reach_the_trigger(level):
    game = _reset_game(enemy_x=25)
    decision = TacticalAI(preset(level)).play_unit(game, "m")
    assert decision is None or decision.kind != "reset"
    assert not game.state.traps["xb"].armed


def test_r_trap_5_the_enemys_spent_trap_is_left_alone():
    game = _reset_game(enemy_x=12, owner="blue")
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is None or decision.kind != "reset"
    assert not game.state.traps["xb"].armed


def test_r_trap_2_the_ai_gives_the_interaction_its_trap_needs():
    """A bomb that fires only on the code its owner set (R-TRAP-2): red's Moss operates the lever
    with that code; the rules then fire it."""
    game = _lever_game()
    game.state.traps["bomb"].interaction = "code 1234"
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind == "operate"
    assert _operated(game) == [{"kind": "operate", "object": "lever", "interaction": "code 1234"}]
    assert [e.trap for e in game.events if e.kind == "trap_fired"] == ["bomb"]


def test_r_trap_5_a_spent_plain_trap_is_not_operated_but_a_smart_one_is():
    """A plain Trap that has fired stays spent until reset; a Smart Weapon re-arms itself each turn
    (G-24): the AI pulls its lever again."""
    game = _lever_game()
    game.state.traps["bomb"].armed = False
    assert TacticalAI(preset("normal")).play_unit(game, "m").kind != "operate"
    smart = _lever_game()
    trap = smart.state.traps["bomb"]
    trap.smart, trap.armed, trap.last_fired_turn = True, False, smart.state.hazard.turn - 1
    assert TacticalAI(preset("normal")).play_unit(smart, "m").kind == "operate"
    assert [e.trap for e in smart.events if e.kind == "trap_fired"] == ["bomb"]
