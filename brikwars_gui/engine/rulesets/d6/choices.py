"""The tactical AI's answers to the D6 questions about points (R-D6-6..8, issue 25): each by the
expected harm it saves or deals, in "units" (a unit taken out is 1, a wound — a unit's second
wound takes it out — ½, a stun ¼: `Ruleset.damage_outcome` of each margin), against what the
points kept are worth for later rolls. The rules' defaults (`terms.fate_default`, `cp_default`)
stay the answers of every player the tactical AI does not play.

* **Fate Point on resistance** (R-D6-8): spent when doubling the strength code saves more
  expected harm than `FATE_WORTH` — against a killing blow, not against a stun — comparing with
  the Character Points the AI would add after the plain roll (never both on one roll, R-D6-6).
  A resistance roll is no deed for R-D6-10's moral code (`fate.reckon` judges attacks only).
* **Fate Point on an attack**: only when the hit it gains is worth more than keeping the point
  for a killing blow (`HIT_WORTH` a hit); never the once-a-battle climax.
* **Character Points on resistance**: the number leaving the least expected harm plus
  `POINT_WORTH` a point spent (the default spends only for an even chance of no effect at all,
  so a unit facing a killing blow kept its points and fell).
* **Character Points on Damage** (R-D6-7 "any roll"): the number that makes the most of the hit
  against the target's resistance roll (its own points spent as the defaults would) less
  `POINT_WORTH` a point; the default spends none.
* **Character Points on a missed attack**: the number making the most of `HIT_WORTH` × the chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from brikwars_gui.engine.rulesets.d6 import odds
from brikwars_gui.engine.rulesets.d6.forecast import fates, option_of, outcome_on, resist_totals
from brikwars_gui.engine.rulesets.d6.terms import ATTACKS

if TYPE_CHECKING:
    from brikwars_gui.engine.rules.common import DecisionRequest
    from brikwars_gui.engine.state import GameState

#: Worth of a Character Point kept for later rolls, in "units" (a kill is 1).
POINT_WORTH = 0.05
#: Worth of a Fate Point kept: what it saves when a killing blow comes (a hero holds one).
FATE_WORTH = 0.25
#: Worth of turning a miss into a hit, when the target is not known (a D6 hit mostly stuns or wounds).
HIT_WORTH = 0.4
#: Harm of each outcome a resistance roll can leave, in "units"; anything else takes the unit out.
OUTCOME_HARM = {"none": 0.0, "stunned": 0.25, "wounded": 0.5}


def answer(ruleset: Any, state: GameState, request: DecisionRequest) -> str | None:
    """The tactical AI's answer to a D6 points question, or None to leave it to the default."""
    detail = request.detail or {}
    unit = state.units.get(request.unit)
    if unit is None:
        return None
    if request.question == "fate_point":
        if detail.get("kind") == "resistance":
            return resistance_fate(ruleset, state, request.unit, int(detail.get("difficulty", 0)))
        chances = detail.get("chances") or {}
        if detail.get("kind") in ATTACKS and "yes" in chances:
            gain = (chances["yes"] - chances.get("no", 0.0)) * HIT_WORTH
            return "yes" if gain > FATE_WORTH else "no"
        return None
    counts = sorted(int(o) for o in request.options if o.isdigit())
    if request.question == "damage_points" and request.about in state.units:
        total, target = int(detail.get("total", 0)), request.about
        worth = {k: damage_value(ruleset, state, target, total, k) - POINT_WORTH * k for k in counts}
        return str(max(counts, key=lambda k: (worth[k], -k)))
    if request.question != "character_points":
        return None
    short_by = int(detail.get("difficulty", 0)) - int(detail.get("total", 0))
    purpose = str(detail.get("roll", ""))
    if purpose.startswith("resistance"):
        return str(points_after_resistance(ruleset, state, request.unit, short_by, max(counts))[1])
    if " attack with " in purpose:
        return str(max(counts, key=lambda k: (odds.cp_chance(k, short_by) * HIT_WORTH - POINT_WORTH * k, -k)))
    return None


def _harm(ruleset: Any, state: GameState, unit_id: str, margin: int) -> float:
    return OUTCOME_HARM.get(ruleset.damage_outcome(state, unit_id, margin, 0), 1.0)


def points_after_resistance(
    ruleset: Any, state: GameState, unit_id: str, short_by: int, most: int
) -> tuple[float, int]:
    """(expected harm plus the points' worth, the points) of the best number of Character Points
    (0..`most`) after a resistance roll `short_by` short: the margin left is short_by − S for the
    points' sum S (R-D6-7)."""
    if short_by <= 0:
        return 0.0, 0

    def expected(points: int) -> float:
        return sum(
            (odds.cp_chance(points, short_by - m) - odds.cp_chance(points, short_by - m + 1))
            * _harm(ruleset, state, unit_id, m)
            for m in range(1, short_by + 1)
        )

    return min((expected(k) + POINT_WORTH * k, k) for k in range(most + 1))


def resistance_fate(ruleset: Any, state: GameState, unit_id: str, damage: int) -> str:
    """"yes" when a Fate Point doubling the strength code (R-D6-8) saves more than `FATE_WORTH`
    of expected harm against `damage`, compared with the plain roll and the Character Points the
    AI would then add (R-D6-6: not both)."""
    unit = state.units[unit_id]
    option = option_of(ruleset, state)
    burning = unit.fire_size > 0
    cap = ruleset.character_point_cap(state)
    most = unit.pools.get("cp", 0) if cap is None else min(cap, unit.pools.get("cp", 0))
    plain = resist_totals(ruleset.resistance_code(state, unit), burning, option)
    doubled = resist_totals(ruleset.resistance_code(state, unit, fate=True), burning, option)
    without = sum(
        p * points_after_resistance(ruleset, state, unit_id, damage - r, most)[0] for r, p in plain.items()
    )
    with_fate = sum(p * _harm(ruleset, state, unit_id, damage - r) for r, p in doubled.items() if r < damage)
    return "yes" if without - with_fate > FATE_WORTH else "no"


def damage_value(ruleset: Any, state: GameState, target_id: str, total: int, points: int) -> float:
    """Expected harm a rolled Damage `total` plus `points` Character Point Wild Dice does to
    `target_id` (its resistance with the points its player's defaults would spend)."""
    totals = tuple((total + s, p) for s, p in odds.cp_distribution(points))
    outcome = outcome_on(ruleset, state, target_id, None, False, option_of(ruleset, state), totals=totals)
    out, wound, stun = fates(state, target_id, outcome)
    return out + wound * OUTCOME_HARM["wounded"] + stun * OUTCOME_HARM["stunned"]
