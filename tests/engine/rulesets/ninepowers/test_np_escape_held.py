"""R-NP-13 (L953-959): Escape flees a fight, so it is offered and allowed only while something
holds the unit: an enemy within reach (a melee contest) or a wrestler's effect on it. Before,
any unit anywhere could "Escape" (issue 10 click-through: the action menu offered it on a
right-click of a far enemy). Through `Game` orders."""

from __future__ import annotations

import pytest
from ninepowers_helpers import CLAWS, np, np_game, pools
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import SkillTurn
from brikwars_gui.engine.rules.common import IllegalOrder


def _escapes(game, uid: str) -> list[str]:
    return [o.label for o in game.legal_actions(uid) if o.kind == "skill_turn" and o.action.skill == "Escape"]


def test_r_np_13_no_escape_without_a_fight_to_flee():
    units = [
        sb.unit("vroy", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 3})),
        sb.unit("z", "blue", (12, 8), facing="W", weapons=[CLAWS], **np(skills={"melee": 1})),
    ]
    g = np_game(units, [])
    assert not _escapes(g, "vroy")
    assert any(o.kind == "skill_turn" for o in g.legal_actions("vroy"))  # Acrobatics etc. still offered
    with pytest.raises(IllegalOrder, match="no fight to Escape from"):
        g.act("vroy", SkillTurn("Escape"))
    assert g.unit("vroy").alive and not g.unit("vroy").action_used


def test_r_np_13_escape_from_an_enemy_within_reach_takes_the_unit_off_the_field():
    units = [
        sb.unit("vroy", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 3})),
        sb.unit("z", "blue", (3, 2), facing="W", weapons=[CLAWS], **np(skills={"melee": 1})),
    ]
    g = np_game(units, [1], Answers(np_difficulty=["easy"]))  # Escape 1: one d4, a 1
    assert _escapes(g, "vroy") == ["Escape (Easy 75%)"]
    g.act("vroy", SkillTurn("Escape"))
    assert not g.unit("vroy").alive  # fled the fight


def test_r_np_13_a_wrestlers_hold_keeps_escape_open_out_of_reach():
    units = [
        sb.unit("boxley", "red", (2, 2), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 3})),
        sb.unit("lizard", "blue", (3, 2), facing="W", weapons=[CLAWS], **np(skills={"wrestle": 4})),
        sb.unit("far", "red", (2, 9), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 1})),
    ]
    answers = Answers(np_difficulty=["tough"], np_wrestle_effect=["hinder"])
    g = np_game(units, [1, 1, 1, 1], answers)  # Wrestle 4: d4 d6 d8 d10 all 1s, a Tough success
    g.end_turn()
    g.act("lizard", SkillTurn("Wrestle", "boxley"))
    assert next(c[:2] for c in pools(g, "boxley")["conditions"]) == ["hinder", "lizard"]
    g.move("lizard", (7, 2))  # steps out of reach; the hold stays (through round 4)
    g.end_turn()
    assert g.active_player == "red"
    assert _escapes(g, "boxley"), "the hold is a fight to flee"
    assert not _escapes(g, "far")
