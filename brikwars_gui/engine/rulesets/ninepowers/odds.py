"""Exact Nine Powers odds (L427-439) as fractions, shown before every action.

A pool's outcome that matters for damage is (success, bypassing dice, magic die success); its
distribution is built die by die over the faces (an exact enumeration that never lists the up to
460,800 face combinations one by one). The Design Notes' table (L429-435) is the check.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from brikwars_gui.engine.rulesets.ninepowers.damage import Hit, Vitals, plan_damage
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty, pool_sides

Outcome = tuple[bool, int, bool]  # (success, bypassing dice, special die succeeded)


@dataclass(frozen=True, eq=False)
class PoolOdds:
    """The exact distribution of a pool's outcomes (shared by `pool_odds`' cache: not to change)."""

    difficulty: Difficulty
    outcomes: dict[Outcome, Fraction]

    @cached_property
    def success(self) -> Fraction:
        return sum((p for (ok, _, _), p in self.outcomes.items() if ok), Fraction(0))


@lru_cache(maxsize=4096)
def pool_odds(
    sides: tuple[int, ...],
    difficulty: Difficulty,
    *,
    special: tuple[int, ...] = (),
    bypass_faces: frozenset[int] = frozenset({1}),
) -> PoolOdds:
    """Distribution of (success, bypassing dice, special success) for the given dice; kept per
    pool, as the AI and Hard's play-outs ask the same few pools tens of thousands of times."""
    states: dict[tuple[bool, int, bool], Fraction] = {(False, 0, False): Fraction(1)}
    for index, die in enumerate((*sides, *special)):
        is_special = index >= len(sides)
        nxt: dict[tuple[bool, int, bool], Fraction] = defaultdict(Fraction)
        for face in range(1, die + 1):
            beats = difficulty.beats(face)
            passes = face in bypass_faces
            for (ok, byp, spec), p in states.items():
                key = (ok or beats, byp + passes, spec or (is_special and beats))
                nxt[key] += p / die
        states = dict(nxt)
    outcomes: dict[Outcome, Fraction] = defaultdict(Fraction)
    for (ok, byp, spec), p in states.items():
        # bypassing dice and the magic die only count in a successful roll (R-NP-5, L2279)
        outcomes[(ok, byp if ok else 0, spec and ok)] += p
    return PoolOdds(difficulty, dict(outcomes))


@lru_cache(maxsize=256)
def success_chance(rating: int, difficulty: Difficulty) -> Fraction:
    """Chance that a pool of `rating` dice beats `difficulty` (the L429-435 table)."""
    miss = Fraction(1)
    for die in pool_sides(rating):
        miss *= Fraction(die - min(difficulty.threshold, die), die)
    return 1 - miss


def successful_dice_distribution(sides: tuple[int, ...], difficulty: Difficulty) -> dict[int, Fraction]:
    """How many dice beat the difficulty on their own: the vetoes of an Acrobatics or Protect
    turn and the number of wrestling effects (R-NP-11, L922, L932)."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for die in sides:
        p = Fraction(min(difficulty.threshold, die), die)
        nxt: dict[int, Fraction] = defaultdict(Fraction)
        for n, q in dist.items():
            nxt[n + 1] += q * p
            nxt[n] += q * (1 - p)
        dist = dict(nxt)
    return dist


@dataclass(frozen=True, eq=False)
class AttackForecast:
    """What one attack choice is expected to do to one target, exactly (one object per pool and
    target figures, `forecast_attack`'s cache: compared and hashed as itself, which the AI's
    `tactics.attack_value` cache relies on to skip hashing its Fractions)."""

    difficulty: Difficulty
    success: Fraction
    damage_on_success: int
    expected_stamina: Fraction
    expected_armor: Fraction
    defeat: Fraction

    def summary(self) -> str:
        """`Medium: 67% to hit, 2 damage, 0.4 Stamina expected, 5% to defeat`."""
        text = (
            f"{self.difficulty.label.capitalize()}: {float(self.success):.0%} to hit, "
            f"{self.damage_on_success} damage, {float(self.expected_stamina):.2f} Stamina expected"
        )
        if self.defeat:
            text += f", {float(self.defeat):.0%} to defeat"
        return text


def forecast_attack(
    odds: PoolOdds,
    target: Vitals,
    *,
    bonus: int = 0,
    extra: int = 0,
    magic_bonus: int = 1,
    ignore_armor: int = 0,
) -> AttackForecast:
    """Exact expected Stamina and Armor loss and chance to defeat `target` with this pool.
    `bonus` is flat damage on success (sneak attack, L1128); a successful magic die adds
    `magic_bonus` (L2279). Kept per pool and the target's figures that `plan_damage` reads."""
    seen = (target.stamina, target.armor, target.buffer, target.half_damage)
    return _forecast(odds, seen, bonus, extra, magic_bonus, ignore_armor)


@lru_cache(maxsize=8192)
def _forecast(
    odds: PoolOdds,
    seen: tuple[int, int, int, str | None],
    bonus: int,
    extra: int,
    magic_bonus: int,
    ignore_armor: int,
) -> AttackForecast:
    target = Vitals(stamina=seen[0], armor=seen[1], buffer=seen[2], half_damage=seen[3])
    exp_st = exp_ar = defeat = Fraction(0)
    base = odds.difficulty.damage + bonus
    for (ok, byp, spec), p in odds.outcomes.items():
        if not ok:
            continue
        hit = Hit(
            points=base + (magic_bonus if spec else 0), bypass=byp, extra=extra, ignore_armor=ignore_armor
        )
        result = plan_damage(target, hit)
        exp_st += p * result.to_stamina
        exp_ar += p * (result.to_armor + result.to_buffer)
        if result.defeated:
            defeat += p
    return AttackForecast(
        difficulty=odds.difficulty,
        success=odds.success,
        damage_on_success=base + extra,
        expected_stamina=exp_st,
        expected_armor=exp_ar,
        defeat=defeat,
    )
