"""The Nine Powers ruleset through `Game` orders with scripted dice: EX-NP-1..3, the difficulty
choice with its exact odds, vetoes, sneak attacks, rounds and the turn hooks (RULES.md NP).

Dice order: an attack's pool smallest die first (then a magic weapon's dice); nothing else is
rolled for an attack (no Damage or Armor roll under Nine Powers)."""

from __future__ import annotations

import pytest
from ninepowers_helpers import CLAWS, last_attack, np, np_game, pools
from scripted_answers import Answers

from brikwars_gui.engine.ai import play_game
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, SkillTurn
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario import load_scenario
from brikwars_gui.scenario.models import Scenario


def test_ex_np_1_vroy_and_the_zombie_through_game_orders():
    units = [
        sb.unit("vroy", "pcs", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 4})),
        sb.unit("zombie", "npcs", (3, 2), facing="W", weapons=[CLAWS],
                **np(skills={"melee": 3}, stamina=4, armor="brigandine")),
    ]
    answers = Answers(np_difficulty=["medium", "medium", "medium"])
    g = np_game(units, [2, 5, 6, 7, 3, 4, 5, 1, 1, 2, 5], answers)
    armor = pools(g, "zombie")["armor"]
    g.act("vroy", Attack("shortsword", "zombie"))  # L621-623: lowest 2, the brigandine absorbs it
    assert (pools(g, "zombie")["stamina"], pools(g, "zombie")["armor"]) == (4, armor - 2)
    g.end_turn()
    g.act("zombie", Attack("claws", "vroy"))  # L625: lowest 3 fails a Medium strike
    assert not last_attack(g).hit
    g.end_turn()
    g.act("vroy", Attack("shortsword", "zombie"))  # L631: 1, 1, 2, 5
    text = last_attack(g).text
    assert "Melee 4: d4 1, d6 1, d8 2, d10 5 → lowest 1: Medium success, 2 damage, 2 past Armor" in text
    assert pools(g, "zombie")["stamina"] == 2  # L637
    ruleset = find_ruleset("ninepowers")
    lines = {line.label: line.value for line in ruleset.stat_lines(g.unit("zombie"))}
    assert lines["Stamina"] == "2/4" and lines["Melee/Protect"] == "3"


def test_difficulty_choice_shows_exact_chances_and_damage():
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 2})),
        sb.unit("z", "blue", (3, 2), facing="W", **np(skills={"melee": 1})),
    ]
    answers = Answers(np_difficulty=["tough"])
    g = np_game(units, [1, 6], answers)
    g.act("a", Attack("shortsword", "z"))
    asked = next(r for r in answers.asked if r.question == "np_difficulty")
    assert asked.options == ("easy", "medium", "tough")
    assert asked.detail["easy"].startswith("Easy: 88% to hit, 1 damage")  # L431: 7/8
    assert asked.detail["medium"].startswith("Medium: 67% to hit, 2 damage")
    assert asked.detail["tough"].startswith("Tough: 38% to hit, 3 damage")
    assert last_attack(g).damage == 3


def test_ai_default_difficulty_is_the_best_by_expected_damage():
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 3})),
        sb.unit("z", "blue", (3, 2), facing="W", **np(skills={"melee": 1}, stamina=1)),  # Armor 1
    ]
    answers = Answers()
    g = np_game(units, [2, 6, 8], answers)
    g.act("a", Attack("shortsword", "z"))
    # Easy's one point would only dent its Armor; Medium's two defeat it
    assert next(r for r in answers.asked if r.question == "np_difficulty").default == "medium"
    assert not g.unit("z").alive and g.over  # defeated at 0 Stamina (R-NP-5)


def test_ex_np_2_fast_talk_contest_with_bargain_turns_and_round_order():
    units = [
        sb.unit("vroy", "pcs", (2, 2), facing="E", **np(skills={"bargain": 2})),
        sb.unit("guard", "npcs", (5, 2), facing="W", **np(skills={"bargain": 2}, armor="chain_shirt")),
    ]
    answers = Answers(np_difficulty=["easy", "medium", "medium", "tough"])
    g = np_game(units, [4, 3, 2, 5, 3, 4, 1, 6], answers)
    g.act("vroy", SkillTurn("Bargain", "guard"))  # L794: Easy, 4 and 3
    assert pools(g, "guard")["stamina"] == 5  # words ignore his chain shirt (L571)
    g.end_turn()
    g.act("guard", SkillTurn("Bargain", "vroy"))  # L798: Medium, 2 and 5
    assert pools(g, "vroy")["stamina"] == 4
    g.end_turn()
    assert g.state.turn_order == ["npcs", "pcs"] and g.active_player == "npcs"  # L802
    g.act("guard", SkillTurn("Bargain", "vroy"))  # L806: rolls poorly
    assert pools(g, "vroy")["stamina"] == 4
    g.end_turn()
    g.act("vroy", SkillTurn("Bargain", "guard"))  # L810: Tough, a 1
    assert pools(g, "guard")["stamina"] == 2


