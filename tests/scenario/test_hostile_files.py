"""Hostile scenario and saved-game files get a message, never a traceback, a hang or gigabytes
(issue 14, items 1-3 and 6): limits in docs/scenario-format.md, "Limits"."""

from __future__ import annotations

import collections
import contextlib
import enum
import json
import os
import threading
from pathlib import Path

import pytest
from hostile_files import (
    fifo,
    full_map_rects,
    full_map_smoke,
    giant_rect_scenario,
    huge_integer_text,
    many_units,
    renamed_unit,
    scenario_data,
    with_raw_value,
    write_json,
    write_text,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from brikwars_gui.scenario import limits
from brikwars_gui.scenario.io import ScenarioError, load_scenario, parse_scenario
from brikwars_gui.scenario.savegame import (
    SavedGame,
    dump_saved_game,
    is_saved_game_file,
    load_saved_game,
)


def _messages(path: Path) -> list[str]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return info.value.messages


@pytest.mark.parametrize("field", ["format_version", "battlefield.width"])
def test_a_5000_digit_integer_is_refused_with_its_line(tmp_path, field):
    text = with_raw_value(scenario_data(), field, huge_integer_text())
    messages = _messages(write_text(tmp_path, "big.json", text))
    assert len(messages) == 1
    assert "line 1, column" in messages[0] and "5000 digits (at most 20)" in messages[0]
    assert "set_int_max_str_digits" not in messages[0]


def test_a_5_mb_digit_string_is_refused_without_pythons_digit_limit_message(tmp_path):
    data = scenario_data()
    data["units"][0]["armor"] = "1" * 5_000_000
    messages = _messages(write_json(tmp_path, "digits.json", data))
    assert messages == [
        f"{tmp_path / 'digits.json'}: units[0].armor: a text of 5000000 characters (at most 200)"
    ]


def test_5000_digit_dice_text_is_a_dice_error(tmp_path):
    data = scenario_data()
    data["units"][0]["weapons"][0]["damage"] = "1d6+" + huge_integer_text(150)
    messages = _messages(write_json(tmp_path, "dice.json", data))
    assert any("units[0].weapons[0].damage" in m and "at most 100" in m for m in messages)
    data["units"][0]["weapons"][0]["damage"] = "1d6+" + huge_integer_text(20)
    messages = _messages(write_json(tmp_path, "dice.json", data))
    assert any("has more than 6 digits" in m for m in messages), messages
    assert not any("set_int_max_str_digits" in m for m in messages)


def test_a_giant_rect_is_refused_without_expanding_it(tmp_path):
    messages = _messages(write_json(tmp_path, "rect.json", giant_rect_scenario()))
    assert any("terrain[6].rects[0][2]: must be <= 400" in m for m in messages), messages


def test_2000_full_map_rects_exceed_the_cell_budget(tmp_path):
    messages = _messages(write_json(tmp_path, "rects.json", full_map_rects(2000)))
    assert len(messages) == 1
    assert "terrain, objects and hazards cover 320,000,0" in messages[0]
    assert messages[0].endswith(f"cells together (at most {limits.MAX_AREA_CELLS:,})")


def test_200_full_map_smoke_fields_exceed_the_hazard_budget(tmp_path):
    messages = _messages(write_json(tmp_path, "smoke.json", full_map_smoke(200)))
    assert any("hazards cover 32,000,000 cells together" in m for m in messages), messages


def test_two_full_map_smoke_fields_are_within_budget():
    scenario = parse_scenario(json.dumps(full_map_smoke(2)))
    assert len(scenario.hazards) == 2


def test_too_many_units_is_one_message_not_thousands(tmp_path):
    messages = _messages(write_json(tmp_path, "units.json", many_units(limits.MAX_ITEMS["units"] + 1)))
    assert messages == [f"{tmp_path / 'units.json'}: units: 2001 entries (at most 2000)"]


def test_error_output_is_capped_with_a_count(tmp_path):
    data = many_units(400)  # 400 units on 24 cells of row 0: hundreds of clashes
    messages = _messages(write_json(tmp_path, "clash.json", data))
    assert len(messages) == limits.MAX_MESSAGES + 1
    assert messages[-1].startswith("... and ") and messages[-1].endswith("more problem(s) not shown")


def test_a_5_mb_unit_name_is_refused(tmp_path):
    messages = _messages(write_json(tmp_path, "name.json", renamed_unit("x" * 5_000_000)))
    assert messages == [
        f"{tmp_path / 'name.json'}: units[0].name: a text of 5000000 characters (at most 200)"
    ]


def test_a_long_description_is_allowed_up_to_its_own_limit():
    data = scenario_data()
    data["description"] = "y" * limits.MAX_LONG_TEXT["description"]
    assert parse_scenario(json.dumps(data)).description == data["description"]


def test_deep_nesting_is_refused():
    data = scenario_data()
    value: list = []
    for _ in range(100):
        value = [value]
    data["units"][0]["specialties"] = value
    with pytest.raises(ScenarioError, match="nested more than 64 levels deep"):
        parse_scenario(json.dumps(data))


def _finishes(function, *args) -> tuple[bool, object]:
    """Run `function(*args)` in a thread; (finished within 15 s, its result or exception). A refusal
    takes milliseconds; the limit only tells a blocked read (which never ends) from a slow machine."""
    result: list[object] = []

    def target() -> None:
        try:
            result.append(function(*args))
        except Exception as exc:
            result.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(15)
    return not thread.is_alive(), result[0] if result else None


def test_a_fifo_is_refused_without_blocking(tmp_path):
    pipe = fifo(tmp_path)
    try:
        done, result = _finishes(load_scenario, pipe)
        assert done, "load_scenario blocked on a FIFO"
        assert isinstance(result, ScenarioError)
        assert "not a regular file" in result.messages[0]
        done, result = _finishes(is_saved_game_file, pipe)
        assert done and result is False
    finally:  # unblock a reader stuck in open() (the old behaviour), so the thread can end
        with contextlib.suppress(OSError):
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_are_refused_before_reading(device):
    done, result = _finishes(load_scenario, device)
    assert done and isinstance(result, ScenarioError)
    assert result.messages == [f"{device}: cannot read: not a regular file (a device, FIFO or socket)"]


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1000)
    path = write_json(tmp_path, "big.json", scenario_data())
    with pytest.raises(ScenarioError, match=r"the file is \d+ bytes; at most 1000 bytes is read"):
        load_scenario(path)


