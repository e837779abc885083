"""Issue 10: the D6 attack card gives the chance to set the target alight (R-FIRE-3/4) exactly as
the engine resolves it under D6: a fire-like weapon's Damage roll brings as many ignition dice
as its BrikWars expression had d4s, read from the D6 dice (Wild Die first) as ceil(2f/3), and
R-FIRE-6's converted 1d4 its Wild Die (`D6Ruleset.ignition_dice`); one above the Weight class
lights the target when the hit leaves it there (a unit not taken out, an object not destroyed).
Checked against every die sequence played through `Game` orders (`tests/dice_tree.py`; 1D codes
and Use 0 weapons, which always hit, keep the tree small) and against seeded attacks; and on the
card (pytest-qt, tests/ui/test_attack_card_ignition.py)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from dice_tree import enumerate_outcomes, on_game

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.hazards.ignition_odds import SET_ALIGHT
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.rulesets.d6 import odds
from brikwars_gui.engine.rulesets.d6.conversion import ignition_value
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario

RULESET = find_ruleset("d6")
NO_POINTS = {"character_points": 0, "fate_points": 0}
# Use 0: no roll, every attack hits (R-ACT-5), so the enumeration follows the Damage dice alone
#: a Torch (made to burn: R-FIRE-6's +1d4 too) whose 1d4 rolls 1D+2 on the D6 scale
TORCH = {"name": "torch", "kind": "close", "use": 0, "damage": "1d4", "damage_type": "fire", "burning": True}
#: two d4 Fire dice rolled as 2D: the Wild Die and the regular die are both ignition dice
BRAZIER = {
    "name": "brazier",
    "kind": "close",
    "use": 0,
    "damage": "2d4",
    "damage_type": "fire",
    "d6_damage": "2D",
}
SWORD = {**sb.SWORD, "use": 0, "d6_damage": "1D"}
CRATE = {
    "id": "crate",
    "name": "Crate",
    "size": 1,
    "weight": 2,
    "flammable": True,
    "armor": "1d6",
    "rects": [[5, 5, 1, 1]],
}


def _game(
    units: list[dict], *, objects=(), setup: Callable[[Game], None] = lambda g: None, **d6: Any
) -> Game:
    data = sb.scenario(units, width=14, height=10, objects=list(objects)).model_dump(mode="json")
    data["ruleset"] = "d6"
    data["d6"] = d6
    g = Game.from_scenario(Scenario.model_validate(data), seed=1)
    setup(g)
    return g


def torch_on_minifig(wounds: int = 0) -> tuple[Game, str, str]:
    """A minifig (Weight 0.5: every die catches) lights whenever the blow leaves it standing; a
    second wound takes it out (`wounds`=1), and then it lights nothing."""
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[TORCH], d6={"melee": "1D", **NO_POINTS}),
        sb.unit("z", "blue", (5, 5), facing="W", d6={"strength": "1D", **NO_POINTS}),
    ]

    def setup(g: Game) -> None:
        g.unit("z").pools["wounds"] = wounds

    return _game(units, setup=setup), "torch", "z"


def brazier_on_crate() -> tuple[Game, str, str]:
    """A Weight 2 crate of one inch (destroyed when beaten): only a face 4-6 catches (reads 3 or 4),
    on a hit that does not beat its 1D+1 Armor; a Wild Die 1 cancels the highest die (A-11)."""
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[BRAZIER], d6={"melee": "1D", **NO_POINTS}),
        sb.unit("spare", "blue", (12, 1), facing="W", d6=NO_POINTS),
    ]
    return _game(units, objects=[CRATE], critical_failure="cancel_highest"), "brazier", "crate"


def burning_sword() -> tuple[Game, str, str]:
    """A burning swordsman: R-FIRE-6's converted 1d4 alone, its Wild Die the ignition die."""
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[SWORD], d6={"melee": "1D", **NO_POINTS}),
        sb.unit("z", "blue", (5, 5), facing="W", d6={"strength": "1D", **NO_POINTS}),
    ]
    return _game(units, setup=lambda g: hs.add_fire(g.state, "f", "a", [(4, 5)], 1)), "shortsword", "z"


