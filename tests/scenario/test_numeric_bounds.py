"""Every number a scenario can hold, at its bounds, is either refused by `validate` with a message or
validates and plays a round of `run` (issue 26: a weapon Range of 100000 passed validation and hung
`run`). Each field's bounds are read from the pydantic models themselves, so a new unbounded number
fails `test_every_number_in_a_scenario_has_both_bounds`."""

from __future__ import annotations

import copy
import json
import typing
from collections.abc import Iterator
from typing import Any

import annotated_types as at
from hang_limit import hang_limit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from brikwars_gui.cli import main
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.models import Fire, Scenario, StructureObject

HANG = 120
"""Seconds after which a round counts as hung: a limit against hangs, not a measure of speed."""


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _is_number(annotation: Any) -> bool:
    """int or float (or Optional of one); not bool, not containers of numbers."""
    options = set(typing.get_args(annotation)) if typing.get_origin(annotation) else {annotation}
    return bool(options & {int, float}) and not options - {int, float, type(None)}


def _bounds(field: Any) -> tuple[float | None, float | None]:
    low = high = None
    for rule in field.metadata:
        if isinstance(rule, at.Ge):
            low = rule.ge
        elif isinstance(rule, at.Le):
            high = rule.le
        elif isinstance(rule, at.Lt):
            high = rule.lt - 1
        elif isinstance(rule, at.Gt):
            low = rule.gt + 1
    return low, high


def numeric_fields(model: type[BaseModel], seen: set[type] | None = None) -> list[tuple[type, str]]:
    """(model, field name) of every number the scenario models hold, nested models included."""
    seen = set() if seen is None else seen
    if model in seen:
        return []
    seen.add(model)
    found = []
    for name, field in model.model_fields.items():
        if _is_number(field.annotation):
            found.append((model, name))
        for inner in _models_in(field.annotation):
            found += numeric_fields(inner, seen)
    return found


def instances(model: type[BaseModel], data: Any) -> Iterator[tuple[type[BaseModel], dict[str, Any]]]:
    """Every object in `data` with the model that reads it."""
    if not isinstance(data, dict):
        return
    yield model, data
    for name, field in model.model_fields.items():
        inner = _models_in(field.annotation)
        value = data.get(name)
        if not inner or value is None:
            continue
        for item in value if isinstance(value, list) else [value]:
            yield from instances(inner[0], item)


def rich_scenario() -> dict[str, Any]:
    """The hazard showcase (fires, smoke, Slow fields, objects, water) with every optional block
    filled in: a D6 and a Nine Powers stat block, a Power limit, a powered weapon, a trap."""
    data = json.loads((SCENARIOS / "hazard_showcase.json").read_text(encoding="utf-8"))
    unit = data["units"][0]
    unit["d6"] = {"melee": "3D", "character_points": 5, "fate_points": 1}
    unit["ninepowers"] = {"stamina": 6, "natural_armor": 2, "armor_buffer": 1, "extra_damage": 1}
    unit["power"] = 10
    unit["weapons"].append(
        {"name": "zapper", "kind": "ranged", "use": 3, "range": 8, "damage": "1d6", "power_cost": 2}
    )
    data["ninepowers"] = {"move": 4}
    for hazard in data["hazards"]:
        hazard.setdefault("height", 5)
    return data


BASE = rich_scenario()
TOGETHER = {(Fire, "size"): [(StructureObject, "size")]}
"""Numbers bounded by another one (a fire on an object is at most the object's Size, R-FIRE-4):
driven to their bounds together."""
FIELDS = numeric_fields(Scenario)
HELD = {model for model, _ in instances(Scenario, BASE)}


def test_every_number_in_a_scenario_has_both_bounds() -> None:
    unbounded = [f"{m.__name__}.{n}" for m, n in FIELDS if None in _bounds(m.model_fields[n])]
    assert not unbounded
    missing = {m.__name__ for m, _ in FIELDS} - {m.__name__ for m in HELD}
    assert not missing  # the rich scenario holds every model with a number, so each is driven


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    field=st.sampled_from(FIELDS),
    high=st.booleans(),
    ruleset=st.sampled_from(["brikwars", "d6", "ninepowers"]),
)
def test_every_number_at_its_bound_validates_and_plays_a_round(tmp_path, capsys, field, high, ruleset):
    model, name = field
    data = copy.deepcopy(BASE)
    data["ruleset"] = ruleset
    for driven_model, driven in [(model, name), *TOGETHER.get((model, name), [])]:
        bound = _bounds(driven_model.model_fields[driven])[1 if high else 0]
        held = [obj for found, obj in instances(Scenario, data) if found is driven_model]
        # an optional number is driven where it is given (a sword has no Range to drive)
        given_here = [obj for obj in held if obj.get(driven) is not None] or held
        for obj in given_here:
            obj[driven] = bound
    path = tmp_path / f"{model.__name__}-{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with hang_limit(HANG):
        code = main(["validate", str(path)])
        out = capsys.readouterr()
        assert code in (0, 2) and "Traceback" not in out.err
        if code == 2:
            assert path.name in out.err  # refused with a message naming the file
            return
        assert main(["run", str(path), "--turns", "1", "--seed", "1", "--quiet"]) == 0
