"""Exact BrikWars odds of one strike, shared by the computer player (`Ruleset.strike_odds`) and the
attack forecast card (`rules/attack_odds.py`): the Skill roll with its Overskill (R-DICE-3/5..8),
Blessings and Curses (R-DICE-10/11) and a burning attacker's −1d4 (R-FIRE-5), then the Damage
that hits (the weapon's dice left by the target's Energy Shields, R-HAZ-21; one more of them when
the Overskill Benny buys an extra Damage die, R-DICE-8a, the rules' default answer; a burning
close-combat attacker's +1d4, R-FIRE-6) against the Armor roll (G-3), from the exact
distributions of every roll (a die's highest face chains into Bonus Dice, R-DICE-1/2, G-20).

numpy arrays over totals, cached per expression: the tactical AI asks for thousands of these per
turn. Totals above `_CAP` are lumped together (P(a Damage roll > 120) is below 1e-16).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.dice.brikwars import REGULAR_BONUS_SIDES, overskill_damage_expression
from brikwars_gui.engine.dice.brikwars_odds import die_distribution, skill_success_split
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.rulesets.base import StrikeOdds

if TYPE_CHECKING:
    from brikwars_gui.engine.state import GameState, UnitState, WeaponState

#: Totals above this are lumped together: P(a Damage roll > 120) is below 1e-16.
_CAP = 128
_OFFSET = 32  # armor penalties (−1d4) can take totals below zero
#: R-FIRE-5: the die a burning attacker subtracts from its Action roll.
_BURNING_SIDES = 4


@dataclass(frozen=True)
class StrikeDice:
    """Everything the dice of one BrikWars strike depend on, as hashable values (the memo key):
    the attacker's Skill die and SN dice, the needed number (None: an automatic or trivial hit,
    no roll and so no Overskill), the per-die modifier (R-ACT-6), whether it burns (−1d4 on the
    roll, R-FIRE-5), the Damage that gets through the target's Shields and R-FIRE-6's extra die
    ("" when there is none or a Shield d4 cancels it)."""

    skill_sides: int
    needed: int | None
    per_die_modifier: int = 0
    damage: str = "1d6"
    blessings: tuple[int, ...] = ()
    curses: tuple[int, ...] = ()
    burning_attacker: bool = False
    fire_bonus: str = ""


@lru_cache(maxsize=512)
def total_distribution(expr: str, per_die_modifier: int = 0, d4_at_most: float | None = None) -> np.ndarray:
    """P(total == k - _OFFSET) for k in 0.._CAP+_OFFSET of `roll_expression(expr,
    per_die_modifier=...)` (exact up to the cap; the modifier applies to each added die, R-ACT-6).
    `d4_at_most`: only the rolls whose every added d4 (its Bonus chain and modifier) stays at or
    below it (a part of the whole: the rolls whose Fire dice light nothing, R-FIRE-3)."""
    parsed = parse_dice(expr)
    size = _CAP + _OFFSET + 1
    dist = np.zeros(size)
    dist[_OFFSET + max(-_OFFSET, min(_CAP, parsed.modifier))] = 1.0
    for term in parsed.terms:
        one = np.zeros(size)
        cold = d4_at_most is not None and term.sides == 4 and term.sign > 0
        for value, p in die_distribution(term.sides, bonus_sides=REGULAR_BONUS_SIDES):  # G-20
            v = value + per_die_modifier if term.sign > 0 else -value
            if cold and v > d4_at_most:  # type: ignore[operator]
                continue
            one[_OFFSET + max(-_OFFSET, min(_CAP, v))] += p
        for _ in range(term.count):
            dist = add_totals(dist, one)
    return dist


def add_totals(a: np.ndarray, b: np.ndarray) -> np.ndarray:
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


def totals_items(dist: np.ndarray) -> list[tuple[int, float]]:
    """(total, probability) pairs of a `total_distribution`-style array (zeros left out)."""
    return [(int(k) - _OFFSET, float(p)) for k, p in enumerate(dist) if p > 0]


def with_overskill_die(damage: str) -> str:
    """R-DICE-8a: the Damage rolled when the Benny buys one more of its dice; unchanged when the
    Shields left no die to add one more of (the engine then rolls the plain Damage)."""
    if not any(t.sign > 0 for t in parse_dice(damage).terms):
        return damage
    return str(overskill_damage_expression(damage))


@lru_cache(maxsize=2048)
def hit_damage(damage: str, per_die_modifier: int = 0, fire_bonus: str = "") -> np.ndarray:
    """The Damage total a hit deals: the (shielded) weapon Damage with its per-die modifier, plus
    R-FIRE-6's extra die (on no per-die modifier: the burning attacker strikes in close combat)."""
    dist = total_distribution(damage, per_die_modifier)
    if fire_bonus:
        dist = add_totals(dist, total_distribution(fire_bonus))
    return dist


