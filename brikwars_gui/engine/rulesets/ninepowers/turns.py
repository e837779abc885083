"""Nine Powers turns that are not weapon attacks, as `SkillTurn` Actions: Acrobatics and Protect
(vetoes, R-NP-11), Perception (2s pass Armor, L951), Wrestle (wrestling effects, L932-936),
Bargain (words that wear down Stamina, EX-NP-2) and Escape (leave the fight, R-NP-13).

The player picks the difficulty (`np_difficulty`, every choice with its exact chance and what it
buys); the computer's default maximises the expected result (vetoes, rounds marked, effect-rounds,
Stamina taken).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from brikwars_gui.engine.geometry import distance, sees, within_reach
from brikwars_gui.engine.rulesets.base import SkillTurnOption
from brikwars_gui.engine.rulesets.ninepowers import attacks, unitstate
from brikwars_gui.engine.rulesets.ninepowers.conditions import WrestlingEffect
from brikwars_gui.engine.rulesets.ninepowers.damage import Vitals, may_escape
from brikwars_gui.engine.rulesets.ninepowers.odds import (
    forecast_attack,
    pool_odds,
    success_chance,
    successful_dice_distribution,
)
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.rulesets.ninepowers.resolve import (
    attack_modifier,
    resolve_attack,
    resolve_escape,
    resolve_perception,
    resolve_veto_turn,
    resolve_wrestle,
)
from brikwars_gui.engine.rulesets.ninepowers.tactics import attack_value, prefers_dodging

SKILLS = ("Acrobatics", "Protect", "Perception", "Wrestle", "Bargain", "Escape")
TARGETED = ("Perception", "Wrestle", "Bargain")
BARGAIN_RANGE = 6  # squares within which words carry (a reading: L792 is a face-to-face talk)


def _mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((n * p for n, p in dist.items()), Fraction(0))


def _enemies(state: Any, unit: Any) -> list[Any]:
    return [u for u in sorted(state.units.values(), key=lambda u: u.id) if u.alive and u.team != unit.team]


def _targets(state: Any, unit: Any, skill: str) -> list[Any]:
    smoke = state.smoke_mask()
    foes = _enemies(state, unit)
    if skill == "Wrestle":
        return [e for e in foes if within_reach(unit.pos, e.pos)]
    seen = [e for e in foes if sees(state.grid, unit.pos, unit.facing, e.pos, smoke=smoke)]
    if skill == "Bargain":
        return [e for e in seen if distance(unit.pos, e.pos) <= BARGAIN_RANGE]
    return seen


def held_by(state: Any, unit: Any) -> list[str]:
    """What holds the unit in a fight it could flee (R-NP-13, L953-959): living enemies within reach
    (a melee contest) and the wrestlers whose effects are on it, by id. Escape needs one."""
    foes = {e.id for e in _enemies(state, unit) if within_reach(unit.pos, e.pos)}
    for condition in unitstate.load(unit).state.conditions:
        other = state.units.get(condition.source)
        if condition.last_round < state.round or other is None:
            continue
        if other.alive and other.team != unit.team:
            foes.add(other.id)
    return sorted(foes)


def problem(state: Any, unit: Any, skill: str, target: str | None) -> str:
    """Why this turn is not allowed now ("" when it is)."""
    if skill not in SKILLS:
        return f"{skill} is not a Nine Powers turn; use one of {', '.join(SKILLS)}"
    if skill in TARGETED:
        if target is None or target not in {e.id for e in _targets(state, unit, skill)}:
            where = {"Wrestle": "within reach", "Bargain": f"in sight within {BARGAIN_RANGE} squares"}
            return f"{skill} needs an enemy {where.get(skill, 'in sight')}"
    elif target is not None:
        return f"{skill} takes no target"
    if skill == "Escape" and not held_by(state, unit):
        return f"{unit.name} is in no fight to Escape from: no enemy within reach or holding it (R-NP-13)"
    if skill == "Escape" and not may_escape(unitstate.load(unit).vitals, state.round):
        return f"{unit.name} took damage this round or the last and cannot Escape (R-NP-13)"
    return ""


def choices(state: Any, unit: Any, skill: str, target: str | None) -> dict[Difficulty, tuple[Fraction, str]]:
    """Each difficulty's expected value (for the computer) and its text (for the player)."""
    me = unitstate.load(unit)
    sides = me.pool(skill)
    out: dict[Difficulty, tuple[Fraction, str]] = {}
    for d in Difficulty:
        chance = success_chance(len(sides), d)
        if skill in ("Acrobatics", "Protect"):
            vetoes = _mean(successful_dice_distribution(sides, d))
            out[d] = (vetoes, f"{float(chance):.0%} to succeed, {float(vetoes):.2f} vetoes expected")
        elif skill == "Perception":
            text = f"{float(chance):.0%} to succeed, 2s pass Armor for {d.damage} round(s)"
            out[d] = (chance * d.damage, text)
        elif skill == "Wrestle":
            effects = _mean(successful_dice_distribution(sides, d))
            text = f"{float(chance):.0%}, {float(effects):.2f} effects for {d.damage} round(s)"
            out[d] = (effects * d.damage, text)
        elif skill == "Bargain":
            them = state.units[target]
            vitals = unitstate.load(them).vitals
            plain = Vitals(stamina=vitals.stamina, armor=0)  # words ignore Armor (L571)
            wrestling = attack_modifier(me, unitstate.load(them))
            fc = forecast_attack(pool_odds(me.pool(skill, wrestling=wrestling), d), plain)
            out[d] = (attack_value(fc), fc.summary())
        else:
            out[d] = (chance, f"{float(chance):.0%} to get away")
    return out


