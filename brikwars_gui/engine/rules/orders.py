"""The order registry: what `Game.act` can be told to do, looked up by kind instead of walked.

An order is a small frozen dataclass subclassing `Order`. Its class says everything about it:
`kind` (its name in logs), its fields (which `to_dict` writes and `from_dict` reads back from a
logged `order` event, each by its annotated type), `check` (raise `IllegalOrder` when it is not
allowed now, changing nothing) and `perform` (carry it out once checked). `@register_order` files
the class under its kind. What a unit may be offered now comes from offer functions filed with
`@register_offers(rank, kinds)`: each returns `ActionOption`s for one family of orders;
`legal_actions` concatenates them by rank, so the menu order does not depend on which module was
imported first.

An order family is one module that defines and registers its orders and offers
(`rules/actions.py`, `rules/hazard_actions.py`, `rules/move_actions.py`, `rules/gait_actions.py`,
`rules/sn_actions.py`); the game knows the families that `engine/order_families.py` imports. The
registry itself imports no family.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from brikwars_gui.engine.rules.common import IllegalOrder, PlayContext, unable_problem
from brikwars_gui.engine.state import Cell, GameState, UnitState

if TYPE_CHECKING:
    from brikwars_gui.engine.rules.movement import StepCheck, StepResolve


class StepHooks(NamedTuple):
    """The Responses a moving order may draw at each step (as for `movement.walk`); orders that
    do not move ignore them."""

    check: StepCheck | None = None
    resolve: StepResolve | None = None
    leave: StepCheck | None = None


class Order:
    """Base of every order a unit takes with `Game.act`; subclasses are frozen dataclasses."""

    kind: ClassVar[str]
    ends_unit_turn: ClassVar[bool] = False
    """`Game` marks the unit done once the order is carried out (Hold, R-RESP-1)."""
    out_of_turn: ClassVar[bool] = False
    """`Game.act` takes it at any moment between orders, on any side's turn and from a unit that
    cannot act (R-SN-13: an Effect is cancelled at any time); offered by `anytime_actions`."""

    omitted_at_default: ClassVar[frozenset[str]] = frozenset()
    """Fields `to_dict` leaves out while they hold their default (so logs written before the field
    existed read the same)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Order:
        """The order a logged `to_dict()` describes: each field read by name as its annotated type,
        a missing one taking its default (KeyError names a missing required field,
        ValueError/TypeError/IndexError a malformed one)."""
        values: dict[str, Any] = {}
        for name, read, required in _field_readers(cls):
            if name in data:
                values[name] = read(data[name])
            elif required:
                raise KeyError(name)
        return cls(**values)

    @classmethod
    def at_cell(cls, cell: Cell) -> Order:
        """The order an `aims_at_cell` option becomes on the cell the player picked."""
        raise NotImplementedError(f"{cls.__name__} is not aimed at a cell")

    def to_dict(self) -> dict[str, Any]:
        """`{"kind": ..., field: value}` with tuples as JSON lists (`from_dict` reads it back)."""
        out: dict[str, Any] = {"kind": self.kind}
        for field in dataclasses.fields(self):  # type: ignore[arg-type]  # subclasses are dataclasses
            value = getattr(self, field.name)
            if field.name not in self.omitted_at_default or value != field.default:
                out[field.name] = _as_json(value)
        return out

    def check(self, state: GameState, unit: UnitState) -> None:
        """Raise `IllegalOrder` when `unit` may not carry the order out now (nothing changes)."""
        raise NotImplementedError

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        """Carry the order out (already checked); books the unit's Action where it uses one."""
        raise NotImplementedError


def _as_json(value: Any) -> Any:
    return [_as_json(v) for v in value] if isinstance(value, tuple) else value


def _cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        raise TypeError(f"expected a list of strings, got {value!r}")
    return tuple(str(v) for v in value)


_READERS: dict[Any, Callable[[Any], Any]] = {
    str: str,
    int: int,
    Cell: _cell,
    tuple[str, ...]: _strings,
}
"""How `Order.from_dict` reads each field type orders use (a new type is added here)."""


@functools.cache
def _field_readers(cls: type[Order]) -> tuple[tuple[str, Callable[[Any], Any], bool], ...]:
    """(name, reader, required) for each field of an order class, from its type hints."""
    hints = typing.get_type_hints(cls)
    out = []
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        hint = hints[field.name]
        args = typing.get_args(hint)
        if isinstance(hint, types.UnionType) and type(None) in args:
            (inner,) = (a for a in args if a is not type(None))
            read = _READERS[inner]
            reader: Callable[[Any], Any] = functools.partial(_optional, read)
        else:
            reader = _READERS[hint]
        required = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        out.append((field.name, reader, required))
    return tuple(out)


def _optional(read: Callable[[Any], Any], value: Any) -> Any:
    return None if value is None else read(value)


def action_problem(unit: UnitState, *, needs_action: bool = True) -> str | None:
    """Why the unit may not take an order now, or None (Half Speed or Stopped units still act,
    R-MOVE-13); `needs_action`: the order uses the unit's one Action (R-ACT-1)."""
    if problem := unable_problem(unit):
        return problem
    if needs_action and unit.action_used:
        return f"{unit.name} has already used its Action this turn (R-ACT-1)"
    if needs_action and unit.diemon and unit.has_moved:
        return f"{unit.name} has moved: a Diemon either moves or acts each turn (R-SN-2)"
    return None