def shielded_brazier() -> tuple[Game, str, str]:
    """An Energy Shield d4 cancels one of the brazier's d4s (R-HAZ-21): the 1d4 left rolls its own
    code, 1D+2, with one Fire die."""
    units = [
        sb.unit("a", "red", (4, 5), facing="E", weapons=[BRAZIER], d6={"melee": "1D", **NO_POINTS}),
        sb.unit("z", "blue", (5, 5), facing="W", d6={"strength": "2D", **NO_POINTS}),
    ]

    def setup(g: Game) -> None:
        hs.add_field(g.state, "shield", "shield", [(5, 5)], dice="1d4")

    return _game(units, setup=setup), "brazier", "z"


SCENES = {
    "torch": torch_on_minifig,
    "torch_second_wound": lambda: torch_on_minifig(wounds=1),
    "brazier": brazier_on_crate,
    "burning": burning_sword,
    "shielded": shielded_brazier,
}


def _alight(game: Game, target: str) -> bool:
    return any(f.target == target and f.size > 0 for f in game.state.fires.values())


def card_alight(game: Game, weapon: str, target: str) -> float:
    card = RULESET.attack_odds(game.state, "a", weapon, target)
    return next(f.value for f in card.lines[0].figures if f.what == SET_ALIGHT)


@pytest.mark.parametrize("scene", list(SCENES))
def test_r_fire_3_the_d6_cards_chance_to_set_alight_is_the_engines_enumerated(scene) -> None:
    g, weapon, target = SCENES[scene]()
    expected = card_alight(g, weapon, target)
    assert 0 < expected < 1

    def attack(game: Game) -> bool:
        game.act("a", Attack(weapon, target))
        return _alight(game, target)

    outcomes, pruned = enumerate_outcomes(on_game(g, attack), lambda k: k, floor=1e-9)
    assert pruned < 1e-5  # Wild Die chains cut below 1e-9 a sequence; the bound below counts them
    assert abs(expected - outcomes.get(True, 0.0)) <= pruned + 1e-9, (expected, outcomes)


def test_r_fire_3_a_second_wound_lights_less_than_a_first() -> None:
    fresh, wounded = torch_on_minifig(), torch_on_minifig(wounds=1)
    assert card_alight(*wounded) < card_alight(*fresh)


def test_r_fire_3_the_d6_cards_chance_matches_seeded_attacks() -> None:
    g, weapon, target = brazier_on_crate()
    p = card_alight(g, weapon, target)
    n, lit = 1000, 0
    for seed in range(n):
        game, _w, _t = brazier_on_crate()
        game.dice.inner = SeededDice(seed)
        game.act("a", Attack(weapon, target))
        lit += _alight(game, target)
    assert abs(lit - n * p) < 4.5 * math.sqrt(n * p * (1 - p)) + 1, (lit, n * p)


@pytest.mark.parametrize(
    ("dice", "fire", "weight", "option"),
    [(1, 1, 0.5, "complication"), (3, 2, 2, "cancel_highest"), (2, 2, 3, "complication")],
)
def test_r_fire_3_the_joint_distribution_reads_every_face_as_the_roll_does(
    dice, fire, weight, option
) -> None:
    """Its totals are the code's (`code_distribution`); its chance that a Fire die catches is
    1 − (faces not above the Weight / 6) ^ Fire dice."""
    joint = odds.code_ignition_distribution(dice, 0, fire, weight, option)
    totals: dict[int, float] = {}
    for v, _caught, p in joint:
        totals[v] = totals.get(v, 0.0) + p
    plain = dict(odds.code_distribution(dice, 0, option))
    assert all(abs(totals.get(v, 0.0) - plain.get(v, 0.0)) < 1e-12 for v in set(totals) | set(plain))
    cold = sum(1 for f in range(1, 7) if ignition_value(f) <= weight) / 6
    assert sum(p for _v, caught, p in joint if caught) == pytest.approx(1 - cold ** min(fire, dice))
