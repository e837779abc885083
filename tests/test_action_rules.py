"""R-ACT rules (and attack gaps G-3, G-5, G-9, G-11, G-12) with scripted dice."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import RuleOptions
from brikwars_gui.engine.rules.damage import disrupt
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.engine.state import GameState


def game(units, faces=(), *, policy=None, options=None, **kw) -> Game:
    return Game(
        GameState.from_scenario(sb.scenario(units, **kw)), ScriptedDice(faces), policy=policy, options=options
    )


def attacks(g: Game):
    return [e for e in g.events if e.kind == "attacked"]


def duel(faces, *, shooter=None, target=None, **kw):
    a = {"weapons": [sb.PISTOL, sb.SWORD, sb.GRENADE], **(shooter or {})}
    z = {"facing": "N", **(target or {})}
    units = [sb.unit("a", "red", (5, 5), **a), sb.unit("z", "blue", kw.pop("at", (9, 5)), **z)]
    return game(units, faces, **kw)


def test_r_act_1_one_action_per_turn():
    g = duel([3, 1])
    g.act("a", Attack("pistol", "z"))
    with pytest.raises(IllegalOrder, match="R-ACT-1"):
        g.act("a", Attack("pistol", "z"))


def test_r_act_2_success_when_roll_reaches_use():
    g = duel([3, 1])  # 3 vs Use 3 → hit; damage 1 < Armor 4
    g.act("a", Attack("pistol", "z"))
    assert attacks(g)[0].hit and attacks(g)[0].damage == 1
    g2 = duel([2])
    g2.act("a", Attack("pistol", "z"))
    assert not attacks(g2)[0].hit and attacks(g2)[0].damage is None


def test_r_act_4_use_above_the_die_needs_bonus_dice_and_r_dice_8b_default_skill_die_on_a_miss():
    heavy = {"name": "artillery", "kind": "ranged", "use": 8, "range": 20, "damage": "1d6"}
    g = duel([6, 2, 5], shooter={"weapons": [heavy]})  # 6 → Overskill → +1d6: 2 → 8 ≥ 8; damage 5 > 4
    g.act("a", Attack("artillery", "z"))
    a = attacks(g)[0]
    assert a.overskill == "skill" and a.hit and a.roll["total"] == 8
    assert not g.unit("z").alive


class DamageEverytime:
    """A player who always wants the extra Damage die."""

    def decide(self, game, request):
        return "damage"


def test_r_dice_8a_no_extra_damage_die_offered_on_a_miss():
    heavy = {"name": "artillery", "kind": "ranged", "use": 8, "range": 20, "damage": "1d6"}
    g = duel([6, 1], shooter={"weapons": [heavy]}, policy=DamageEverytime())  # 6 < 8; +1d6: 1 → 7
    g.act("a", Attack("artillery", "z"))
    decided = next(e for e in g.events if e.kind == "decided" and e.question == "overskill")
    assert decided.options == ["skill"] and decided.answer == "skill"
    assert attacks(g)[0].overskill == "skill" and not attacks(g)[0].hit
    g2 = duel([6, 2, 2], policy=DamageEverytime())  # a hit: the Damage die is offered and taken
    g2.act("a", Attack("pistol", "z"))
    assert attacks(g2)[0].overskill == "damage"


def test_r_dice_8a_default_extra_damage_die_when_hitting():
    g = duel([6, 2, 2])  # 6 hits Use 3 → benny on Damage: 2d6 = 2 + 2 = 4 = Armor → Disrupted
    g.act("a", Attack("pistol", "z"))
    a = attacks(g)[0]
    assert a.overskill == "damage" and a.damage == 4
    assert g.unit("z").disrupted
    # G-3 in the log's words (review 2026-11-27 item 26: "Damage 4 vs Armor 4 (4 = 4)" said nothing)
    armor = next(e for e in g.events if e.kind == "armor_rolled")
    assert armor.describe() == "z: Damage 4 vs Armor 4: equals the Armor → Disrupted (Something Bad, G-3)"


def test_r_act_5_penalties_raise_the_needed_number_g_5_target_size():
    g = duel([4], target={"size": 0})  # Size 0 → −2: needs 5
    g.act("a", Attack("pistol", "z"))
    assert attacks(g)[0].needed == 5 and not attacks(g)[0].hit
    g2 = duel([2, 1], target={"size": 4})  # Size 4 → +2: needs 1
    g2.act("a", Attack("pistol", "z"))
    assert attacks(g2)[0].needed == 1 and attacks(g2)[0].hit


def test_r_act_6_out_of_range_penalty_on_every_skill_and_damage_die():
    g = duel([5, 4], at=(13, 5))  # 8" with a 6" pistol: −2 per die; 5−2 = 3 ≥ 3; damage 4−2 = 2
    g.act("a", Attack("pistol", "z"))
    a = attacks(g)[0]
    assert a.out_of_range == 2 and a.hit and a.damage == 2
    assert a.roll["total"] == 3


def test_ranged_attacks_need_line_of_sight():
    wall = [{"kind": "obstacle", "cells": [[7, 5]]}]
    g = duel([], terrain=wall)
    with pytest.raises(IllegalOrder, match="line of sight"):
        g.act("a", Attack("pistol", "z"))


def test_g_11_close_combat_reach_is_adjacent():
    g = duel([], at=(7, 5))
    with pytest.raises(IllegalOrder, match="out of reach"):
        g.act("a", Attack("shortsword", "z"))
    g2 = duel([2, 3], at=(6, 6))
    g2.act("a", Attack("shortsword", "z"))  # diagonal neighbour; 2 vs Use 2; 3+1 = 4 = Armor → Disrupted
    assert attacks(g2)[0].hit and g2.unit("z").disrupted


def test_r_move_16_disrupted_target_plus_one_to_ranged_and_automatic_close_hit():
    g = duel([2, 1])
    disrupt(g.ctx, "z", "test")
    g.act("a", Attack("pistol", "z"))  # needs 3 − 1 = 2
    assert attacks(g)[0].needed == 2 and attacks(g)[0].hit
    g2 = duel([5], at=(6, 5))
    disrupt(g2.ctx, "z", "test")
    g2.act("a", Attack("shortsword", "z"))  # no Skill roll: damage 5+1 > 4 → killed
    a = attacks(g2)[0]
    assert a.automatic and a.roll is None and not g2.unit("z").alive


def test_g_3_damage_above_armor_kills_a_minifig_and_the_armor_roll_comes_first():
    g = duel([4, 5])
    g.act("a", Attack("pistol", "z"))
    kinds = [e.kind for e in g.events]
    assert kinds.index("armor_rolled") < kinds.index("killed")


def test_g_9_critical_failure_mishap_and_optional_firearm_mishap():
    g = duel([1])
    g.act("a", Attack("pistol", "z"))
    assert attacks(g)[0].critical_failure and any(e.kind == "mishap" for e in g.events)
    g2 = duel([1, 6, 3], options=RuleOptions(firearm_mishaps=True))  # own pistol: 6 → bonus 3 = 9 > 4
    g2.act("a", Attack("pistol", "z"))
    assert not g2.unit("a").alive


def test_g_12_thrown_grenade_is_single_use_and_explodes_over_a_radius():
    units = [
        sb.unit("a", "red", (2, 5), weapons=[sb.GRENADE]),
        sb.unit("z", "blue", (6, 5), facing="N"),
        sb.unit("y", "blue", (7, 6), facing="N"),
        sb.unit("far", "blue", (9, 5), facing="N"),
    ]
    g = game(units, [4, 3])  # hit; 1d10 = 3 → radius 2": z and y take 3 (< Armor 4) and are knocked over
    g.act("a", Attack("grenade", "z"))
    ex = next(e for e in g.events if e.kind == "exploded")
    assert ex.radius == 2 and sorted(ex.victims) == ["y", "z"]
    assert g.unit("z").disrupted and g.unit("y").disrupted and not g.unit("far").disrupted
    assert g.unit("a").weapons[0].spent


def test_g_12_an_explosive_without_d10s_blasts_like_one_d10():
    bomb = {
        "name": "bomb",
        "kind": "thrown",
        "use": 3,
        "range": 6,
        "damage": "1d6",
        "damage_type": "explosive",
    }
    units = [
        sb.unit("a", "red", (2, 5), weapons=[bomb]),
        sb.unit("z", "blue", (6, 5), facing="N"),
        sb.unit("y", "blue", (6, 7), facing="N"),  # 2" away: inside
        sb.unit("far", "blue", (6, 8), facing="N"),  # 3" away: outside
    ]
    g = game(units, [4, 3])  # hit; 1d6 = 3
    g.act("a", Attack("bomb", "z"))
    ex = next(e for e in g.events if e.kind == "exploded")
    assert ex.radius == 2 and sorted(ex.victims) == ["y", "z"] and ex.damage == 3
    assert not g.unit("far").disrupted
    assert all(o.kind != "attack" for o in g.legal_actions("a"))


def test_dead_units_never_act():
    g = duel([4, 5])
    g.act("a", Attack("pistol", "z"))
    g.state.units["a"].alive = False
    with pytest.raises(IllegalOrder):
        g.end_unit("z")  # not the active player's unit either
    assert g.legal_actions("a") == []


def test_legal_actions_report_exact_odds():
    g = duel([], at=(13, 5))
    options = {o.label: o for o in g.legal_actions("a") if o.kind == "attack"}
    pistol = next(o for o in options.values() if o.weapon == "pistol")
    assert pistol.needed == 3 and pistol.out_of_range == 2
    # d6 vs 3 at −2 per die (R-ACT-6): a natural 1 fails (G-9); 2, 3, 4 give 0, 1, 2 (miss);
    # a natural 5 gives 3 (hit); a natural 6 gives 4 (hit, and earns an unneeded Benny) → 2/6
    assert pistol.chance == pytest.approx(1 / 3)
    assert not any(o.weapon == "shortsword" for o in options.values())


def test_orders_for_the_other_player_are_illegal():
    g = duel([])
    with pytest.raises(IllegalOrder, match="active player"):
        g.move("z", (9, 6))
