"""Units that join or leave a battle while it is played (Diemons and other SN Creatures, R-SN-2/21).

A scenario's units are built once, by `GameState.from_scenario`; everything else about them is
changed by orders. These two functions are the one way to change *which* units a battle holds:

* `add_unit(ctx, unit, reason=..., by=...)` puts a new `UnitState` into `state.units`, lets the
  battle's ruleset give it its own stats (`Ruleset.unit_joined`: D6 codes, Nine Powers blocks)
  and emits `UnitJoined`;
* `remove_unit(ctx, unit_id, reason=...)` takes a unit out of the battle (it vanishes: no death,
  no corpse, no loot), drops the fire burning on it and every note the hazard rules and the fog
  of war keep about it, and emits `UnitLeft`.

Both run inside an order (or a turn hook), so the order's journal undoes them (`Game._guarded`)
and `Game.from_events` replays them; undo and saved games are therefore exact. Each gives the
state a new `RosterMark`, which makes `GameState.unit_index()` rebuild (cell and bucket indexes,
living units per team, Hidden set, `longest_range`) and, through the index's version, the sight
cache of `engine/visibility.py`. A weapon whose Range grows, or a weapon handed to a unit, goes
through `note_weapon`, which widens the index's `longest_range` bound (`response.trigger_radius`).
"""

from __future__ import annotations

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.spatial import RosterMark
from brikwars_gui.engine.state import GameState, UnitState, WeaponState

__all__ = ["UnitJoined", "UnitLeft", "add_unit", "note_weapon", "remove_unit"]


@register_event
class UnitJoined(Event):
    """A unit joins the battle mid-game (a summoned Diemon); `by` is the unit that brought it."""

    kind = "unit_joined"
    unit: str
    name: str
    team: str
    pos: list[int]
    reason: str
    by: str | None = None

    def describe(self) -> str:
        who = f" ({self.reason})" if self.reason else ""
        return f"{self.name} appears at {self.pos[0]},{self.pos[1]} for {self.team}{who}"


@register_event
class UnitLeft(Event):
    """A unit leaves the battle (vanishes: not killed, leaves nothing behind)."""

    kind = "unit_left"
    unit: str
    name: str
    reason: str

    def describe(self) -> str:
        return f"{self.name} is gone ({self.reason})" if self.reason else f"{self.name} is gone"


def add_unit(ctx: RulesContext, unit: UnitState, *, reason: str = "", by: str | None = None) -> UnitState:
    """Put `unit` (a fresh `UnitState` whose id the battle does not hold yet) on the battlefield."""
    state = ctx.state
    if unit.id in state.units:
        raise IllegalOrder(f"a unit with id {unit.id!r} is already in the battle")
    x, y = unit.pos
    if not (0 <= x < state.width and 0 <= y < state.height):
        raise IllegalOrder(f"{unit.name} cannot appear at {x},{y}: off the battlefield")
    if not any(p.id == unit.team for p in state.players):
        raise IllegalOrder(f"{unit.name} cannot join {unit.team!r}: no such player")
    state.units[unit.id] = unit
    state.roster = RosterMark()
    ruleset_of(state).unit_joined(state, unit)
    ctx.emit(UnitJoined(unit.id, unit.name, unit.team, [x, y], reason, by))
    return unit


def remove_unit(ctx: RulesContext, unit_id: str, *, reason: str = "") -> UnitState:
    """Take the unit out of the battle; returns it (no longer in `state.units`)."""
    state = ctx.state
    unit = state.units.get(unit_id)
    if unit is None:
        raise IllegalOrder(f"no unit {unit_id!r} in the battle")
    del state.units[unit_id]
    state.roster = RosterMark()
    _forget(state, unit_id)
    ctx.emit(UnitLeft(unit_id, unit.name, reason))
    return unit


def note_weapon(state: GameState, weapon: WeaponState) -> None:
    """A unit's weapon got a longer Range, or a unit got a new weapon: widen the battle's
    `longest_range` bound (an upper bound: it never needs to shrink when the Range does)."""
    if weapon.range is not None and not weapon.is_close:
        index = state.unit_index()
        index.longest_range = max(index.longest_range, weapon.range)


def _forget(state: GameState, unit_id: str) -> None:
    """Drop what the rules keep about a unit that left: the fire on it (R-FIRE-4 burns on the
    unit, not on its cell), hazard notes (G-18 Exposure, R-HAZ-10 breath, R-HAZ-14 momentum,
    R-SCOUT-5 Marks) and each side's last sighting of it (fog of war)."""
    for fire_id in [f.id for f in state.fires.values() if f.target == unit_id]:
        del state.fires[fire_id]
    ledger = state.hazard
    for notes in (ledger.exposed, ledger.breath, ledger.momentum, ledger.marks):
        if unit_id in notes:
            del notes[unit_id]
    for target, scouts in list(ledger.marks.items()):
        if unit_id in scouts:
            ledger.marks[target] = [s for s in scouts if s != unit_id]
    ledger.moved.discard(unit_id)
    for memory in state.last_seen.values():
        if unit_id in memory:
            del memory[unit_id]
