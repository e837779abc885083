"""The attack forecast (issue 10, engine/rules/attack_odds.py) against the game itself: seeded
attacks played through `Game` orders hit, beat Armor and Disrupt as often as the exact odds say
(R-DICE-1/2 exploding dice, R-ACT-6 range penalty per die, G-3 Damage vs Armor)."""

from __future__ import annotations

import math

import pytest

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.attack_odds import attack_odds
from brikwars_gui.engine.rules.strike_odds import total_distribution, totals_items
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState


def duel(seed: int, *, shaun_pos=(7, 5), weapon=sb.PISTOL, armor="4", size=1) -> Game:
    units = [
        sb.unit("wayne", "wayne", (2, 5), facing="E", weapons=[weapon]),
        sb.unit("shaun", "shaun", shaun_pos, facing="W", weapons=[sb.PISTOL], armor=armor, size=size),
    ]
    state = GameState.from_scenario(sb.scenario(units, width=16, height=10))
    return Game(state, SeededDice(seed))  # the rules' default answers: Overskill on an extra Damage die


def test_exploding_damage_distribution_is_exact() -> None:
    d6 = dict(totals_items(total_distribution("1d6")))
    assert math.isclose(sum(d6.values()), 1.0, abs_tol=1e-9)
    assert math.isclose(sum(v * p for v, p in d6.items()), 4.2, abs_tol=1e-9)  # 2.5 + (6 + 4.2) / 6
    assert d6[7] == pytest.approx(1 / 36)  # 6 then a bonus 1
    far = dict(totals_items(total_distribution("1d6+1", per_die_modifier=-2)))  # R-ACT-6: not on the +1
    assert far[0] == pytest.approx(1 / 6) and min(far) == 0


@pytest.mark.parametrize(
    ("shaun_pos", "armor"),
    [((7, 5), "4"), ((10, 5), "3"), ((12, 5), "1d6")],  # in range; 2" out of range; rolled Armor
)
def test_forecast_matches_seeded_attacks_through_game_orders(shaun_pos, armor) -> None:
    odds = attack_odds(duel(0, shaun_pos=shaun_pos, armor=armor).state, "wayne", "pistol", "shaun")
    n = 1500
    hits = beaten = disrupted = 0
    for seed in range(n):
        g = duel(seed, shaun_pos=shaun_pos, armor=armor)
        g.act("wayne", Attack("pistol", "shaun"))
        attacked = next(e for e in g.events if e.kind == "attacked")
        hits += attacked.hit
        outcome = next((e.outcome for e in g.events if e.kind == "armor_rolled"), "none")
        beaten += outcome == "killed"
        disrupted += outcome == "disrupted"
    for seen, p in ((hits, odds.hit), (beaten, odds.kills), (disrupted, odds.disrupts)):
        sigma = math.sqrt(n * p * (1 - p)) or 1.0
        assert abs(seen - n * p) < 4.5 * sigma, (seen, n * p, odds)
    assert odds.kills == odds.beats_armor  # Size 1: losing a Size kills (G-3)
    labels = [m[0] for m in odds.modifiers]
    assert ("Out of range" in labels) == (shaun_pos[0] - 2 > 6)


def test_a_bigger_target_loses_size_instead_of_dying() -> None:
    odds = attack_odds(duel(0, size=3).state, "wayne", "pistol", "shaun")
    assert odds.kills == 0.0 and odds.beats_armor > 0
    assert any(label == "Target Size" for label, _ in odds.modifiers)
