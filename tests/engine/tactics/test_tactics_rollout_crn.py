"""Hard's play-outs compare its choices on common luck (issue 25, seventh session): the copies
roll `KeyedDice`, whose faces are keyed by what is rolled (an actor's n-th attack, its Damage),
so a unit holding in one copy and shooting in another leaves every other unit's attacks the same
in both (R-ACT-1: each unit's one Action). With the sequential stream one extra shot shifted every
later face, and three draws judged the other units' luck more than the choice."""

from __future__ import annotations

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import rollout
from brikwars_gui.engine.tactics.plan import Plan, action_for

HOLD = Plan("hold", (2, 2), 1.0)
SHOOT = Plan("attack_move", (2, 2), 0.5, target="cobb", weapon="rifle")


def _position() -> Game:
    """Red's Eel may shoot Cobb, who is unarmed (nothing to lose by shooting); to the south two
    red and two blue riflemen trade shots whatever Eel does."""
    units = [
        sb.unit("eel", "red", (2, 2), facing="E", weapons=[sb.RIFLE]),
        sb.unit("cobb", "blue", (8, 2), facing="W", weapons=[]),
        sb.unit("cod", "red", (2, 12), facing="E", weapons=[sb.RIFLE]),
        sb.unit("ray", "red", (2, 14), facing="E", weapons=[sb.RIFLE]),
        sb.unit("dory", "blue", (9, 12), facing="W", weapons=[sb.RIFLE]),
        sb.unit("gar", "blue", (9, 14), facing="W", weapons=[sb.RIFLE]),
    ]
    return Game.from_scenario(sb.scenario(units, width=24, height=18), seed=1, max_rounds=5)


def _finish(sim: Game, uid: str, plan: Plan) -> None:
    """Eel's plan, then Cod and Ray shoot Dory and Gar (R-FIRE through `Game` orders)."""
    action = action_for(plan)
    if action is not None:
        sim.act(uid, action)
    for shooter, target in (("cod", "dory"), ("ray", "gar")):
        if not sim.over and sim.unit(shooter).alive and sim.unit(target).alive:
            sim.act(shooter, Attack("rifle", target))
    if not sim.over:
        sim.end_turn()


def test_r_act_1_the_other_units_shots_come_out_the_same_whatever_eel_chose() -> None:
    """On every draw the copy where Eel shoots ends at least as well as the one where he holds:
    Cod's and Ray's shots and blue's reply roll the same faces in both (fails with the sequential
    stream, where Eel's extra rolls shift theirs)."""
    game = _position()
    for draw in range(12):
        ends = []
        for plan in (HOLD, SHOOT):
            sim = rollout.copy_of(game, draw)
            _finish(sim, "eel", plan)
            ends.append(rollout.replies(sim, "red"))
        assert ends[1] >= ends[0], (draw, ends)


def test_hard_picks_the_free_shot_on_three_draws_where_the_others_luck_hid_it() -> None:
    """Over 30 seeds of three draws, `pick` (the margin 0.15 against the planner's hold) takes
    the shot that costs nothing in 27; with the sequential stream in 19 (the shot's worth was
    lost in the noise of the other four riflemen's exchange)."""
    game = _position()
    picks = [rollout.pick(game, "eel", [HOLD, SHOOT], 3, seed, _finish) is SHOOT for seed in range(30)]
    assert sum(picks) >= 26
