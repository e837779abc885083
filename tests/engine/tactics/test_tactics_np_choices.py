"""The tactical AI's answers to Nine Powers' own questions (issue 25, fifth session;
`rulesets/ninepowers/ai_choices.py`): the difficulty of a blow that settles who goes first next
round (R-NP-9), a difficulty the target's veto would cancel (R-NP-11), and a veto kept for the
foe's stronger blow still to come (R-NP-11) — each through `Game` orders with scripted dice, each
answered otherwise by the engine's default (the code before)."""

from __future__ import annotations

from ninepowers_helpers import CLAWS, last_attack, np, np_game, pools
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, SkillTurn
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import TacticalAI, preset
from brikwars_gui.engine.tactics.policy import with_tactical_responses
from brikwars_gui.engine.tactics.threat import ThreatMap
from brikwars_gui.scenario.models import Scenario

SWORD = {"name": "sword", "kind": "close", "use": 2, "damage": "1d6"}
FISTS = {"name": "fists", "kind": "close", "use": 3, "damage": "1d6"}
NP = find_ruleset("ninepowers")


def _answers(answers: Answers, question: str) -> list[str]:
    """What was answered to `question`, in order (the `decided` events of the game)."""
    return [r.question for r in answers.asked if r.question == question]


def test_r_np_9_the_last_blow_of_the_round_is_struck_tough_to_win_the_next_rounds_order():
    """Red's ghoul (Stamina 9) dealt 2 this round; blue's Vroy (Melee 4) strikes the round's last
    blow. Medium (80%, 2 damage) is the default's best by expected damage (0.97 against Tough's
    0.88) but only ties the round's damage (2 to 2), and red, with more Stamina left, stays first.
    Tough's 3 wins the order (L802): blue plays round 1's last turn and round 2's first in a row."""
    units = [
        sb.unit("z", "red", (5, 5), facing="E", weapons=[CLAWS], **np(skills={"melee": 2}, stamina=9)),
        sb.unit("vroy", "blue", (6, 5), facing="W", weapons=[SWORD], **np(skills={"melee": 4})),
    ]
    answers = Answers(np_difficulty=["medium"])
    g = np_game(units, [2, 5, 1, 5, 6, 7], answers)
    g.act("z", Attack("claws", "vroy"))  # Medium: d4 2, d6 5 -> 2 damage
    assert pools(g, "z")["dealt"] == 2
    g.end_turn()
    with_tactical_responses(g, ["blue"])
    g.act("vroy", Attack("sword", "z"))  # d4 1, d6 5, d8 6, d10 7: a success at any difficulty
    assert "Tough success, 3 damage" in last_attack(g).text
    g.end_turn()
    order = [e for e in g.events if e.kind == "side_order"]
    assert order and order[-1].order == ["blue", "red"] and g.active_player == "blue"


def test_r_np_9_a_blow_that_settles_nothing_keeps_the_best_expected_damage():
    """The same blow with a friend of Vroy still to act: the round's damage is not settled by it,
    so the AI strikes Medium, the default's best by expected damage."""
    units = [
        sb.unit("z", "red", (5, 5), facing="E", weapons=[CLAWS], **np(skills={"melee": 2}, stamina=9)),
        sb.unit("vroy", "blue", (6, 5), facing="W", weapons=[SWORD], **np(skills={"melee": 4})),
        sb.unit("ally", "blue", (9, 9), facing="W", weapons=[SWORD], **np(skills={"melee": 2})),
    ]
    g = np_game(units, [2, 5, 1, 5, 6, 7], Answers(np_difficulty=["medium"]))
    g.act("z", Attack("claws", "vroy"))
    g.end_turn()
    with_tactical_responses(g, ["blue"])
    g.act("vroy", Attack("sword", "z"))
    assert "Medium success, 2 damage" in last_attack(g).text


