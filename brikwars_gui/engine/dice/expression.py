"""Parsing dice expressions: `d6`, `1d6+1`, `2d4`, `1d10+1d4`, `-1d4`, and D6-system codes `3D+1`.

A lowercase `d` is a BrikWars die of any legal size; an uppercase `D` with no size is the
D6 system's die code (`4D+2`: four d6, one of them the Wild Die, plus two pips).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from brikwars_gui.engine.dice.source import VALID_SIDES, DiceError

#: Upper bound on the dice of one expression, so a typo cannot hang the engine or the CLI.
MAX_DICE = 1000


class DiceExpressionError(DiceError, ValueError):
    """The text is not a dice expression this engine understands."""


@dataclass(frozen=True)
class DiceTerm:
    """`count` dice of `sides` faces; `sign` -1 for a penalty die such as `-1d4`."""

    count: int
    sides: int
    sign: int = 1

    def __str__(self) -> str:
        return f"{'-' if self.sign < 0 else ''}{self.count}d{self.sides}"


@dataclass(frozen=True)
class DiceExpression:
    """A sum of dice terms and a flat modifier, as written on a weapon or unit card."""

    terms: tuple[DiceTerm, ...]
    modifier: int = 0
    d6_code: bool = False

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms)

    @property
    def minimum(self) -> int:
        return sum(t.count * (1 if t.sign > 0 else -t.sides) for t in self.terms) + self.modifier

    def __str__(self) -> str:
        if self.d6_code:
            text = f"{self.terms[0].count if self.terms else 0}D"
        else:
            text = ""
            for term in self.terms:
                part = str(term)
                text += part if not text or part.startswith("-") else f"+{part}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text or "0"


MAX_TEXT = 100
"""Dice expressions are short; a longer text is refused before it is parsed."""
MAX_DIGITS = 6
"""No count, die or modifier needs more digits (Python refuses int() of 4300+ digits anyway)."""
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")
_TOKEN = re.compile(r"([+-]?)\s*(?:(\d*)\s*([dD])\s*(\d*)|(\d+))")


@functools.lru_cache(maxsize=1024)
def parse_dice(text: str) -> DiceExpression:
    """Parse `text`, raising `DiceExpressionError` with the reason when it is not valid.
    Memoised (the result is frozen; the AI's odds parse the same few weapon texts constantly)."""
    source = text.strip()
    if not source:
        raise DiceExpressionError("empty dice expression")
    if len(source) > MAX_TEXT:
        raise DiceExpressionError(f"a dice expression of {len(source)} characters (at most {MAX_TEXT})")
    if _LONG_NUMBER.search(source):
        raise DiceExpressionError(f"a number in {source!r} has more than {MAX_DIGITS} digits")
    pos = 0
    terms: list[DiceTerm] = []
    modifier = 0
    d6_code = False
    first = True
    while pos < len(source):
        match = _TOKEN.match(source, pos)
        if not match or match.end() == pos:
            raise DiceExpressionError(f"cannot read {source!r} at position {pos + 1}")
        sign_text, count_text, d, sides_text, number = match.groups()
        if not sign_text and not first:
            raise DiceExpressionError(f"missing '+' or '-' before position {pos + 1} in {source!r}")
        sign = -1 if sign_text == "-" else 1
        if number is not None:
            modifier += sign * int(number)
        elif d == "D" and not sides_text:
            if terms or d6_code or sign < 0:
                raise DiceExpressionError(f"a D6 die code has one 'ND' part: {source!r}")
            count = int(count_text or 1)
            if count < 1:
                raise DiceExpressionError(f"a die code needs at least 1D: {source!r}")
            terms.append(DiceTerm(count, 6))
            d6_code = True
        else:
            if d6_code:
                raise DiceExpressionError(f"cannot mix a D6 die code with other dice: {source!r}")
            count = int(count_text or 1)
            sides = int(sides_text or 0)
            if sides not in VALID_SIDES:
                raise DiceExpressionError(
                    f"d{sides_text or '?'} is not a die; use one of "
                    + ", ".join(f"d{s}" for s in VALID_SIDES)
                )
            if count < 1:
                raise DiceExpressionError(f"dice count must be at least 1 in {source!r}")
            terms.append(DiceTerm(count, sides, sign))
        pos = match.end()
        while pos < len(source) and source[pos].isspace():
            pos += 1
        first = False
    if sum(t.count for t in terms) > MAX_DICE:
        raise DiceExpressionError(f"too many dice in {source!r} (at most {MAX_DICE})")
    return DiceExpression(tuple(terms), modifier, d6_code)


def parse_single_die(text: str) -> int:
    """An Action/Skill or Specialty rating is exactly one die with no modifier (R-DICE-4)."""
    expr = parse_dice(text)
    if expr.d6_code or expr.modifier or len(expr.terms) != 1 or expr.terms[0].count != 1:
        raise DiceExpressionError(
            f"{text!r} is not a single die: an Action rating is one die such as d6 (R-DICE-4)"
        )
    if expr.terms[0].sign < 0:
        raise DiceExpressionError(f"{text!r}: an Action die cannot be negative")
    return expr.terms[0].sides
