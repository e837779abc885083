"""R-RESP rules (Enemy Response) with scripted dice."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import PlayContext, RuleOptions
from brikwars_gui.engine.rules.response import who_acts_first
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState


class Answers:
    def __init__(self, **answers: str) -> None:
        self.answers = answers
        self.asked: list = []

    def decide(self, game, request):
        self.asked.append(request)
        return self.answers.get(request.question, request.default)


def game(units, faces=(), *, policy=None, options=None, **kw) -> Game:
    return Game(
        GameState.from_scenario(sb.scenario(units, **kw)), ScriptedDice(faces), policy=policy, options=options
    )


def gunfight(faces, *, policy=None, options=None, shaun=None, at=(7, 5)):
    units = [
        sb.unit("wayne", "wayne", (2, 5), facing="E", weapons=[sb.PISTOL]),
        sb.unit("shaun", "shaun", at, facing="W", weapons=[sb.PISTOL], **(shaun or {})),
    ]
    g = game(units, faces, policy=policy, options=options, width=12, height=10)
    return g


def kinds(g):
    return [e.kind for e in g.events]


def test_r_resp_1_unused_action_is_saved_for_the_enemy_turn_only():
    g = gunfight([2, 2])
    g.end_turn()  # wayne did nothing: Action saved
    assert g.unit("wayne").saved_action and "action_saved" in kinds(g)
    g.act("shaun", Attack("pistol", "wayne"))  # wayne answers (simultaneous)
    assert sum(1 for e in g.events if e.kind == "responded") == 1
    g.end_turn()
    assert not g.unit("wayne").saved_action  # its own turn: the saved Action becomes this turn's
    assert not g.unit("shaun").saved_action  # shaun used his Action


def test_r_resp_1_no_response_without_a_saved_action():
    g = gunfight([2])
    g.act("wayne", Attack("pistol", "shaun"))
    assert "responded" not in kinds(g)


def test_r_resp_3_no_response_to_what_is_outside_the_cone_of_vision():
    g = gunfight([2])
    g.unit("shaun").facing = "E"  # looking away from wayne
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    assert "responded" not in kinds(g) and g.unit("shaun").saved_action


def test_r_resp_1_the_log_says_why_a_saved_action_was_not_used_against_an_unseen_attacker():
    """GUI review 2026-11-27 #20: no question came and nothing said why."""
    answers = Answers()
    g = gunfight([2], policy=answers)
    g.unit("shaun").facing = "E"  # looking away from wayne
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    assert not answers.asked
    (unseen,) = [e for e in g.events if e.kind == "response_unseen"]
    assert (unseen.unit, unseen.attacker) == ("shaun", "wayne")
    assert "does not see wayne" in unseen.describe()


def test_r_resp_1_nothing_is_said_when_the_target_sees_its_attacker_or_holds_nothing():
    g = gunfight([2, 2])
    g.unit("shaun").saved_action = True  # sees wayne: it is asked (and answers) instead
    g.act("wayne", Attack("pistol", "shaun"))
    assert "responded" in kinds(g)
    again = gunfight([2])
    again.unit("shaun").facing = "E"  # unseen but no saved Action: nothing to explain
    again.act("wayne", Attack("pistol", "shaun"))
    assert "response_unseen" not in kinds(again)


def test_r_resp_4_responder_first_when_the_target_is_in_reach_and_must_move():
    g = gunfight([])
    ctx: PlayContext = g.ctx
    first, second = who_acts_first(ctx, g.unit("shaun"), g.unit("wayne"), target_in_reach_must_move=True)
    assert (first.id, second.id) == ("shaun", "wayne")


def test_r_resp_5_full_speed_before_half_speed_then_roll_off_with_g_21_reroll():
    g = gunfight([4, 4, 2, 5], shaun={"carrying_heavy": True})
    first, _ = who_acts_first(g.ctx, g.unit("shaun"), g.unit("wayne"))
    assert first.id == "wayne"  # shaun is at Half Speed
    g.unit("shaun").carrying_heavy = False
    first, _ = who_acts_first(g.ctx, g.unit("shaun"), g.unit("wayne"))  # 4 vs 4 tie → 2 vs 5
    assert first.id == "shaun"
    ev = [e for e in g.events if e.kind == "initiative"][-1]
    assert len(ev.rolls) == 4


def test_r_resp_5_non_simultaneous_first_shot_can_prevent_the_second():
    # roll-off: wayne 5, shaun 2 → wayne first: 4 hits, damage 6 → bonus 1 = 7 > 4 → shaun dies, no shot
    g = gunfight([5, 2, 4, 6, 1], options=RuleOptions(simultaneous_responses=False))
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    assert [e.attacker for e in g.events if e.kind == "attacked"] == ["wayne"]
    assert not g.unit("shaun").alive