def test_ex_np_3_boxley_and_the_giant_lizard_through_game_orders():
    # The source's two slips (L846-852): Boxley's Melee is 3 but each roll lists two faces (the
    # d8 is scripted as a face that changes nothing); the lizard's Medium bite deals 2, not "1".
    units = [
        sb.unit("boxley", "pcs", (2, 2), facing="E", weapons=[sb.SWORD],
                **np(skills={"melee": 3, "acrobatics": 3, "perception": 4}, armor="gambeson")),
        sb.unit("lizard", "npcs", (3, 2), facing="W", weapons=[CLAWS],
                **np(skills={"melee": 3, "acrobatics": 3, "wrestle": 4}, natural_armor=2)),
    ]
    answers = Answers(np_difficulty=["medium"] * 6 + ["easy"], np_wrestle_effect=["hinder"],
                      attack_response=["decline"] * 4)
    # Perception 3,2,5,9 | Melee 1,4,5 | bite 2,5,6 | Melee 2,2,6 | bite 3,4,5 | Melee 2,5,7 | Wrestle 3,5,8
    script = [3, 2, 5, 9, 1, 4, 5, 2, 5, 6, 2, 2, 6, 3, 4, 5, 2, 5, 7, 3, 5, 8]
    g = np_game(units, script, answers)
    assert (pools(g, "boxley")["armor"], pools(g, "lizard")["armor"]) == (4, 5)  # L824
    g.act("boxley", SkillTurn("Perception", "lizard"))
    g.end_turn()
    g.end_turn()  # round 1: the lizard gets ready
    g.act("boxley", Attack("shortsword", "lizard"))  # round 2 (L846): 1, 4
    assert (pools(g, "lizard")["stamina"], pools(g, "lizard")["armor"]) == (5, 4)
    g.end_turn()
    g.act("lizard", Attack("claws", "boxley"))  # L852 (slip 2)
    assert (pools(g, "boxley")["stamina"], pools(g, "boxley")["armor"]) == (6, 2)
    g.end_turn()
    assert g.state.turn_order == ["pcs", "npcs"]
    g.act("boxley", Attack("shortsword", "lizard"))  # round 3 (L862): 2, 2 pass thanks to Perception
    assert (pools(g, "lizard")["stamina"], pools(g, "lizard")["armor"]) == (3, 4)
    g.end_turn()
    g.act("lizard", Attack("claws", "boxley"))  # L866: fails
    assert not last_attack(g).hit
    g.end_turn()
    g.act("boxley", Attack("shortsword", "lizard"))  # round 4 (L878): the benefit has ended
    assert (pools(g, "lizard")["stamina"], pools(g, "lizard")["armor"]) == (3, 2)
    g.end_turn()
    g.act("lizard", SkillTurn("Wrestle", "boxley"))  # L882: Wrestle 4 at Stamina 3 -> 3 dice, Easy
    turn = [e for e in g.events if e.kind == "np_turn"][-1]
    assert turn.text.startswith("Wrestle 4 (3 dice): d4 3, d6 5, d8 8 → lowest 3: Easy success")
    assert pools(g, "boxley")["conditions"] == [["hinder", "lizard", 5]]  # through the next round
    g.end_turn()
    assert g.unit("boxley").move_left == 2  # hindered: half of the 4-square move (R-NP-10)


def test_r_np_11_acrobatics_veto_through_game_orders_and_the_human_choice():
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 3})),
        sb.unit("d", "blue", (3, 2), facing="W", weapons=[sb.SWORD], **np(skills={"acrobatics": 2})),
    ]
    answers = Answers(np_difficulty=["easy", "tough"], np_veto=["veto"])
    g = np_game(units, [3, 2], answers)
    g.end_turn()
    g.act("d", SkillTurn("Acrobatics"))  # Easy: d4 3, d6 2 -> two vetoes
    assert pools(g, "d")["dodge"] == 2
    g.end_turn()
    g.act("a", Attack("shortsword", "d"))
    veto = next(r for r in answers.asked if r.question == "np_veto")
    assert veto.unit == "d" and veto.options == ("veto", "no") and veto.detail["vetoes"] == 2
    event = last_attack(g)
    assert event.roll is None and not event.hit and "vetoed by d" in event.text
    assert pools(g, "d")["dodge"] == 1


