"""SuperNatural dice (BrikWars Chapter D): one SN die spent on an Aspect, its same-size SN Bonus
chain (R-SN-17) and the Fumble on a natural 1 (R-SN-18), with exact distributions for the odds.

`sn_roll(sides, dice)` draws the spent die, then — on its highest face — SN Bonus Dice of the same
size until one shows less. A natural 1 on the spent die adds nothing and flags a Fumble (no chain:
a 1 is never the highest face). A 1 on an SN Bonus Die only ends the chain (docs/rules-decisions.md,
"SuperNatural"). The faces come from the one `DiceSource`, so a script replays a cast exactly.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.brikwars import DieRoll
from brikwars_gui.engine.dice.brikwars_odds import chain_at_least
from brikwars_gui.engine.dice.source import DiceSource

ROLE_SN = "sn"  # the SN die spent on an Aspect (R-SN-9)
ROLE_SN_BONUS = "sn_bonus"  # a same-size SN Bonus Die earned on its highest face (R-SN-17)

#: SN dice a player's unit may hold (R-SN-1: the d20 is BrikThulhu's alone).
SN_SIDES = (4, 6, 8, 10, 12)


@dataclass(frozen=True)
class SNRoll:
    """One spent SN die and its Bonus chain. `total` is 0 on a Fumble (R-SN-18)."""

    sides: int
    dice: tuple[DieRoll, ...]

    @property
    def fumble(self) -> bool:
        """A natural 1 on the spent die (R-SN-18). No dice: a die that joins a rated stat (Armor,
        a Blessing) and is rolled whenever that stat is (`joined`)."""
        return bool(self.dice) and self.dice[0].face == 1

    @property
    def total(self) -> int:
        return 0 if self.fumble else sum(d.face for d in self.dice)

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    def explain(self) -> str:
        """`d8: 8 → SN bonus d8: 3 = 11`, or `d6: 1 = Fumble`."""
        if not self.dice:
            return f"d{self.sides} joins the stat, rolled at each use"
        parts = [f"d{self.sides}: {self.dice[0].face}"]
        parts += [f"SN bonus d{d.sides}: {d.face}" for d in self.dice[1:]]
        return " → ".join(parts) + (" = Fumble" if self.fumble else f" = {self.total}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "sides": self.sides,
            "faces": list(self.faces),
            "total": self.total,
            "fumble": self.fumble,
            "text": self.explain(),
        }


def joined(sides: int) -> SNRoll:
    """An SN die spent on a rated stat (Armor, Blessing, Curse): not rolled now — it joins the stat
    and rolls with it at each use (docs/rules-decisions.md, "SuperNatural")."""
    return SNRoll(sides, ())


def sn_roll(sides: int, dice: DiceSource, *, purpose: str = "") -> SNRoll:
    """Roll one SN die of `sides` with its same-size Bonus chain (R-SN-17/18)."""
    if sides not in SN_SIDES:
        raise ValueError(f"d{sides} is not an SN die of a player's unit (d4..d12, R-SN-1)")
    face = dice.roll(sides, purpose or "sn")
    out = [DieRoll(sides, face, ROLE_SN)]
    while face == sides:
        face = dice.roll(sides, f"{purpose} SN bonus" if purpose else "sn bonus")
        out.append(DieRoll(sides, face, ROLE_SN_BONUS))
    return SNRoll(sides, tuple(out))


@functools.lru_cache(maxsize=64)
def sn_distribution(sides: int, *, eps: float = 1e-15) -> tuple[tuple[int, float], ...]:
    """Exact distribution of `sn_roll(sides).total` (value, probability), increasing: 0 (the
    Fumble, 1/sides), faces 2..sides-1, then the Bonus chain (sides + 1 .. 2·sides − 1, ...), the
    tail below `eps` left out. E.g. a d4: 0, 2, 3 at 1/4 each, 5, 6, 7 at 1/16 each, ..."""
    out = [(0, 1 / sides)] + [(face, 1 / sides) for face in range(2, sides)]
    weight, base = 1 / sides, sides
    while weight > eps:
        out.extend((base + face, weight / sides) for face in range(1, sides))
        weight /= sides
        base += sides
    return tuple(out)


def sn_at_least(sides: int, target: int) -> float:
    """P(an SN die of `sides` totals ≥ `target`), a Fumble counting 0 (exact: the chain is summed)."""
    if target <= 0:
        return 1.0
    if target == 1:
        return (sides - 1) / sides  # everything but the Fumble
    return chain_at_least(sides, target)  # faces 2+ and chains are those of an exploding die


def sn_mean(sides: int) -> float:
    """Expected total of one SN die (a Fumble counting 0)."""
    return sum(v * p for v, p in sn_distribution(sides))
