"""Effects on a weapon's Damage (R-SN-24/34/35; EX-11, EX-13b): Range dice carry the Effect to the
weapon's holder (the Action), then each Damage die joins the rating — rolled with it at each use —
or cancels a die of its size in it; the weapon is itself again when the Effect ends."""

from __future__ import annotations

from typing import Any

import pytest
from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.session import Game

FIRE_ARROWS = effect("Fire Arrows", "weapon", "range", "damage+", element="fire")
JAM = effect("Jam", "weapon", "range", "damage-")
SHED = {
    "id": "shed",
    "name": "shed",
    "kind": "shed",
    "cells": [[14, 5]],
    "size": 2,
    "weight": 1,
    "armor": "1d10",
}


def game(units: list[dict], script: list[int], **kw: Any) -> Game:
    """A Game on a sandbox map with scripted dice (`kw`: `sb.scenario` options, e.g. objects)."""
    return Game.from_scenario(sb.scenario(units, **kw), script=script)


def test_ex_13b_r_sn_34_fire_arrows_need_range_to_the_bow_and_set_the_shed_alight() -> None:
    units = [
        caster("m", "red", (5, 5), {"hat": "d6", "amulet": "d4", "crystal": "d8"}, FIRE_ARROWS),
        sb.unit("b", "red", (6, 5), weapons=[sb.LONGBOW]),
        sb.unit("z", "blue", (17, 17)),
    ]
    g = game(units, [3, 4, 2, 3, 5, 1, 1], objects=[SHED])  # then the shed's Burning Rolls (R-FIRE-8)
    g.act("m", Cast("Fire Arrows", "b:longbow", plan=("crystal:range", "amulet:damage+")))
    bow = g.unit("b").weapons[0]
    assert (bow.damage, bow.damage_type) == ("1d6+1+1d4", "fire") and g.unit("m").action_used
    g.act("b", Attack("longbow", "shed"))  # hit 4; Damage 2 + 1 + 3 = 6 vs Armor d10 5
    assert kinds(g, "armor_rolled")[0]["damage"] == 6
    assert kinds(g, "fire_ignited")[0]["target"] == "shed"  # the d4's 3 > Weight 1
    g.end_turn()
    g.end_turn()  # the Effect ends at m's next turn: the bow is itself again
    assert (bow.damage, bow.damage_type) == ("1d6+1", "normal")


def test_ex_11_r_sn_35_a_d6_cancels_the_pistols_d6_until_the_wizards_next_turn() -> None:
    units = [
        caster("w", "red", (5, 5), {"skull": "d8", "bone": "d6"}, JAM),
        sb.unit("g", "blue", (11, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = game(units, [6, 5])
    g.act("w", Cast("Jam", "g:pistol", plan=("skull:range", "bone:damage-")))
    assert g.unit("g").weapons[0].damage == "0" and g.unit("w").action_used
    g.end_turn()
    g.act("g", Attack("pistol", "w"))  # a hit (5), but no Damage die: Damage 0, no Armor roll
    assert kinds(g, "attacked")[0]["hit"] and not kinds(g, "armor_rolled") and g.unit("w").alive
    g.end_turn()
    assert g.unit("g").weapons[0].damage == "1d6"


def test_ex_11_r_sn_35_a_d4_that_matches_nothing_subtracts_its_points() -> None:
    units = [
        caster("w", "red", (5, 5), {"skull": "d8", "amulet": "d4"}, JAM),
        sb.unit("g", "blue", (11, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = game(units, [6, 5, 3, 2])
    g.act("w", Cast("Jam", "g:pistol", plan=("skull:range", "amulet:damage-")))
    assert g.unit("g").weapons[0].damage == "1d6-1d4"
    g.end_turn()
    g.act("g", Attack("pistol", "w"))  # hit 5; Damage 3 − 2 = 1 vs Armor 4: nothing
    assert kinds(g, "armor_rolled")[0]["damage"] == 1 and g.unit("w").alive


LONG_SHOT = effect("Long Shot", "weapon", "range", "range+", "range-")


def test_r_sn_24_a_range_die_onto_a_bow_adds_its_inches_to_the_bows_range_until_the_effect_ends() -> None:
    units = [
        caster("m", "red", (5, 5), {"hat": "d6", "crystal": "d8"}, LONG_SHOT),
        sb.unit("b", "red", (6, 5), facing="E", weapons=[sb.LONGBOW]),
        sb.unit("z", "blue", (20, 5)),
        sb.unit("y", "blue", (22, 18)),
    ]
    g = game(units, [3, 5, 4, 5], width=24)  # Range d6 3 reaches the bow; Range+ d8 5: 10 + 5 = 15"
    g.act("m", Cast("Long Shot", "b:longbow", plan=("hat:range", "crystal:range+")))
    assert g.unit("b").weapons[0].range == 15 and g.unit("m").action_used
    assert kinds(g, "stat_modified")[0]["change"] == '+5"'
    g.act("b", Attack("longbow", "z"))  # 14" away: in Range now, no −4 per die (R-ACT-6)
    attack = kinds(g, "attacked")[0]
    assert attack["out_of_range"] == 0 and attack["hit"] and not g.unit("z").alive
    g.end_turn()
    g.end_turn()  # m's next turn start: the Effect ends
    assert g.unit("b").weapons[0].range == 10


def test_r_sn_24_a_range_die_cuts_an_enemy_rifles_range_never_below_0() -> None:
    units = [
        caster("m", "red", (5, 5), {"hat": "d6", "crystal": "d8"}, LONG_SHOT),
        sb.unit("r", "blue", (8, 5), weapons=[sb.RIFLE]),
    ]
    g = game(units, [3, 8, 5])  # Range 3 reaches r; Range− d8 8 + Bonus 5 = 13 > 10: down to 0"
    g.act("m", Cast("Long Shot", "r:rifle", plan=("hat:range", "crystal:range-")))
    assert g.unit("r").weapons[0].range == 0
    assert [m.value for m in g.state.sn.effects["fx1"].mods] == [-10]  # exactly what it took


def test_r_sn_24_a_close_combat_weapon_has_no_range_to_change() -> None:
    units = [
        caster("m", "red", (5, 5), {"hat": "d6", "crystal": "d8"}, LONG_SHOT),
        sb.unit("s", "red", (6, 5), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (17, 17)),
    ]
    g = game(units, [])
    with pytest.raises(IllegalOrder, match="no Range"):
        g.act("m", Cast("Long Shot", "s:shortsword", plan=("hat:range", "crystal:range+")))
