"""Exact BrikWars odds of one strike for the computer player (`Ruleset.strike_odds`): the Skill
roll with its Overskill (R-DICE-3/5..8) and the Damage-against-Armor outcome (G-3) from the exact
distributions of both rolls (a die's highest face chains into Bonus Dice, R-DICE-1/2, G-20).

numpy arrays over totals, cached per expression: the tactical AI asks for thousands of these per
turn. The attack forecast card (`rules/attack_odds.py`) gives the same numbers without the
Overskill extra die, with every modifier named.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.rulesets.base import StrikeOdds
from brikwars_gui.engine.rulesets.brikwars.dice import (
    OVERSKILL_FACE,
    REGULAR_BONUS_SIDES,
    chain_at_least,
    die_distribution,
    overskill_damage_expression,
)

#: Totals above this are lumped together: P(a Damage roll > 60) is far below anything that matters.
_CAP = 64
_OFFSET = 32  # armor penalties (−1d4) can take totals below zero


@lru_cache(maxsize=512)
def total_distribution(expr: str, per_die_modifier: int = 0) -> np.ndarray:
    """P(total == k - _OFFSET) for k in 0.._CAP+_OFFSET of `roll_expression(expr,
    per_die_modifier=...)` (exact up to the cap; the modifier applies to each added die, R-ACT-6)."""
    parsed = parse_dice(expr)
    size = _CAP + _OFFSET + 1
    dist = np.zeros(size)
    dist[_OFFSET + max(-_OFFSET, min(_CAP, parsed.modifier))] = 1.0
    for term in parsed.terms:
        one = np.zeros(size)
        for value, p in die_distribution(term.sides, bonus_sides=REGULAR_BONUS_SIDES):  # G-20
            v = value + per_die_modifier if term.sign > 0 else -value
            one[_OFFSET + max(-_OFFSET, min(_CAP, v))] += p
        for _ in range(term.count):
            dist = _add(dist, one)
    return dist


def _add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distribution of the sum of two independent totals, both stored with `_OFFSET`."""
    full = np.convolve(a, b)  # index i+j holds total (i-_OFFSET)+(j-_OFFSET)
    out = np.zeros_like(a)
    lo = _OFFSET  # shift back by one offset
    seg = full[lo:]
    n = min(len(seg), len(out))
    out[:n] = seg[:n]
    out[-1] += seg[n:].sum()
    out[0] += full[:lo].sum()
    return out


@lru_cache(maxsize=2048)
def damage_outcome(
    damage: str, armor: str, burning: bool = False, per_die_modifier: int = 0
) -> tuple[float, float]:
    """(P(Damage > Armor), P(Damage == Armor > 0)) for one hit (G-3); a burning target rolls
    −1d4 Armor (R-FIRE-5)."""
    dmg = total_distribution(damage, per_die_modifier).copy()
    dmg[: _OFFSET + 1] = 0.0  # a total of 0 or less does nothing
    arm = total_distribution(armor + ("-1d4" if burning else ""))
    cdf_arm = np.cumsum(arm)  # P(armor <= k)
    below = np.concatenate(([0.0], cdf_arm[:-1]))
    return float(np.dot(dmg, below)), float(np.dot(dmg, arm))


@lru_cache(maxsize=4096)
def hit_split(sides: int, needed: int, per_die_modifier: int = 0) -> tuple[float, float]:
    """(P(hit without Overskill to spare), P(hit with an Overskill Benny left for an extra Damage
    die)) of a Skill roll against `needed` (R-DICE-3/5..8): a natural 6+ on a d6 or bigger that
    already hits buys one more Damage die (R-DICE-8a, the default answer); one that falls short
    is spent as +1d6 on the roll. Their sum is `skill_success_probability` (no Blessings)."""
    plain = extra = 0.0
    for face in range(2, sides + 1):  # a natural 1 is a Critical Failure (R-DICE-3, G-9)
        value = face + per_die_modifier
        if sides >= OVERSKILL_FACE and face >= OVERSKILL_FACE:
            if value >= needed:
                extra += 1 / sides
            else:
                plain += chain_at_least(REGULAR_BONUS_SIDES, needed - value) / sides
        elif face == sides:
            plain += chain_at_least(sides, needed - value) / sides
        elif value >= needed:
            plain += 1 / sides
    return plain, extra


@lru_cache(maxsize=4096)
def kill_split(
    skill_sides: int,
    needed: int | None,
    per_die_modifier: int,
    damage: str,
    armor: str,
    burning: bool,
) -> tuple[float, float, float]:
    """(P(hit), P(hit and Damage beats Armor), P(hit and Damage ties Armor)) of one attack, the
    Overskill extra Damage die included; `needed` None is an automatic hit. Memoised: a pure
    function of a few small numbers and texts, asked for every unit and enemy each turn."""
    beats, ties = damage_outcome(damage, armor, burning, per_die_modifier)
    if needed is None:
        return 1.0, beats, ties
    plain, extra = hit_split(skill_sides, needed, per_die_modifier)
    more = str(overskill_damage_expression(damage))
    more_beats, more_ties = damage_outcome(more, armor, burning, per_die_modifier)
    return plain + extra, plain * beats + extra * more_beats, plain * ties + extra * more_ties


def brikwars_strike_odds(
    skill_sides: int,
    needed: int | None,
    per_die_modifier: int,
    damage: str,
    armor: str,
    *,
    target_size: int,
    burning_target: bool,
    hit_chance: float | None = None,
) -> StrikeOdds:
    """The strike's odds; `hit_chance` replaces the plain Skill roll's chance (the ruleset's
    `action_chance`: Blessings, a burning attacker's −1d4) and the Overskill split is scaled to it."""
    hit, beats, ties = kill_split(skill_sides, needed, per_die_modifier, damage, armor, burning_target)
    if needed is not None and hit_chance is not None and hit > 0 and abs(hit_chance - hit) > 1e-12:
        scale = hit_chance / hit
        hit, beats, ties = hit_chance, beats * scale, ties * scale
    return StrikeOdds(hit, beats if target_size <= 1 else 0.0, beats, ties)
