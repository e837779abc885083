"""Property: any valid scenario survives dump → parse unchanged, and dumping is stable."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brikwars_gui.scenario import dump_scenario, parse_scenario
from brikwars_gui.scenario.models import Scenario

FACINGS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
names = st.text(min_size=1, max_size=12)
weights = st.floats(min_value=0, max_value=5, allow_nan=False, allow_infinity=False)


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    width = draw(st.integers(1, 30))
    height = draw(st.integers(1, 30))

    def cell() -> list[int]:
        return [draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))]

    def rect() -> list[int]:
        x, y = cell()
        return [x, y, draw(st.integers(1, width - x)), draw(st.integers(1, height - y))]

    def area() -> dict[str, Any]:
        result: dict[str, Any] = {}
        rects = draw(st.lists(st.just(0), max_size=2))
        cells = draw(st.lists(st.just(0), min_size=0 if rects else 1, max_size=3))
        if rects:
            result["rects"] = [rect() for _ in rects]
        if cells:
            result["cells"] = [cell() for _ in cells]
        return result

    player_ids = draw(
        st.lists(st.sampled_from(["red", "blue", "green", "gold"]), min_size=1, max_size=3, unique=True)
    )
    players = [
        {
            "id": pid,
            "name": draw(names),
            "color": draw(st.sampled_from(["#888888", "#C03030", "#3050c0"])),
            "controller": draw(st.sampled_from(["human", "ai"])),
        }
        for pid in player_ids
    ]
    all_cells = [(x, y) for x in range(width) for y in range(height)]
    unit_cells = draw(st.lists(st.sampled_from(all_cells), max_size=min(6, len(all_cells)), unique=True))
    units = []
    for i, (x, y) in enumerate(unit_cells):
        weapons = []
        for w in range(draw(st.integers(0, 2))):
            kind = draw(st.sampled_from(["close", "ranged", "thrown"]))
            weapons.append(
                {
                    "name": f"w{w}",
                    "kind": kind,
                    "use": draw(st.integers(0, 20)),
                    "range": None if kind == "close" else draw(st.integers(0, 40)),
                    "damage": draw(st.sampled_from(["1d6", "1d6+1", "2d4", "1d10", "3", "1d10+1d4"])),
                    "damage_type": draw(st.sampled_from(["normal", "fire", "explosive"])),
                    "burning": draw(st.booleans()),
                }
            )
        units.append(
            {
                "id": f"u{i}",
                "name": draw(names),
                "team": draw(st.sampled_from(player_ids)),
                "position": [x, y],
                "facing": draw(st.sampled_from(FACINGS)),
                "move": draw(st.integers(0, 100)),
                "skill": draw(st.sampled_from(["d4", "d6", "d8", "d10", "d12", "d20"])),
                "armor": draw(st.sampled_from(["4", "1d6", "2d10+1", "0"])),
                "size": draw(st.integers(0, 40)),
                "weight": draw(weights),
                "hero": draw(st.booleans()),
                "living": draw(st.booleans()),
                "power": draw(st.none() | st.integers(0, 50)),
                "specialties": draw(st.sampled_from([[], ["scout"]])),
                "weapons": weapons,
            }
        )
    terrain = [
        {
            "kind": draw(st.sampled_from(["open", "water", "mud", "rough", "elevated"])),
            "elevation": draw(st.integers(0, 60)),
            **area(),
        }
        for _ in range(draw(st.integers(0, 3)))
    ]
    objects = [
        {
            "id": f"o{i}",
            "name": draw(names),
            "kind": draw(st.sampled_from(["building", "tree", "crate"])),
            "size": draw(st.integers(0, 60)),
            "weight": draw(weights),
            "armor": draw(st.none() | st.just("2d10")),
            "flammable": draw(st.booleans()),
            "blocks_movement": False,
            "blocks_sight": draw(st.booleans()),
            "height": draw(st.integers(0, 120)),
            "owner": draw(st.none() | st.sampled_from(player_ids)),
            **area(),
        }
        for i in range(draw(st.integers(0, 3)))
    ]
    hazards = []
    for i in range(draw(st.integers(0, 3))):
        kind = draw(
            st.sampled_from(["smoke", "exposure", "slow", "current", "slippery", "spiked", "concealed"])
        )
        hazards.append(
            {
                "id": f"h{i}",
                "name": draw(st.text(max_size=8)),
                "kind": kind,
                "dice": None if kind == "smoke" else draw(st.sampled_from(["1d6", "1d4", "1d10"])),
                "payload": draw(st.sampled_from(["damage", "move"])) if kind == "concealed" else "damage",
                "direction": draw(st.sampled_from(FACINGS)) if kind == "current" else None,
                "height": draw(st.none() | st.integers(0, 10)),
                "living_only": draw(st.booleans()),
                "powered": draw(st.booleans()),
                **area(),
            }
        )
    fires = [
        {
            "id": f"f{i}",
            "cells": [cell()],
            "size": draw(st.integers(0, 5)),
            "permanent": draw(st.sampled_from(["regular", "fuel", "molten", "atomic"])),
        }
        for i in range(draw(st.integers(0, 2)))
    ]
    turn_order = draw(st.sampled_from([[], player_ids, list(reversed(player_ids))]))
    return Scenario.model_validate(
        {
            "format_version": 2,
            "name": draw(names),
            "description": draw(st.text(max_size=30)),
            "ruleset": draw(st.sampled_from(["brikwars", "d6", "ninepowers"])),
            "battlefield": {"width": width, "height": height},
            "terrain": terrain,
            "objects": objects,
            "units": units,
            "hazards": hazards,
            "fires": fires,
            "players": players,
            "turn_order": turn_order,
        }
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_valid_scenarios_round_trip(scenario: Scenario) -> None:
    text = dump_scenario(scenario)
    again = parse_scenario(text)
    assert again == scenario
    assert dump_scenario(again) == text
    assert text.endswith("\n")
