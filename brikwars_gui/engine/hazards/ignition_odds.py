"""What an attack's forecast needs to say whether it sets its target alight (R-FIRE-3/4), as the
engine decides it: which Fire dice the attack rolls (a fire-like weapon's d4 Damage dice,
R-FIRE-3/13..16; R-FIRE-6's burning d4 in close combat), their fire type, and the Weight class a
die must exceed. Each ruleset's forecast combines these with its own Damage odds, because the
target must still be there after the Damage for `apply_damage` to light it. `burning_strike_lines`
names why R-FIRE-6's die is rolled, for every ruleset's card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from brikwars_gui.engine.dice.brikwars import REGULAR_BONUS_SIDES
from brikwars_gui.engine.dice.brikwars_odds import die_distribution
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.hazards.common import target_weight
from brikwars_gui.engine.hazards.fire import FIRE_TYPES, burning_attack_bonus, can_burn, fires_on

if TYPE_CHECKING:
    from brikwars_gui.engine.state import GameState, UnitState, WeaponState

#: the forecast card's name for the chance (`Figure.what`)
SET_ALIGHT = "set alight"


@dataclass(frozen=True)
class IgnitionTerms:
    """`weapon_dice`: the weapon's own d4 Damage dice are Fire dice; `bonus_die`: R-FIRE-6's d4
    is rolled on a hit; `weight`: a die above it catches (R-FIRE-3)."""

    fire_type: str
    weapon_dice: bool
    bonus_die: bool
    weight: float


def ignition_terms(
    state: GameState, attacker: UnitState, weapon: WeaponState, target_id: str, *, weapon_dice: bool = True
) -> IgnitionTerms | None:
    """The Fire dice of `attacker` striking `target_id` with `weapon` now, or None when the attack
    cannot set it alight: no Fire die, a fire type that cannot burn it (Ion only non-living
    things, Poison only living ones, R-FIRE-14/15), or a target already burning with that type
    (the fire then grows, R-FIRE-4; the card already says the target is on fire). `weapon_dice`
    False: a ruleset whose own attacks roll no weapon dice (Nine Powers) counts only R-FIRE-6's.
    The fire type follows `combat.resolve_attack`: the weapon's when its dice ignite, else the
    burning attacker's."""
    if weapon.damage_type == "explosive":
        return None  # a blast's Damage carries no Fire dice (`damage.explode`, G-12)
    own = (
        weapon_dice
        and weapon.damage_type in FIRE_TYPES
        and any(t.sides == 4 and t.sign > 0 for t in parse_dice(weapon.damage).terms)
    )
    bonus = burning_attack_bonus(state, attacker.id, weapon) if weapon.is_close else None
    if not own and bonus is None:
        return None
    fire_type = str(weapon.damage_type) if own else bonus[1]  # type: ignore[index]
    if not can_burn(state, target_id, fire_type):
        return None
    if any(f.fire_type == fire_type and not f.permanent for f in fires_on(state, target_id)):
        return None
    return IgnitionTerms(fire_type, own, bonus is not None, float(target_weight(state, target_id)))


def burning_strike_lines(
    state: GameState, attacker: UnitState, weapon: WeaponState, amount: str, note: str = ""
) -> list[tuple[str, str]]:
    """The card's lines for R-FIRE-6's +1d4 (`amount`, in the ruleset's words), one for each
    reason `burning_attack_bonus` finds: the attacker is on fire ("Attacker burning"), and its
    weapon is a burning object (an item made to burn, a Torch: "Burning Torch"). Both may apply;
    the die is rolled once. A Torch's own d4 Damage is its Fire dice (R-FIRE-3/4, `ignition_text`)."""
    rule = "R-FIRE-6" + (f", {note}" if note else "")
    lines = []
    if fires_on(state, attacker.id):
        lines.append(("Attacker burning", f"{amount} ({rule})"))
    if weapon.burning:
        why = "a burning object too: the same +1d4, rolled once" if lines else f"{amount}: a burning object"
        lines.append((f"Burning {weapon.name}", f"{why} ({rule})"))
    return lines


def die_catches(weight: float, per_die_modifier: int = 0) -> float:
    """P(one d4 Fire die, its whole Bonus chain and the per-die modifier, exceeds `weight`):
    `hazards.fire.ignition_dice` reads a die so."""
    return sum(
        p for v, p in die_distribution(4, bonus_sides=REGULAR_BONUS_SIDES) if v + per_die_modifier > weight
    )


def ignition_text(terms: IgnitionTerms) -> str:
    """`a d4 Fire die above Weight 0.5 sets it alight (R-FIRE-3/4)`: the card's modifier."""
    which = [
        w for w, on in (("its d4 Damage", terms.weapon_dice), ("the burning +1d4", terms.bonus_die)) if on
    ]
    kind = terms.fire_type.title()
    return f"{' and '.join(which)}: a die above Weight {terms.weight:g} sets it alight ({kind}, R-FIRE-3/4)"
