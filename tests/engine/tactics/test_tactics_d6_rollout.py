"""Hard's play-outs under D6 (issue 25, D6's own game): in a constructed position the played-out
choice is a better one than the planner's alone, through `Game` orders.

A spearman faces a swordsman far across the table. The planner alone Sprints at him (R-MOVE-18:
the Sprint spends the Action, so the spear has no Response left, R-RESP-1) and the swordsman walks
up and strikes first; played out, walking up and holding the Action is seen to be better: a
swordsman that plans keeps out of a saved spear's reach (R-RESP-2/4), and one that walks in is
struck first."""

from __future__ import annotations

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import DefaultPolicy, Game
from brikwars_gui.engine.tactics import rollout
from brikwars_gui.engine.tactics.player import TacticalAI
from brikwars_gui.engine.tactics.policy import TacticalPolicy
from brikwars_gui.engine.tactics.presets import preset
from brikwars_gui.engine.turn_events import OrderIssued
from brikwars_gui.scenario.models import Scenario


def _spear_against_a_far_swordsman(seed: int = 1) -> Game:
    units = [
        sb.unit("cobb", "red", (3, 5), facing="E", weapons=[sb.SPEAR]),
        sb.unit("hake", "blue", (16, 8), facing="W", weapons=[sb.SWORD]),
    ]
    data = sb.scenario(units, width=24, height=12).model_dump(mode="json")
    data["ruleset"] = "d6"
    return Game.from_scenario(Scenario.model_validate(data), seed=seed, max_rounds=6)


def _acts(game: Game) -> list[OrderIssued]:
    return [e for e in game.events if isinstance(e, OrderIssued) and e.order == "act"]


def _hard(playing_out: bool) -> TacticalAI:
    hard = preset("hard")
    return TacticalAI(hard if playing_out else hard.with_(rollouts=0, turn_rollouts=0), 1)


def _after_blues_reply(game: Game, playing_out: bool, draws: int) -> float:
    """Red's `worth` (rollout.worth: D6 wounds counted) after red's turn as Hard plays it and
    blue's reply as Normal plans it, averaged over `draws` dice draws of their own."""
    total = 0.0
    for draw in range(draws):
        sim = rollout.copy_of(game, 500 + draw)
        _hard(playing_out).play_turn(sim)
        total += rollout.replies(sim, "red", lambda g: TacticalAI(preset("normal"), 1).play_turn(g))
    return total / draws


def test_d6_hards_play_out_holds_the_spear_where_the_planner_alone_sprints_into_the_sword():
    game = _spear_against_a_far_swordsman()
    _hard(playing_out=True).play_turn(game)  # the orders given to the game itself
    cobb = game.unit("cobb")
    assert not cobb.action_used and cobb.pos == (8, 6), "played out: walk up, keep the Action"
    assert not _acts(game)

    game = _spear_against_a_far_swordsman()
    _hard(playing_out=False).play_turn(game)
    assert game.unit("cobb").action_used, "the planner alone spends the Action on a Sprint"
    assert [e.unit for e in _acts(game)] == ["cobb"]


def test_d6_the_played_out_choice_ends_blues_reply_better_than_the_planners():
    """The same two turns, each followed by blue's reply as Normal plans it, over 30 dice draws
    (not the play-outs' own): holding loses nothing, the Sprint loses a share of the spearman
    (a stun, a wound or worse). Over 30 whole games from here (both sides Normal afterwards) the
    hold won 43%, the Sprint 27% (docs/ai.md)."""
    game = _spear_against_a_far_swordsman()
    before = len(game.events)
    held = _after_blues_reply(game, playing_out=True, draws=30)
    sprinted = _after_blues_reply(game, playing_out=False, draws=30)
    assert held > sprinted + 0.1, (held, sprinted)
    assert len(game.events) == before and game.unit("cobb").pos == (3, 5)  # the game itself untouched


def _riflemen_twelve_apart(script: list[int]) -> Game:
    """Two red and two blue riflemen (Range 10) twelve squares apart under D6, dice scripted."""
    units = [
        sb.unit("r0", "red", (3, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("r1", "red", (3, 7), facing="E", weapons=[sb.RIFLE]),
        sb.unit("b0", "blue", (15, 5), facing="W", weapons=[sb.RIFLE]),
        sb.unit("b1", "blue", (15, 7), facing="W", weapons=[sb.RIFLE]),
    ]
    data = sb.scenario(units, width=24, height=12).model_dump(mode="json")
    data["ruleset"] = "d6"
    return Game.from_scenario(Scenario.model_validate(data), script=script, max_rounds=6)


def test_d6_hard_steps_up_and_shoots_first_instead_of_falling_back_to_hold():
    """R-RESP-1/2, R-D6-3 (issue 25, sixth session): Hard under D6 plays its copies against the
    enemy as Normal plans (`D6Ruleset.ai_dials`: `planner_replies`), not as the default AI. That
    model walks into saved Actions, so the "hold" way of the turn (`rollout.choose`) looked best
    here and both riflemen fell back to the table's edge to wait; Normal never walks in, and
    shoots first. Now they step up and shoot (the game's own dice scripted)."""
    game = _riflemen_twelve_apart([4, 3, 5] * 40)
    _hard(playing_out=True).play_turn(game)
    shooters = [e.unit for e in _acts(game)]
    assert sorted(shooters) == ["r0", "r1"], shooters
    assert all(game.unit(u).pos[0] > 3 for u in ("r0", "r1")), "they stepped up, not back"



def test_d6_stepping_up_ends_blues_reply_better_than_falling_back(monkeypatch):
    """Red's turn as Hard plays it now, and as it played with the default AI as the copies' enemy
    (the old `D6Ruleset.ai_dials`: both riflemen fell back, the turn's "hold" way), each followed
    by blue's reply as Normal plans it, over 20 dice draws of their own: falling back gains
    nothing while blue keeps the first shot. Played on as whole games from there the step up won
    12 of 20, the fall back 3 (docs/ai.md). Since the copies roll common dice (`KeyedDice`, issue
    25's seventh session) the old model steps up too, so the fall back is the hold way itself."""

    def after_reply() -> float:
        total = 0.0
        for draw in range(20):
            start = _riflemen_twelve_apart([1])  # its own dice, the sequential stream it was measured on
            sim = Game.from_state(
                start.state,
                SeededDice(900 + draw),
                policy=TacticalPolicy(list(start.state.turn_order), DefaultPolicy()),
                max_rounds=start.max_rounds,
                timeline=False,
            )
            TacticalAI(preset("hard"), 1).play_turn(sim)
            total += rollout.replies(sim, "red", lambda g: TacticalAI(preset("normal"), 1).play_turn(g))
        return total / 20

    stepped = after_reply()
    monkeypatch.setattr(rollout, "choose", lambda game, base, *args, **kwargs: rollout.variants(base)[1])
    fell_back = after_reply()
    assert stepped > fell_back + 0.2, (stepped, fell_back)