@lru_cache(maxsize=2048)
def versus_armor(
    damage: str, armor: str, burning: bool = False, per_die_modifier: int = 0, fire_bonus: str = ""
) -> tuple[float, float]:
    """(P(Damage > Armor), P(Damage == Armor > 0)) for one hit (G-3; nothing happens below 1
    Damage); a burning target rolls −1d4 Armor (R-FIRE-5)."""
    dmg = hit_damage(damage, per_die_modifier, fire_bonus).copy()
    dmg[: _OFFSET + 1] = 0.0  # a total of 0 or less does nothing
    arm = total_distribution(armor + ("-1d4" if burning else ""))
    cdf_arm = np.cumsum(arm)  # P(armor <= k)
    below = np.concatenate(([0.0], cdf_arm[:-1]))
    return float(np.dot(dmg, below)), float(np.dot(dmg, arm))


def damage_outcome(
    damage: str, armor: str, burning: bool = False, per_die_modifier: int = 0
) -> tuple[float, float]:
    """(P(Damage > Armor), P(Damage == Armor > 0)) of a weapon's Damage (no extra dice)."""
    return versus_armor(damage, armor, burning, per_die_modifier)


def _split_at(
    sides: int, needed: int, per_die_modifier: int, blessings: tuple[int, ...], curses: tuple[int, ...]
) -> tuple[float, float]:
    total, kept = skill_success_split(sides, needed, per_die_modifier, blessings, curses)
    return total - kept, kept


@lru_cache(maxsize=4096)
def hit_split(
    sides: int,
    needed: int,
    per_die_modifier: int = 0,
    blessings: tuple[int, ...] = (),
    curses: tuple[int, ...] = (),
    burning: bool = False,
) -> tuple[float, float]:
    """(P(hit without an Overskill Benny to spare), P(hit with a Benny left for an extra Damage
    die)) of a Skill roll against `needed` (R-DICE-3/5..8): a natural 6+ on a kept d6 or bigger
    (the unit's own or a Blessing/Curse die, R-DICE-10/11) that already hits buys one more Damage
    die (R-DICE-8a, the default answer); one that falls short is spent as +1d6 on the roll. A
    burning attacker's −1d4 (R-FIRE-5) raises `needed` by its exploding total. Their sum is
    `action_chance`."""
    if not burning:
        return _split_at(sides, needed, per_die_modifier, blessings, curses)
    plain = extra = 0.0
    for v, p in die_distribution(_BURNING_SIDES):
        a, b = _split_at(sides, needed + v, per_die_modifier, blessings, curses)
        plain, extra = plain + p * a, extra + p * b
    return plain, extra


def strike_branches(dice: StrikeDice) -> list[tuple[float, str]]:
    """The ways the strike hits: (probability, Damage expression rolled) for a hit without and
    with the Overskill extra Damage die (a roll-less hit has no Overskill)."""
    if dice.needed is None:
        return [(1.0, dice.damage)]
    plain, extra = hit_split(
        dice.skill_sides,
        dice.needed,
        dice.per_die_modifier,
        dice.blessings,
        dice.curses,
        dice.burning_attacker,
    )
    return [(plain, dice.damage), (extra, with_overskill_die(dice.damage))]


