"""Exact odds of BrikWars rolls: exploding chains, one die's distribution, Skill Rolls, means.

What the attack card, the forecasts and the AI show and weigh, computed by enumeration from the
same semantics `engine/dice/brikwars.py` rolls (R-DICE-1..11), never by sampling.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from brikwars_gui.engine.dice.brikwars import (
    REGULAR_BONUS_SIDES,
    ROLE_BLESSING,
    ROLE_CURSE,
    active_blessings,
    as_expression,
    bonus_sides,
    earns_overskill,
    validate_sides,
)
from brikwars_gui.engine.dice.expression import DiceExpression


def chain_at_least(sides: int, target: int, *, eps: float = 1e-15) -> float:
    """P(a d`sides` exploding into more d`sides` totals >= target), exact up to `eps`."""
    probability = 0.0
    weight = 1.0
    while weight > eps:
        if target <= 1:
            return probability + weight
        # faces below the highest end the chain; the highest face adds `sides` and rolls again
        ending = max(0, sides - max(target, 1))  # faces target..sides-1
        probability += weight * ending / sides
        weight /= sides
        target -= sides
    return probability


def die_distribution(
    sides: int, *, bonus_sides: int = REGULAR_BONUS_SIDES, eps: float = 1e-15
) -> list[tuple[int, float]]:
    """Exact distribution of one d`sides` whose highest face earns a `bonus_sides` Bonus chain
    (R-DICE-1, as `roll_expression` rolls it): (total, probability) pairs in increasing order; the
    tail left out has probability below `eps`. E.g. a d4: 1-3 at 1/4 each, 5-9 at 1/24 each, ..."""
    out = [(face, 1 / sides) for face in range(1, sides)]
    weight, base = 1 / sides, sides  # the chain so far shows its highest face every time
    while weight > eps:
        out.extend((base + face, weight / bonus_sides) for face in range(1, bonus_sides))
        weight /= bonus_sides
        base += bonus_sides
    return out


def skill_success_probability(
    sides: int,
    needed: int,
    *,
    per_die_modifier: int = 0,
    blessings: Sequence[int] = (),
    curses: Sequence[int] = (),
    spend_overskill: bool = True,
    eps: float = 1e-15,
) -> float:
    """Exact chance that `skill_roll(sides, use=needed, ...)` succeeds (the GUI's "chance to hit").

    With `spend_overskill` an earned Benny is spent as +1d6 (chaining d6s) whenever the roll alone
    falls short. Enumerates the Skill and Blessing/Curse dice; Bonus chains are summed exactly up
    to `eps`. Memoised (a pure function of its arguments; the AI asks the same few numbers
    thousands of times a turn).
    """
    return _skill_success(
        sides, needed, per_die_modifier, tuple(blessings), tuple(curses), spend_overskill, eps
    )


@functools.lru_cache(maxsize=4096)
def _skill_success(
    sides: int,
    needed: int,
    per_die_modifier: int,
    blessings: tuple[int, ...],
    curses: tuple[int, ...],
    spend_overskill: bool,
    eps: float,
) -> float:
    return skill_success_split(sides, needed, per_die_modifier, blessings, curses, spend_overskill, eps)[0]


@functools.lru_cache(maxsize=4096)
def skill_success_split(
    sides: int,
    needed: int,
    per_die_modifier: int = 0,
    blessings: tuple[int, ...] = (),
    curses: tuple[int, ...] = (),
    spend_overskill: bool = True,
    eps: float = 1e-15,
) -> tuple[float, float]:
    """(P(success), P(success with the Overskill Benny unspent)) of a Skill roll: the second is a
    natural 6+ on the kept die that already reaches `needed`, whose Benny the attack forecast and
    the AI count as an extra Damage die (R-DICE-8a). Enumerates the Skill and Blessing/Curse dice
    (R-DICE-10/11); Bonus chains are summed exactly up to `eps`."""
    validate_sides(sides, "Skill die")
    mode, sn_dice = active_blessings(sides, tuple(blessings), tuple(curses))
    all_sides = (sides, *sn_dice)
    weight = 1.0
    for s in all_sides:
        weight /= s
    total = kept = 0.0
    for faces in itertools.product(*(range(1, s + 1) for s in all_sides)):
        if mode == ROLE_BLESSING:
            idx = max(range(len(faces)), key=lambda i: (faces[i], -i))
        elif mode == ROLE_CURSE:
            idx = min(range(len(faces)), key=lambda i: (faces[i], i))
        else:
            idx = 0
        face, die = faces[idx], all_sides[idx]
        if face == 1:
            continue  # Critical Failure (R-DICE-3, G-9)
        value = face + per_die_modifier
        if earns_overskill(die, face):
            if value >= needed:
                total += weight
                kept += weight
            elif spend_overskill:
                total += weight * chain_at_least(REGULAR_BONUS_SIDES, needed - value, eps=eps)
        elif face == die:
            total += weight * chain_at_least(die, needed - value, eps=eps)
        elif value >= needed:
            total += weight
    return total, kept


def expected_total(
    expr: str | DiceExpression, *, per_die_modifier: int = 0, supernatural: bool = False
) -> float:
    """Exact mean of `roll_expression(expr, ...)` (d6 with its chain: 3.5 / (1 - 1/6) = 4.2)."""
    parsed = as_expression(expr)
    mean = float(parsed.modifier)
    for term in parsed.terms:
        bonus = bonus_sides(term.sides, supernatural=supernatural)
        chain_mean = (bonus + 1) / 2 / (1 - 1 / bonus)
        die_mean = (term.sides + 1) / 2 + chain_mean / term.sides
        if term.sign > 0:
            mean += term.count * (die_mean + per_die_modifier)
        else:
            mean -= term.count * die_mean
    return mean
