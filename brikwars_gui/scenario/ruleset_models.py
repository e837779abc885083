"""Per-ruleset parts of a scenario file: the D6 System's options and unit stat blocks.

A unit without a block for the battle's ruleset plays with the documented default conversion
from its BrikWars stats (`engine/rulesets/d6/conversion.py`, docs/rulesets.md), so any scenario
plays under any ruleset. `migrate_scenario_data` reads older files (`format_version` 1 wrote
`dice_system`; version 2 writes `ruleset`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from brikwars_gui.engine.dice.d6system import parse_code

#: The rulesets a scenario may name (engine/rulesets has one module each).
RulesetName = Literal["brikwars", "d6", "ninepowers"]
#: File formats this program reads; older ones are migrated on load and written as the newest.
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


def d6_code_or_none(value: str | None) -> str | None:
    """Validator: a D6 die code (R-D6-1) or nothing."""
    if value is not None:
        parse_code(value)
    return value


class D6Options(_Strict):
    """The GM's choices for the D6 System (R-D6-4, R-D6-7)."""

    critical_failure: Literal["complication", "cancel_highest"] = Field(
        default="complication",
        description="R-D6-4: a Wild Die 1 adds a battlefield complication, or cancels the highest die (A-11)",
    )
    character_point_cap: Literal[2, 5] | None = Field(
        default=5,
        description="R-D6-7: most Character Points on one roll: 2 easy, 5 cinematic, null unlimited",
    )


class D6Stats(_Strict):
    """A unit's D6 System stat block: die codes (`3D+1`) and its Character/Fate Point pools.
    Any field left out is converted from the unit's BrikWars stats."""

    melee: str | None = Field(default=None, description="Melee Combat: close-combat attacks, Shove")
    ranged: str | None = Field(default=None, description="Marksmanship: ranged weapons")
    thrown: str | None = Field(default=None, description="Throwing: grenades, thrown weapons")
    dodge: str | None = Field(default=None, description="Dodge: initiative, tasks, traps, swimming")
    strength: str | None = Field(default=None, description="Physique: resists Damage (with armor)")
    character_points: int | None = Field(default=None, ge=0, le=99, description="R-D6-7 pool")
    fate_points: int | None = Field(default=None, ge=0, le=9, description="R-D6-8 pool")

    _check_codes = field_validator("melee", "ranged", "thrown", "dodge", "strength")(d6_code_or_none)


def migrate_scenario_data(data: Any) -> Any:
    """A scenario dict of any readable version, as the newest version reads it (format 1 named
    the ruleset `dice_system`). Anything else is returned unchanged for validation to reject."""
    if not isinstance(data, dict):
        return data
    version = data.get("format_version", FORMAT_VERSION)
    if version == 1 or ("dice_system" in data and "ruleset" not in data):
        data = dict(data)
        if "dice_system" in data:
            data["ruleset"] = data.pop("dice_system")
        if "format_version" in data:
            data["format_version"] = FORMAT_VERSION
    return data
