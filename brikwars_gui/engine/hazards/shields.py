"""Energy Shields (R-HAZ-21/22, G-8).

A `shield` field protects whatever stands in its cells. Its dice (capped by the field's Size like
any Hazard Dice, R-HAZ-4) are Deflection dice: each cancels one incoming Damage die of the same
die type (d6 vs d6 Damage, d4 vs Fire, d10 vs Exp; G-8), once per turn, costing its Creation 1"
of Power for the turn (`power.shield_payer`); a die its Creation cannot pay for is not used.
Weapons whose Damage is in Action dice are blocked by Shield d6s (R-HAZ-22). Combat calls
`shielded_expression` before rolling Damage.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice.expression import DiceExpression, DiceTerm, parse_dice
from brikwars_gui.engine.hazards.common import Deflected, HazardSkipped, ShieldDeflected, target_cells
from brikwars_gui.engine.hazards.fields import hazard_dice
from brikwars_gui.engine.hazards.power import power_left, shield_payer, spend_power
from brikwars_gui.engine.state import FieldState, GameState, UnitState


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


@dataclass(frozen=True)
class ShieldUse:
    """What one shield field does to one group of incoming dice: the sides it cancels, who pays
    1" of Power per die (`payer`, None when free), and whether it stopped for want of Power."""

    field: FieldState
    blocked: tuple[int, ...]
    payer: UnitState | None
    unpaid: bool


@dataclass
class ShieldBook:
    """Shield dice and Power a plan has taken on top of the state's own books: the attack
    forecast plans the weapon's dice and then R-FIRE-6's burning d4 against the same shields
    without touching the state (rules/attack_odds.py)."""

    used: dict[str, dict[int, int]] = dataclass_field(default_factory=dict)
    power: dict[str, int] = dataclass_field(default_factory=dict)


def plan_deflection(
    state: GameState,
    target_id: str,
    dice_sides: Sequence[int],
    *,
    action_dice: bool = False,
    book: ShieldBook | None = None,
) -> tuple[list[bool], list[ShieldUse]]:
    """Which incoming Damage dice (by their sides) the target's Shields cancel (R-HAZ-21/22), and
    each field's use, without changing the state: `deflect` carries the plan out; the forecast
    reads it. `book` (updated) holds what earlier plans of the same attack took."""
    book = book if book is not None else ShieldBook()
    out = [False] * len(dice_sides)
    uses: list[ShieldUse] = []
    for field in shields_over(state, target_id):
        avail = _available(state, field)
        taken = book.used.setdefault(field.id, {})
        for sides, n in taken.items():
            avail[sides] = avail.get(sides, 0) - n
        payer = shield_payer(state, field, target_id)
        blocked: list[int] = []
        unpaid = False
        for i, sides in enumerate(dice_sides):
            if out[i]:
                continue
            need = 6 if action_dice else sides
            if avail.get(need, 0) <= 0:
                continue
            if payer is not None and power_left(state, payer) - book.power.get(payer.id, 0) < 1:
                unpaid = True  # R-HAZ-21: each die used costs its Creation 1" of Power
                break
            if payer is not None:
                book.power[payer.id] = book.power.get(payer.id, 0) + 1
            avail[need] -= 1
            taken[need] = taken.get(need, 0) + 1
            out[i] = True
            blocked.append(sides)
        uses.append(ShieldUse(field, tuple(blocked), payer, unpaid))
    unit = state.units.get(target_id)
    if unit is not None and unit.deflection:
        _sn_deflection(
            unit.deflection, dice_sides, out, book.used.setdefault(f"sn-deflection:{target_id}", {})
        )
    return out, uses


