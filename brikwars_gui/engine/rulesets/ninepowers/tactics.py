"""How the computer plays Nine Powers: difficulty by expected damage and risk, when to veto,
when to dodge instead of striking. Exact forecasts from `odds`; no dice are rolled here."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from brikwars_gui.engine.rulesets.ninepowers.damage import Vitals
from brikwars_gui.engine.rulesets.ninepowers.odds import AttackForecast, success_chance
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty

ARMOR_WEIGHT = Fraction(1, 3)  # a point of Armor is worth a third of a point of Stamina
#: The tactical AI's harm of a point of Armor worn away, as a share of a point of Stamina (the
#: planner's `strike_odds` and threat map): Armor is lost for the fight and every point of it is
#: a point of the next blows that reaches Stamina, and the round's damage, Armor included, decides
#: who goes first next round (R-NP-9, L802). Counting none of it, a zombie's blow on Vroy's chain
#: weighed nothing; measured on ruined_chapel, Normal vs greedy, 450 games (seeds 100-549): 0.6
#: won 307, none 278 (issue 25, fifth session; docs/ai.md).
ARMOR_HARM = 0.6
DEFEAT_WEIGHT = 3  # taking a foe out of the fight is worth three more points
VETO_THRESHOLD = Fraction(1, 2)  # veto attacks expected to cost at least half a point


@lru_cache(maxsize=8192)
def attack_value(forecast: AttackForecast) -> Fraction:
    """Expected progress of one attack: Stamina taken, Armor worn down, chance to defeat (kept
    per forecast: the forecasts are kept too, `odds.forecast_attack`, and the AI weighs the
    same few thousands of times a turn)."""
    armor = ARMOR_WEIGHT * forecast.expected_armor
    return forecast.expected_stamina + armor + DEFEAT_WEIGHT * forecast.defeat


def choose_difficulty(forecasts: Sequence[AttackForecast]) -> AttackForecast:
    """The best forecast by `attack_value`; on a tie the likelier success (less risk, L609)."""
    return max(forecasts, key=lambda f: (attack_value(f), f.success, -f.difficulty.damage))


def should_veto(forecast: AttackForecast, vetoes: int, threats: int = 1) -> bool:
    """Spend a veto on a declared attack when it threatens at least half a point of harm, or
    could defeat; with more vetoes than threats left this turn, veto anything that can hit."""
    if vetoes <= 0:
        return False
    if forecast.defeat > 0:
        return True
    if vetoes > threats:
        return forecast.success > 0
    return attack_value(forecast) >= VETO_THRESHOLD


def prefers_dodging(me: Vitals, acrobatics: int, adjacent_foes: int, best_attack: Fraction) -> bool:
    """Take an Acrobatics turn instead of striking when near defeat and threatened by more foes
    than one blow of ours is worth: expected vetoes (Medium) outweigh the attack's value."""
    if adjacent_foes == 0 or me.stamina > 2:
        return False
    expected_vetoes = success_chance(min(acrobatics, me.stamina), Difficulty.MEDIUM) * min(adjacent_foes, 2)
    return expected_vetoes > best_attack
