"""Issue 10: the attack card gives the chance to set the target alight (R-FIRE-3/4) exactly as the
engine resolves it: a Fire die (a fire-like weapon's d4 Damage dice, R-FIRE-6's burning d4) above
the target's Weight class, on a hit that leaves the target there (G-3). Checked against every die
sequence played through `Game` orders (`tests/dice_tree.py`) and against seeded attacks."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from dice_tree import enumerate_outcomes, on_game
from ninepowers_helpers import np
from ruleset_games import game_under

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.hazards.ignition_odds import SET_ALIGHT
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.session import Game

TORCH = {"name": "torch", "kind": "close", "use": 2, "damage": "1d4", "damage_type": "fire", "burning": True}
FLAMER = {
    "name": "flamer",
    "kind": "ranged",
    "use": 3,
    "range": 3,
    "damage": "1d6+1d4",
    "damage_type": "fire",
}
# A fixed Armor: the crate's Armor roll cannot decide whether it catches (a Size 2 crate is still
# there after any one hit, G-3), and its default (Weight)d10 = 2d10 with Bonus chains made the
# enumeration play 300,000 attacks (100 s) over Armor faces that change nothing, and still leave
# 2% of the probability unexplored. With Armor 6 it plays 10,000 and leaves 0.01% (issue 27).
CRATE = {
    "id": "crate",
    "name": "Crate",
    "size": 2,
    "weight": 2,
    "armor": 6,
    "flammable": True,
    "rects": [[5, 5, 1, 1]],
}


def torch_on_minifig(ruleset: str) -> tuple[Game, str, str]:
    """A torch (its own d4 and R-FIRE-6's: it is a burning object) on a minifig (Weight 0.5): it
    catches whenever the blow leaves it alive."""
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[TORCH], **np(skills={"melee": 3})),
        sb.unit("z", "blue", (5, 5), facing="W", **np(skills={"melee": 1}, stamina=5)),
        sb.unit("spare", "blue", (12, 1), facing="W"),
    ]
    return game_under(ruleset, units), "torch", "z"


def flamer_out_of_range_on_crate(ruleset: str) -> tuple[Game, str, str]:
    """A flamer 1" out of range (−1 on every Damage die, R-ACT-6) at a Weight 2 crate: only a d4
    of 4 (or its Bonus chain) catches."""
    units = [
        sb.unit("a", "red", (1, 5), facing="E", weapons=[FLAMER]),
        sb.unit("spare", "blue", (12, 1), facing="W"),
    ]
    return game_under(ruleset, units, objects=[CRATE]), "flamer", "crate"


def burning_sword_on_minifig(ruleset: str) -> tuple[Game, str, str]:
    """A burning swordsman (R-FIRE-6's d4 only; the sword is not fire-like)."""
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 2})),
        sb.unit("z", "blue", (5, 5), facing="W", **np(skills={"melee": 1}, stamina=3)),
        sb.unit("spare", "blue", (12, 1), facing="W"),
    ]
    g = game_under(ruleset, units, lambda g: hs.add_fire(g.state, "f", "a", [(4, 5)], 1))
    return g, "shortsword", "z"


SCENES: dict[str, Callable[[str], tuple[Game, str, str]]] = {
    "torch": torch_on_minifig,
    "flamer": flamer_out_of_range_on_crate,
    "burning": burning_sword_on_minifig,
}
CASES = [
    ("brikwars", "torch"),
    ("brikwars", "flamer"),
    ("brikwars", "burning"),
    ("ninepowers", "torch"),
    ("ninepowers", "burning"),
    ("ninepowers", "flamer"),
]


def _alight(game: Game, target: str) -> bool:
    return any(f.target == target and f.size > 0 for f in game.state.fires.values())


def card_alight(game: Game, weapon: str, target: str) -> float:
    """The card's chance: the line the computer would pick (Nine Powers: its `hit` difficulty)."""
    odds = ruleset_of(game.state).attack_odds(game.state, "a", weapon, target)
    assert odds is not None
    chosen = [
        ln
        for ln in odds.lines
        if any(f.what == "success" and f.value == pytest.approx(odds.hit) for f in ln.figures)
    ]
    line = (chosen or list(odds.lines))[0]
    return next(f.value for f in line.figures if f.what == SET_ALIGHT)


@pytest.mark.parametrize(("ruleset", "scene"), CASES)
def test_r_fire_3_the_cards_chance_to_set_alight_is_the_engines_enumerated(ruleset, scene) -> None:
    g, weapon, target = SCENES[scene](ruleset)
    expected = card_alight(g, weapon, target)
    assert 0 < expected < 1

    def attack(game: Game) -> bool:
        game.act("a", Attack(weapon, target))
        return _alight(game, target)

    outcomes, pruned = enumerate_outcomes(on_game(g, attack), lambda k: k, floor=1e-7)
    assert pruned < 0.025  # the crate's 2d10 Armor chains are long; the bound below counts them
    assert abs(expected - outcomes.get(True, 0.0)) <= pruned + 1e-9, (expected, outcomes)


@pytest.mark.parametrize(("ruleset", "scene"), [("brikwars", "torch"), ("ninepowers", "burning")])
def test_r_fire_3_the_cards_chance_to_set_alight_matches_seeded_attacks(ruleset, scene) -> None:
    g, weapon, target = SCENES[scene](ruleset)
    p = card_alight(g, weapon, target)
    n, lit = 1000, 0
    for seed in range(n):
        game, _w, _t = SCENES[scene](ruleset)
        game.dice.inner = SeededDice(seed)
        game.act("a", Attack(weapon, target))
        lit += _alight(game, target)
    assert abs(lit - n * p) < 4.5 * math.sqrt(n * p * (1 - p)) + 1, (lit, n * p)


def test_r_fire_4_no_chance_is_shown_when_nothing_can_catch() -> None:
    """A target already burning (its fire grows instead, R-FIRE-4; the card says it is on fire)
    and a sword in hands that do not burn: no figure."""
    g, weapon, target = torch_on_minifig("brikwars")
    hs.add_fire(g.state, "fz", "z", [(5, 5)], 1)
    cold, _w, _t = burning_sword_on_minifig("brikwars")
    cold.state.fires.clear()
    cold.state.units["a"].fire_size = 0
    for game, name in ((g, weapon), (cold, "shortsword")):
        odds = ruleset_of(game.state).attack_odds(game.state, "a", name, target)
        assert odds is not None and all(f.what != SET_ALIGHT for ln in odds.lines for f in ln.figures)
