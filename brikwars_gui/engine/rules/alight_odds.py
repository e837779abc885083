"""The chance a BrikWars attack sets its target alight (R-FIRE-3/4) as `combat.resolve_attack`
resolves it: on a hit, some Fire die (the weapon's d4 Damage dice when it is fire-like, R-FIRE-6's
burning d4) exceeds the target's Weight class, and the target is still there after the Damage
(`apply_damage` lights only a unit that lives, an object not destroyed: G-3). The Fire dice are
part of the Damage total, so both are summed jointly, exactly, over the exploding dice: the hits
whose Fire dice all stay at or below the Weight are taken from all hits."""

from __future__ import annotations

import numpy as np

from brikwars_gui.engine.hazards.ignition_odds import IgnitionTerms
from brikwars_gui.engine.rules.strike_odds import (
    _OFFSET,
    StrikeDice,
    add_totals,
    hit_damage,
    total_distribution,
)


def set_alight(
    terms: IgnitionTerms,
    dice: StrikeDice,
    branches: list[tuple[float, str]],
    *,
    armor: str,
    burning_target: bool,
    last_inch: bool,
) -> float:
    """P(the strike hits, lights a Fire die above `terms.weight` and leaves the target there);
    `last_inch`: Damage above its Armor takes it out (a Size 1 unit, an object's last inch)."""
    arm = total_distribution(armor + ("-1d4" if burning_target else ""))
    there = np.ones_like(arm)
    if last_inch:
        below = np.concatenate(([0.0], np.cumsum(arm)[:-1]))  # P(Armor < total)
        there[_OFFSET + 1 :] = 1.0 - below[_OFFSET + 1 :]
    cold_weapon = terms.weight if terms.weapon_dice else None
    chance = 0.0
    for p, damage in branches:
        every = hit_damage(damage, dice.per_die_modifier, dice.fire_bonus)
        cold = total_distribution(damage, dice.per_die_modifier, d4_at_most=cold_weapon)
        if dice.fire_bonus:  # R-FIRE-6's d4 is always a Fire die
            cold = add_totals(cold, total_distribution(dice.fire_bonus, 0, d4_at_most=terms.weight))
        chance += p * float(np.dot(every - cold, there))
    return chance
