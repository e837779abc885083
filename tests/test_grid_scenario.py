"""Grid.from_scenario: terrain regions and objects become the engine's arrays once."""

import pytest

from brikwars_gui.engine.geometry import has_line_of_sight
from brikwars_gui.engine.grid import TERRAIN_KINDS, Grid, find_path, path_cost
from brikwars_gui.scenario.models import (
    Battlefield,
    Player,
    Scenario,
    StructureObject,
    TerrainKind,
    TerrainRegion,
)


def make(terrain=(), objects=(), width=12, height=8) -> Scenario:
    return Scenario(
        name="geometry",
        battlefield=Battlefield(width=width, height=height),
        terrain=list(terrain),
        objects=list(objects),
        players=[Player(id="red", name="Red")],
    )


def test_from_scenario_terrain_kinds() -> None:
    s = make(
        terrain=[
            TerrainRegion(kind=TerrainKind.OBSTACLE, rects=[(2, 0, 1, 3)]),
            TerrainRegion(kind=TerrainKind.MUD, cells=[(4, 4)]),
            TerrainRegion(kind=TerrainKind.ROUGH, cells=[(5, 4)]),
            TerrainRegion(kind=TerrainKind.WATER, rects=[(6, 4, 2, 2)]),
            TerrainRegion(kind=TerrainKind.ELEVATED, elevation=6, rects=[(9, 0, 3, 3)]),
        ]
    )
    g = Grid.from_scenario(s)
    assert g.shape == (8, 12)
    assert not g.passable[0:3, 2].any() and g.sight_blocked[0:3, 2].all()
    assert g.passable.sum() == 12 * 8 - 3
    assert g.half_speed[4, 4] and g.half_speed[4, 5] and g.half_speed[4:6, 6:8].all()
    assert g.half_speed.sum() == 6
    assert g.water.sum() == 4 and g.water[5, 7]
    assert g.elevation[0:3, 9:12].min() == 6 and g.elevation.sum() == 6 * 9
    assert TERRAIN_KINDS[g.terrain[4, 4]] is TerrainKind.MUD
    assert TERRAIN_KINDS[g.terrain[0, 0]] is TerrainKind.OPEN
    assert not g.half_speed[0:3, 9:12].any()


def test_from_scenario_later_regions_paint_over_earlier_ones() -> None:
    s = make(
        terrain=[
            TerrainRegion(kind=TerrainKind.ELEVATED, elevation=3, rects=[(0, 0, 4, 4)]),
            TerrainRegion(kind=TerrainKind.MUD, elevation=3, cells=[(1, 1)]),
            TerrainRegion(kind=TerrainKind.OPEN, cells=[(2, 2)]),
        ]
    )
    g = Grid.from_scenario(s)
    assert g.half_speed[1, 1] and g.elevation[1, 1] == 3  # a muddy hilltop
    assert g.elevation[2, 2] == 0 and TERRAIN_KINDS[g.terrain[2, 2]] is TerrainKind.OPEN


def test_from_scenario_objects_block_movement_and_sight() -> None:
    wall = StructureObject(id="wall", name="Wall", size=3, weight=2, rects=[(5, 0, 1, 8)])
    bush = StructureObject(
        id="bush", name="Bush", kind="tree", size=1, weight=0.5, cells=[(1, 1)], blocks_movement=False
    )
    glass = StructureObject(id="glass", name="Glass", size=1, weight=1, cells=[(2, 2)], blocks_sight=False)
    g = Grid.from_scenario(make(objects=[wall, bush, glass]))
    assert not g.passable[:, 5].any() and g.sight_blocked[:, 5].all()
    assert g.passable[1, 1] and g.sight_blocked[1, 1]
    assert not g.passable[2, 2] and not g.sight_blocked[2, 2]
    assert g.object_at[3, 5] == 0 and g.object_at[1, 1] == 1 and g.object_at[0, 0] == -1
    assert find_path(g, (0, 4), (9, 4)) is None
    assert not has_line_of_sight(g, (0, 4), (9, 4))
    assert has_line_of_sight(g, (2, 1), (2, 4))


def test_from_scenario_elevation_limits_climbing() -> None:
    s = make(
        terrain=[
            TerrainRegion(kind=TerrainKind.ELEVATED, elevation=9, rects=[(6, 0, 6, 8)]),
            TerrainRegion(kind=TerrainKind.ELEVATED, elevation=3, cells=[(4, 3)]),
            TerrainRegion(kind=TerrainKind.ELEVATED, elevation=6, cells=[(5, 3)]),
        ]
    )
    g = Grid.from_scenario(s)
    path = find_path(g, (0, 3), (8, 3))
    assert path is not None and (4, 3) in path.cells and (5, 3) in path.cells  # the only stair
    assert path_cost(g, path.cells) == path.total


def test_from_scenario_rejects_cells_off_the_table() -> None:
    s = make(width=4, height=4)
    s.terrain.append(TerrainRegion(kind=TerrainKind.MUD, cells=[(9, 1)]))
    with pytest.raises(ValueError, match=r"terrain\[0\]: cell \(9, 1\) is outside the 4x4 battlefield"):
        Grid.from_scenario(s)
