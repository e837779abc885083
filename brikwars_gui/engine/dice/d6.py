"""The D6 system's Wild Die rolls (R-D6-1..10, A-11): die codes such as `3D+1`.

Dice are asked for in this order: the regular dice, then the Wild Die and its re-rolls, then each
Character Point Wild Die with its re-rolls. `D6Character` keeps a character's Character and Fate
Point pools and their spending limits (R-D6-6..10).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from brikwars_gui.engine.dice.brikwars import DieRoll
from brikwars_gui.engine.dice.expression import DiceExpression, DiceExpressionError, parse_dice
from brikwars_gui.engine.dice.source import DiceError, DiceSource

ROLE_REGULAR = "regular"
ROLE_WILD = "wild"  # the one Wild Die's first toss (R-D6-2)
ROLE_WILD_REROLL = "wild reroll"  # re-rolls after a 6 (R-D6-3); a 1 here just adds (R-D6-5)
ROLE_CP_WILD = "cp wild"  # a Character Point Wild Die (R-D6-7)
ROLE_CP_REROLL = "cp reroll"

COMPLICATION = "complication"
CANCEL_HIGHEST = "cancel_highest"
CRITICAL_FAILURE_OPTIONS = (COMPLICATION, CANCEL_HIGHEST)


class D6RollError(DiceError, ValueError):
    """A D6-system roll that the rules do not allow (e.g. CP and FP together, R-D6-6)."""


#: a die code ("4D", "3D+1") followed by an equipment bonus ("+1D", "+1D+2", "+2") — R-D6-1, EX-15
_CODE_THEN_BONUS = re.compile(r"^\s*(\d*\s*D(?:\s*[+-]\s*\d+(?!\s*D))?)\s*([+].*)?$")


def parse_code(code: str | DiceExpression, *, what: str = "die code") -> DiceExpression:
    """A D6 die code (`4D+2`). Lowercase `Nd6+P` is accepted as the same code."""
    parsed = parse_dice(code) if isinstance(code, str) else code
    if parsed.d6_code:
        return parsed
    if len(parsed.terms) == 1 and parsed.terms[0].sides == 6 and parsed.terms[0].sign > 0:
        return DiceExpression(parsed.terms, parsed.modifier, True)
    raise DiceExpressionError(f"{parsed} is not a D6-system {what}; write it like 3D+1 (R-D6-1)")


def split_equipment(text: str) -> tuple[str, str | None]:
    """`"4D+1D"` → `("4D", "+1D")`; `"3D+1 +1D+2"` → `("3D+1", "+1D+2")`: the character's code
    and the equipment bonus after it (R-D6-1, EX-15), None when there is none."""
    match = _CODE_THEN_BONUS.match(text)
    if match is None or not (match.group(2) or "").strip():
        return text, None
    return match.group(1).strip(), match.group(2).strip()


def equipment_bonus(equipment: str | DiceExpression | None) -> tuple[int, int]:
    """Extra dice and pips of an equipment bonus (`+1D`, `+2`, `1D+1`; R-D6-1, EX-15)."""
    return _parse_equipment(equipment)


def _parse_equipment(equipment: str | DiceExpression | None) -> tuple[int, int]:
    """Extra dice and pips from equipment/advantages (`+1D`, `+2`, `1D+1`)."""
    if equipment is None:
        return 0, 0
    parsed = parse_dice(equipment) if isinstance(equipment, str) else equipment
    if not parsed.terms:
        return 0, parsed.modifier
    code = parse_code(parsed, what="equipment bonus")
    return code.terms[0].count, code.modifier


@dataclass(frozen=True)
class D6Roll:
    """A rolled die code. Group 0 = regular dice (one group each from 0), the Wild Die's group
    holds its re-rolls, each CP Wild Die has its own group. Cancelled dice have `kept=False`."""

    code: str
    dice: tuple[DieRoll, ...]
    pips: int = 0
    critical_failure_option: str = COMPLICATION
    character_points: int = 0
    fate_point: bool = False
    purpose: str = ""

    kind = "d6"

    @property
    def wild_die(self) -> DieRoll:
        return next(d for d in self.dice if d.role == ROLE_WILD)

    @property
    def total(self) -> int:
        return sum(d.value for d in self.dice) + self.pips

    @property
    def critical_failure(self) -> bool:
        """The Wild Die's first toss is a 1 (R-D6-4)."""
        return self.wild_die.face == 1

    @property
    def complication(self) -> bool:
        """GM option 2: the normal total stands but a complication occurs (R-D6-4)."""
        return self.critical_failure and self.critical_failure_option == COMPLICATION

    @property
    def cancelled(self) -> tuple[DieRoll, ...]:
        return tuple(d for d in self.dice if not d.kept)

    @property
    def critical_successes(self) -> int:
        """Sixes on Wild Dice (own and CP) that earned a re-roll (R-D6-3, R-D6-7)."""
        return sum(
            1
            for d in self.dice
            if d.role in (ROLE_WILD, ROLE_WILD_REROLL, ROLE_CP_WILD, ROLE_CP_REROLL) and d.face == 6
        )

    def explain(self) -> str:
        parts: list[str] = []
        groups: dict[int, list[DieRoll]] = {}
        for die in self.dice:
            groups.setdefault(die.group, []).append(die)
        for chain in groups.values():
            text = ""
            for die in chain:
                label = f"{'d6' if die.role == ROLE_REGULAR else die.role}: {die.face}"
                if not die.kept:
                    label = f"[{label} cancelled]"
                text = f"{text} → {label}" if text else label
            parts.append(text)
        text = f"{self.code}: " + " + ".join(parts)
        if self.pips:
            text += f" {self.pips:+d}"
        text += f" = {self.total}"
        if self.critical_failure:
            text += " (CRITICAL FAILURE: " + (
                "complication)" if self.complication else "Wild Die and highest die cancelled)"
            )
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "system": "d6",
            "code": self.code,
            "purpose": self.purpose,
            "pips": self.pips,
            "character_points": self.character_points,
            "fate_point": self.fate_point,
            "critical_failure_option": self.critical_failure_option,
            "dice": [d.to_dict() for d in self.dice],
            "total": self.total,
            "critical_failure": self.critical_failure,
            "complication": self.complication,
            "critical_successes": self.critical_successes,
            "text": self.explain(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> D6Roll:
        return cls(
            str(data["code"]),
            tuple(DieRoll.from_dict(d) for d in data["dice"]),
            int(data.get("pips", 0)),
            str(data.get("critical_failure_option", COMPLICATION)),
            int(data.get("character_points", 0)),
            bool(data.get("fate_point", False)),
            str(data.get("purpose", "")),
        )


def _wild_chain(
    dice: DiceSource, first_role: str, reroll_role: str, group: int, purpose: str
) -> list[DieRoll]:
    """A Wild Die: add and re-roll on every 6; the first non-6 ends it (R-D6-3, R-D6-5)."""
    chain = [DieRoll(6, dice.roll(6, purpose), first_role, group=group)]
    while chain[-1].face == 6:
        chain.append(DieRoll(6, dice.roll(6, f"{purpose} reroll".strip()), reroll_role, group=group))
    return chain


def roll_code(
    code: str | DiceExpression,
    dice: DiceSource,
    *,
    character_points: int = 0,
    fate_point: bool = False,
    critical_failure_option: str = COMPLICATION,
    equipment: str | DiceExpression | None = None,
    allow_cp_and_fp: bool = False,
    max_character_points: int | None = None,
    purpose: str = "",
) -> D6Roll:
    """Roll a D6-system die code such as `3D+1` (R-D6-1): N dice, one of them the Wild Die.

    * `fate_point` doubles the character's dice and pips, not `equipment` (R-D6-8; EX-15).
    * `character_points` adds that many CP Wild Dice: they explode on 6, their 1 is just 1 (R-D6-7).
    * CP and FP together raise D6RollError unless `allow_cp_and_fp` (R-D6-6); `max_character_points`
      is the GM's cap (R-D6-7).
    * Wild Die 1 on its first toss = Critical Failure (R-D6-4): `critical_failure_option="complication"`
      keeps the normal total and sets `complication`; `"cancel_highest"` removes the Wild Die and the
      highest other die (a CP die counts with its re-rolls) and sums the rest + pips (A-11).
    """
    parsed = parse_code(code)
    if critical_failure_option not in CRITICAL_FAILURE_OPTIONS:
        raise D6RollError(
            f"critical_failure_option must be one of {', '.join(CRITICAL_FAILURE_OPTIONS)}, "
            f"not {critical_failure_option!r}"
        )
    if character_points < 0:
        raise D6RollError("character_points cannot be negative")
    if max_character_points is not None and character_points > max_character_points:
        raise D6RollError(f"at most {max_character_points} Character Points on this roll (R-D6-7)")
    if character_points and fate_point and not allow_cp_and_fp:
        raise D6RollError("Character Points and a Fate Point cannot be spent on the same roll (R-D6-6)")
    count, pips = parsed.terms[0].count, parsed.modifier
    if fate_point:
        count, pips = count * 2, pips * 2
    extra_dice, extra_pips = _parse_equipment(equipment)
    count += extra_dice
    pips += extra_pips
    label = purpose or "d6 roll"

    rolled: list[DieRoll] = []
    for i in range(count - 1):
        rolled.append(DieRoll(6, dice.roll(6, label), ROLE_REGULAR, group=i))
    wild_group = count - 1
    rolled.extend(_wild_chain(dice, ROLE_WILD, ROLE_WILD_REROLL, wild_group, f"{label} wild"))
    for k in range(character_points):
        rolled.extend(_wild_chain(dice, ROLE_CP_WILD, ROLE_CP_REROLL, count + k, f"{label} CP wild"))

    if rolled[count - 1].face == 1 and critical_failure_option == CANCEL_HIGHEST:
        rolled = _cancel_highest(rolled, wild_group)

    shown = f"{parsed.terms[0].count}D" + (f"{parsed.modifier:+d}" if parsed.modifier else "")
    if fate_point:
        shown += " ×2 (Fate Point)"
    if equipment is not None:
        shown += f" +{extra_dice}D" if extra_dice else ""
        shown += f" {extra_pips:+d}" if extra_pips else ""
    if character_points:
        shown += f" +{character_points} CP"
    return D6Roll(shown, tuple(rolled), pips, critical_failure_option, character_points, fate_point, purpose)


def add_character_points(roll: D6Roll, dice: DiceSource, count: int, *, purpose: str = "") -> D6Roll:
    """R-D6-7: `count` Character Point Wild Dice spent after the roll, before it is judged. They
    come after any A-11 cancellation of the roll itself (that judged the Wild Die already)."""
    if count <= 0:
        return roll
    rolled = list(roll.dice)
    first = max(d.group for d in rolled) + 1
    label = f"{purpose or roll.purpose or 'd6 roll'} CP wild"
    for k in range(count):
        rolled.extend(_wild_chain(dice, ROLE_CP_WILD, ROLE_CP_REROLL, first + k, label))
    code = f"{roll.code} +{roll.character_points + count} CP" if not roll.character_points else roll.code
    return D6Roll(
        code,
        tuple(rolled),
        roll.pips,
        roll.critical_failure_option,
        roll.character_points + count,
        roll.fate_point,
        roll.purpose,
    )


def _cancel_highest(rolled: Sequence[DieRoll], wild_group: int) -> list[DieRoll]:
    """A-11: drop the Wild Die and the highest other die (first such die on ties)."""
    sums: dict[int, int] = {}
    for die in rolled:
        if die.group != wild_group:
            sums[die.group] = sums.get(die.group, 0) + die.face
    drop = {wild_group}
    if sums:
        best = max(sums, key=lambda g: (sums[g], -g))
        drop.add(best)
    return [
        DieRoll(d.sides, d.face, d.role, d.modifier, d.group not in drop, d.sign, d.group) for d in rolled
    ]


@dataclass
class D6Character:
    """A character's Character Point and Fate Point pools (R-D6-6..10), for one session.

    * `roll(code, dice, round=..., fate_point=..., character_points=...)` spends the points (never
      beyond what is held, R-D6-6) and rolls; a Fate Point is declared before rolling (R-D6-8).
    * R-D6-9: at most 1 Fate Point per roll — each roll of a round (`label`) may have its own — and
      once per session `declare_climax(round)` spends one Fate Point to double all the character's
      rolls that round (`allow_more=True`: the GM allows another climax).
    * R-D6-10: spent points are gone; `end_session()` gives back the Fate Points spent for the
      moral code and lets the GM take one more for each spent against it; `award_fate_point` /
      `take_fate_point` for keeping / violating the code. The optional GM limits for 6D+/9D+
      characters are not enforced (docs/rules-decisions.md).
    """

    name: str = ""
    character_points: int = 0
    fate_points: int = 0
    climax_round: int | None = None
    climaxes: int = 0
    fp_rolls: set[tuple[int, str]] = field(default_factory=set)  # (round, roll label) with an FP
    spent_for_code: int = 0
    spent_against_code: int = 0

    def doubled(self, round_no: int) -> bool:
        """Every roll of the climactic round is doubled (R-D6-9)."""
        return self.climax_round == round_no

    def _take_fp(self, moral_code: bool | None) -> None:
        if self.fate_points < 1:
            raise D6RollError(f"{self.name or 'the character'} has no Fate Point left (R-D6-6)")
        self.fate_points -= 1
        if moral_code is True:
            self.spent_for_code += 1
        elif moral_code is False:
            self.spent_against_code += 1

    def declare_climax(
        self, round_no: int, *, moral_code: bool | None = None, allow_more: bool = False
    ) -> None:
        """R-D6-9: once per session, one Fate Point doubles all the character's rolls this round."""
        if self.climaxes and not allow_more:
            raise D6RollError("the climactic Fate Point is spent once per session (R-D6-9)")
        if self.doubled(round_no):
            raise D6RollError(f"round {round_no} is already climactic (R-D6-9)")
        self._take_fp(moral_code)
        self.climaxes += 1
        self.climax_round = round_no

    def roll(
        self,
        code: str | DiceExpression,
        dice: DiceSource,
        *,
        round_no: int,
        label: str = "",
        fate_point: bool = False,
        character_points: int = 0,
        moral_code: bool | None = None,
        **options: Any,
    ) -> D6Roll:
        """Spend and roll (the pools change only when the roll is allowed). Options go to `roll_code`."""
        climax = self.doubled(round_no)
        if character_points < 0:
            raise D6RollError("character_points cannot be negative")
        if character_points > self.character_points:
            raise D6RollError(
                f"{character_points} Character Points asked, {self.character_points} held (R-D6-6)"
            )
        key = (round_no, label)
        if fate_point and not climax:
            if key in self.fp_rolls:
                raise D6RollError(f"a Fate Point was already spent on {label or 'this roll'} (R-D6-9)")
            if self.fate_points < 1:
                raise D6RollError(f"{self.name or 'the character'} has no Fate Point left (R-D6-6)")
        result = roll_code(
            code,
            dice,
            character_points=character_points,
            fate_point=fate_point or climax,
            purpose=label,
            **options,
        )
        if fate_point and not climax:  # in a climactic round the doubling is already paid for
            self._take_fp(moral_code)
            self.fp_rolls.add(key)
        self.character_points -= character_points  # R-D6-7: spent CP are lost
        return result

    def award_fate_point(self, n: int = 1) -> None:
        """R-D6-10: Fate Points gained by keeping the moral code (or by play)."""
        self.fate_points += n

    def take_fate_point(self, n: int = 1) -> None:
        """R-D6-10: Fate Points lost by violating the moral code (never below 0)."""
        self.fate_points = max(0, self.fate_points - n)

    def end_session(self, *, gm_takes_extra: bool = True) -> int:
        """R-D6-10 at the game's end: Fate Points spent for the moral code come back; for each one
        spent against it the GM may take one more. Resets the per-session limits; returns the net
        change of the Fate Point pool."""
        before = self.fate_points
        self.fate_points += self.spent_for_code
        if gm_takes_extra:
            self.take_fate_point(self.spent_against_code)
        self.spent_for_code = self.spent_against_code = 0
        self.climaxes = 0
        self.climax_round = None
        self.fp_rolls.clear()
        return self.fate_points - before
