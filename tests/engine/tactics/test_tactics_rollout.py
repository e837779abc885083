"""Hard's lookahead (issue 25, engine/tactics/rollout.py): a unit's best plans are played out on
copies of the game with their own dice, the enemy's reply included, and the one that ends best is
carried out; the game's own dice are never rolled by a copy, so a game replays from its seed."""

from __future__ import annotations

import pytest
from ninepowers_helpers import np

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.replay import compare_events
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import rollout
from brikwars_gui.engine.tactics.plan import Plan, action_for
from brikwars_gui.engine.tactics.player import TacticalAI, make_player
from brikwars_gui.engine.tactics.presets import preset
from brikwars_gui.engine.tactics.tournament import play_game, with_ruleset
from brikwars_gui.engine.turn_events import OrderIssued
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario import load_scenario


def test_a_hard_game_replays_from_its_seed_the_copies_roll_their_own_dice():
    """The lookahead's copies play many turns with dice of their own: if one of them drew from
    the game's dice, re-issuing the logged orders on the same seed would not give the same game."""
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    game = Game.from_scenario(scenario, seed=4, max_rounds=3)
    hard = TacticalAI(preset("hard"), 4)
    played = []
    original = rollout.pick

    def counting_pick(*args, **kwargs):  # type: ignore[no-untyped-def]
        played.append(args[1])
        return original(*args, **kwargs)

    rollout.pick = counting_pick
    try:
        while not game.over:
            hard.play_turn(game)
    finally:
        rollout.pick = original
    assert played, "the lookahead played nothing out"
    logged = [e.to_dict() for e in game.events]
    again = Game.from_events(scenario, logged, SeededDice(4), max_rounds=3)
    assert compare_events(logged, [e.to_dict() for e in again.events]) is None


