"""The rollback journal (engine/journal.py): a failed order is undone in place, exactly, at the cost
of what it changed; every state class and field is covered without a list of call sites."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

import numpy as np
import pytest

from brikwars_gui.engine import ai, journal
from brikwars_gui.engine.grid import Grid
from brikwars_gui.engine.hazards import phase as hazards
from brikwars_gui.engine.journal import JDict, JList, Journaled, JSet
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.spatial import RosterMark
from brikwars_gui.engine.state import FieldState, GameState, HazardLedger, UnitState
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.io import load_scenario

# RosterMark: an identity token (no contents), replaced whole when units join or leave
_IMMUTABLE = (type(None), bool, int, float, str, complex, bytes, frozenset, RosterMark)
_ALLOWED_TYPES = {*_IMMUTABLE, tuple, list, dict, set, np.ndarray, Grid, typing.Any}


def canonical(value: Any) -> Any:
    """A comparable picture of state: every public attribute, container contents in order, array
    bytes (caches, the `_` attributes, are derived and left out)."""
    if isinstance(value, Journaled):
        items = sorted((k, canonical(v)) for k, v in vars(value).items() if not k.startswith("_"))
        return (type(value).__name__, tuple(items))
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(canonical(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((k, canonical(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", tuple(sorted(map(repr, value))))
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, Grid):
        return ("grid", tuple(canonical(getattr(value, f.name)) for f in dataclasses.fields(value)))
    assert isinstance(value, _IMMUTABLE), f"unexpected {type(value).__name__} in the state"
    return value


def _walk_types(hint: Any, seen: set[type], path: str) -> None:
    origin = typing.get_origin(hint)
    if origin is not None:
        if origin not in (list, dict, set, tuple, frozenset, typing.Union, types.UnionType):
            raise AssertionError(f"{path}: {origin} is not a container the journal adopts")
        for arg in typing.get_args(hint):
            if arg is not Ellipsis:
                _walk_types(arg, seen, path)
        return
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and hint is not Grid:
        if hint.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return
        assert issubclass(hint, Journaled), (
            f"{path}: {hint.__name__} is mutable state but not Journaled: derive it from "
            "engine.journal.Journaled (docs/architecture.md, Rollback journal)"
        )
        if hint in seen:
            return
        seen.add(hint)
        for name, sub in typing.get_type_hints(hint).items():
            _walk_types(sub, seen, f"{hint.__name__}.{name}")
        return
    assert hint in _ALLOWED_TYPES, f"{path}: {hint!r} is a field type the journal does not cover"


def test_every_state_class_and_field_type_is_covered_by_the_journal() -> None:
    """A new mutable field (a deque, a plain dataclass, a custom class...) fails here until it is
    covered: Journaled dataclasses, lists/dicts/sets (adopted), read-only numpy arrays."""
    seen: set[type] = set()
    _walk_types(GameState, seen, "GameState")
    assert {UnitState, FieldState, HazardLedger} <= seen


@pytest.mark.parametrize(
    "name",
    ["skirmish.json", "hazard_showcase.json", "large_battle.json", "ruined_chapel.json", "wizard_duel.json"],
)
def test_every_value_in_a_built_state_is_journaled_or_immutable(name: str) -> None:
    state = GameState.from_scenario(load_scenario(SCENARIOS / name))

    def check(value: Any, path: str) -> None:
        if isinstance(value, Journaled):
            for k, v in vars(value).items():
                if not k.startswith("_"):
                    check(v, f"{path}.{k}")
        elif isinstance(value, list | dict | set):
            assert isinstance(value, JList | JDict | JSet), f"{path} is a plain {type(value).__name__}"
            for v in value.values() if isinstance(value, dict) else value:
                check(v, f"{path}[]")
        elif isinstance(value, np.ndarray):
            assert not value.flags.writeable, f"{path} is a writeable array"
        elif isinstance(value, tuple):
            for v in value:
                check(v, f"{path}[]")
        else:
            assert isinstance(value, (*_IMMUTABLE, Grid)), f"{path}: {type(value).__name__}"

    check(state, "state")


def test_journal_undoes_attributes_nested_containers_and_replaced_arrays() -> None:
    state = GameState.from_scenario(load_scenario(SCENARIOS / "hazard_showcase.json"))
    before = canonical(state)
    unit = next(iter(state.units.values()))
    field = next(iter(state.fields.values()))
    j = journal.begin()
    unit.pos = (0, 0)
    unit.weapons[0].spent = True
    unit.specialties.append("scout")
    state.hazard.exposed.setdefault(unit.id, set()).add("fire")  # the stored set is journaled
    state.hazard.exposed[unit.id].add("smoke")
    state.hazard.marks[unit.id] = ["a"]
    state.hazard.marks[unit.id].append("b")
    field.mask = np.ones_like(field.mask)
    field.triggered.append((1, 1))
    del state.units[unit.id]
    state.round += 3
    unit.brand_new_attribute = 1  # type: ignore[attr-defined]
    journal.rollback(j)
    assert journal.active() is None
    assert canonical(state) == before
    assert state.units[unit.id] is unit and not hasattr(unit, "brand_new_attribute")


def test_arrays_in_state_are_read_only_and_containers_adopted() -> None:
    state = GameState.from_scenario(load_scenario(SCENARIOS / "hazard_showcase.json"))
    field = next(iter(state.fields.values()))
    with pytest.raises(ValueError, match="read-only"):
        field.mask[0, 0] = True
    field.affects = ["x"]
    assert type(field.affects) is JList
    state.hazard.revealed = {"red": {"trap"}}
    assert type(state.hazard.revealed["red"]) is JSet


def test_nested_journal_commits_into_the_enclosing_one() -> None:
    state = GameState.from_scenario(load_scenario(SCENARIOS / "skirmish.json"))
    before = canonical(state)
    unit = next(iter(state.units.values()))
    outer = journal.begin()
    unit.move_spent = 3
    inner = journal.begin()
    unit.pos = (9, 9)
    unit.specialties.append("x")
    journal.commit(inner)
    assert journal.active() is outer
    journal.rollback(outer)
    assert canonical(state) == before


def test_failed_order_on_a_400_unit_battle_restores_the_state_exactly(monkeypatch) -> None:
    """A dozen red units have moved; the end_turn order finishes red's turn (200 units save their
    Action), starts blue's (200 units reset, Burning Rolls, a turn snapshot), then a hook fails:
    the state, events, snapshots and dice come back exactly, in place."""
    game = Game.from_scenario(army_battle(400, size=120, buildings=40, fires=3, seed=0), seed=3)
    for unit_id in sorted(u.id for u in game.units_of())[:12]:
        ai.play_unit(game, unit_id)
    state = game.state
    before = canonical(state)
    units = dict(state.units)
    events, snapshots, draws = len(game.events), len(game.snapshots), len(game.dice.record)
    next_face = game.dice.snapshot()

    def broken(ctx: Any, unit: UnitState) -> None:
        raise RuntimeError("a hazard hook broke halfway")

    monkeypatch.setattr(hazards, "start_of_movement", broken)
    with pytest.raises(RuntimeError, match="halfway"):
        game.end_turn()
    assert game.state is state and all(state.units[k] is u for k, u in units.items())
    assert canonical(state) == before
    assert (len(game.events), len(game.snapshots), len(game.dice.record)) == (events, snapshots, draws)
    monkeypatch.undo()
    probe = game.dice.snapshot()
    assert probe == next_face
    game.end_turn()  # the same order now succeeds from the restored state
    assert game.active_player == "blue"


def test_single_entry_changes_are_undone_in_order_without_copying_the_container() -> None:
    """A dict key set or a set member added/removed is journaled by what undoes it (an order that
    marks one unit as moved must not copy the set of every unit); mixed with whole-container
    changes and nested journals, the rollback restores contents and the dict's key order."""
    state = GameState.from_scenario(load_scenario(SCENARIOS / "skirmish.json"))
    ledger = state.hazard
    ledger.momentum = {f"u{n}": (n, 0) for n in range(50)}
    ledger.moved = {f"u{n}" for n in range(0, 50, 2)}
    momentum, moved = list(ledger.momentum.items()), set(ledger.moved)
    outer = journal.begin()
    ledger.momentum["u3"] = (9, 9)  # an existing key
    ledger.momentum["new"] = (1, 1)  # a new key
    ledger.moved.add("u1")
    ledger.moved.discard("u2")
    assert len(outer.entries) == 4 and not outer.saved  # no copies of the 50 entries
    inner = journal.begin()
    ledger.momentum["u3"] = (7, 7)
    ledger.momentum.pop("u4")  # a whole-container change: copy-on-first-write
    ledger.momentum["later"] = (2, 2)
    ledger.moved.clear()
    ledger.moved.add("x")
    journal.commit(inner)
    ledger.momentum["u5"] = (5, 5)
    journal.rollback(outer)
    assert list(ledger.momentum.items()) == momentum
    assert set(ledger.moved) == moved
