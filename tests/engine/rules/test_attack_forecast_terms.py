"""Issue 10: the attack forecast counts every term the engine rolls under BrikWars, exactly.

For each term (R-DICE-8a Overskill's extra Damage die, R-HAZ-21/22 Energy Shields with their Power,
R-FIRE-6 a burning attacker's +1d4, G-12 everyone a blast catches) the card's numbers are checked
twice against the game itself: against an exact enumeration of every die face the engine asks for
(`tests/dice_tree.py`, each sequence played through `Game` orders), and statistically against
seeded attacks played through `Game` orders. The tactical AI's `strike_odds` gives the same kill
chance as the card (one computation, `rules/strike_odds.py`)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import pytest
from dice_tree import chance, enumerate_outcomes, on_game

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.attack_odds import attack_odds
from brikwars_gui.engine.rules.strike_odds import hit_split, kill_split, strike_dice
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState, WeaponState

RIFLE = WeaponState("rifle", "ranged", 3, 10, "1d6+1")
AXE = WeaponState("axe", "close", 3, None, "2d6")
SWORD = WeaponState("sword", "close", 2, None, "1d6+1")
GRENADE = WeaponState("grenade", "thrown", 3, 5, "1d10", damage_type="explosive")


def _copy(w: WeaponState) -> WeaponState:
    return WeaponState(w.name, w.kind, w.use, w.range, w.damage, w.damage_type)


def overskill_duel() -> GameState:
    """R-DICE-8a: a rifle (1d6+1) against a minifig with a rolled Armor of 1d6."""
    state = hs.blank_state(16, 10)
    hs.add_unit(state, "a", "red", (2, 5), facing="E", weapons=[_copy(RIFLE)])
    hs.add_unit(state, "z", "blue", (7, 5), facing="W", armor="1d6")
    return state


def shielded_tank(power: int = 8) -> GameState:
    """R-HAZ-21: a Size 1 drone inside a 1d6+1d4 shield it powers itself (Power `power`), struck
    with a 2d6 axe by a burning (R-FIRE-5/6) minifig: the shield takes one d6 of the axe, then
    its d4 the burning 1d4, each for 1" of the drone's Power."""
    state = hs.blank_state(12, 10)
    hs.add_field(state, "shield", "shield", hs.rect(5, 4, 2, 2), dice="1d6+1d4")
    hs.add_unit(state, "a", "red", (4, 5), facing="E", weapons=[_copy(AXE)])
    hs.add_unit(state, "z", "blue", (5, 5), facing="W", armor="4", power=power, living=False)
    hs.add_unit(state, "pilot", "blue", (10, 1), facing="W")  # blue is not out with its drone
    hs.add_fire(state, "f", "a", [(4, 5)], 1)
    return state


def burning_swordsman() -> GameState:
    """R-FIRE-5/6: a burning swordsman (−1d4 on the roll, +1d4 Fire Damage) against a minifig."""
    state = hs.blank_state(12, 10)
    hs.add_unit(state, "a", "red", (4, 5), facing="E", weapons=[_copy(SWORD)])
    hs.add_unit(state, "z", "blue", (5, 5), facing="W", armor="7")
    hs.add_fire(state, "f", "a", [(4, 5)], 1)
    return state


def blast_scene() -> GameState:
    """G-12: a grenade (1d10, 2"; an Overskill d10 makes it 4") thrown at z, with an enemy 1" from
    it, the thrower's ally 3" from it (caught only by the wider blast) and a Size 2 enemy 2"
    away (loses Size, is knocked over)."""
    state = hs.blank_state(16, 10)
    hs.add_unit(state, "a", "red", (1, 5), facing="E", weapons=[_copy(GRENADE)])
    hs.add_unit(state, "z", "blue", (6, 5), facing="W")
    hs.add_unit(state, "y", "blue", (7, 5), facing="W")
    hs.add_unit(state, "b", "blue", (6, 3), facing="W", size=2)
    hs.add_unit(state, "friend", "red", (6, 8), facing="W")
    return state


SCENES: dict[str, tuple[Callable[[], GameState], str]] = {
    "overskill": (overskill_duel, "rifle"),
    "shield": (shielded_tank, "axe"),
    "burning": (burning_swordsman, "sword"),
    "blast": (blast_scene, "grenade"),
}


