"""The hazard hooks the turn engine calls (docs/architecture.md, "Hazard hooks").

* `start_of_player_turn(ctx, player_id)`: per-turn counters reset (powered dice, shields, G-18
  exposure, Overload), that player's Scouts' Marks expire (R-SCOUT-5), the player's Scouts track
  (R-SCOUT-4), then the Burning Rolls of that player's fires and of the unaligned fires he set
  (R-FIRE-8).
* `start_of_movement(ctx, unit)`: Currents' thrust (R-HAZ-13) and the Slippery slide (R-HAZ-14).
  The turn engine calls it once for every unit of the active player at the start of its turn
  (after `start_of_player_turn`), whether the unit then moves, acts or waits.
* `resolve_path(ctx, unit, path, *, careful=False) -> list[Cell]`: the declared path (start
  included) against concealed fields (R-HAZ-17..19), on-entry Exposure and fires (G-18), Slow and
  Spiked fields (R-HAZ-12/15; `careful=True` spends the Action to cross Spiked fields slowly),
  Slippery entry (no turning for the Hazard inches), water (R-FIRE-11). Returns the prefix
  actually travelled; may raise `unit.move_spent` (Slow inches) and set `unit.stopped`.
  The effects are applied before the movement rule moves the unit along the prefix.
* `end_of_player_turn(ctx, player_id)`: G-18 Exposure for the player's units still inside fields or
  burning areas and for the objects exposed on that player's turn (`expose_objects`),
  water puts them out, breath and momentum bookkeeping, Scout trails cleared.
"""

from __future__ import annotations

import numpy as np

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.hazards.exposure import expose
from brikwars_gui.engine.hazards.fields import ExposureSource, exposure_sources_at, fields_at
from brikwars_gui.engine.hazards.fire import burning_rolls, extinguish_if_submerged
from brikwars_gui.engine.hazards.paths import resolve_path as _resolve_path
from brikwars_gui.engine.hazards.scout import expire_marks, track
from brikwars_gui.engine.hazards.terrain import apply_currents, apply_slippery_start
from brikwars_gui.engine.state import Cell, GameState, UnitState

__all__ = ["end_of_player_turn", "resolve_path", "start_of_movement", "start_of_player_turn"]


def start_of_player_turn(ctx: RulesContext, player_id: str) -> None:
    state = ctx.state
    ledger = state.hazard
    ledger.turn += 1
    ledger.exposed.clear()
    ledger.overload.clear()
    ledger.power_spent.clear()
    ledger.shield_used.clear()
    ledger.trails.clear()
    for field in state.fields.values():
        field.dice_used_this_turn = 0
    ledger.moved.difference_update(u.id for u in state.units.values() if u.team == player_id)
    expire_marks(ctx, player_id)
    track(ctx, player_id)
    burning_rolls(ctx, player_id)


def start_of_movement(ctx: RulesContext, unit: UnitState) -> None:
    if not unit.alive or unit.disrupted:
        return
    apply_currents(ctx, unit)
    apply_slippery_start(ctx, unit)


def resolve_path(
    ctx: RulesContext, unit: UnitState, path: list[Cell], *, careful: bool = False
) -> list[Cell]:
    return _resolve_path(ctx, unit, path, careful=careful)


def end_of_player_turn(ctx: RulesContext, player_id: str) -> None:
    state = ctx.state
    ledger = state.hazard
    for unit in sorted((u for u in state.units.values() if u.team == player_id), key=lambda u: u.id):
        if not unit.alive:
            continue
        for source in exposure_sources_at(state, unit.pos, exclude_target=unit.id):
            expose(ctx, unit.id, source, surprised=True, at=unit.pos)
            if not unit.alive:
                break
        if not unit.alive:
            continue
        extinguish_if_submerged(ctx, unit)
        if unit.id in ledger.breath and not any(
            f.living_only for f in fields_at(state, unit.pos, {"exposure"})
        ):
            del ledger.breath[unit.id]
        if unit.id not in ledger.moved:
            ledger.momentum.pop(unit.id, None)
    expose_objects(ctx, player_id)
    track(ctx, player_id)
    ledger.trails.pop(player_id, None)


def _source_owner(state: GameState, source: ExposureSource) -> str | None:
    if source.field is not None:
        return source.field.owner
    fire = state.fires.get(source.id)
    return fire.owner if fire is not None else None


class _ExposureCover:
    """The cells any Exposure field or object fire covers, so that `expose_objects` asks
    `exposure_sources_at` only there (it looked at every cell of ~1200 objects for every source).
    Asked again after every exposure (which may set a new object burning): rebuilt when a field
    or fire changed."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.key: tuple[object, ...] | None = None
        self.held: list[object] = []
        self.covered: set[Cell] = set()

    def cells(self) -> set[Cell]:
        state = self.state
        fields = [f for f in state.fields.values() if f.kind == "exposure"]
        fires = [f for f in state.fires.values() if f.size > 0 and f.target not in state.units]
        key = (
            *((f.id, id(f.mask)) for f in fields),
            *((f.id, f.size, f.target, id(f.cells), len(f.cells)) for f in fires),
        )
        if key != self.key:
            self.held = [f.mask for f in fields] + [f.cells for f in fires]  # ids stay unique
            covered: set[Cell] = set()
            for f in fields:
                ys, xs = np.nonzero(f.mask)
                covered.update(zip(xs.tolist(), ys.tolist(), strict=True))
            for fire in fires:
                covered.update((int(c[0]), int(c[1])) for c in fire.cells)
            self.key, self.covered = key, covered
        return self.covered


def expose_objects(ctx: RulesContext, player_id: str) -> None:
    """R-HAZ-8 / R-FIRE-2 / G-18: objects inside an Exposure field, a permanent fire or another
    fire's burning area take its dice once per turn, at the end of the turn of the object's owner;
    an unaligned object at the end of the turn of the player who set the hazard, and when nobody
    set it either, at the end of the first player's turn of each round (docs/rules-decisions.md)."""
    state = ctx.state
    if not any(f.kind == "exposure" for f in state.fields.values()) and not any(
        fire.target not in state.units for fire in state.fires.values()
    ):
        return
    first = state.turn_order[0]
    cover = _ExposureCover(state)
    covered = cover.cells()
    for obj in sorted(state.objects.values(), key=lambda o: o.id):
        sources: dict[str, tuple[ExposureSource, Cell]] = {}
        for cell in obj.cells:
            if cell not in covered:
                continue  # no field or fire there: `exposure_sources_at` would find nothing
            for source in exposure_sources_at(state, cell, exclude_target=obj.id):
                sources.setdefault(source.id, (source, cell))
        for source, cell in sources.values():
            if obj.destroyed:
                break
            owner = obj.owner if obj.owner is not None else _source_owner(state, source)
            if (owner if owner is not None else first) != player_id:
                continue
            expose(ctx, obj.id, source, surprised=True, at=cell)
            covered = cover.cells()  # the exposure may have set something burning
