"""What a D6 System roll looks like to the shared rules and in the dice log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.d6 import (
    ROLE_CP_REROLL,
    ROLE_CP_WILD,
    ROLE_WILD,
    ROLE_WILD_REROLL,
    D6Roll,
)
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.rulesets.d6.conversion import ignition_value


def dice_text(roll: D6Roll) -> str:
    """`4, 2, Wild 6→3, CP 5`: regular dice, the Wild Die chain, Character Point chains;
    cancelled dice in brackets (A-11)."""
    parts: list[str] = []
    groups: dict[int, list[Any]] = {}
    for die in roll.dice:
        groups.setdefault(die.group, []).append(die)
    for chain in groups.values():
        faces = "→".join(str(d.face) for d in chain)
        role = chain[0].role
        text = f"Wild {faces}" if role == ROLE_WILD else f"CP {faces}" if role == ROLE_CP_WILD else faces
        parts.append(text if chain[0].kept else f"[{text} cancelled]")
    return ", ".join(parts)


@dataclass(frozen=True)
class D6ActionRoll:
    """An Action roll under the D6 ruleset: the die code rolled against a difficulty number.

    `needed` is the BrikWars needed number the shared rules asked for; `difficulty` the D6
    number it became (None: an unjudged roll, e.g. initiative); `shift` the points added after
    the dice (a burning unit's −1d4, R-FIRE-5, is in the difficulty already)."""

    label: str
    roll: D6Roll
    difficulty: int | None
    needed: int | None
    fate_point: str = "no"  # "no" | "yes" | "climax" (R-D6-8/9)
    complication: str = ""  # the R-D6-4 option 2 entry, if any

    overskill = False  # BrikWars' Overskill (R-DICE-5..8) has no D6 counterpart
    kind = "d6_action"

    @property
    def total(self) -> int:
        return self.roll.total

    @property
    def success(self) -> bool | None:
        return None if self.difficulty is None else self.total >= self.difficulty

    @property
    def critical_failure(self) -> bool:
        """False: a D6 Critical Failure never voids the roll by itself (R-D6-4); option 1 already
        lowered the total, option 2 adds `complication`."""
        return False

    @property
    def wild_one(self) -> bool:
        return self.roll.critical_failure

    def explain(self) -> str:
        text = f"{self.label}: {dice_text(self.roll)}"
        if self.roll.pips:
            text += f" {self.roll.pips:+d}"
        text += f" = {self.total}"
        if self.difficulty is not None:
            text += f" vs {self.difficulty}: {'success' if self.success else 'failure'}"
        if self.wild_one:
            text += " (Wild Die 1: " + (
                f"complication — {self.complication})"
                if self.complication
                else "Wild and highest die cancelled)"
            )
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.roll.to_dict(),
            "kind": self.kind,
            "label": self.label,
            "difficulty": self.difficulty,
            "needed": self.needed,
            "success": self.success,
            "fate_point": self.fate_point,
            "complication_effect": self.complication,
            "text": self.explain(),
        }


@dataclass(frozen=True)
class D6Damage:
    """A Damage roll under the D6 ruleset, with what the BrikWars expression it came from had:
    its d10s make the blast radius (G-12), its d4 Fire dice the ignition dice (R-FIRE-3)."""

    label: str
    roll: D6Roll | None  # None: an Energy Shield left no Damage die to roll (R-HAZ-21)
    d10s: int = 0
    d4s: int = 0
    source_dice: int = 0

    @property
    def total(self) -> int:
        return 0 if self.roll is None else max(0, self.roll.total)

    @property
    def dice(self) -> tuple[Any, ...]:
        return () if self.roll is None else self.roll.dice

    def ignition(self, count: int) -> list[int]:
        """`count` d4-scale ignition values read from the D6 dice (Wild Die first, its first
        toss), each face as `ignition_value` reads it."""
        if self.roll is None:
            return []
        faces = [d.face for d in self.roll.dice if d.role in (ROLE_WILD,)] + [
            d.face
            for d in self.roll.dice
            if d.role not in (ROLE_WILD, ROLE_WILD_REROLL, ROLE_CP_WILD, ROLE_CP_REROLL)
        ]
        return [ignition_value(f) for f in faces[:count]]

    def explain(self) -> str:
        if self.roll is None:
            return f"{self.label} = 0"
        pips = f" {self.roll.pips:+d}" if self.roll.pips else ""
        return f"{self.label}: {dice_text(self.roll)}{pips} = {self.total}"

    def to_dict(self) -> dict[str, Any]:
        rolled = self.roll.to_dict() if self.roll is not None else {"dice": [], "total": 0}
        return {**rolled, "kind": "d6_damage", "label": self.label, "text": self.explain()}


@register_event
class Complication(Event):
    """R-D6-4 option 2: a Wild Die 1 brings a battlefield complication (docs/rulesets.md)."""

    kind = "d6_complication"
    unit: str
    action: str
    effect: str
    text: str

    def describe(self) -> str:
        return f"{self.unit}: complication on {self.action} — {self.text} (R-D6-4)"


@register_event
class Wounded(Event):
    """Damage beat the resistance by 4–8: one more wound level (−1D on every roll)."""

    kind = "d6_wounded"
    unit: str
    wounds: int
    cause: str

    def describe(self) -> str:
        return f"{self.unit} is wounded by {self.cause} ({self.wounds} wound(s): −{self.wounds}D)"
