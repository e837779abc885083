"""Crawling, dragging oneself and hopping on one leg as orders (R-MOVE-6's table, R-MOVE-4).

* `Crawl(cell)`: crawling or dragging oneself along the ground (one row of the table): Half
  Speed, and both arms are on the ground (R-MOVE-4): no Attack while it crawls, so a Response it
  draws on the way cannot be Countered (R-MOVE-5) and it cannot crawl with a heavy item.
* `Hop(cell)`: hopping or hobbling on one leg: Half Speed, arms free.

Each moves like a `move` order to `cell` (the cheapest legal path; Responses and hazards on
every step), every inch at Half Speed: 2" of Move an inch (R-MOVE-7), no jumping (R-MOVE-9, a
rise of one brick a step). The gait lasts for the order only, so it mixes with walking in one
turn (R-MOVE-8, EX-4): `UnitState.gait` is set while the order is carried out and read by
`common.at_half_speed` and `common.two_armed_problem`. Water is swum, not crawled (R-MOVE-4).
Readings in docs/rules-decisions.md ("Impairment rows that are orders").
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.rules.common import IllegalOrder, PlayContext
from brikwars_gui.engine.rules.move_search import movement_problem
from brikwars_gui.engine.rules.movement import PlannedMove, plan_move, walk
from brikwars_gui.engine.rules.orders import (
    ActionOption,
    Order,
    StepHooks,
    raise_problem,
    register_offers,
    register_order,
)
from brikwars_gui.engine.state import Cell, GameState, UnitState

#: what each gait is called in labels and the log
GAIT_WORDS = {"crawl": "crawls", "hop": "hops on one leg"}


@contextmanager
def in_gait(unit: UnitState, gait: str) -> Iterator[None]:
    """`unit` moves in `gait` inside the block (its Half Speed and arms follow), then as before."""
    before = unit.gait
    unit.gait = gait
    try:
        yield
    finally:
        unit.gait = before


def gait_plan(state: GameState, unit: UnitState, gait: str, cell: Cell) -> PlannedMove | str:
    """The path `unit` would take to `cell` in `gait`, or why it cannot go there so."""
    if gait == "crawl" and unit.carrying_heavy:
        return f"{unit.name} carries a heavy item: crawling needs both arms (R-MOVE-4)"
    with in_gait(unit, gait):
        try:
            plan = plan_move(state, unit, (int(cell[0]), int(cell[1])))
        except IllegalOrder as exc:
            return str(exc)
    water = state.grid.water
    if any(water[y, x] for x, y in plan.cells):
        return f"{unit.name} swims in water: it cannot {gait} there (R-MOVE-4)"
    return plan


@register_event
class GaitTaken(Event):
    """R-MOVE-6: a unit crawls or hops (Half Speed) for one move."""

    kind = "gait_taken"
    unit: str
    gait: str

    def describe(self) -> str:
        if self.gait == "crawl":
            return f"{self.unit} crawls at Half Speed with no arms free (R-MOVE-4/6)"
        return f"{self.unit} {GAIT_WORDS.get(self.gait, self.gait)} at Half Speed (R-MOVE-6)"


@dataclass(frozen=True)
class GaitMove(Order):
    """A move to `cell` in the subclass's gait (its `kind`)."""

    cell: Cell

    @classmethod
    def at_cell(cls, cell: Cell) -> GaitMove:
        return cls((int(cell[0]), int(cell[1])))

    def check(self, state: GameState, unit: UnitState) -> None:
        plan = gait_plan(state, unit, self.kind, self.cell)
        raise_problem(plan if isinstance(plan, str) else None)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        plan = gait_plan(ctx.state, unit, self.kind, self.cell)
        assert not isinstance(plan, str), plan  # checked before
        ctx.emit(GaitTaken(unit.id, self.kind))
        with in_gait(unit, self.kind):
            walk(ctx, unit, plan, check=steps.check, resolve=steps.resolve, leave=steps.leave)


@register_order
@dataclass(frozen=True)
class Crawl(GaitMove):
    kind = "crawl"


@register_order
@dataclass(frozen=True)
class Hop(GaitMove):
    kind = "hop"


_LABELS = {
    "crawl": 'Crawl or drag yourself to {cell} (Half Speed: 2" of Move an inch; no arms free, R-MOVE-4/6)',
    "hop": 'Hop on one leg to {cell} (Half Speed: 2" of Move an inch, R-MOVE-6)',
}


@register_offers(90, ["crawl", "hop"])
def _gait_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """Offered while the unit may move; the GUI completes each with the cell clicked
    (`Order.at_cell`) and asks the engine whether that cell can be reached so."""
    if movement_problem(unit) is not None or unit.move_left < 2:
        return []
    kinds = ["hop"] if unit.carrying_heavy else ["crawl", "hop"]
    return [ActionOption(kind, _LABELS[kind], None, aims_at_cell=True) for kind in kinds]
