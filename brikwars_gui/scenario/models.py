"""Pydantic v2 models of a scenario / saved-game file (`format_version` 1).

These models are the I/O boundary only: the engine converts a validated `Scenario` into its
own runtime state and numpy arrays, and never validates inside per-cell loops.
Coordinates are cells (1 cell = 1 inch), `[x, y]` with `[0, 0]` the top-left cell.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from brikwars_gui.engine.dice.expression import parse_dice, parse_single_die

FORMAT_VERSION = 1

Cell = tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]]
"""A cell `[x, y]` on the battlefield."""

Rect = tuple[
    Annotated[int, Field(ge=0)],
    Annotated[int, Field(ge=0)],
    Annotated[int, Field(ge=1)],
    Annotated[int, Field(ge=1)],
]
"""A rectangle `[x, y, width, height]` of cells."""


class Strict(BaseModel):
    """Base for every file model: unknown fields are errors, so typos never pass silently."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


def _dice_text(value: str) -> str:
    parse_dice(value)
    return value


def _single_die_text(value: str) -> str:
    parse_single_die(value)
    return value


DiceText = Annotated[str, Field(min_length=1)]


class Facing(StrEnum):
    """One of 8 directions (GRID-6); N is towards y = 0."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"


class Area(Strict):
    """A set of cells given as explicit cells and/or rectangles (compact for big maps)."""

    cells: list[Cell] = Field(default_factory=list)
    rects: list[Rect] = Field(default_factory=list)

    def iter_cells(self) -> list[tuple[int, int]]:
        """Every distinct cell, in a stable order (rects first, then listed cells)."""
        seen: dict[tuple[int, int], None] = {}
        for x, y, w, h in self.rects:
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    seen[(xx, yy)] = None
        for cell in self.cells:
            seen[(cell[0], cell[1])] = None
        return list(seen)


class TerrainKind(StrEnum):
    """Ground types (R-MOVE-3, R-MOVE-6): cost and passability are rules data in the engine."""

    OPEN = "open"
    OBSTACLE = "obstacle"  # impassable wall or rock; blocks line of sight
    WATER = "water"  # swimming: Half Speed; in Armor / with a heavy item: Stopped
    MUD = "mud"  # Half Speed
    ROUGH = "rough"  # thick vegetation / rubble: Half Speed
    ELEVATED = "elevated"  # raised ground; `elevation` in bricks, climb <= 3 bricks per step


class TerrainRegion(Area):
    kind: TerrainKind
    elevation: int = Field(default=0, ge=0, le=60, description="height in bricks (3 = 1 inch)")


class Battlefield(Strict):
    width: int = Field(ge=1, le=400, description="inches (cells) across")
    height: int = Field(ge=1, le=400, description="inches (cells) deep")


class WeaponKind(StrEnum):
    CLOSE = "close"
    RANGED = "ranged"
    THROWN = "thrown"


class DamageType(StrEnum):
    """Damage die families: d6 standard, d4 Fire, d10 Explosion (R-HAZ-6, R-SN-34)."""

    NORMAL = "normal"
    FIRE = "fire"
    EXPLOSIVE = "explosive"
    ACID = "acid"
    ION = "ion"
    POISON = "poison"


class Weapon(Strict):
    name: str = Field(min_length=1)
    kind: WeaponKind = WeaponKind.RANGED
    use: int = Field(ge=0, le=20, description="Use rating; 0 = trivial, no roll (R-ACT-3)")
    range: int | None = Field(default=None, ge=0, description="inches; null for close combat")
    damage: DiceText
    damage_type: DamageType = DamageType.NORMAL
    burning: bool = Field(default=False, description="made to burn (torch): no -1d4 Action")

    _check_damage = field_validator("damage")(_dice_text)


class Unit(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    team: str = Field(min_length=1, description="player id that controls the unit")
    position: Cell
    facing: Facing = Facing.N
    move: int = Field(default=5, ge=0, le=100, description="Move in inches (R-MOVE-2)")
    skill: str = Field(default="d6", description="Skill/Action die, exactly one die (R-DICE-4)")
    armor: DiceText = Field(default="4", description="Armor roll: fixed number or dice (G-1)")
    size: int = Field(default=1, ge=0, le=40, description="inches (G-5 Target Size)")
    weight: float = Field(default=0.5, ge=0, le=5, description="Weight class (G-6)")
    hero: bool = False
    living: bool = True
    heavy_armor: bool = False
    body_armor: bool = False
    carrying_heavy: bool = False
    can_swim: bool = True
    power: int | None = Field(default=None, ge=0, description="Power limit in weapon inches")
    specialties: list[Literal["scout"]] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)

    _check_skill = field_validator("skill")(_single_die_text)
    _check_armor = field_validator("armor")(_dice_text)


class StructureObject(Area):
    """A building, wall, tree, vehicle hulk...: the cells it covers plus its structure stats."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: str = Field(default="building", description="free label: building, tree, crate, ...")
    size: int = Field(ge=0, le=60, description="Size in inches (Fire Size cap, R-FIRE-4)")
    weight: float = Field(ge=0, le=5, description="Weight class / Structure Level (A-1, G-6)")
    armor: DiceText | None = Field(default=None, description="default: (Weight)d10 (G-3)")
    flammable: bool = True
    blocks_movement: bool = True
    blocks_sight: bool = True
    height: int = Field(default=9, ge=0, le=120, description="bricks; LoS and leaping")
    owner: str | None = None

    _check_armor = field_validator("armor")(lambda v: v if v is None else _dice_text(v))