def _veto_duel(script: list[int], answers: Answers, *, hulk: bool) -> object:
    """Blue's hero earns one Acrobatics veto (Easy, d4 1); red's zombie (Melee 2) stands beside
    it, and with `hulk` a Zombie Hulk (Melee 4) too."""
    units = [
        sb.unit("z", "red", (5, 5), facing="E", weapons=[CLAWS], **np(skills={"melee": 2})),
        sb.unit(
            "hero", "blue", (6, 5), facing="W", weapons=[SWORD], **np(skills={"melee": 2, "acrobatics": 1})
        ),
    ]
    if hulk:
        units.append(sb.unit("hulk", "red", (7, 5), facing="W", weapons=[FISTS], **np(skills={"melee": 4})))
    g = np_game(units, script, answers)
    g.end_turn()
    g.act("hero", SkillTurn("Acrobatics"))
    assert pools(g, "hero")["dodge"] == 1
    g.end_turn()
    return g


def test_r_np_11_the_veto_is_kept_for_the_hulks_blow_still_to_come():
    """The zombie's Medium blow (flanked by the Hulk: 75%, 2 damage) is worth a veto by the
    default (at least half a point); the AI counts the Hulk beside the hero with its Action left
    (Melee 4, flanked: 5 dice) and keeps the veto for it — then spends it on the Hulk's blow."""
    answers = Answers()
    g = _veto_duel([1, 2, 5, 7], answers, hulk=True)  # Acrobatics d4 1; the zombie's d4 2, d6 5, d8 7
    with_tactical_responses(g, ["blue"])
    g.act("z", Attack("claws", "hero"))
    assert "Medium success, 2 damage" in last_attack(g).text  # not vetoed: kept for the Hulk
    g.act("hulk", Attack("fists", "hero"))
    assert "vetoed by hero" in last_attack(g).text and last_attack(g).roll is None
    assert pools(g, "hero")["dodge"] == 0
    assert len(_answers(answers, "np_veto")) == 0  # both answered by the AI, not the fallback


def test_r_np_11_with_no_stronger_blow_to_come_the_veto_is_spent_at_once():
    g = _veto_duel([1], Answers(), hulk=False)
    with_tactical_responses(g, ["blue"])
    g.act("z", Attack("claws", "hero"))
    assert "vetoed by hero" in last_attack(g).text


def test_r_np_11_the_ai_strikes_at_a_difficulty_the_targets_veto_lets_through():
    """Blue's hero (chain shirt: Armor 4) holds one Acrobatics veto and red's zombie (the AI,
    Melee 1: a d4) strikes it. The default's pick, Medium (50%, 2 damage to Armor), is worth half
    a point and the default veto cancels it; Easy (75%, 1 damage) is worth less than the veto asks
    (0.42), so it is rolled — and lands."""
    units = [
        sb.unit("z", "red", (5, 5), facing="E", weapons=[CLAWS], **np(skills={"melee": 1})),
        sb.unit(
            "hero",
            "blue",
            (6, 5),
            facing="W",
            weapons=[SWORD],
            **np(skills={"melee": 1, "acrobatics": 1}, armor="chain_shirt"),
        ),
    ]
    g = np_game(units, [1, 3], Answers())
    g.end_turn()
    g.act("hero", SkillTurn("Acrobatics"))  # Easy: d4 1 -> one veto
    g.end_turn()
    assert pools(g, "hero")["dodge"] == 1
    with_tactical_responses(g, ["red"])
    g.act("z", Attack("claws", "hero"))
    event = last_attack(g)
    assert event.roll is not None and "Easy success, 1 damage" in event.text
    assert pools(g, "hero")["dodge"] == 1  # not spent: the default does not veto so small a blow


