"""Issue 10: under Nine Powers a grenade's blast is rolled by the shared rules at the GM's
difficulty for the BrikWars number (L367, G-12), with a burning attacker's −1d4 (R-FIRE-5). The
action menu names that roll (it showed an attack's Medium, 67%, while the game rolled at 87.5%):
its chance is the card's, the computer's (`action_chance`) and what seeded attacks through `Game`
orders hit."""

from __future__ import annotations

import math

import pytest
from ninepowers_helpers import np
from ruleset_games import game_under

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game

RULESET = find_ruleset("ninepowers")


def _on_fire(g: Game) -> None:
    hs.add_fire(g.state, "f", "a", [(g.unit("a").pos)], 1)


def grenade(burning: bool) -> Game:
    units = [
        sb.unit("a", "red", (2, 5), facing="E", weapons=[sb.GRENADE], **np(skills={"shoot": 2})),
        sb.unit("z", "blue", (6, 5), facing="W"),
        sb.unit("spare", "blue", (13, 1), facing="W"),
    ]
    return game_under("ninepowers", units, _on_fire if burning else lambda g: None)


@pytest.mark.parametrize("burning", [False, True])
def test_l367_r_fire_5_the_menu_chance_of_a_blast_is_what_the_game_rolls(burning) -> None:
    build, weapon, target = grenade, "grenade", "z"
    g = build(burning)
    option = next(
        o for o in g.legal_actions("a") if o.kind == "attack" and o.weapon == weapon and o.target == target
    )
    card = RULESET.attack_odds(g.state, "a", weapon, target)
    assert card is not None
    shown = f"{card.hit:.0%}"
    assert option.roll.endswith(shown) and option.label.count(shown) == 1, (option.roll, card.hit)
    assert option.chance == pytest.approx(card.hit)  # the computer weighs the same roll
    n, hits = 1200, 0
    for seed in range(n):
        game = build(burning)
        game.dice.inner = SeededDice(seed)
        game.act("a", Attack(weapon, target))
        hits += next(e for e in reversed(game.events) if e.kind == "attacked").hit
    p = card.hit
    assert 0 < p < 1
    assert abs(hits - n * p) < 4.5 * math.sqrt(n * p * (1 - p)) + 1, (burning, hits, n * p)
