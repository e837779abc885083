"""R-RESP-2 for Ranged reach: the Angry Inch brings a target into Range and line of sight (scripted dice)."""

from __future__ import annotations

import pytest
from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.replay import compare_events
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState


def make(units, faces, *, policy=None, **kw) -> Game:
    scenario = sb.scenario(units, **kw)
    g = Game(GameState.from_scenario(scenario), ScriptedDice(faces), policy=policy)
    g.scenario_for_test = scenario
    return g


def saved(g: Game) -> Game:
    """Red's and blue's first turns pass: blue's units keep their Actions (R-RESP-1); red plays."""
    g.end_turn()
    g.end_turn()
    return g


def kinds(g):
    return [e.kind for e in g.events]


def replays(g: Game, faces) -> bool:
    again = Game.from_events(g.scenario_for_test, g.events, ScriptedDice(faces))
    return not compare_events([e.to_dict() for e in g.events], [e.to_dict() for e in again.events])


def rifleman_field(extra=(), terrain=None):
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.SWORD]),
        sb.unit("r", "blue", (15, 5), facing="W", weapons=[sb.RIFLE]),
        *extra,
    ]
    return units, {"terrain": terrain or [], "width": 20, "height": 12}


def test_r_resp_2_a_rifleman_11_inches_away_steps_one_inch_and_shoots():
    units, kw = rifleman_field()
    faces = [5, 5]  # r: Skill 5 ≥ Use 3 hits; Damage 1d6+1 = 6 > Armor 4 → a is killed
    g = make(units, faces, **kw)
    saved(g)
    g.move("a", (5, 5))
    inch = next(e for e in g.events if e.kind == "decided" and e.question == "angry_inch")
    assert inch.options == ["14,5", "decline"] and inch.answer == "14,5"  # only (14, 5) is 10" from (4, 5)
    r = g.unit("r")
    assert r.pos == (14, 5) and not r.saved_action
    responded = next(e for e in g.events if e.kind == "responded")
    assert "R-RESP-2" in responded.reason and responded.response == "angry_inch:14,5 attack:rifle"
    attack = next(e for e in g.events if e.kind == "attacked")
    assert attack.attacker == "r" and attack.out_of_range == 0 and attack.distance == 10 and attack.response
    assert not g.unit("a").alive and g.unit("a").pos == (4, 5)  # shot during the move (R-RESP-4)
    assert replays(g, faces)


def test_r_resp_2_the_responder_may_decline_the_angry_inch_and_shoot_on_entering_range():
    units, kw = rifleman_field()
    g = make(units, [2], policy=Answers(angry_inch="decline"), **kw)
    saved(g)
    g.move("a", (5, 5))
    assert g.unit("r").pos == (15, 5)
    responded = next(e for e in g.events if e.kind == "responded")
    assert responded.reason == "entered weapon range"  # at (5, 5), 10" away


def test_r_resp_2_no_angry_inch_when_a_step_would_not_help():
    units, kw = rifleman_field()
    policy = Answers()
    g = make(units, [], policy=policy, **kw)
    saved(g)
    g.move("a", (3, 5))  # 12" away: 11" after any step, still out of Range
    assert not policy.asked and "responded" not in kinds(g)
    assert g.unit("r").pos == (15, 5) and g.unit("r").saved_action


@pytest.mark.parametrize(
    "blocker",
    [
        {"terrain": [{"kind": "obstacle", "rects": [[14, 5, 1, 1]]}]},
        {"extra": [sb.unit("b", "blue", (14, 5), facing="W")]},
    ],
    ids=["obstacle", "occupied"],
)
def test_r_resp_2_no_angry_inch_into_an_obstacle_or_an_occupied_cell(blocker):
    units, kw = rifleman_field(extra=blocker.get("extra", ()), terrain=blocker.get("terrain"))
    policy = Answers()
    g = make(units, [], policy=policy, **kw)
    saved(g)
    g.move("a", (4, 5))  # (14, 5) is the only cell 10" from (4, 5): blocked
    assert not any(r.question == "angry_inch" for r in policy.asked)
    assert g.unit("r").pos == (15, 5) and g.unit("r").saved_action


def test_r_resp_2_an_attacked_pistolero_just_out_of_range_steps_in_and_shoots_back():
    units = [
        sb.unit("wayne", "red", (2, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("shaun", "blue", (9, 5), facing="W", weapons=[sb.PISTOL]),  # 7": Range 6
    ]
    faces = [2, 2]  # both miss (simultaneous, R-RESP-5)
    policy = Answers()
    g = make(units, faces, policy=policy, width=14, height=10)
    saved(g)
    g.act("wayne", Attack("rifle", "shaun"))
    request = next(r for r in policy.asked if r.question == "attack_response")
    assert "angry_inch" in request.options and request.default == "angry_inch"
    assert g.unit("shaun").pos == (8, 5)
    attacks = [e for e in g.events if e.kind == "attacked"]
    assert [a.attacker for a in attacks] == ["wayne", "shaun"]
    assert attacks[0].distance == 6 and attacks[1].out_of_range == 0
    assert replays(g, faces)


def test_r_resp_2_no_angry_inch_offered_to_an_attacked_unit_already_in_range():
    units = [
        sb.unit("wayne", "red", (2, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("shaun", "blue", (7, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    policy = Answers()
    g = make(units, [2, 2], policy=policy, width=14, height=10)
    saved(g)
    g.act("wayne", Attack("rifle", "shaun"))
    request = next(r for r in policy.asked if r.question == "attack_response")
    assert "angry_inch" not in request.options and request.default == "attack:pistol"
    assert g.unit("shaun").pos == (7, 5)
