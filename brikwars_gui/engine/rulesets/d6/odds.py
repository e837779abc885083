"""Exact distributions of D6 System rolls (R-D6-1..7, A-11) by convolution.

A roll of `n`D+pips is `n − 1` regular d6, one Wild Die and the pips. The Wild Die adds 6 and
rolls again on every 6 (R-D6-3, R-D6-5); a 1 on its first toss is a Critical Failure (R-D6-4):
under "complication" the total stands, under "cancel_highest" the Wild Die and the highest
regular die are dropped (A-11). Character Point dice explode the same way but their 1 is 1.
Chains are cut where their remaining probability is below `EPS` (far below any shown figure).
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial

from brikwars_gui.engine.rulesets.d6.conversion import ignition_value

EPS = 1e-15
Dist = dict[int, float]


def _convolve(a: Dist, b: Dist) -> Dist:
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


@cache
def regular_sum(n: int) -> tuple[tuple[int, float], ...]:
    """Sum of `n` plain d6."""
    dist: Dist = {0: 1.0}
    for _ in range(n):
        dist = _convolve(dist, {f: 1 / 6 for f in range(1, 7)})
    return tuple(sorted(dist.items()))


@cache
def chain(*, first_one_counts: bool = True) -> tuple[tuple[int, float], ...]:
    """An exploding Wild Die chain: 6k + f with probability (1/6)^(k+1), f in 1..5. Without
    `first_one_counts` the first-toss 1 is left out (the Critical Failure branch)."""
    out: list[tuple[int, float]] = []
    k, p = 0, 1 / 6
    while p > EPS:
        for f in range(1, 6):
            if f == 1 and k == 0 and not first_one_counts:
                continue
            out.append((6 * k + f, p))
        k, p = k + 1, p / 6
    return tuple(out)


@cache
def sum_without_highest(n: int) -> tuple[tuple[int, float], ...]:
    """Sum of `n` d6 minus the highest one (A-11), by enumerating the sorted outcomes."""
    if n <= 1:
        return ((0, 1.0),)
    dist: dict[int, float] = {}
    total = 6**n
    for faces in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for count in Counter(faces).values():
            ways //= factorial(count)
        value = sum(faces) - faces[-1]
        dist[value] = dist.get(value, 0.0) + ways / total
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=4096)
def code_distribution(dice: int, pips: int, option: str) -> tuple[tuple[int, float], ...]:
    """Exact distribution of a `dice`D+`pips` roll with its Wild Die under the R-D6-4 option."""
    dice = max(1, dice)
    regular = dict(regular_sum(dice - 1))
    dist = _convolve(regular, dict(chain(first_one_counts=False)))
    crit = 1 / 6
    if option == "cancel_highest":
        fallback = dict(sum_without_highest(dice - 1))
    else:
        fallback = {v + 1: p for v, p in regular.items()}
    for v, p in fallback.items():
        dist[v] = dist.get(v, 0.0) + crit * p
    return tuple(sorted((v + pips, p) for v, p in dist.items()))


@lru_cache(maxsize=1024)
def code_ignition_distribution(
    dice: int, pips: int, fire_dice: int, weight: float, option: str
) -> tuple[tuple[int, bool, float], ...]:
    """Exact joint distribution of (total, some ignition die above `weight`) of a Damage roll of
    `dice`D+`pips` whose first `fire_dice` dice are read as d4 Fire dice (`D6Damage.ignition`:
    the Wild Die's first toss, then the regular dice; `ignition_value`). The faces that ignite
    also make the total, so both are enumerated together: the regular dice as (sum, highest,
    caught), then the Wild Die's first toss with its chain or its Critical Failure (A-11)."""
    dice = max(1, dice)
    lit = max(0, min(fire_dice, dice) - 1)  # regular dice read as Fire dice, after the Wild Die
    states: dict[tuple[int, int, bool], float] = {(0, 0, False): 1.0}
    for index in range(dice - 1):
        nxt: dict[tuple[int, int, bool], float] = {}
        for (total, high, caught), p in states.items():
            for face in range(1, 7):
                key = (
                    total + face,
                    max(high, face),
                    caught or (index < lit and ignition_value(face) > weight),
                )
                nxt[key] = nxt.get(key, 0.0) + p / 6
        states = nxt
    out: dict[tuple[int, bool], float] = {}

    def add(total: int, caught: bool, p: float) -> None:
        out[(total + pips, caught)] = out.get((total + pips, caught), 0.0) + p

    for (total, high, caught), p in states.items():
        for wild in range(1, 7):
            lit_wild = caught or (fire_dice > 0 and ignition_value(wild) > weight)
            if wild == 1:  # R-D6-4: the total stands, or the Wild Die and the highest die go
                add(total - high if option == "cancel_highest" else total + 1, lit_wild, p / 6)
            elif wild == 6:  # R-D6-3: 6 and roll again
                for more, q in chain():
                    add(total + 6 + more, lit_wild, p / 6 * q)
            else:
                add(total + wild, lit_wild, p / 6)
    return tuple(sorted((v, c, p) for (v, c), p in out.items()))


@lru_cache(maxsize=256)
def cp_distribution(count: int) -> tuple[tuple[int, float], ...]:
    """Sum of `count` Character Point Wild Dice (R-D6-7: explode on 6, a 1 is 1)."""
    dist: Dist = {0: 1.0}
    for _ in range(count):
        dist = {v: p for v, p in _convolve(dist, dict(chain())).items() if p > EPS}
    return tuple(sorted(dist.items()))


def at_least(dist: tuple[tuple[int, float], ...], target: int) -> float:
    """P(total ≥ target)."""
    return min(1.0, sum(p for v, p in dist if v >= target))


def chance(dice: int, pips: int, difficulty: int, option: str, *, shift: int = 0) -> float:
    """P(a `dice`D+`pips` roll + `shift` ≥ `difficulty`)."""
    return at_least(code_distribution(dice, pips, option), difficulty - shift)


@cache
def cp_chance(count: int, short_by: int) -> float:
    """P(`count` Character Point dice add at least `short_by`) — the chance after a roll (kept:
    the AI's answers and forecasts ask it millions of times, for a few hundred pairs)."""
    if short_by <= 0:
        return 1.0
    return at_least(cp_distribution(count), short_by)


def resist_chance(dice: int, pips: int, damage: int, option: str, penalty: tuple[int, int] | None) -> float:
    """P(a resistance roll of `dice`D+`pips`, less a burning target's `penalty` code (R-FIRE-5)
    when given, reaches `damage`): the hit does nothing (R-D6-7/8 questions on resistance)."""
    dist = dict(code_distribution(dice, pips, option))
    if penalty is not None:
        dist = _convolve(dist, {-v: p for v, p in code_distribution(*penalty, option)})
    return sum(p for v, p in dist.items() if v >= damage)
