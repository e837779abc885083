"""Blessings and Curses from the scenario file in every roll of the Blessed die, and in the odds
(R-DICE-10/11, EX-9), through `Game` orders with scripted dice."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.dice.brikwars import spend_overskill_on_skill
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, Sprint
from brikwars_gui.engine.rules.attack_odds import attack_odds
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState

#: Use 5 so a low own die misses and a higher SN die hits; Armor 4 is fixed (no Armor dice).
HARD_GUN = {"name": "gun", "kind": "ranged", "use": 5, "range": 8, "damage": "1d6"}


def duel(script: list[int], **attacker: object) -> Game:
    units = [
        sb.unit("a", "red", (5, 5), weapons=[HARD_GUN], **attacker),
        sb.unit("z", "blue", (9, 5)),
    ]
    return Game.from_scenario(sb.scenario(units), script=script)


def attacked(g: Game):
    return next(e for e in g.events if e.kind == "attacked")


def skill_dice(roll: dict) -> list[tuple[int, int, str, bool]]:
    return [(d["sides"], d["face"], d["role"], d["kept"]) for d in roll["dice"]]


def test_r_dice_10_a_blessed_attack_keeps_the_higher_of_its_die_and_the_sn_d8() -> None:
    g = duel([2, 5, 3], blessings=["d8"])  # own d6 2, Blessing d8 5 → 5 ≥ Use 5; Damage 3
    g.act("a", Attack("gun", "z"))
    e = attacked(g)
    assert e.hit and e.roll["total"] == 5
    assert skill_dice(e.roll)[:2] == [(6, 2, "skill", False), (8, 5, "blessing", True)]


def test_r_dice_10_a_cursed_attack_keeps_the_lower_die() -> None:
    g = duel([5, 2], curses=["d6"])  # own d6 5 would hit; the Curse d6 shows 2 → miss
    g.act("a", Attack("gun", "z"))
    e = attacked(g)
    assert not e.hit and e.roll["total"] == 2 and e.damage is None


def test_r_dice_10_a_cursed_die_showing_one_is_a_critical_failure() -> None:
    g = duel([6, 1], curses=["d8"])  # the kept (lowest) die is a natural 1 (R-DICE-3)
    g.act("a", Attack("gun", "z"))
    assert attacked(g).critical_failure


def test_r_dice_11_one_blessing_and_one_curse_cancel_so_only_the_own_die_rolls() -> None:
    g = duel([2], blessings=["d8"], curses=["d8"])  # only the d6 is rolled: 2 misses
    g.act("a", Attack("gun", "z"))
    e = attacked(g)
    assert not e.hit and skill_dice(e.roll) == [(6, 2, "skill", True)]


def test_r_dice_11_two_blessings_against_one_curse_leave_one_blessing() -> None:
    g = duel([1, 5, 3], blessings=["d6", "d10"], curses=["d6"])  # the first-listed cancel first
    g.act("a", Attack("gun", "z"))
    e = attacked(g)
    assert e.hit and skill_dice(e.roll)[1][:3] == (10, 5, "blessing")


def test_r_dice_10_the_sprint_roll_is_blessed_too() -> None:
    g = duel([2, 5], blessings=["d8"])  # Sprint: own 2, Blessing 5 → +5"
    g.act("a", Sprint((5, 15)))
    assert g.unit("a").pos == (5, 15) and g.unit("a").bonus_move == 5


def test_r_dice_10_ex_9_the_attack_forecast_counts_the_blessing_exactly() -> None:
    # Use 5 at 4": hit unless both dice are below 5 or the kept die is a 1 (R-DICE-3). Keeping the
    # higher of d6 and d8: P(max < 5) = 4/6 * 4/8; faces 6+ already hit (Overskill not needed).
    g = duel([], blessings=["d8"])
    odds = attack_odds(g.state, "a", "gun", "z")
    assert odds.hit == pytest.approx(1 - (4 / 6) * (4 / 8))
    assert ("Blessed", "d8 rolls with the d6, highest kept (R-DICE-10/11)") in odds.modifiers
    option = next(o for o in g.legal_actions("a") if o.kind == "attack")
    assert option.chance == pytest.approx(odds.hit)  # the action menu shows the same number


def test_r_dice_10_the_forecast_of_a_cursed_unit_drops() -> None:
    # Keeping the lower of two d6: hit only when both show 5+ (6s already hit): (2/6)^2.
    g = duel([], curses=["d6"])
    assert attack_odds(g.state, "a", "gun", "z").hit == pytest.approx((2 / 6) ** 2)
    assert find_ruleset("brikwars").stat_lines(g.unit("a"))[-1].label == "Cursed"


def test_r_dice_10_blessed_rolls_hit_as_often_as_the_odds_say() -> None:
    """Statistical check of the ruleset's Action roll against its exact chance (d6 Blessed by a
    d8 needing 7: Overskill chains count), 4 standard errors."""
    state = GameState.from_scenario(
        sb.scenario([sb.unit("a", "red", (1, 1), blessings=["d8"]), sb.unit("z", "blue", (9, 9))])
    )
    game = Game(state, SeededDice(11))
    ruleset = find_ruleset("brikwars")
    unit = state.units["a"]
    exact = ruleset.action_chance(state, unit, 7, kind="task")
    n = 6000
    hits = 0
    for _ in range(n):
        roll = ruleset.action_roll(game.ctx, unit, sides=6, kind="task", use=7)
        if roll.overskill and not roll.success:
            roll = spend_overskill_on_skill(roll, game.dice)
        hits += bool(roll.success)
    sd = (exact * (1 - exact) / n) ** 0.5
    assert abs(hits / n - exact) < 4 * sd
    assert exact > ruleset.action_chance(state, state.units["z"], 7, kind="task")


KNIFE = {"name": "knife", "kind": "close", "use": 5, "damage": "1d4"}


def test_r_dice_12_a_blessed_weapon_blesses_only_the_actions_with_it() -> None:
    g = duel([2, 5, 3], blessings=["d8"], blessed_part="gun")  # the gun's attack rolls the d8 too
    g.act("a", Attack("gun", "z"))
    assert attacked(g).hit and skill_dice(attacked(g).roll)[1][:3] == (8, 5, "blessing")
    sprinter = duel([2], blessings=["d8"], blessed_part="gun")  # a Sprint uses no part: d6 alone
    sprinter.act("a", Sprint((5, 15)))
    assert sprinter.unit("a").bonus_move == 2


def test_r_dice_12_another_weapon_rolls_the_plain_die_and_the_odds_say_so() -> None:
    units = [
        sb.unit("a", "red", (5, 5), weapons=[HARD_GUN, KNIFE], blessings=["d8"], blessed_part="gun"),
        sb.unit("z", "blue", (6, 5)),
    ]
    g = Game.from_scenario(sb.scenario(units), script=[2])
    assert attack_odds(g.state, "a", "knife", "z").hit == pytest.approx(2 / 6)  # 5 or 6 on the d6
    knife_mods = dict(attack_odds(g.state, "a", "knife", "z").modifiers)
    assert "Blessed" not in knife_mods
    assert "with gun only (R-DICE-12)" in dict(attack_odds(g.state, "a", "gun", "z").modifiers)["Blessed"]
    g.act("a", Attack("knife", "z"))
    assert [d[0] for d in skill_dice(attacked(g).roll)] == [6]


def test_r_dice_12_the_blessed_part_must_be_one_of_the_units_weapons() -> None:
    with pytest.raises(ValueError, match=r"blessed_part: 'halberd' is not one of its weapons \(R-DICE-12\)"):
        sb.scenario([sb.unit("a", "red", (1, 1), blessings=["d8"], blessed_part="halberd")])
