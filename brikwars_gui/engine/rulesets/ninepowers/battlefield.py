"""Nine Powers on the battlefield: ranges, moving and shooting, point-blank shots, flanking and
higher ground as dice modifiers (R-NP-10, R-NP-14; L900-911, L1103-1105, L1343).

1 square = 1 cell (L900). Everything here returns numbers for `resolve`; the caller measures
positions with the shared grid helpers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from brikwars_gui.engine.geometry import distance, within_reach

DEFAULT_MOVE = 4  # squares a turn (L902: "for most battlemaps 4 squares per turn works great")
RANGE_FACTOR = {"Shoot": 10, "Throw": 4}  # L909: no penalty within 10x / 4x the rating
MAX_RANGE_MULTIPLE = 3  # beyond 3x the penalty-free range a shot cannot be made
HIGHER_GROUND_BRICKS = 3  # one inch of height (GRID: 3 bricks) makes higher ground
#: L916 lost its rule of thumb ("at higher values a character can: ..."): bricks one step may rise
#: by Acrobatics/Climb rating (1 square = 1 m = 3 bricks, L900): 1 m as on every battlefield
#: (GRID-9) at ratings 1-2, 2 m at 3, 3 m at 4 ("greater skill rating ... climb trickier")
CLIMB_BRICKS = {1: 3, 2: 3, 3: 6, 4: 9}
FLANKING = "flanking +1"  # L1343: another ally within reach of the target
HIGHER_GROUND = "higher ground +1"  # L1343: one inch above the target


@dataclass(frozen=True)
class Situation:
    """The dice modifiers one attack gets and why (shown in the dice log and the forecast)."""

    modifier: int
    reasons: tuple[str, ...] = ()
    point_blank: bool = False

    def text(self) -> str:
        return ", ".join(self.reasons)


def range_penalty(skill: str, rating: int, dist: float) -> int | None:
    """0 within the penalty-free range, -1 up to twice it, -2 up to three times it, None beyond
    (out of range). Melee and Wrestle need reach instead (None when not adjacent)."""
    factor = RANGE_FACTOR.get(skill)
    if factor is None:
        return 0 if dist <= 1.5 else None
    free = factor * rating
    if dist <= free:
        return 0
    if dist <= 2 * free:
        return -1
    if dist <= MAX_RANGE_MULTIPLE * free:
        return -2
    return None


def max_range(skill: str, rating: int) -> float:
    factor = RANGE_FACTOR.get(skill)
    return 1.5 if factor is None else float(factor * rating * MAX_RANGE_MULTIPLE)


def situation(
    skill: str,
    *,
    rating: int,
    attacker_pos: tuple[int, int],
    target_pos: tuple[int, int],
    attacker_height: int = 0,
    target_height: int = 0,
    moved: bool = False,
    shoot_talent: int = 0,
    ally_positions: Iterable[tuple[int, int]] = (),
) -> Situation | None:
    """The situational modifier of an attack, or None when it is out of range or reach.

    Ranged (Shoot/Throw): range penalty (L909), -1 after moving this turn (L911); within the Shoot
    talent's squares the shot is point-blank and ignores every penalty (L1103-1105). Close (Melee/
    Wrestle): +1 flanking when another ally stands within reach of the target (L1343). Any attack:
    +1 from higher ground (L1343), one inch above the target."""
    dist = distance(attacker_pos, target_pos)
    penalty = range_penalty(skill, rating, dist)
    if penalty is None:
        return None
    mod, reasons = 0, []
    ranged = skill in RANGE_FACTOR
    point_blank = ranged and shoot_talent > 0 and dist <= shoot_talent
    if ranged and not point_blank:
        if penalty:
            mod += penalty
            reasons.append(f"long range {penalty}")
        if moved:
            mod -= 1
            reasons.append("moved and shot -1")
    if point_blank:
        reasons.append("point-blank")
    if not ranged and any(within_reach(p, target_pos) for p in ally_positions if p != attacker_pos):
        mod += 1
        reasons.append(FLANKING)
    if attacker_height - target_height >= HIGHER_GROUND_BRICKS:
        mod += 1
        reasons.append(HIGHER_GROUND)
    return Situation(mod, tuple(reasons), point_blank)
