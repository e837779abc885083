"""The Perception/Escape talent on the battlefield (L1121-1123): a character with it designates one
opponent as its primary opponent each turn; it may try to veto the attacks of every other opponent
with a Tough avoidance check of Acrobatics or Block (Protect), keeping the primary in between.

Readings (docs/rules-decisions.md "Nine Powers"): the primary opponent is designated at the start
of each of the character's turns, as the foe it last attacked if that one still stands, else the
nearest enemy, and an attack during the turn designates its target; the check rolls the better
of Acrobatics and Protect, at most the talent's rating of times between two of its turns (the
text gives the rating no other use), after any veto the defender's side chose not to spend and
before the attack's own dice; a success cancels the attack like a veto (R-NP-11).
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.rulesets.ninepowers import unitstate
from brikwars_gui.engine.rulesets.ninepowers.odds import success_chance
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty, PoolRoll, roll_pool

KIND = "np_avoid"  # the question asked of the defender's player


def talent(unit: Any) -> int:
    return unitstate.stats_of(unit).talent("perception") if unit.stats else 0


def start_turn(state: Any, unit: Any) -> None:
    """Designate the primary opponent for this turn and give back the avoidance checks."""
    if talent(unit) <= 0:
        return
    foes = [u for u in state.units.values() if u.alive and u.team != unit.team]
    primary = unit.pools.get("primary")
    if primary not in {f.id for f in foes}:
        nearest = min(foes, key=lambda f: (distance(unit.pos, f.pos), f.id), default=None)
        primary = nearest.id if nearest is not None else None
    unit.pools["primary"] = primary
    unit.pools["avoids"] = 0


def designate(attacker: Any, target_id: str) -> None:
    """An attack designates its target as the attacker's primary opponent (L1123: each turn)."""
    if talent(attacker) > 0:
        attacker.pools["primary"] = target_id


def may_avoid(attacker: Any, target: Any) -> bool:
    """The target has the talent, checks left, and the attacker is not its primary opponent."""
    left = talent(target) - int(target.pools.get("avoids", 0))
    return left > 0 and target.pools.get("primary") != attacker.id


def skill_of(target: Any) -> tuple[str, int]:
    """Acrobatics or Block (Protect), whichever is rated higher (L1123: "as appropriate")."""
    stats = unitstate.stats_of(target)
    acrobatics, protect = stats.rating("Acrobatics"), stats.rating("Protect")
    return ("Acrobatics", acrobatics) if acrobatics >= protect else ("Protect", protect)


def try_avoid(ctx: Any, attacker: Any, target: Any, ask: Any, summary: str) -> PoolRoll | None:
    """Ask the defender's player (`np_avoid`: "avoid" or "no"; the computer always tries: it costs
    nothing) and roll the Tough check; the roll, or None when not tried."""
    skill, rating = skill_of(target)
    dice = unitstate.load(target).pool(skill)
    odds = float(success_chance(len(dice), Difficulty.TOUGH))
    words = {
        "avoid": f"Try a Tough {skill} {rating} check: {odds:.0%} to cancel the attack",
        "no": "Let the attack be rolled",
    }
    answer = ask(
        ctx,
        KIND,
        target,
        target.team,
        attacker.id,
        ("avoid", "no"),
        "avoid",
        {"attack": summary, **words, "primary": target.pools.get("primary")},
    )
    if answer != "avoid":
        return None
    target.pools["avoids"] = int(target.pools.get("avoids", 0)) + 1
    return roll_pool(ctx.dice, dice, Difficulty.TOUGH, label=skill, rating=rating, bypass_faces=frozenset())
