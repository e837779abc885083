"""The documented default conversion from BrikWars stats and numbers to the D6 System.

Used wherever a unit has no D6 stat block (or leaves a field out), so any scenario plays under
the D6 ruleset; the table is in docs/rulesets.md, the readings in docs/rules-decisions.md.

* Skill die → die code: d4 2D, d6 3D, d8 3D+2, d10 4D+1, d12 5D, d20 7D (a minifig's d6 rolls
  about as often as a BrikWars d6 against the converted difficulties below).
* A BrikWars needed number N (Use + penalties, R-ACT-5) → difficulty 4 + 2·N (Use 3 → 10, the
  D6 System's "Easy" band; every BrikWars point is 2 D6 points).
* Damage and Armor: the expression's mean (exploding dice included) × 7/4 → the nearest code
  (1d6+1 → 2D+2, Armor 4 → 2D, 2d6 → 4D+1), so a minifig's armor and a rifle keep their ratio.
"""

from __future__ import annotations

from functools import lru_cache

from brikwars_gui.engine.dice.brikwars_odds import expected_total
from brikwars_gui.engine.dice.expression import DiceExpression, parse_dice

SKILL_CODES = {4: "2D", 6: "3D", 8: "3D+2", 10: "4D+1", 12: "5D", 20: "7D"}
#: D6 points per BrikWars point of Damage or Armor.
DAMAGE_SCALE = 7 / 4
#: R-D6-7 / R-D6-8 default pools: every unit 2 Character Points; a Hero 5 and 1 Fate Point.
DEFAULT_CP, HERO_CP, HERO_FP = 2, 5, 1


def skill_code(sides: int) -> str:
    """The die code of a BrikWars Skill/Action die."""
    return SKILL_CODES.get(sides, f"{max(1, round(sides / 2))}D")


def ignition_value(face: int) -> int:
    """A D6 die's face read as a d4 Fire die (R-FIRE-3): ceil(2f/3), so half of the faces (4, 5,
    6) ignite like a d4's 3 or 4 (docs/rules-decisions.md "Ignition under D6")."""
    return -(-2 * face // 3)


def difficulty(needed: int) -> int:
    """The D6 difficulty number of a BrikWars needed number (Use + penalties)."""
    return 4 + 2 * needed


def code_for_mean(mean: float) -> str:
    """The die code whose mean (3.5 a die, pips added) is nearest `mean`; at least 1D."""
    pips_total = round(mean / 3.5 * 3)  # in thirds of a die: 1D = 3, +1 pip ≈ a third
    dice, pips = divmod(max(3, pips_total), 3)
    return f"{dice}D" + (f"+{pips}" if pips else "")


@lru_cache(maxsize=1024)
def _converted(text: str) -> str:
    expr = parse_dice(text)
    if expr.d6_code:
        return text
    return code_for_mean(expected_total(expr) * DAMAGE_SCALE)


def damage_code(expr: str | DiceExpression) -> str:
    """The D6 code of a BrikWars Damage or Armor expression (a D6 code stays as it is)."""
    return _converted(str(expr))


def pip_modifier(per_die_modifier: int, expr: str | DiceExpression) -> int:
    """A BrikWars per-die modifier (−1 per die per inch out of Range, R-ACT-6) as D6 pips."""
    count = (parse_dice(expr) if isinstance(expr, str) else expr).dice_count
    return round(per_die_modifier * max(1, count) * DAMAGE_SCALE)
