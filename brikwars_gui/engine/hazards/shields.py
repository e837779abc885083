"""Energy Shields (R-HAZ-21/22, G-8).

A `shield` field protects whatever stands in its cells. Its dice (capped by the field's Size like
any Hazard Dice, R-HAZ-4) are Deflection dice: each cancels one incoming Damage die of the same
die type (d6 vs d6 Damage, d4 vs Fire, d10 vs Exp; G-8), once per turn, costing its Creation 1"
of Power for the turn (`power.shield_payer`); a die its Creation cannot pay for is not used.
Weapons whose Damage is in Action dice are blocked by Shield d6s (R-HAZ-22). Combat calls
`shielded_expression` before rolling Damage.
"""

from __future__ import annotations

from collections.abc import Sequence

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice.expression import DiceExpression, DiceTerm, parse_dice
from brikwars_gui.engine.hazards.common import HazardSkipped, ShieldDeflected, target_cells
from brikwars_gui.engine.hazards.fields import hazard_dice
from brikwars_gui.engine.hazards.power import power_left, shield_payer, spend_power
from brikwars_gui.engine.state import FieldState, GameState


def shields_over(state: GameState, target_id: str) -> list[FieldState]:
    cells = target_cells(state, target_id)
    return [
        f
        for f in state.fields.values()
        if f.kind == "shield" and getattr(f, "active", True) and any(f.mask[y, x] for x, y in cells)
    ]


def _available(state: GameState, field: FieldState) -> dict[int, int]:
    expr = hazard_dice(field)
    have: dict[int, int] = {}
    if expr is None:
        return have
    for term in expr.terms:
        if term.sign > 0:
            have[term.sides] = have.get(term.sides, 0) + term.count
    used = state.hazard.shield_used.get(field.id, {})
    return {s: n - used.get(s, 0) for s, n in have.items() if n - used.get(s, 0) > 0}


def deflect(
    ctx: RulesContext, target_id: str, dice_sides: Sequence[int], *, action_dice: bool = False
) -> list[bool]:
    """For each incoming Damage die (by its sides), whether a Shield die cancelled it (R-HAZ-21).
    `action_dice=True`: the weapon's Damage is in Action dice, blocked by Shield d6s (R-HAZ-22)."""
    state = ctx.state
    out = [False] * len(dice_sides)
    for field in shields_over(state, target_id):
        avail = _available(state, field)
        used = state.hazard.shield_used.setdefault(field.id, {})
        payer = shield_payer(state, field, target_id)
        blocked: list[int] = []
        unpaid = False
        for i, sides in enumerate(dice_sides):
            if out[i]:
                continue
            need = 6 if action_dice else sides
            if avail.get(need, 0) <= 0:
                continue
            if payer is not None and power_left(state, payer) < 1:
                unpaid = True  # R-HAZ-21: each die used costs its Creation 1" of Power
                break
            if payer is not None:
                spend_power(state, payer.id, 1)
            avail[need] -= 1
            used[need] = used.get(need, 0) + 1
            out[i] = True
            blocked.append(sides)
        if blocked:
            ctx.emit(ShieldDeflected(target_id, field.id, tuple(blocked)))
        if unpaid and payer is not None:
            ctx.emit(
                HazardSkipped(
                    target_id, field.id, f"{payer.name} has no Power left for Shield dice (R-HAZ-21)"
                )
            )
    return out


def shielded_expression(
    ctx: RulesContext, target_id: str, expr: str | DiceExpression, *, action_dice: bool = False
) -> DiceExpression:
    """The Damage expression left after the target's Shields cancel what they can (G-8)."""
    parsed = parse_dice(expr) if isinstance(expr, str) else expr
    sides = [t.sides for t in parsed.terms if t.sign > 0 for _ in range(t.count)]
    blocked = deflect(ctx, target_id, sides, action_dice=action_dice)
    removed: dict[int, int] = {}
    for s, b in zip(sides, blocked, strict=True):
        if b:
            removed[s] = removed.get(s, 0) + 1
    terms: list[DiceTerm] = []
    for t in parsed.terms:
        n = t.count
        if t.sign > 0 and removed.get(t.sides):
            k = min(n, removed[t.sides])
            removed[t.sides] -= k
            n -= k
        if n:
            terms.append(DiceTerm(n, t.sides, t.sign))
    return DiceExpression(tuple(terms), parsed.modifier)
