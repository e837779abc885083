"""Scenario files: reading errors name the file and the JSON path; saving is atomic and exact."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from brikwars_gui.scenario import ScenarioError, dump_scenario, load_scenario, parse_scenario, save_scenario
from brikwars_gui.scenario.models import Scenario

DATA = Path(__file__).parent / "data"


def base() -> dict[str, Any]:
    """A small valid scenario: 24x16, two players, one unit each, a hut and a mud field."""
    return {
        "format_version": 2,
        "name": "Test",
        "battlefield": {"width": 24, "height": 16},
        "objects": [{"id": "hut", "name": "Hut", "size": 3, "weight": 1, "rects": [[10, 5, 3, 3]]}],
        "units": [
            {"id": "r1", "name": "Red 1", "team": "red", "position": [1, 1]},
            {"id": "b1", "name": "Blue 1", "team": "blue", "position": [20, 10]},
            {"id": "r2", "name": "Red 2", "team": "red", "position": [2, 1], "move": 5},
        ],
        "hazards": [{"id": "mud", "kind": "slow", "dice": "1d6", "rects": [[4, 4, 2, 2]]}],
        "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
    }


def errors_for(data: Any, tmp_path: Path, name: str = "bad.json") -> list[str]:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert info.value.source == str(path)
    assert str(info.value) == "\n".join(info.value.messages)
    for line in info.value.messages:
        assert line.startswith(f"{path}: "), line
    return info.value.messages


def one_error(data: Any, tmp_path: Path) -> str:
    messages = errors_for(data, tmp_path)
    assert len(messages) == 1, messages
    return messages[0]


def test_base_is_valid() -> None:
    scenario = parse_scenario(json.dumps(base()))
    assert scenario.player_ids() == ["red", "blue"]


# -- JSON level ---------------------------------------------------------------------------------------


def test_invalid_json_names_file_line_and_column(tmp_path: Path) -> None:
    text = '{\n  "name": "x",\n  "battlefield": {"width": 24 "height": 16}\n}\n'
    message = one_error(text, tmp_path)
    assert "bad.json: line 3, column 31: invalid JSON: Expecting ',' delimiter" in message


def test_truncated_json_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(DATA / "truncated.json")
    (message,) = info.value.messages
    assert message.startswith(f"{DATA / 'truncated.json'}: line ")
    assert "invalid JSON" in message


def test_empty_file(tmp_path: Path) -> None:
    assert "the file is empty" in one_error("  \n", tmp_path)


def test_top_level_must_be_an_object(tmp_path: Path) -> None:
    message = one_error("[1, 2]", tmp_path)
    assert "expected a JSON object {...} at the top level, got a list" in message


def test_duplicate_json_keys_are_an_error(tmp_path: Path) -> None:
    text = '{"name": "a", "name": "b"}'
    assert "key 'name' appears twice" in one_error(text, tmp_path)


def test_missing_file_is_a_scenario_error(tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert info.value.messages == [f"{path}: cannot read: No such file or directory"]


def test_directory_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path)


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"name": "Café"}'.encode("latin-1"))
    with pytest.raises(ScenarioError, match=r"latin1.json: not UTF-8 text \(byte 0xe9"):
        load_scenario(path)


def test_parse_scenario_default_source() -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario("{")
    assert info.value.source == "<string>"
    assert info.value.messages[0].startswith("<string>: line 1, column 2: invalid JSON")


# -- format_version -----------------------------------------------------------------------------------


def test_unknown_format_version_is_the_only_message(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(DATA / "future_version.json")
    assert info.value.messages == [
        f"{DATA / 'future_version.json'}: format_version: unsupported version 7; "
        "this program reads version 2 (and migrates 1)"
    ]


@pytest.mark.parametrize("version", ["1", True, 1.5, None])
def test_format_version_must_be_an_integer(tmp_path: Path, version: Any) -> None:
    data = base() | {"format_version": version}
    assert "bad.json: format_version: expected the integer 2, got" in one_error(data, tmp_path)


def test_format_version_check_in_the_model_too() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match=r"unsupported version 3; this program reads version 2 \(and"):
        Scenario.model_validate(base() | {"format_version": 3})


def test_missing_format_version_reads_as_the_current_version() -> None:
    data = base()
    del data["format_version"]
    assert parse_scenario(json.dumps(data)).format_version == 2


# -- field errors -------------------------------------------------------------------------------------


def test_wrong_type_integer(tmp_path: Path) -> None:
    data = base()
    data["units"][2]["move"] = "five"
    assert (
        one_error(data, tmp_path)
        == f"{tmp_path / 'bad.json'}: units[2].move: expected an integer, got 'five'"
    )


def test_negative_move(tmp_path: Path) -> None:
    data = base()
    data["units"][2]["move"] = -1
    assert one_error(data, tmp_path).endswith("bad.json: units[2].move: must be >= 0, got -1")


def test_wrong_types_various(tmp_path: Path) -> None:
    data = base()
    data["battlefield"]["width"] = 2.5
    data["units"][0]["hero"] = "yes"
    data["units"][0]["position"] = [1, 2, 3]
    data["units"][1]["facing"] = "UP"
    data["units"][1]["weapons"] = {"name": "x"}
    data["players"][0]["color"] = "red"
    data["players"][1]["name"] = ""
    data["name"] = 7
    messages = errors_for(data, tmp_path)
    text = "\n".join(messages)
    assert "battlefield.width: expected an integer, got 2.5" in text
    assert "units[0].hero: expected true or false, got 'yes'" in text
    assert "units[0].position: expected 2 numbers, got 3" in text
    assert "units[1].facing: expected one of 'N', 'NE', 'E', 'SE', 'S', 'SW', 'W' or 'NW', got 'UP'" in text
    assert "units[1].weapons: expected a list [...], got an object {...}" in text
    assert "players[0].color: expected a colour like \"#c03030\", got 'red'" in text
    assert "players[1].name: must not be empty" in text
    assert "name: expected a string, got 7" in text
    assert len(messages) == 8


def test_missing_required_field(tmp_path: Path) -> None:
    data = base()
    del data["units"][1]["position"]
    assert one_error(data, tmp_path).endswith("units[1].position: required field is missing")


def test_unknown_field_lists_allowed_and_suggests(tmp_path: Path) -> None:
    data = base()
    data["units"][0]["teem"] = "red"
    message = one_error(data, tmp_path)
    assert "bad.json: units[0].teem: unknown field (did you mean 'team'? allowed: id, name, team," in message


def test_unknown_field_nested_in_weapon_and_area(tmp_path: Path) -> None:
    data = base()
    data["units"][0]["weapons"] = [{"name": "Pistol", "use": 3, "range": 6, "damage": "1d6", "ammo": 6}]
    data["hazards"][0]["radius"] = 2
    data["battlefield"]["depth"] = 3
    text = "\n".join(errors_for(data, tmp_path))
    assert "units[0].weapons[0].ammo: unknown field (allowed: name, kind, use, range, damage," in text
    assert "hazards[0].radius: unknown field (allowed: cells, rects, id, name, kind, dice," in text
    assert "battlefield.depth: unknown field (did you mean 'width'? allowed: width, height)" in text


def test_bad_dice_expression(tmp_path: Path) -> None:
    data = base()
    data["units"][0]["weapons"] = [{"name": "Odd", "use": 3, "range": 6, "damage": "1d7"}]
    data["units"][1]["skill"] = "2d6"
    text = "\n".join(errors_for(data, tmp_path))
    assert "units[0].weapons[0].damage: d7 is not a die; use one of d4, d6, d8, d10, d12, d20" in text
    assert "units[1].skill: '2d6' is not a single die" in text


def test_strict_types_no_numbers_in_strings(tmp_path: Path) -> None:
    data = base()
    data["units"][0]["move"] = "5"
    data["units"][1]["size"] = 2.0
    text = "\n".join(errors_for(data, tmp_path))
    assert "units[0].move: expected an integer, got '5'" in text
    assert "units[1].size: expected an integer, got 2.0" in text


def test_number_accepted_as_fixed_dice() -> None:
    data = base()
    data["units"][0]["armor"] = 4
    assert parse_scenario(json.dumps(data)).units[0].armor == "4"


# -- cross-field errors -------------------------------------------------------------------------------


def test_position_off_the_map(tmp_path: Path) -> None:
    data = base()
    data["units"][2]["position"] = [30, 4]
    assert one_error(data, tmp_path).endswith(
        "bad.json: units[2].position: cell (30, 4) is off the 24x16 battlefield"
    )


def test_rect_and_cells_off_the_map(tmp_path: Path) -> None:
    data = base()
    data["terrain"] = [{"kind": "water", "rects": [[20, 10, 8, 2]], "cells": [[3, 3], [24, 0]]}]
    text = "\n".join(errors_for(data, tmp_path))
    assert "terrain[0].rects[0]: rect at (20, 10) of 8x2 cells extends off the 24x16 battlefield" in text
    assert "terrain[0].cells[1]: cell (24, 0) is off the 24x16 battlefield" in text


def test_overlapping_objects(tmp_path: Path) -> None:
    data = base()
    data["objects"].append({"id": "shed", "name": "Shed", "size": 2, "weight": 1, "rects": [[12, 7, 2, 2]]})
    assert one_error(data, tmp_path).endswith(
        "bad.json: objects[1]: overlaps objects[0] ('hut') at cell (12, 7); "
        "an object that blocks movement may not share cells"
    )


def test_too_many_hazard_dice(tmp_path: Path) -> None:
    data = base()
    data["hazards"].append({"id": "mines", "kind": "concealed", "dice": "3d10", "cells": [[8, 8], [9, 8]]})
    assert one_error(data, tmp_path).endswith(
        "bad.json: hazards[1].dice: 3 hazard dice exceed the field's Size 2 (R-HAZ-4)"
    )


def test_duplicate_ids(tmp_path: Path) -> None:
    data = base()
    data["units"][1]["id"] = "hut"
    data["hazards"][0]["id"] = "r1"
    text = "\n".join(errors_for(data, tmp_path))
    assert "bad.json: objects[0].id: duplicate id 'hut' (already used by units[1])" in text
    assert "bad.json: hazards[0].id: duplicate id 'r1' (already used by units[0])" in text


def test_unknown_team(tmp_path: Path) -> None:
    data = base()
    data["units"][1]["team"] = "green"
    assert one_error(data, tmp_path).endswith(
        "bad.json: units[1].team: 'green' is not a player id (players: red, blue)"
    )


def test_many_errors_file_reports_each_with_its_path() -> None:
    path = DATA / "many_errors.json"
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    expected = [
        "objects[0].id: duplicate id 'hut' (already used by units[3])",
        "objects[1]: overlaps objects[0] ('hut') at cell (4, 4)",
        "units[1].position: cell (1, 1) is already taken by units[0] ('r1')",
        "units[2].team: 'green' is not a player id (players: red)",
        "units[2].position: cell (30, 4) is off the 24x16 battlefield",
        "units[3].position: cell (3, 3) is inside objects[0] ('hut'), which blocks movement",
        "hazards[0].dice: 3 hazard dice exceed the field's Size 2 (R-HAZ-4)",
    ]
    assert len(info.value.messages) == len(expected)
    for fragment in expected:
        assert any(m.startswith(f"{path}: ") and fragment in m for m in info.value.messages), fragment


# -- dump / save --------------------------------------------------------------------------------------


def test_dump_round_trips_and_is_stable() -> None:
    scenario = parse_scenario(json.dumps(base()))
    text = dump_scenario(scenario)
    again = parse_scenario(text)
    assert again == scenario
    assert dump_scenario(again) == text
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert text.startswith('{\n  "format_version": 2,\n  "name": "Test",\n')


def test_dump_leaves_out_defaults_but_keeps_field_order() -> None:
    scenario = parse_scenario(json.dumps(base()))
    data = json.loads(dump_scenario(scenario))
    assert "move" not in data["units"][2]  # 5 is the default
    assert list(data) == ["format_version", "name", "battlefield", "objects", "units", "hazards", "players"]
    assert list(data["hazards"][0]) == ["id", "kind", "dice", "rects"]  # area cells/rects last


def test_dump_writes_whole_weights_as_integers() -> None:
    scenario = parse_scenario(json.dumps(base()))
    text = dump_scenario(scenario)
    assert '"weight": 1,' in text or '"weight": 1}' in text or '"weight": 1, ' in text
    assert parse_scenario(text).objects[0].weight == 1.0


def test_save_then_load_equal_and_bytes_equal(tmp_path: Path) -> None:
    scenario = parse_scenario(json.dumps(base()))
    path = tmp_path / "out.json"
    save_scenario(scenario, path)
    assert load_scenario(path) == scenario
    assert path.read_bytes() == dump_scenario(scenario).encode("utf-8")
    assert sorted(os.listdir(tmp_path)) == ["out.json"]


def test_save_keeps_unicode_readable(tmp_path: Path) -> None:
    data = base() | {"name": "Schlacht am Bröckchenbach"}
    scenario = parse_scenario(json.dumps(data))
    save_scenario(scenario, tmp_path / "u.json")
    assert "Bröckchenbach" in (tmp_path / "u.json").read_text(encoding="utf-8")


def test_atomic_save_keeps_old_file_when_replace_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "keep.json"
    path.write_text("OLD CONTENT", encoding="utf-8")
    scenario = parse_scenario(json.dumps(base()))

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk on fire"):
        save_scenario(scenario, path)
    assert path.read_text(encoding="utf-8") == "OLD CONTENT"
    assert sorted(os.listdir(tmp_path)) == ["keep.json"]


def test_atomic_save_keeps_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "keep.json"
    path.write_text("OLD CONTENT", encoding="utf-8")
    scenario = parse_scenario(json.dumps(base()))

    def broken_fsync(fd: int) -> None:
        raise OSError("no space left")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="no space left"):
        save_scenario(scenario, path)
    assert path.read_text(encoding="utf-8") == "OLD CONTENT"
    assert sorted(os.listdir(tmp_path)) == ["keep.json"]


def test_save_refuses_a_scenario_broken_in_place(tmp_path: Path) -> None:
    path = tmp_path / "keep.json"
    path.write_text("OLD CONTENT", encoding="utf-8")
    scenario = parse_scenario(json.dumps(base()))
    broken = copy.deepcopy(scenario)
    broken.units.append(broken.units[0].model_copy(update={"position": (40, 40)}))  # list edit: unvalidated
    with pytest.raises(ScenarioError) as info:
        save_scenario(broken, path)
    assert any(
        "units[3].position: cell (40, 40) is off the 24x16 battlefield" in m for m in info.value.messages
    )
    assert any(str(path) in m for m in info.value.messages)
    assert path.read_text(encoding="utf-8") == "OLD CONTENT"
    assert sorted(os.listdir(tmp_path)) == ["keep.json"]


def test_save_keeps_existing_permissions(tmp_path: Path) -> None:
    path = tmp_path / "perm.json"
    path.write_text("{}", encoding="utf-8")
    os.chmod(path, 0o640)
    save_scenario(parse_scenario(json.dumps(base())), path)
    assert (path.stat().st_mode & 0o777) == 0o640


@pytest.mark.parametrize("broken", ["replace", "fsync", "chmod"])
def test_atomic_write_text_failure_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    from brikwars_gui.scenario.io import atomic_write_text

    path = tmp_path / "keep.txt"
    path.write_text("OLD CONTENT", encoding="utf-8")

    def fail(*_a: Any, **_k: Any) -> None:
        raise OSError(f"{broken} failed")

    monkeypatch.setattr(os, broken, fail)
    with pytest.raises(OSError, match=f"{broken} failed"):
        atomic_write_text(path, "NEW CONTENT")
    assert path.read_text(encoding="utf-8") == "OLD CONTENT"
    assert sorted(os.listdir(tmp_path)) == ["keep.txt"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_atomic_write_text_keeps_permissions_and_replaces(tmp_path: Path) -> None:
    from brikwars_gui.scenario.io import atomic_write_text

    path = tmp_path / "perm.txt"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    atomic_write_text(path, "new ✓")
    assert path.read_text(encoding="utf-8") == "new ✓"
    assert (path.stat().st_mode & 0o777) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["perm.txt"]


def test_saved_games_use_the_shared_atomic_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from brikwars_gui.scenario import savegame

    calls = []
    monkeypatch.setattr(savegame, "atomic_write_text", lambda p, t: calls.append((p, t)))
    saved = savegame.SavedGame(scenario=parse_scenario(json.dumps(base())), seed=3)
    savegame.save_saved_game(saved, tmp_path / "g.json")
    assert calls and calls[0][0] == tmp_path / "g.json" and '"saved_game"' in calls[0][1]


def test_describe_validation_error_with_a_root_model_and_prefix() -> None:
    from pydantic import ValidationError

    from brikwars_gui.scenario.io import describe_validation_error
    from brikwars_gui.scenario.models import Unit

    data = base()
    data["units"][0]["moove"] = 3
    with pytest.raises(ValidationError) as info:
        Unit.model_validate(data["units"][0])
    (line,) = describe_validation_error(info.value, Unit, "scenario.units[0]")
    assert line.startswith("scenario.units[0].moove: unknown field (did you mean 'move'? allowed: id,")
    data = base()
    data["units"].append(dict(data["units"][0]))
    with pytest.raises(ValidationError) as info:
        Scenario.model_validate(data)
    lines = describe_validation_error(info.value, Scenario, "scenario")
    assert lines and all(line.startswith("scenario.units[") for line in lines), lines
