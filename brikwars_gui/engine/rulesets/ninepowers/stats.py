"""A unit's Nine Powers stat block and the default conversion from BrikWars stats.

Skills come in pairs that share one rating (L321: `Melee/Protect 1`); the battlefield uses six of
the nine pairs. Talents are rated 0 (none) to 4 and never above their skill (L343). Monsters may
carry extra damage, refilling armor `1+(2)`, half damage, venom, and pools not limited by Stamina
(L1196-1204, L1585).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.rulesets.ninepowers.damage import ArmorKind, Vitals, starting_armor

# skill key -> the pair's name as the text writes it (L1576)
SKILLS: dict[str, str] = {
    "shoot": "Shoot/Throw",
    "acrobatics": "Acrobatics/Climb",
    "melee": "Melee/Protect",
    "wrestle": "Wrestle/Disarm",
    "perception": "Perception/Escape",
    "stealth": "Stealth/Track",
    "bargain": "Bargain/Wonder",  # words as weapons: EX-NP-2 (L792-810)
}
# the check labels the dice log uses and the pair each belongs to
CHECKS: dict[str, str] = {
    "Shoot": "shoot",
    "Throw": "shoot",
    "Acrobatics": "acrobatics",
    "Melee": "melee",
    "Protect": "melee",
    "Wrestle": "wrestle",
    "Disarm": "wrestle",
    "Perception": "perception",
    "Escape": "perception",
    "Stealth": "stealth",
    "Bargain": "bargain",
    "Wonder": "bargain",
}
SOCIAL_CHECKS = ("Bargain", "Wonder")  # Armor is only used in combat (L571)
DEFAULT_STAMINA = 6  # R-NP-5 (L563)


class StatBlockError(ValueError):
    """A stat block that breaks the text's limits; the message names the field."""


@dataclass(frozen=True)
class NinePowersStats:
    """Ratings 1-4 for every battlefield skill, talents 0-4, and the defensive profile. Every
    field has the text's default, so a file's block may leave any of them out (`skills` too:
    every skill then at the minimum rating 1, L151)."""

    skills: Mapping[str, int] = field(default_factory=dict)
    talents: Mapping[str, int] = field(default_factory=dict)
    stamina: int = DEFAULT_STAMINA
    armor: ArmorKind = ArmorKind.NONE
    shield: bool = False
    natural_armor: int | None = None  # monsters: a fixed base instead of the table (L573)
    armor_buffer: int = 0  # the bracketed `(2)` of `1+(2)` (L1202)
    extra_damage: int = 0  # L1200
    half_damage: str | None = None  # "down" (L1204) or "up" (zombie row, L1658)
    venomous: bool = False  # L1198
    stamina_limited: bool = True  # False for the flying sword (L1585)
    magic_dice: tuple[int, ...] = ()  # (20,) or (12,) or (12, 20): magic weapon dice (L2279-2281)
    recovery_penalty: int = 0  # fights still owed for Stamina/Armor regained quickly (L651-655)

    def __post_init__(self) -> None:
        for key in self.skills:
            if key not in SKILLS:
                raise StatBlockError(f"skills.{key}: unknown skill; use {', '.join(SKILLS)}")
        for key, value in self.skills.items():
            if not 1 <= value <= 4:
                raise StatBlockError(f"skills.{key}: ratings are 1-4 (L151), not {value}")
        for key, value in self.talents.items():
            if key not in SKILLS:
                raise StatBlockError(f"talents.{key}: unknown skill; use {', '.join(SKILLS)}")
            if not 0 <= value <= self.rating(key):
                raise StatBlockError(
                    f"talents.{key}: a talent is 0-4 and never above its skill (L343), not {value}"
                )
        if self.stamina < 1:
            raise StatBlockError(f"stamina: must be at least 1, not {self.stamina}")
        if self.half_damage not in (None, "down", "up"):
            raise StatBlockError(f"half_damage: use 'down' or 'up', not {self.half_damage!r}")
        for die in self.magic_dice:
            if die not in (12, 20):
                raise StatBlockError(f"magic_dice: a magic weapon adds a d12 or a d20, not d{die}")

    @property
    def situational(self) -> int:
        """Dice this character always rolls fewer in this fight: a small penalty while it owes a
        quick recovery (L651-655), counted with the situational modifiers (capped at -2, R-NP-3)."""
        return -1 if self.recovery_penalty > 0 else 0

    def rating(self, skill: str) -> int:
        """A skill's rating; a skill the block leaves out is rated 1 (the text's minimum)."""
        return self.skills.get(CHECKS.get(skill, skill), 1)

    def talent(self, skill: str) -> int:
        return self.talents.get(CHECKS.get(skill, skill), 0)

    @property
    def starting_armor(self) -> int:
        """R-NP-7: table (or natural) base plus the higher of Acrobatics or Protect."""
        acrobatics, protect = self.rating("acrobatics"), self.rating("Protect")
        if self.natural_armor is not None:
            return self.natural_armor + max(acrobatics, protect)
        return starting_armor(self.armor, self.shield, acrobatics, protect)

    def fresh_vitals(self) -> Vitals:
        return Vitals(
            stamina=self.stamina,
            armor=self.starting_armor,
            buffer_max=self.armor_buffer,
            buffer=self.armor_buffer,
            half_damage=self.half_damage,
        )

    def armor_text(self) -> str:
        """`4` or `1+(2)` as the monster tables write it."""
        base = str(self.starting_armor)
        return f"{base}+({self.armor_buffer})" if self.armor_buffer else base

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> NinePowersStats:
        """Build from a scenario file's `ninepowers` block (validated by the scenario model)."""
        values = dict(data)
        if "armor" in values:
            values["armor"] = ArmorKind.parse(values["armor"])
        if "magic_dice" in values:
            values["magic_dice"] = tuple(values["magic_dice"])
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"skills": dict(self.skills)}
        if self.talents:
            out["talents"] = dict(self.talents)
        defaults = NinePowersStats()
        for name in (
            "stamina",
            "shield",
            "natural_armor",
            "armor_buffer",
            "extra_damage",
            "half_damage",
            "venomous",
            "stamina_limited",
            "recovery_penalty",
        ):
            if getattr(self, name) != getattr(defaults, name):
                out[name] = getattr(self, name)
        if self.armor is not ArmorKind.NONE:
            out["armor"] = self.armor.key
        if self.magic_dice:
            out["magic_dice"] = list(self.magic_dice)
        return out

    def with_changes(self, **changes: Any) -> NinePowersStats:
        return replace(self, **changes)


