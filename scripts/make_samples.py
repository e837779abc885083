"""Build the sample scenarios in resources/scenarios/ deterministically.

    .venv/bin/python scripts/make_samples.py            # (re)write the samples
    .venv/bin/python scripts/make_samples.py --check    # exit 1 if a committed sample differs

The JSON files are committed; this script documents how they were made and keeps them in sync
with the canonical file format (`dump_scenario`). Stats follow RULES.md G-1/G-2 (minifig Move 5,
Skill d6, Armor 4, Size 1; Heroes d10).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import dump_scenario, save_scenario
from brikwars_gui.scenario.models import FORMAT_VERSION, Scenario

# -- weapons (RULES.md G-2) ---------------------------------------------------------------------------

PISTOL = {"name": "Pistol", "kind": "ranged", "use": 3, "range": 6, "damage": "1d6"}
RIFLE = {"name": "Rifle", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}
LONGBOW = {"name": "Longbow", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}
SHORTSWORD = {"name": "Shortsword", "kind": "close", "use": 2, "damage": "1d6+1"}
SPEAR = {"name": "Spear", "kind": "close", "use": 3, "damage": "1d6+2"}
HALBERD = {"name": "Halberd", "kind": "close", "use": 4, "damage": "2d6"}
GRENADE = {
    "name": "Grenade",
    "kind": "thrown",
    "use": 3,
    "range": 5,
    "damage": "1d10",
    "damage_type": "explosive",
}
TORCH = {"name": "Torch", "kind": "close", "use": 2, "damage": "1d4", "damage_type": "fire", "burning": True}

FACING_EAST, FACING_WEST, FACING_SOUTH, FACING_NORTH = "E", "W", "S", "N"


def minifig(
    uid: str,
    name: str,
    team: str,
    x: int,
    y: int,
    facing: str,
    weapons: list[dict[str, Any]],
    *,
    hero: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """A G-1 minifig (Move 5, d6, Armor 4, Size 1, Weight 1/2); a Hero gets a d10 Skill die."""
    unit: dict[str, Any] = {
        "id": uid,
        "name": name,
        "team": team,
        "position": [x, y],
        "facing": facing,
        "move": 5,
        "skill": "d10" if hero else "d6",
        "armor": "4",
        "size": 1,
        "hero": hero,
        "weapons": [dict(w) for w in weapons],
    }
    unit.update(extra)
    return unit


def rect(x: int, y: int, w: int, h: int) -> list[int]:
    return [x, y, w, h]


# -- Skirmish at Brick Creek --------------------------------------------------------------------------


def skirmish() -> dict[str, Any]:
    creek_cells: list[list[int]] = []
    for y in range(16):
        x0 = 11 if y < 5 else (12 if y < 10 else 11)
        creek_cells += [[x0, y], [x0 + 1, y]]
    red = [
        minifig("red-captain", "Captain Rufus", "red", 3, 7, FACING_EAST, [PISTOL, SHORTSWORD], hero=True),
        minifig("red-rifle-1", "Rifleman Ash", "red", 5, 2, FACING_EAST, [RIFLE]),
        minifig("red-rifle-2", "Rifleman Birch", "red", 4, 11, FACING_EAST, [RIFLE]),
        minifig("red-spear", "Spearman Cobb", "red", 5, 8, FACING_EAST, [SPEAR]),
        minifig("red-grenadier", "Grenadier Dale", "red", 3, 9, FACING_EAST, [PISTOL, GRENADE]),
    ]
    blue = [
        minifig("blue-captain", "Captain Azura", "blue", 20, 8, FACING_WEST, [PISTOL, SHORTSWORD], hero=True),
        minifig("blue-rifle-1", "Rifleman Eel", "blue", 19, 4, FACING_WEST, [RIFLE]),
        minifig("blue-rifle-2", "Rifleman Fen", "blue", 19, 12, FACING_WEST, [RIFLE]),
        minifig("blue-spear", "Spearman Gill", "blue", 18, 7, FACING_WEST, [SPEAR]),
        minifig("blue-sword", "Swordsman Hake", "blue", 18, 10, FACING_WEST, [SHORTSWORD, PISTOL]),
    ]
    return {
        "format_version": FORMAT_VERSION,
        "name": "Skirmish at Brick Creek",
        "description": (
            "Two patrols meet across a shallow creek. Red holds the west bank with a ruined wall "
            "and a supply hut; Blue comes from the east past the old mill shed. The ford in the "
            "middle is muddy but shallow. Wipe out the other patrol."
        ),
        "ruleset": "brikwars",
        "battlefield": {"width": 24, "height": 16},
        "terrain": [
            {"kind": "water", "cells": creek_cells},
            # the ford: mud over the creek (later regions paint over earlier ones)
            {"kind": "mud", "rects": [rect(11, 7, 3, 2)]},
            {"kind": "mud", "rects": [rect(15, 13, 3, 2)]},
            {"kind": "obstacle", "rects": [rect(7, 3, 1, 3), rect(7, 10, 1, 2)]},
            {"kind": "obstacle", "rects": [rect(16, 5, 1, 2)]},
            {"kind": "rough", "rects": [rect(0, 0, 3, 3), rect(21, 13, 3, 3)]},
        ],
        "objects": [
            {
                "id": "supply-hut",
                "name": "Supply hut",
                "kind": "building",
                "size": 3,
                "weight": 1,
                "rects": [rect(2, 12, 3, 3)],
            },
            {
                "id": "mill-shed",
                "name": "Mill shed",
                "kind": "building",
                "size": 3,
                "weight": 1,
                "rects": [rect(19, 1, 3, 2)],
            },
            {
                "id": "crate-1",
                "name": "Crate",
                "kind": "crate",
                "size": 1,
                "weight": 1,
                "height": 3,
                "cells": [[9, 7]],
            },
            {
                "id": "crate-2",
                "name": "Crate",
                "kind": "crate",
                "size": 1,
                "weight": 1,
                "height": 3,
                "cells": [[15, 9]],
            },
            {
                "id": "crate-3",
                "name": "Crate",
                "kind": "crate",
                "size": 1,
                "weight": 1,
                "height": 3,
                "cells": [[15, 2]],
            },
        ],
        "units": red + blue,
        "hazards": [],
        "fires": [],
        "players": [
            {"id": "red", "name": "Red Patrol", "color": "#c03030", "controller": "human"},
            {"id": "blue", "name": "Blue Patrol", "color": "#3050c0", "controller": "ai"},
        ],
        "turn_order": ["red", "blue"],
    }


# -- Hazard showcase ----------------------------------------------------------------------------------


def hazard_showcase() -> dict[str, Any]:
    """The sappers (west) march on the garrison dug in east of the river, past every Field Hazard,
    while the hamlet between them burns: the farmhouse fire (2" of its 4") touches a barn, a
    woodshed and a chapel, and the barn a hay barn, so with ordinary dice it spreads from building to
    building over the ten rounds it takes the two sides to meet and fight it out."""
    ford = rect(44, 14, 3, 2)
    river = [rect(44, 0, 3, 14), rect(44, 16, 3, 14)]
    wire = [[x, 19] for x in range(12, 20)]
    units = [
        minifig("sap-sgt", "Sergeant Flint", "sappers", 2, 14, FACING_EAST, [PISTOL, SHORTSWORD], hero=True),
        minifig("sap-1", "Sapper Gravel", "sappers", 3, 12, FACING_EAST, [RIFLE]),
        minifig("sap-2", "Sapper Marl", "sappers", 3, 16, FACING_EAST, [SPEAR]),
        minifig("sap-3", "Sapper Shale", "sappers", 4, 18, FACING_EAST, [PISTOL, GRENADE]),
        minifig("sap-4", "Sapper Clay", "sappers", 4, 10, FACING_EAST, [TORCH, PISTOL]),
        minifig("sap-scout", "Scout Wren", "sappers", 5, 14, FACING_EAST, [LONGBOW], specialties=["scout"]),
        minifig(
            "gar-cpt", "Castellan Ember", "garrison", 63, 13, FACING_WEST, [PISTOL, SHORTSWORD], hero=True
        ),
        minifig("gar-1", "Guard Soot", "garrison", 62, 9, FACING_WEST, [RIFLE]),
        minifig("gar-2", "Guard Cinder", "garrison", 62, 17, FACING_WEST, [RIFLE]),
        minifig("gar-3", "Guard Tinder", "garrison", 64, 20, FACING_WEST, [HALBERD]),
        minifig("gar-4", "Guard Char", "garrison", 65, 18, FACING_WEST, [SPEAR]),
        minifig("gar-5", "Guard Pyre", "garrison", 63, 6, FACING_WEST, [PISTOL, GRENADE]),
    ]
    return {
        "format_version": FORMAT_VERSION,
        "name": "Hazard Showcase: The Burning Hamlet",
        "description": (
            "Every kind of Field Hazard on one table. The sappers must cross a minefield, barbed "
            "wire, mud, smoke and an oil slick, pass the burning hamlet and ford the river to reach "
            "the garrison dug in on the far bank. The farmhouse fire touches a barn, a woodshed and "
            "a chapel, and the barn a hay barn: left alone it spreads from building to building. "
            "The river's strong current runs south; a toxic gas cloud lingers over the old tannery "
            "pits."
        ),
        "battlefield": {"width": 70, "height": 30},
        "terrain": [
            {"kind": "water", "rects": river},
            {"kind": "rough", "rects": [ford]},
            {"kind": "mud", "rects": [rect(9, 22, 5, 4)]},
            {"kind": "obstacle", "rects": [rect(32, 0, 1, 4), rect(32, 25, 1, 5)]},
            {"kind": "rough", "rects": [rect(0, 0, 6, 5)]},
            {"kind": "elevated", "elevation": 3, "rects": [rect(64, 0, 5, 5)]},
        ],
        "objects": [
            {
                "id": "burning-house",
                "name": "Burning farmhouse",
                "kind": "building",
                "size": 4,
                "weight": 1,
                "rects": [rect(30, 10, 4, 3)],
            },
            {
                "id": "barn",
                "name": "Wooden barn",
                "kind": "building",
                "size": 3,
                "weight": 1,
                "rects": [rect(34, 10, 2, 3)],
            },
            {
                "id": "hay-barn",
                "name": "Hay barn",
                "kind": "building",
                "size": 2,
                "weight": 0.5,
                "rects": [rect(36, 10, 2, 2)],
            },
            {
                "id": "woodshed",
                "name": "Woodshed",
                "kind": "building",
                "size": 2,
                "weight": 0.5,
                "rects": [rect(30, 13, 2, 2)],
            },
            {
                "id": "chapel",
                "name": "Wooden chapel",
                "kind": "building",
                "size": 3,
                "weight": 1,
                "rects": [rect(29, 7, 3, 3)],
            },
            {
                "id": "bunker",
                "name": "Stone bunker",
                "kind": "bunker",
                "size": 3,
                "weight": 3,
                "flammable": False,
                "owner": "garrison",
                "rects": [rect(59, 22, 2, 2)],
            },
            {
                "id": "oil-drums",
                "name": "Oil drums",
                "kind": "barrel",
                "size": 1,
                "weight": 0.5,
                "height": 4,
                "cells": [[17, 13]],
            },
        ],
        "units": units,
        "hazards": [
            {
                "id": "minefield",
                "name": "Minefield",
                "kind": "concealed",
                "dice": "1d10",
                "damage_type": "explosive",
                "owner": "garrison",
                "rects": [rect(9, 9, 4, 6)],
            },
            {"id": "smoke", "name": "Smoke screen", "kind": "smoke", "rects": [rect(14, 3, 4, 4)]},
            {"id": "mud", "name": "Deep mud", "kind": "slow", "dice": "1d6", "rects": [rect(9, 22, 5, 4)]},
            {
                "id": "oil",
                "name": "Oil slick",
                "kind": "slippery",
                "dice": "1d6",
                "rects": [rect(15, 12, 2, 3)],
            },
            {
                "id": "river-current",
                "name": "River current",
                "kind": "current",
                "dice": "1d6",
                "direction": "S",
                "rects": river,
            },
            {
                "id": "barbed-wire",
                "name": "Barbed wire",
                "kind": "spiked",
                "dice": "2d6",
                "owner": "garrison",
                "cells": wire,
            },
            {
                "id": "toxic-gas",
                "name": "Tannery fumes",
                "kind": "exposure",
                "dice": "1d6",
                "living_only": True,
                "height": None,
                "rects": [rect(2, 24, 4, 4)],
            },
        ],
        "fires": [
            {"id": "house-fire", "object": "burning-house", "cells": [[32, 10], [33, 10]], "size": 2},
            {"id": "campfire", "cells": [[50, 4]], "size": 1, "permanent": "regular"},
        ],
        "players": [
            {"id": "sappers", "name": "Sappers", "color": "#c08020", "controller": "human"},
            {"id": "garrison", "name": "Garrison", "color": "#4060a0", "controller": "ai"},
        ],
        "turn_order": ["sappers", "garrison"],
    }


# -- Large battle -------------------------------------------------------------------------------------


class _Table:
    """Keeps track of which cells are taken while the large battle is laid out."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.blocked: set[tuple[int, int]] = set()  # obstacles, water, blocking objects
        self.objects: list[dict[str, Any]] = []

    def block_rect(self, r: list[int]) -> None:
        x, y, w, h = r
        self.blocked.update((xx, yy) for xx in range(x, x + w) for yy in range(y, y + h))

    def add_object(self, obj: dict[str, Any]) -> None:
        cells = [(c[0], c[1]) for c in obj.get("cells", [])]
        for x, y, w, h in obj.get("rects", []):
            cells += [(xx, yy) for xx in range(x, x + w) for yy in range(y, y + h)]
        if any(c in self.blocked for c in cells):
            raise ValueError(f"object {obj['id']} overlaps something")
        if obj.get("blocks_movement", True):
            self.blocked.update(cells)
        self.objects.append(obj)

    def free(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height and (x, y) not in self.blocked


def large_battle() -> dict[str, Any]:
    width, height = 72, 48
    table = _Table(width, height)
    terrain: list[dict[str, Any]] = []

    # The Long River: winds north to south through the middle, two fords (mud) and a bridge gap.
    river_cells: list[list[int]] = []
    for y in range(height):
        x0 = 34 + (y // 8) % 3 - 1
        for x in (x0, x0 + 1, x0 + 2):
            river_cells.append([x, y])
    fords = {13, 14, 33, 34}
    bridge_row = 24
    water = [c for c in river_cells if c[1] not in fords and c[1] != bridge_row]
    ford = [c for c in river_cells if c[1] in fords]
    terrain.append({"kind": "water", "cells": water})
    terrain.append({"kind": "mud", "cells": ford})
    table.blocked.update((c[0], c[1]) for c in water)

    # A brook in the north-west.
    brook = [[x, 10 + (x // 6) % 2] for x in range(0, 20)]
    terrain.append({"kind": "water", "cells": brook})
    table.blocked.update((c[0], c[1]) for c in brook)

    # Forests: rough ground with trees (objects) scattered inside.
    forests = [rect(8, 30, 9, 8), rect(50, 6, 10, 7), rect(44, 36, 8, 7)]
    terrain.append({"kind": "rough", "rects": forests})
    tree_no = 0
    for fx, fy, fw, fh in forests:
        for yy in range(fy, fy + fh, 3):
            for xx in range(fx + (yy // 3) % 2, fx + fw, 3):
                tree_no += 1
                table.add_object(
                    {
                        "id": f"tree-{tree_no}",
                        "name": "Oak" if tree_no % 3 else "Pine",
                        "kind": "tree",
                        "size": 2,
                        "weight": 1,
                        "height": 15,
                        "cells": [[xx, yy]],
                    }
                )

    # Hills: stepped elevation (each step 3 bricks, so it can be climbed).
    for hx, hy, size in ((20, 18, 7), (56, 26, 9)):
        terrain.append({"kind": "elevated", "elevation": 3, "rects": [rect(hx, hy, size, size)]})
        terrain.append(
            {"kind": "elevated", "elevation": 6, "rects": [rect(hx + 2, hy + 2, size - 4, size - 4)]}
        )

    # Rocky outcrops and stone walls.
    walls = [rect(14, 4, 1, 4), rect(26, 40, 5, 1), rect(62, 18, 1, 5), rect(44, 20, 4, 1)]
    terrain.append({"kind": "obstacle", "rects": walls})
    for r in walls:
        table.block_rect(r)

    # The village of Studsby, east of the river.
    houses = [
        ("house-1", "Miller's house", rect(40, 14, 3, 3), 3, 1),
        ("house-2", "Smithy", rect(44, 14, 3, 2), 3, 2),
        ("house-3", "Tavern", rect(40, 24, 4, 3), 4, 1),
        ("chapel", "Stone chapel", rect(46, 24, 3, 4), 4, 3),
        ("barn", "Barn", rect(40, 29, 3, 2), 3, 1),
        ("farm", "Farmhouse", rect(8, 20, 3, 3), 3, 1),
        ("watchtower", "Watchtower", rect(28, 8, 2, 2), 2, 2),
    ]
    for oid, name, r, size, weight in houses:
        table.add_object(
            {
                "id": oid,
                "name": name,
                "kind": "building",
                "size": size,
                "weight": weight,
                "flammable": weight < 3,
                "height": 12,
                "rects": [r],
            }
        )
    table.add_object(
        {
            "id": "bridge",
            "name": "Wooden bridge",
            "kind": "bridge",
            "size": 3,
            "weight": 1,
            "blocks_movement": False,
            "blocks_sight": False,
            "height": 1,
            "cells": [[c[0], c[1]] for c in river_cells if c[1] == bridge_row],
        }
    )

    # Armies. Red (west, human), Blue (east, AI), Green raiders (north, AI).
    loadouts = [[RIFLE], [SPEAR], [PISTOL, SHORTSWORD], [LONGBOW], [HALBERD], [PISTOL, GRENADE], [RIFLE]]
    units: list[dict[str, Any]] = []

    def deploy(team: str, prefix: str, names: list[str], spots: list[tuple[int, int]], facing: str) -> None:
        free_spots = [s for s in spots if table.free(*s)]
        if len(free_spots) < len(names):
            raise ValueError(f"not enough room for {team}")
        for i, (name, (x, y)) in enumerate(zip(names, free_spots, strict=False)):
            hero = i == 0
            weapons = [PISTOL, SHORTSWORD] if hero else loadouts[i % len(loadouts)]
            extra: dict[str, Any] = {}
            if i == 3:
                extra["specialties"] = ["scout"]
                weapons = [LONGBOW]
            units.append(minifig(f"{prefix}-{i + 1}", name, team, x, y, facing, weapons, hero=hero, **extra))
            table.blocked.add((x, y))

    red_names = [
        "Lord Redmane",
        "Archer Ada",
        "Pikeman Bors",
        "Scout Cara",
        "Halberdier Dunn",
        "Bombard Elm",
        "Rifleman Fitz",
        "Guard Gus",
        "Guard Hal",
        "Pikeman Ivo",
        "Archer Jory",
        "Rifleman Kit",
        "Guard Lorn",
        "Pikeman Moss",
    ]
    blue_names = [
        "Duchess Cobalt",
        "Archer Nia",
        "Pikeman Oren",
        "Scout Pell",
        "Halberdier Quinn",
        "Bombard Rook",
        "Rifleman Sia",
        "Guard Tam",
        "Guard Ula",
        "Pikeman Vex",
        "Archer Wynn",
        "Rifleman Xan",
        "Guard Yeva",
        "Pikeman Zed",
    ]
    green_names = [
        "Warlord Moss",
        "Raider Ash",
        "Raider Bane",
        "Scout Crow",
        "Raider Dusk",
        "Raider Fang",
        "Raider Gale",
        "Raider Hex",
        "Raider Iris",
        "Raider Jinx",
        "Raider Knot",
        "Raider Lark",
    ]
    deploy("red", "red", red_names, [(x, y) for y in range(14, 42, 2) for x in (12, 14)], FACING_EAST)
    deploy("blue", "blue", blue_names, [(x, y) for y in range(12, 42, 2) for x in (53, 51)], FACING_WEST)
    deploy("green", "green", green_names, [(x, y) for y in (2, 4) for x in range(18, 62, 4)], FACING_SOUTH)

    return {
        "format_version": FORMAT_VERSION,
        "name": "Battle of Studsby Crossing",
        "description": (
            "A three-way battle for the river crossing at Studsby. Red marches from the west, Blue "
            "holds the village on the east bank and Green raiders pour down from the northern "
            "hills. The river can be crossed at the two muddy fords or the wooden bridge."
        ),
        "battlefield": {"width": width, "height": height},
        "terrain": terrain,
        "objects": table.objects,
        "units": units,
        "hazards": [
            {
                "id": "river-current",
                "name": "Long River current",
                "kind": "current",
                "dice": "1d6",
                "direction": "S",
                "cells": water,
            },
            {
                "id": "ford-mud-north",
                "name": "North ford",
                "kind": "slow",
                "dice": "1d6",
                "cells": [c for c in ford if c[1] < 20],
            },
            {
                "id": "ford-mud-south",
                "name": "South ford",
                "kind": "slow",
                "dice": "1d6",
                "cells": [c for c in ford if c[1] > 20],
            },
        ],
        "players": [
            {"id": "red", "name": "Kingdom of Red", "color": "#c03030", "controller": "human"},
            {"id": "blue", "name": "Duchy of Blue", "color": "#3050c0", "controller": "ai"},
            {"id": "green", "name": "Green Raiders", "color": "#30a040", "controller": "ai"},
        ],
        "turn_order": ["red", "blue", "green"],
    }


# -- The Ruined Chapel (Nine Powers) ----------------------------------------------------------------

SWORD = {"name": "Sword", "kind": "close", "use": 2, "damage": "1d6+1"}
MACE = {"name": "Enchanted mace", "kind": "close", "use": 2, "damage": "1d6+1"}
BOW = {"name": "Bow", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}
CLAWS = {"name": "Claws", "kind": "close", "use": 3, "damage": "1d6"}
FISTS = {"name": "Fists", "kind": "close", "use": 3, "damage": "1d6+2"}


def ruined_chapel() -> dict[str, Any]:
    """Vroy, Boxley and Siron (seed 004's heroes) clear the zombies out of a ruined chapel: a battle
    written for the Nine Powers ruleset (RULES.md NP). The zombies are the "wimpy" kind of EX-NP-1
    (4 Stamina, L637); the hulk hits harder and refills a point of armor each round (L1200-1202);
    Siron carries an enchanted mace (a magic d20, L2279) and a shield. Balanced with
    `brikwars-sim forecast` (40 AI games: about even)."""
    heroes = [
        minifig("vroy", "Vroy", "heroes", 5, 8, FACING_EAST, [SWORD], hero=True, ninepowers={
            "skills": {"melee": 4, "acrobatics": 3, "wrestle": 2, "perception": 2, "stealth": 2, "shoot": 1},
            "talents": {"acrobatics": 1}, "armor": "chain_shirt"}),
        minifig("boxley", "Boxley", "heroes", 3, 6, FACING_EAST, [BOW, SWORD], hero=True, ninepowers={
            "skills": {"shoot": 4, "melee": 3, "acrobatics": 3, "perception": 4, "wrestle": 2, "stealth": 3},
            "talents": {"shoot": 2}, "armor": "gambeson"}),
        minifig("siron", "Siron", "heroes", 4, 11, FACING_EAST, [MACE], hero=True, ninepowers={
            "skills": {"melee": 3, "acrobatics": 2, "wrestle": 2, "perception": 2, "stealth": 1, "shoot": 1},
            "talents": {"melee": 1}, "armor": "boiled_leather", "shield": True, "magic_dice": [20]}),
    ]
    zombie = {"skills": {"melee": 2, "wrestle": 2, "acrobatics": 1, "perception": 1}, "stamina": 4}
    spots = [(15, 4), (17, 9), (15, 13)]
    undead = [
        minifig(f"zombie-{i}", f"Zombie {i}", "undead", x, y, FACING_WEST, [CLAWS], ninepowers=zombie)
        for i, (x, y) in enumerate(spots, start=1)
    ]
    undead.append(minifig("hulk", "Zombie Hulk", "undead", 21, 9, FACING_WEST, [FISTS], ninepowers={
        "skills": {"melee": 3, "wrestle": 3, "acrobatics": 1, "perception": 1},
        "talents": {"melee": 2, "wrestle": 1}, "natural_armor": 0, "armor_buffer": 1, "extra_damage": 1}))
    return {
        "format_version": 2,
        "name": "The Ruined Chapel",
        "description": (
            "Nine Powers: Vroy, Boxley and Siron hold the broken choir of a ruined chapel while the "
            "dead shamble in through the nave. Pick Easy, Medium or Tough for every blow; dodge "
            "(Acrobatics) or guard a friend (Protect) to veto attacks. Defeat every zombie."
        ),
        "ruleset": "ninepowers",
        "battlefield": {"width": 24, "height": 17},
        "terrain": [
            {"kind": "rough", "rects": [rect(10, 0, 2, 17)]},  # the fallen roof beams across the nave
            {"kind": "obstacle", "rects": [rect(8, 2, 1, 4), rect(8, 11, 1, 4)]},  # the choir screen
            {"kind": "obstacle", "rects": [rect(13, 3, 1, 1), rect(13, 13, 1, 1), rect(17, 3, 1, 1),
                                           rect(17, 13, 1, 1)]},  # pillars
            {"kind": "rough", "rects": [rect(0, 7, 2, 3)], "elevation": 3},  # the altar steps
        ],
        "objects": [
            {"id": "altar", "name": "Altar", "kind": "altar", "size": 1, "weight": 2, "height": 3,
             "flammable": False, "cells": [[0, 8]]},
            {"id": "pews-1", "name": "Pews", "kind": "pews", "size": 1, "weight": 1, "height": 3,
             "rects": [rect(14, 6, 2, 1)]},
            {"id": "pews-2", "name": "Pews", "kind": "pews", "size": 1, "weight": 1, "height": 3,
             "rects": [rect(14, 10, 2, 1)]},
        ],
        "units": heroes + undead,
        "hazards": [],
        "fires": [],
        "players": [
            {"id": "heroes", "name": "Vroy's company", "color": "#c09030", "controller": "human"},
            {"id": "undead", "name": "The restless dead", "color": "#507050", "controller": "ai"},
        ],
        "turn_order": ["heroes", "undead"],
    }


SAMPLES = {
    "skirmish.json": skirmish,
    "hazard_showcase.json": hazard_showcase,
    "large_battle.json": large_battle,
    "ruined_chapel.json": ruined_chapel,
}


def build(name: str) -> Scenario:
    """The named sample as a validated Scenario."""
    return Scenario.model_validate(SAMPLES[name]())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the committed files")
    parser.add_argument("--out", type=Path, default=SCENARIOS, help="directory (default resources/scenarios)")
    args = parser.parse_args(argv)
    stale = 0
    for name in SAMPLES:
        scenario = build(name)
        target = args.out / name
        if args.check:
            if not target.exists() or target.read_text(encoding="utf-8") != dump_scenario(scenario):
                print(f"stale: {target}", file=sys.stderr)
                stale += 1
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        save_scenario(scenario, target)
        print(f"wrote {target} ({len(scenario.units)} units)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
