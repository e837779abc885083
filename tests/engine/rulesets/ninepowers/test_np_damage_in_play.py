"""Nine Powers damage rules through `Game` orders with scripted dice (RULES.md NP): the pool
capped by Stamina (R-NP-4), damage by difficulty (R-NP-6), the Armor table (R-NP-7), monster
armour, extra damage (R-NP-8) and venom (R-NP-15). The contest-level tests are test_np_damage.py
and test_np_resolve.py; these play the same rules on the battlefield."""

from __future__ import annotations

from ninepowers_helpers import last_attack, np, np_game, pools
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack

SWORDSMAN = {"skills": {"melee": 3}}  # Melee 3: d4, d6, d8
TARGET = {"skills": {"melee": 1}}  # no armour: Armor 0 + Protect 1, Stamina 6


def strike(attacker: dict, target: dict, dice: list[int], difficulty: str):
    units = [
        sb.unit("a", "red", (5, 5), weapons=[sb.SWORD], **np(**attacker)),
        sb.unit("z", "blue", (6, 5), **np(**target)),
    ]
    g = np_game(units, dice, Answers(np_difficulty=[difficulty]))
    g.act("a", Attack("shortsword", "z"))
    return g


def test_r_np_4_a_pool_is_never_larger_than_the_attackers_stamina() -> None:
    g = strike({**SWORDSMAN, "stamina": 2}, TARGET, [2, 5], "medium")
    assert "Melee 3 (2 dice): d4 2, d6 5 → lowest 2" in last_attack(g).text


def test_r_np_6_easy_medium_tough_successes_deal_1_2_3() -> None:
    rolls = (("easy", [3, 5, 6], 1), ("medium", [2, 5, 6], 2), ("tough", [1, 5, 6], 3))
    for difficulty, dice, dealt in rolls:
        g = strike(SWORDSMAN, {**TARGET, "stamina": 9}, dice, difficulty)
        assert f"{dealt} damage" in last_attack(g).text
        assert pools(g, "z")["armor"] + pools(g, "z")["stamina"] == 1 + 9 - dealt


def test_r_np_7_armor_is_its_base_plus_the_better_of_acrobatics_or_protect_a_shield_one_row_down() -> None:
    nimble = {**TARGET, "skills": {"melee": 1, "acrobatics": 2}, "armor": "chain_shirt"}
    g = strike(SWORDSMAN, nimble, [1, 5, 6], "tough")
    assert "3 damage, 1 past Armor" in last_attack(g).text
    assert (pools(g, "z")["armor"], pools(g, "z")["stamina"]) == (5 - 2, 6 - 1)  # chain shirt 3 + 2
    g = strike(SWORDSMAN, {**TARGET, "armor": "chain_shirt", "shield": True}, [3, 5, 6], "easy")
    assert pools(g, "z")["armor"] == 4 + 1 - 1  # the shield: brigandine's 4, + Protect 1


def test_r_np_8_a_monsters_bracketed_armour_takes_the_blow_and_refills_next_round() -> None:
    g = strike(SWORDSMAN, {**TARGET, "natural_armor": 1, "armor_buffer": 2}, [2, 5, 6], "medium")
    assert (pools(g, "z")["buffer"], pools(g, "z")["armor"], pools(g, "z")["stamina"]) == (0, 2, 6)
    g.end_turn()
    g.end_turn()  # round 2
    assert pools(g, "z")["buffer"] == 2


def test_r_np_8_extra_damage_adds_to_every_hit_and_goes_to_armor_first() -> None:
    g = strike({**SWORDSMAN, "extra_damage": 1}, {**TARGET, "armor": "chain_shirt"}, [2, 5, 6], "medium")
    assert "3 damage" in last_attack(g).text
    assert (pools(g, "z")["armor"], pools(g, "z")["stamina"]) == (4 - 3, 6)


def test_r_np_15_a_venomous_injury_bites_at_the_end_of_each_of_the_victims_turns() -> None:
    g = strike({**SWORDSMAN, "venomous": True}, TARGET, [1, 5, 6], "medium")  # 1 past Armor: injured
    assert (pools(g, "z")["venom"], pools(g, "z")["stamina"]) == (1, 5)
    g.end_turn()  # red's turn ends: not the victim's
    assert pools(g, "z")["stamina"] == 5
    g.end_turn()  # blue's turn ends: the venom bites
    assert pools(g, "z")["stamina"] == 4
