"""Per-ruleset parts of a scenario file: the D6 System's options and unit stat blocks.

A unit without a block for the battle's ruleset plays with the documented default conversion
from its BrikWars stats (`engine/rulesets/d6/conversion.py`, docs/rulesets.md), so any scenario
plays under any ruleset. `migrate_scenario_data` reads older files (`format_version` 1 wrote
`dice_system`; version 2 writes `ruleset`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from brikwars_gui.engine.dice.d6 import equipment_bonus, parse_code

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
    fate_point_limits: bool = Field(
        default=False,
        description="R-D6-10: 6D+ in two skills: Fate Points only on own Actions; 9D+: only the climax",
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
    moral_code: Literal["heroic"] | None = Field(
        default=None,
        description="R-D6-10: Fate Points spent bringing foes down alive come back at the battle's end, "
        "one spent taking a life costs one more",
    )
    equipment: dict[Literal["melee", "ranged", "thrown", "dodge", "strength"], str] = Field(
        default_factory=dict,
        description='R-D6-1/EX-15: equipment bonus added to a stat\'s rolls ("+1D", "+2", "+1D+1"), never '
        "doubled by a Fate Point (R-D6-8)",
    )

    _check_codes = field_validator("melee", "ranged", "thrown", "dodge", "strength")(d6_code_or_none)

    @field_validator("equipment")
    @classmethod
    def _check_equipment(cls, value: dict[str, str]) -> dict[str, str]:
        for stat, bonus in value.items():
            try:
                equipment_bonus(bonus)
            except ValueError as exc:
                raise ValueError(f"{stat}: {exc}") from exc
        return value


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


NinePowersSkill = Literal["shoot", "acrobatics", "melee", "wrestle", "perception", "stealth", "bargain"]
NinePowersArmor = Literal["none", "gambeson", "boiled_leather", "chain_shirt", "brigandine", "full_plate"]


class NinePowersBlock(_Strict):
    """A unit's Nine Powers stat block (RULES.md NP; engine/rulesets/ninepowers/stats.py checks the
    limits: ratings 1-4, talents never above their skill). Left out: converted from BrikWars."""

    skills: dict[NinePowersSkill, int] = Field(
        default_factory=dict, description="ratings 1-4 (L151); a skill left out is 1"
    )
    talents: dict[NinePowersSkill, int] = Field(
        default_factory=dict, description="talent ratings 0-4, never above the skill (L343)"
    )
    stamina: int = Field(default=6, ge=1, le=20, description="R-NP-5: usually 6 (L563)")
    armor: NinePowersArmor = Field(default="none", description="R-NP-7 armor table row (L579-585)")
    shield: bool = Field(default=False, description="one row down the armor table (L587)")
    natural_armor: int | None = Field(default=None, ge=0, le=20, description="monsters: base, no table row")
    armor_buffer: int = Field(default=0, ge=0, le=20, description="the (2) of 1+(2): refills (L1202)")
    extra_damage: int = Field(default=0, ge=0, le=10, description="added to every hit, Armor first (L1200)")
    half_damage: Literal["down", "up"] | None = Field(default=None, description="half damage (L1204)")
    venomous: bool = Field(default=False, description="+1 damage per injury each victim turn (L1198)")
    stamina_limited: bool = Field(default=True, description="false: pools not cut by Stamina (L1585)")
    magic_dice: list[Literal[12, 20]] = Field(default_factory=list, description="magic weapon dice (L2279)")
    recovery_penalty: int = Field(
        default=0, ge=0, le=10, description="fights owed for a quick recovery: -1 die a check (L651-655)"
    )

    @field_validator("talents")
    @classmethod
    def _talents_within_skills(cls, talents: dict[str, int], info: Any) -> dict[str, int]:
        skills = info.data.get("skills", {})
        for key, value in talents.items():
            if not 0 <= value <= skills.get(key, 1):
                rating = skills.get(key, 1)
                raise ValueError(f"talent {key} {value} is above its skill rating {rating} (L343)")
        return talents

    @field_validator("skills")
    @classmethod
    def _ratings(cls, skills: dict[str, int]) -> dict[str, int]:
        for key, value in skills.items():
            if not 1 <= value <= 4:
                raise ValueError(f"skill {key} is rated 1-4 (L151), not {value}")
        return skills


class NinePowersOptions(_Strict):
    """The GM's choices for the Nine Powers ruleset (R-NP-10). The side that started the fight
    goes first in round 1 (L495): put it first in `turn_order`."""

    move: int = Field(default=4, ge=1, le=20, description="squares a turn (L902: 4 works great)")
