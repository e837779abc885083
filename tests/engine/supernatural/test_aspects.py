"""Stat Aspects through `Game` orders (R-SN-10/29/36/39, R-DICE-10/11, R-SN-28, EX-9a, EX-13a):
SN writes into the stats the engine reads, so attacks roll the changed Armor, Blessings and Move."""

from __future__ import annotations

from typing import Any

import pytest
from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.session import Game
from tests.scripted_answers import Answers

BLESSING = effect("Blessing", "ally", "bless")
HEX = effect("Hex", "hostile", "range", "curse")


def game(units: list[dict], script: list[int], policy: Any = None, **kw: Any) -> Game:
    """A Game on a sandbox map with scripted dice (`kw`: `sb.scenario` options, e.g. objects)."""
    return Game.from_scenario(sb.scenario(units, **kw), script=script, policy=policy)


def _clerik(**kw):
    return caster("c", "red", (5, 5), {"book": "d8", "amulet": "d4"}, BLESSING, HEX, **kw)


def test_ex_9_r_dice_10_r_sn_10_a_d8_blessing_by_touch_is_free_and_rolls_with_the_next_attack() -> None:
    units = [_clerik(), sb.unit("k", "red", (6, 5), weapons=[sb.PISTOL]), sb.unit("e", "blue", (9, 5))]
    g = game(units, [2, 5, 4])
    g.act("c", Cast("Blessing", "k", plan=("book:bless",)))
    assert g.unit("k").blessings == (8,) and not g.unit("c").action_used
    assert not kinds(g, "sn_die_rolled")[0]["roll"]["faces"]  # nothing rolled at cast time
    g.act("k", Attack("pistol", "e"))  # own d6 2, Blessing d8 5 kept: a hit; Damage 4 = Armor 4
    attack = kinds(g, "attacked")[0]
    assert attack["hit"] and g.unit("e").disrupted


def test_ex_9_r_dice_10_a_d4_cannot_curse_a_d6_by_cast() -> None:
    units = [_clerik(), sb.unit("k", "red", (6, 5)), sb.unit("e", "blue", (8, 5))]
    g = game(units, [])
    with pytest.raises(IllegalOrder, match="a d4 cannot Curse a d6"):
        g.act("c", Cast("Hex", "e", plan=("book:range", "amulet:curse")))
    assert not kinds(g, "effect_cast") and g.state.sn.talismans["book"].status == "ready"


def test_r_dice_11_a_cast_curse_cancels_a_scenario_blessing() -> None:
    units = [
        caster("c", "red", (5, 5), {"gem": "d6", "book": "d8"}, HEX),
        sb.unit("e", "blue", (8, 5), blessings=["d6"], weapons=[sb.PISTOL]),
    ]
    g = game(units, [3, 4, 2])
    g.act("c", Cast("Hex", "e", plan=("gem:range", "book:curse")))  # range 3 reaches; the Curse joins
    assert g.unit("e").curses == (8,) and g.unit("c").action_used
    g.end_turn()
    g.act("e", Attack("pistol", "c"))  # Blessing and Curse cancel: only its own d6 (4), then Damage 2
    roll = kinds(g, "attacked")[0]["roll"]
    assert [d["role"] for d in roll["dice"]] == ["skill"]


def test_r_sn_36_bone_armor_is_rerolled_at_each_hit() -> None:
    bone = effect("Bone Armor", "ally", "armor+")
    units = [
        caster("n", "red", (5, 5), {"skull": "d6"}, bone),
        sb.unit("s", "red", (6, 5)),
        sb.unit("r1", "blue", (10, 5), weapons=[sb.RIFLE]),
        sb.unit("r2", "blue", (10, 6), weapons=[sb.RIFLE]),
    ]
    g = game(units, [4, 5, 3, 4, 5, 1])
    g.act("n", Cast("Bone Armor", "s", plan=("skull:armor+",)))
    assert g.unit("s").armor == "4+1d6"
    g.end_turn()
    g.act("r1", Attack("rifle", "s"))  # hit 4; Damage 5+1 = 6 vs Armor 4+3 = 7: nothing
    g.act("r2", Attack("rifle", "s"))  # hit 4; Damage 6 vs Armor 4+1 = 5: killed
    assert [a["armor"] for a in kinds(g, "armor_rolled")] == [7, 5]
    assert not g.unit("s").alive


