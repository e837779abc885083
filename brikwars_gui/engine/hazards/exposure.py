"""Exposure Damage (R-HAZ-8..11); its Overload lowers the victim's Power limit (hazards/power.py).

`expose` is the one place a field or fire deals its dice to a victim:

* the dice are rolled as a Hazard expression (each die explodes, R-DICE-1) and the victim's
  Target Size modifier is added to the total (R-HAZ-8, G-5, EX-6);
* a Size 0 victim takes 1 point per die, without rolling and without using a powered field's
  once-per-turn dice (R-HAZ-9, A-10);
* living-only fields (toxic gas) skip the non-living; a living victim that walks in on its own
  (not surprised) holds its breath for that one turn (R-HAZ-10);
* every die taken Overloads the victim: 1" of Power per die for the turn (R-HAZ-11); a field a
  Creation powers fires only the dice that Creation can pay for (R-HAZ-5, `take_powered_dice`);
* Fire-like dice (d4 fire, acid, ion, poison) are handed to `damage_and_ignite` as ignition dice
  (R-FIRE-3); Ion deals no permanent damage (R-FIRE-14): only ignition and Overload;
* at most once per turn per source and victim (G-18).
"""

from __future__ import annotations

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.hazards.common import (
    HazardExposure,
    HazardSkipped,
    exposed_this_turn,
    is_living,
    note_exposed,
    present,
    target_cells,
    target_size,
)
from brikwars_gui.engine.hazards.fields import (
    FIRE_LIKE,
    ExposureSource,
    cap_dice,
    powered_skip_reason,
    take_powered_dice,
)
from brikwars_gui.engine.hazards.fire import damage_and_ignite
from brikwars_gui.engine.rules.common import target_size_modifier
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, FieldState, GameState


def affected(state: GameState, target_id: str, field: FieldState | None) -> bool:
    """R-HAZ-15 per-target effectiveness: `affects` lists tags — "living", "nonliving", a unit or
    object id, an object kind, a unit specialty; empty = every target."""
    if field is None or not field.affects:
        return True
    tags = set(field.affects)
    if target_id in tags:
        return True
    unit = state.units.get(target_id)
    if unit is not None:
        if ("living" in tags and unit.living) or ("nonliving" in tags and not unit.living):
            return True
        return bool(tags.intersection(unit.specialties))
    obj = state.objects.get(target_id)
    return obj is not None and ("nonliving" in tags or obj.kind in tags)


def expose(
    ctx: RulesContext,
    target_id: str,
    source: ExposureSource,
    *,
    surprised: bool = True,
    at: Cell | None = None,
    once_per_turn: bool = True,
) -> int | None:
    """Deal `source`'s Exposure dice to the target; returns the Damage dealt, None if it did not bite."""
    state = ctx.state
    if not present(state, target_id):
        return None
    if once_per_turn and exposed_this_turn(state, target_id, source.id):
        return None
    ledger = state.hazard
    if source.living_only:
        if not is_living(state, target_id):
            ctx.emit(HazardSkipped(target_id, source.id, "not living (R-HAZ-10)"))
            return None
        held = ledger.breath.get(target_id)
        if held == ledger.turn or (held is None and not surprised):
            ledger.breath[target_id] = ledger.turn
            note_exposed(state, target_id, source.id)
            ctx.emit(HazardSkipped(target_id, source.id, "holds its breath this turn (R-HAZ-10)"))
            return None
    if not affected(state, target_id, source.field):
        ctx.emit(HazardSkipped(target_id, source.id, "not affected by this field (R-HAZ-15)"))
        return None
    where = at if at is not None else target_cells(state, target_id)[0]
    size = target_size(state, target_id)
    fire_like = source.damage_type in FIRE_LIKE
    count = source.dice.dice_count
    if size <= 0:
        # R-HAZ-9 / A-10: one point per die, no roll, no powered dice used.
        damage = count
        faces = [1] * count if fire_like else []
        text = f"Size 0: {count} × 1 point (R-HAZ-9)"
    else:
        n = take_powered_dice(state, source.field, count) if source.field is not None else count
        if n <= 0:
            ctx.emit(HazardSkipped(target_id, source.id, powered_skip_reason(state, source.field)))
            return None
        expr = cap_dice(source.dice, n)
        count = expr.dice_count
        ruleset = ruleset_of(state)
        result = ruleset.damage_roll(ctx, expr, purpose=f"exposure {source.id} on {target_id}")
        ts = target_size_modifier(size)
        damage = result.total + ts
        faces = ruleset.ignition_dice(result, sides=None) if fire_like else []
        text = result.explain() + (f" {ts:+d} Target Size (R-HAZ-8)" if ts else "")
    note_exposed(state, target_id, source.id)
    ledger.overload[target_id] = ledger.overload.get(target_id, 0) + count  # R-HAZ-11
    if source.damage_type == "ion":
        damage, text = 0, text + "; Ion: no permanent damage (R-FIRE-14)"
    ctx.emit(HazardExposure(target_id, source.id, str(source.dice), damage, text, where))
    damage_and_ignite(
        ctx,
        target_id,
        damage,
        cause=f"exposure to {source.id}",
        fire_dice=faces,
        fire_type=source.damage_type if fire_like else "fire",
        at=where,
    )
    return damage
