"""`Journaled.fresh` (issue 26: `GameState.from_scenario` makes its units without a `__setattr__`
call per field) builds exactly what the dataclass constructor builds, and inside an order it is
the constructor (journaled)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from brikwars_gui.engine.journal import JDict, JList, begin, rollback
from brikwars_gui.engine.state import GameState, UnitState, WeaponState
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.io import load_scenario


def _same(a: object, b: object) -> None:
    assert type(a) is type(b)
    assert a.__dict__.keys() == b.__dict__.keys()
    for name, value in a.__dict__.items():
        other = b.__dict__[name]
        assert type(value) is type(other), name  # containers adopted alike (JList, JDict ...)
        if isinstance(value, list):
            assert len(value) == len(other)
            for x, y in zip(value, other, strict=True):
                if isinstance(x, WeaponState):
                    _same(x, y)
                assert x == y, name
        else:
            assert value == other, name


@pytest.mark.parametrize("name", ["skirmish", "hazard_showcase", "wizard_duel", "ruined_chapel"])
def test_units_made_by_fresh_equal_the_constructors(name: str) -> None:
    state = GameState.from_scenario(load_scenario(SCENARIOS / f"{name}.json"))
    for unit in state.units.values():
        values = {f.name: getattr(unit, f.name) for f in fields(UnitState) if f.init}
        values["weapons"] = [
            WeaponState(**{f.name: getattr(w, f.name) for f in fields(WeaponState) if f.init})
            for w in unit.weapons
        ]
        made = UnitState(**values)
        copy = UnitState.fresh(**values)
        _same(copy, made)
        assert isinstance(copy.weapons, JList) and isinstance(copy.pools, JDict)


def test_fresh_fills_defaults_and_refuses_unknown_or_missing_fields() -> None:
    unit = UnitState.fresh(id="a", name="A", team="red", pos=(1, 2))
    _same(unit, UnitState(id="a", name="A", team="red", pos=(1, 2)))
    with pytest.raises(TypeError, match="unknown fields"):
        UnitState.fresh(id="a", name="A", team="red", pos=(1, 2), nonsense=1)
    with pytest.raises(TypeError, match="missing the field 'pos'"):
        UnitState.fresh(id="a", name="A", team="red")


def test_fresh_inside_an_order_is_the_journaled_constructor() -> None:
    journal = begin()
    unit = UnitState.fresh(id="a", name="A", team="red", pos=(1, 2))
    assert unit.id == "a" and journal.entries  # the constructor's assignments were journaled
    rollback(journal)
    assert not hasattr(unit, "id")  # and taken back with the order, as for UnitState(...)


def test_a_2000_unit_state_indexes_every_unit_made_by_fresh() -> None:
    """The unit index is attached after the units are made: each one is found where it stands."""
    scenario = army_battle(2000, size=400, buildings=20, fires=0, seed=0)
    state = GameState.from_scenario(scenario)
    for unit in list(state.units.values())[::97]:
        assert state.unit_at(unit.pos) is unit