def test_r_sn_36_subtracted_armor_stops_at_zero() -> None:
    rust = effect("Rust", "hostile", "range", "armor-")
    units = [
        caster("w", "red", (5, 5), {"gem": "d8", "skull": "d6"}, rust, weapons=[sb.RIFLE]),
        sb.unit("e", "blue", (8, 5), armor="1"),
        sb.unit("f", "red", (5, 7), weapons=[sb.RIFLE]),
    ]
    g = game(units, [4, 4, 2, 3])
    g.act("w", Cast("Rust", "e", plan=("gem:range", "skull:armor-")))
    assert g.unit("e").armor == "1-1d6"
    g.act("f", Attack("rifle", "e"))  # hit 4; Damage 2+1 = 3; Armor 1 − 3 = −2 → 0
    armor = kinds(g, "armor_rolled")[0]
    assert armor["armor"] == 0 and "R-SN-36" in armor["explain"]


def test_r_sn_29_a_slowed_knight_at_0_inches_is_stopped_but_shoots() -> None:
    slow = effect("Slow", "hostile", "range", "move-")
    units = [
        caster("w", "red", (5, 5), {"gem": "d8", "hat": "d6"}, slow),
        sb.unit("k", "blue", (9, 5), move=5, weapons=[sb.RIFLE]),
    ]
    g = game(units, [5, 6, 2, 4, 3])  # range 5; move d6 6 → SN bonus 2 = 8 (Move 5 → 0)
    g.act("w", Cast("Slow", "k", plan=("gem:range", "hat:move-")))
    assert g.unit("k").move == 0
    g.end_turn()
    assert g.legal_moves("k") == {}
    g.act("k", Attack("rifle", "w"))  # it still acts: hit 4, Damage 3+1 = 4 = Armor: Disrupted
    assert g.unit("w").disrupted


def test_ex_13a_r_sn_39_an_sn_action_die_boosts_the_bowmans_next_roll_by_touch() -> None:
    aim = effect("Steady Aim", "ally", "action+")
    units = [
        caster("m", "red", (5, 5), {"hat": "d6"}, aim),
        sb.unit("b", "red", (6, 5), weapons=[sb.LONGBOW]),
        sb.unit("z", "blue", (14, 5)),
    ]
    g = game(units, [4, 2, 3])
    g.act("m", Cast("Steady Aim", "b", plan=("hat:action+",)))
    assert g.unit("b").sn_roll_bonus == 4 and not g.unit("m").action_used
    g.act("b", Attack("longbow", "z"))  # 2 + 4 reaches 3; Damage 3+1 = 4 = Armor: Disrupted
    assert kinds(g, "attacked")[0]["hit"] and g.unit("z").disrupted
    assert g.unit("b").sn_roll_bonus == 0  # used up


def test_ex_13a_r_sn_39_a_natural_1_is_still_a_critical_failure() -> None:
    aim = effect("Steady Aim", "ally", "action+")
    units = [
        caster("m", "red", (5, 5), {"hat": "d6"}, aim),
        sb.unit("b", "red", (6, 5), weapons=[sb.LONGBOW]),
        sb.unit("z", "blue", (14, 5)),
    ]
    g = game(units, [4, 1])
    g.act("m", Cast("Steady Aim", "b", plan=("hat:action+",)))
    g.act("b", Attack("longbow", "z"))
    assert not kinds(g, "attacked")[0]["hit"] and g.unit("z").alive


def test_r_sn_28_an_armor_d10_covers_the_squad_within_2_inches() -> None:
    shield = effect("Iron Hide", "cell", "armor+")
    units = [
        caster("c", "red", (5, 5), {"rod": "d10"}, shield),
        sb.unit("a1", "red", (5, 6)),
        sb.unit("a2", "red", (6, 7)),
        sb.unit("a3", "red", (5, 9)),
        sb.unit("e", "blue", (15, 15)),
    ]
    g = game(units, [])
    g.act("c", Cast("Iron Hide", at=(5, 5), plan=("rod:armor+",)))
    landed = kinds(g, "effect_landed")[0]
    assert landed["radius"] == 2 and landed["targets"] == ["a1"]  # a2 is 2.24" away; c left out
    assert g.unit("a1").armor == "4+1d10"
    assert g.unit("a2").armor == g.unit("a3").armor == g.unit("c").armor == "4"


