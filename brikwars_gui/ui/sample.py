"""Deterministic generated scenarios for demos, benchmarks and tests (no files needed)."""

from __future__ import annotations

from brikwars_gui.scenario.models import (
    Battlefield,
    Fire,
    HazardField,
    Player,
    Scenario,
    StructureObject,
    TerrainRegion,
    Unit,
    Weapon,
)


def generated_scenario(width: int = 72, height: int = 48, n_units: int = 40) -> Scenario:
    """Rivers, hills, mud, a few buildings, fields and fires; two teams facing each other."""
    terrain = [
        TerrainRegion(kind="water", rects=[(width // 2 - 1, 0, 2, height)]),
        TerrainRegion(kind="open", rects=[(width // 2 - 1, height // 2 - 1, 2, 2)]),
        TerrainRegion(kind="elevated", elevation=3, rects=[(3, 3, 6, 5)]),
        TerrainRegion(kind="elevated", elevation=6, rects=[(4, 4, 3, 3)]),
        TerrainRegion(kind="mud", rects=[(width - 10, height - 7, 6, 4)]),
        TerrainRegion(kind="rough", rects=[(width // 4, height - 6, 5, 3)]),
        TerrainRegion(kind="obstacle", rects=[(width // 3, height // 3, 1, 4)]),
    ]
    objects = [
        StructureObject(id="house", name="Farmhouse", size=4, weight=3, rects=[(width // 4, 2, 4, 3)]),
        StructureObject(
            id="tree", name="Oak", kind="tree", size=3, weight=2, cells=[(width - 9, height - 3)]
        ),
        StructureObject(
            id="crate",
            name="Crates",
            kind="crate",
            size=1,
            weight=1,
            rects=[(width // 2 + 3, height // 2, 2, 1)],
        ),
    ]
    hazards = [
        HazardField(
            id="gas",
            name="Toxic gas",
            kind="exposure",
            dice="1d6",
            living_only=True,
            rects=[(width // 2 + 6, 4, 4, 3)],
        ),
        HazardField(id="smoke", name="Smoke", kind="smoke", rects=[(width // 4 + 5, height // 2, 3, 3)]),
        HazardField(id="ice", name="Ice", kind="slippery", dice="1d6", rects=[(6, height - 8, 5, 3)]),
    ]
    fires = [Fire(id="f1", object="house", size=2)]
    units = []
    per_team = max(1, n_units // 2)
    for i in range(n_units):
        team = "red" if i < per_team else "blue"
        k = i if team == "red" else i - per_team
        x = 2 + (k % 4) if team == "red" else width - 3 - (k % 4)
        y = (2 + (k // 4) * 2 + k % 2) % height
        units.append(
            Unit(
                id=f"{team[0]}{k + 1}",
                name=f"{'Red' if team == 'red' else 'Blue'} {k + 1}",
                team=team,
                position=(min(x, width - 1), y),
                facing="E" if team == "red" else "W",
                hero=k == 0,
                skill="d10" if k == 0 else "d6",
                weapons=[Weapon(name="Rifle", use=3, range=12, damage="1d6+1")]
                if k % 3
                else [Weapon(name="Sword", kind="close", use=2, damage="1d6")],
            )
        )
    return Scenario(
        name=f"Generated {width}x{height}",
        battlefield=Battlefield(width=width, height=height),
        terrain=terrain,
        objects=objects,
        units=units,
        hazards=hazards,
        fires=fires,
        players=[
            Player(id="red", name="Red Army", color="#c62828", controller="human"),
            Player(id="blue", name="Blue Legion", color="#1565c0"),
        ],
        turn_order=["red", "blue"],
    )
