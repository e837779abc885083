"""R-RESP-1/3: allies with a saved Action answer an attack they see on one of their own (scripted dice)."""

from __future__ import annotations

from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.replay import compare_events
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import RuleOptions
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState


def ambush(faces, *, doc_at=(7, 8), doc_facing="W", policy=None, options=None):
    """wayne (red) shoots shaun (blue); doc (blue) watches. Blue's Actions are saved (R-RESP-1)."""
    units = [
        sb.unit("wayne", "red", (2, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("wyatt", "red", (2, 9), facing="E", weapons=[sb.RIFLE]),
        sb.unit("shaun", "blue", (8, 5), facing="W", weapons=[sb.PISTOL]),
        sb.unit("doc", "blue", doc_at, facing=doc_facing, weapons=[sb.PISTOL]),
    ]
    scenario = sb.scenario(units, width=14, height=12)
    g = Game(GameState.from_scenario(scenario), ScriptedDice(faces), policy=policy, options=options)
    g.end_turn()
    g.end_turn()  # blue kept its Actions; red's second turn
    return scenario, g


def attackers(g):
    return [e.attacker for e in g.events if e.kind == "attacked"]


def replays(scenario, g, faces) -> bool:
    again = Game.from_events(scenario, g.events, ScriptedDice(faces))
    return compare_events([e.to_dict() for e in g.events], [e.to_dict() for e in again.events]) is None


def test_r_resp_1_3_an_ally_in_view_shoots_the_attacker_simultaneously():
    faces = [2, 2, 2]  # wayne, shaun (attack_response), doc (bystander): all miss
    policy = Answers()
    scenario, g = ambush(faces, policy=policy)
    g.act("wayne", Attack("rifle", "shaun"))
    request = next(r for r in policy.asked if r.question == "shoot")
    assert request.unit == "doc" and request.about == "wayne"
    assert request.options == ("attack:pistol", "decline") and request.default == "attack:pistol"
    assert attackers(g) == ["wayne", "shaun", "doc"]  # R-RESP-5: the attack, then the Responses
    responded = [e for e in g.events if e.kind == "responded"]
    assert [e.responder for e in responded] == ["shaun", "doc"]
    assert "saw wayne attack shaun" in responded[1].reason
    assert not g.unit("doc").saved_action and not g.unit("shaun").saved_action
    assert replays(scenario, g, faces)


def test_r_resp_1_a_unit_responds_at_most_once():
    faces = [2, 2, 2, 2]  # wayne, shaun, doc; then wyatt's attack draws no Response at all
    policy = Answers()
    _, g = ambush(faces, policy=policy)
    g.act("wayne", Attack("rifle", "shaun"))
    asked = len(policy.asked)
    g.act("wyatt", Attack("rifle", "doc"))
    assert len(policy.asked) == asked  # no saved Action left: nobody is asked
    assert attackers(g) == ["wayne", "shaun", "doc", "wyatt"]


def test_r_resp_3_no_bystander_response_to_an_attack_it_cannot_see():
    policy = Answers()
    _, g = ambush([2, 2], doc_facing="E", policy=policy)  # doc looks away from both
    g.act("wayne", Attack("rifle", "shaun"))
    assert not any(r.unit == "doc" for r in policy.asked)
    assert g.unit("doc").saved_action and attackers(g) == ["wayne", "shaun"]


def test_r_resp_1_a_declined_bystander_response_keeps_the_saved_action():
    _, g = ambush([2, 2], policy=Answers(shoot="decline"))
    g.act("wayne", Attack("rifle", "shaun"))
    assert g.unit("doc").saved_action and attackers(g) == ["wayne", "shaun"]


def test_r_resp_2_a_bystander_takes_the_angry_inch_to_bring_the_attacker_into_range():
    faces = [2, 2, 2]
    policy = Answers()
    scenario, g = ambush(faces, doc_at=(8, 8), policy=policy)  # 6.7" from wayne: pistol Range 6
    g.act("wayne", Attack("rifle", "shaun"))
    request = next(r for r in policy.asked if r.question == "shoot")
    assert request.options == ("angry_inch", "decline") and request.default == "angry_inch"
    inch = next(r for r in policy.asked if r.question == "angry_inch")
    assert inch.default == "7,7" and "decline" not in inch.options
    assert g.unit("doc").pos == (7, 7)
    doc_attack = next(e for e in g.events if e.kind == "attacked" and e.attacker == "doc")
    assert doc_attack.out_of_range == 0 and doc_attack.response
    assert replays(scenario, g, faces)


def test_r_resp_5_not_simultaneous_each_responder_rolls_initiative_against_the_attacker():
    # initiative (attacker's roll first): shaun 5 vs 2 → wayne first; doc 2 vs 5 → doc first;
    # then doc 2 (miss), wayne 2 (miss), shaun 2 (miss)
    faces = [5, 2, 2, 5, 2, 2, 2]
    scenario, g = ambush(faces, options=RuleOptions(simultaneous_responses=False))
    g.act("wayne", Attack("rifle", "shaun"))
    assert attackers(g) == ["doc", "wayne", "shaun"]
    assert [(e.first, e.second) for e in g.events if e.kind == "initiative"] == [
        ("wayne", "shaun"),
        ("doc", "wayne"),
    ]
    again = Game.from_events(
        scenario, g.events, ScriptedDice(faces), options=RuleOptions(simultaneous_responses=False)
    )
    assert compare_events([e.to_dict() for e in g.events], [e.to_dict() for e in again.events]) is None


def test_r_resp_5_not_simultaneous_a_bystander_first_can_stop_the_attack():
    # doc wins its initiative and kills wayne (5 hits, Damage 5 > Armor 4): no attack, no reply
    faces = [5, 2, 2, 5, 5, 5]
    _, g = ambush(faces, options=RuleOptions(simultaneous_responses=False))
    g.act("wayne", Attack("rifle", "shaun"))
    assert attackers(g) == ["doc"] and not g.unit("wayne").alive
    assert g.unit("shaun").alive
