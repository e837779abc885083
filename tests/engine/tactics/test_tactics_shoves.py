"""The tactical AI's Shoves (R-MOVE-15, G-11) through `Game` orders on small purpose-built
battlefields: it shoves an enemy into fire, onto a concealed field it knows, a burdened one into
water, or out of cover for a friend, when that is worth more than its best attack; never into a
blast that reaches itself; and its explanation's odds are the rules' (checked over seeded games)."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.common import two_armed_problem
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState, WeaponState
from brikwars_gui.engine.tactics import TacticalAI, preset


def _knife() -> WeaponState:
    return WeaponState("knife", "close", 2, None, "1d4")


def _rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def _duel(width: int = 20) -> GameState:
    """Sapper Moss (red, a knife: a poor attack on Armor 4) next to Gill (blue) on his east."""
    state = hs.blank_state(width, 9)
    hs.add_unit(state, "m", "red", (5, 4), name="Moss", weapons=[_knife()])
    hs.add_unit(state, "g", "blue", (6, 4), name="Gill", weapons=[_knife()])
    return state


def _fire_game(east: bool, seed: int = 1) -> Game:
    """A fuel fire (R-FIRE-2: 2d4 Exposure) two cells east of Gill, or behind Moss."""
    state = _duel()
    x = 8 if east else 2
    hs.add_fire(state, "f", None, [(x, 3), (x, 4), (x, 5)], 3, permanent="fuel")
    return Game(state, SeededDice(seed))


def _acts(game: Game, unit: str) -> list[dict]:
    return [e.args for e in game.events if e.kind == "order" and e.unit == unit and e.order == "act"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_r_move_15_the_ai_shoves_an_enemy_into_the_fire(level):
    game = _fire_game(east=True)
    decision = TacticalAI(preset(level)).play_unit(game, "m")
    assert decision is not None and decision.kind == "shove"
    assert decision.text == "Moss shoves Gill into the fire: 83% to push, 52% to kill if it stays there"
    assert _acts(game, "m") == [{"kind": "shove", "target": "g"}]
    gill = game.unit("g")
    assert gill.pos == (8, 4) and gill.disrupted  # slid 2" into the fire (G-11), knocked over


def test_g_16_a_hidden_unit_in_the_slide_does_not_change_the_ais_choice():
    """The AI plans the slide as its side expects it (units it does not see do not stop it), so
    what it does gives away nothing of a Hidden blue unit between Gill and the fire; the engine
    then stops Gill before that unit and reveals it."""
    plain = TacticalAI(preset("normal")).play_unit(_fire_game(east=True), "m")
    game = _fire_game(east=True)
    hs.add_unit(game.state, "h", "blue", (7, 4), name="Hidden Eel", hidden=True)
    game = Game(game.state, SeededDice(1))
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and plain is not None
    assert decision.kind == plain.kind == "shove" and decision.text == plain.text
    assert _acts(game, "m") == [{"kind": "shove", "target": "g"}]
    assert game.unit("g").pos == (6, 4) and not game.unit("h").hidden  # stopped, Eel revealed


def test_r_move_15_with_the_fire_behind_it_the_ai_strikes_instead():
    game = _fire_game(east=False)
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind != "shove"
    assert all(a["kind"] == "attack" for a in _acts(game, "m"))


def test_r_move_15_the_fire_odds_it_states_are_the_rules():
    """"52% to kill if it stays there": Moss's Shove (Skill d6 vs Use 2, 5/6) times the fuel
    fire's 2d4 Exposure beating Armor 4 at the end of Gill's turn (A-4, G-18) when Gill stays —
    over 240 seeded games where blue gives no orders (its Disrupted unit stays where it fell)."""
    games = 240
    killed = 0
    for seed in range(games):
        game = _fire_game(east=True, seed=seed)
        TacticalAI(preset("normal")).play_unit(game, "m")
        game.end_turn()  # red
        game.end_turn()  # blue sits in the fire: Exposure at the end of its turn
        killed += not game.unit("g").alive
    assert abs(killed / games - 0.52) < 0.1, killed  # 3 standard errors


def _water_game(burdened: bool, seed: int = 1) -> Game:
    state = _duel()
    state.grid.water[:, 8:11] = True
    state.units["g"].body_armor = burdened
    return Game(state, SeededDice(seed))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_g_17_the_ai_shoves_a_burdened_enemy_into_water_to_drown(level):
    game = _water_game(burdened=True)
    decision = TacticalAI(preset(level)).play_unit(game, "m")
    assert decision is not None and decision.kind == "shove"
    assert decision.text == "Moss shoves Gill into the water: 83% to push, 28% to kill"
    assert game.unit("g").pos == (8, 4)


def test_g_17_an_enemy_that_can_swim_is_not_shoved_into_water():
    game = _water_game(burdened=False)
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind != "shove"


def test_g_17_the_drowning_odds_it_states_are_the_rules():
    """"28% to kill": the Shove (5/6) times the drowning check at the end of Gill's turn (Skill
    d6 vs 3 fails on 1–2: 1/3), over 300 seeded games played through Game orders."""
    games = 300
    drowned = 0
    for seed in range(games):
        game = _water_game(burdened=True, seed=seed)
        TacticalAI(preset("normal")).play_unit(game, "m")
        game.end_turn()
        game.end_turn()  # blue's turn ends with Gill immobilized in the water (R-MOVE-10)
        drowned += not game.unit("g").alive
    assert abs(drowned / games - 5 / 6 / 3) < 0.08


def _mine_game(wall: bool, *, stuck: bool) -> Game:
    """Red's own explosive minefield (1d10 Exp, G-12: 2" blast) two cells east of Gill, Hake
    beside it; with `wall` the slide stops on the field's first column, 2" from Moss — in the
    blast. `stuck`: Moss has no Move left (he cannot step aside first)."""
    state = _duel()
    hs.add_unit(state, "h", "blue", (9, 3), name="Hake", weapons=[_knife()])
    cells = [(x, y) for x in (7, 8) for y in (3, 4, 5)]
    hs.add_field(state, "mines", "concealed", cells, dice="1d10", damage_type="explosive", owner="red")
    if wall:
        hs.add_object(state, "wall", [(8, 3), (8, 4), (8, 5)], size=3, weight=3)
    game = Game(state, SeededDice(1))
    if stuck:
        game.unit("m").move_spent = game.unit("m").move
    return game


def test_r_haz_19_the_ai_shoves_an_enemy_onto_its_own_minefield():
    game = _mine_game(wall=False, stuck=True)
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind == "shove"
    assert decision.text.startswith("Moss shoves Gill onto the concealed mines: 83% to push")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_g_12_never_a_shove_whose_blast_would_reach_the_shover(level):
    game = _mine_game(wall=True, stuck=True)
    decision = TacticalAI(preset(level)).play_unit(game, "m")
    assert decision is not None and decision.kind != "shove"
    assert not [a for a in _acts(game, "m") if a["kind"] == "shove"]


def test_g_12_free_to_move_it_steps_aside_to_shove_out_of_the_blast():
    """From (5, 5) Gill slides diagonally to (7, 3): the blast's 2" no longer reach Moss."""
    game = _mine_game(wall=True, stuck=False)
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind == "shove"
    assert game.unit("m").pos == (5, 5)


