"""Nine Powers Armor, Stamina and defeat (R-NP-5..8, R-NP-15).

A successful attack deals 1/2/3 points for Easy/Medium/Tough (R-NP-6). Each bypassing die (a 1,
or a 2 after a Perception success) moves one point straight to Stamina; the rest wears down the
refilling monster buffer, then Armor, and whatever Armor cannot hold reaches Stamina (R-NP-5).
The readings the text leaves open are in docs/rules-decisions.md (section Nine Powers).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class ArmorKind(Enum):
    """The armor table (R-NP-7, L579-585): base Armor value by row."""

    NONE = ("none", 0)
    GAMBESON = ("gambeson", 1)  # gambeson or soft leather
    BOILED_LEATHER = ("boiled_leather", 2)
    CHAIN_SHIRT = ("chain_shirt", 3)
    BRIGANDINE = ("brigandine", 4)
    FULL_PLATE = ("full_plate", 6)

    def __init__(self, key: str, base: int) -> None:
        self.key = key
        self.base = base

    @classmethod
    def parse(cls, text: str | ArmorKind) -> ArmorKind:
        if isinstance(text, ArmorKind):
            return text
        key = text.strip().lower().replace(" ", "_").replace("-", "_")
        key = {"soft_leather": "gambeson", "chain": "chain_shirt", "plate": "full_plate"}.get(key, key)
        for member in cls:
            if member.key == key:
                return member
        names = ", ".join(m.key for m in cls)
        raise ValueError(f"unknown armor {text!r}: use one of {names}")


_ROWS: tuple[ArmorKind, ...] = tuple(ArmorKind)


def armor_base(kind: ArmorKind, shield: bool = False) -> int:
    """Base Armor of a table row; a shield moves one row down the table (L587): full plate with
    a shield is 7, one more than the last row."""
    if not shield:
        return kind.base
    index = _ROWS.index(kind)
    return _ROWS[index + 1].base if index + 1 < len(_ROWS) else kind.base + 1


def starting_armor(kind: ArmorKind, shield: bool, acrobatics: int, protect: int) -> int:
    """R-NP-7 (L573): armor base plus the higher of Acrobatics or Protect."""
    return armor_base(kind, shield) + max(acrobatics, protect)


def halve(points: int, rounding: str) -> int:
    """Half damage (R-NP-8, L1204 rounds down; the zombie row L1658 says round up)."""
    return (points + 1) // 2 if rounding == "up" else points // 2


@dataclass
class Vitals:
    """A combatant's running Stamina and Armor. `buffer` is the monster armor in brackets
    (`1+(2)`, L1202) that refills at the start of every round; `venom` counts venomous injuries
    (L1198). `half_damage` is None, "down" or "up"."""

    stamina: int
    armor: int
    buffer_max: int = 0
    buffer: int = 0
    half_damage: str | None = None
    venom: int = 0
    damaged_rounds: tuple[int, ...] = ()

    @property
    def defeated(self) -> bool:
        return self.stamina <= 0

    def refill_buffer(self) -> None:
        """Start of a round: the bracketed armor is whole again (R-NP-8)."""
        self.buffer = self.buffer_max

    def to_dict(self) -> dict[str, Any]:
        return {
            "stamina": self.stamina,
            "armor": self.armor,
            "buffer": self.buffer,
            "buffer_max": self.buffer_max,
            "venom": self.venom,
        }


@dataclass(frozen=True)
class Hit:
    """What a successful attack brings: `points` from the difficulty plus sneak-attack and magic
    bonuses, `bypass` dice that go past Armor, `extra` monster damage that always meets Armor
    first (L1200), `ignore_armor` from the Wrestle talent (L1118), `venomous` attacker (L1198)."""

    points: int
    bypass: int = 0
    extra: int = 0
    ignore_armor: int = 0
    venomous: bool = False


@dataclass(frozen=True)
class DamageResult:
    """Where a hit's points went; `past_armor` counts the bypassing points only."""

    total: int
    past_armor: int
    to_buffer: int
    to_armor: int
    to_stamina: int
    defeated: bool

    def explain(self) -> str:
        parts = [f"{self.total} damage"]
        if self.past_armor:
            parts.append(f"{self.past_armor} past Armor")
        if self.to_stamina and self.to_stamina != self.past_armor:
            parts.append(f"{self.to_stamina} to Stamina")
        if self.defeated:
            parts.append("defeated")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "past_armor": self.past_armor,
            "to_buffer": self.to_buffer,
            "to_armor": self.to_armor,
            "to_stamina": self.to_stamina,
            "defeated": self.defeated,
        }


def plan_damage(vitals: Vitals, hit: Hit) -> DamageResult:
    """Split a hit without changing `vitals` (used for odds and AI previews too).

    Order: halve the whole hit if the target takes half damage; bypassing dice move up to the
    difficulty's points straight to Stamina (extra damage never bypasses, L1200); the Wrestle
    talent lets that many more points skip Armor; the rest fills the buffer, then Armor, and
    overflows into Stamina."""
    total = hit.points + hit.extra
    if vitals.half_damage:
        total = halve(total, vitals.half_damage)
    past = min(hit.bypass, hit.points, total)
    rest = total - past
    skipped = min(hit.ignore_armor, rest)
    rest -= skipped
    to_buffer = min(rest, vitals.buffer)
    rest -= to_buffer
    to_armor = min(rest, vitals.armor)
    rest -= to_armor
    to_stamina = min(vitals.stamina, past + skipped + rest)
    return DamageResult(
        total=total,
        past_armor=past,
        to_buffer=to_buffer,
        to_armor=to_armor,
        to_stamina=to_stamina,
        defeated=vitals.stamina - to_stamina <= 0 < vitals.stamina,
    )


def apply_damage(vitals: Vitals, hit: Hit, round_no: int | None = None) -> DamageResult:
    """Apply `plan_damage` to `vitals`; a venomous hit that reaches Stamina adds a venomous
    injury (R-NP-15). Any damage at all marks the round (for Escape, R-NP-13)."""
    result = plan_damage(vitals, hit)
    vitals.buffer -= result.to_buffer
    vitals.armor -= result.to_armor
    vitals.stamina -= result.to_stamina
    if hit.venomous and result.to_stamina > 0:
        vitals.venom += 1
    hurt = result.to_stamina or result.to_armor or result.to_buffer
    if round_no is not None and hurt and round_no not in vitals.damaged_rounds:
        vitals.damaged_rounds = (*vitals.damaged_rounds, round_no)
    return result


def venom_tick(vitals: Vitals) -> int:
    """End of the victim's turn: one point per venomous injury, straight to Stamina (R-NP-15;
    a lasting injury, so Armor does not hold it). Returns the points lost."""
    lost = min(vitals.venom, max(vitals.stamina, 0))
    vitals.stamina -= lost
    return lost


def may_escape(vitals: Vitals, round_no: int) -> bool:
    """R-NP-13 (L959): fleeing only without damage this round and the previous one."""
    return round_no not in vitals.damaged_rounds and round_no - 1 not in vitals.damaged_rounds
