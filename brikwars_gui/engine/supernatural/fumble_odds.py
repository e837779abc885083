"""The most damaging use of a Fumble Die, with exact odds (R-SN-18; design map S9): the engine's
default answer for the opponent, and so the computer player's.

Each legal use is valued from the opponent's side as the Effect would then land: the caster is
assumed to spend the rest of its plan (the order's remaining dice plan; for an Effect built by
hand its other ready dice on the template's Damage or first stat Aspect, `fumble._assumed_steps`),
every later die counted exactly with its SN Bonus chain and a Fumble as 0
(as `odds.py` does). The remaining Range dice carry the point on toward the target, every total
they may roll giving its landing cell; the Damage (the dice already rolled, exactly, plus the
planned ones, each d8 losing the inches from the caster, R-SN-34) is set against each unit's
Armor roll there and inside the d10 radius (R-SN-28). A unit of the caster's side hurt counts +1,
one of the opponent's −1 (the chance Damage beats its Armor, G-3). Stat changes count what they
would give the unit they land on: an Armor die the fall (or rise) in the chance a typical hit
beats its Armor; other stat dice a small flat worth."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from brikwars_gui.engine.dice.sn import sn_distribution
from brikwars_gui.engine.geometry import distance, in_range
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.supernatural.odds import armor_beaten, beat_chance, sn_sum
from brikwars_gui.engine.supernatural.path import advance
from brikwars_gui.engine.supernatural.tables import JOINED_ASPECTS, RADIUS_PER_D10

if TYPE_CHECKING:
    from brikwars_gui.engine.supernatural.state import EffectState

#: The typical hit an Armor die is weighed against (a rifle or a spear).
TYPICAL_HIT = "1d6+1"
#: What one point of Move or of an Action modifier, or a Blessing/Curse die, is worth (in hits).
POINT_WORTH = 0.02
BLESSING_WORTH = 0.15
_HELPFUL = frozenset({"armor+", "deflect+", "move+", "flight+", "action+", "bless", "mind"})
_HARMFUL = frozenset({"armor-", "move-", "flight-", "action-", "curse"})


@functools.lru_cache(maxsize=4096)
def _damage(fixed: int, planned: tuple[int, ...], inches: int) -> tuple[tuple[int, float], ...]:
    """Distribution of the Effect's Damage: `fixed` points already rolled (after their blast
    loss and what Fumbles took) plus the planned dice, each d8 losing `inches` (never below 0)."""
    dist: dict[int, float] = {fixed: 1.0}
    for sides in planned:
        out: dict[int, float] = {}
        for v, p in sn_distribution(sides, eps=1e-9):
            v = max(0, v - inches) if sides == 8 else v
            for d, q in dist.items():
                out[d + v] = out.get(d + v, 0.0) + p * q
        dist = out
    return tuple(sorted((max(0, d), p) for d, p in dist.items()))


def _landings(
    state: GameState, point: Cell, dest: Cell, range_sides: tuple[int, ...]
) -> list[tuple[Cell, float]]:
    """Where the point ends after the remaining Range dice, each with its exact chance."""
    if not range_sides or point == dest:
        return [(point, 1.0)]
    phasing = 12 if 12 in range_sides else 0
    out: dict[Cell, float] = {}
    for total, p in sn_sum(tuple(sorted(range_sides))):
        cell = advance(state, point, dest, total, phasing)[0] if total else point
        out[cell] = out.get(cell, 0.0) + p
    return sorted(out.items())


def _sign(unit: UnitState, caster: UnitState, to: str) -> int:
    return 1 if unit.team == caster.team else -1 if unit.team == to else 0


def _stat_gain(unit: UnitState, steps: Sequence[tuple[str, int, int]]) -> float:
    """What stat dice (aspect, sides, points) landing on `unit` give it, in hits."""
    gain = 0.0
    for aspect, sides, points in steps:
        if aspect in ("armor+", "armor-"):
            with_die = f"{unit.armor}{'+' if aspect == 'armor+' else '-'}1d{sides}"
            change = armor_beaten(TYPICAL_HIT, str(unit.armor)) - armor_beaten(TYPICAL_HIT, with_die)
            gain += change  # positive for armor+, negative for armor-
        elif aspect in ("bless", "curse"):
            gain += BLESSING_WORTH if aspect == "bless" else -BLESSING_WORTH
        elif aspect in _HELPFUL:
            gain += POINT_WORTH * points
        elif aspect in _HARMFUL:
            gain -= POINT_WORTH * points
    return gain


def use_value(
    state: GameState,
    caster: UnitState,
    effect: EffectState,
    to: str,
    use: str,
    total: int,
    rolled: Sequence[tuple[str, str, Any]],
    planned: Sequence[tuple[str, int]],
    dest: Cell,
    taken: tuple[int, int],
) -> float:
    """The worth to `to` of the Effect landing after `use` (exact, see the module docstring).
    `rolled`: (talisman, aspect, SNRoll) that took effect; `planned`: (aspect, sides) still to be
    spent; `taken`: (Damage, stat points) earlier Fumbles already took."""
    point = effect.point
    less_damage, less_mods = taken
    if use == "damage-":
        less_damage += total
    elif use == "mod-":
        less_mods += total
    elif use == "range-":
        point = advance(state, point, effect.origin, total, 12)[0]
    elif use.startswith("range:"):
        x, y = use.removeprefix("range:").split(",")
        point = (int(x), int(y))
    range_sides = tuple(s for a, s in planned if a == "range")
    damage_rolled = [r for _t, a, r in rolled if a == "damage+"]
    damage_planned = tuple(sorted(s for a, s in planned if a == "damage+"))
    d10s = sum(1 for _t, a, r in rolled if r.sides == 10 and a in JOINED_ASPECTS)
    d10s += sum(1 for _t, _a, r in rolled for d in r.dice if d.sides == 10)
    d10s += sum(1 for a, s in planned if s == 10)
    radius = RADIUS_PER_D10 * d10s
    steps = _stat_steps(rolled, planned, less_mods)
    value = 0.0
    for cell, p in _landings(state, point, dest, range_sides):
        inches = int(distance(effect.origin, cell))
        victims = [
            u
            for u in state.units.values()
            if u.alive
            and (
                # the caster is hit only where a Fumble sends back an Effect that left its hands
                (u.pos == cell and (u.id != caster.id or bool(effect.path)))
                or (u.id != caster.id and radius and in_range(cell, u.pos, radius))
            )
        ]
        if not victims:
            continue
        if damage_rolled or damage_planned:
            fixed = sum(r.total - (min(inches, r.total) if r.sides == 8 else 0) for r in damage_rolled)
            dist = _damage(fixed - less_damage, damage_planned, inches)
            value += p * sum(_sign(u, caster, to) * beat_chance(dist, str(u.armor)) for u in victims)
        if steps:
            value -= p * sum(_sign(u, caster, to) * _stat_gain(u, steps) for u in victims)
    return value


def _stat_steps(
    rolled: Sequence[tuple[str, str, Any]], planned: Sequence[tuple[str, int]], less: int
) -> list[tuple[str, int, int]]:
    """The stat dice that would take effect (aspect, sides, points), a Fumble's `mod-` eating into
    them first die first as `landing._stat_changes` does (planned inch dice at their mean)."""
    out: list[tuple[str, int, int]] = []
    dice = [(a, r.sides, r.total) for _t, a, r in rolled] + [(a, s, (s + 1) // 2) for a, s in planned]
    for aspect, sides, points in dice:
        if aspect not in _HELPFUL | _HARMFUL:
            continue
        if aspect in JOINED_ASPECTS:
            if less >= sides:
                less -= sides
                continue
        else:
            cut = min(less, points)
            less, points = less - cut, points - cut
            if points <= 0:
                continue
        out.append((aspect, sides, points))
    return out
