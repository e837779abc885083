"""Hard chooses the enemy model of its play-outs from how the enemy has played (issue 25, sixth
session; `tactics/enemy_model.py`): it replays each enemy turn on a copy as Normal would have
played it and as the default AI would have, and once one of them ends clearly nearer where the
enemy's units really went, every draw of its play-outs replies as that one. Before, two draws of
three replied as Normal plans whoever the enemy was — a foe that walks into saved Actions
(R-RESP-4: the Responder strikes first) was judged by replies that never came."""

from __future__ import annotations

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import enemy_model
from brikwars_gui.engine.tactics.player import TacticalAI, make_player
from brikwars_gui.engine.tactics.presets import preset


def _spear_and_sword() -> Game:
    """Red's spearman and blue's swordsman 12" apart; red (Hard) plays first."""
    units = [
        sb.unit("cobb", "red", (4, 5), facing="E", weapons=[sb.SPEAR]),
        sb.unit("hake", "blue", (16, 5), facing="W", weapons=[sb.SWORD]),
    ]
    return Game.from_scenario(sb.scenario(units, width=24, height=10), seed=1, max_rounds=5)


def _after_blues_turn(blue: str) -> TacticalAI:
    """Hard plays red's turn, blue replies as `blue`, and Hard's next turn begins (and ends)."""
    game = _spear_and_sword()
    hard = TacticalAI(preset("hard"), 1)
    hard.play_turn(game)  # the spearman walks up and keeps its Action (R-RESP-1)
    assert hard._enemy_model(hard.dials(game)) is not None  # the mix: nothing seen yet
    make_player(blue, 1).play_turn(game)
    assert not game.over
    hard.play_turn(game)
    return hard


def test_r_resp_4_hard_models_a_foe_that_walked_into_its_saved_spear_as_the_default_ai():
    """The default AI's swordsman walked straight at the spearman and drew his saved Action first;
    Normal's would have stopped outside the reach. Hard's play-outs now see the default AI's reply
    in every draw (`_enemy_model` None: `rollout.replies`' default)."""
    hard = _after_blues_turn("default")
    watch = hard._watch
    assert watch.error[enemy_model.DEFAULT] + enemy_model.MARGIN <= watch.error[enemy_model.PLANNER]
    assert hard._enemy_model(hard.behaviour.with_(planner_replies=2)) is None


def test_hard_models_a_foe_that_kept_out_of_reach_as_normal_in_every_draw():
    """Blue played as Normal plans (it stopped outside the saved spear's reach): every draw of the
    play-outs now replies as Normal plans, none as the default AI that would have walked in."""
    hard = _after_blues_turn("normal")
    watch = hard._watch
    assert watch.error[enemy_model.PLANNER] + enemy_model.MARGIN <= watch.error[enemy_model.DEFAULT]
    model = hard._enemy_model(hard.behaviour.with_(planner_replies=2))
    assert model is not None and all(model(k) is not None for k in range(3))


def test_the_watch_ignores_a_kept_copy_of_another_game():
    """A copy kept from one game is never compared with another (an undo, a new battle)."""
    first, second = _spear_and_sword(), _spear_and_sword()
    watch = enemy_model.EnemyWatch(1)
    first.end_turn()
    watch.keep(first, "red")
    second.end_turn()
    second.end_turn()
    watch.observe(second, lambda sim: None)
    assert watch.error == {enemy_model.PLANNER: 0.0, enemy_model.DEFAULT: 0.0, enemy_model.GREEDY: 0.0}


def _riflemen_against_a_swordsman() -> Game:
    """Blue's two riflemen 13" from red's swordsman, who cannot answer a shot: the default AI
    walks each rifle 3" to the edge of its Range (10") and shoots; the greedy player walks its
    whole Move straight at him and shoots from 8"."""
    units = [
        sb.unit("hake", "red", (2, 5), facing="E", weapons=[sb.SWORD]),
        sb.unit("eel", "blue", (15, 4), facing="W", weapons=[sb.RIFLE]),
        sb.unit("fen", "blue", (15, 6), facing="W", weapons=[sb.RIFLE]),
    ]
    return Game.from_scenario(sb.scenario(units, width=24, height=10), seed=1, max_rounds=5)


def test_hard_models_a_foe_that_walks_its_whole_move_as_the_greedy_player():
    """Issue 25, seventh session: a foe that walks its whole Move at the nearest enemy and shoots
    whoever stands nearest (the greedy baseline, and a player who charges straight in) is
    predicted by neither Normal's plans nor the default AI, whose riflemen stop at the edge of
    their Range. The watch now replays the enemy's turn as the greedy player too, and once that
    model is the nearest every draw of the play-outs replies as it."""
    game = _riflemen_against_a_swordsman()
    watch = enemy_model.EnemyWatch(3)
    game.end_turn()  # red keeps its turn: blue's begins
    watch.keep(game, "red")
    make_player("greedy", 3).play_turn(game)  # through Game orders: move, then shoot
    assert game.active_player == "red" and not game.over
    walked = {u.id: u.pos for u in game.units_of("blue")}
    assert walked == {"eel": (10, 5), "fen": (10, 6)}, walked  # 5" each, not 3"
    watch.observe(game, lambda sim: TacticalAI(preset("normal"), 3).play_turn(sim))
    assert watch.error[enemy_model.GREEDY] + enemy_model.MARGIN <= watch.error[enemy_model.DEFAULT]
    assert watch.error[enemy_model.GREEDY] + enemy_model.MARGIN <= watch.error[enemy_model.PLANNER]
    assert watch.leader() == enemy_model.GREEDY
    model = watch.model(2, lambda sim: None)
    assert model is not None and all(model(k) is enemy_model._greedy_reply for k in range(3))
