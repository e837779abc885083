"""Issue 10: the D6 attack forecast counts the terms the shared attack rolls under D6 too: the
target's Energy Shields (R-HAZ-21: the code of the dice they leave), a burning close-combat
attacker's +1d4 on the D6 scale (R-FIRE-6, `extra_damage_roll`) and everyone a blast catches
(G-12, each with its own resistance roll, survivors knocked over, R-MOVE-15). Each checked
against an exact enumeration of every die sequence played through `Game` orders
(`tests/dice_tree.py`) and against seeded attacks; the tactical AI's `strike_odds` is the card's."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from dice_tree import chance, enumerate_outcomes, on_game
from ruleset_games import game_under

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game

RULESET = find_ruleset("d6")
NO_POINTS = {"character_points": 0, "fate_points": 0}  # no spending: the card says it leaves it out
AXE = {"name": "axe", "kind": "close", "use": 2, "damage": "1d6+1d4", "d6_damage": "1D+1"}
GRENADE = {**sb.GRENADE, "d6_damage": "1D+2"}


def _game(units: list[dict], setup: Callable[[Game], None] = lambda g: None) -> Game:
    return game_under("d6", units, setup)


def shield_and_fire() -> Game:
    """A burning axeman (its +1d4 Fire, R-FIRE-6) strikes a Disrupted foe (an automatic hit,
    R-MOVE-16) inside a 1d6 shield, which cancels the axe's d6: 1d4 is left, converted (R-HAZ-21)."""

    def setup(g: Game) -> None:
        hs.add_field(g.state, "shield", "shield", [(5, 5)], dice="1d6")
        hs.add_fire(g.state, "f", "a", [(4, 5)], 1)
        g.unit("z").disrupted = True

    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[AXE], d6={"melee": "1D", **NO_POINTS}),
        sb.unit("z", "blue", (5, 5), facing="W", d6={"strength": "1D", **NO_POINTS}),
        sb.unit("spare", "blue", (12, 1), facing="W", d6=NO_POINTS),
    ]
    return _game(units, setup)


def blast() -> Game:
    """A grenade (1D+2 on the D6 scale, 2" radius) thrown at z, the thrower's ally 2" from it
    (knocked over or taken out as the enemy is)."""
    units = [
        sb.unit("a", "red", (2, 5), facing="E", weapons=[GRENADE], d6={"thrown": "1D", **NO_POINTS}),
        sb.unit("friend", "red", (6, 7), facing="W", d6={"strength": "1D", **NO_POINTS}),
        sb.unit("z", "blue", (6, 5), facing="W", d6={"strength": "1D", **NO_POINTS}),
        sb.unit("spare", "blue", (13, 1), facing="W", d6=NO_POINTS),
    ]
    return _game(units, lambda g: None)


SCENES = {"shield_fire": (shield_and_fire, "axe"), "blast": (blast, "grenade")}


def _fates(g: Game) -> tuple:
    return tuple(
        sorted((u.id, u.alive, u.pools.get("wounds", 0), u.disrupted) for u in g.state.units.values())
    )


def _engine(outcomes, uid: str) -> tuple[float, float, float]:
    """(out of the fight, wounded and standing, knocked over or stunned and standing) of `uid`."""

    def fate(key):
        return next(f for f in key if f[0] == uid)

    return (
        chance(outcomes, lambda k: not fate(k)[1]),
        chance(outcomes, lambda k: fate(k)[1] and fate(k)[2] > 0),
        chance(outcomes, lambda k: fate(k)[1] and fate(k)[3]),
    )


def _figure(line, what: str) -> float:
    return next((f.value for f in line.figures if f.what == what), 0.0)


@pytest.mark.parametrize("scene", ["shield_fire", "blast"])
def test_r_haz_21_r_fire_6_g_12_the_d6_card_equals_the_engine_enumerated(scene) -> None:
    build, weapon = SCENES[scene]
    g = build()
    odds = RULESET.attack_odds(g.state, "a", weapon, "z")
    assert odds is not None

    def attack(game: Game) -> tuple:
        game.act("a", Attack(weapon, "z"))
        return _fates(game)

    floor = 1e-6 if scene == "shield_fire" else 3e-7  # the blast rolls more dice
    outcomes, pruned = enumerate_outcomes(on_game(g, attack), lambda k: k, floor=floor)
    assert pruned < 5e-3
    tol = pruned + 1e-9
    out, wounded, _down = _engine(outcomes, "z")
    line = odds.lines[0]
    assert abs(odds.kills - out) <= tol, (odds.kills, out, pruned)
    assert abs(_figure(line, "wounded") - wounded) <= tol
    if scene == "shield_fire":
        mods = dict(odds.modifiers)
        assert mods["Energy Shield"].startswith("cancels 1d6; 1d4 gets through")
        assert mods["Attacker burning"].startswith("+1D+2 Fire Damage")  # 1d4 converted
    else:
        assert abs(odds.disrupts - _engine(outcomes, "z")[2]) <= tol  # survivors knocked over
        lines = {ln.label: ln for ln in odds.others}
        assert set(lines) == {"Blast: friend (ally)"}
        for uid, label in (("friend", "Blast: friend (ally)"),):
            out, wounded, knocked = _engine(outcomes, uid)
            assert abs(_figure(lines[label], "out of the fight") - out) <= tol, (uid, lines[label], out)
            assert abs(_figure(lines[label], "wounded") - wounded) <= tol
            assert abs(_figure(lines[label], "knocked over") - knocked) <= tol
    state = g.state
    a, z = state.units["a"], state.units["z"]
    ai = RULESET.strike_odds(state, a, a.weapons[0], z, needed=odds.needed)
    assert ai.kill == pytest.approx(odds.kills, abs=1e-12) and ai.hit == pytest.approx(odds.hit)


