"""Shared helpers of the hazard rules: targets (units or objects), Target Size, field geometry, events.

Everything here is plain Python + numpy over `GameState`; dice come only from `ctx.dice`.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.state import Cell, GameState, ObjectState, UnitState

# ---------------------------------------------------------------------------------------------
# Events (kinds are prefixed so they never clash with the combat/movement events)


@register_event
class HazardExposure(Event):
    """R-HAZ-8..11: a target took a field's (or a fire's) Exposure dice."""

    kind = "hazard_exposure"
    target: str
    source: str
    dice: str
    damage: int
    explain: str
    at: tuple[int, int] | None = None

    def describe(self) -> str:
        where = f" at {tuple(self.at)}" if self.at is not None else ""
        head = f"{self.target} exposed to {self.source}{where}"
        return f"{head}: {self.dice} → {self.explain} = {self.damage} Damage (R-HAZ-8)"


@register_event
class HazardSkipped(Event):
    """An Exposure that did not bite: breath held (R-HAZ-10), not affected, powered dice spent."""

    kind = "hazard_skipped"
    target: str
    source: str
    reason: str

    def describe(self) -> str:
        return f"{self.target} is spared by {self.source}: {self.reason}"


@register_event
class HazardMove(Event):
    """Difficult Terrain (R-HAZ-12..15): Slow inches, Current thrust, Slippery slide."""

    kind = "hazard_move"
    unit: str
    source: str
    effect: str  # "slow" | "thrust" | "slide" | "stuck" | "careful" | "locked"
    inches: int
    cells: tuple[tuple[int, int], ...] = ()

    def describe(self) -> str:
        end = f", to {tuple(self.cells[-1])}" if self.cells else ""
        text = {
            "slow": f'{self.unit} is slowed by {self.source}: −{self.inches}" of Move (R-HAZ-12)',
            "thrust": f'{self.unit} is thrust {self.inches}" by {self.source}{end} (R-HAZ-13)',
            "slide": f'{self.unit} slides {self.inches}" on {self.source}{end} (R-HAZ-14)',
            "stuck": f'{self.unit} spends {self.inches}" finding its feet on {self.source} (R-HAZ-14)',
            "careful": f'{self.unit} picks its way through {self.source}: −{self.inches}" (R-HAZ-15)',
            "locked": f"{self.unit} cannot turn while sliding on {self.source}: its path ends (R-HAZ-14)",
        }
        return text.get(self.effect, f'{self.unit}: {self.effect} {self.inches}" ({self.source})')


@register_event
class ConcealedRoll(Event):
    """R-HAZ-17..19: the passive Action roll against the inches travelled inside a concealed field."""

    kind = "concealed_roll"
    unit: str
    field: str
    inches: int
    roll: int
    explain: str
    outcome: str  # "safe" | "triggered" | "scout_stop" | "no_roll"
    at: tuple[int, int] | None = None

    def describe(self) -> str:
        outcome = {
            "safe": "safe",
            "triggered": f"it goes off at {tuple(self.at)}" if self.at is not None else "it goes off",
            "scout_stop": f"the Scout stops short at {tuple(self.at)} (R-SCOUT-3)" if self.at else "stops",
            "no_roll": "no roll",
        }.get(self.outcome, self.outcome)
        head = f'{self.unit} crosses {self.field} ({self.inches}" inside)'
        return f"{head}: {self.explain} → {outcome} (R-HAZ-17)"


@register_event
class ConcealedTriggered(Event):
    """R-HAZ-16/G-19: a concealed spot went off at `at` and stays spent."""

    kind = "concealed_triggered"
    field: str
    at: tuple[int, int]
    victim: str | None
    payload: str

    def describe(self) -> str:
        who = f" under {self.victim}" if self.victim else ""
        return f"{self.field} goes off at {tuple(self.at)}{who} ({self.payload}, G-19)"


@register_event
class ShieldDeflected(Event):
    """R-HAZ-21/22, G-8: Energy Shield dice cancelled incoming Damage dice."""

    kind = "shield_deflected"
    target: str
    field: str
    sides: tuple[int, ...]

    def describe(self) -> str:
        dice = ", ".join(f"d{s}" for s in self.sides)
        return f"{self.field} shields {self.target}: {dice} cancelled (R-HAZ-21)"


@register_event
class Deflected(Event):
    """R-SN-38, G-8: the target's own SN Deflection levels cancelled incoming Damage dice (not an
    Energy Shield: no field, no Power)."""

    kind = "deflected"
    target: str
    sides: tuple[int, ...]

    def describe(self) -> str:
        dice = ", ".join(f"d{s}" for s in self.sides)
        return f"{self.target}'s Deflection: {dice} cancelled (R-SN-38)"


# ---------------------------------------------------------------------------------------------
# Targets


def is_living(state: GameState, target_id: str) -> bool:
    unit = state.units.get(target_id)
    return bool(unit is not None and unit.living)


def target_of(state: GameState, target_id: str) -> UnitState | ObjectState:
    unit = state.units.get(target_id)
    if unit is not None:
        return unit
    return state.objects[target_id]


def present(state: GameState, target_id: str) -> bool:
    """Still on the table: a living unit or an undestroyed object."""
    unit = state.units.get(target_id)
    if unit is not None:
        return unit.alive
    obj = state.objects.get(target_id)
    return obj is not None and not obj.destroyed


def target_size(state: GameState, target_id: str) -> int:
    """Effective Size: a unit's `size` (it shrinks with damage), an object's `effective_size`."""
    unit = state.units.get(target_id)
    if unit is not None:
        return unit.size
    obj = state.objects[target_id]
    return obj.effective_size if obj.effective_size > 0 or obj.destroyed else obj.size


def target_weight(state: GameState, target_id: str) -> float:
    return target_of(state, target_id).weight


def target_cells(state: GameState, target_id: str) -> list[Cell]:
    unit = state.units.get(target_id)
    if unit is not None:
        return [unit.pos]
    return list(state.objects[target_id].cells)


def controller_of(state: GameState, target_id: str) -> str | None:
    """The player in charge of a unit (its team) or an object (its owner, None if unaligned)."""
    unit = state.units.get(target_id)
    if unit is not None:
        return unit.team
    obj = state.objects.get(target_id)
    return obj.owner if obj is not None else None


# ---------------------------------------------------------------------------------------------
# Cells and fields


def in_bounds(state: GameState, cell: Cell) -> bool:
    return 0 <= cell[0] < state.width and 0 <= cell[1] < state.height


def mask_size(mask: np.ndarray) -> int:
    """R-HAZ-2 / GRID-8: inches across the widest extent = max(bounding-box width, height)."""
    ys = np.flatnonzero(mask.any(axis=1))
    if ys.size == 0:
        return 0
    xs = np.flatnonzero(mask.any(axis=0))
    return int(max(xs[-1] - xs[0] + 1, ys[-1] - ys[0] + 1))


def cells_size(cells: Iterable[Cell]) -> int:
    """GRID-8 for a list of cells."""
    pts = list(cells)
    if not pts:
        return 0
    xs = [c[0] for c in pts]
    ys = [c[1] for c in pts]
    return max(max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def centroid(cells: Iterable[Cell]) -> tuple[float, float]:
    pts = list(cells)
    return (sum(c[0] for c in pts) / len(pts), sum(c[1] for c in pts) / len(pts))


def d2(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def cell_free(state: GameState, cell: Cell, mover: str | None = None) -> bool:
    """On the table, passable and not held by another living unit (for thrust and slides)."""
    if not in_bounds(state, cell):
        return False
    passable = getattr(state.grid, "passable", None)
    if passable is not None and not passable[cell[1], cell[0]]:
        return False
    other = state.unit_at(cell)
    return other is None or other.id == mover


def exposed_this_turn(state: GameState, target_id: str, source_id: str) -> bool:
    return source_id in state.hazard.exposed.get(target_id, ())


def note_exposed(state: GameState, target_id: str, source_id: str) -> None:
    state.hazard.exposed.setdefault(target_id, set()).add(source_id)
