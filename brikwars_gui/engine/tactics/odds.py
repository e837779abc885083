"""Exact attack odds for the tactical AI, always the battle's ruleset's own: to hit and the
legality from the rules' `plan_attack` (from any cell), the outcome from `Ruleset.strike_odds`
(BrikWars: exploding Damage against the Armor roll with Overskill's extra die; D6: the Damage
code against the strength roll; Nine Powers: the difficulty the computer would pick, vetoes
included). So "41% to kill" in an explanation is the true chance under the rules being played.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from brikwars_gui.engine.rules.combat import AttackPlan, plan_attack, target_size_penalty
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.rulesets.base import StrikeOdds
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState


@dataclass(frozen=True)
class Odds:
    """One attack's numbers: to hit, to kill, to Disrupt, to wound (lose an inch of Size, a
    wound, Stamina: equals `kill` for a Size 1 BrikWars unit), and the plan the rules made."""

    plan: AttackPlan
    hit: float
    kill: float
    disrupt: float
    wound: float
    harm_weight: float = 0.5  # the ruleset's worth of a lasting wound (`StrikeOdds.harm_weight`)

    def value(self, disrupt_value: float = 0.25) -> float:
        odds = StrikeOdds(self.hit, self.kill, self.wound, self.disrupt, self.harm_weight)
        return odds.value(disrupt_value)


def nominal_needed(weapon: WeaponState, target: UnitState) -> int | None:
    """The number an attack with `weapon` on `target` needs before range and situation (R-ACT-5,
    G-5); None for an automatic one (Use 0, R-ACT-2)."""
    return None if weapon.use <= 0 else weapon.use + target_size_penalty(target.size)


def strike(
    state: GameState,
    attacker: UnitState,
    weapon: WeaponState,
    target: UnitState,
    *,
    needed: int | None,
    per_die_modifier: int = 0,
    origin: Cell | None = None,
) -> StrikeOdds:
    """`Ruleset.strike_odds` of the battle's ruleset (the caller has checked sight and reach)."""
    return ruleset_of(state).strike_odds(
        state, attacker, weapon, target, needed=needed, per_die_modifier=per_die_modifier, origin=origin
    )


def attack_odds(
    state: GameState, attacker: UnitState, weapon: WeaponState, target: UnitState, origin: Cell | None = None
) -> Odds | None:
    """The exact odds of `attacker` hitting `target` with `weapon` from `origin` (default: where it
    stands), or None when the rules forbid that attack (no sight, out of reach, ...)."""
    with contextlib.suppress(IllegalOrder):
        plan = plan_attack(state, attacker, weapon, target.id, origin=origin)
        oor = -plan.out_of_range
        s = strike(state, attacker, weapon, target, needed=plan.needed, per_die_modifier=oor, origin=origin)
        return Odds(plan, s.hit, s.kill, s.disrupt, s.wound, s.harm_weight)
    return None


def too_far(state: GameState, attacker: UnitState, weapon: WeaponState, plan: AttackPlan) -> bool:
    """A shot beyond the range the ruleset prices at full odds (`Ruleset.shot_range`: BrikWars'
    Range, R-ACT-6; Nine Powers' 10x the Shoot rating, R-NP-10): one a planner does not make."""
    if not plan.out_of_range:
        return False
    return plan.distance > ruleset_of(state).shot_range(state, attacker, weapon) + 1e-9


def best_odds(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    origin: Cell | None = None,
    *,
    in_range: bool = True,
) -> Odds | None:
    """The attacker's best attack on `target` from `origin` (by expected value); `in_range` drops
    shots beyond the weapon's Range (R-ACT-6 penalties make them poor and Responses ignore them;
    `too_far`: beyond the ruleset's own range bands where those reach further)."""
    best: Odds | None = None
    for weapon in attacker.weapons:
        if weapon.spent:
            continue
        odds = attack_odds(state, attacker, weapon, target, origin)
        if odds is None or (in_range and too_far(state, attacker, weapon, odds.plan)):
            continue
        if best is None or odds.value() > best.value():
            best = odds
    return best