class HazardKind(StrEnum):
    """Field Hazard kinds (R-HAZ-6)."""

    SMOKE = "smoke"
    EXPOSURE = "exposure"
    SLOW = "slow"
    CURRENT = "current"
    SLIPPERY = "slippery"
    SPIKED = "spiked"
    CONCEALED = "concealed"
    SHIELD = "shield"


class HazardField(Area):
    id: str = Field(min_length=1)
    name: str = ""
    kind: HazardKind
    dice: DiceText | None = Field(default=None, description="Hazard Dice, e.g. 2d6, 1d4, 1d10")
    damage_type: DamageType = DamageType.NORMAL
    payload: Literal["damage", "move"] = Field(
        default="damage", description="for concealed fields: Damage dice or a d6-inch Move effect"
    )
    powered: bool = Field(default=False, description="Creation-powered: each die once per turn")
    owner: str | None = None
    direction: Facing | None = Field(default=None, description="current direction")
    height: int | None = Field(default=5, ge=0, description="smoke height in inches; null = no cap")
    living_only: bool = Field(default=False, description="toxic gas: affects living only")
    affects: list[str] = Field(
        default_factory=list, description="spiked: unit/object kinds it works on; empty = all"
    )

    _check_dice = field_validator("dice")(lambda v: v if v is None else _dice_text(v))


class FireType(StrEnum):
    FIRE = "fire"
    ACID = "acid"
    ION = "ion"
    POISON = "poison"


class PermanentFireKind(StrEnum):
    """Permanent fire table (R-FIRE-1): the number of d4 Hazard Dice."""

    REGULAR = "regular"  # 1d4
    FUEL = "fuel"  # 2d4
    MOLTEN = "molten"  # 3d4
    ATOMIC = "atomic"  # 4d4


class Fire(Strict):
    """A fire: either burning on an object (`object` set, `size` inches) or a permanent field."""

    id: str = Field(min_length=1)
    object: str | None = Field(default=None, description="id of the burning object or unit")
    cells: list[Cell] = Field(default_factory=list, description="burning cells")
    size: int = Field(default=1, ge=0, description="Fire Size in inches")
    fire_type: FireType = FireType.FIRE
    permanent: PermanentFireKind | None = Field(
        default=None, description="set for a permanent fire (campfire, lava): never changes"
    )
    owner: str | None = Field(default=None, description="player who set it (turnless objects)")


class Player(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    color: str = Field(default="#888888", pattern=r"^#[0-9a-fA-F]{6}$")
    controller: Literal["human", "ai"] = "ai"


class Scenario(Strict):
    """A whole scenario file; saved games add `state` (engine-owned) in later formats."""

    format_version: Literal[1] = FORMAT_VERSION
    name: str = Field(min_length=1)
    description: str = ""
    dice_system: Literal["brikwars", "d6"] = "brikwars"
    battlefield: Battlefield
    terrain: list[TerrainRegion] = Field(default_factory=list)
    objects: list[StructureObject] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    hazards: list[HazardField] = Field(default_factory=list)
    fires: list[Fire] = Field(default_factory=list)
    players: list[Player] = Field(min_length=1)
    turn_order: list[str] = Field(default_factory=list, description="player ids; default: listed")
