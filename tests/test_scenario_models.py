"""Cross-field rules of `Scenario` (each problem names its JSON path) and the model helpers."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from brikwars_gui.scenario.models import HazardField, Scenario


def base() -> dict[str, Any]:
    return {
        "name": "Test",
        "battlefield": {"width": 24, "height": 16},
        "terrain": [{"kind": "obstacle", "rects": [[6, 0, 1, 4]]}],
        "objects": [{"id": "hut", "name": "Hut", "size": 4, "weight": 1, "rects": [[10, 5, 3, 3]]}],
        "units": [
            {"id": "r1", "name": "Red 1", "team": "red", "position": [1, 1]},
            {"id": "b1", "name": "Blue 1", "team": "blue", "position": [20, 10]},
        ],
        "hazards": [{"id": "mud", "kind": "slow", "dice": "1d6", "rects": [[4, 4, 2, 2]]}],
        "fires": [],
        "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
    }


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(ValidationError) as info:
        Scenario.model_validate(data)
    (error,) = info.value.errors()
    assert error["type"] == "scenario_consistency"
    return list(error["ctx"]["problems"])


def problem(data: dict[str, Any]) -> str:
    found = problems(data)
    assert len(found) == 1, found
    return found[0]


def test_base_is_valid() -> None:
    assert Scenario.model_validate(base()).problems() == []


def test_r_haz_4_hazard_dice_limited_by_field_size() -> None:
    data = base()
    data["hazards"].append({"id": "m", "kind": "concealed", "dice": "3d10", "cells": [[8, 8], [9, 9]]})
    assert problem(data) == "hazards[1].dice: 3 hazard dice exceed the field's Size 2 (R-HAZ-4)"
    data["hazards"][1]["cells"].append([10, 8])  # bounding box 3 wide → Size 3
    Scenario.model_validate(data)


def test_grid_8_field_size_is_bounding_box_max() -> None:
    field = HazardField(id="h", kind="slow", dice="1d6", rects=[(2, 3, 4, 1)], cells=[(3, 9)])
    assert field.bounding_box() == (2, 3, 4, 7)
    assert field.field_size() == 7
    assert field.dice_count() == 1
    assert HazardField(id="s", kind="smoke").field_size() == 0


@pytest.mark.parametrize("kind", ["exposure", "slow", "current", "slippery", "spiked", "concealed", "shield"])
def test_r_haz_6_kinds_needing_dice(kind: str) -> None:
    data = base()
    entry: dict[str, Any] = {"id": "h", "kind": kind, "rects": [[14, 1, 3, 3]]}
    if kind == "current":
        entry["direction"] = "S"
    data["hazards"] = [entry]
    assert problem(data) == f'hazards[0].dice: a {kind} field needs Hazard Dice, e.g. "1d6" (R-HAZ-6)'


def test_r_haz_6_smoke_has_no_dice() -> None:
    data = base()
    data["hazards"] = [{"id": "s", "kind": "smoke", "dice": "1d6", "rects": [[14, 1, 3, 3]]}]
    assert problem(data) == "hazards[0].dice: smoke has no Hazard Dice (R-HAZ-6); leave dice out"


def test_current_needs_direction_and_only_current_has_one() -> None:
    data = base()
    data["hazards"] = [
        {"id": "c", "kind": "current", "dice": "1d6", "rects": [[14, 1, 3, 3]]},
        {"id": "m", "kind": "slow", "dice": "1d6", "direction": "N", "rects": [[14, 8, 3, 3]]},
    ]
    assert problems(data) == [
        "hazards[0].direction: a current field needs a direction (N, NE, E, ... NW)",
        "hazards[1].direction: only current fields have a direction",
    ]


def test_payload_only_for_concealed() -> None:
    data = base()
    data["hazards"][0]["payload"] = "move"
    assert problem(data) == "hazards[0].payload: only concealed fields have a payload"


def test_area_needs_cells() -> None:
    data = base()
    data["hazards"][0]["rects"] = []
    assert problem(data) == "hazards[0]: covers no cells: give at least one entry in cells or rects"


def test_unit_on_obstacle_and_inside_object() -> None:
    data = base()
    data["units"][0]["position"] = [6, 2]
    data["units"][1]["position"] = [11, 6]
    assert problems(data) == [
        "units[0].position: cell (6, 2) is an impassable obstacle (terrain[0])",
        "units[1].position: cell (11, 6) is inside objects[0] ('hut'), which blocks movement",
    ]


def test_later_terrain_paints_over_earlier() -> None:
    data = base()
    data["terrain"].append({"kind": "open", "cells": [[6, 2]]})  # a gap in the wall
    data["units"][0]["position"] = [6, 2]
    scenario = Scenario.model_validate(data)
    assert scenario.terrain_at()[(6, 2)].kind == "open"
    assert scenario.terrain_at()[(6, 1)].kind == "obstacle"


def test_unit_in_non_blocking_object_is_fine() -> None:
    data = base()
    data["objects"].append(
        {
            "id": "bridge",
            "name": "Bridge",
            "size": 2,
            "weight": 1,
            "blocks_movement": False,
            "cells": [[1, 1]],
        }
    )
    Scenario.model_validate(data)


def test_two_units_on_one_cell() -> None:
    data = base()
    data["units"][1]["position"] = [1, 1]
    assert problem(data) == "units[1].position: cell (1, 1) is already taken by units[0] ('r1')"


def test_objects_overlap_only_without_blocking() -> None:
    data = base()
    data["objects"].append(
        {"id": "rug", "name": "Rug", "size": 1, "weight": 0.5, "blocks_movement": False, "cells": [[15, 15]]}
    )
    data["objects"].append(
        {"id": "mat", "name": "Mat", "size": 1, "weight": 0.5, "blocks_movement": False, "cells": [[15, 15]]}
    )
    Scenario.model_validate(data)
    data["objects"][2]["cells"] = [[12, 7]]
    assert problem(data).startswith("objects[2]: overlaps objects[0] ('hut') at cell (12, 7)")


def test_owner_turn_order_and_player_ids() -> None:
    data = base()
    data["objects"][0]["owner"] = "green"
    data["hazards"][0]["owner"] = "red"
    data["players"].append({"id": "red", "name": "Red again"})
    data["turn_order"] = ["red", "purple", "red"]
    assert problems(data) == [
        "players[2].id: duplicate player id 'red' (already players[0])",
        "turn_order[1]: 'purple' is not a player id (players: red, blue)",
        "turn_order[2]: player 'red' is listed twice (already turn_order[0])",
        "turn_order: missing player(s) 'blue'",
        "objects[0].owner: 'green' is not a player id (players: red, blue, red)",
    ]


def test_weapon_range_matches_kind() -> None:
    data = base()
    data["units"][0]["weapons"] = [
        {"name": "Spear", "kind": "close", "use": 3, "range": 2, "damage": "1d6+2"},
        {"name": "Pistol", "kind": "ranged", "use": 3, "damage": "1d6"},
    ]
    assert problems(data) == [
        "units[0].weapons[0].range: a close-combat weapon has no range (use null or leave it out)",
        "units[0].weapons[1].range: a ranged weapon needs a range in inches",
    ]


def test_fire_on_object_checks() -> None:
    data = base()
    data["fires"] = [
        {"id": "f1", "object": "barn", "cells": [[1, 2]]},
        {"id": "f2", "object": "hut", "cells": [[10, 5], [13, 5]], "size": 5},
        {"id": "f3", "object": "hut", "cells": [[30, 1]]},
    ]
    assert problems(data) == [
        "fires[0].object: 'barn' is not the id of an object or a unit",
        "fires[1].size: Fire Size 5 exceeds the Size 4 of objects[0] ('hut') (R-FIRE-4)",
        "fires[1].cells[1]: cell (13, 5) is not on objects[0] ('hut')",
        "fires[2].cells[0]: cell (30, 1) is off the 24x16 battlefield",
        "fires[2].object: 'hut' already burns (fires[1]); a second fire adds to its Size instead (R-FIRE-4)",
    ]


def test_fire_on_unit_and_permanent_fire() -> None:
    data = base()
    data["fires"] = [
        {"id": "f1", "object": "r1", "cells": [[1, 1]]},
        {"id": "camp", "cells": [[15, 15]], "permanent": "regular"},
    ]
    Scenario.model_validate(data)
    data["fires"][0]["cells"] = [[2, 1]]
    data["fires"].append({"id": "f3"})
    data["fires"].append({"id": "f4", "permanent": "fuel"})
    assert problems(data) == [
        "fires[0].cells[0]: cell (2, 1) is not on units[0] ('r1')",
        "fires[2]: a fire needs an object it burns on or a permanent kind (regular, fuel, ...)",
        "fires[3].cells: a permanent fire needs at least one cell",
    ]


def test_fire_on_non_flammable_object() -> None:
    data = base()
    data["objects"][0]["flammable"] = False
    data["fires"] = [{"id": "f", "object": "hut", "cells": [[10, 5]]}]
    assert problem(data) == "fires[0].object: objects[0] ('hut') is not flammable"
    data["fires"][0]["fire_type"] = "acid"
    Scenario.model_validate(data)


def test_helpers() -> None:
    data = base()
    data["players"].append({"id": "green", "name": "Green"})
    scenario = Scenario.model_validate(data)
    assert scenario.player_ids() == ["red", "blue", "green"]
    assert scenario.effective_turn_order() == ["red", "blue", "green"]
    assert [u.id for u in scenario.units_of("red")] == ["r1"]
    assert scenario.find("hut") is scenario.objects[0]
    assert scenario.find("mud") is scenario.hazards[0]
    assert scenario.find("nobody") is None
    assert scenario.battlefield.contains((23, 15)) and not scenario.battlefield.contains((24, 0))
    assert scenario.objects[0].contains((12, 7)) and not scenario.objects[0].contains((13, 7))
    data["turn_order"] = ["green", "red", "blue"]
    assert Scenario.model_validate(data).effective_turn_order() == ["green", "red", "blue"]


def test_assignment_is_checked_too() -> None:
    scenario = Scenario.model_validate(base())
    with pytest.raises(
        ValidationError, match=r"units\[1\]\.position: cell \(20, 10\) is off the 2x2 battlefield"
    ):
        scenario.battlefield = {"width": 2, "height": 2}  # type: ignore[assignment]
    assert (scenario.battlefield.width, scenario.battlefield.height) == (24, 16)  # rejected edit undone
    assert scenario.problems() == []
