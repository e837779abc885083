"""Exact odds of an Effect for the computer player and the Effect builder (R-SN-17/18/24/34):
P(reach) of Range dice (their SN Bonus chains enumerated, a Fumble counting 0 — the opponent's
use of it is not counted), and what a set of Damage dice does to a unit (its Armor roll rolled
exactly, G-3)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.dice.brikwars_odds import die_distribution
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.dice.sn import sn_distribution
from brikwars_gui.engine.rulesets.base import StrikeOdds

if TYPE_CHECKING:
    from brikwars_gui.engine.state import GameState, UnitState

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


@dataclass(frozen=True)
class EffectOdds:
    """What a planned hostile Effect may do: `reach` the exact chance its Range dice carry it onto
    the target (a wall stops all but d12s, R-SN-25/26); `strike` the exact odds that its Damage
    lands on the target and what it does there — on the target's cell, or short of it but with the
    target inside the d10 radius (R-SN-28; SN Bonus d10s widen it, R-SN-17) — with each d8 losing
    the inches from the caster to the point (R-SN-34). None when it has no Damage dice."""

    reach: float
    strike: StrikeOdds | None

    def value(self) -> float:
        return self.strike.value() if self.strike is not None else 0.0


@functools.lru_cache(maxsize=1024)
def _joint(sides: tuple[int, ...]) -> np.ndarray:
    """P[d10s rolled, total] of SN dice, each a Fumble = 0 and no die (R-SN-17/18, R-SN-28): one
    row of totals per d10 count, the dice convolved row by row with numpy (bench_sn_odds: an
    Effect's odds in under 5 ms). Cached: callers only read it."""
    table = np.ones((1, 1))
    for s in sides:
        table = _convolve_rows(table, _die_table(s))
    return table


@functools.lru_cache(maxsize=16)
def _die_table(sides: int) -> np.ndarray:
    """P[d10s rolled, total] of one SN die of `sides` (its Bonus chain's tail below 1e-9 dropped)."""
    dist = sn_distribution(sides, eps=1e-9)
    top = max(v for v, _p in dist)
    table = np.zeros(((top - 1) // sides + 2 if sides == 10 else 1, top + 1))
    for v, p in dist:
        table[(0 if v == 0 else (v - 1) // sides + 1) if sides == 10 else 0, v] += p
    return table


def _convolve_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The joint table of the sum of two independent (d10 count, total) tables."""
    out = np.zeros((a.shape[0] + b.shape[0] - 1, a.shape[1] + b.shape[1] - 1))
    for na, row in enumerate(a):
        if row.any():
            for nb, other in enumerate(b):
                if other.any():
                    out[na + nb] += np.convolve(row, other)
    return out


#: d10s rolled → (P, P(Damage beats the Armor roll), P(equal)).
DamageTable = dict[int, tuple[float, float, float]]


def _damage_table(sides: tuple[int, ...], inches: int, armor: str) -> DamageTable:
    """d10s rolled → (P, P(Damage beats the Armor roll), P(equal)) of the Damage dice, each d8 losing
    `inches` (never below 0, R-SN-34); Damage 0 does nothing (G-3). Only d8s read `inches`."""
    return _damage_table_at(sides, inches if 8 in sides else 0, armor)


@functools.lru_cache(maxsize=4096)
def _damage_table_at(sides: tuple[int, ...], inches: int, armor: str) -> DamageTable:
    """`_damage_table`, cached by the inches only the d8s read. The other dice are weighed against
    the Armor once (`_against_armor`); each landing point's inches then only shift the d8s."""
    d8 = np.ones(1)
    for _ in range(sides.count(8)):
        die = _die_table(8)[0]
        if inches:  # R-SN-34: each d8 loses the inches, never below 0
            die = np.concatenate(([die[: inches + 1].sum()], die[inches + 1 :]))
        d8 = np.convolve(d8, die)
    totals, beat, tie = _against_armor(tuple(s for s in sides if s != 8), sides.count(8), armor)
    width = len(d8)
    p = (totals * d8.sum()).tolist()
    rows = zip(p, (beat[:, :width] @ d8).tolist(), (tie[:, :width] @ d8).tolist(), strict=True)
    return {n: row for n, row in enumerate(rows) if row[0] > _EPS}


@functools.lru_cache(maxsize=1024)
def _against_armor(sides: tuple[int, ...], d8s: int, armor: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For the dice `sides` (no d8) by d10s rolled n: P(n), and for every j the d8s may add,
    P(n and Damage + j beats the Armor roll) and P(n and it equals it) — Damage 0 does nothing
    (G-3). Cached: callers only read them."""
    base = _joint(sides)
    width = (_die_table(8).shape[1] - 1) * d8s + 1
    below, equal = (a.copy() for a in _armor_arrays(armor, base.shape[1] + width - 1))
    below[0] = equal[0] = 0.0
    windows = np.lib.stride_tricks.sliding_window_view
    return (
        base.sum(axis=1),
        base @ windows(below, base.shape[1]).T,
        base @ windows(equal, base.shape[1]).T,
    )


@functools.lru_cache(maxsize=256)
def _armor_arrays(armor: str, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(P(Armor roll < d), P(Armor roll == d)) for d in 0..size-1; a roll lowered by SN dice stops
    at 0 (R-SN-36). Cached: callers only read them."""
    clamp = "-" in armor
    below, equal = np.zeros(size), np.zeros(size)
    for a, pa in _armor_distribution(armor):
        a = max(a, 0) if clamp else a
        if 0 <= a < size:
            equal[a] += pa
        below[max(a + 1, 0) :] += pa  # every Damage d above the roll beats it
    return below, equal


def beat_chance(damage: Sequence[tuple[int, float]], armor: str) -> float:
    """P(a Damage of distribution `damage` beats an Armor roll of `armor`) exactly (G-3; Damage 0
    does nothing; a roll lowered by SN dice stops at 0, R-SN-36)."""
    top = max((d for d, _p in damage), default=0)
    below, _equal = _armor_arrays(armor, top + 1)
    return float(sum(p * below[d] for d, p in damage if d > 0))


@functools.lru_cache(maxsize=4096)
def aimed_strike(
    range_sides: tuple[int, ...], damage_sides: tuple[int, ...], dx: int, dy: int, armor: str, size: int
) -> tuple[float, float, float, float, float]:
    """(reach, hit, kill, wound, disrupt) of an Effect aimed (dx, dy) away with no wall between."""
    from brikwars_gui.engine.geometry import distance, in_range, line_cells

    line = line_cells((0, 0), (dx, dy))
    # the point stops at the last cell before the first one farther than the Range total
    farthest = np.maximum.accumulate([distance((0, 0), c) for c in line])
    table = _joint(range_sides)  # P[d10s of the Range dice, Range total]
    stop = np.searchsorted(farthest, np.arange(table.shape[1]) + 1e-9, side="right") - 1
    landings: dict[tuple[tuple[int, int], int], float] = {}  # (point, d10s of the Range dice) -> p
    for n_range, row in enumerate(table):
        for k, pr in enumerate(np.bincount(stop, weights=row, minlength=len(line))):
            if pr > 0:
                landings[(line[k], n_range)] = float(pr)
    reach = hit = wound = disrupt = 0.0
    for (point, n_range), pr in landings.items():
        reached = point == (dx, dy)
        reach += pr if reached else 0.0
        for n_damage, (p, beat, tie) in _damage_table(
            damage_sides, int(distance((0, 0), point)), armor
        ).items():
            radius = 2 * (n_range + n_damage)
            if reached or (radius and in_range(point, (dx, dy), radius)):
                hit += pr * p
                wound += pr * beat
                disrupt += pr * tie
    return reach, hit, wound if size <= 1 else 0.0, wound, disrupt


def effect_odds(state: GameState, caster: UnitState, target: UnitState, plan: Sequence[str]) -> EffectOdds:
    """Odds of `Cast(..., target, plan=plan)` by `caster` on `target` from where they stand, every
    Fumble counting 0 (what the opponent makes of it is not counted)."""
    from brikwars_gui.engine.geometry import line_cells
    from brikwars_gui.engine.supernatural.path import blocked

    ledger = state.sn
    steps = [(ledger.talismans[s.split(":", 1)[0]].sides, s.split(":", 1)[1]) for s in plan]
    walled = any(blocked(state, c) for c in line_cells(caster.pos, target.pos)[1:-1])
    range_sides = tuple(sorted(s for s, a in steps if a == "range" and (s == 12 or not walled)))
    planned = tuple(sorted(s for s, a in steps if a == "damage+"))
    damage_sides = unshielded(state, target.id, planned)
    dx, dy = target.pos[0] - caster.pos[0], target.pos[1] - caster.pos[1]
    reach, hit, kill, wound, disrupt = aimed_strike(
        range_sides, damage_sides, dx, dy, str(target.armor), target.size
    )
    return EffectOdds(reach, StrikeOdds(hit, kill, wound, disrupt) if planned else None)


def unshielded(state: GameState, target_id: str, sides: tuple[int, ...]) -> tuple[int, ...]:
    """The SN Damage dice that reach `target_id` past its Energy Shields and Deflection levels, as
    `landing._past_shields` will cancel them (d12s pass both, R-SN-34/38), without changing the
    state: dice of one size are alike, so the odds of what is left are exact."""
    exposed = [s for s in sides if s != 12]
    if not exposed:
        return sides
    from brikwars_gui.engine.hazards.shields import plan_deflection

    blocked, _uses = plan_deflection(state, target_id, exposed)
    kept = [s for s, b in zip(exposed, blocked, strict=True) if not b]
    return tuple(sorted(kept + [s for s in sides if s == 12]))