def test_r_np_5_armor_worn_away_counts_as_harm_so_the_ai_strikes_the_armored_foe():
    """R-NP-5/7: a blow goes to Armor first, and Armor does not come back in the fight. Two foes
    beside the AI's swordsman (Melee 3) are each 10 points from defeat: a soldier in a chain
    shirt (Armor 4, Stamina 6) and an ogre (Armor 1, Stamina 9). The AI's harm once counted only
    Stamina, so a blow on the chain shirt weighed only its bypassing 1s and it struck the ogre;
    with Armor worn away at `ARMOR_HARM` a point it strikes the soldier (Medium, d6 2: 2 damage
    to Armor)."""
    units = [
        sb.unit("a", "red", (5, 5), facing="E", weapons=[SWORD], **np(skills={"melee": 3})),
        sb.unit(
            "soldier",
            "blue",
            (6, 5),
            facing="W",
            weapons=[CLAWS],
            **np(skills={"melee": 1}, armor="chain_shirt"),
        ),
        sb.unit("ogre", "blue", (6, 6), facing="W", weapons=[CLAWS], **np(skills={"melee": 1}, stamina=9)),
    ]
    g = np_game(units, [4, 2, 7], Answers())
    decision = TacticalAI(preset("normal")).play_unit(g, "a")
    assert decision is not None and decision.target == "soldier"
    assert "Medium success, 2 damage" in last_attack(g).text
    assert pools(g, "soldier")["armor"] == 2 and pools(g, "soldier")["stamina"] == 6


def _ledge_game(script: list[int]) -> Game:
    """A hero at Stamina 2 (Melee 2) and a zombie (Melee 2) six squares apart; a ledge one inch
    high (3 bricks, GRID-9) at (10, 4), which the zombie can climb (R-NP-10's 1 m at Acrobatics 1)."""
    units = [
        sb.unit("h", "red", (5, 5), facing="E", weapons=[SWORD], **np(skills={"melee": 2}, stamina=2)),
        sb.unit("z", "blue", (11, 5), facing="W", weapons=[CLAWS], **np(skills={"melee": 2})),
    ]
    terrain = [{"kind": "elevated", "cells": [[10, 4], [10, 4]], "elevation": 3}]
    data = sb.scenario(units, terrain=terrain).model_dump(mode="json")
    data["ruleset"] = "ninepowers"
    return Game.from_scenario(Scenario.model_validate(data), script=script, policy=Answers())


def test_r_np_14_the_ai_holds_away_from_a_ledge_a_foe_would_strike_down_from():
    """Higher ground (R-NP-14, L1343): a foe one inch above its target rolls a die more. The
    hero, two blows from defeat, has spent its Action (a Perception turn that failed) and walks up
    to face the zombie: before, at (9, 5), under the ledge the zombie can climb; now at (9, 6),
    where the zombie's blow comes from level ground. (With its Action it would now Protect itself
    rather than hold: `test_tactics_np_turns`.)"""
    g = _ledge_game([4])  # Perception d4 4: a failure
    g.act("h", SkillTurn("Perception", "z"))
    decision = TacticalAI(preset("normal")).play_unit(g, "h")
    assert decision is not None and decision.kind == "hold"
    assert g.unit("h").pos == (9, 6)


def test_r_np_14_the_threat_map_weighs_the_blow_from_the_ledge_as_the_engine_rolls_it():
    g = _ledge_game([2, 5, 6, 1])
    g.move("h", (9, 5))
    h, z = g.unit("h"), g.unit("z")
    tm = ThreatMap(g.state, h)
    v = tm.view("z")
    assert v.p_above > v.p_close > 0
    assert tm.next_turn[5, 9] == 0.6 * v.p_above  # below the ledge (10, 4): a move away
    assert tm.next_turn[6, 9] == 0.6 * v.p_close  # level ground all round
    g.face("h", "W")  # its back to the zombie: no Response to it (R-MOVE-5 needs sight)
    g.end_turn()
    g.move("z", (10, 4))  # up the ledge, beside the hero
    odds = NP.strike_odds(g.state, z, z.weapons[0], h, needed=3)
    assert odds.value() == v.p_above
    g.act("z", Attack("claws", "h"))
    text = last_attack(g).text
    assert "Melee 2 (3 dice): d4 2, d6 5, d8 6" in text and "higher ground +1" in text
