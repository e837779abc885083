"""BrikWars roll semantics: exploding Bonus Dice, Skill Rolls, Overskill, Blessings and Curses.

Every function takes its faces from a `DiceSource`, so a `ScriptedDice` replays a roll exactly.
Dice are asked for in a fixed order (documented in docs/rules-decisions.md, "Dice"):

* an expression rolls its terms left to right; each die is followed at once by its own Bonus chain;
* a Skill Roll rolls the unit's own die, then the active Blessing/Curse dice in the order given,
  then the Bonus chain of the kept die (if any).

Results are frozen dataclasses with `total`, `dice` (one `DieRoll` per physical toss), flags,
`explain()` and `to_dict()`; `from_dict()` reads a `to_dict()` back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from brikwars_gui.engine.dice.expression import DiceExpression, DiceExpressionError, DiceTerm, parse_dice
from brikwars_gui.engine.dice.source import VALID_SIDES, DiceError, DiceSource

if TYPE_CHECKING:  # the units whose Blessings roll: read, never imported at run time
    from brikwars_gui.engine.state import UnitState, WeaponState

#: Size of a regular Bonus Die (R-DICE-2, G-20).
REGULAR_BONUS_SIDES = 6
#: A Skill die earns Overskill on this natural face or more (R-DICE-5/6), only if the die can show it.
OVERSKILL_FACE = 6

ROLE_BASE = "base"  # a die of a Damage/Hazard/Armor expression
ROLE_PENALTY = "penalty"  # a subtracted die of an expression (`-1d4`)
ROLE_SKILL = "skill"  # the unit's own Action/Skill die
ROLE_BONUS = "bonus"  # a Bonus Die earned by a Critical Success (R-DICE-1)
ROLE_OVERSKILL = "overskill"  # a die bought with an Overskill Benny (R-DICE-8)
ROLE_BLESSING = "blessing"  # an SN die Blessing the Skill die (R-DICE-10)
ROLE_CURSE = "curse"  # an SN die Cursing the Skill die (R-DICE-10)


class BlessingError(DiceError, ValueError):
    """A Blessing/Curse die smaller than the die it is attached to (R-DICE-10, EX-9)."""


class OverskillError(DiceError, ValueError):
    """No Overskill Benny to spend, or it was already spent (R-DICE-7/8)."""


def _sign_text(value: int) -> str:
    return f"{value:+d}"


# --------------------------------------------------------------------------------------------
# Die rolls
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DieRoll:
    """One physical toss: `face` is the natural result, `modifier` the per-die modifier applied.

    `sign` is -1 for subtracted dice; `kept` is False for a die dropped by a Blessing/Curse;
    `group` numbers the chain (a die and the Bonus Dice it earned share a group).
    """

    sides: int
    face: int
    role: str
    modifier: int = 0
    kept: bool = True
    sign: int = 1
    group: int = 0

    @property
    def value(self) -> int:
        """What this die adds to the total (0 if dropped)."""
        return self.sign * (self.face + self.modifier) if self.kept else 0

    @property
    def is_max(self) -> bool:
        return self.face == self.sides

    def label(self) -> str:
        name = f"d{self.sides}" if self.role in (ROLE_BASE, ROLE_PENALTY) else f"{self.role} d{self.sides}"
        text = f"{name}: {self.face}"
        if self.modifier:
            text += f" ({_sign_text(self.modifier)})"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "sides": self.sides,
            "face": self.face,
            "role": self.role,
            "modifier": self.modifier,
            "kept": self.kept,
            "sign": self.sign,
            "group": self.group,
            "value": self.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DieRoll:
        return cls(
            int(data["sides"]),
            int(data["face"]),
            str(data["role"]),
            int(data.get("modifier", 0)),
            bool(data.get("kept", True)),
            int(data.get("sign", 1)),
            int(data.get("group", 0)),
        )


def _chain_text(dice: Sequence[DieRoll]) -> str:
    """`d6: 6 → bonus d6: 2`; dropped (Blessing/Curse) alternatives in brackets, comma-separated."""
    text = ""
    for die in dice:
        part = die.label() if die.kept else f"[{die.label()} dropped]"
        if text:
            text += " → " if die.role == ROLE_BONUS else ", "
        text += part
    return text


def _groups(dice: Sequence[DieRoll]) -> list[list[DieRoll]]:
    groups: dict[int, list[DieRoll]] = {}
    for die in dice:
        groups.setdefault(die.group, []).append(die)
    return list(groups.values())


def _dice_text(dice: Sequence[DieRoll], flat: int = 0) -> str:
    text = ""
    for chain in _groups(dice):
        negative = chain[0].sign < 0
        part = _chain_text(chain)
        if not text:
            text = f"−{part}" if negative else part
        else:
            text += f" − {part}" if negative else f" + {part}"
    if flat:
        text = f"{text} {_sign_text(flat)}" if text else str(flat)
    return text or "0"


def _explode(
    dice: DiceSource,
    first: DieRoll,
    bonus_sides: int,
    purpose: str,
) -> list[DieRoll]:
    """`first` and the Bonus chain it earns: each die on its highest face earns another (R-DICE-1)."""
    chain = [first]
    current = first
    while current.face == current.sides:
        label = f"{purpose} bonus" if purpose else "bonus"
        face = dice.roll(bonus_sides, label)
        current = DieRoll(bonus_sides, face, ROLE_BONUS, 0, True, first.sign, first.group)
        chain.append(current)
    return chain


def bonus_sides(sides: int, *, supernatural: bool) -> int:
    """Size of the Bonus Dice a die of `sides` earns (G-20; R-SN-17 for SN dice)."""
    return sides if supernatural else REGULAR_BONUS_SIDES


def _count_criticals(dice: Sequence[DieRoll]) -> int:
    """Critical Successes = dice that earned a Bonus Die (face on highest, and followed by a bonus)."""
    count = 0
    for i, die in enumerate(dice):
        if not die.kept or not die.is_max:
            continue
        nxt = dice[i + 1] if i + 1 < len(dice) else None
        if nxt is not None and nxt.role == ROLE_BONUS and nxt.group == die.group:
            count += 1
    return count


# --------------------------------------------------------------------------------------------
# Expressions (Damage / Hazard / Armor)
# --------------------------------------------------------------------------------------------


def as_expression(expr: str | DiceExpression) -> DiceExpression:
    parsed = parse_dice(expr) if isinstance(expr, str) else expr
    if parsed.d6_code:
        raise DiceExpressionError(
            f"{parsed} is a D6-system die code; roll it with d6system.roll_code (or `--system d6`)"
        )
    return parsed


@dataclass(frozen=True)
class RollResult:
    """A rolled Damage/Hazard/Armor expression. `modifier` is the flat `+N` of the expression."""

    expression: str
    dice: tuple[DieRoll, ...]
    modifier: int = 0
    per_die_modifier: int = 0
    purpose: str = ""

    kind = "expression"

    @property
    def total(self) -> int:
        return sum(d.value for d in self.dice) + self.modifier

    @property
    def critical_successes(self) -> int:
        return _count_criticals(self.dice)

    @property
    def bonus_dice(self) -> int:
        return sum(1 for d in self.dice if d.role == ROLE_BONUS)

    # Damage rolls have neither Critical Failure (R-DICE-3: only the unit's own Action die) nor Overskill.
    critical_failure = False
    overskill = False

    def explain(self) -> str:
        return f"{_dice_text(self.dice, self.modifier)} = {self.total}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "system": "brikwars",
            "expression": self.expression,
            "purpose": self.purpose,
            "modifier": self.modifier,
            "per_die_modifier": self.per_die_modifier,
            "dice": [d.to_dict() for d in self.dice],
            "total": self.total,
            "critical_successes": self.critical_successes,
            "critical_failure": False,
            "overskill": False,
            "text": self.explain(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RollResult:
        return cls(
            str(data["expression"]),
            tuple(DieRoll.from_dict(d) for d in data["dice"]),
            int(data.get("modifier", 0)),
            int(data.get("per_die_modifier", 0)),
            str(data.get("purpose", "")),
        )


def _roll_terms(
    terms: Iterable[tuple[DiceTerm, str]],
    dice: DiceSource,
    *,
    per_die_modifier: int,
    purpose: str,
    supernatural: bool,
    first_group: int = 0,
) -> list[DieRoll]:
    out: list[DieRoll] = []
    group = first_group
    for term, role in terms:
        for _ in range(term.count):
            sign = -1 if term.sign < 0 else 1
            if sign < 0:
                role_here, modifier = ROLE_PENALTY, 0  # per-die modifiers hit the attack's own dice only
            else:
                role_here, modifier = role, per_die_modifier
            face = dice.roll(term.sides, purpose)
            first = DieRoll(term.sides, face, role_here, modifier, True, sign, group)
            if role_here == ROLE_OVERSKILL:
                bonus = REGULAR_BONUS_SIDES  # R-DICE-9
            else:
                bonus = bonus_sides(term.sides, supernatural=supernatural)
            out.extend(_explode(dice, first, bonus, purpose))
            group += 1
    return out


def roll_expression(
    expr: str | DiceExpression,
    dice: DiceSource,
    *,
    per_die_modifier: int = 0,
    purpose: str = "",
    supernatural: bool = False,
) -> RollResult:
    """Roll a BrikWars expression such as `1d6+1`, `2d4`, `1d10+1d4`, `1d6-1d4`.

    Every die explodes on its highest face into a Bonus chain (R-DICE-1). Bonus Dice are d6
    (R-DICE-2, G-20) — or, with `supernatural=True`, the same size as the die (R-SN-17).
    `per_die_modifier` (R-ACT-6, e.g. -5 when 5" Out of Range) is added to each added die of the
    expression, not to Bonus Dice nor to subtracted dice. Subtracted dice explode too and their
    Bonus Dice subtract as well. The total is not clamped (EX-2: 2+1-3 = 0).
    """
    parsed = as_expression(expr)
    rolled = _roll_terms(
        ((t, ROLE_BASE) for t in parsed.terms),
        dice,
        per_die_modifier=per_die_modifier,
        purpose=purpose,
        supernatural=supernatural,
    )
    return RollResult(str(parsed), tuple(rolled), parsed.modifier, per_die_modifier, purpose)


# --------------------------------------------------------------------------------------------
# Skill rolls
# --------------------------------------------------------------------------------------------


@dataclass(eq=False)
class OverskillBenny:
    """The one Overskill Benny of a Skill Roll (R-DICE-5/7). Mutable on purpose: once `spent_on`
    is set, every copy of the SkillRoll sees it spent, so it can never be spent twice (R-DICE-8)."""

    spent_on: str | None = None

    @property
    def spent(self) -> bool:
        return self.spent_on is not None

    def spend(self, how: str) -> None:
        if self.spent_on is not None:
            raise OverskillError(f"the Overskill Benny was already spent on {self.spent_on}")
        self.spent_on = how


def validate_sides(sides: int, what: str) -> None:
    if sides not in VALID_SIDES:
        raise DiceExpressionError(
            f"{what} d{sides} is not a die; use one of " + ", ".join(f"d{s}" for s in VALID_SIDES)
        )


def active_blessings(
    sides: int, blessings: Sequence[int], curses: Sequence[int]
) -> tuple[str, tuple[int, ...]]:
    """Validate Blessing/Curse dice against the Skill die and cancel them one for one (R-DICE-10/11).

    Returns ("blessing" | "curse" | "", the remaining dice). The first-listed dice cancel first.
    """
    for kind, group in (("Blessing", blessings), ("Curse", curses)):
        for sn in group:
            validate_sides(sn, f"{kind} die")
            if sn < sides:
                raise BlessingError(
                    f"an SN d{sn} cannot {'Curse' if kind == 'Curse' else 'Bless'} a d{sides} die: "
                    f"a {kind} die must be the same size or larger (R-DICE-10, EX-9)"
                )
    cancelled = min(len(blessings), len(curses))
    if len(blessings) > cancelled:
        return ROLE_BLESSING, tuple(blessings[cancelled:])
    if len(curses) > cancelled:
        return ROLE_CURSE, tuple(curses[cancelled:])
    return "", ()


@dataclass(frozen=True)
class SkillRoll:
    """One Skill/Action Roll. Group 0 holds the unit's die and any Blessing/Curse dice (one kept)
    and its Bonus chain; an Overskill +1d6 (R-DICE-8b) is a later group."""

    sides: int
    dice: tuple[DieRoll, ...]
    use: int | None = None
    penalty: int = 0
    per_die_modifier: int = 0
    blessings: tuple[int, ...] = ()
    curses: tuple[int, ...] = ()
    purpose: str = ""
    benny: OverskillBenny | None = None

    kind = "skill"

    @property
    def kept_die(self) -> DieRoll:
        """The die that stands for the Skill die after Blessing/Curse (the unit's own if none)."""
        for die in self.dice:
            if die.group == 0 and die.kept and die.role in (ROLE_SKILL, ROLE_BLESSING, ROLE_CURSE):
                return die
        raise DiceError("skill roll without a kept Skill die")  # pragma: no cover - constructed wrongly

    @property
    def total(self) -> int:
        return sum(d.value for d in self.dice)

    @property
    def needed(self) -> int | None:
        """Use + penalties (R-ACT-5); None for an unjudged roll."""
        return None if self.use is None else self.use + self.penalty

    @property
    def critical_failure(self) -> bool:
        """Natural 1 on the (kept) Skill die, whatever the modifiers (R-DICE-3)."""
        return self.kept_die.face == 1

    @property
    def overskill(self) -> bool:
        """An Overskill Benny was earned (R-DICE-5..7), spent or not."""
        return self.benny is not None

    @property
    def overskill_spent_on(self) -> str | None:
        return self.benny.spent_on if self.benny else None

    @property
    def critical_successes(self) -> int:
        return _count_criticals(self.dice)

    @property
    def success(self) -> bool | None:
        """total >= needed (R-ACT-2) and no Critical Failure (G-9); None if `use` is None."""
        needed = self.needed
        if needed is None:
            return None
        return not self.critical_failure and self.total >= needed

    @property
    def margin(self) -> int | None:
        needed = self.needed
        return None if needed is None else self.total - needed

    def explain(self) -> str:
        text = f"{_dice_text(self.dice)} = {self.total}"
        notes = []
        if self.benny is not None:
            notes.append("Overskill Benny" + (f" spent on {self.benny.spent_on}" if self.benny.spent else ""))
        if self.critical_failure:
            notes.append("CRITICAL FAILURE")
        if notes:
            text += " (" + "; ".join(notes) + ")"
        needed = self.needed
        if needed is not None:
            detail = f"Use {self.use}" + (f" {_sign_text(self.penalty)} penalty" if self.penalty else "")
            text += f"; needs {needed} ({detail}): {'success' if self.success else 'failure'}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "system": "brikwars",
            "sides": self.sides,
            "purpose": self.purpose,
            "use": self.use,
            "penalty": self.penalty,
            "needed": self.needed,
            "per_die_modifier": self.per_die_modifier,
            "blessings": list(self.blessings),
            "curses": list(self.curses),
            "dice": [d.to_dict() for d in self.dice],
            "total": self.total,
            "critical_failure": self.critical_failure,
            "critical_successes": self.critical_successes,
            "overskill": self.overskill,
            "overskill_spent_on": self.overskill_spent_on,
            "success": self.success,
            "text": self.explain(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SkillRoll:
        benny = OverskillBenny(data.get("overskill_spent_on")) if data.get("overskill") else None
        use = data.get("use")
        return cls(
            int(data["sides"]),
            tuple(DieRoll.from_dict(d) for d in data["dice"]),
            None if use is None else int(use),
            int(data.get("penalty", 0)),
            int(data.get("per_die_modifier", 0)),
            tuple(int(s) for s in data.get("blessings", ())),
            tuple(int(s) for s in data.get("curses", ())),
            str(data.get("purpose", "")),
            benny,
        )


def earns_overskill(die_sides: int, face: int) -> bool:
    return die_sides >= OVERSKILL_FACE and face >= OVERSKILL_FACE


def skill_roll(
    sides: int,
    dice: DiceSource,
    *,
    use: int | None = None,
    penalty: int = 0,
    per_die_modifier: int = 0,
    blessings: Sequence[int] = (),
    curses: Sequence[int] = (),
    purpose: str = "",
) -> SkillRoll:
    """Roll a unit's Skill/Action die (R-DICE-4: one die, no modifier of its own).

    * Overskill Benny on a natural 6+ of a d6-or-larger Skill die, instead of a Bonus Die
      (R-DICE-5/6); at most one (R-DICE-7). A d4 never Overskills: a natural 4 earns a Bonus d4,
      whose own 4s earn more d4s (R-DICE-6).
    * Critical Failure on a natural 1 of the Skill die regardless of modifiers (R-DICE-3).
    * `needed = use + penalty` (R-ACT-5); `success = total >= needed` and no Critical Failure.
      `use=None` is an unjudged roll (`needed`/`success` None): trivial Actions need no roll (R-ACT-2).
    * `per_die_modifier` (R-ACT-6) applies to the Skill die, not to its Bonus Dice.
    * `blessings`/`curses` are SN die sizes (R-DICE-10/11): they cancel one for one, the rest roll
      with the Skill die and the highest (Blessed) or lowest (Cursed) face is kept — ties keep the
      unit's own die. The kept die then counts as the Skill die for Critical Failure, Overskill
      (by its own size) and Bonus Dice.
    """
    validate_sides(sides, "Skill die")
    blessings, curses = tuple(blessings), tuple(curses)
    mode, sn_dice = active_blessings(sides, blessings, curses)
    label = purpose or "skill roll"
    own = DieRoll(sides, dice.roll(sides, label), ROLE_SKILL)
    candidates = [own] + [DieRoll(s, dice.roll(s, f"{label} {mode}"), mode) for s in sn_dice]
    if mode == ROLE_BLESSING:
        kept_index = max(range(len(candidates)), key=lambda i: (candidates[i].face, -i))
    elif mode == ROLE_CURSE:
        kept_index = min(range(len(candidates)), key=lambda i: (candidates[i].face, i))
    else:
        kept_index = 0
    rolled = [
        dataclasses.replace(d, kept=False)
        if i != kept_index
        else dataclasses.replace(d, modifier=per_die_modifier)
        for i, d in enumerate(candidates)
    ]
    kept = rolled[kept_index]
    benny = None
    if earns_overskill(kept.sides, kept.face):
        benny = OverskillBenny()  # instead of the Critical Success (R-DICE-5)
    else:
        # Only a d4 can show its highest face without Overskill; its Bonus Dice are d4 (R-DICE-6).
        chain = _explode(dice, kept, kept.sides, label)
        rolled.extend(chain[1:])
    return SkillRoll(
        sides,
        tuple(rolled),
        use,
        penalty,
        per_die_modifier,
        blessings,
        curses,
        purpose,
        benny,
    )


# --------------------------------------------------------------------------------------------
# Spending Overskill (R-DICE-8/9)
# --------------------------------------------------------------------------------------------


def _take_benny(roll: SkillRoll, how: str) -> OverskillBenny:
    if roll.benny is None:
        raise OverskillError(
            "this Skill Roll earned no Overskill Benny (needs a natural 6+ on the Skill die)"
        )
    roll.benny.spend(how)
    return roll.benny


def bonus_die_reaches(needed: int) -> float:
    """Exact chance that one regular Bonus Die, its 6s chaining more (R-DICE-9), adds at least
    `needed`: what an Overskill Benny spent on the Skill Roll (R-DICE-8b) gives a roll short by that."""
    chance = 1.0
    while needed > REGULAR_BONUS_SIDES:
        chance /= REGULAR_BONUS_SIDES  # only a 6 goes on, adding 6 and rolling again
        needed -= REGULAR_BONUS_SIDES
    return chance * min(1.0, max(0, REGULAR_BONUS_SIDES + 1 - needed) / REGULAR_BONUS_SIDES)


def spend_overskill_on_skill(roll: SkillRoll, dice: DiceSource, *, purpose: str = "") -> SkillRoll:
    """R-DICE-8b: +1d6 to the Skill Roll; that die's 6s chain regular d6 Bonus Dice (R-DICE-9).

    The Overskill die is a bought Benny, not the unit's Skill die: no per-die modifier applies.
    Returns a new SkillRoll; the Benny (shared with `roll`) is marked spent.
    """
    _take_benny(roll, "skill")
    label = purpose or roll.purpose or "skill roll"
    group = max(d.group for d in roll.dice) + 1
    first = DieRoll(
        REGULAR_BONUS_SIDES,
        dice.roll(REGULAR_BONUS_SIDES, f"{label} overskill"),
        ROLE_OVERSKILL,
        0,
        True,
        1,
        group,
    )
    chain = _explode(dice, first, REGULAR_BONUS_SIDES, label)
    return dataclasses.replace(roll, dice=roll.dice + tuple(chain))


def overskill_damage_expression(expr: str | DiceExpression) -> DiceExpression:
    """R-DICE-8a / EX-8: one more of the attack's Damage dice (1d6+1 → 2d6+1, 1d10 → 2d10).

    With several die types the first added term (the weapon's primary die) grows.
    """
    parsed = as_expression(expr)
    for i, term in enumerate(parsed.terms):
        if term.sign > 0:
            terms = list(parsed.terms)
            terms[i] = DiceTerm(term.count + 1, term.sides, term.sign)
            return DiceExpression(tuple(terms), parsed.modifier)
    raise OverskillError(f"{parsed} has no Damage die to add one more of (R-DICE-8)")


def spend_overskill_on_damage(
    roll: SkillRoll,
    damage: str | DiceExpression,
    dice: DiceSource,
    *,
    per_die_modifier: int = 0,
    purpose: str = "",
    supernatural: bool = False,
) -> RollResult:
    """R-DICE-8a: roll the attack's Damage with one more of its Damage dice.

    The extra die (role "overskill") is a Damage die, so it takes `per_die_modifier` like the others
    (R-ACT-6); its Bonus Dice are regular d6 (R-DICE-9). Rolled after the expression's own dice.
    """
    parsed = as_expression(damage)
    grown = overskill_damage_expression(parsed)  # validates before spending
    _take_benny(roll, "damage")
    extra = next(t for t in parsed.terms if t.sign > 0)
    own = _roll_terms(
        ((t, ROLE_BASE) for t in parsed.terms),
        dice,
        per_die_modifier=per_die_modifier,
        purpose=purpose,
        supernatural=supernatural,
    )
    more = _roll_terms(
        [(DiceTerm(1, extra.sides), ROLE_OVERSKILL)],
        dice,
        per_die_modifier=per_die_modifier,
        purpose=f"{purpose} overskill".strip(),
        supernatural=supernatural,
        first_group=len(own) + 1,
    )
    return RollResult(str(grown), tuple(own + more), parsed.modifier, per_die_modifier, purpose)


@dataclass(frozen=True)
class StatBoost:
    """R-DICE-8c: +1d6 to an existing stat of the Action (Range, Sprint inches)."""

    stat: str
    base: int
    boost: RollResult

    kind = "stat_boost"

    @property
    def total(self) -> int:
        return self.base + self.boost.total

    def explain(self) -> str:
        return f"{self.stat} {self.base} + Overskill ({self.boost.explain()}) = {self.total}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "stat": self.stat,
            "base": self.base,
            "boost": self.boost.to_dict(),
            "total": self.total,
            "text": self.explain(),
        }


def spend_overskill_on_stat(
    roll: SkillRoll, dice: DiceSource, *, stat: str, base: int | None, purpose: str = ""
) -> StatBoost:
    """R-DICE-8c: +1d6 (chaining d6 Bonus Dice, A-7) to a stat the Action has; `base=None` means the
    Action lacks that stat (e.g. Range of a Close Combat attack) and raises OverskillError."""
    if base is None:
        raise OverskillError(f"the Action has no {stat} stat to add +1d6 to (R-DICE-8c)")
    _take_benny(roll, stat)
    label = purpose or f"overskill {stat}"
    first = DieRoll(REGULAR_BONUS_SIDES, dice.roll(REGULAR_BONUS_SIDES, label), ROLE_OVERSKILL)
    chain = _explode(dice, first, REGULAR_BONUS_SIDES, label)
    return StatBoost(stat, base, RollResult("1d6", tuple(chain), 0, 0, label))


def spend_overskill_other(roll: SkillRoll, how: str) -> None:
    """R-DICE-8d/e: spend the Benny without dice (avoid Disruption after a Bail, a more precise target)."""
    _take_benny(roll, how)


# ---------------------------------------------------------------------------------------------
# A unit's Blessings on its rolls, and blast radii (used by the shared rules under every ruleset)

#: G-12: each d10 of explosive Damage adds this many inches of blast radius.
RADIUS_PER_D10 = 2


def blessing_dice(
    unit: UnitState | None, sides: int, weapon: WeaponState | None = None
) -> dict[str, tuple[int, ...]]:
    """R-DICE-10: the SN dice that roll whenever `unit`'s Action die is rolled, as `skill_roll`
    keywords: its Blessings and Curses when `sides` is that die; none for another die (a Scout's
    d10 pathfinding die, an incompetent d4) or a roll without a unit (a Trap). R-DICE-12: when
    they Bless one part (`blessed_part`, a weapon), only Actions with that weapon."""
    if unit is None or sides != unit.skill or not (unit.blessings or unit.curses):
        return {}
    if unit.blessed_part is not None and (weapon is None or weapon.name != unit.blessed_part):
        return {}
    return {"blessings": unit.blessings, "curses": unit.curses}


def blessing_text(unit: UnitState) -> str:
    """How the unit's Blessings and Curses stand after cancelling (R-DICE-11), for the odds and
    the inspector: "" when none are left."""
    mode, dice = active_blessings(unit.skill, unit.blessings, unit.curses)
    if not mode:
        return ""
    keep = "highest" if mode == ROLE_BLESSING else "lowest"
    sn = ", ".join(f"d{s}" for s in dice)
    part = f" with {unit.blessed_part} only (R-DICE-12)" if unit.blessed_part else ""
    return (
        f"{sn} roll{'s' if len(dice) == 1 else ''} with the d{unit.skill}, {keep} kept{part} (R-DICE-10/11)"
    )