def raise_problem(problem: str | None) -> None:
    """Raise `IllegalOrder(problem)` when there is one (for `Order.check`)."""
    if problem:
        raise IllegalOrder(problem)


@dataclass(frozen=True)
class ActionOption:
    """One thing a unit can do now. `action` is None when the GUI must still pick a cell (sprint);
    with `aims_at_cell` the order is `order_at_cell(kind, cell)` on the cell picked (crawl, hop)
    and the label names that cell where it says `{cell}`."""

    kind: str
    label: str
    action: Order | None
    weapon: str | None = None
    target: str | None = None
    use: int | None = None
    needed: int | None = None
    chance: float | None = None
    out_of_range: int = 0
    distance: float | None = None
    advised: bool = False  # a ruleset's own Action the computer player should take first
    roll: str = ""  # the roll in the ruleset's words (`Ruleset.describe_roll`): "Use 4, 50%"
    aims_at_cell: bool = False


Offers = Callable[[GameState, UnitState], Iterable[ActionOption]]


@dataclass(frozen=True)
class _OfferEntry:
    rank: int
    kinds: frozenset[str]
    offers: Offers


_ORDERS: dict[str, type[Order]] = {}
_OFFERS: list[_OfferEntry] = []
_ANYTIME: list[Offers] = []

OrderType = TypeVar("OrderType", bound=type[Order])


def register_order(cls: OrderType) -> OrderType:
    """Class decorator: file an `Order` subclass under its `kind` (one class per kind)."""
    kind = cls.kind
    if _ORDERS.get(kind, cls) is not cls:
        raise ValueError(f"two orders of kind {kind!r}: {_ORDERS[kind].__name__} and {cls.__name__}")
    _ORDERS[kind] = cls
    return cls


def register_offers(rank: int, kinds: Iterable[str]) -> Callable[[Offers], Offers]:
    """Decorator: file an offer function (`state, unit -> ActionOption`s of the given `kinds`) at
    `rank` in `legal_actions` (lower first; ranks are spaced by 10 so a family can slot between)."""

    def decorate(offers: Offers) -> Offers:
        if any(entry.rank == rank for entry in _OFFERS):
            raise ValueError(f"two offer functions at rank {rank}")
        _OFFERS.append(_OfferEntry(rank, frozenset(kinds), offers))
        _OFFERS.sort(key=lambda entry: entry.rank)
        return offers

    return decorate


def register_anytime_offers(offers: Offers) -> Offers:
    """Decorator: file an offer function of `out_of_turn` orders (`anytime_actions`)."""
    _ANYTIME.append(offers)
    return offers


def anytime_actions(state: GameState, unit: UnitState) -> list[ActionOption]:
    """The out-of-turn orders open to `unit` now, whoever's turn it is (R-SN-13)."""
    return [o for offers in _ANYTIME for o in offers(state, unit)]


def order_class(kind: str) -> type[Order]:
    """The registered order class of `kind` (ValueError when none is)."""
    try:
        return _ORDERS[kind]
    except KeyError:
        raise ValueError(f"unknown action kind {kind!r}") from None


def order_at_cell(kind: str, cell: Cell) -> Order:
    """The order of `kind` aimed at `cell` (an `aims_at_cell` option completed by the GUI)."""
    return order_class(kind).at_cell((int(cell[0]), int(cell[1])))


def order_from_dict(data: dict[str, Any]) -> Order:
    """Read a logged order back (`Order.to_dict` output)."""
    return order_class(str(data.get("kind"))).from_dict(data)


def check_order(state: GameState, unit: UnitState, order: Order) -> None:
    """Raise `IllegalOrder` when `order` is not allowed now (nothing is changed)."""
    if order_class(order.kind) is not type(order):
        raise IllegalOrder(f"{type(order).__name__} is not a registered order")
    order.check(state, unit)


NO_STEPS = StepHooks()


def perform_order(ctx: PlayContext, unit: UnitState, order: Order, steps: StepHooks = NO_STEPS) -> None:
    """Carry out an order already checked with `check_order`."""
    order.perform(ctx, unit, steps)
    if unit.minds:  # R-SN-40: an SN Mind gives the used Action back
        from brikwars_gui.engine.supernatural.minds import next_mind

        next_mind(ctx, unit)


def legal_actions(
    state: GameState, unit: UnitState, kinds: Iterable[str] | None = None
) -> list[ActionOption]:
    """What `unit` can do now, in rank order, with labels, needed numbers and exact odds; with
    `kinds`, only options of those kinds (and only the offer functions that give them run)."""
    if unable_problem(unit) is not None:
        return []
    wanted = None if kinds is None else frozenset(kinds)
    out: list[ActionOption] = []
    for entry in _OFFERS:
        if wanted is not None and not entry.kinds & wanted:
            continue
        out += (o for o in entry.offers(state, unit) if wanted is None or o.kind in wanted)
    return out


def registered_kinds() -> list[str]:
    """Every registered order kind (for tests and the docs)."""
    return sorted(_ORDERS)