def test_r_np_11_protect_veto_for_an_ally_in_reach_and_lapse_at_next_turn():
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 3})),
        sb.unit("ally", "blue", (3, 2), facing="W", **np(skills={"melee": 1})),
        sb.unit("guard", "blue", (4, 2), facing="W", **np(skills={"melee": 2}, talents={"melee": 1})),
    ]
    g = np_game(units, [3, 6], Answers(np_difficulty=["easy", "medium"]))
    g.end_turn()
    g.act("guard", SkillTurn("Protect"))
    assert pools(g, "guard")["guard"] == 1
    g.end_turn()
    # round 2: blue has more Stamina left and goes first (R-NP-9); the talent keeps the veto (L927)
    assert g.active_player == "blue"
    g.end_turn()
    assert pools(g, "guard")["guard_kept"] == 1
    g.act("a", Attack("shortsword", "ally"))  # the computer's default spends the veto
    assert "vetoed by guard protecting ally" in last_attack(g).text
    assert pools(g, "guard")["guard_kept"] == 0


def test_vetoes_lapse_at_the_owners_next_turn():
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"acrobatics": 2})),
        sb.unit("z", "blue", (9, 9), facing="W", **np(skills={"melee": 1})),
    ]
    g = np_game(units, [1, 1], Answers(np_difficulty=["easy"]))
    g.act("a", SkillTurn("Acrobatics"))
    assert pools(g, "a")["dodge"] == 2
    g.end_turn()
    g.end_turn()
    assert pools(g, "a")["dodge"] == 0  # no talent: gone at its next turn (L922)


def test_skill_turn_problems_are_illegal_orders():
    units = [
        sb.unit("a", "red", (2, 2), facing="E", **np(skills={"melee": 3})),
        sb.unit("z", "blue", (9, 9), facing="W", **np(skills={"melee": 1})),
    ]
    g = np_game(units, [])
    with pytest.raises(IllegalOrder, match="Wrestle needs an enemy within reach"):
        g.act("a", SkillTurn("Wrestle", "z"))
    with pytest.raises(IllegalOrder, match="not a Nine Powers turn"):
        g.act("a", SkillTurn("Juggle"))
    labels = [o.label for o in g.legal_actions("a") if o.kind == "skill_turn"]
    assert any(label.startswith("Acrobatics (Easy") for label in labels)


def test_r_np_16_sneak_attack_from_behind_adds_the_stealth_talent():
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[sb.SWORD],
                **np(skills={"melee": 2, "stealth": 2}, talents={"stealth": 2})),
        sb.unit("z", "blue", (3, 2), facing="E", **np(skills={"melee": 1})),  # back turned
    ]
    g = np_game(units, [3, 6], Answers(np_difficulty=["easy"]))
    g.act("a", Attack("shortsword", "z"))
    assert last_attack(g).damage == 1 + 2 and "sneak attack" in last_attack(g).text


def test_blast_damage_is_a_point_a_die_through_armor_to_stamina():
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[sb.GRENADE], **np(skills={"shoot": 2})),
        sb.unit("z", "blue", (5, 2), facing="W", **np(skills={"melee": 1})),  # armor 1
    ]
    g = np_game(units, [3, 6, 5], Answers())
    g.act("a", Attack("grenade", "z"))  # Throw check (d4 3, d6 6: Easy for Use 3), then 1d10 blast
    rolled = next(e for e in g.events if e.kind == "armor_rolled")
    assert (rolled.damage, rolled.armor, rolled.outcome) == (1, 1, "armor")  # one die, one point
    assert (pools(g, "z")["armor"], pools(g, "z")["stamina"]) == (0, 6)


@pytest.mark.parametrize("name", ["skirmish.json", "ruined_chapel.json"])
@pytest.mark.parametrize("seed", [0, 1])
def test_samples_play_to_the_end_under_nine_powers(name, seed):
    data = load_scenario(SCENARIOS / name).model_dump(mode="json")
    data["ruleset"] = "ninepowers"
    g = Game.from_scenario(Scenario.model_validate(data), seed=seed, max_rounds=40)
    play_game(g)
    assert g.over
    assert any(e.kind == "attacked" for e in g.events)
