"""The Nine Powers stat block and the default conversion from BrikWars stats."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.rulesets.ninepowers.damage import ArmorKind
from brikwars_gui.engine.rulesets.ninepowers.stats import (
    NinePowersStats,
    StatBlockError,
    convert_brikwars,
)


def test_stat_block_round_trips_and_builds_vitals():
    data = {
        "skills": {"melee": 3, "acrobatics": 2, "wrestle": 4},
        "talents": {"melee": 2},
        "armor": "boiled_leather",
        "natural_armor": None,
        "armor_buffer": 2,
        "extra_damage": 1,
        "venomous": True,
        "magic_dice": [20],
    }
    stats = NinePowersStats.from_dict(data)
    assert stats.rating("Protect") == 3  # Melee/Protect share a rating (L321)
    assert stats.rating("Escape") == 1  # unlisted skills are rated 1
    assert stats.starting_armor == 2 + 3
    assert stats.armor_text() == "5+(2)"
    vitals = stats.fresh_vitals()
    assert (vitals.stamina, vitals.armor, vitals.buffer) == (6, 5, 2)
    assert NinePowersStats.from_dict(stats.to_dict()) == stats


def test_natural_armor_replaces_the_table():
    lizard = NinePowersStats(skills={"acrobatics": 3}, natural_armor=2)  # L824: thick hide 2 + 3
    assert lizard.starting_armor == 5


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"skills": {"melee": 5}}, "skills.melee"),
        ({"skills": {"juggling": 2}}, "skills.juggling"),
        ({"skills": {"melee": 2}, "talents": {"melee": 3}}, "talents.melee"),
        ({"skills": {}, "half_damage": "sideways"}, "half_damage"),
        ({"skills": {}, "magic_dice": [8]}, "magic_dice"),
    ],
)
def test_bad_stat_blocks_name_the_field(data, field):
    with pytest.raises(StatBlockError, match=field.replace(".", r"\.")):
        NinePowersStats.from_dict(data)


def test_default_conversion_of_a_plain_minifig():
    stats = convert_brikwars(skill_die=6, armor="4", weapon_kinds=["ranged", "thrown"])
    assert dict(stats.skills) == {
        "shoot": 3, "acrobatics": 2, "melee": 2, "wrestle": 2, "perception": 2, "stealth": 1,
    }
    assert stats.armor is ArmorKind.GAMBESON and stats.starting_armor == 1 + 2
    assert stats.stamina == 6


def test_default_conversion_of_a_hero_with_armor_and_shield():
    stats = convert_brikwars(skill_die=10, armor="2d6+3", hero=True, weapon_kinds=["close"],
                             weapon_names=["Sword", "Tower Shield"])
    assert stats.rating("melee") == 4 and stats.rating("shoot") == 4
    assert stats.armor is ArmorKind.BRIGANDINE and stats.shield
    assert stats.starting_armor == 6 + 4


def test_heavy_armor_floor():
    assert convert_brikwars(skill_die=4, armor="2", heavy_armor=True).armor is ArmorKind.CHAIN_SHIRT
    assert convert_brikwars(skill_die=4, armor="2", body_armor=True).armor is ArmorKind.BOILED_LEATHER
