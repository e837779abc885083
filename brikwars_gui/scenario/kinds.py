"""The named kinds of a scenario file (facings, terrain, weapons, damage, hazards, fires).

Plain string enums with no other imports, so the models and the whole-scenario checks
(`scenario/consistency.py`) share them without importing each other.
"""

from __future__ import annotations

from enum import StrEnum


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


class TerrainKind(StrEnum):
    """Ground types (R-MOVE-3, R-MOVE-6): cost and passability are rules data in the engine."""

    OPEN = "open"
    OBSTACLE = "obstacle"  # impassable wall or rock; blocks line of sight
    WATER = "water"  # swimming: Half Speed; in Armor / with a heavy item: Stopped
    MUD = "mud"  # Half Speed
    ROUGH = "rough"  # thick vegetation / rubble: Half Speed
    ELEVATED = "elevated"  # raised ground; `elevation` in bricks, climb <= 3 bricks per step


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
