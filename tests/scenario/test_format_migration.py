"""Format 1 → 2 (issue 11): `dice_system` became `ruleset`; every old file still loads and is
written back in the new form, saved games included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import dump_scenario, load_scenario, parse_scenario
from brikwars_gui.scenario.savegame import SavedGame, parse_saved_game, saved_game_to_data

OLD = Path(__file__).resolve().parents[1] / "data" / "format_v1"


@pytest.mark.parametrize("path", sorted(OLD.glob("*.json")), ids=lambda p: p.name)
def test_every_format_1_sample_loads_as_the_current_sample(path: Path) -> None:
    old = json.loads(path.read_text(encoding="utf-8"))
    assert old["format_version"] == 1
    migrated = load_scenario(path)
    assert migrated.format_version == 2
    assert migrated == load_scenario(SCENARIOS / path.name)  # nothing else changed


@pytest.mark.parametrize("system", ["brikwars", "d6"])
def test_dice_system_is_read_as_ruleset_and_written_back_as_ruleset(system: str) -> None:
    data = json.loads((OLD / "skirmish.json").read_text(encoding="utf-8"))
    data["dice_system"] = system
    scenario = parse_scenario(json.dumps(data), "old.json")
    assert scenario.ruleset == system
    written = json.loads(dump_scenario(scenario))
    assert written["format_version"] == 2 and "dice_system" not in written
    assert written.get("ruleset", "brikwars") == system


def test_a_format_1_saved_game_loads_and_is_written_as_format_2() -> None:
    scenario = json.loads((OLD / "skirmish.json").read_text(encoding="utf-8"))
    scenario["dice_system"] = "d6"
    old = {"format_version": 1, "kind": "saved_game", "scenario": scenario, "seed": 4, "events": []}
    saved = parse_saved_game(json.dumps(old), "old-game.json")
    assert isinstance(saved, SavedGame) and saved.scenario.ruleset == "d6"
    data = saved_game_to_data(saved)
    assert data["format_version"] == 2 and data["scenario"]["ruleset"] == "d6"
    assert data["scenario"]["format_version"] == 2


def test_an_unknown_ruleset_names_the_file_and_field() -> None:
    data = json.loads((OLD / "skirmish.json").read_text(encoding="utf-8"))
    data["dice_system"] = "chess"
    with pytest.raises(Exception, match=r"old\.json: ruleset: .*'brikwars', 'd6' or 'ninepowers'"):
        parse_scenario(json.dumps(data), "old.json")