@pytest.mark.parametrize("scene", ["shield_fire", "blast"])
def test_the_d6_card_matches_seeded_attacks_through_game_orders(scene) -> None:
    build, weapon = SCENES[scene]
    odds = RULESET.attack_odds(build().state, "a", weapon, "z")
    n, out = 1200, 0
    for seed in range(n):
        g = build()
        g.dice.inner = SeededDice(seed)
        g.act("a", Attack(weapon, "z"))
        out += not g.unit("z").alive
    p = odds.kills
    assert abs(out - n * p) < 4.5 * math.sqrt(n * p * (1 - p)), (scene, out, n * p)


def test_r_haz_21_a_d6_attack_a_shield_cancels_entirely_rolls_no_damage() -> None:
    """A rules bug the forecast found: under D6 a hit whose every Damage die a Shield cancelled
    crashed (`D6Damage` without a roll); it now deals no Damage, as the card says."""

    def setup(g: Game) -> None:
        hs.add_field(g.state, "shield", "shield", [(5, 5)], dice="1d6")
        g.unit("z").disrupted = True

    sword = {**sb.SWORD, "damage": "1d6"}
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[sword], d6=NO_POINTS),
        sb.unit("z", "blue", (5, 5), facing="W", d6=NO_POINTS),
        sb.unit("spare", "blue", (12, 1), facing="W", d6=NO_POINTS),
    ]
    g = _game(units, setup)
    odds = RULESET.attack_odds(g.state, "a", "shortsword", "z")
    assert odds.expected_damage == 0 and odds.kills == 0
    assert "no Damage dice" in dict(odds.modifiers)["Damage"]
    g.act("a", Attack("shortsword", "z"))
    attacked = next(e for e in g.events if e.kind == "attacked")
    assert attacked.hit and attacked.damage == 0 and g.unit("z").alive


@pytest.mark.parametrize(("fp", "cp"), [(1, 2), (0, 2), (1, 0)])
def test_r_d6_7_r_d6_8_the_card_counts_the_points_the_default_answers_spend(fp, cp) -> None:
    """The chance to hit counts a Fate Point spent before the roll when `fate_default` says so and
    the Character Points `cp_default` adds after a miss (the answers a player who lets the prompts
    default gives, and the computer's): against every die sequence of the rules' own Action roll
    (asked through the game's context and policy) and against seeded attacks through `Game.act`."""
    points = {"character_points": cp, "fate_points": fp}
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[sb.SWORD], d6={"melee": "1D", **points}),
        sb.unit("z", "blue", (5, 5), facing="W", d6=NO_POINTS),
        sb.unit("spare", "blue", (12, 1), facing="W", d6=NO_POINTS),
    ]
    g = _game(units, lambda g: None)
    odds = RULESET.attack_odds(g.state, "a", "shortsword", "z")
    plain = RULESET.attack_odds(
        _game([{**units[0], "d6": {"melee": "1D", **NO_POINTS}}, *units[1:]], lambda g: None).state,
        "a",
        "shortsword",
        "z",
    )
    assert odds.hit > plain.hit + 0.1  # the points matter here
    a = g.unit("a")

    def roll(game: Game) -> bool:
        return bool(
            RULESET.action_roll(game.ctx, a, sides=a.skill, kind="melee", use=2, purpose="test").success
        )

    outcomes, pruned = enumerate_outcomes(on_game(g, roll), lambda hit: hit, floor=1e-7)
    assert abs(odds.hit - outcomes.get(True, 0.0)) <= pruned + 1e-9, (odds.hit, outcomes, pruned)
    n, hits = 1500, 0
    for seed in range(n):
        game = _game(units, lambda g: None)
        game.dice.inner = SeededDice(seed)
        game.act("a", Attack("shortsword", "z"))
        hits += next(e for e in game.events if e.kind == "attacked").hit
    assert abs(hits - n * odds.hit) < 4.5 * math.sqrt(n * odds.hit * (1 - odds.hit)), (hits, n * odds.hit)
    assert ("Fate Point" in dict(odds.modifiers)) == bool(fp)
    ai = RULESET.strike_odds(g.state, a, a.weapons[0], g.unit("z"), needed=odds.needed)
    assert ai.hit == pytest.approx(odds.hit)
