"""R-NP-5..8, R-NP-13, R-NP-15: Armor table, damage through Armor, monsters, venom, Escape."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.rulesets.ninepowers.damage import (
    ArmorKind,
    Hit,
    Vitals,
    apply_damage,
    armor_base,
    halve,
    may_escape,
    starting_armor,
    venom_tick,
)


@pytest.mark.parametrize(
    ("kind", "base", "with_shield"),
    [
        (ArmorKind.NONE, 0, 1),
        (ArmorKind.GAMBESON, 1, 2),
        (ArmorKind.BOILED_LEATHER, 2, 3),
        (ArmorKind.CHAIN_SHIRT, 3, 4),
        (ArmorKind.BRIGANDINE, 4, 6),
        (ArmorKind.FULL_PLATE, 6, 7),  # L587: full plate with a shield is 7
    ],
)
def test_r_np_7_armor_table_and_shield_one_row_down(kind, base, with_shield):
    assert armor_base(kind) == base
    assert armor_base(kind, shield=True) == with_shield


def test_r_np_7_armor_adds_higher_of_acrobatics_or_protect():
    # L824: Boxley soft leather 1 + 3 = 4
    assert starting_armor(ArmorKind.GAMBESON, False, acrobatics=3, protect=2) == 4
    assert starting_armor(ArmorKind.parse("soft leather"), False, acrobatics=1, protect=3) == 4


def test_r_np_5_damage_meets_armor_first():
    v = Vitals(stamina=4, armor=4)
    r = apply_damage(v, Hit(points=2))  # EX-NP-1 first blow: absorbed
    assert (v.armor, v.stamina, r.to_armor, r.to_stamina) == (2, 4, 2, 0)


def test_r_np_5_ones_go_past_armor():
    v = Vitals(stamina=4, armor=2)
    r = apply_damage(v, Hit(points=2, bypass=2))  # EX-NP-1 second blow: 1, 1 -> 2 past Armor
    assert (v.armor, v.stamina, r.past_armor) == (2, 2, 2)
    assert r.explain() == "2 damage, 2 past Armor"


def test_r_np_5_bypass_never_exceeds_the_damage():
    v = Vitals(stamina=6, armor=5)
    r = apply_damage(v, Hit(points=1, bypass=3))
    assert (r.past_armor, v.stamina, v.armor) == (1, 5, 5)


def test_r_np_5_armor_overflow_reaches_stamina_and_defeat_at_zero():
    v = Vitals(stamina=2, armor=1)
    r = apply_damage(v, Hit(points=3))
    assert (v.armor, v.stamina, r.defeated) == (0, 0, True)
    assert v.defeated
    assert r.explain() == "3 damage, 2 to Stamina, defeated"


def test_r_np_8_monster_buffer_refills_each_round():
    v = Vitals(stamina=6, armor=1, buffer_max=2, buffer=2)  # "1+(2)"
    apply_damage(v, Hit(points=3))
    assert (v.buffer, v.armor, v.stamina) == (0, 0, 6)
    v.refill_buffer()
    apply_damage(v, Hit(points=3))
    assert (v.buffer, v.armor, v.stamina) == (0, 0, 5)


def test_r_np_8_extra_damage_goes_to_armor_first_and_never_bypasses():
    v = Vitals(stamina=6, armor=3)
    r = apply_damage(v, Hit(points=2, bypass=2, extra=2))
    assert (r.total, r.past_armor, v.armor, v.stamina) == (4, 2, 1, 4)


def test_r_np_8_half_damage_rounds_down_or_up():
    assert halve(3, "down") == 1 and halve(3, "up") == 2
    v = Vitals(stamina=6, armor=0, half_damage="down")
    apply_damage(v, Hit(points=3))
    assert v.stamina == 5


def test_r_np_15_venom_bites_at_end_of_victims_turns():
    v = Vitals(stamina=6, armor=0)
    apply_damage(v, Hit(points=1, venomous=True))
    apply_damage(v, Hit(points=1, venomous=True))
    assert v.venom == 2 and v.stamina == 4
    assert venom_tick(v) == 2 and v.stamina == 2
    armored = Vitals(stamina=6, armor=5)
    apply_damage(armored, Hit(points=1, venomous=True))  # held by Armor: no venomous injury
    assert armored.venom == 0


def test_r_np_13_escape_only_without_damage_this_round_and_last():
    v = Vitals(stamina=6, armor=2)
    apply_damage(v, Hit(points=1), round_no=3)
    assert not may_escape(v, 3)
    assert not may_escape(v, 4)
    assert may_escape(v, 5)
