"""Fields and Hazard Dice (R-HAZ-1..5): Size, the dice cap, powered dice once per turn.

A field's Size is the widest extent of its cells (R-HAZ-2, GRID-8). Its Hazard Dice never exceed
its Size: when the field shrinks the dice drop to match (R-HAZ-4) — computed on the fly from the
current mask, so shrinking a field (firefighting a permanent fire, clearing smoke) needs nothing
else. Passive fields roll for every victim; Creation-powered fields fire each die at most once per
turn (R-HAZ-5, counter `FieldState.dice_used_this_turn`, reset by `phase.start_of_player_turn`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from brikwars_gui.engine.dice.brikwars import roll_expression
from brikwars_gui.engine.dice.expression import DiceExpression, DiceTerm, parse_dice
from brikwars_gui.engine.hazards.common import cells_size, mask_size
from brikwars_gui.engine.hazards.fire import FIRE_TYPES
from brikwars_gui.engine.hazards.power import field_creation, power_left, spend_power
from brikwars_gui.engine.state import Cell, FieldState, FireState, GameState

if TYPE_CHECKING:
    from brikwars_gui.engine.context import RulesContext

#: R-FIRE-1: permanent fire kinds → number of d4 Hazard Dice.
PERMANENT_FIRE_DICE = {"regular": 1, "fuel": 2, "molten": 3, "atomic": 4}

#: Damage die of each damage type (R-HAZ-6): d6 Damage, d4 Fire (and the fire-like types), d10 Exp.
DAMAGE_DIE = {"normal": 6, "fire": 4, "acid": 4, "ion": 4, "poison": 4, "explosive": 10}

FIRE_LIKE = frozenset(FIRE_TYPES)


def field_size(field: FieldState) -> int:
    """R-HAZ-2 / GRID-8: inches across the field's widest extent."""
    return mask_size(field.mask)


def cap_dice(expr: str | DiceExpression, size: int) -> DiceExpression:
    """R-HAZ-4: drop dice (from the last term) until there are no more than `size` of them."""
    parsed = parse_dice(expr) if isinstance(expr, str) else expr
    excess = parsed.dice_count - max(0, size)
    if excess <= 0:
        return parsed
    kept: list[DiceTerm] = []
    for term in reversed(parsed.terms):
        drop = min(excess, term.count)
        excess -= drop
        if term.count - drop:
            kept.append(DiceTerm(term.count - drop, term.sides, term.sign))
    return DiceExpression(tuple(reversed(kept)), parsed.modifier)


def hazard_dice(field: FieldState) -> DiceExpression | None:
    """The field's Hazard Dice after the Size cap (R-HAZ-4); None for Smoke and dice-less fields."""
    if not field.dice:
        return None
    return cap_dice(field.dice, field_size(field))


def dice_text(expr: DiceExpression | None) -> str:
    return "" if expr is None or not expr.terms else str(expr)


def take_powered_dice(state: GameState, field: FieldState, wanted: int) -> int:
    """R-HAZ-5: a powered field's dice fire at most once per turn each, and each draws 1" of its
    Creation's Power (`powered_by`, hazards/power.py): returns how many may fire now (all `wanted`
    for a passive field) and books them."""
    if not field.powered:
        return wanted
    expr = hazard_dice(field)
    total = expr.dice_count if expr is not None else 0
    n = max(0, min(wanted, total - field.dice_used_this_turn))
    creation = field_creation(state, field)
    if creation is not None:
        n = min(n, power_left(state, creation))
        spend_power(state, creation.id, n)
    field.dice_used_this_turn += n
    return n


def powered_skip_reason(state: GameState, field: FieldState | None) -> str:
    """Why a powered field fired no dice: its Creation's Power or its once-per-turn dice."""
    creation = field_creation(state, field) if field is not None else None
    if creation is not None and power_left(state, creation) <= 0:
        return f"{creation.name} has no Power left to fire it this turn (R-HAZ-5, R-HAZ-11, R-FIRE-7)"
    return "powered dice already fired this turn (R-HAZ-5)"


def fields_at(
    state: GameState, cell: Cell, kinds: frozenset[str] | set[str] | None = None
) -> list[FieldState]:
    """Fields covering `cell` (in scenario order), optionally only of the given kinds."""
    x, y = cell
    out = []
    for f in state.fields.values():
        if kinds is not None and f.kind not in kinds:
            continue
        if not getattr(f, "active", True):
            continue
        if 0 <= y < f.mask.shape[0] and 0 <= x < f.mask.shape[1] and f.mask[y, x]:
            out.append(f)
    return out


@dataclass(frozen=True)
class ExposureSource:
    """Something that deals Exposure dice to whoever stands in it: a field or a fire (A-4, R-FIRE-2)."""

    id: str
    dice: DiceExpression
    damage_type: str
    living_only: bool = False
    field: FieldState | None = None


def fire_dice(fire: FireState) -> DiceExpression:
    """A permanent fire rolls its table dice (R-FIRE-1) capped by its Size (R-HAZ-4); a fire on an
    object is a 1d4 Burning Objects hazard for whoever is inside its burning area (R-FIRE-1, A-4)."""
    if fire.permanent:
        n = PERMANENT_FIRE_DICE.get(fire.permanent, 1)
        return cap_dice(DiceExpression((DiceTerm(n, 4),)), cells_size(fire.cells) or fire.size)
    return DiceExpression((DiceTerm(1, 4),))


def exposure_sources_at(
    state: GameState, cell: Cell, *, exclude_target: str | None = None
) -> list[ExposureSource]:
    """Exposure fields and fires covering `cell` (a unit's own fire does not count: it burns via the
    Burning Roll, not as a field)."""
    out: list[ExposureSource] = []
    for f in fields_at(state, cell, {"exposure"}):
        expr = hazard_dice(f)
        if expr is not None and expr.terms:
            out.append(ExposureSource(f.id, expr, f.damage_type, f.living_only, f))
    for fire in state.fires.values():
        if fire.size <= 0 or fire.target in state.units:
            continue
        if fire.target is not None and fire.target == exclude_target:
            continue
        if cell in fire.cells:
            out.append(ExposureSource(fire.id, fire_dice(fire), fire.fire_type))
    return out


def set_field_cells(field: FieldState, cells: list[Cell]) -> None:
    """Replace a field's cells (its dice follow its new Size, R-HAZ-4)."""
    mask = np.zeros_like(field.mask)
    for x, y in cells:
        mask[y, x] = True
    field.mask = mask


def hazard_inches(ctx: RulesContext, field: FieldState, unit_id: str) -> int:
    """Roll a Difficult Terrain field's Hazard Dice as inches (powered: each die once per turn)."""
    expr = hazard_dice(field)
    if expr is None or not expr.terms:
        return 0
    n = take_powered_dice(ctx.state, field, expr.dice_count)
    if n <= 0:
        return 0
    result = roll_expression(cap_dice(expr, n), ctx.dice, purpose=f"{field.kind} {field.id} on {unit_id}")
    return max(0, result.total)
