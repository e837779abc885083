"""Exact attack odds for the tactical AI: to hit (from the rules' `plan_attack`, from any cell)
and the Damage-against-Armor outcome (G-3) from the exact distributions of both rolls.

Every number here comes from the same dice semantics the engine rolls (`die_distribution`:
a die's highest face chains into Bonus Dice, R-DICE-1/2, G-20), so "41% to kill" in an
explanation is the true chance under the rules, not a heuristic.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.rules.combat import AttackPlan, plan_attack
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rulesets.brikwars.dice import (
    OVERSKILL_FACE,
    REGULAR_BONUS_SIDES,
    chain_at_least,
    die_distribution,
    overskill_damage_expression,
)
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState

#: Totals above this are lumped together: P(a Damage roll > 60) is far below anything that matters.
_CAP = 64
_OFFSET = 32  # armor penalties (−1d4) can take totals below zero


@lru_cache(maxsize=512)
def total_distribution(expr: str) -> np.ndarray:
    """P(total == k - _OFFSET) for k in 0.._CAP+_OFFSET of `roll_expression(expr)` (exact up to the cap)."""
    parsed = parse_dice(expr)
    size = _CAP + _OFFSET + 1
    dist = np.zeros(size)
    dist[_OFFSET + max(-_OFFSET, min(_CAP, parsed.modifier))] = 1.0
    for term in parsed.terms:
        one = np.zeros(size)
        for value, p in die_distribution(term.sides, bonus_sides=REGULAR_BONUS_SIDES):  # G-20
            v = min(_CAP, value) if term.sign > 0 else max(-_OFFSET, -value)
            one[_OFFSET + v] += p
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
def damage_outcome(damage: str, armor: str, burning: bool = False) -> tuple[float, float]:
    """(P(Damage > Armor), P(Damage == Armor)) for one hit (G-3); a burning target rolls −1d4
    Armor (R-FIRE-5)."""
    dmg = total_distribution(damage)
    arm = total_distribution(armor + ("-1d4" if burning else ""))
    cdf_arm = np.cumsum(arm)  # P(armor <= k)
    # P(D > A) = sum_k P(D = k) P(A < k) = sum_k P(D=k) cdf(k-1)
    below = np.concatenate(([0.0], cdf_arm[:-1]))
    beats = float(np.dot(dmg, below))
    ties = float(np.dot(dmg, arm))
    return beats, ties


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
    skill_sides: int, needed: int | None, per_die_modifier: int, damage: str, armor: str, burning: bool
) -> tuple[float, float, float]:
    """(P(hit), P(hit and Damage beats Armor), P(hit and Damage ties Armor)) of one attack, the
    Overskill extra Damage die included; `needed` None is an automatic hit. Memoised: a pure
    function of a few small numbers and texts, asked for every unit and enemy each turn."""
    beats, ties = damage_outcome(damage, armor, burning)
    if needed is None:
        return 1.0, beats, ties
    plain, extra = hit_split(skill_sides, needed, per_die_modifier)
    more_beats, more_ties = damage_outcome(str(overskill_damage_expression(damage)), armor, burning)
    return plain + extra, plain * beats + extra * more_beats, plain * ties + extra * more_ties


@dataclass(frozen=True)
class Odds:
    """One attack's numbers: to hit, to kill (hit × Damage beats Armor on the last inch of Size),
    to Disrupt (hit × tie), and the expected value in "units" (a kill = 1, a lost inch of a bigger
    unit = 1/size, a Disruption = `disrupt_value`)."""

    plan: AttackPlan
    hit: float
    kill: float
    disrupt: float
    wound: float  # P(loses an inch of Size): equals `kill` for a Size 1 unit

    def value(self, disrupt_value: float = 0.25) -> float:
        return self.kill + (self.wound - self.kill) * 0.5 + self.disrupt * disrupt_value


def attack_odds(
    state: GameState, attacker: UnitState, weapon: WeaponState, target: UnitState, origin: Cell | None = None
) -> Odds | None:
    """The exact odds of `attacker` hitting `target` with `weapon` from `origin` (default: where it
    stands), or None when the rules forbid that attack (no sight, out of reach, ...)."""
    with contextlib.suppress(IllegalOrder):
        plan = plan_attack(state, attacker, weapon, target.id, origin=origin)
        burning = target.fire_size > 0
        _hit, wound, tie = kill_split(
            attacker.skill, plan.needed, -plan.out_of_range, weapon.damage, target.armor, burning
        )
        if plan.needed is not None and abs(_hit - plan.chance) > 1e-9:
            # the attacker is on fire (R-FIRE-5): the rules' own chance, without the Overskill split
            beats, ties = damage_outcome(weapon.damage, target.armor, burning)
            wound, tie = plan.chance * beats, plan.chance * ties
        kill = wound if target.size <= 1 else 0.0
        return Odds(plan, plan.chance, kill, tie, wound)
    return None


def best_odds(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    origin: Cell | None = None,
    *,
    in_range: bool = True,
) -> Odds | None:
    """The attacker's best attack on `target` from `origin` (by expected value); `in_range` drops
    shots beyond the weapon's Range (R-ACT-6 penalties make them poor and Responses ignore them)."""
    best: Odds | None = None
    for weapon in attacker.weapons:
        if weapon.spent:
            continue
        odds = attack_odds(state, attacker, weapon, target, origin)
        if odds is None or (in_range and odds.plan.out_of_range):
            continue
        if best is None or odds.value() > best.value():
            best = odds
    return best
