"""Nine Powers as a ruleset (RULES.md NP; docs/rules-decisions.md "Nine Powers").

* An attack is one Melee, Shoot or Throw pool (R-NP-1..4): the attacker's player picks the
  difficulty (`np_difficulty`, each choice shown with its exact chance, damage and expected
  Stamina loss; the computer's default is `tactics.choose_difficulty`), the target's side may spend
  a veto first (`np_veto`, R-NP-11), and a success deals 1/2/3 through Armor to Stamina
  (R-NP-5..8). Stamina 0 is defeat: the unit leaves the battle (killed, for the shared rules).
* Other rolls the shared rules make (Shove, tasks, swimming, traps, concealed hazards, initiative)
  are checks of a matching skill against a difficulty from the BrikWars number asked for.
* Hazard, trap and explosion Damage is rolled as BrikWars dice (so fire and blasts behave as
  everywhere) and each Damage die that is not a Bonus Die is one point of Nine Powers damage.
* The Melee talent's guard (R-NP-12): a foe stepping out of reach draws a free attack at the
  talent's rating through the shared movement Responses (`sticky`); damage holds it in place.
* Rounds (R-NP-9): sides take turns; from round 2 the side that dealt more damage last round goes
  first (`resolve.side_order`). Monster armor refills, conditions run out, vetoes lapse and venom
  bites in the turn hooks.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from brikwars_gui.engine.dice.brikwars import ROLE_BONUS, RollResult, roll_expression
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.rulesets import register
from brikwars_gui.engine.rulesets.base import (
    DISRUPTED_WORTH,
    DamageRoll,
    RollAsked,
    Ruleset,
    SkillTurnOption,
    SkillTurnWorth,
    StatLine,
    StrikeOdds,
    WeaponTerms,
)
from brikwars_gui.engine.rulesets.ninepowers import attacks, avoid, forecast, sticky, turns, unitstate
from brikwars_gui.engine.rulesets.ninepowers.battlefield import (
    CLIMB_BRICKS,
    HIGHER_GROUND_BRICKS,
    RANGE_FACTOR,
)
from brikwars_gui.engine.rulesets.ninepowers.conditions import WrestlingEffect
from brikwars_gui.engine.rulesets.ninepowers.damage import Hit, plan_damage
from brikwars_gui.engine.rulesets.ninepowers.odds import success_chance
from brikwars_gui.engine.rulesets.ninepowers.pools import (
    Difficulty,
    difficulty_for,
    pool_sides,
    pool_size,
    roll_pool,
)
from brikwars_gui.engine.rulesets.ninepowers.resolve import end_turn, side_order, start_round, start_turn
from brikwars_gui.engine.rulesets.ninepowers.rolls import NinePowersCheck, NinePowersDamage
from brikwars_gui.engine.rulesets.ninepowers.stats import SKILL_DIE_RATING, SKILLS, NinePowersStats
from brikwars_gui.engine.rulesets.ninepowers.tactics import ARMOR_HARM

if TYPE_CHECKING:
    from brikwars_gui.engine.context import RulesContext
    from brikwars_gui.engine.dice.expression import DiceExpression
    from brikwars_gui.engine.rules.attack_odds import AttackOdds
    from brikwars_gui.engine.rules.combat import AttackPlan
    from brikwars_gui.engine.rules.common import DecisionRequest
    from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
    from brikwars_gui.scenario.models import Scenario

#: the skill a shared-rules roll of each kind uses (R-NP-10; L417 avoidance checks)
KIND_SKILL = {
    "melee": "Melee",
    "ranged": "Shoot",
    "thrown": "Throw",
    "shove": "Wrestle",
    "swim": "Acrobatics",
    "task": "Perception",
    "concealed": "Perception",
    "initiative": "Acrobatics",
}

#: What a unit at 1 Stamina still counts for when Hard scores a play-out (`standing_worth`).
STANDING_FLOOR = 0.25


def _fill_stats(unit: UnitState, stats: NinePowersStats, move: int) -> None:
    unit.stats = stats.to_dict()
    unit.pools = unitstate.fresh_pools(stats)
    unit.move = move
    unit.climb = CLIMB_BRICKS[stats.rating("acrobatics")]  # Acrobatics/Climb (L914-916)


@register
class NinePowersRuleset(Ruleset):
    name = "ninepowers"
    label = "Nine Powers (lowest-die pools)"
    aliases = ("nine_powers",)

    # -- set-up -----------------------------------------------------------------------------

    def setup(self, state: GameState, scenario: Scenario) -> None:
        """Stat blocks from the scenario (or converted), fresh Stamina and Armor, the GM's
        movement allowance in squares (R-NP-10, L902)."""
        options = scenario.ninepowers
        state.ruleset_options = options.model_dump(mode="json")
        blocks = {u.id: u.ninepowers for u in scenario.units}
        for unit in state.units.values():
            block = blocks.get(unit.id)
            stats = (
                NinePowersStats.from_dict(block.model_dump(exclude_defaults=True))
                if block is not None
                else unitstate.converted_stats(unit)
            )
            _fill_stats(unit, stats, options.move)
        for unit in state.units.values():
            avoid.start_turn(state, unit)  # a primary opponent from the start (L1123)

    def unit_joined(self, state: GameState, unit: UnitState) -> None:
        """A unit born mid-battle: converted stats, fresh pools, the GM's move allowance."""
        _fill_stats(unit, unitstate.converted_stats(unit), int(state.ruleset_options.get("move", unit.move)))
        avoid.start_turn(state, unit)

    # -- rounds and turns --------------------------------------------------------------------

    def begin_turn(self, ctx: RulesContext, player: str) -> None:
        """A side's turn begins: at the first side of a round, every buffer refills and expired
        conditions drop (R-NP-8); each of the side's units loses unkept vetoes (L922, L1108); a
        hindered unit has half its move, a grabbed one none (wrestling effects)."""
        state = ctx.state
        if state.active_index == 0:
            for unit in state.units.values():
                if unit.alive:
                    fighter = unitstate.load(unit)
                    start_round([fighter], state.round)
                    unitstate.store(unit, fighter)
        for unit in state.units.values():
            if unit.alive and unit.team == player:
                fighter = unitstate.load(unit)
                start_turn(fighter)
                unitstate.store(unit, fighter)
                avoid.start_turn(state, unit)  # the Perception talent's primary opponent (L1123)
                if unitstate.has_condition(unit, WrestlingEffect.GRAB):
                    unit.stopped = True
                elif unitstate.has_condition(unit, WrestlingEffect.HINDER):
                    unit.move_spent = max(unit.move_spent, unit.move - unit.move // 2)

    def end_turn(self, ctx: RulesContext, player: str) -> None:
        """Venom bites at the end of each of its victims' turns (R-NP-15); after the last side,
        the next round's order is fixed (R-NP-9)."""
        from brikwars_gui.engine.rules.damage import kill  # damage imports the rulesets

        state = ctx.state
        for unit in sorted(state.units.values(), key=lambda u: u.id):
            if unit.alive and unit.team == player and unit.pools.get("venom"):
                fighter = unitstate.load(unit)
                text = end_turn(fighter)
                unitstate.store(unit, fighter)
                if text:
                    ctx.emit(attacks.NinePowersTurn(unit.id, "Venom", None, None, None, None, None, text))
                if fighter.vitals.defeated:
                    kill(ctx, unit.id, "venom (R-NP-15)")
        if state.active_index == len(state.turn_order) - 1:
            sides = list(state.turn_order)
            dealt, stamina = unitstate.round_tally(state)
            order = side_order(state.round + 1, sides, None, dealt, stamina)
            if order != sides:
                state.turn_order = order
                ctx.emit(attacks.SideOrderChanged(state.round + 1, list(order), dealt, stamina))

    # -- attacks ----------------------------------------------------------------------------

    def resolve_attack(
        self,
        ctx: RulesContext,
        attacker: UnitState,
        weapon: WeaponState,
        target_id: str,
        plan: Any,
        *,
        response: bool = False,
    ) -> Any:
        if target_id not in ctx.state.units or weapon.damage_type == "explosive":
            return None  # objects and blasts (G-12): the shared roll-then-Damage rules
        return attacks.attack(ctx, attacker, weapon, target_id, plan, response=response)

    # -- the Melee talent's guard: a free attack on a foe moving away (R-NP-12) ---------------

    def leaving_responses(
        self, state: GameState, mover: UnitState, prev: Cell, cell: Cell
    ) -> list[tuple[str, str]]:
        return sticky.guards(state, mover, prev, cell)

    def draws_leaving_responses(self, state: GameState) -> bool:
        return True

    def resolve_leaving_response(
        self, ctx: RulesContext, kind: str, responder: UnitState, mover: UnitState
    ) -> bool:
        return sticky.strike(ctx, responder, mover) if kind == sticky.KIND else True

    def attack_odds(
        self, state: GameState, attacker_id: str, weapon: str, target_id: str
    ) -> AttackOdds | None:
        """Each difficulty's exact odds, damage, Armor and Stamina expected lost and chance to
        defeat, the pool and its modifiers, and a veto the target's side holds (`forecast`)."""
        return forecast.attack_odds(state, attacker_id, weapon, target_id)

    def attack_chance(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        plan: AttackPlan,
        *,
        step: Cell | None = None,
    ) -> float:
        """The card's chance to hit: the difficulty the default answer picks, over the attacks the
        defenders' default answers let be rolled (R-NP-2, R-NP-11, L1123); a blast's or an
        object's shared roll (L367). Not `action_chance`, which knows no target (`forecast`)."""
        return forecast.attack_chance(state, attacker, weapon, plan, step)

    # -- Acrobatics, Protect, Perception, Wrestle, Bargain, Escape ----------------------------

    def skill_turns(self, state: GameState, unit: UnitState) -> list[SkillTurnOption]:
        return turns.options(state, unit)

    def skill_turn_problem(self, state: GameState, unit: UnitState, skill: str, target: str | None) -> str:
        return turns.problem(state, unit, skill, target)

    def skill_turn(self, ctx: RulesContext, unit: UnitState, skill: str, target: str | None) -> None:
        turns.perform(ctx, unit, skill, target)

    def skill_turn_worth(
        self, state: GameState, unit: UnitState, skill: str, target: str | None
    ) -> SkillTurnWorth | None:
        """Vetoes, a Perception mark's extra harm, a wrestling effect's relief (`ai_turns`)."""
        from brikwars_gui.engine.rulesets.ninepowers.ai_turns import worth

        return worth(state, unit, skill, target)

    # -- checks ----------------------------------------------------------------------------

    def _pool(self, unit: UnitState | None, kind: str, sides: int) -> tuple[str, int, tuple[int, ...]]:
        skill = KIND_SKILL.get(kind, "Perception")
        if unit is None:  # a trap: its Action die as a rating
            rating = SKILL_DIE_RATING.get(sides, 1)
            return "Trap", rating, pool_sides(pool_size(rating))
        stats = unitstate.stats_of(unit)
        rating = stats.rating(skill)
        stamina = unit.pools.get("stamina", stats.stamina)
        limited = stats.stamina_limited
        size = pool_size(rating, situational=stats.situational, stamina=stamina, stamina_limited=limited)
        return skill, rating, pool_sides(size)

    def check_pool(self, unit: UnitState, kind: str) -> tuple[int, ...]:
        """The dice `action_roll` rolls for the unit's check of `kind` now."""
        return self._pool(unit, kind, unit.skill)[2]

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
    ) -> NinePowersCheck:
        """A check of the kind's skill against the GM's difficulty for `use + penalty` (L367)."""
        needed = None if use is None else use + penalty - per_die_modifier
        difficulty = difficulty_for(needed)
        skill, rating, dice = self._pool(unit, kind, sides)
        roll = roll_pool(ctx.dice, dice, difficulty, label=skill, rating=rating)
        return NinePowersCheck(roll, needed, judged=use is not None)

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
        """Exact chance of the check; an attack's is its Medium chance (the difficulty is chosen
        at the roll, with every choice's odds shown then), except a blast's, which the shared rules
        roll at the GM's difficulty for the BrikWars number (`forecast.shared_roll_chance`)."""
        if weapon is not None and weapon.damage_type == "explosive":
            return forecast.shared_roll_chance(state, unit, weapon, needed, -per_die_modifier)
        _, _, dice = self._pool(unit, kind, unit.skill)
        difficulty = (
            Difficulty.MEDIUM
            if kind in ("melee", "ranged", "thrown")
            else difficulty_for(needed - per_die_modifier)
        )
        return float(success_chance(len(dice), difficulty))

    def describe_roll(self, state: GameState, unit: UnitState, roll: RollAsked) -> str:
        """`Perception 3, Medium, 67%`: the skill and its rating, the difficulty and the chance
        (R-NP-1/2); an attack's difficulty is picked when it is made, so each choice's chance is
        named (`Melee 3; pick Easy 88%, Medium 67% or Tough 38% next`): the forecast card's, with
        range, moving and flanking (R-NP-3/10/14), so the two agree; a blast is the shared rules'
        roll at the GM's difficulty (L367, G-12), as `action_chance` gives it."""
        if roll.needed is None:
            return "automatic"
        skill, rating, _ = self._pool(unit, roll.kind, unit.skill)
        target = state.units.get(roll.target or "")
        weapon = next((w for w in unit.weapons if w.name == roll.weapon), None)
        blast = weapon is not None and weapon.damage_type == "explosive"  # `plan.chance` is its roll
        attack = roll.kind in ("melee", "ranged", "thrown") and not blast
        if attack and target is not None and weapon is not None:
            # the difficulty is asked when the attack is made: name each choice's chance here
            # rather than one the player is then asked to pick again (review 2026-11-27 item 25)
            choices = [
                f"{c.difficulty.label.capitalize()} {float(c.success):.0%}"
                for c in attacks.forecasts(state, unit, weapon, target)
            ]
            return f"{skill} {rating}; pick {', '.join(choices[:-1])} or {choices[-1]} next"
        level = Difficulty.MEDIUM if attack else difficulty_for(roll.needed - roll.per_die_modifier)
        return f"{skill} {rating}, {level.label.capitalize()}, {roll.chance:.0%}"

    def ai_answer(self, state: GameState, request: DecisionRequest) -> str | None:
        """The tactical AI's difficulty and veto answers by the exact odds: the difficulty over the
        attacks that get rolled (R-NP-11, L1123) and the next round's order a last blow settles
        (R-NP-9); a veto kept for the most valuable attacks still to come (`ai_choices`)."""
        from brikwars_gui.engine.rulesets.ninepowers.ai_choices import answer

        return answer(state, request)

    def ai_dials(self, dials: dict[str, float]) -> dict[str, float]:
        """Nine Powers is a fight of attrition where every foe in reach strikes each round: Hard's
        tight formation (0.15 within 4") and its three-unit lookahead lost to the greedy baseline
        (skirmish under Nine Powers, 20 seeded games, seats swapped: 9 wins; with Normal's formation
        12; with both as Normal's 15; Normal 16). So no tighter than Normal's formation and one
        unit planned at a time. Nor does it strike in close combat and fall back: the foe walks in
        and strikes first next round (ruined_chapel, Normal vs greedy, 20 games: 4 wins falling
        back, 9 not; a shooter still shoots and falls back to cover: forbidding that too cost
        Hard 15 → 8 wins on skirmish@ninepowers). Nor more caution about the foe's next turn
        than Normal's (0.9, 0.35): with Hard's (1.0, 0.5) Hard won 16 of 40 on ruined_chapel
        against the greedy baseline, with Normal's 24 (issue 25, second session). Nor Sprint or
        Charge ahead: the runner arrives alone among foes who all strike each round, flanked
        (R-NP-14; ruined_chapel, Normal vs greedy, 40 games: 21 wins sprinting, 26 not). Nor, now
        that a shot reaches 10x the Shoot rating (`shot_range`), shoot and walk back out of sight:
        the next shot then costs a die for moving (L911; skirmish@ninepowers, Normal vs greedy,
        40 games: 33 wins walking back, 36 not; ruined_chapel 26 and 24; issue 25, fourth
        session). See docs/ai.md."""
        return {
            "formation": min(dials["formation"], 0.05),
            "formation_range": max(dials["formation_range"], 6.0),
            "lookahead": 1,
            "close_fall_back": False,
            "shot_fall_back": False,
            "sprint": False,
            "caution": min(dials["caution"], 0.9),
            "next_turn": min(dials["next_turn"], 0.35),
            # Hard's play-outs (tactics/rollout.py) are on: with them and Armor counted in
            # `standing_worth` Hard won 28 of 40 against the greedy baseline on ruined_chapel
            # (24 without) and 23 of 40 against Normal (issue 25, sixth session; docs/ai.md)
        }

    def standing_worth(self, state: GameState, unit: UnitState) -> float:
        """Stamina and Armor left over the unit's own (R-NP-5: defeated at 0 Stamina; every point
        lost is also a die less in its pools, R-NP-4), above a floor for still acting: a Nine
        Powers blow rarely defeats, so a play-out scored by units defeated alone sees its choices
        end alike (issue 25). Armor worn away counts `tactics.ARMOR_HARM` a point, as in the
        planner's odds (R-NP-5/7: it is gone for the fight and the next blows reach Stamina);
        counting Stamina alone, a play-out saw three zombies' blows on Vroy's chain as nothing.
        A monster's armor buffer refills each round (R-NP-8) and is not counted."""
        if not unit.alive:
            return 0.0
        stats = unitstate.stats_of(unit)
        whole = stats.stamina + ARMOR_HARM * stats.starting_armor
        pools = unit.pools
        now = pools.get("stamina", stats.stamina) + ARMOR_HARM * pools.get("armor", stats.starting_armor)
        left = min(1.0, max(0.0, now / max(1.0, whole)))
        worth = STANDING_FLOOR + (1.0 - STANDING_FLOOR) * left
        return worth * (DISRUPTED_WORTH if unit.disrupted else 1.0)

    def shot_range(self, state: GameState, unit: UnitState, weapon: WeaponState) -> float:
        """Nine Powers' penalty-free range, 10× the Shoot rating, 4× the Throw rating (R-NP-10,
        L909), when it is longer than the BrikWars Range the shared rules measure: a rifle of
        Shoot 3 shoots 30 squares at full odds, so the AI stands and shoots rather than walking
        into Range and losing a die for having moved (L911). A blast keeps its Range (the shared
        roll, R-ACT-6)."""
        own = float(weapon.range or 0)
        if weapon.is_close or weapon.damage_type == "explosive" or weapon.range is None:
            return own
        skill = attacks.skill_for(weapon)
        free = RANGE_FACTOR.get(skill, 0) * unitstate.stats_of(unit).rating(skill)
        return max(own, float(free))

    def strike_key(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        target: UnitState,
        origin: tuple[int, int],
    ) -> Hashable | None:
        """The situation from `origin` (R-NP-10/14: range band, having moved and shot,
        point-blank, flanking, higher ground, as one pool modifier) and a sneak attack's points
        (R-NP-16): all `strike_odds` reads of where the attacker stands."""
        if weapon.damage_type == "explosive":
            return None
        where = attacks.attack_situation(state, attacker, weapon, target, unitstate.load(attacker), origin)
        _fire, sneak = forecast.extra_points(state, attacker, weapon, target, origin)
        return (where.modifier if where is not None else None, sneak)

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
        """The difficulty the computer would choose (`tactics.choose_difficulty`) from `origin`:
        its success chance, its chance to defeat (R-NP-5), and as the lasting wound the expected
        Stamina loss over the Stamina left, each over the attacks that get rolled (a veto the
        target's side would spend, R-NP-11, or its Perception avoidance, L1123) and with the points
        a success adds (R-FIRE-6, sneak attacks): the card's `forecast.strike_forecasts`. A blast
        is the shared rules' roll, then one point a die. The BrikWars `needed` is only a blast's."""
        stamina = max(1, int(target.pools.get("stamina", 1)))
        if weapon.damage_type == "explosive":
            hit = forecast.shared_roll_chance(state, attacker, weapon, needed, -per_die_modifier)
            points = sum(t.count for t in parse_dice(weapon.damage).terms if t.sign > 0)
            defeat, lost = forecast.blast_hit(target, points)
            return StrikeOdds(hit, hit * defeat, hit * max(defeat, min(1.0, lost / stamina)), harm_weight=1.0)
        return _odds_of(forecast.strike_forecasts(state, attacker, weapon, target, origin), stamina)

    def flanked_strike_odds(
        self, state: GameState, attacker: UnitState, weapon: WeaponState, target: UnitState, origin: Cell
    ) -> StrikeOdds | None:
        """A close attack from `origin` with flanking's +1 die (R-NP-14, L1343): what each of two
        foes closing on one cell rolls, which the AI's threat map weighs (`tactics.threat`)."""
        if not weapon.is_close or weapon.damage_type == "explosive":
            return None
        stamina = max(1, int(target.pools.get("stamina", 1)))
        flanked = forecast.strike_forecasts(state, attacker, weapon, target, origin, flanked=True)
        return _odds_of(flanked, stamina)

    def higher_ground_bricks(self) -> int | None:
        """One inch (3 bricks) above the target gives any attack +1 die (R-NP-14, L1343)."""
        return HIGHER_GROUND_BRICKS

    def above_strike_odds(
        self,
        state: GameState,
        attacker: UnitState,
        weapon: WeaponState,
        target: UnitState,
        origin: Cell,
        *,
        flanked: bool = False,
    ) -> StrikeOdds | None:
        """An attack from `origin` with higher ground's +1 die (R-NP-14, L1343; flanking's too
        when `flanked`): what the AI's threat map weighs at a cell below a ledge a foe can
        stand on (`tactics.threat`). None for a blast (the shared roll)."""
        if weapon.damage_type == "explosive":
            return None
        stamina = max(1, int(target.pools.get("stamina", 1)))
        sf = forecast.strike_forecasts(state, attacker, weapon, target, origin, flanked=flanked, above=True)
        return _odds_of(sf, stamina)

    # -- damage from hazards, traps, explosions ------------------------------------------------

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
    ) -> NinePowersDamage:
        roll = roll_expression(expr, ctx.dice, per_die_modifier=per_die_modifier, purpose=purpose)
        return NinePowersDamage(roll)

    def extra_damage_roll(self, ctx: RulesContext, expr: str, *, purpose: str) -> tuple[int, list[int], str]:
        """R-FIRE-6's +1d4 Fire: one point a die (as hazard Damage), its d4 the ignition die."""
        roll = self.damage_roll(ctx, expr, purpose=purpose)
        return roll.total, self.ignition_dice(roll), f"{expr} (a point a die)"

    def trap_chance(self, state: GameState, sides: int, needed: int, *, per_die_modifier: int = 0) -> float:
        """The "Trap" pool of its Action die's rating against the GM's difficulty (`action_roll`)."""
        _, _, dice = self._pool(None, "trap", sides)
        return float(success_chance(len(dice), difficulty_for(needed - per_die_modifier)))

    def hazard_strike_odds(
        self,
        state: GameState,
        damage: str,
        victim: UnitState,
        *,
        damage_type: str = "normal",
        per_die_modifier: int = 0,
    ) -> StrikeOdds:
        """One point a Damage die (`NinePowersDamage`) through Armor to Stamina (`plan_damage`):
        the points do not depend on the faces, so the outcome is certain."""
        points = sum(t.count for t in parse_dice(damage).terms if t.sign > 0)
        result = plan_damage(unitstate.load(victim).vitals, Hit(points=points))
        stamina = max(1, int(victim.pools.get("stamina", 1)))
        kill = 1.0 if result.defeated else 0.0
        return StrikeOdds(1.0, kill, max(kill, min(1.0, result.to_stamina / stamina)), harm_weight=1.0)

    def explosion_radius(self, roll: DamageRoll) -> int:
        """G-12 as under BrikWars: 2" per d10 Damage die, at least 2"."""
        assert isinstance(roll, NinePowersDamage)
        d10s = sum(1 for d in roll.roll.dice if d.sides == 10 and d.role != ROLE_BONUS and d.sign > 0)
        return 2 * max(1, d10s)

    def ignition_dice(self, roll: DamageRoll, *, sides: int | None = 4) -> list[int]:
        from brikwars_gui.engine.hazards.fire import ignition_dice  # fire imports the rulesets

        assert isinstance(roll, NinePowersDamage) and isinstance(roll.roll, RollResult)
        return ignition_dice(roll.roll, sides=sides)

    def armor_roll(self, ctx: RulesContext, target_id: str, *, damage: int | None = None) -> tuple[int, str]:
        """No roll: a unit's current Armor (with its refilling buffer); an object's Weight."""
        unit = ctx.state.units.get(target_id)
        if unit is None:
            weight = max(1, int(ctx.state.objects[target_id].weight))
            return weight, f"object Armor {weight} (its Weight)"
        armor, buffer = unit.pools.get("armor", 0), unit.pools.get("buffer", 0)
        return armor + buffer, f"Armor {armor}" + (f"+({buffer})" if buffer else "")

    def damage_outcome(self, state: GameState, target_id: str, damage: int, armor: int) -> str:
        unit = state.units.get(target_id)
        if unit is None:
            if damage <= armor:
                return "none"
            return "destroyed" if state.objects[target_id].effective_size - 1 <= 0 else "size_lost"
        result = plan_damage(unitstate.load(unit).vitals, Hit(points=damage))
        unit.pools["incoming"] = damage  # for `suffer`, which apply_damage calls next
        if result.defeated:
            return "defeated"
        return "stamina" if result.to_stamina else "armor" if result.to_armor + result.to_buffer else "none"

    def suffer(self, ctx: RulesContext, target_id: str, outcome: str, cause: str) -> None:
        from brikwars_gui.engine.rules.damage import _lose_size, kill  # damage imports the rulesets

        state = ctx.state
        unit = state.units.get(target_id)
        if unit is None:
            if outcome in ("size_lost", "destroyed"):
                _lose_size(ctx, target_id, cause)
            return
        points = int(unit.pools.pop("incoming", 0))
        attacks.take_hit(ctx, unit, Hit(points=points), cause)
        if unit.pools["stamina"] <= 0:
            kill(ctx, target_id, f"{cause}: defeated at 0 Stamina (R-NP-5)")

    # -- display ----------------------------------------------------------------------------

    def stat_blocks(self, unit: UnitState) -> dict[str, Any]:
        """The unit's block with the Stamina it has left (a continued battle starts from there;
        Armor is whole again, as when characters catch their breath, L645)."""
        block = dict(unit.stats)
        block["stamina"] = max(1, int(unit.pools.get("stamina", block.get("stamina", 6))))
        return {"ninepowers": block}

    def stat_lines(self, unit: UnitState) -> list[StatLine]:
        stats = unitstate.stats_of(unit)
        pools = unit.pools
        lines = [
            StatLine("Stamina", f"{pools.get('stamina', 0)}/{stats.stamina}", "R-NP-5: pools never above it"),
            StatLine(
                "Armor",
                f"{pools.get('armor', 0)}" + (f"+({pools.get('buffer', 0)})" if stats.armor_buffer else ""),
                "R-NP-7: absorbs damage first; 1s go past it",
            ),
        ]
        for key, name in SKILLS.items():
            rating = stats.rating(key)
            talent = stats.talent(key)
            lines.append(StatLine(name, f"{rating}" + (f" (talent {talent})" if talent else "")))
        vetoes = sum(pools.get(k, 0) for k in ("dodge", "dodge_kept", "guard", "guard_kept"))
        if vetoes:
            lines.append(StatLine("Vetoes", str(vetoes), "R-NP-11: cancel an attack before it is rolled"))
        if stats.recovery_penalty:
            lines.append(
                StatLine(
                    "Quick recovery",
                    f"−1 die ({stats.recovery_penalty} fight(s) owed)",
                    "L651-655: Stamina or Armor regained quickly, paid in later fights",
                )
            )
        if pools.get("conditions"):
            lines.append(StatLine("Conditions", ", ".join(c[0] for c in pools["conditions"])))
        return lines

    def weapon_terms(self, state: GameState, unit: UnitState, weapon: WeaponState) -> WeaponTerms:
        """`Shoot 4 dice`: the check's pool now (R-NP-1, cut by Stamina, R-NP-5), and the damage a
        success deals by the difficulty chosen (R-NP-6: Easy 1, Medium 2, Tough 3, plus extra
        damage, L1200); an explosive's blast is its BrikWars Damage (`forecast.blast_odds`)."""
        skill = attacks.skill_for(weapon)
        stats = unitstate.stats_of(unit)
        size = pool_size(
            stats.rating(skill),
            situational=stats.situational,
            stamina=int(unit.pools.get("stamina", stats.stamina)),
            stamina_limited=stats.stamina_limited,
        )
        if weapon.damage_type == "explosive":
            return WeaponTerms(f"{skill} {size} dice", f"{weapon.damage} blast")
        low, high = (d.damage + stats.extra_damage for d in (Difficulty.EASY, Difficulty.TOUGH))
        return WeaponTerms(f"{skill} {size} dice", f"{low}-{high} by difficulty")


def _odds_of(sf: forecast.StrikeForecast, stamina: int) -> StrikeOdds:
    """The chosen difficulty's odds over the attacks that get rolled: its chance to defeat, and as
    the lasting wound the expected Stamina loss, and Armor worn away at `tactics.ARMOR_HARM` a
    point, over the Stamina left (`strike_odds`)."""
    chosen, rolled = sf.lines[sf.chosen], sf.rolled[sf.chosen]
    defeat = rolled * float(chosen.defeat)
    harm = float(chosen.expected_stamina) + ARMOR_HARM * float(chosen.expected_armor)
    wound = min(1.0, max(defeat, rolled * harm / stamina))
    return StrikeOdds(sf.hit, defeat, wound, harm_weight=1.0)  # Stamina is attrition (R-NP-4/5)
