"""Issue 10: a Response prompt's chance to hit is the roll the game makes for that Response, under
every ruleset the forecast card's `hit` (`Ruleset.attack_chance`). Nine Powers showed the plain
pool's Medium chance (`action_chance`), while the Response is rolled at the difficulty the default
answer picks, with range, moving and shooting (L911) and the defenders' default veto (R-NP-11);
the Melee talent's free attack showed its Easy chance (R-NP-12). Checked against the card and
against seeded Responses through `Game` orders."""

from __future__ import annotations

import math

import pytest
from ninepowers_helpers import CLAWS, np
from ruleset_games import game_under
from scripted_answers import Answers

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.rulesets.ninepowers import attacks
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.session import Game

BOW = {"name": "Bow", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}


def archer_and_runner(ruleset: str, seed: int = 1, *, vetoes: int = 0) -> tuple[Game, Answers]:
    """Blue's archer walks 1" and keeps its Action (R-RESP-1); red's swordsman then walks into the
    Bow's Range: the archer is asked `shoot`. Under Nine Powers the walk costs the shot a die
    (moving and shooting, L911) and `vetoes` gives the runner Acrobatics vetoes (R-NP-11)."""
    units = [
        sb.unit("a", "blue", (1, 5), facing="E", weapons=[BOW], **np(skills={"shoot": 3})),
        sb.unit("z", "red", (13, 5), facing="W", weapons=[sb.SWORD], **np(skills={"melee": 2})),
    ]
    answers = Answers()
    g = game_under(ruleset, units, width=16, seed=seed)
    g.policy = answers
    g.move("a", (2, 5))
    g.end_turn()
    g.unit("z").pools["dodge"] = vetoes
    return g, answers


def shoot_and_card(ruleset: str, **kw) -> tuple[float, float, Game]:
    """(the `shoot` prompt's chance, the card's `hit` at that moment, the game after the move)."""
    g, answers = archer_and_runner(ruleset, **kw)
    seen: list[float] = []
    real = answers.decide

    def decide(game, request):
        if request.question == "shoot":
            odds = find_ruleset(ruleset).attack_odds(game.state, "a", "Bow", "z")
            seen.append(odds.hit)
        return real(game, request)

    answers.decide = decide
    g.move("z", (11, 5))
    asked = answers.first("shoot")
    return asked.detail["chances"]["attack:Bow"], seen[0], g


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_r_resp_1_the_shoot_prompt_names_the_cards_chance_to_hit(ruleset) -> None:
    shown, card, _g = shoot_and_card(ruleset)
    assert shown == pytest.approx(card)


def test_r_np_2_l911_the_response_is_rolled_as_the_prompt_says_not_at_the_plain_pools_medium() -> None:
    g, _answers = archer_and_runner("ninepowers")
    archer, runner = g.unit("a"), g.unit("z")
    bow = archer.weapons[0]
    plain = find_ruleset("ninepowers").action_chance(g.state, archer, 3, kind="ranged", weapon=bow)
    shown, _card, _ = shoot_and_card("ninepowers")
    choices = {f.difficulty: f.success for f in attacks.forecasts(g.state, archer, bow, runner)}
    assert shown == pytest.approx(float(choices[Difficulty.MEDIUM])) == pytest.approx(2 / 3)  # d6, d8
    assert plain == pytest.approx(0.75)  # what the prompt showed: d6, d8, d10 at Medium
    n, hits = 900, 0
    for seed in range(n):
        game, _ = archer_and_runner("ninepowers", seed)
        game.dice.inner = SeededDice(seed)
        game.move("z", (11, 5))
        shot = [e for e in game.events if e.kind == "attacked" and e.attacker == "a"]
        assert len(shot) == 1 and shot[0].response
        hits += shot[0].hit
    assert abs(hits - n * shown) < 4 * math.sqrt(n * shown * (1 - shown)), (hits, n * shown)
    assert abs(hits - n * plain) > 4 * math.sqrt(n * plain * (1 - plain)), (hits, n * plain)


def test_r_np_11_a_response_the_runner_vetoes_by_default_shows_no_chance_to_hit() -> None:
    shown, card, g = shoot_and_card("ninepowers", vetoes=1)
    assert shown == card == 0.0
    shot = next(e for e in g.events if e.kind == "attacked" and e.attacker == "a")
    assert not shot.hit and g.unit("z").pools["dodge"] == 0  # the veto was spent on it


def test_r_np_12_the_free_attack_prompt_names_the_talents_roll() -> None:
    """The guard's claws at Melee talent 2 (L1113), not its skill of 3 nor the Easy chance."""
    units = [
        sb.unit("m", "red", (5, 5), facing="W", weapons=[sb.SWORD], **np(skills={"melee": 1})),
        sb.unit(
            "g", "blue", (6, 5), facing="W", weapons=[CLAWS], **np(skills={"melee": 3}, talents={"melee": 2})
        ),
    ]
    answers = Answers(np_sticky="decline")
    g = game_under("ninepowers", units)
    g.policy = answers
    if g.active_player != "red":
        g.end_turn()
    guard, mover = g.unit("g"), g.unit("m")
    claws = guard.weapons[0]
    talent = {f.difficulty: f for f in attacks.forecasts(g.state, guard, claws, mover, rating=2)}
    skill = {f.difficulty: f for f in attacks.forecasts(g.state, guard, claws, mover)}
    g.move("m", (3, 5))
    asked = answers.first("np_sticky")
    chance = asked.detail["chances"]["attack:claws"]
    card = asked.detail["odds"]["attack:claws"]
    assert chance == card.hit == pytest.approx(float(talent[Difficulty.MEDIUM].success))
    assert chance != pytest.approx(float(talent[Difficulty.EASY].success))  # what it showed
    assert chance != pytest.approx(float(skill[Difficulty.MEDIUM].success))
    assert card.modifiers[0][0] == "Melee 2 (talent)"


def test_r_resp_2_the_angry_inch_prompt_names_the_roll_made_after_the_step() -> None:
    """The runner stops 1" out of the Bow's Range: the archer (which has not moved) may step an
    Angry Inch and shoot. The step is no move for moving and shooting (L911): the chance the
    prompt names is the card's when the shot is rolled, after the step."""
    units = [
        sb.unit("a", "blue", (2, 5), facing="E", weapons=[BOW], **np(skills={"shoot": 3})),
        sb.unit("z", "red", (15, 5), facing="W", weapons=[sb.SWORD], **np(skills={"melee": 2})),
    ]
    answers = Answers()
    g = game_under("ninepowers", units, width=16)
    g.end_turn()
    at_roll: list[float] = []
    real = answers.decide

    def decide(game, request):
        if request.question == "np_difficulty":  # asked when the Response is rolled
            at_roll.append(find_ruleset("ninepowers").attack_odds(game.state, "a", "Bow", "z").hit)
        return real(game, request)

    answers.decide = decide
    g.policy = answers
    g.move("z", (13, 5))
    asked = answers.first("angry_inch")
    assert g.unit("a").pos == (3, 5) and at_roll
    assert asked.detail["chances"]["3,5"] == pytest.approx(at_roll[0]) == pytest.approx(0.75)
