"""Talismans as targets through `Game` orders (R-SN-8: "Talismans can be targeted, destroyed,
stolen"): a called shot at a carried Talisman (Size 0, G-5), at one lying on the battlefield, what
its destruction ends, and taking one from a Disrupted enemy (R-MOVE-16)."""

from __future__ import annotations

from typing import Any

import pytest
from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.sn_actions import AttackTalisman, Cast, TakeTalisman
from brikwars_gui.engine.session import Game

WARD = effect("Ward", "self", "armor+")
SUMMON = effect("Summon", "cell", "creature", form="creature")


def game(units: list[dict], script: list[int], **kw: Any) -> Game:
    return Game.from_scenario(sb.scenario(units, **kw), script=script)


def _duel(script: list[int]) -> Game:
    units = [
        caster("c", "red", (5, 5), {"hat": "d6", "amulet": "d4"}, WARD, SUMMON),
        sb.unit("r", "blue", (10, 5), facing="W", weapons=[sb.RIFLE]),
    ]
    return game(units, script)


def test_r_sn_8_a_shot_talisman_is_destroyed_with_its_die() -> None:
    g = _duel([5, 4])  # Use 3 + 2 (Size 0, G-5) = 5: the d6 5 hits; Damage 4 + 1 = 5 > Armor 4
    g.end_turn()
    option = next(o for o in g.legal_actions("r") if o.action == AttackTalisman("rifle", "hat"))
    assert option.needed == 5 and option.chance == pytest.approx(2 / 6)
    g.act("r", AttackTalisman("rifle", "hat"))
    shot = kinds(g, "talisman_shot")[0]
    assert shot["hit"] and shot["destroyed"] and shot["needed"] == 5 and shot["holder"] == "c"
    assert kinds(g, "talisman_destroyed")[0]["talisman"] == "hat" and g.unit("r").action_used
    g.end_turn()  # red's turn: a destroyed die never comes back
    assert g.state.sn.talismans["hat"].status == "destroyed"
    with pytest.raises(IllegalOrder, match="destroyed"):
        g.act("c", Cast("Ward", plan=("hat:armor+",)))


def test_r_sn_8_a_talisman_shot_that_misses_or_falls_short_leaves_it_whole() -> None:
    g = _duel([4])  # 4 < 5: a miss
    g.end_turn()
    g.act("r", AttackTalisman("rifle", "hat"))
    assert not kinds(g, "talisman_shot")[0]["hit"] and g.state.sn.talismans["hat"].status == "ready"


def test_r_sn_8_r_sn_21_destroying_the_talisman_that_holds_a_diemon_makes_it_vanish() -> None:
    g = _duel([5, 6, 1])  # hit; Damage 6 (+ Bonus 1) + 1 = 8 > 4
    g.act("c", Cast("Summon", at=(6, 5), plan=("amulet:creature",)))
    assert g.state.sn.talismans["amulet"].status == "held"
    g.end_turn()
    g.act("r", AttackTalisman("rifle", "amulet"))
    assert kinds(g, "effect_ended")[0]["reason"] == "its amulet was destroyed (R-SN-8)"
    assert not g.unit("4pion-1").alive and kinds(g, "diemon_gone")


def test_r_sn_8_a_talisman_lying_on_the_battlefield_can_be_shot() -> None:
    units = [
        caster("c", "red", (5, 5), {"hat": "d6"}, WARD),
        sb.unit("q", "red", (2, 2)),
        sb.unit("r", "blue", (10, 5), facing="W", weapons=[sb.RIFLE]),
        sb.unit("s", "blue", (10, 7), facing="W", weapons=[sb.RIFLE]),
    ]
    g = game(units, [4, 4, 5, 5])  # r kills c (4; 5 > 4); s hits the hat (5 ≥ 5): Damage 6 > 4
    g.end_turn()
    g.act("r", Attack("rifle", "c"))
    assert g.state.sn.talismans["hat"].cell == (5, 5)
    g.act("s", AttackTalisman("rifle", "hat"))
    shot = kinds(g, "talisman_shot")[0]
    assert shot["holder"] is None and shot["destroyed"]
    assert g.state.sn.talismans["hat"].cell is None  # gone from the map: nothing to take up


def test_r_sn_8_r_move_16_a_talisman_is_taken_from_a_disrupted_enemy_within_reach() -> None:
    units = [
        caster("c", "red", (5, 5), {"hat": "d6"}, WARD),
        sb.unit("t", "blue", (6, 5)),
    ]
    g = game(units, [])
    g.unit("c").disrupted = True  # knocked over (R-MOVE-16): it lies there helpless
    g.end_turn()
    assert TakeTalisman("hat") in [o.action for o in g.legal_actions("t")]
    g.act("t", TakeTalisman("hat"))
    assert g.state.sn.talismans["hat"].holder == "t" and not g.unit("t").action_used


def test_r_sn_8_r_resp_1_the_holder_answers_a_shot_at_its_talisman_as_an_attack() -> None:
    units = [
        caster("c", "red", (5, 5), {"hat": "d6"}, WARD, facing="E", weapons=[sb.PISTOL]),
        sb.unit("r", "blue", (10, 5), facing="W", weapons=[sb.RIFLE]),
    ]
    g = game(units, [4, 5])  # c's pistol first: hit 4, Damage 5 > 4 — r falls before it shoots
    g.end_turn()  # c saved its Action (R-RESP-1)
    g.act("r", AttackTalisman("rifle", "hat"))
    answer = next(e for e in kinds(g, "decided") if e["question"] == "attack_response")
    assert answer["unit"] == "c" and answer["answer"] == "attack:pistol"
    assert not g.unit("r").alive and not kinds(g, "talisman_shot")
    assert g.state.sn.talismans["hat"].status == "ready"