START_SEED = 1  # the first turn's start rolls for the burning attacker's fire (it burns on)


def _start(build: Callable[[], GameState]) -> Game:
    """The game at red's first turn: its start-of-turn fire rolls made with `START_SEED`."""
    g = Game(build(), SeededDice(START_SEED))
    assert g.active_player == "red" and g.unit("a").alive
    return g


def _play(build: Callable[[], GameState], weapon: str, dice) -> GameState:
    """The attack played from `_start` with `dice` for every die from the order on."""
    g = _start(build)
    g.dice.inner = dice
    g.act("a", Attack(weapon, "z"))
    return g.state


def _enumerated(build: Callable[[], GameState], weapon: str) -> tuple[dict, float]:
    """Every die sequence of the attack played from `_start` through `Game.act`."""
    g = _start(build)

    def attack(game: Game) -> tuple:
        game.act("a", Attack(weapon, "z"))
        return _fates(game.state)

    return enumerate_outcomes(on_game(g, attack), lambda fates: fates, floor=1e-6)


def _odds(build: Callable[[], GameState], weapon: str):
    return attack_odds(_start(build).state, "a", weapon, "z")


def _fates(state: GameState) -> tuple:
    """Each unit's (id, alive, size, disrupted) after the attack."""
    return tuple(sorted((u.id, u.alive, u.size, u.disrupted) for u in state.units.values()))


def _figure(line, what: str) -> float:
    return next(f.value for f in line.figures if f.what == what)


def _engine_chances(outcomes, uid: str, size: int) -> tuple[float, float, float]:
    """(killed, lost Size, Disrupted and alive) of unit `uid` in enumerated or sampled outcomes."""

    def fate(key):
        return next(f for f in key if f[0] == uid)

    killed = chance(outcomes, lambda k: not fate(k)[1])
    lost = chance(outcomes, lambda k: fate(k)[1] and fate(k)[2] < size)
    disrupted = chance(outcomes, lambda k: fate(k)[1] and fate(k)[3])
    return killed, lost, disrupted


@pytest.mark.parametrize("scene", ["overskill", "shield", "burning"])
def test_r_dice_8a_r_haz_21_r_fire_6_the_card_equals_the_engine_enumerated(scene) -> None:
    build, weapon = SCENES[scene]
    odds = _odds(build, weapon)
    outcomes, pruned = _enumerated(build, weapon)
    killed, _lost, disrupted = _engine_chances(outcomes, "z", 1)
    assert pruned < 5e-3
    assert abs(odds.kills - killed) <= pruned + 1e-9, (scene, odds.kills, killed, pruned)
    assert abs(odds.disrupts - disrupted) <= pruned + 1e-9, (scene, odds.disrupts, disrupted)
    assert odds.notes == ()  # nothing left out
    state = _start(build).state
    if scene == "burning":
        assert state.units["a"].fire_size > 0  # R-FIRE-5/6 apply
    a, z = state.units["a"], state.units["z"]
    ai = ruleset_of(state).strike_odds(state, a, a.weapons[0], z, needed=odds.needed)
    assert ai.kill == pytest.approx(odds.kills, abs=1e-12)  # the AI plans with the card's numbers
    # the check can fail: the same odds without the scene's term are far from the game's
    dice, _shield = strike_dice(state, a, a.weapons[0], "z", needed=odds.needed)
    without = {
        "overskill": dataclasses.replace(dice, needed=None),  # no roll, no Benny: then scale to hit
        "shield": dataclasses.replace(dice, damage=a.weapons[0].damage),
        "burning": dataclasses.replace(dice, fire_bonus=""),
    }[scene]
    _hit, beats, _ties = kill_split(without, str(z.armor), False)
    if scene == "overskill":
        beats *= odds.hit
    assert abs(beats - killed) > 10 * pruned + 0.01, (scene, beats, killed)


