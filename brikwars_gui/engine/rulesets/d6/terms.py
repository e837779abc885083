"""The D6 ruleset's fixed terms, shared by the ruleset and its forecast (so neither imports the
other back): its stats, wound and burning numbers, the R-D6-4 complications, die codes as text,
and the computer player's Fate Point and Character Point defaults (docs/rulesets.md)."""

from __future__ import annotations

from brikwars_gui.engine.dice.d6 import parse_code

STATS = ("melee", "ranged", "thrown", "dodge", "strength")
KIND_STAT = {"melee": "melee", "shove": "melee", "ranged": "ranged", "thrown": "thrown"}
ATTACKS = ("melee", "ranged", "thrown", "shove")
#: A second wound incapacitates (the D6 System's Wounded → Severely Wounded → out of the fight).
WOUNDS_OUT = 2
RADIUS_PER_D10 = 2  # G-12, as under BrikWars
BURNING_PENALTY = "1d4"  # R-FIRE-5: a burning target's resistance, converted like any Damage
#: R-D6-4 option 2, graver the lower the total: (lowest margin total − difficulty, effect, text).
COMPLICATIONS = (
    (0, "stumble", "stumbles: its Movement is over this turn"),
    (-4, "off_balance", "off balance: Movement over and its saved Action lost"),
    (None, "fall", "falls: Disrupted (R-MOVE-16)"),
)
"""The last row (no lowest margin) takes every lower total, however far below (issue 26: a miss
by more than 99, from negative pips or a steep difficulty, found no row)."""


def _code(text: str) -> tuple[int, int]:
    parsed = parse_code(text)
    return parsed.terms[0].count, parsed.modifier


def _label(dice: int, pips: int) -> str:
    return f"{dice}D" + (f"{pips:+d}" if pips else "")


def complication_for(total: int, target: int) -> tuple[str, str]:
    """The COMPLICATIONS row for a roll of `total` against `target`."""
    return next(
        (effect, text) for low, effect, text in COMPLICATIONS if low is None or total - target >= low
    )


def fate_default(kind: str, without: float, with_fp: float) -> str:
    """AI policy (docs/rulesets.md): a Fate Point on an attack (or a resistance roll, R-D6-8) that
    is likelier to fail than not and gains at least 20 points from it, or on a roll against
    drowning that it improves."""
    if (kind in ATTACKS or kind == "resistance") and without < 0.5 and with_fp - without >= 0.2:
        return "yes"
    if kind == "swim" and with_fp > without:
        return "yes"
    return "no"


def cp_default(kind: str, chances: dict[str, float]) -> str:
    """AI policy: the fewest Character Points that make a failed attack or resistance roll
    (R-D6-7) at least an even chance (none if even all of them cannot); against drowning as many
    as may be spent."""
    if kind == "swim":
        return max(chances, key=lambda k: (chances[k], -int(k)))
    for k in sorted(chances, key=int):
        if int(k) and chances[k] >= 0.5 and (kind in ATTACKS or kind == "resistance"):
            return k
    return "0"
