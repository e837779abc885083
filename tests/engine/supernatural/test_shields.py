"""SN Damage against Energy Shields and SN Deflection through `Game` orders (R-SN-34, R-SN-38,
R-HAZ-21, EX-9b): every SN Damage die but a d12 meets the target's Shields and Deflection levels,
and the log names a Deflection as a Deflection, not as an Energy Shield."""

from __future__ import annotations

from typing import Any

from sn_helpers import FIREBALL, caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.session import Game

AEGIS = effect("Aegis", "self", "deflect+")


def shielded_game(units: list[dict], script: list[int], dice: str) -> Game:
    """A sandbox battle with a free Energy Shield of `dice` over (9, 5) (R-HAZ-21)."""
    scenario = sb.scenario(units)
    data: dict[str, Any] = scenario.model_dump(mode="json")
    data["hazards"] = [{"id": "dome", "kind": "shield", "cells": [[9, 5]], "dice": dice}]
    return Game.from_scenario(type(scenario).model_validate(data), script=script)


def test_r_sn_34_r_haz_21_an_energy_shield_d6_cancels_an_sn_d6_damage_die() -> None:
    units = [caster("p", "red", (5, 5), {"orb": "d6", "hat": "d6"}, FIREBALL), sb.unit("e", "blue", (9, 5))]
    g = shielded_game(units, [4, 5], "1d6")
    g.act("p", Cast("Fireball", "e", plan=("orb:range", "hat:damage+")))  # reach 4; Damage d6 5
    assert [e["sides"] for e in kinds(g, "shield_deflected")] == [[6]]
    assert g.unit("e").alive and not kinds(g, "armor_rolled")  # 0 Damage: nothing to judge


def test_r_sn_34_an_sn_d12_damage_die_passes_an_energy_shield_d12() -> None:
    units = [caster("p", "red", (5, 5), {"orb": "d6", "gem": "d12"}, FIREBALL), sb.unit("e", "blue", (9, 5))]
    g = shielded_game(units, [4, 5], "1d12")
    g.act("p", Cast("Fireball", "e", plan=("orb:range", "gem:damage+")))  # Damage d12 5 > 4
    assert not kinds(g, "shield_deflected") and not g.unit("e").alive


def test_r_sn_34_a_cancelled_d4_ignites_nothing_and_takes_its_bonus_chain_with_it() -> None:
    units = [
        caster("p", "red", (5, 5), {"orb": "d6", "ember": "d4", "hat": "d6"}, FIREBALL),
        sb.unit("e", "blue", (9, 5)),
    ]
    g = shielded_game(units, [4, 4, 3, 3], "1d4")  # reach 4; d4 4 → SN bonus 3; d6 3
    g.act("p", Cast("Fireball", "e", plan=("orb:range", "ember:damage+", "hat:damage+")))
    assert [e["sides"] for e in kinds(g, "shield_deflected")] == [[4]]
    assert not kinds(g, "fire_ignited")  # the d4 and its chain are gone, side effects included
    assert g.unit("e").alive and [a["damage"] for a in kinds(g, "armor_rolled")] == [3]


def test_ex_9b_r_sn_38_a_d8_deflection_cancels_an_sn_d6_damage_die_but_not_a_d12() -> None:
    units = [
        caster("p", "red", (5, 5), {"rune": "d8"}, AEGIS),
        caster("w", "blue", (9, 5), {"orb": "d6", "hat": "d6", "gem": "d12"}, FIREBALL),
    ]
    g = Game.from_scenario(sb.scenario(units), script=[4, 5])
    g.act("p", Cast("Aegis", plan=("rune:deflect+",)))
    g.end_turn()
    g.act("w", Cast("Fireball", "p", plan=("orb:range", "hat:damage+")))  # reach 4; d6 5 deflected
    assert [e["sides"] for e in kinds(g, "deflected")] == [[6]]
    assert not kinds(g, "shield_deflected") and g.unit("p").alive
    g2 = Game.from_scenario(sb.scenario(units), script=[4, 5])
    g2.act("p", Cast("Aegis", plan=("rune:deflect+",)))
    g2.end_turn()
    g2.act("w", Cast("Fireball", "p", plan=("orb:range", "gem:damage+")))  # a d12 passes: 5 > 4
    assert not kinds(g2, "deflected") and not g2.unit("p").alive


def test_ex_9b_r_sn_38_the_attack_log_names_the_deflection_not_an_energy_shield() -> None:
    units = [
        caster("p", "red", (5, 5), {"rune": "d8"}, AEGIS),
        sb.unit("gunner", "blue", (10, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = Game.from_scenario(sb.scenario(units), script=[4])
    g.act("p", Cast("Aegis", plan=("rune:deflect+",)))
    g.end_turn()
    g.act("gunner", Attack("pistol", "p"))  # hit 4; the d6 is deflected
    text = kinds(g, "attacked")[0]["text"]
    assert "Deflection leaves no Damage dice (R-SN-38)" in text and "Energy Shield" not in text
    assert [e["sides"] for e in kinds(g, "deflected")] == [[6]]


def test_r_sn_38_an_effects_odds_count_the_deflection_as_the_engine_applies_it() -> None:
    from brikwars_gui.engine.supernatural.odds import effect_odds

    units = [
        caster("p", "red", (5, 5), {"rune": "d8"}, AEGIS),
        caster("w", "blue", (9, 5), {"orb": "d6", "hat": "d6", "gem": "d12"}, FIREBALL),
    ]
    g = Game.from_scenario(sb.scenario(units), script=[])
    state, w, p = g.state, g.unit("w"), g.unit("p")
    before = effect_odds(state, w, p, ("orb:range", "hat:damage+")).strike
    g.act("p", Cast("Aegis", plan=("rune:deflect+",)))
    after = effect_odds(state, w, p, ("orb:range", "hat:damage+")).strike
    d12 = effect_odds(state, w, p, ("orb:range", "gem:damage+")).strike
    assert before is not None and before.kill > 0 and after is not None and after.kill == 0
    assert d12 is not None and d12.kill > 0  # a d12 passes Deflection
