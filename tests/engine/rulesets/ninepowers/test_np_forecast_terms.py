"""Issue 10: the Nine Powers attack forecast counts what `attacks.attack` adds or cancels: a
burning close-combat attacker's +1d4 at one point a die (R-FIRE-6), a Stealth sneak attack's
bonus (L1128), the defender's default veto (R-NP-11) and Perception avoidance check (L1123); and a
blast (G-12), which the shared rules resolve at one point a die to everyone in the radius. Each
checked against an exact enumeration of every die sequence played through `Game` orders
(`tests/dice_tree.py`) and against seeded attacks; the tactical AI's `strike_odds` is the card's."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from dice_tree import chance, enumerate_outcomes, on_game
from ninepowers_helpers import np
from ruleset_games import game_under

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game

RULESET = find_ruleset("ninepowers")


def _game(units: list[dict], setup: Callable[[Game], None] = lambda g: None) -> Game:
    return game_under("ninepowers", units, setup)


def burning_sneak() -> Game:
    """A burning (R-FIRE-6) Stealth swordsman behind a foe that faces away (a sneak attack)."""
    units = [
        sb.unit(
            "a",
            "red",
            (4, 5),
            facing="E",
            weapons=[sb.SWORD],
            **np(skills={"melee": 2, "stealth": 1}, talents={"stealth": 1}),
        ),
        sb.unit("z", "blue", (5, 5), facing="E", **np(skills={"melee": 1}, stamina=4)),
        sb.unit("spare", "blue", (12, 1), facing="W"),
    ]
    return _game(units, lambda g: hs.add_fire(g.state, "f", "a", [(4, 5)], 1))


def avoider() -> Game:
    """`z` (Acrobatics 2, Perception talent 1) whose primary opponent is `p`; `a` strikes it."""
    units = [
        sb.unit("p", "red", (4, 5), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 2})),
        sb.unit("a", "red", (6, 6), facing="NW", weapons=[sb.SWORD], **np(skills={"melee": 2})),
        sb.unit(
            "z",
            "blue",
            (5, 5),
            facing="W",
            weapons=[sb.SWORD],
            **np(skills={"acrobatics": 2, "perception": 2}, talents={"perception": 1}, stamina=2),
        ),
        sb.unit("spare", "blue", (12, 1), facing="W"),
    ]
    return _game(units)


def blast() -> Game:
    """A grenade (1d10: one point, 2") thrown at z: its neighbour y and the thrower's ally are
    in the radius too; y has 1 Stamina and no Armor left to stop the point."""
    units = [
        sb.unit("a", "red", (2, 5), facing="E", weapons=[sb.GRENADE], **np(skills={"shoot": 2})),
        sb.unit("friend", "red", (6, 7), facing="W"),
        sb.unit("z", "blue", (6, 5), facing="W"),
        sb.unit("y", "blue", (7, 5), facing="W", **np(skills={"melee": 1}, stamina=1, armor="none")),
        sb.unit("spare", "blue", (13, 1), facing="W"),
    ]
    return _game(units)


SCENES = {
    "fire_sneak": (burning_sneak, "shortsword"),
    "avoid": (avoider, "shortsword"),
    "blast": (blast, "grenade"),
}


def _fates(g: Game) -> tuple:
    return tuple(
        sorted((u.id, u.alive, u.pools.get("stamina", 0), u.disrupted) for u in g.state.units.values())
    )


def _of(outcomes, uid: str, test) -> float:
    return chance(outcomes, lambda key: test(next(f for f in key if f[0] == uid)))


def _figure(line, what: str) -> float:
    return next((f.value for f in line.figures if f.what == what), 0.0)


@pytest.mark.parametrize("scene", ["fire_sneak", "avoid", "blast"])
def test_r_fire_6_l1128_l1123_g_12_the_nine_powers_card_equals_the_engine_enumerated(scene) -> None:
    build, weapon = SCENES[scene]
    g = build()
    odds = RULESET.attack_odds(g.state, "a", weapon, "z")
    assert odds is not None and not odds.notes
    stamina = g.unit("z").pools.get("stamina", 0)

    def attack(game: Game) -> tuple:
        game.act("a", Attack(weapon, "z"))
        hit = next(e for e in reversed(game.events) if e.kind == "attacked").hit
        return (hit, _fates(game))

    outcomes, pruned = enumerate_outcomes(on_game(g, attack), lambda k: k, floor=1e-7)
    assert pruned < 1e-3
    tol = pruned + 1e-9
    assert abs(odds.hit - chance(outcomes, lambda k: k[0])) <= tol, (odds.hit, outcomes)
    fates = {k[1]: p for k, p in outcomes.items()}
    assert abs(odds.kills - _of(fates, "z", lambda f: not f[1])) <= tol
    mods = dict(odds.modifiers)
    if scene == "fire_sneak":
        assert mods["Attacker burning"].startswith("+1 damage") and mods["Sneak attack"].startswith(
            "+1 damage"
        )
        lost = sum(p * (stamina - next(f for f in k if f[0] == "z")[2]) for k, p in fates.items())
        best = next(ln for ln in odds.lines if _figure(ln, "success") == pytest.approx(odds.hit))
        assert abs(_figure(best, "to Stamina") - lost) <= tol * stamina
    elif scene == "avoid":
        assert "to cancel it (Perception, L1123)" in mods["Avoidance"]
        best = next(ln for ln in odds.lines if _figure(ln, "success") == pytest.approx(odds.hit))
        assert _figure(best, "avoided") == pytest.approx(3 / 8)  # L431: Tough with d4, d6
    else:
        lines = {ln.label: ln for ln in odds.others}
        assert set(lines) == {"Blast: y", "Blast: friend (ally)"}
        assert abs(_figure(lines["Blast: y"], "to defeat") - _of(fates, "y", lambda f: not f[1])) <= tol
        knocked = _of(fates, "friend", lambda f: f[1] and f[3])
        assert abs(_figure(lines["Blast: friend (ally)"], "knocked over") - knocked) <= tol
        assert abs(odds.disrupts - _of(fates, "z", lambda f: f[1] and f[3])) <= tol
    a, z = g.unit("a"), g.unit("z")
    ai = RULESET.strike_odds(g.state, a, a.weapons[0], z, needed=odds.needed)
    assert (ai.hit, ai.kill) == pytest.approx((odds.hit, odds.kills))


@pytest.mark.parametrize("scene", ["fire_sneak", "avoid", "blast"])
def test_the_nine_powers_card_matches_seeded_attacks_through_game_orders(scene) -> None:
    build, weapon = SCENES[scene]
    odds = RULESET.attack_odds(build().state, "a", weapon, "z")
    n, hits = 800, 0
    for seed in range(n):
        g = build()
        g.dice.inner = SeededDice(seed)
        g.act("a", Attack(weapon, "z"))
        hits += next(e for e in reversed(g.events) if e.kind == "attacked").hit
    p = odds.hit
    assert abs(hits - n * p) < 4.5 * math.sqrt(n * p * (1 - p)) + 1, (scene, hits, n * p)


def test_g_3_an_attack_on_an_object_is_forecast_as_the_shared_rules_resolve_it() -> None:
    """Under Nine Powers an object is attacked by the shared rules (no card before): their roll,
    then one point a Damage die against its Weight: an axe's two dice destroy a Weight 1 crate on
    a hit, never a Weight 2 one; a burning axeman's third point (R-FIRE-6) does."""
    axe = {"name": "axe", "kind": "close", "use": 2, "damage": "2d4"}
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[axe], **np(skills={"melee": 2})),
        sb.unit("spare", "blue", (12, 1), facing="W"),
    ]

    def build(weight: int, burning: bool = False) -> Game:
        crate = {"id": "crate", "name": "Crate", "size": 1, "weight": weight, "rects": [[5, 5, 1, 1]]}
        setup = (lambda g: hs.add_fire(g.state, "f", "a", [(4, 5)], 1)) if burning else (lambda g: None)
        return game_under("ninepowers", units, setup, objects=[crate])

    heavy = RULESET.attack_odds(build(2).state, "a", "axe", "crate")
    assert heavy.kills == 0 and 0 < heavy.hit < 1
    burning = RULESET.attack_odds(build(2, burning=True).state, "a", "axe", "crate")
    assert burning.kills == pytest.approx(burning.hit) and "Attacker burning" in dict(burning.modifiers)
    g = build(1)
    odds = RULESET.attack_odds(g.state, "a", "axe", "crate")
    assert odds.kills == pytest.approx(odds.hit) == pytest.approx(heavy.hit)

    def attack(game: Game) -> bool:
        game.act("a", Attack("axe", "crate"))
        return game.state.objects["crate"].destroyed

    outcomes, pruned = enumerate_outcomes(on_game(g, attack), lambda k: k, floor=1e-6)
    assert pruned < 5e-3 and abs(odds.kills - outcomes.get(True, 0.0)) <= pruned + 1e-9
