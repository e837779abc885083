"""Exact odds of an Effect for the computer player and the Effect builder (R-SN-17/18/24/34):
P(reach) of Range dice (their SN Bonus chains enumerated, a Fumble counting 0 — the opponent's
use of it is not counted), and what a set of Damage dice does to a unit (its Armor roll rolled
exactly, G-3)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from brikwars_gui.engine.dice.brikwars import die_distribution
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.dice.sn import sn_distribution
from brikwars_gui.engine.rulesets.base import StrikeOdds

Distribution = dict[int, float]
_EPS = 1e-9


def _convolve(a: Distribution, b: Distribution) -> Distribution:
    out: Distribution = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            p = pa * pb
            if p > _EPS:
                out[va + vb] = out.get(va + vb, 0.0) + p
    return out


@functools.lru_cache(maxsize=1024)
def sn_sum(sides: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """Distribution of the total of several SN dice (each a Fumble = 0), tail below 1e-9 dropped."""
    dist: Distribution = {0: 1.0}
    for s in sides:
        dist = _convolve(dist, {v: p for v, p in sn_distribution(s, eps=1e-9)})
    return tuple(sorted(dist.items()))


def reach_chance(sides: Sequence[int], inches: float) -> float:
    """P(Range dice of `sides` total at least `inches`) — the point reaches a target that far
    (obstacles aside: a d12 passes them, others stop, R-SN-25/26)."""
    need = max(0, int(-(-(inches - 1e-9) // 1)))  # whole inches: ceil
    return sum(p for v, p in sn_sum(tuple(sorted(sides))) if v >= need)


@functools.lru_cache(maxsize=256)
def _armor_distribution(expr: str) -> tuple[tuple[int, float], ...]:
    parsed = parse_dice(expr)
    dist: Distribution = {parsed.modifier: 1.0}
    for term in parsed.terms:
        die = {v: p for v, p in die_distribution(term.sides, eps=1e-9)}
        if term.sign < 0:
            die = {-v: p for v, p in die.items()}
        for _ in range(term.count):
            dist = _convolve(dist, die)
    return tuple(sorted(dist.items()))


def damage_odds(damage_sides: Sequence[int], blast_inches: int, armor: str, size: int) -> StrikeOdds:
    """What Damage dice of `damage_sides` (a d8 losing `blast_inches`, R-SN-34) do to a unit with
    Armor `armor` and Size `size`: kill, wound (lose an inch), Disrupt (equal: G-3)."""
    dist: Distribution = {0: 1.0}
    for s in damage_sides:
        die = {v: p for v, p in sn_distribution(s, eps=1e-9)}
        if s == 8 and blast_inches:
            die = {max(0, v - blast_inches) if v else 0: p for v, p in die.items()}
        dist = _convolve(dist, die)
    armor_dist = _armor_distribution(armor)
    wound = disrupt = 0.0
    for a, pa in armor_dist:
        a = max(a, 0) if "-" in armor else a
        for d, pd in dist.items():
            if d <= 0:
                continue
            if d > a:
                wound += pa * pd
            elif d == a:
                disrupt += pa * pd
    kill = wound if size <= 1 else 0.0
    return StrikeOdds(1.0, kill, wound, disrupt)


@functools.lru_cache(maxsize=1024)
def armor_beaten(damage: str, armor: str) -> float:
    """P(a BrikWars Damage roll of `damage` beats an Armor roll of `armor`), both exactly (G-3)."""
    dmg = dict(_armor_distribution(damage))
    out = 0.0
    for a, pa in _armor_distribution(armor):
        a = max(a, 0)
        out += pa * sum(p for d, p in dmg.items() if d > a)
    return out