def test_g_12_every_unit_in_the_blast_is_forecast_as_the_engine_resolves_it() -> None:
    odds = _odds(blast_scene, "grenade")
    outcomes, pruned = _enumerated(blast_scene, "grenade")
    assert pruned < 2e-3
    tol = pruned + 1e-9
    killed, _lost, knocked = _engine_chances(outcomes, "z", 1)
    assert abs(odds.kills - killed) <= tol and abs(odds.disrupts - knocked) <= tol
    lines = {line.label: line for line in odds.others}
    assert set(lines) == {"Blast: y", "Blast: b", "Blast: friend (ally)"}  # the thrower is 5" away
    victims = (("y", "Blast: y", 1), ("friend", "Blast: friend (ally)", 1), ("b", "Blast: b", 2))
    for uid, label, size in victims:
        killed, lost, knocked = _engine_chances(outcomes, uid, size)
        line = lines[label]
        if size == 1:
            assert abs(_figure(line, "kill") - killed) <= tol, (uid, line, killed)
        else:
            assert killed == 0 and abs(_figure(line, '−1" Size') - lost) <= tol, (uid, line, lost)
        assert abs(_figure(line, "knocked over") - knocked) <= tol, (uid, line, knocked)
    # the ally 3" away is caught only when an Overskill d10 widens the blast to 4"
    assert _figure(lines["Blast: friend (ally)"], "caught") < 0.5 * odds.hit
    assert _figure(lines["Blast: y"], "caught") == pytest.approx(odds.hit)


def test_r_haz_21_a_shield_its_creation_cannot_pay_for_takes_nothing() -> None:
    """Power 0: the Shield dice are not used (R-HAZ-21), and the card says so."""
    paid = _odds(shielded_tank, "axe")
    unpaid = _odds(lambda: shielded_tank(0), "axe")
    assert unpaid.kills > paid.kills
    shield = dict(paid.modifiers)["Energy Shield"]
    assert "cancels 1d6 and the burning 1d4; 1d6 gets through" in shield
    assert "no Power" in dict(unpaid.modifiers)["Energy Shield"]
    n = 1000
    unshielded = [_play(lambda: shielded_tank(0), "axe", SeededDice(seed)) for seed in range(n)]
    killed = sum(not state.units["z"].alive for state in unshielded)
    sigma = math.sqrt(n * unpaid.kills * (1 - unpaid.kills))
    assert abs(killed - n * unpaid.kills) < 4.5 * sigma, (killed, n * unpaid.kills)


@pytest.mark.parametrize("scene", ["overskill", "shield", "burning", "blast"])
def test_the_card_matches_seeded_attacks_through_game_orders(scene) -> None:
    """Statistical check: 1200 seeded attacks, within 4.5 standard deviations."""
    build, weapon = SCENES[scene]
    odds = _odds(build, weapon)
    n = 1200
    counts = {"z": 0, "y": 0, "friend": 0}
    for seed in range(n):
        state = _play(build, weapon, SeededDice(seed))
        for uid in counts:
            counts[uid] += uid in state.units and not state.units[uid].alive
    expected = {"z": odds.kills}
    for line in odds.others:
        uid = {"Blast: y": "y", "Blast: friend (ally)": "friend"}.get(line.label)
        if uid:
            expected[uid] = _figure(line, "kill")
    for uid, p in expected.items():
        sigma = math.sqrt(n * p * (1 - p)) or 1.0
        assert abs(counts[uid] - n * p) < 4.5 * sigma, (scene, uid, counts[uid], n * p)


@pytest.mark.parametrize(
    ("blessings", "curses", "burning"),
    [((8,), (), False), ((), (10,), False), ((8,), (), True), ((), (), True)],
)
def test_r_dice_10_r_fire_5_the_overskill_split_is_exact_with_sn_dice_and_fire(blessings, curses, burning):
    """The hit split under Blessings, Curses and a burning attacker's −1d4 sums to the rules' own
    chance to hit (it was scaled to it before: not exact), for every needed number."""
    state = hs.blank_state(12, 10)
    a = hs.add_unit(
        state, "a", "red", (2, 5), weapons=[_copy(RIFLE)], blessings=list(blessings), curses=list(curses)
    )
    if burning:
        hs.add_fire(state, "f", "a", [(2, 5)], 1)
    for needed in range(2, 14):
        dice, _shield = strike_dice(state, a, a.weapons[0], "z", needed=needed)
        plain, extra = hit_split(6, needed, 0, dice.blessings, dice.curses, dice.burning_attacker)
        rules = ruleset_of(state).action_chance(state, a, needed, kind="ranged", weapon=a.weapons[0])
        assert plain + extra == pytest.approx(rules, abs=1e-12)
        assert extra > 0 or needed > 4  # a 6 that hits keeps its Benny for the Damage