# Default conversion from BrikWars stats (docs/rulesets.md, docs/rules-decisions.md).
SKILL_DIE_RATING: dict[int, int] = {4: 1, 6: 2, 8: 3, 10: 3, 12: 4, 20: 4}
# BrikWars Armor (mean of its roll) -> armor table row: a plain minifig (Armor 4) wears gambeson
ARMOR_ROWS: tuple[tuple[float, ArmorKind], ...] = (
    (12, ArmorKind.FULL_PLATE),
    (10, ArmorKind.BRIGANDINE),
    (8, ArmorKind.CHAIN_SHIRT),
    (6, ArmorKind.BOILED_LEATHER),
    (4, ArmorKind.GAMBESON),
)


def _armor_mean(text: str) -> float:
    expr = parse_dice(text)
    mean = float(expr.modifier)
    for term in expr.terms:
        mean += term.sign * term.count * (term.sides + 1) / 2
    return mean


def convert_brikwars(
    *,
    skill_die: int,
    armor: str,
    hero: bool = False,
    heavy_armor: bool = False,
    body_armor: bool = False,
    weapon_kinds: Iterable[str] = (),
    weapon_names: Iterable[str] = (),
) -> NinePowersStats:
    """The documented default stat block for a unit that has none.

    Base rating from the Skill die (d4 1, d6 2, d8/d10 3, d12/d20 4), +1 for a hero (max 4);
    Melee/Protect +1 with a close-combat weapon and Shoot/Throw +1 with a ranged or thrown one
    (max 4); Acrobatics, Wrestle and Perception at the base; Stealth 1. Armor row from the mean
    BrikWars Armor roll (>=12 full plate, >=10 brigandine, >=8 chain, >=6 boiled leather, >=4
    gambeson, else none), at least chain for heavy armor and boiled leather for body armor; a
    weapon named like a shield gives a shield. Stamina 6, no talents."""
    base = SKILL_DIE_RATING.get(skill_die, 2) + (1 if hero else 0)
    base = min(base, 4)
    kinds = set(weapon_kinds)
    skills = {
        "shoot": min(4, base + (1 if kinds & {"ranged", "thrown"} else 0)),
        "acrobatics": base,
        "melee": min(4, base + (1 if "close" in kinds else 0)),
        "wrestle": base,
        "perception": base,
        "stealth": 1,
    }
    mean = _armor_mean(armor)
    row = next((kind for limit, kind in ARMOR_ROWS if mean >= limit), ArmorKind.NONE)
    rows = list(ArmorKind)
    floor = ArmorKind.CHAIN_SHIRT if heavy_armor else ArmorKind.BOILED_LEATHER if body_armor else None
    if floor is not None and rows.index(floor) > rows.index(row):
        row = floor
    shield = any("shield" in name.lower() for name in weapon_names)
    return NinePowersStats(skills=skills, armor=row, shield=shield)