def test_r_resp_5_simultaneous_both_shots_happen_even_if_the_first_kills():
    g = gunfight([4, 6, 1, 4, 6, 1])
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    assert not g.unit("shaun").alive and not g.unit("wayne").alive
    assert g.over and g.winner is None


def test_r_resp_6_bail_leaps_skill_inches_and_ends_disrupted_the_attack_follows():
    policy = Answers(attack_response="bail")
    # bail roll 3 → best landing spot out of sight... open field: farthest from wayne; wayne then shoots
    g = gunfight([3, 2], policy=policy)
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    bailed = next(e for e in g.events if e.kind == "bailed")
    assert bailed.inches == 3 and bailed.disrupted
    shaun = g.unit("shaun")
    assert shaun.disrupted and shaun.pos != (7, 5)
    assert abs(shaun.pos[0] - 7) ** 2 + abs(shaun.pos[1] - 5) ** 2 <= 9
    attack = next(e for e in g.events if e.kind == "attacked")
    assert attack.needed == 2  # R-MOVE-16: +1 against the Disrupted target


def test_r_resp_6_a_bail_behind_cover_wastes_the_attack():
    wall = [{"kind": "obstacle", "rects": [[8, 0, 1, 4]]}]
    policy = Answers(attack_response="bail", bail_to="9,3")
    units = [
        sb.unit("wayne", "wayne", (2, 3), facing="E", weapons=[sb.PISTOL]),
        sb.unit("shaun", "shaun", (8, 5), facing="W", weapons=[sb.PISTOL]),
    ]  # the leap goes round the end of the wall (R-MOVE-3: never through it)
    g = game(units, [4], policy=policy, terrain=wall, width=12, height=10)
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    assert g.unit("shaun").pos == (9, 3)
    assert "attack_wasted" in kinds(g) and "attacked" not in kinds(g)
    assert g.unit("wayne").action_used


def test_r_resp_7_half_speed_bails_half_the_inches():
    g = gunfight(
        [5, 2], policy=Answers(attack_response="bail", drop_burden="keep"), shaun={"carrying_heavy": True}
    )
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    assert next(e for e in g.events if e.kind == "bailed").inches == 2


def test_r_resp_8_critical_failure_falls_on_the_spot():
    g = gunfight([1, 2, 1], policy=Answers(attack_response="bail"))
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    bailed = next(e for e in g.events if e.kind == "bailed")
    assert bailed.inches == 0 and tuple(bailed.to) == (7, 5) and g.unit("shaun").disrupted


def test_r_resp_9_overskill_bail_lands_on_its_feet():
    g = gunfight([6, 2], policy=Answers(attack_response="bail"))
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    bailed = next(e for e in g.events if e.kind == "bailed")
    assert not bailed.disrupted and not g.unit("shaun").disrupted


def test_r_resp_6_no_sprint_as_a_response():
    policy = Answers()
    g = gunfight([2, 2], policy=policy)
    g.unit("shaun").saved_action = True
    g.act("wayne", Attack("pistol", "shaun"))
    request = next(r for r in policy.asked if r.question == "attack_response")
    assert not any("sprint" in o for o in request.options)
    assert "bail" in request.options


def test_responders_shoot_a_mover_entering_weapon_range():
    units = [
        sb.unit("a", "red", (0, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (10, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    # z declines the Angry Inch at 7" (R-RESP-2) and shoots as a enters 6": rolls 2, miss
    g = game(units, [2], policy=Answers(angry_inch="decline"), width=12, height=10)
    g.unit("z").saved_action = True
    g.move("a", (5, 5))
    responded = next(e for e in g.events if e.kind == "responded")
    assert responded.responder == "z" and responded.reason == "entered weapon range"
    moved = [e for e in g.events if e.kind == "unit_moved"]
    ends = [tuple(m.path[-1]) for m in moved]
    assert (4, 5) in ends and ends[-1] == (5, 5)


def test_declined_responses_keep_the_saved_action():
    units = [
        sb.unit("a", "red", (0, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (10, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = game(units, [], policy=Answers(shoot="decline", angry_inch="decline"), width=12, height=10)
    g.unit("z").saved_action = True
    g.move("a", (5, 5))
    assert g.unit("z").saved_action and "responded" not in kinds(g)


@pytest.mark.parametrize("question", ["close_attack", "counter"])
def test_decisions_are_logged(question):
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (6, 5), facing="W", weapons=[sb.SWORD]),
    ]
    g = game(units, [2, 1, 2, 1], options=RuleOptions(angry_inch=False))
    g.unit("z").saved_action = True
    g.move("a", (5, 4))
    assert any(e.kind == "decided" and e.question == question for e in g.events)
