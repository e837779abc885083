"""BrikWars behind the `Ruleset` interface: the exploding-dice rules the engine always played.

Every hook here is the code the shared rules called directly before the interface existed, so the
golden event logs of seeded games stay identical (`tests/engine/test_golden_logs.py`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from brikwars_gui.engine.dice.brikwars import (
    RADIUS_PER_D10,
    ROLE_BLESSING,
    ROLE_BONUS,
    RollResult,
    SkillRoll,
    active_blessings,
    blessing_dice,
    blessing_text,
    roll_expression,
    skill_roll,
)
from brikwars_gui.engine.dice.brikwars_odds import die_distribution, skill_success_probability
from brikwars_gui.engine.rules.strike_odds import brikwars_strike_odds, strike_dice
from brikwars_gui.engine.rulesets import register
from brikwars_gui.engine.rulesets.base import DamageRoll, RollAsked, Ruleset, StatLine, StrikeOdds

if TYPE_CHECKING:
    from brikwars_gui.engine.context import RulesContext
    from brikwars_gui.engine.dice.expression import DiceExpression
    from brikwars_gui.engine.rules.attack_odds import AttackOdds
    from brikwars_gui.engine.state import GameState, UnitState, WeaponState

#: R-FIRE-5: the die a unit on fire subtracts from its Action rolls.
BURNING_PENALTY_SIDES = 4


@lru_cache(maxsize=4096)
def _burning_chance(
    skill: int, needed: int, per_die_modifier: int, blessings: tuple[int, ...], curses: tuple[int, ...]
) -> float:
    """Exact chance of a Skill Roll against `needed` + a −1d4 that explodes into d6 Bonus Dice."""
    return sum(
        p
        * skill_success_probability(
            skill, needed + v, per_die_modifier=per_die_modifier, blessings=blessings, curses=curses
        )
        for v, p in die_distribution(BURNING_PENALTY_SIDES)
    )


@register
class BrikWarsRuleset(Ruleset):
    """Skill die against Use with Overskill (R-DICE-3..8), Damage against an Armor roll (G-3)."""

    name = "brikwars"
    label = "BrikWars (exploding dice)"
    supernatural = True  # SN dice are BrikWars dice (dice/sn.py)

    def ai_dials(self, dials: dict[str, float]) -> dict[str, float]:
        """Hard's play-outs see the enemy reply as Normal plans in two of their three draws and as
        the default AI in the third (`planner_replies`): the default AI alone, the model before,
        walks into saved Actions that a planning enemy keeps out of; Normal's plans alone
        mispredict an enemy that does walk in (the greedy baseline). Issue 25, fourth session,
        measured on the skirmish (docs/ai.md). An enemy attacks once on its turn, so the threat a
        friend already draws is not counted again (`shared_fire`, issue 25, sixth session: Normal
        vs greedy on the skirmish 290 of seeds 0–399 with it, 267 without). The other rulesets
        keep the presets (their own tuning and measurements)."""
        changes: dict[str, float] = {"shared_fire": max(dials.get("shared_fire", 0.0), 1.0)}
        if dials.get("level") == "hard" and dials["rollouts"] + dials["turn_rollouts"] > 0:
            changes["planner_replies"] = max(dials["planner_replies"], 2)
        return changes

    def stat_lines(self, unit: UnitState) -> list[StatLine]:
        lines = [
            StatLine("Skill", f"d{unit.skill}", "Skill/Action die (R-DICE-4)"),
            StatLine("Armor", str(unit.armor), "Armor roll (G-3)"),
        ]
        if unit.blessings or unit.curses:
            mode = active_blessings(unit.skill, unit.blessings, unit.curses)[0]
            label = {ROLE_BLESSING: "Blessed"}.get(mode, "Cursed" if mode else "Blessed/Cursed")
            lines.append(
                StatLine(label, blessing_text(unit) or "cancel out (R-DICE-11)", "SN dice (R-DICE-10)")
            )
        return lines

    def action_roll(
        self,
        ctx: RulesContext,
        unit: UnitState | None,
        *,
        sides: int,
        kind: str,
        use: int | None = None,
        penalty: int = 0,
        per_die_modifier: int = 0,
        purpose: str = "",
        weapon: WeaponState | None = None,
    ) -> SkillRoll:
        if unit is not None and unit.sn_roll_bonus and sides == unit.skill:
            penalty -= unit.sn_roll_bonus  # R-SN-39: an SN Action die's ± to this one roll, used up
            unit.sn_roll_bonus = 0
        return skill_roll(
            sides,
            ctx.dice,
            use=use,
            penalty=penalty,
            per_die_modifier=per_die_modifier,
            purpose=purpose,
            **blessing_dice(unit, sides, weapon),  # R-DICE-10..12: every roll of the Blessed die
        )

    def action_chance(
        self,
        state: GameState,
        unit: UnitState,
        needed: int,
        *,
        kind: str,
        per_die_modifier: int = 0,
        weapon: WeaponState | None = None,
    ) -> float:
        """Overskill spent on +1d6 when the roll falls short; Blessings/Curses rolled with the die
        (R-DICE-10/11); on fire (R-FIRE-5) the −1d4 raises the needed number by the penalty die's
        total, averaged over its exact distribution."""
        from brikwars_gui.engine.hazards.fire import burning_action_penalty

        sn = tuple(tuple(blessing_dice(unit, unit.skill, weapon).get(k, ())) for k in ("blessings", "curses"))
        needed -= unit.sn_roll_bonus  # R-SN-39: the pending SN Action modifier counts (0: none)
        if burning_action_penalty(state, unit, weapon) is None:
            return skill_success_probability(
                unit.skill, needed, per_die_modifier=per_die_modifier, blessings=sn[0], curses=sn[1]
            )
        return _burning_chance(unit.skill, needed, per_die_modifier, *sn)

    def describe_roll(self, state: GameState, unit: UnitState, roll: RollAsked) -> str:
        """`Use 4, 50%` (R-ACT-3: the rating; the chance counts every modifier)."""
        if roll.needed is None:
            return "automatic"
        return f"Use {roll.use if roll.use is not None else roll.needed}, {roll.chance:.0%}"

    def attack_odds(self, state: GameState, attacker_id: str, weapon: str, target_id: str) -> AttackOdds:
        from brikwars_gui.engine.rules.attack_odds import attack_odds  # imports combat, which imports us

        return attack_odds(state, attacker_id, weapon, target_id)

    def strike_odds(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        target: UnitState,
        *,
        needed: int | None,
        per_die_modifier: int = 0,
        origin: tuple[int, int] | None = None,
    ) -> StrikeOdds:
        """Every term the engine rolls (`strike_odds.strike_dice`): Overskill's extra Damage die
        (R-DICE-8a), Blessings and Curses (R-DICE-10/11), a burning attacker's −1d4 (R-FIRE-5) and
        +1d4 in close combat (R-FIRE-6), the target's Energy Shields (R-HAZ-21/22); a burning target
        rolls −1d4 Armor."""
        dice, _shield = strike_dice(
            state, attacker, weapon, target.id, needed=needed, per_die_modifier=per_die_modifier
        )
        return brikwars_strike_odds(
            dice, str(target.armor), target_size=target.size, burning_target=target.fire_size > 0
        )

    def damage_roll(
        self,
        ctx: RulesContext,
        expr: str | DiceExpression,
        *,
        per_die_modifier: int = 0,
        purpose: str = "",
        weapon: WeaponState | None = None,
        attacker: UnitState | None = None,
        target: str | None = None,
    ) -> RollResult:
        return roll_expression(expr, ctx.dice, per_die_modifier=per_die_modifier, purpose=purpose)

    def explosion_radius(self, roll: DamageRoll) -> int:
        """G-12: +2" radius per d10 Damage die (Bonus Dice not counted). An explosive with no d10
        (a scenario's "2d6 explosive") blasts like a one-d10 charge: 2" (docs/rules-decisions.md)."""
        d10s = sum(1 for d in roll.dice if d.sides == 10 and d.role != ROLE_BONUS and d.sign > 0)
        return RADIUS_PER_D10 * max(1, d10s)

    def ignition_dice(self, roll: DamageRoll, *, sides: int | None = 4) -> list[int]:
        from brikwars_gui.engine.hazards.fire import ignition_dice

        assert isinstance(roll, RollResult)
        return ignition_dice(roll, sides=sides)

    def armor_roll(self, ctx: RulesContext, target_id: str, *, damage: int | None = None) -> tuple[int, str]:
        """Roll the target's Armor; a burning unit/object subtracts 1d4 (R-FIRE-5)."""
        state = ctx.state
        unit = state.units.get(target_id)
        if unit is not None:
            expr, burning = unit.armor, unit.fire_size > 0
        else:
            obj = state.objects[target_id]
            expr = obj.armor_expression
            burning = any(f.target == target_id and f.size > 0 for f in state.fires.values())
        result = roll_expression(expr, ctx.dice, purpose=f"armor of {target_id}")
        total, text = result.total, result.explain()
        if burning:
            penalty = roll_expression("-1d4", ctx.dice, purpose=f"burning armor penalty of {target_id}")
            total += penalty.total
            text += f"; burning {penalty.explain()} (R-FIRE-5)"
        if total < 0 and target_id in state.sn.base_armor:
            total = 0  # R-SN-36: SN Armor dice never lower the roll below 0
            text += " → 0 (R-SN-36)"
        return total, text

    def damage_outcome(self, state: GameState, target_id: str, damage: int, armor: int) -> str:
        """G-3: Damage > Armor → −1" Effective Size; equal → Disrupted (a unit); lower → nothing."""
        if damage > armor:
            unit = state.units.get(target_id)
            if unit is not None:
                return "killed" if unit.size - 1 <= 0 else "size_lost"
            return "destroyed" if state.objects[target_id].effective_size - 1 <= 0 else "size_lost"
        if damage == armor and target_id in state.units:
            return "disrupted"
        return "none"

    def suffer(self, ctx: RulesContext, target_id: str, outcome: str, cause: str) -> None:
        from brikwars_gui.engine.rules.damage import _lose_size, disrupt

        if outcome in ("size_lost", "killed", "destroyed"):
            _lose_size(ctx, target_id, cause)
        elif outcome == "disrupted":
            disrupt(ctx, target_id, cause)
