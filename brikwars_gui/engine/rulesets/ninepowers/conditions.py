"""What a Nine Powers combatant carries between turns: vetoes, Perception marks, wrestling
effects and the Wrestle talent's armor skip (R-NP-11, L922-938, L951, L1108, L1118).

The five wrestling effects were lost from the export (L932); the five chosen here follow the
sentence that describes them (L934: grab, hinder or control movement, dominant position, tire
them out, use the opponent as a shield) and are written up in docs/rules-decisions.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class WrestlingEffect(Enum):
    """The five wrestling effects (reading of L932-934); each lasts 1/2/3 rounds by difficulty
    (L936)."""

    GRAB = ("grab", "held: cannot move away from the wrestler")
    HINDER = ("hinder", "hindered: movement halved")  # EX-NP-3 "reducing Boxley's movement rate"
    DOMINATE = ("dominate", "dominated: the wrestler gets +1 die against it")
    TIRE = ("tire", "tired: -1 die on every check")
    SHIELD = ("shield", "used as a shield: the wrestler gains a veto")

    def __init__(self, key: str, text: str) -> None:
        self.key = key
        self.text = text

    @classmethod
    def parse(cls, key: str | WrestlingEffect) -> WrestlingEffect:
        if isinstance(key, WrestlingEffect):
            return key
        for member in cls:
            if member.key == key.strip().lower():
                return member
        raise ValueError(f"unknown wrestling effect {key!r}: use {', '.join(m.key for m in cls)}")


@dataclass(frozen=True)
class Condition:
    """A wrestling effect on its victim, put there by `source`, lasting through `last_round`."""

    effect: WrestlingEffect
    source: str
    last_round: int

    def to_dict(self) -> dict[str, Any]:
        return {"effect": self.effect.key, "source": self.source, "last_round": self.last_round}


@dataclass
class VetoPool:
    """Vetoes from Acrobatics (self only) or Protect (self or an ally in reach) turns. `fresh`
    ones last until the owner's next turn; at that turn up to the talent's rating of them stay
    one turn more as `kept` (L922, L927, L1108)."""

    fresh: int = 0
    kept: int = 0

    @property
    def count(self) -> int:
        return self.fresh + self.kept

    def owner_turn_starts(self, talent: int) -> None:
        self.kept = min(self.fresh, talent)
        self.fresh = 0

    def use(self) -> None:
        """Spend one veto, the one that would expire first."""
        if self.kept:
            self.kept -= 1
        elif self.fresh:
            self.fresh -= 1
        else:
            raise ValueError("no veto left to use")


@dataclass
class CombatState:
    """Per-combatant contest bookkeeping beside `Vitals`."""

    dodge: VetoPool = field(default_factory=VetoPool)  # Acrobatics vetoes: self only
    guard: VetoPool = field(default_factory=VetoPool)  # Protect vetoes: self or ally in reach
    marks: dict[str, int] = field(default_factory=dict)  # Perception: target -> last round
    conditions: list[Condition] = field(default_factory=list)
    ignore_armor: int = 0  # Wrestle talent after a successful Wrestle turn (L1118)
    dealt_this_round: int = 0  # damage dealt, for the next round's order (L802)
    dealt_last_round: int = 0
    moved_this_turn: bool = False

    def start_of_round(self, round_no: int) -> None:
        """Forget conditions and marks that ran out, roll the damage tally over."""
        self.conditions = [c for c in self.conditions if c.last_round >= round_no]
        self.marks = {t: last for t, last in self.marks.items() if last >= round_no}
        self.dealt_last_round, self.dealt_this_round = self.dealt_this_round, 0

    def has(self, effect: WrestlingEffect, source: str | None = None) -> bool:
        return any(c.effect is effect and (source is None or c.source == source) for c in self.conditions)

    def bypass_faces(self, target: str, round_no: int) -> frozenset[int]:
        """1s always pass Armor; 2s too against a target this combatant has marked (L951)."""
        return frozenset({1, 2}) if self.marks.get(target, 0) >= round_no else frozenset({1})

    def to_dict(self) -> dict[str, Any]:
        return {
            "vetoes": {
                "dodge": [self.dodge.fresh, self.dodge.kept],
                "guard": [self.guard.fresh, self.guard.kept],
            },
            "marks": dict(self.marks),
            "conditions": [c.to_dict() for c in self.conditions],
            "ignore_armor": self.ignore_armor,
        }


def wrestling_modifier(actor: str, actor_state: CombatState, target: str, target_state: CombatState) -> int:
    """Net dice from wrestling effects for `actor` acting against `target` (capped at +-1 by
    `pools.clamp_modifiers`, R-NP-3, L938): +1 if the actor dominates the target, -1 if the actor
    is tired or dominated by the target."""
    mod = 0
    if target_state.has(WrestlingEffect.DOMINATE, actor):
        mod += 1
    if actor_state.has(WrestlingEffect.TIRE):
        mod -= 1
    if actor_state.has(WrestlingEffect.DOMINATE, target):
        mod -= 1
    return mod
