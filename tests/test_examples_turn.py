"""Worked examples of Chapter Four (RULES.md EXAMPLES) as engine tests with scripted dice."""

from __future__ import annotations

from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState


def test_ex_2_thieven_hood_overskill_on_range():
    """EX-2: d10=8 → Overskill → +1d6" Range: 2 → Range 12, 3" out; needs 3+2+3=8 → hit; damage
    d6=2 → 2+1−3 = 0 → no effect (R-DICE-5/6/8, R-ACT-5/6, G-5 rope Size 0 → −2)."""
    units = [
        sb.unit("hood", "merry", (0, 5), skill="d10", hero=True, facing="E", weapons=[sb.LONGBOW]),
        sb.unit("rope", "sheriff", (15, 5), size=0),
    ]
    g = Game(
        GameState.from_scenario(sb.scenario(units, width=20, height=10)),
        ScriptedDice([8, 2, 2]),
        policy=Answers(overskill="range"),
    )
    g.act("hood", Attack("longbow", "rope"))
    attack = next(e for e in g.events if e.kind == "attacked")
    assert attack.roll["dice"][0]["face"] == 8 and attack.roll["overskill"]
    assert attack.overskill == "range"
    assert attack.out_of_range == 3
    assert attack.hit and attack.damage == 0
    assert "armor_rolled" not in [e.kind for e in g.events]
    assert g.unit("rope").alive
    assert g.dice.inner.remaining == 0


def test_ex_2_before_the_benny_the_shot_misses_by_the_five_inch_penalty():
    from brikwars_gui.engine.rules.combat import plan_attack

    state = sb.state(
        [
            sb.unit("hood", "merry", (0, 5), skill="d10", hero=True, weapons=[sb.LONGBOW]),
            sb.unit("rope", "sheriff", (15, 5), size=0),
        ],
        width=20,
        height=10,
    )
    hood = state.units["hood"]
    plan = plan_attack(state, hood, hood.weapons[0], "rope")
    assert plan.out_of_range == 5 and plan.needed == 5  # + −5 on the die: "needs 10" with the d10


def test_ex_3_high_noon_simultaneous_misses_and_critical_failure():
    """EX-3: Wayne attacks, Shaun responds simultaneously; Wayne 2 → miss; Shaun 1 → miss + Critical
    Failure (R-RESP-1/5, R-ACT-2, R-DICE-3, G-9)."""
    units = [
        sb.unit("wayne", "wayne", (2, 5), facing="E", weapons=[sb.PISTOL]),
        sb.unit("shaun", "shaun", (7, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = Game(GameState.from_scenario(sb.scenario(units, width=10, height=10)), ScriptedDice([2, 1]))
    g.unit("shaun").saved_action = True  # R-RESP-1: left unspent on his previous turn
    g.act("wayne", Attack("pistol", "shaun"))
    attacks = [e for e in g.events if e.kind == "attacked"]
    assert [(a.attacker, a.hit) for a in attacks] == [("wayne", False), ("shaun", False)]
    assert attacks[1].response and attacks[1].critical_failure
    assert any(e.kind == "mishap" and e.unit == "shaun" for e in g.events)
    assert any(e.kind == "responded" and e.responder == "shaun" for e in g.events)
    assert not g.unit("shaun").saved_action
    assert g.unit("wayne").alive and g.unit("shaun").alive


def test_ex_4_half_speed_mix():
    """EX-4 (R-MOVE-7/8): crawl 1" (2) + walk 1" (1) + drag a corpse 1" (2) = 5; 3" travelled."""
    mud = [{"kind": "mud", "cells": [[6, 5]]}]
    scen = sb.scenario([sb.unit("a", "red", (5, 5)), sb.unit("z", "blue", (19, 19))], terrain=mud)
    g = Game(GameState.from_scenario(scen), ScriptedDice([]))
    g.move("a", (6, 5))
    g.move("a", (7, 5))
    g.unit("a").carrying_heavy = True
    g.move("a", (8, 5))
    a = g.unit("a")
    assert (a.move_spent, a.move_left, a.pos) == (5, 0, (8, 5))
