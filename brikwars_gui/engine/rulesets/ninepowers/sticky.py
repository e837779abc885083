"""The Melee/Protect talent's guard (R-NP-12, L1111-1113): a character with the talent is "sticky"
to adjacent opponents. When one attempts to move away, it gets an extra Melee attack rolled at the
talent's rating; if that attack causes damage, the opponent suffers it and cannot move away.

Readings (docs/rules-decisions.md "Nine Powers"): "moving away" is a step that leaves the guard's
reach (GRID-4) in the mover's own Movement (a walk or a Sprint), asked before the step; the extra
attack costs no Action and needs a close weapon (the battlefield's Melee is made with one); any
point it deals, to a buffer, Armor or Stamina, is "damage" (EX-NP-1: a hit absorbed by Armor is
still damage) and ends the mover's Movement where it stands. Each attempt draws the attack again.
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.geometry import within_reach
from brikwars_gui.engine.rulesets.ninepowers import attacks, unitstate
from brikwars_gui.engine.rulesets.ninepowers.forecast import attack_odds

KIND = "np_sticky"  # the question asked of the guard's player and the Response kind


def guards(state: Any, mover: Any, prev: tuple[int, int], cell: tuple[int, int]) -> list[tuple[str, str]]:
    """(KIND, guard id) for each living enemy with the Melee talent and a close weapon that has
    `prev` in reach and not `cell`, in unit-id order."""
    out = []
    for other in sorted(state.units_near(prev, 1.5), key=lambda u: u.id):
        if other.team == mover.team or not other.alive or not other.stats:
            continue
        if unitstate.stats_of(other).talent("melee") <= 0 or not _close_weapons(other):
            continue
        if within_reach(other.pos, prev) and not within_reach(other.pos, cell):
            out.append((KIND, other.id))
    return out


def _close_weapons(unit: Any) -> list[Any]:
    return [w for w in unit.weapons if w.is_close and not w.spent]


def strike(ctx: Any, guard: Any, mover: Any) -> bool:
    """Ask the guard's player (`np_sticky`: strike with a close weapon, or let it go), roll the
    free attack at the talent's rating; False when it dealt damage and the mover is held."""
    from brikwars_gui.engine.rules.combat import plan_attack  # combat imports the rulesets
    from brikwars_gui.engine.rules.common import IllegalOrder
    from brikwars_gui.engine.rules.response_events import Responded

    talent = unitstate.stats_of(guard).talent("melee")
    weapons = []
    for weapon in _close_weapons(guard):
        try:
            weapons.append((weapon, plan_attack(ctx.state, guard, weapon, mover.id)))
        except IllegalOrder:
            continue
    if not weapons:
        return True
    options = (*(f"attack:{w.name}" for w, _ in weapons), "decline")
    reason = f"moves away from {guard.id}: a free Melee {talent} attack (Melee talent, R-NP-12)"
    # each answer's odds as `attacks.attack` rolls it: the talent's rating, the default difficulty
    cards = {
        f"attack:{w.name}": attack_odds(ctx.state, guard.id, w.name, mover.id, rating=talent)
        for w, _ in weapons
    }
    answer = attacks.ask(
        ctx,
        KIND,
        guard,
        guard.team,
        mover.id,
        options,
        options[0],
        {
            "reason": reason,
            "rating": talent,
            "chances": {o: card.hit for o, card in cards.items() if card is not None},
            "odds": cards,
        },
    )
    if answer == "decline":
        return True
    weapon, plan = next((w, p) for w, p in weapons if f"attack:{w.name}" == answer)
    ctx.emit(Responded(guard.id, mover.id, reason, answer))
    before = _worn(mover)
    attacks.attack(ctx, guard, weapon, mover.id, plan, response=True, rating=talent)
    return not (mover.alive and _worn(mover) > before)


def _worn(unit: Any) -> int:
    """Points a unit has lost so far (buffer, Armor, Stamina): any increase is damage taken."""
    p = unit.pools
    return -(p.get("buffer", 0) + p.get("armor", 0) + p.get("stamina", 0))
