"""The D6 System as a ruleset (RULES.md D6; seed 002 covers the dice, the rest follows the open
D6 System's conventions, docs/rules-decisions.md "D6 ruleset").

* Actions roll the unit's die code for the action's skill (melee, ranged, thrown; dodge for
  everything else) against `conversion.difficulty(needed)`, with one Wild Die (R-D6-2/3/5).
* A Wild Die 1 (R-D6-4) follows the scenario's option: "cancel_highest" (A-11) or
  "complication": the total stands and `COMPLICATIONS` picks an effect, graver the lower the total.
* Before a judged roll a unit holding Fate Points is asked "fate_point" (R-D6-8/9: double its own
  dice and pips; "climax" doubles all its rolls this round, once a battle); after a failed roll
  that had no Fate Point, "character_points" (R-D6-6/7: extra Wild Dice, up to the cap).
  The defaults of those questions are the AI's spending policy (`fate_default`, `cp_default`).
* Damage (weapon `d6_damage` or the converted expression) against a resistance roll of the
  unit's strength code: beaten by 1–3 stunned (Disrupted), 4–8 wounded (−1D on every roll; a
  second wound incapacitates), 9–12 incapacitated, 13+ killed; either way it leaves the battle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from brikwars_gui.engine.dice.brikwars_odds import die_distribution
from brikwars_gui.engine.dice.d6 import (
    CANCEL_HIGHEST,
    COMPLICATION,
    add_character_points,
    equipment_bonus,
    roll_code,
)
from brikwars_gui.engine.dice.expression import DiceExpression, parse_dice
from brikwars_gui.engine.rulesets import register
from brikwars_gui.engine.rulesets.base import (
    DISRUPTED_WORTH,
    DamageRoll,
    RollAsked,
    Ruleset,
    StatLine,
    StrikeOdds,
    WeaponTerms,
)
from brikwars_gui.engine.rulesets.d6 import odds
from brikwars_gui.engine.rulesets.d6.conversion import (
    DEFAULT_CP,
    HERO_CP,
    HERO_FP,
    damage_code,
    difficulty,
    pip_modifier,
    skill_code,
)
from brikwars_gui.engine.rulesets.d6.fate import HEROIC, fate_limit, reckon
from brikwars_gui.engine.rulesets.d6.rolls import Complication, D6ActionRoll, D6Damage, Wounded
from brikwars_gui.engine.rulesets.d6.terms import (
    BURNING_PENALTY,
    KIND_STAT,
    RADIUS_PER_D10,
    STATS,
    WOUNDS_OUT,
    _code,
    _label,
    complication_for,
    cp_default,
    fate_default,
)

if TYPE_CHECKING:
    from brikwars_gui.engine.context import RulesContext
    from brikwars_gui.engine.rules.attack_odds import AttackOdds
    from brikwars_gui.engine.rules.combat import AttackPlan
    from brikwars_gui.engine.rules.common import DecisionRequest
    from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
    from brikwars_gui.scenario.models import Scenario

def _fill_stats(unit: UnitState, given: dict[str, Any]) -> None:
    """The unit's die codes and pools: the scenario's D6 block (`given`), else converted."""
    own = skill_code(unit.skill)
    unit.stats = {s: str(given.get(s, own)) for s in STATS[:-1]}
    unit.stats["strength"] = str(given.get("strength", damage_code(unit.armor)))
    for stat, bonus in given.get("equipment", {}).items():
        unit.stats[f"{stat}_equipment"] = str(bonus)  # R-D6-1, EX-15
    unit.pools = {
        "cp": int(given.get("character_points", HERO_CP if unit.hero else DEFAULT_CP)),
        "fp": int(given.get("fate_points", HERO_FP if unit.hero else 0)),
        "wounds": 0,
        "climax_round": 0,
    }
    if given.get("moral_code") == HEROIC:  # R-D6-10: its Fate Points are reckoned at the end
        unit.pools[HEROIC] = 1


@register
class D6Ruleset(Ruleset):
    name = "d6"
    label = "D6 System (Wild Die)"

    # -- set-up -----------------------------------------------------------------------------

    def setup(self, state: GameState, scenario: Scenario) -> None:
        state.ruleset_options = scenario.d6.model_dump(mode="json")
        blocks = {u.id: u for u in scenario.units}
        for unit in state.units.values():
            source = blocks.get(unit.id)
            block = source.d6 if source is not None else None
            _fill_stats(unit, block.model_dump(exclude_none=True) if block is not None else {})
            if source is not None:
                for weapon, spec in zip(unit.weapons, source.weapons, strict=False):
                    weapon.d6_damage = spec.d6_damage

    def unit_joined(self, state: GameState, unit: UnitState) -> None:
        """A unit born mid-battle plays with the default conversion of its BrikWars stats."""
        _fill_stats(unit, {})

    def _option(self, state: GameState) -> str:
        return str(state.ruleset_options.get("critical_failure", COMPLICATION))

    def _cap(self, state: GameState) -> int | None:
        return state.ruleset_options.get("character_point_cap", 5)

    def character_point_cap(self, state: GameState) -> int | None:
        """The scenario's R-D6-7 cap on Character Points per roll (None: no cap)."""
        return self._cap(state)

    def code(
        self, state: GameState, unit: UnitState | None, kind: str, sides: int, *, fate: bool
    ) -> tuple[int, int]:
        """(dice, pips) the unit rolls for `kind` now: its code, doubled by a Fate Point before
        anything else (R-D6-8), then its equipment bonus (R-D6-1, EX-15: not doubled), −1D per
        wound (at least 1D)."""
        if unit is None:
            return _code(skill_code(sides))
        stat = KIND_STAT.get(kind, "dodge")
        dice, pips = _code(unit.stats.get(stat, skill_code(sides)))
        if fate or unit.pools.get("climax_round") == state.round:
            dice, pips = 2 * dice, 2 * pips
        extra_dice, extra_pips = equipment_bonus(unit.stats.get(f"{stat}_equipment"))
        return max(1, dice + extra_dice - unit.pools.get("wounds", 0)), pips + extra_pips

    # -- Actions ----------------------------------------------------------------------------

    def action_chance(
        self,
        state: GameState,
        unit: UnitState,
        needed: int,
        *,
        kind: str,
        per_die_modifier: int = 0,
        weapon: WeaponState | None = None,
        fate: bool = False,
    ) -> float:
        """Exact chance of the roll with no points spent (`fate`: with a Fate Point); a burning
        unit's −1d4 (R-FIRE-5) is averaged over that die's exact distribution."""
        from brikwars_gui.engine.hazards.fire import burning_action_penalty

        dice, pips = self.code(state, unit, kind, unit.skill, fate=fate)
        option = self._option(state)
        base = needed - per_die_modifier
        if burning_action_penalty(state, unit, weapon) is None:
            return odds.chance(dice, pips, difficulty(base), option)
        return sum(p * odds.chance(dice, pips, difficulty(base + v), option) for v, p in die_distribution(4))

    def attack_chance(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        plan: AttackPlan,
        *,
        step: Cell | None = None,
    ) -> float:
        """The card's chance to hit: Fate and Character Points as the default answers spend them
        (R-D6-6..8, `forecast.default_hit_chance`), not `action_chance`'s roll with none spent."""
        from brikwars_gui.engine.rulesets.d6.forecast import default_hit_chance

        if plan.needed is None:
            return plan.chance
        return default_hit_chance(self, state, attacker, weapon, plan.needed, -plan.out_of_range)[0]

    def describe_roll(self, state: GameState, unit: UnitState, roll: RollAsked) -> str:
        """`Melee 3D+1 vs 15, 42%`: the code rolled now (wounds counted) against the converted
        difficulty of the BrikWars number (R-D6-1/2)."""
        if roll.needed is None:
            return "automatic"
        dice, pips = self.code(state, unit, roll.kind, unit.skill, fate=False)
        target = difficulty(roll.needed - roll.per_die_modifier)
        text = f"{self.stat_name(roll.kind)} {_label(dice, pips)} vs {target}, {roll.chance:.0%}"
        weapon = next((w for w in unit.weapons if w.name == roll.weapon), None) if roll.weapon else None
        if weapon is None:
            return text
        from brikwars_gui.engine.rulesets.d6.forecast import default_hit_chance  # imports us

        points = default_hit_chance(self, state, unit, weapon, roll.needed, roll.per_die_modifier)[0]
        if round(points, 2) == round(roll.chance, 2):
            return text
        # the attack card's headline counts the points the default answers spend: say both (R-D6-7)
        return f"{text} on the roll, {points:.0%} spending Character/Fate Points"

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
    ) -> D6ActionRoll:
        state = ctx.state
        option = self._option(state)
        needed = None if use is None else use + penalty
        target = None if needed is None else difficulty(needed - per_die_modifier)
        ask = getattr(ctx, "ask", None)
        fate = "no"
        if unit is not None and target is not None:
            if unit.pools.get("climax_round") == state.round:
                fate = "climax"
            elif ask is not None and unit.pools.get("fp", 0) > 0 and self._fate_askable(state, unit):
                fate = ask(self._fate_request(state, unit, kind, sides, target, option))
                if fate != "no":
                    unit.pools["fp"] -= 1  # R-D6-10: a spent Fate Point is gone
                    if fate == "climax":
                        unit.pools["climax_round"] = state.round
                        unit.pools["climaxes"] = unit.pools.get("climaxes", 0) + 1
        dice, pips = self.code(state, unit, kind, sides, fate=fate == "yes")
        stat = KIND_STAT.get(kind, "dodge") if unit is not None else "action"
        label = (
            f"{stat.title()} {_label(dice, pips)}"
            + {"no": "", "yes": " (Fate Point ×2)", "climax": " (climax ×2)"}[fate]
        )
        roll = roll_code(_label(dice, pips), ctx.dice, critical_failure_option=option, purpose=purpose)
        if unit is not None and target is not None and fate == "no" and roll.total < target:  # R-D6-6
            roll, spent = self._offer_cp(ctx, unit, roll, target - roll.total, kind, purpose)
            if spent:
                label += f" +{spent} CP"
        effect = ""
        if roll.critical_failure and option == COMPLICATION and unit is not None and target is not None:
            effect, text = complication_for(roll.total, target)
            self._complicate(ctx, unit, effect)
            ctx.emit(Complication(unit.id, purpose, effect, text))
        return D6ActionRoll(label, roll, target, needed, fate, effect)

    def _offer_cp(
        self, ctx: RulesContext, unit: UnitState, roll: Any, short_by: int, kind: str, purpose: str
    ) -> tuple[Any, int]:
        """R-D6-7: after a roll that fell `short_by` short, before it is judged, the unit's player
        is asked how many Character Points (extra Wild Dice, up to the cap) to add; spent ones are
        gone (R-D6-10). Returns the roll with those dice and the number spent."""
        ask = getattr(ctx, "ask", None)
        if ask is None or unit.pools.get("cp", 0) <= 0:
            return roll, 0
        cap = self._cap(ctx.state)
        most = unit.pools["cp"] if cap is None else min(cap, unit.pools["cp"])
        chances = {str(k): odds.cp_chance(k, short_by) for k in range(most + 1)}
        from brikwars_gui.engine.rules.common import DecisionRequest  # rules import the rulesets

        request = DecisionRequest(
            "character_points",
            unit.id,
            unit.team,
            None,
            tuple(chances),
            cp_default(kind, chances),
            {"total": roll.total, "difficulty": roll.total + short_by, "chances": chances, "roll": purpose},
        )
        spent = int(ask(request))
        if not spent:
            return roll, 0
        unit.pools["cp"] -= spent  # R-D6-7: spent Character Points are lost
        unit.pools["cp_spent"] = unit.pools.get("cp_spent", 0) + spent
        return add_character_points(roll, ctx.dice, spent, purpose=purpose), spent

    def _damage_cp(
        self, ctx: RulesContext, unit: UnitState, roll: Any, purpose: str, target: str | None
    ) -> tuple[Any, int]:
        """R-D6-7 ("any roll … damage"): after its Damage roll against `target` the attacker's
        player may add Character Point Wild Dice (before the resistance is rolled, so no chance is
        shown); the rules' default keeps the points for Action and resistance rolls (the tactical
        AI weighs them against the target, `choices.damage_points`)."""
        ask = getattr(ctx, "ask", None)
        if ask is None or unit.pools.get("cp", 0) <= 0:
            return roll, 0
        cap = self._cap(ctx.state)
        most = unit.pools["cp"] if cap is None else min(cap, unit.pools["cp"])
        from brikwars_gui.engine.rules.common import DecisionRequest  # rules import the rulesets

        request = DecisionRequest(
            "damage_points", unit.id, unit.team, target, tuple(str(k) for k in range(most + 1)), "0",
            {"total": roll.total, "roll": purpose},
        )
        spent = int(ask(request))
        if not spent:
            return roll, 0
        unit.pools["cp"] -= spent
        unit.pools["cp_spent"] = unit.pools.get("cp_spent", 0) + spent
        return add_character_points(roll, ctx.dice, spent, purpose=purpose), spent

    def _resistance_fate(self, ctx: RulesContext, unit: UnitState, damage: int) -> bool:
        """R-D6-8: before its resistance roll against `damage` the unit's player may spend a Fate
        Point doubling its strength code (not in its climax round, already doubled)."""
        state = ctx.state
        ask = getattr(ctx, "ask", None)
        if ask is None or unit.pools.get("fp", 0) <= 0 or unit.pools.get("climax_round") == state.round:
            return False
        if fate_limit(state, unit):  # R-D6-10's GM limits: not on resisting Damage
            return False
        from brikwars_gui.engine.rules.common import DecisionRequest  # rules import the rulesets

        option = self._resist_option(state)
        penalty = _code(damage_code(parse_dice(BURNING_PENALTY))) if unit.fire_size > 0 else None
        plain = odds.resist_chance(*self.resistance_code(state, unit), damage, option, penalty)
        doubled = odds.resist_chance(*self.resistance_code(state, unit, fate=True), damage, option, penalty)
        chances = {"no": plain, "yes": doubled}
        answer = ask(
            DecisionRequest(
                "fate_point",
                unit.id,
                unit.team,
                None,
                ("no", "yes"),
                fate_default("resistance", plain, doubled),
                {"difficulty": damage, "chances": chances, "kind": "resistance"},
            )
        )
        if answer != "yes":
            return False
        unit.pools["fp"] -= 1  # R-D6-10: a spent Fate Point is gone
        return True

    @staticmethod
    def _fate_askable(state: GameState, unit: UnitState) -> bool:
        """A Fate Point may be offered on the unit's Action roll now (R-D6-10's limits: a 9D+
        character only climactically, once a battle)."""
        return fate_limit(state, unit) != "climax" or not unit.pools.get("climaxes", 0)

    def ai_dials(self, dials: dict[str, float]) -> dict[str, float]:
        """Under D6 a hit mostly stuns and a kill takes two wounds or a large margin, so the fight
        is long attrition, as under Nine Powers: Hard plays with Normal's formation, caution and
        next-turn weight, one unit planned at a time (its eight exact path checks kept). Skirmish
        under D6, Hard vs the greedy baseline, seeds 0–79 (issue 25, third session): 62 of 80
        with Hard's own dials, 70 of 80 with these (Normal: 68 of 80). See docs/ai.md.

        Hard's copies see the enemy reply as Normal plans (`planner_replies`, as under BrikWars),
        not as the default AI: that model walks into saved Actions, so holding back looked best
        where Normal, which keeps out of them, shoots first — two riflemen 12 squares from two
        others fell back to the table's edge (issue 25, sixth session; the hold way played every
        turn won 43 of 200 mirror games to Normal's 125). See docs/ai.md."""
        own = {"planner_replies": 3} if dials.get("level") == "hard" else {}
        return {
            **own,
            "formation": min(dials["formation"], 0.05),
            "formation_range": max(dials["formation_range"], 6.0),
            "lookahead": 1,
            "caution": min(dials["caution"], 0.9),
            "next_turn": min(dials["next_turn"], 0.35),
        }

    def standing_worth(self, state: GameState, unit: UnitState) -> float:
        """A wound takes half a unit off (a second one takes it out, R-D6-3, and it rolls a die
        less meanwhile), a stun (Disrupted) half of what is left: a D6 hit mostly stuns or wounds,
        so a play-out scored by units out alone sees its choices end alike (issue 25)."""
        if not unit.alive:
            return 0.0
        left = max(0.0, 1.0 - unit.pools.get("wounds", 0) / WOUNDS_OUT)
        return left * (DISRUPTED_WORTH if unit.disrupted else 1.0)

    def ai_answer(self, state: GameState, request: DecisionRequest) -> str | None:
        """The tactical AI's Fate and Character Points by expected harm (`choices`, R-D6-6..8)."""
        from brikwars_gui.engine.rulesets.d6.choices import answer  # imports the forecast

        return answer(self, state, request)

    def battle_over(self, ctx: RulesContext) -> None:
        """R-D6-10: the heroic units' Fate Points earned back or lost for their deeds."""
        reckon(ctx)

    def _resist_option(self, state: GameState) -> str:
        return CANCEL_HIGHEST if self._option(state) == CANCEL_HIGHEST else COMPLICATION

    def _fate_request(
        self, state: GameState, unit: UnitState, kind: str, sides: int, target: int, option: str
    ) -> Any:
        from brikwars_gui.engine.rules.common import DecisionRequest  # rules import the rulesets

        plain = odds.chance(*self.code(state, unit, kind, sides, fate=False), target, option)
        doubled = odds.chance(*self.code(state, unit, kind, sides, fate=True), target, option)
        only_climax = fate_limit(state, unit) == "climax"  # R-D6-10's GM limit for 9D+ characters
        options = ["no"] + ([] if only_climax else ["yes"])
        options += [] if unit.pools.get("climaxes", 0) else ["climax"]
        chances = {"no": plain, "yes": doubled, "climax": doubled}
        default = fate_default(kind, plain, doubled)
        return DecisionRequest(
            "fate_point",
            unit.id,
            unit.team,
            None,
            tuple(options),
            default if default in options else "no",
            {"difficulty": target, "chances": {k: chances[k] for k in options}, "kind": kind},
        )

    def _complicate(self, ctx: RulesContext, unit: UnitState, effect: str) -> None:
        if effect in ("stumble", "off_balance"):
            unit.stopped = True
        if effect == "off_balance":
            unit.saved_action = False
        if effect == "fall":
            from brikwars_gui.engine.rules.damage import disrupt  # damage imports the rulesets

            disrupt(ctx, unit.id, "fell: a D6 complication (R-D6-4)")

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
        """The attack roll with the points the default answers spend, then the Damage that hits (the target's
        Energy Shields, a burning attacker's +1d4: R-HAZ-21, R-FIRE-6) against the target's
        resistance roll: a margin of 1–3 stuns, 4–8 wounds (a second wound takes it out), 9+ takes
        it out (the module docstring's table); a burning target rolls the converted 1d4 lower
        (R-FIRE-5). The card's computation (`forecast.strike_outcome`)."""
        from brikwars_gui.engine.rulesets.d6.forecast import default_hit_chance, strike_outcome

        hit = 1.0
        if needed is not None:  # Fate and Character Points as the default answers spend them
            hit = default_hit_chance(self, state, attacker, weapon, needed, per_die_modifier)[0]
        (out, wound, stun), *_rest = strike_outcome(
            self, state, attacker, weapon, target.id, needed=needed, per_die_modifier=per_die_modifier
        )
        return StrikeOdds(hit, hit * out, hit * (out + wound), hit * stun)

    # -- Damage -----------------------------------------------------------------------------

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
    ) -> D6Damage:
        parsed = parse_dice(expr) if isinstance(expr, str) else expr
        d10s = sum(t.count for t in parsed.terms if t.sides == 10 and t.sign > 0)
        d4s = sum(t.count for t in parsed.terms if t.sides == 4 and t.sign > 0)
        count = sum(t.count for t in parsed.terms if t.sign > 0)
        if not count and parsed.modifier <= 0:
            return D6Damage("no Damage dice", None, d10s, d4s, count)
        own = weapon is not None and weapon.d6_damage and parse_dice(weapon.damage) == parsed
        code = str(weapon.d6_damage) if own and weapon is not None else damage_code(parsed)
        dice, pips = _code(code)
        pips += pip_modifier(per_die_modifier, parsed) if per_die_modifier else 0
        option = CANCEL_HIGHEST if self._option(ctx.state) == CANCEL_HIGHEST else COMPLICATION
        roll = roll_code(_label(dice, pips), ctx.dice, critical_failure_option=option, purpose=purpose)
        label = _label(dice, pips)
        if attacker is not None:  # R-D6-7: Character Points on the Damage roll too
            roll, spent = self._damage_cp(ctx, attacker, roll, purpose, target)
            label += f" +{spent} CP" if spent else ""
        return D6Damage(label, roll, d10s, d4s, count)

    def extra_damage_roll(self, ctx: RulesContext, expr: str, *, purpose: str) -> tuple[int, list[int], str]:
        """R-FIRE-6's +1d4 Fire on the D6 scale: its converted code (1d4 → 1D+2, `damage_code`),
        whose Wild Die is the ignition die, named by that code."""
        roll = self.damage_roll(ctx, expr, purpose=purpose)
        return roll.total, self.ignition_dice(roll), roll.label

    def explosion_radius(self, roll: DamageRoll) -> int:
        return RADIUS_PER_D10 * max(1, getattr(roll, "d10s", 0))

    def ignition_dice(self, roll: DamageRoll, *, sides: int | None = 4) -> list[int]:
        assert isinstance(roll, D6Damage)
        return roll.ignition(roll.d4s if sides == 4 else roll.source_dice)

    def resistance_code(self, state: GameState, unit: UnitState, *, fate: bool = False) -> tuple[int, int]:
        """(dice, pips) of the unit's strength code now (doubled by a Fate Point spent on it,
        R-D6-8, or in its climax round, R-D6-9)."""
        dice, pips = _code(unit.stats.get("strength", damage_code(unit.armor)))
        if fate or unit.pools.get("climax_round") == state.round:  # R-D6-9: all its rolls this round
            dice, pips = 2 * dice, 2 * pips
        extra_dice, extra_pips = equipment_bonus(unit.stats.get("strength_equipment"))
        dice, pips = dice + extra_dice, pips + extra_pips  # R-D6-1, EX-15: not doubled
        return dice, pips

    def critical_failure_option(self, state: GameState) -> str:
        """The scenario's R-D6-4 option for Action rolls ("complication" or "cancel_highest")."""
        return self._option(state)

    @staticmethod
    def stat_name(kind: str) -> str:
        """The stat an action of `kind` rolls: Melee, Ranged, Thrown or Dodge."""
        return KIND_STAT.get(kind, "dodge").title()

    def attack_odds(self, state: GameState, attacker_id: str, weapon: str, target_id: str) -> AttackOdds:
        """Exact: the Action roll with its Wild Die, then Damage against resistance through the
        damage table (`forecast`)."""
        from brikwars_gui.engine.rulesets.d6.forecast import attack_odds  # imports combat

        return attack_odds(self, state, attacker_id, weapon, target_id)

    def armor_roll(self, ctx: RulesContext, target_id: str, *, damage: int | None = None) -> tuple[int, str]:
        """The unit's strength code (objects: their converted Armor), with a Wild Die; a burning
        target rolls it lower by R-FIRE-5's 1d4 on the D6 scale (its converted code, 1D+2). Against
        known `damage` a unit's player may first spend a Fate Point doubling the code (R-D6-8) or,
        when the total falls short, Character Points adding Wild Dice (R-D6-7; never both, R-D6-6)."""
        state = ctx.state
        unit = state.units.get(target_id)
        fate = False
        if unit is not None:
            fate = damage is not None and self._resistance_fate(ctx, unit, damage)
            code, burning, what = (
                _label(*self.resistance_code(state, unit, fate=fate)),
                unit.fire_size > 0,
                "Strength",
            )
        else:
            obj = state.objects[target_id]
            code = damage_code(obj.armor_expression)
            burning = any(f.target == target_id and f.size > 0 for f in state.fires.values())
            what = "Armor"
        option = self._resist_option(state)
        roll = roll_code(code, ctx.dice, critical_failure_option=option, purpose=f"resistance of {target_id}")
        penalty_total, penalty_text = 0, ""
        if burning:
            penalty = self.damage_roll(ctx, BURNING_PENALTY, purpose=f"burning armor penalty of {target_id}")
            penalty_total, penalty_text = penalty.total, f"; burning −({penalty.explain()}) (R-FIRE-5)"
        spent = 0
        if unit is not None and damage is not None and not fate and roll.total - penalty_total < damage:
            short_by = damage - roll.total + penalty_total
            purpose = f"resistance of {target_id}"
            roll, spent = self._offer_cp(ctx, unit, roll, short_by, "resistance", purpose)
        label = f"{what} {code}" + (" (Fate Point ×2)" if fate else "") + (f" +{spent} CP" if spent else "")
        result = D6Damage(label, roll)
        return result.total - penalty_total, result.explain() + penalty_text

    def damage_outcome(self, state: GameState, target_id: str, damage: int, armor: int) -> str:
        margin = damage - armor
        unit = state.units.get(target_id)
        if unit is None:
            if margin <= 0:
                return "none"
            return "destroyed" if state.objects[target_id].effective_size - 1 <= 0 else "size_lost"
        if margin <= 0:
            return "none"
        if margin <= 3:
            return "stunned"
        if margin <= 8:
            return "incapacitated" if unit.pools.get("wounds", 0) + 1 >= WOUNDS_OUT else "wounded"
        return "incapacitated" if margin <= 12 else "killed"

    def suffer(self, ctx: RulesContext, target_id: str, outcome: str, cause: str) -> None:
        from brikwars_gui.engine.rules.damage import _lose_size, disrupt, kill  # damage imports us

        if outcome == "stunned":
            disrupt(ctx, target_id, cause)
        elif outcome == "wounded":
            unit = ctx.state.units[target_id]
            unit.pools["wounds"] = unit.pools.get("wounds", 0) + 1
            ctx.emit(Wounded(target_id, unit.pools["wounds"], cause))
        elif outcome in ("incapacitated", "killed"):
            kill(ctx, target_id, cause)
        elif outcome in ("size_lost", "destroyed"):
            _lose_size(ctx, target_id, cause)

    # -- display ----------------------------------------------------------------------------

    def stat_blocks(self, unit: UnitState) -> dict[str, Any]:
        """The unit's D6 block with the Character and Fate Points it has left (R-D6-10)."""
        block: dict[str, Any] = {s: unit.stats[s] for s in STATS if s in unit.stats}
        equipment = {s: unit.stats[f"{s}_equipment"] for s in STATS if f"{s}_equipment" in unit.stats}
        if equipment:
            block["equipment"] = equipment
        block["character_points"] = unit.pools.get("cp", 0)
        block["fate_points"] = unit.pools.get("fp", 0)
        if unit.pools.get(HEROIC):
            block["moral_code"] = HEROIC
        return {"d6": block}

    def stat_lines(self, unit: UnitState) -> list[StatLine]:
        lines = []
        for s in STATS:
            bonus = unit.stats.get(f"{s}_equipment")
            tip = "with its equipment bonus (R-D6-1, EX-15; a Fate Point does not double it)"
            value = unit.stats.get(s, "?")
            lines.append(StatLine(s.title(), f"{value} {bonus}" if bonus else value, tip if bonus else ""))
        pools = unit.pools
        lines.append(
            StatLine("Character Points", str(pools.get("cp", 0)), "R-D6-7: extra Wild Dice after a roll")
        )
        lines.append(
            StatLine("Fate Points", str(pools.get("fp", 0)), "R-D6-8: double own dice before a roll")
        )
        if pools.get("wounds"):
            lines.append(StatLine("Wounds", str(pools["wounds"]), "−1D on every roll per wound"))
        return lines

    def weapon_terms(self, state: GameState, unit: UnitState, weapon: WeaponState) -> WeaponTerms:
        """`Ranged 4D`: the stat code the unit rolls with it now (wounds counted, R-D6-1/7), and
        `3D+1`: the weapon's own D6 Damage code or its converted BrikWars dice (R-D6-2)."""
        kind = "melee" if weapon.kind == "close" or weapon.range is None else str(weapon.kind)
        dice, pips = self.code(state, unit, kind, unit.skill, fate=False)
        damage = weapon.d6_damage or damage_code(parse_dice(weapon.damage))
        return WeaponTerms(f"{self.stat_name(kind)} {_label(dice, pips)}", str(damage))
