"""What Nine Powers rolls look like to the shared rules and in the dice log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.brikwars import ROLE_BONUS, RollResult
from brikwars_gui.engine.rulesets.ninepowers.pools import PoolRoll


@dataclass(frozen=True)
class NinePowersCheck:
    """A check the shared rules asked for (Shove, task, swim, trap, initiative...). `total` is the
    degree of success (3 = lowest 1 ... 0 = above 3, L453), so higher is better as everywhere."""

    roll: PoolRoll
    needed: int | None
    judged: bool = True

    overskill = False  # BrikWars' Overskill has no Nine Powers counterpart
    critical_failure = False  # nor has a Critical Failure (L385: no arithmetic, no fumbles)

    @property
    def total(self) -> int:
        lowest = self.roll.lowest
        return 4 - lowest if 1 <= lowest <= 3 else 0

    @property
    def success(self) -> bool | None:
        return self.roll.success if self.judged else None

    def explain(self) -> str:
        return self.roll.explain() if self.judged else self.roll.explain().rsplit(":", 1)[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "ninepowers_check",
            **self.roll.to_dict(),
            "needed": self.needed,
            "total": self.total,
            "text": self.explain(),
        }


@dataclass(frozen=True)
class NinePowersDamage:
    """Hazard/trap/explosion Damage: the BrikWars dice are rolled (fire and blasts stay shared)
    and each of them that is not a Bonus Die is one point of Nine Powers damage."""

    roll: RollResult

    @property
    def total(self) -> int:
        return sum(1 for d in self.roll.dice if d.role != ROLE_BONUS and d.sign > 0)

    @property
    def dice(self) -> tuple[Any, ...]:
        return self.roll.dice

    def explain(self) -> str:
        points = self.total
        return f"{self.roll.explain()} → {points} point{'s' if points != 1 else ''} (one a die)"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "ninepowers_damage", "roll": self.roll.to_dict(), "total": self.total}