@lru_cache(maxsize=4096)
def kill_split(dice: StrikeDice, armor: str, burning_target: bool) -> tuple[float, float, float]:
    """(P(hit), P(hit and Damage beats Armor), P(hit and Damage ties Armor)) of one strike, every
    term of `StrikeDice` counted. Memoised: a pure function of a few small numbers and texts,
    asked for every unit and enemy each turn."""
    hit = beats = ties = 0.0
    for p, damage in strike_branches(dice):
        b, t = versus_armor(damage, armor, burning_target, dice.per_die_modifier, dice.fire_bonus)
        hit, beats, ties = hit + p, beats + p * b, ties + p * t
    return hit, beats, ties


def brikwars_strike_odds(
    dice: StrikeDice, armor: str, *, target_size: int, burning_target: bool
) -> StrikeOdds:
    """The strike's odds against a unit of `target_size` inches with Armor `armor`."""
    hit, beats, ties = kill_split(dice, armor, burning_target)
    return StrikeOdds(hit, beats if target_size <= 1 else 0.0, beats, ties)


@dataclass(frozen=True)
class ShieldEffect:
    """What the target's Energy Shields take from a hit (R-HAZ-21/22), as the engine will apply
    them now: the weapon dice they cancel, the Damage they leave, whether they also cancel R-FIRE-6's
    burning d4, and whether a Creation ran out of Power for more Shield dice."""

    cancelled: tuple[int, ...]
    left: str
    fire_cancelled: bool = False
    unpaid: bool = False
    source: str = "Energy Shield"  # or "SN Deflection" (R-SN-38) when only the target's own levels act


def strike_dice(
    state: GameState,
    attacker: UnitState,
    weapon: WeaponState,
    target_id: str,
    *,
    needed: int | None,
    per_die_modifier: int = 0,
) -> tuple[StrikeDice, ShieldEffect | None]:
    """The `StrikeDice` of `attacker` striking `target_id` with `weapon` in the state as it stands
    (what `combat.resolve_attack` will roll), and the Shields' part (None when none protects it).
    Shields are planned without touching the state (`shields.plan_deflection`): the weapon's dice
    first, then the burning d4, as the engine asks them; a blast is not shielded (G-12)."""
    from brikwars_gui.engine.dice.brikwars import blessing_dice
    from brikwars_gui.engine.hazards.fire import burning_action_penalty, burning_attack_bonus
    from brikwars_gui.engine.hazards.shields import (
        ShieldBook,
        incoming_sides,
        plan_deflection,
        remaining_expression,
    )

    sn = blessing_dice(attacker, attacker.skill, weapon)
    damage = weapon.damage
    fire = ""
    blast = weapon.damage_type == "explosive"  # a blast deals its own roll only (`damage.explode`)
    if weapon.is_close and not blast and burning_attack_bonus(state, attacker.id, weapon) is not None:
        fire = "1d4"  # R-FIRE-6
    shield = None
    target = state.units.get(target_id)
    deflecting = target is not None and bool(target.deflection)  # R-SN-38: SN Deflection levels
    if not blast and (deflecting or any(f.kind == "shield" for f in state.fields.values())):
        book = ShieldBook()
        parsed = parse_dice(weapon.damage)
        sides = incoming_sides(parsed)
        blocked, uses = plan_deflection(state, target_id, sides, action_dice=weapon.action_dice, book=book)
        if uses or any(blocked):
            damage = str(remaining_expression(parsed, blocked))
            fire_cancelled = False
            unpaid = any(u.unpaid for u in uses)
            if fire:
                (fire_cancelled,), more = plan_deflection(state, target_id, [4], book=book)
                unpaid = unpaid or any(u.unpaid for u in more)
                fire = "" if fire_cancelled else fire
            cancelled = tuple(s for s, b in zip(sides, blocked, strict=True) if b)
            source = "Energy Shield" if uses else "SN Deflection"
            shield = ShieldEffect(cancelled, damage, fire_cancelled, unpaid, source)
    dice = StrikeDice(
        attacker.skill,
        needed,
        per_die_modifier,
        damage,
        tuple(sn.get("blessings", ())),
        tuple(sn.get("curses", ())),
        needed is not None and burning_action_penalty(state, attacker, weapon) is not None,
        fire,
    )
    return dice, shield