def _saved_game_text(seed_raw: str) -> str:
    from brikwars_gui.scenario.io import scenario_from_data

    saved = SavedGame(scenario=scenario_from_data(scenario_data()), seed=7)
    return dump_saved_game(saved).replace('"seed": 7', f'"seed": {seed_raw}')


def test_a_saved_game_with_a_5000_digit_seed_says_so(tmp_path):
    path = write_text(tmp_path, "game.json", _saved_game_text(huge_integer_text()))
    assert is_saved_game_file(path)
    with pytest.raises(ScenarioError) as info:
        load_saved_game(path)
    assert "5000 digits (at most 20)" in info.value.messages[0]
    assert "replay" not in info.value.messages[0]


def test_a_saved_game_with_too_many_events_is_refused(tmp_path):
    data = json.loads(_saved_game_text("7"))
    data["events"] = [{"kind": "order", "order": "end_turn"}] * (limits.MAX_ITEMS["events"] + 1)
    path = write_json(tmp_path, "long.json", data)
    with pytest.raises(ScenarioError, match=r"events: 50001 entries \(at most 50000\)"):
        load_saved_game(path)


@pytest.mark.parametrize("rects", [1, "0,0,5,5", {"x": 1}, None])
def test_rects_of_the_wrong_type_are_a_field_message_not_a_type_error(tmp_path, rects):
    """Found by the fuzz test: the cell budget ran before pydantic and iterated `"rects": 1`."""
    data = scenario_data()
    data["terrain"] = [{"kind": "rough", "rects": rects}]
    messages = _messages(write_json(tmp_path, "rects.json", data))
    assert any("terrain[0].rects" in m for m in messages), messages


class _Text(str):
    pass


class _Items(list):
    pass


class _Level(enum.IntEnum):
    LOW = 1


_json_leaf = st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False) | st.text(max_size=3)
_long_text = st.sampled_from(["x" * (limits.MAX_TEXT + 1), "y" * 5])
_keys = st.sampled_from(["name", "units", "description", "events", "path", "rects", "kind"])
_not_decoded = st.sampled_from([_Level.LOW, _Text("z" * (limits.MAX_TEXT + 1)), _Text("z")])
"""Values JSON decoding never gives (subclasses): the quick check's exact-type shortcuts pass
them to its `isinstance` checks."""


def _containers(inner):
    lists = st.lists(inner, max_size=4)
    dicts = st.dictionaries(_keys, inner, max_size=4)
    return lists | dicts | lists.map(_Items) | lists.map(tuple) | dicts.map(collections.OrderedDict)


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        _json_leaf | _long_text | _not_decoded,
        _containers,
        max_leaves=40,
    ),
    st.integers(limits.MAX_JSON_DEPTH - 6, limits.MAX_JSON_DEPTH),
)
def test_the_quick_limits_check_finds_exactly_what_the_walk_reports(data, depth) -> None:
    """Issue 26: `data_problems` walks with paths only when the quick check finds something, so
    the quick check must agree with the walk on every value (long texts, deep nesting near
    `MAX_JSON_DEPTH`, lists over `MAX_ITEMS`)."""
    for key, limit in (("units", limits.MAX_ITEMS["units"]), ("name", None)):
        value = [data] * (limit + 1) if limit is not None and len(str(data)) < 20 else data
        problems: list[str] = []
        limits._walk(value, "", key, depth, problems)
        assert limits._breaks_limits(value, key, depth) == bool(problems)