def _sn_deflection(
    levels: Sequence[int], dice_sides: Sequence[int], out: list[bool], taken: dict[int, int]
) -> None:
    """R-SN-38 (G-8): each SN Deflection level cancels one incoming Damage die of its size or
    smaller per hit — never a d12 — the largest such die first; `taken` counts the levels a hit
    already used (the forecast plans a hit's dice in more than one call)."""
    free = list(levels)
    for level, n in taken.items():
        for _ in range(n):
            if level in free:
                free.remove(level)
    for level in sorted(free):
        fits = [i for i, sides in enumerate(dice_sides) if not out[i] and sides <= level and sides != 12]
        if fits:
            out[max(fits, key=lambda i: (dice_sides[i], -i))] = True
            taken[level] = taken.get(level, 0) + 1


def deflect(
    ctx: RulesContext, target_id: str, dice_sides: Sequence[int], *, action_dice: bool = False
) -> list[bool]:
    """For each incoming Damage die (by its sides), whether a Shield die or an SN Deflection
    level cancelled it (R-HAZ-21, R-SN-38). `action_dice=True`: the weapon's Damage is in Action
    dice, blocked by Shield d6s (R-HAZ-22)."""
    return _deflect(ctx, target_id, dice_sides, action_dice=action_dice)[0]


def _deflect(
    ctx: RulesContext, target_id: str, dice_sides: Sequence[int], *, action_dice: bool = False
) -> tuple[list[bool], str]:
    """`deflect`, and what cancelled the dice in the log's words ("Energy Shield", "Deflection",
    both, or "" when nothing did)."""
    state = ctx.state
    out, uses = plan_deflection(state, target_id, dice_sides, action_dice=action_dice)
    by_fields = Counter(s for use in uses for s in use.blocked)
    by_levels = Counter(s for s, b in zip(dice_sides, out, strict=True) if b) - by_fields
    for use in uses:
        used = state.hazard.shield_used.setdefault(use.field.id, {})
        for sides in use.blocked:
            need = 6 if action_dice else sides
            used[need] = used.get(need, 0) + 1
            if use.payer is not None:
                spend_power(state, use.payer.id, 1)
        if use.blocked:
            ctx.emit(ShieldDeflected(target_id, use.field.id, use.blocked))
        if use.unpaid and use.payer is not None:
            ctx.emit(
                HazardSkipped(
                    target_id, use.field.id, f"{use.payer.name} has no Power left for Shield dice (R-HAZ-21)"
                )
            )
    if by_levels:  # R-SN-38: the target's own levels, named as such in the log
        ctx.emit(Deflected(target_id, tuple(sorted(by_levels.elements(), reverse=True))))
    names = [n for n, used in (("Energy Shield", by_fields), ("Deflection", by_levels)) if used]
    return out, " and ".join(names)


def remaining_expression(parsed: DiceExpression, blocked: Sequence[bool]) -> DiceExpression:
    """`parsed` without the added dice `blocked` marks (one flag per added die, in order)."""
    sides = [t.sides for t in parsed.terms if t.sign > 0 for _ in range(t.count)]
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


def incoming_sides(parsed: DiceExpression) -> list[int]:
    """The sides of each added Damage die, in order: what the Shields are asked about."""
    return [t.sides for t in parsed.terms if t.sign > 0 for _ in range(t.count)]


def shielded_expression(
    ctx: RulesContext, target_id: str, expr: str | DiceExpression, *, action_dice: bool = False
) -> DiceExpression:
    """The Damage expression left after the target's Shields cancel what they can (G-8)."""
    return shielded_damage(ctx, target_id, expr, action_dice=action_dice)[0]


def shielded_damage(
    ctx: RulesContext, target_id: str, expr: str | DiceExpression, *, action_dice: bool = False
) -> tuple[DiceExpression, str]:
    """`shielded_expression` and what cancelled dice, in the log's words: "Energy Shield"
    (R-HAZ-21), "Deflection" (the target's SN levels, R-SN-38), both, or ""."""
    parsed = parse_dice(expr) if isinstance(expr, str) else expr
    blocked, source = _deflect(ctx, target_id, incoming_sides(parsed), action_dice=action_dice)
    return remaining_expression(parsed, blocked), source
