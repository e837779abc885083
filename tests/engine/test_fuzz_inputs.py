"""Hypothesis fuzzing of the three loaders (scenario, saved game, event log) and of the logged-order
API (`Game.apply_order`, what saved games and logs feed): every input ends in the loader's own error
or a result, never another exception; a refused order leaves the game untouched and the game still
replays (issue 14). Example counts are small so the suite stays bounded (~10 s)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from hostile_files import scenario_data
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.engine.replay import LogError, compare_events, event_dicts, read_log
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.io import ScenarioError, parse_scenario, scenario_from_data
from brikwars_gui.scenario.savegame import SavedGame, dump_saved_game, parse_saved_game

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**25), 10**25),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["1d6", "d10", "N", "red", "smoke", "order", "saved_game", "", "\x1b[2J"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) into a JSON value, to pick one to spoil."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            found += _paths(item, (*prefix, i))
    return found


def _spoil(data: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return data


@st.composite
def spoiled(draw: st.DrawFn, base: Any) -> Any:
    data = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)))
        data = _spoil(data, path, draw(json_values))
    return data


SCENARIO = scenario_data()
SAVED = json.loads(dump_saved_game(SavedGame(scenario=scenario_from_data(SCENARIO), seed=3)))


def _text(value: Any) -> str:
    try:
        return json.dumps(value)
    except (ValueError, OverflowError):
        return "{}"


@FUZZ
@given(spoiled(SCENARIO))
def test_the_scenario_loader_only_ever_raises_scenario_error(data):
    try:
        parse_scenario(_text(data), "fuzz.json")
    except ScenarioError as exc:
        assert exc.messages and all(m.startswith("fuzz.json") for m in exc.messages)


@FUZZ
@given(spoiled(SAVED))
def test_the_saved_game_loader_only_ever_raises_scenario_error(data):
    try:
        parse_saved_game(_text(data), "fuzz.json")
    except ScenarioError as exc:
        assert exc.messages


@FUZZ
@given(st.binary(max_size=300))
def test_the_loaders_on_random_bytes(raw):
    text = raw.decode("utf-8", errors="replace")
    for parse in (parse_scenario, parse_saved_game):
        with contextlib.suppress(ScenarioError):
            parse(text, "bytes.json")


HEADER = {"log": "brikwars-sim", "engine_version": "x", "scenario": "s.json", "seed": 1, "options": {}}


@FUZZ
@given(spoiled(HEADER), st.lists(st.one_of(json_values, st.binary(max_size=40)), max_size=5))
def test_the_log_reader_only_ever_raises_log_error(tmp_path_factory, header, lines):
    path = tmp_path_factory.mktemp("log") / "fuzz.jsonl"
    body = [_text(header).encode()] + [
        line if isinstance(line, bytes) else _text(line).encode() for line in lines
    ]
    path.write_bytes(b"\n".join(body) + b"\n")
    try:
        read_log(path)
    except LogError as exc:
        assert str(exc).startswith(str(path))


ORDER_NAMES = ["move", "act", "face", "end_unit", "end_turn", "jump", None]
REFUSED = (ValueError, KeyError, TypeError, IndexError)
"""What a refused logged order may raise (IllegalOrder is a ValueError)."""


@st.composite
def orders(draw: st.DrawFn, unit_ids: list[str]) -> dict[str, Any]:
    order: dict[str, Any] = {"kind": "order", "order": draw(st.sampled_from(ORDER_NAMES))}
    if draw(st.booleans()):
        order["unit"] = draw(st.one_of(st.sampled_from(unit_ids), json_values))
    cell = st.lists(st.integers(-3, 30), min_size=2, max_size=2)
    args = draw(
        st.one_of(
            st.fixed_dictionaries({"to": cell}),
            st.fixed_dictionaries({"path": st.lists(cell, max_size=6)}),
            st.fixed_dictionaries({"facing": st.sampled_from(["N", "E", "SW", "up"])}),
            st.dictionaries(
                st.sampled_from(["type", "weapon", "target", "cell", "to"]), json_values, max_size=4
            ),
            json_values,
        )
    )
    order["args"] = args
    return order


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 1000), st.data())
def test_random_logged_orders_never_corrupt_the_game_and_it_replays(seed, data):
    scenario = scenario_from_data(SCENARIO)
    game = Game.from_scenario(scenario, seed=seed, max_rounds=3)
    unit_ids = sorted(game.state.units)
    rng = random.Random(seed)
    for _ in range(30):
        if game.over:
            break
        order = data.draw(orders(unit_ids))
        if rng.random() < 0.3:  # keep the battle moving
            order = {"kind": "order", "order": "end_turn", "args": {}}
        before, count = game.state.snapshot(), len(game.events)
        try:
            game.apply_order(order)
        except REFUSED:
            assert len(game.events) == count
            assert game.state.snapshot() == before
    logged = event_dicts(game.events)
    replayed = Game.from_events(scenario, logged, SeededDice(seed), max_rounds=3)
    assert compare_events(logged, event_dicts(replayed.events)) is None