@pytest.mark.parametrize(("answer", "warded"), [("no", False), ("yes", True)])
def test_r_sn_28_a_self_centred_blast_may_leave_the_caster_out(answer: str, warded: bool) -> None:
    shield = effect("Iron Hide", "cell", "armor+")
    units = [
        caster("c", "red", (5, 5), {"rod": "d10"}, shield),
        sb.unit("a1", "red", (5, 6)),
        sb.unit("e", "blue", (15, 15)),
    ]
    policy = Answers(sn_include_self=answer)
    g = game(units, [], policy)
    g.act("c", Cast("Iron Hide", at=(5, 5), plan=("rod:armor+",)))
    assert policy.first("sn_include_self").default == "no"
    assert (g.unit("c").armor == "4+1d10") is warded and g.unit("a1").armor == "4+1d10"


def test_r_sn_37_an_iron_skin_d10_makes_a_minifig_weight_1_and_harder_to_ignite() -> None:
    skin = effect("Iron Skin", "ally", "armor+", "armor-")
    units = [
        caster("c", "red", (5, 5), {"rod": "d10", "bar": "d10"}, skin),
        sb.unit("k", "red", (6, 5)),
        sb.unit("e", "blue", (15, 15)),
    ]
    g = game(units, [])
    g.act("c", Cast("Iron Skin", "k", plan=("rod:armor+",)))
    assert (g.unit("k").armor, g.unit("k").weight) == ("4+1d10", 1.0)
    from brikwars_gui.engine.hazards.common import target_weight

    assert target_weight(g.state, "k") == 1.0  # a d4 Fire die must now beat 1 to catch (R-FIRE-3)
    g.act("c", Cast("Iron Skin", "k", plan=("bar:armor+",)))
    assert g.unit("k").weight == 2.0
    g.end_turn()
    g.end_turn()  # both Effects end: its own Weight again
    assert (g.unit("k").armor, g.unit("k").weight) == ("4", 0.5)


def test_ex_9b_r_sn_38_a_d8_deflection_stops_a_pistols_d6_but_not_a_grenade() -> None:
    aegis = effect("Aegis", "self", "deflect+")
    units = [
        caster("p", "red", (5, 5), {"rune": "d8"}, aegis),
        sb.unit("gunner", "blue", (10, 5), facing="W", weapons=[sb.PISTOL]),
        sb.unit("grenadier", "blue", (9, 5), facing="W", weapons=[sb.GRENADE]),
    ]
    g = game(units, [4, 5, 6])
    g.act("p", Cast("Aegis", plan=("rune:deflect+",)))
    assert g.unit("p").deflection == (8,) and not g.unit("p").action_used
    g.end_turn()
    g.act("gunner", Attack("pistol", "p"))  # hit 4; the d6 is deflected: no Damage die is drawn
    shot = kinds(g, "attacked")[0]
    assert shot["hit"] and shot["damage"] == 0 and g.unit("p").alive
    g.act("grenadier", Attack("grenade", "p"))  # hit 5; a d10 is never stopped by a d8 level: 6 > 4
    assert not g.unit("p").alive


def test_r_sn_38_the_attack_forecast_counts_the_deflection() -> None:
    from brikwars_gui.engine.rulesets import ruleset_of

    aegis = effect("Aegis", "self", "deflect+")
    units = [
        caster("p", "red", (5, 5), {"rune": "d8"}, aegis),
        sb.unit("gunner", "blue", (10, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = game(units, [])
    before = ruleset_of(g.state).attack_odds(g.state, "gunner", "pistol", "p")
    g.act("p", Cast("Aegis", plan=("rune:deflect+",)))
    after = ruleset_of(g.state).attack_odds(g.state, "gunner", "pistol", "p")
    assert before.kills > 0 and after.kills == 0  # the one Damage die is always deflected
