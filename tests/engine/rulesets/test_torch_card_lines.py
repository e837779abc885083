"""Issue 10: the card labelled a Torch's fire "Attacker burning" when its bearer was not on fire.
R-FIRE-6's +1d4 is rolled when the attacker burns and when it strikes with a burning object (an
item made to burn, the Torch of the weapon table: `burning_attack_bonus`), once either way; the
Torch's own d4 Damage is its Fire dice (R-FIRE-3/4). The card names each reason that applies,
under every ruleset, and the engine rolls what it says, through `Game` orders."""

from __future__ import annotations

import pytest
from ninepowers_helpers import np
from ruleset_games import game_under

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game

TORCH = {"name": "Torch", "kind": "close", "use": 2, "damage": "1d4", "damage_type": "fire", "burning": True}
RULESETS = ["brikwars", "d6", "ninepowers"]


def duel(ruleset: str, weapon: dict, burning: bool, seed: int = 1) -> Game:
    units = [
        sb.unit("a", "red", (2, 2), facing="E", weapons=[weapon], **np(skills={"melee": 3})),
        sb.unit("z", "blue", (3, 2), facing="W", **np(skills={"melee": 1})),
    ]
    g = game_under(ruleset, units, seed=seed)
    if burning:
        hs.add_fire(g.state, "f", "a", [(2, 2)], 1)
    return g


def labels(g: Game, weapon: str) -> dict[str, str]:
    return dict(find_ruleset(g.state.ruleset).attack_odds(g.state, "a", weapon, "z").modifiers)


def fire_rolls(ruleset: str, weapon: dict, burning: bool) -> int:
    """R-FIRE-6 rolls in the first seeded attack that hits."""
    for seed in range(60):
        g = duel(ruleset, weapon, burning, seed)
        g.dice.inner = SeededDice(seed)
        g.act("a", Attack(weapon["name"], "z"))
        attack = next(e for e in g.events if e.kind == "attacked")
        if attack.hit:
            return attack.text.count("(R-FIRE-6)")
    raise AssertionError("no hit in 60 seeds")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_r_fire_6_a_torch_in_cold_hands_is_a_burning_object_not_a_burning_attacker(ruleset) -> None:
    mods = labels(duel(ruleset, TORCH, burning=False), "Torch")
    assert "Attacker burning" not in mods
    assert "a burning object (R-FIRE-6" in mods["Burning Torch"]
    assert fire_rolls(ruleset, TORCH, burning=False) == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_r_fire_6_a_burning_torchbearer_shows_both_reasons_and_rolls_the_die_once(ruleset) -> None:
    mods = labels(duel(ruleset, TORCH, burning=True), "Torch")
    assert (
        mods["Attacker burning"].endswith("(R-FIRE-6)")
        or "R-FIRE-6, a point a die" in mods["Attacker burning"]
    )
    assert mods["Burning Torch"].startswith("a burning object too: the same +1d4, rolled once")
    assert fire_rolls(ruleset, TORCH, burning=True) == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_r_fire_6_a_burning_swordsman_is_only_the_attacker_burning(ruleset) -> None:
    mods = labels(duel(ruleset, sb.SWORD, burning=True), "shortsword")
    assert "Attacker burning" in mods and not any(k.startswith("Burning ") for k in mods)
    assert fire_rolls(ruleset, sb.SWORD, burning=True) == 1


def test_r_fire_3_the_torchs_own_d4_is_its_fire_dice() -> None:
    mods = labels(duel("brikwars", TORCH, burning=False), "Torch")
    assert mods["Fire dice"].startswith("its d4 Damage and the burning +1d4: a die above Weight")
