"""Behaviour settings of the tactical AI, in the spirit of MegaMek's Princess.

Princess ranks each path by `damage it can do × aggression − damage it risks × self-preservation`
plus a herding term that keeps its units together (BasicPathRanker). The same three dials are
here, plus how widely the AI looks (`candidates`, `exact_paths`) so that a preset also fixes the
time spent per unit activation. `noise` gives Easy its mistakes: a deterministic wobble derived
from the game seed (no `random` module: same seed, same game).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Behaviour:
    """Dials for one AI player. Values are weights in "units of a kill" (1.0 = one enemy dead)."""

    name: str
    aggression: float = 1.0  # weight of the damage it deals
    caution: float = 1.0  # weight of the damage it risks (self-preservation)
    formation: float = 0.05  # pull towards friends per inch beyond `formation_range`
    formation_range: float = 6.0
    advance: float = 0.05  # reward per inch closed towards the enemy when nothing is in reach
    hold_value: float = 0.35  # worth of a saved Action when enemies must come within its reach
    focus: float = 0.25  # extra weight on targets already wounded, Disrupted or dangerous
    next_turn: float = 0.5  # how much the enemy's next turn counts against a cell (0..1)
    exact_paths: int = 4  # best plans whose real path is checked for Responses and hazards
    order_units: bool = True  # units with the best shots act first
    lookahead: int = 1  # plan this many next units and activate the one with the best plan
    sprint: bool = True
    noise: float = 0.0  # Easy: wobble on every plan's score (deterministic per seed)
    min_hit: float = 0.0  # never shoot below this chance to hit
    close_fall_back: bool = True  # after a close-combat strike from where it stands, may walk away
    shot_fall_back: bool = True  # after a shot from where it stands, may walk away
    rollouts: int = 0  # Hard: dice draws each of a unit's best plans is played out on (tactics/rollout.py)
    turn_rollouts: int = 0  # dice draws each way of playing the whole turn is tried on (rollout.choose)
    planner_replies: int = 0  # of each play-out's draws, how many see the enemy reply as Normal plans
    # (Hard under BrikWars: `BrikWarsRuleset.ai_dials`)
    shared_fire: float = 0.0  # share of an enemy's next-turn threat a friend already draws that is
    # not counted again (it attacks once; `threat.ThreatMap`; BrikWars: `BrikWarsRuleset.ai_dials`)

    def with_(self, **changes: float | int | bool | str) -> Behaviour:
        return replace(self, **changes)  # type: ignore[arg-type]


EASY = Behaviour(
    "easy",
    aggression=1.0,
    caution=0.4,
    formation=0.0,
    next_turn=0.0,
    exact_paths=1,
    order_units=False,
    sprint=False,
    noise=0.25,
    min_hit=0.2,
)
NORMAL = Behaviour("normal", caution=0.9, next_turn=0.35, exact_paths=3)
#: Hard keeps its units closer (measured on the skirmish against the default AI: 70% of 160
#: seeded games with formation 0.15 within 4", 59% with Normal's 0.05 within 6")
HARD = Behaviour(
    "hard",
    caution=1.0,
    next_turn=0.5,
    exact_paths=8,
    lookahead=3,
    formation=0.15,
    formation_range=4.0,
    rollouts=3,
    turn_rollouts=3,
)

PRESETS: dict[str, Behaviour] = {b.name: b for b in (EASY, NORMAL, HARD)}
"""Preset name → settings; the names are what a scenario's `players[].ai_level` holds."""


def preset(name: str) -> Behaviour:
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown AI level {name!r}: one of {', '.join(PRESETS)}") from None