def test_the_played_out_attack_beats_the_planners_hold_when_the_enemy_cannot_answer():
    """`pick` prefers a later candidate when its play-outs end better: holding an Action against
    an unarmed enemy gains nothing, a rifle shot (67% to hit) kills it in some of the draws."""
    units = [
        sb.unit("eel", "red", (2, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("cobb", "blue", (8, 5), facing="W", weapons=[]),
    ]
    game = Game.from_scenario(sb.scenario(units, width=24, height=10), seed=1, max_rounds=5)
    hold = Plan("hold", (2, 5), 1.0)
    shoot = Plan("attack_move", (2, 5), 0.5, target="cobb", weapon="rifle")

    def finish(sim: Game, uid: str, plan: Plan) -> None:
        action = action_for(plan)
        if action is not None:
            sim.act(uid, action)
        if not sim.over:  # the shot may end the battle
            sim.end_turn()

    assert rollout.pick(game, "eel", [hold, shoot], 10, 1, finish) is shoot
    n = len(game.events)
    assert rollout.pick(game, "eel", [hold, shoot], 3, 2, finish) in (hold, shoot)
    assert game.unit("cobb").alive and len(game.events) == n  # the game itself untouched


def test_the_lookahead_plays_only_where_the_copy_shows_nothing_the_side_does_not_know():
    skirmish = Game.from_scenario(load_scenario(SCENARIOS / "skirmish.json"), seed=0)
    assert rollout.applies(skirmish, "red", standoff=0.0)
    assert not rollout.applies(skirmish, "red", standoff=0.5)  # a sitting enemy: the model walks in
    skirmish.state.fog_of_war = True
    assert not rollout.applies(skirmish, "red", standoff=0.0)
    large = Game.from_scenario(load_scenario(SCENARIOS / "large_battle.json"), seed=0)
    assert not rollout.applies(large, large.active_player, standoff=0.0)  # 40 units: too costly
    showcase = Game.from_scenario(load_scenario(SCENARIOS / "hazard_showcase.json"), seed=0)
    assert not rollout.applies(showcase, showcase.active_player, standoff=0.0)  # a concealed minefield


def test_hard_still_beats_random_orders_with_the_lookahead():
    assert play_game(load_scenario(SCENARIOS / "skirmish.json"), "hard", "random", 1) == "A"


def _held_spear_against_a_swordsman() -> Game:
    """Red's spearman kept its Action (R-RESP-1); blue's swordsman, 6" away, is to play."""
    units = [
        sb.unit("cobb", "red", (5, 5), facing="E", weapons=[sb.SPEAR]),
        sb.unit("hake", "blue", (11, 5), facing="W", weapons=[sb.SWORD]),
    ]
    game = Game.from_scenario(sb.scenario(units, width=24, height=10), seed=1, max_rounds=5)
    game.end_turn()  # red gives no order: its spearman holds its Action for a Response
    return game


def test_hards_enemy_model_replies_as_normal_plans_not_walking_into_a_saved_spear():
    """Issue 25 (fourth session): the play-outs' enemy model was the default AI, which walks into
    a saved Action (the spear answers first, R-RESP-4); Normal stops at the edge of its reach. With
    `planner_replies` the copies' enemy plays as Normal plans, so Hard judges by replies that come."""
    game = _held_spear_against_a_swordsman()
    hard = TacticalAI(preset("hard"), 1)
    dials = hard.dials(game)  # BrikWars: two draws of three (`BrikWarsRuleset.ai_dials`)
    model = hard._enemy_model(dials)
    assert dials.planner_replies == 2 and preset("hard").planner_replies == 0
    assert model is not None and model(0) is not None and model(1) is not None and model(2) is None
    assert hard._enemy_model(dials.with_(planner_replies=0)) is None
    for draw in range(3):
        default = rollout.copy_of(game, draw)
        rollout.replies(default, "red", None)
        assert [e.kind for e in default.events if e.kind == "responded"], "the default AI walks in"
        planned = rollout.copy_of(game, draw)
        rollout.replies(planned, "red", model(0))
        hake = planned.unit("hake")
        assert hake.alive and distance(hake.pos, (5, 5)) > 2.0  # outside the reach and its Angry Inch
        assert not [e for e in planned.events if e.kind == "responded"]
    assert game.unit("hake").pos == (11, 5)  # the game itself untouched


def test_small_tournament_hard_holds_its_own_against_normal_when_its_play_outs_see_normal_reply():
    """docs/ai.md, issue 25: Hard vs Normal on the BrikWars skirmish, seeds 0-4 (sides swapped on
    odd seeds). Over seeds 0-79 Hard won 40 of 80 at the sixth session's end, so five games
    cannot show an edge (this test once asked 4 of 5, which seeds 0-4 gave by luck: 3 of 5 with
    the default AI as the only model); it guards against a collapse — Hard losing nearly every
    game to the planner it plays out. With the copies on common dice (`KeyedDice`, seventh
    session) Hard wins seeds 0 and 1."""
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    wins = [play_game(scenario, "hard", "normal", seed) for seed in range(5)].count("A")
    assert wins >= 2, wins


@pytest.mark.parametrize("ruleset", ["d6", "ninepowers"])
def test_hard_plays_out_its_choices_under_d6_and_the_game_replays_from_its_seed(ruleset, monkeypatch):
    """Issue 25, fourth session: the play-outs are cheap enough under D6 (R-D6-6..8: the points
    questions the copies ask, now kept per shortfall) to play there too, and their copies never
    roll the game's dice: the game replays from its seed (R-D6-1). Under Nine Powers too since
    the sixth session (Armor counted in `standing_worth`; test_tactics_np_rollout.py), its
    difficulty and veto questions answered on the copies as in the game (R-NP-2/11)."""
    scenario = with_ruleset(load_scenario(SCENARIOS / "skirmish.json"), ruleset)
    game = Game.from_scenario(scenario, seed=3, max_rounds=2)
    hard = TacticalAI(preset("hard"), 3)
    picked, chosen = [], []
    pick, choose = rollout.pick, rollout.choose
    monkeypatch.setattr(rollout, "pick", lambda *a, **k: picked.append(a[1]) or pick(*a, **k))
    monkeypatch.setattr(rollout, "choose", lambda *a, **k: chosen.append(a[0].round) or choose(*a, **k))
    while not game.over:
        hard.play_turn(game)
    assert chosen and picked, f"Hard played nothing out under {ruleset}"
    logged = [e.to_dict() for e in game.events]
    again = Game.from_events(scenario, logged, SeededDice(3), max_rounds=2)
    assert compare_events(logged, [e.to_dict() for e in again.events]) is None


def test_hards_enemy_model_plays_normal_as_the_ruleset_tunes_it_no_sprint_under_nine_powers():
    """Issue 25, fifth session: the copies' Normal enemy was the bare preset, which Sprints
    (R-MOVE-18); under Nine Powers Normal does not (`NinePowersRuleset.ai_dials`: the runner
    arrives alone among foes who all strike, R-NP-14), so the play-outs saw a reply that never
    comes. The model now gives the orders Normal gives in the battle."""
    units = [
        sb.unit("cobb", "red", (2, 5), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 3})),
        sb.unit("hake", "blue", (20, 5), facing="W", weapons=[sb.SWORD], **np(skills={"melee": 3})),
    ]
    game = Game.from_scenario(with_ruleset(sb.scenario(units, width=24, height=10), "ninepowers"), seed=1)
    game.end_turn()  # red holds; blue, 18 squares away, is to play
    hard = TacticalAI(preset("hard"), 1)
    model = hard._enemy_model(hard.dials(game).with_(planner_replies=2))
    assert model is not None and model(0) is not None
    modelled, normal = rollout.copy_of(game, 3), rollout.copy_of(game, 3)
    model(0)(modelled)
    make_player("normal", 1).play_turn(normal)
    orders = [(e.order, e.unit, e.args) for e in modelled.events if isinstance(e, OrderIssued)]
    assert orders == [(e.order, e.unit, e.args) for e in normal.events if isinstance(e, OrderIssued)]
    assert orders[0][0] == "move" and not any(o[2].get("kind") == "sprint" for o in orders)