def options(state: Any, unit: Any) -> list[SkillTurnOption]:
    """What the unit may do besides attacking; Acrobatics is `advised` for the computer when it is
    near defeat among foes (`tactics.prefers_dodging`)."""
    me = unitstate.load(unit)
    out: list[SkillTurnOption] = []
    adjacent = [e for e in _enemies(state, unit) if within_reach(unit.pos, e.pos)]
    for skill in SKILLS:
        if skill == "Bargain" and "bargain" not in me.stats.skills:
            continue
        targets = _targets(state, unit, skill) if skill in TARGETED else [None]
        for target in targets:
            tid = None if target is None else target.id
            if problem(state, unit, skill, tid):
                continue
            chance = float(success_chance(len(me.pool(skill)), Difficulty.EASY))
            about = f" {target.name}" if target is not None else ""
            advised = skill == "Acrobatics" and prefers_dodging(
                me.vitals, me.stats.rating("acrobatics"), len(adjacent), Fraction(1, 2)
            )
            out.append(SkillTurnOption(f"{skill}{about} (Easy {chance:.0%})", skill, tid, chance, advised))
    return out


def perform(ctx: Any, unit: Any, skill: str, target_id: str | None) -> None:
    """Ask the difficulty, roll, apply, log (`NinePowersTurn`)."""
    state = ctx.state
    values = choices(state, unit, skill, target_id)
    best = max(values, key=lambda d: (values[d][0], -d.damage))
    answer = attacks.ask(
        ctx,
        "np_difficulty",
        unit,
        unit.team,
        target_id,
        tuple(d.label for d in Difficulty),
        best.label,
        {d.label: text for d, (_, text) in values.items()} | {"skill": skill},
    )
    difficulty = Difficulty.parse(answer)
    me = unitstate.load(unit)
    target = state.units.get(target_id) if target_id else None
    them = unitstate.load(target) if target is not None else None
    if skill in ("Acrobatics", "Protect"):
        result = resolve_veto_turn(ctx.dice, me, skill, difficulty)
    elif skill == "Perception" and them is not None:
        result = resolve_perception(ctx.dice, me, them, difficulty, state.round)
    elif skill == "Wrestle" and them is not None:
        keys = tuple(e.key for e in WrestlingEffect)
        effect = attacks.ask(
            ctx,
            "np_wrestle_effect",
            unit,
            unit.team,
            target_id,
            keys,
            "tire",
            {e.key: e.text for e in WrestlingEffect},
        )
        result = resolve_wrestle(ctx.dice, me, them, difficulty, state.round, [WrestlingEffect.parse(effect)])
    elif skill == "Bargain" and them is not None:
        result = resolve_attack(ctx.dice, me, them, "Bargain", difficulty, state.round)
    else:
        result = resolve_escape(ctx.dice, me, difficulty, state.round)
    unitstate.store(unit, me)
    if target is not None and them is not None:
        unitstate.store(target, them)
    ctx.emit(
        attacks.NinePowersTurn(
            unit.id,
            skill,
            target_id,
            difficulty.label,
            result.roll.to_dict() if result.roll else None,
            result.damage.to_dict() if result.damage else None,
            None,
            result.text,
        )
    )
    if skill == "Escape" and result.roll is not None and result.roll.success:
        unit.alive = False  # fled the fight (R-NP-13): it leaves the battlefield
        unit.saved_action = False
    if target is not None and them is not None and them.vitals.defeated:
        from brikwars_gui.engine.rules.damage import kill  # damage imports the rulesets

        kill(ctx, target.id, f"{skill} of {unit.id}: defeated at 0 Stamina (R-NP-5)")
