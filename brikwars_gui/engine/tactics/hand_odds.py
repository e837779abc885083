"""Odds of what a Shove or a Trap does, for the tactical AI, from the engine's own rules and the
battle's ruleset — not a re-implementation of them:

* a Trap's shot (R-TRAP-5): its Action die against the weapon's Use, −1 per die per inch Out of
  Range (`traps.inches_out_of_range`): `Ruleset.trap_chance`;
* a Damage expression (a hazard's or a Trap weapon's dice, a blast) against a unit's
  resistance: `Ruleset.hazard_strike_odds`;
* a unit's landing roll on a concealed field (R-HAZ-19: its hazard die against the inches it
  flew, an Overskill Benny spent when short), rolled with BrikWars dice under every ruleset;
* a burdened unit's drowning check (G-17: Skill vs 3 at the end of its turn).
"""

from __future__ import annotations

from brikwars_gui.engine.dice.brikwars_odds import skill_success_probability
from brikwars_gui.engine.hazards.scout import hazard_die
from brikwars_gui.engine.hazards.traps import inches_out_of_range
from brikwars_gui.engine.rules.common import target_size_modifier
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.rulesets.base import StrikeOdds
from brikwars_gui.engine.state import Cell, GameState, TrapState, UnitState

#: G-17: a burdened unit in water rolls Skill against this at the end of its turn.
DROWNING_USE = 3


def trap_hit_chance(state: GameState, trap: TrapState, spot: Cell) -> float:
    """Chance the Trap's shot at `spot` hits (R-TRAP-4/5, R-ACT-6)."""
    if trap.weapon is None:
        return 0.0
    over = inches_out_of_range(trap, spot)
    return ruleset_of(state).trap_chance(state, trap.action, trap.weapon.use, per_die_modifier=-over)


def damage_odds(
    state: GameState,
    damage: str,
    victim: UnitState,
    *,
    damage_type: str = "normal",
    per_die_modifier: int = 0,
) -> StrikeOdds:
    """What `damage` dice do to `victim` when they land (kill, wound, Disrupt), under the ruleset."""
    return ruleset_of(state).hazard_strike_odds(
        state, damage, victim, damage_type=damage_type, per_die_modifier=per_die_modifier
    )


def landing_set_off_chance(victim: UnitState, inches: int) -> float:
    """R-HAZ-19: chance a unit thrown `inches` onto a live concealed cell sets it off (its hazard
    die, a Scout's d8, −Target Size modifier per die, must reach the inches; a 1 always fails)."""
    if inches <= 0 or victim.size <= 0:
        return 0.0
    sides = hazard_die(victim)
    modifier = -target_size_modifier(victim.size)
    return 1.0 - skill_success_probability(sides, inches, per_die_modifier=modifier)


def drowning_chance(state: GameState, victim: UnitState) -> float:
    """G-17: chance a burdened unit left in water fails its Skill roll against 3 and drowns."""
    return 1.0 - ruleset_of(state).action_chance(state, victim, DROWNING_USE, kind="swim")