def _cover_game(with_rifleman: bool) -> Game:
    """Gill stands west of a wall that hides him from Reed's rifle; a Shove south puts him in
    Reed's sight."""
    state = hs.blank_state(20, 9)
    hs.add_object(state, "wall", [(7, y) for y in range(0, 5)], size=3, weight=3)
    hs.add_unit(state, "m", "red", (6, 2), name="Moss", weapons=[_knife()])
    hs.add_unit(state, "g", "blue", (6, 3), name="Gill", weapons=[_knife()])
    if with_rifleman:
        hs.add_unit(state, "r", "red", (12, 3), name="Reed", weapons=[_rifle()])
    return Game(state, SeededDice(1))


def test_r_move_15_the_ai_shoves_an_enemy_out_of_cover_and_a_friend_shoots_it():
    game = _cover_game(with_rifleman=True)
    ai = TacticalAI(preset("normal"))
    ai.play_turn(game)
    first, second = ai.decisions[:2]
    assert first.unit == "m" and first.kind == "shove"
    assert first.text.startswith("Moss shoves Gill out of cover for Reed: 83% to push, then ")
    assert game.unit("g").pos == (6, 5)
    assert second.unit == "r" and second.target == "g"
    assert [a["target"] for a in _acts(game, "r")] == ["g"]


def test_r_move_15_no_friend_to_shoot_no_shove_out_of_cover():
    game = _cover_game(with_rifleman=False)
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind != "shove"


def _river_game(*, knife: bool = False, burning: bool = False) -> Game:
    """Unarmed Moss (or with a knife) next to rifleman Gill; a river (water, a current south)
    two cells east of Gill."""
    state = hs.blank_state(20, 9)
    hs.add_unit(state, "m", "red", (5, 4), name="Moss", weapons=[_knife()] if knife else [])
    hs.add_unit(state, "g", "blue", (6, 4), name="Gill", weapons=[_rifle()])
    state.grid.water[:, 8:11] = True
    river = [(x, y) for x in range(8, 11) for y in range(9)]
    hs.add_field(state, "river", "current", river, dice="1d6", direction="S", name="River current")
    if burning:
        hs.add_fire(state, "f", "g", [(6, 4)], 1)
    return Game(state, SeededDice(1))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_r_move_4_the_ai_shoves_an_enemy_into_the_river_where_it_cannot_shoot(level):
    """Normal and Hard weigh the enemy's next turn (Easy does not): Gill, swimming, makes no
    attack (R-MOVE-4) — on blue's turn the rules offer him none."""
    game = _river_game()
    decision = TacticalAI(preset(level)).play_unit(game, "m")
    assert decision is not None and decision.kind == "shove"
    assert decision.text.startswith(
        "Moss shoves Gill into the River current: 83% to push; it cannot attack while it swims"
    )
    game.end_turn()
    gill = game.unit("g")
    assert game.active_player == "blue" and two_armed_problem(game.state, gill)  # swimming
    assert not [o for o in game.legal_actions("g") if o.kind == "attack"]


def test_r_move_4_a_strike_is_worth_more_than_a_swim():
    game = _river_game(knife=True)
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is not None and decision.kind != "shove"


def test_r_fire_11_a_burning_enemy_is_not_shoved_into_the_water_that_puts_it_out():
    game = _river_game(burning=True)
    decision = TacticalAI(preset("normal")).play_unit(game, "m")
    assert decision is None or decision.kind != "shove"
