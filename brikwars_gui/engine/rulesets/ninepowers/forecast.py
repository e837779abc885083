"""The attack forecast card under Nine Powers (`Ruleset.attack_odds`) and the tactical AI's odds
(`NinePowersRuleset.strike_odds`), one computation (`strike_forecasts`): exact odds of one weapon
attack for each difficulty the attacker may pick (R-NP-2, L429-435), the damage a success deals
(R-NP-6: with a burning close-combat attacker's +1d4 at one point a die, R-FIRE-6, and a Stealth
sneak attack's bonus on a foe that does not see it, L1128), what it is expected to take from Armor
and Stamina and the chance to defeat the target (R-NP-5, R-NP-7, R-NP-8), and what may cancel it
before its dice as the defenders' default answers decide (`attacks.attack`): a veto of the
target's side (R-NP-11, `should_veto`) and the target's Perception avoidance check (L1123, tried
whenever allowed). An explosive is resolved by the shared rules (`blast_odds`): its Damage is one
point a die whatever the faces, so everyone in the radius (G-12) takes a known hit.

The card's summary numbers (`hit`, `kills`, `expected_damage`) are those of the difficulty the
computer would pick (`tactics.choose_difficulty`); every difficulty has its own line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.brikwars_odds import die_distribution
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.geometry import in_range, sees
from brikwars_gui.engine.hazards.ignition_odds import (
    SET_ALIGHT,
    burning_strike_lines,
    die_catches,
    ignition_terms,
    ignition_text,
)
from brikwars_gui.engine.rules.attack_odds import AttackOdds, Figure, OddsLine, blast_radius, shield_text
from brikwars_gui.engine.rulesets.ninepowers import attacks, avoid, unitstate
from brikwars_gui.engine.rulesets.ninepowers.damage import Hit, plan_damage
from brikwars_gui.engine.rulesets.ninepowers.odds import AttackForecast, pool_odds, success_chance
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.rulesets.ninepowers.resolve import attack_modifier
from brikwars_gui.engine.rulesets.ninepowers.tactics import choose_difficulty, should_veto

VETO_POOLS = ("dodge", "dodge_kept", "guard", "guard_kept")


@dataclass(frozen=True)
class StrikeForecast:
    """Each difficulty's exact forecast with the extra points (`lines`), the chance it is rolled
    at all (not vetoed, not avoided) for each, the difficulty the computer picks (`chosen`, from
    the engine's own forecasts), and the terms behind them for the card."""

    lines: tuple[AttackForecast, ...]
    rolled: tuple[float, ...]
    chosen: int
    fire: int
    sneak: int
    avoid: float
    vetoed: tuple[str, ...]
    guard: Any

    @property
    def hit(self) -> float:
        """The chance the attack is rolled at the computer's difficulty and succeeds: the card's
        `hit`, the AI's and a Response prompt's (`attack_chance`)."""
        return self.rolled[self.chosen] * float(self.lines[self.chosen].success)


def extra_points(state: Any, attacker: Any, weapon: Any, target: Any, origin: Any = None) -> tuple[int, int]:
    """(R-FIRE-6 points, sneak attack points) a success adds, as `attacks.attack` adds them."""
    from brikwars_gui.engine.hazards.fire import burning_attack_bonus  # fire imports the rulesets

    fire = 0
    bonus = burning_attack_bonus(state, attacker.id, weapon) if weapon.is_close else None
    if bonus is not None:  # `extra_damage_roll`: one point a die, whatever its face
        fire = sum(t.count for t in parse_dice(bonus[0]).terms if t.sign > 0)
    me = unitstate.load(attacker)
    stealth = me.stats.talent("stealth")
    where = attacker.pos if origin is None else origin
    sneak = stealth if stealth > 0 and not sees(state.grid, target.pos, target.facing, where) else 0
    return fire, sneak


def strike_forecasts(
    state: Any,
    attacker: Any,
    weapon: Any,
    target: Any,
    origin: Any = None,
    *,
    rating: int | None = None,
    flanked: bool = False,
    above: bool = False,
) -> StrikeForecast:
    """Every difficulty of `attacker`'s weapon attack on `target` from `origin`, exactly; `rating`
    replaces the skill's, as `attacks.attack` rolls it (the Melee talent's free attack, L1113);
    `flanked`: as if another of its side stood within reach of the target, `above`: as if it stood
    on higher ground (R-NP-14)."""
    engine = attacks.forecasts(
        state, attacker, weapon, target, origin, rating=rating, flanked=flanked, above=above
    )
    fire, sneak = extra_points(state, attacker, weapon, target, origin)
    lines = (
        attacks.forecasts(
            state,
            attacker,
            weapon,
            target,
            origin,
            rating=rating,
            bonus=fire + sneak,
            flanked=flanked,
            above=above,
        )
        if fire + sneak
        else engine
    )
    guard = attacks.protector_of(state, target)
    vetoes = attacks.vetoes_of(guard, target) if guard is not None else 0
    vetoed = tuple(f.difficulty.label for f in engine if guard is not None and should_veto(f, vetoes))
    chance_avoid = 0.0
    if avoid.may_avoid(attacker, target):  # the defender's default answer tries (it costs nothing)
        skill, _rating = avoid.skill_of(target)
        chance_avoid = float(pool_odds(tuple(unitstate.load(target).pool(skill)), Difficulty.TOUGH).success)
    rolled = tuple(0.0 if f.difficulty.label in vetoed else 1.0 - chance_avoid for f in engine)
    best = choose_difficulty(engine)
    chosen = next(i for i, f in enumerate(engine) if f.difficulty is best.difficulty)
    return StrikeForecast(tuple(lines), rolled, chosen, fire, sneak, chance_avoid, vetoed, guard)


def difficulty_line(
    weapon: str, forecast: AttackForecast, rolled: float, catches: float | None = None
) -> OddsLine:
    """`Claws, Medium: 67% success · 2 damage · 0.9 to Armor · 1.1 to Stamina · 12% to defeat`,
    every chance and amount over all attacks (`rolled` of them get rolled, the rest cancelled);
    one the default veto cancels says so, with the success it would have had. `catches`: the
    chance R-FIRE-6's d4 sets the target alight, which a success that does not defeat it rolls
    (`attacks.attack`: a defeated unit leaves the battle first)."""
    f = forecast
    label = f"{weapon}, {f.difficulty.label.capitalize()}"
    if rolled <= 0:
        figures = (Figure("vetoed", 1.0), Figure("success if not", float(f.success)))
        return OddsLine(label, (*figures, Figure("damage", f.damage_on_success, amount=True)))
    figures = [
        Figure("success", rolled * float(f.success)),
        Figure("damage", f.damage_on_success, amount=True),
    ]
    figures.append(Figure("to Armor", rolled * float(f.expected_armor), amount=True))
    figures.append(Figure("to Stamina", rolled * float(f.expected_stamina), amount=True))
    if f.defeat:
        figures.append(Figure("to defeat", rolled * float(f.defeat)))
    if catches is not None:
        figures.append(Figure(SET_ALIGHT, rolled * float(f.success - f.defeat) * catches))
    if rolled < 1:
        figures.append(Figure("avoided", 1 - rolled))
    return OddsLine(label, tuple(figures))


def attack_odds(
    state: Any, attacker_id: str, weapon_name: str, target_id: str, *, rating: int | None = None
) -> AttackOdds | None:
    """The forecast of a Nine Powers weapon attack now; a blast's by `blast_odds`, an object's by
    `object_odds` (the shared rules resolve both). `rating` replaces the skill's (the Melee
    talent's free attack, L1113). Raises IllegalOrder when it is not possible."""
    from brikwars_gui.engine.rules.combat import plan_attack  # combat imports the rulesets
    from brikwars_gui.engine.rules.common import weapon_named

    attacker = state.units[attacker_id]
    weapon = weapon_named(attacker, weapon_name)
    plan = plan_attack(state, attacker, weapon, target_id)  # reach, sight, spent weapons: IllegalOrder
    target = state.units.get(target_id)
    if target is None:
        return object_odds(state, attacker, weapon, target_id, plan)
    if weapon.damage_type == "explosive":
        return blast_odds(state, attacker, weapon, target, plan)
    sf = strike_forecasts(state, attacker, weapon, target, rating=rating)
    me, them = unitstate.load(attacker), unitstate.load(target)
    skill = attacks.skill_for(weapon)
    where = attacks.attack_situation(state, attacker, weapon, target, me)
    modifier = where.modifier if where is not None else -2
    sides = me.pool(skill, situational=modifier, wrestling=attack_modifier(me, them), rating=rating)
    pool = ", ".join(f"d{s}" for s in (*sides, *me.stats.magic_dice))
    rated = f"{skill} {me.stats.rating(skill) if rating is None else rating}"
    if rating is not None:
        rated += " (talent)"
    modifiers = [(rated, f"rolls {pool}, the lowest die counts (R-NP-1)")]
    reasons = list(where.reasons) if where is not None else ["beyond Nine Powers range −2"]
    if attack_modifier(me, them):
        reasons.append(f"wrestling {attack_modifier(me, them):+d}")
    if reasons:
        modifiers.append(("Situation", ", ".join(reasons) + " (R-NP-3, R-NP-10, R-NP-14)"))
    armor = them.vitals.armor + them.vitals.buffer
    modifiers.append(("Target", f"Armor {armor}, Stamina {them.vitals.stamina}"))
    if 2 in me.state.bypass_faces(them.id, state.round):
        modifiers.append(("Perception", "2s also pass its Armor (L951)"))
    if sf.fire:
        modifiers += burning_strike_lines(
            state, attacker, weapon, f"+{sf.fire} damage on a success", "a point a die"
        )
    if sf.sneak:
        modifiers.append(
            ("Sneak attack", f"+{sf.sneak} damage: it does not see the attacker (Stealth, L1128)")
        )
    if sf.guard is not None:
        held = sum(sf.guard.pools.get(k, 0) for k in VETO_POOLS)
        who = "it" if sf.guard is target else sf.guard.name
        spent = ", ".join(v.capitalize() for v in sf.vetoed) or "none of them"
        modifiers.append(("Veto", f"{who} holds {held}; its default answer cancels {spent} (R-NP-11)"))
    if sf.avoid:
        modifiers.append(
            (
                "Avoidance",
                f"{target.name} tries a Tough check: {sf.avoid:.0%} to cancel it (Perception, L1123)",
            )
        )
    terms = ignition_terms(state, attacker, weapon, target_id, weapon_dice=False)  # R-FIRE-6's d4 only
    catches = die_catches(terms.weight) if terms is not None else None
    if terms is not None:
        modifiers.append(("Fire dice", ignition_text(terms)))
    best, rolled = sf.lines[sf.chosen], sf.rolled[sf.chosen]
    return AttackOdds(
        attacker_id,
        target_id,
        weapon.name,
        None,
        sf.hit,
        rolled * float(best.defeat),  # a Nine Powers unit loses nothing like Size: only defeat takes it out
        rolled * float(best.defeat),
        0.0,
        float(best.expected_stamina + best.expected_armor),
        tuple(modifiers),
        (),
        tuple(difficulty_line(weapon.name, f, r, catches) for f, r in zip(sf.lines, sf.rolled, strict=True)),
        "defeat",
    )


def attack_chance(state: Any, attacker: Any, weapon: Any, plan: Any, step: Any = None) -> float:
    """The chance the planned attack hits as the engine rolls it (`NinePowersRuleset.attack_chance`):
    on a unit, the card's `hit` (`strike_forecasts`), with the attacker on `step` first as the
    Angry Inch leaves it (R-RESP-2: turned to the target, not counted as a move); a blast or an
    object, the shared rules' roll (`shared_roll_chance`, L367)."""
    from brikwars_gui.engine.rules.angry_inch import stepped_to  # angry_inch imports the rulesets

    target = state.units.get(plan.target)
    if target is None or weapon.damage_type == "explosive":
        return shared_roll_chance(state, attacker, weapon, plan.needed, plan.out_of_range)
    if step is None or tuple(step) == tuple(attacker.pos):
        return strike_forecasts(state, attacker, weapon, target).hit
    with stepped_to(attacker, tuple(step), target.pos):
        return strike_forecasts(state, attacker, weapon, target).hit


def blast_hit(unit: Any, points: int) -> tuple[float, float]:
    """(defeated 0/1, Stamina lost) of a blast's `points` on `unit` (`attacks.take_hit`)."""
    result = plan_damage(unitstate.load(unit).vitals, Hit(points=points))
    return (1.0 if result.defeated else 0.0), float(result.to_stamina)


def shared_roll_chance(
    state: Any, attacker: Any, weapon: Any, needed: int | None, out_of_range: int
) -> float:
    """The chance of the shared rules' roll for a blast or an object (`action_roll`): the
    skill's pool against the GM's difficulty for the BrikWars number (L367), a burning attacker's
    −1d4 raising that number (R-FIRE-5). Not `action_chance`, which gives an attack's Medium."""
    from brikwars_gui.engine.hazards.fire import burning_action_penalty  # fire imports the rulesets
    from brikwars_gui.engine.rules.combat import action_kind
    from brikwars_gui.engine.rulesets import ruleset_of
    from brikwars_gui.engine.rulesets.ninepowers.pools import difficulty_for

    if needed is None:
        return 1.0
    dice = ruleset_of(state).check_pool(attacker, action_kind(weapon))
    burning = burning_action_penalty(state, attacker, weapon) is not None
    shifts = die_distribution(4) if burning else [(0, 1.0)]
    return sum(
        p * float(success_chance(len(dice), difficulty_for(needed + v + out_of_range))) for v, p in shifts
    )


def blast_odds(state: Any, attacker: Any, weapon: Any, target: Any, plan: Any) -> AttackOdds:
    """An explosive under Nine Powers: the shared roll to hit (`shared_roll_chance`), then one point a
    Damage die (`NinePowersDamage`: the faces do not matter) to everyone within the radius (G-12),
    through each one's Armor to Stamina; the survivors are knocked over (R-MOVE-15)."""
    points = sum(t.count for t in parse_dice(weapon.damage).terms if t.sign > 0)
    radius = blast_radius(weapon.damage)
    hit = shared_roll_chance(state, attacker, weapon, plan.needed, plan.out_of_range)
    defeat, stamina = blast_hit(target, points)
    figures = [
        Figure("hit", hit),
        Figure("damage", points, amount=True),
        Figure("to Stamina", stamina, amount=True),
    ]
    if defeat:
        figures.append(Figure("to defeat", hit))
    else:
        figures.append(Figure("knocked over", hit))
    plural = "s" if points != 1 else ""
    modifiers = [("Blast", f'radius {radius}": {points} point{plural} (one a die) to everyone in it (G-12)')]
    return AttackOdds(
        attacker.id,
        target.id,
        weapon.name,
        plan.needed,
        hit,
        hit * defeat,
        hit * defeat,
        0.0 if defeat else hit,
        float(points),
        tuple(modifiers),
        (),
        (OddsLine(weapon.name, tuple(figures)),),
        "defeat",
        blast_lines(state, attacker, plan.at, target.id, points, radius, hit),
    )


def blast_lines(
    state: Any, attacker: Any, at: Any, target_id: str, points: int, radius: int, hit: float
) -> tuple[OddsLine, ...]:
    """Every other unit within the blast's radius (G-12): caught whenever it hits, its Stamina
    lost to `points` and its defeat, or else knocked over (R-MOVE-15); friends marked, after."""
    others = []
    for u in state.units.values():
        if u.alive and u.id != target_id and in_range(at, u.pos, radius):
            d, st = blast_hit(u, points)
            name = u.name + (
                " (itself)" if u.id == attacker.id else " (ally)" if u.team == attacker.team else ""
            )
            figs = [Figure("caught", hit), Figure("to Stamina", st, amount=True)]
            figs.append(Figure("to defeat", hit) if d else Figure("knocked over", hit))
            others.append((u.team == attacker.team, -d, name, OddsLine(f"Blast: {name}", tuple(figs))))
    return tuple(line for *_key, line in sorted(others, key=lambda t: t[:3]))


def _dice_points(expr: str) -> int:
    """`NinePowersDamage.total`: one point a Damage die rolled (not its Bonus Dice nor its +N)."""
    return sum(t.count for t in parse_dice(expr).terms if t.sign > 0) if expr else 0


def object_odds(state: Any, attacker: Any, weapon: Any, object_id: str, plan: Any) -> AttackOdds:
    """An attack on an object under Nine Powers, as the shared rules resolve it: their roll
    (`shared_roll_chance`), then one point a Damage die left by the object's Energy Shields (and a
    burning close-combat attacker's +1d4, R-FIRE-6, unless a Shield d4 takes it: `strike_dice`)
    against its Armor, its Weight (`armor_roll`): above it the object loses 1" of Size, its last
    one destroying it (G-3). The points do not depend on the faces, so a hit's outcome is known;
    a blast's radius catches units as `blast_odds` says (G-12)."""
    from brikwars_gui.engine.rules.strike_odds import strike_dice  # it imports combat

    obj = state.objects[object_id]
    hit = shared_roll_chance(state, attacker, weapon, plan.needed, plan.out_of_range)
    dice, shield = strike_dice(state, attacker, weapon, object_id, needed=plan.needed, per_die_modifier=0)
    points = _dice_points(dice.damage) + _dice_points(dice.fire_bonus)
    armor = max(1, int(obj.weight))
    beaten = points > armor
    lost = "destroy" if obj.effective_size - 1 <= 0 else '−1" Size'
    figures = [
        Figure("hit", hit),
        Figure("damage", points, amount=True),
        Figure(lost, hit if beaten else 0.0),
    ]
    modifiers = [("Target", f"{obj.name}: Armor {armor} (its Weight), one point a Damage die")]
    if dice.fire_bonus:
        modifiers += burning_strike_lines(state, attacker, weapon, "+1 damage", "a point a die")
    if shield is not None:
        modifiers.append(("Energy Shield", shield_text(shield)))
    terms = ignition_terms(state, attacker, weapon, object_id)
    if terms is not None and not (beaten and lost == "destroy"):  # a destroyed object lights nothing
        own = sum(t.count for t in parse_dice(dice.damage).terms if t.sides == 4 and t.sign > 0)
        cold = (1 - die_catches(terms.weight, -plan.out_of_range)) ** (own if terms.weapon_dice else 0)
        cold *= (1 - die_catches(terms.weight)) ** (1 if dice.fire_bonus else 0)
        figures.append(Figure(SET_ALIGHT, hit * (1 - cold)))
        modifiers.append(("Fire dice", ignition_text(terms)))
    return AttackOdds(
        attacker.id,
        object_id,
        weapon.name,
        plan.needed,
        hit,
        hit if beaten else 0.0,
        hit if beaten and obj.effective_size - 1 <= 0 else 0.0,
        0.0,
        float(points),
        tuple(modifiers),
        (),
        (OddsLine(weapon.name, tuple(figures)),),
        "destroy",
        blast_lines(state, attacker, plan.at, object_id, points, blast_radius(weapon.damage), hit)
        if weapon.damage_type == "explosive"
        else (),
    )
