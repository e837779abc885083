"""Nine Powers skill pools: N different dice, smallest first, the lowest die counts (R-NP-1..4).

A pool is built once from a rating and its modifiers (`pool_sides`), then rolled through the
engine's `DiceSource` (`roll_pool`), so a seed or a dice script replays it exactly. There is no
arithmetic in a check (L385): the result is the lowest face, judged against the difficulty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from brikwars_gui.engine.dice.source import DiceSource

POOL_DICE: tuple[int, ...] = (4, 6, 8, 10, 12, 20)  # R-NP-1 (L375, L443-445): smallest first
MIN_POOL, MAX_POOL = 1, 6  # R-NP-3 (L449)
SITUATIONAL_CAP = 2  # R-NP-3 (L938): circumstances change a pool by at most +-2 dice ...
WRESTLING_CAP = 1  # ... and wrestling effects by at most +-1 more


class Difficulty(Enum):
    """The three difficulties (R-NP-2, L377-381) with the highest face that beats each and the
    damage a success deals in a contest (R-NP-6, L794-810)."""

    EASY = ("easy", 3, 1)
    MEDIUM = ("medium", 2, 2)
    TOUGH = ("tough", 1, 3)

    def __init__(self, label: str, threshold: int, damage: int) -> None:
        self.label = label
        self.threshold = threshold
        self.damage = damage

    @classmethod
    def parse(cls, text: str | Difficulty) -> Difficulty:
        """`easy`/`medium`/`tough` (any case; the source also says `weak` and `hard`)."""
        if isinstance(text, Difficulty):
            return text
        key = text.strip().lower()
        aliases = {"weak": "easy", "hard": "tough", "difficult": "tough"}
        key = aliases.get(key, key)
        for member in cls:
            if member.label == key:
                return member
        raise ValueError(f"unknown difficulty {text!r}: use easy, medium or tough")

    def beats(self, face: int) -> bool:
        return face <= self.threshold


def clamp_modifiers(situational: int, wrestling: int = 0) -> int:
    """Net dice added (+) or removed (-): situational bonuses and penalties cap at +-2, wrestling
    effects add at most +-1 on top (R-NP-3, L938: high ground + magic weapon + an ally's grab = +3)."""
    situational = max(-SITUATIONAL_CAP, min(SITUATIONAL_CAP, situational))
    wrestling = max(-WRESTLING_CAP, min(WRESTLING_CAP, wrestling))
    return situational + wrestling


def pool_size(
    rating: int,
    *,
    situational: int = 0,
    wrestling: int = 0,
    stamina: int | None = None,
    stamina_limited: bool = True,
) -> int:
    """How many dice a check rolls: rating plus capped modifiers, kept within 1-6 (L449), and never
    more than current Stamina (R-NP-4, L565-569) unless the creature is exempt (flying sword,
    L1585). A character at 0 Stamina is defeated and rolls nothing (0)."""
    size = rating + clamp_modifiers(situational, wrestling)
    size = max(MIN_POOL, min(MAX_POOL, size))
    if stamina is not None and stamina_limited:
        if stamina <= 0:
            return 0
        size = min(size, stamina)
    return size


def pool_sides(size: int) -> tuple[int, ...]:
    """The dice of a pool of `size`: the smallest different dice (R-NP-1)."""
    if not 0 <= size <= MAX_POOL:
        raise ValueError(f"a Nine Powers pool holds 0-{MAX_POOL} dice, not {size}")
    return POOL_DICE[:size]


@dataclass(frozen=True)
class PoolDie:
    """One rolled die; `special` marks a magic weapon's extra die (R-NP-16, L2279-2281)."""

    sides: int
    face: int
    special: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sides": self.sides, "face": self.face}
        if self.special:
            out["special"] = True
        return out


@dataclass(frozen=True)
class PoolRoll:
    """A rolled check. `success` uses the lowest face of all dice (special dice included);
    `bypass_faces` are the faces whose dice go past Armor (1s always, R-NP-5; 2s after a
    Perception success, L951)."""

    label: str
    rating: int
    difficulty: Difficulty
    dice: tuple[PoolDie, ...]
    bypass_faces: frozenset[int] = field(default_factory=lambda: frozenset({1}))

    @property
    def lowest(self) -> int:
        return min(d.face for d in self.dice) if self.dice else 0

    @property
    def success(self) -> bool:
        return bool(self.dice) and self.difficulty.beats(self.lowest)

    @property
    def successful_dice(self) -> int:
        """Dice that beat the difficulty on their own: vetoes of an Acrobatics or Protect turn
        and the number of wrestling effects (R-NP-11, L922, L927, L932)."""
        return sum(1 for d in self.dice if self.difficulty.beats(d.face))

    @property
    def bypassing_dice(self) -> int:
        """Dice whose point of damage may go past Armor (R-NP-5, L611; L951)."""
        return sum(1 for d in self.dice if d.face in self.bypass_faces) if self.success else 0

    @property
    def special_success(self) -> bool:
        """A magic weapon's special die beat the difficulty: +1 damage (R-NP-16, L2279)."""
        return self.success and any(d.special and self.difficulty.beats(d.face) for d in self.dice)

    def faces_text(self) -> str:
        return ", ".join(f"{'magic ' if d.special else ''}d{d.sides} {d.face}" for d in self.dice)

    def explain(self) -> str:
        """`Melee 3: d4 2, d6 5, d8 1 → lowest 1: Tough success` (the damage part is added by
        whoever applies the damage)."""
        verdict = "success" if self.success else "failure"
        regular = sum(1 for d in self.dice if not d.special)
        count = "" if regular == self.rating else f" ({regular} dice)"
        return (
            f"{self.label} {self.rating}{count}: {self.faces_text()} → lowest {self.lowest}: "
            f"{self.difficulty.label.capitalize()} {verdict}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "rating": self.rating,
            "difficulty": self.difficulty.label,
            "dice": [d.to_dict() for d in self.dice],
            "bypass_faces": sorted(self.bypass_faces),
            "lowest": self.lowest,
            "success": self.success,
        }


def roll_pool(
    dice: DiceSource,
    sides: tuple[int, ...],
    difficulty: Difficulty,
    *,
    label: str,
    rating: int | None = None,
    special: tuple[int, ...] = (),
    bypass_faces: frozenset[int] = frozenset({1}),
) -> PoolRoll:
    """Roll the pool's dice in order, smallest first, then any special dice (d12, then d20).
    Every face comes from `dice`, labelled with the check for logs and script errors."""
    rolled = [PoolDie(s, dice.roll(s, f"{label} pool d{s}")) for s in sides]
    rolled += [PoolDie(s, dice.roll(s, f"{label} magic d{s}"), True) for s in special]
    return PoolRoll(
        label=label,
        rating=len(sides) if rating is None else rating,
        difficulty=difficulty,
        dice=tuple(rolled),
        bypass_faces=bypass_faces,
    )


def difficulty_for(needed: int | None) -> Difficulty:
    """The GM's difficulty for a BrikWars number (L367): up to 3 Easy, 4-5 Medium, 6+ Tough."""
    if needed is None or needed <= 3:
        return Difficulty.EASY
    return Difficulty.MEDIUM if needed <= 5 else Difficulty.TOUGH
