"""What the tactical AI weighs of a Nine Powers turn that is not a weapon attack
(`NinePowersRuleset.skill_turn_worth`, issue 25): exact odds of the turn at the difficulty its
default answer picks (`turns.choices`, the one `turns.perform` offers first), and what it buys in
the planner's units; the planner prices the foes' attacks with its threat map
(tactics/skill_plans.py).

* Acrobatics and Protect (R-NP-11, L922, L927): the chance of at least 1, 2, ... vetoes (each
  successful die is one); Protect's may also cancel an attack on a friend within reach.
* Perception (L951): for the next 1/2/3 rounds the unit's 2s also pass the target's Armor — the
  extra lasting harm of the unit's best attack on it, over the turns the mark lasts. Nothing
  against a foe without Armor (a zombie): its 2s reach Stamina anyway.
* Wrestle (L932-936): each success is one wrestling effect for 1/2/3 rounds. The AI asks for
  "used as a shield" (a veto of the Protect kind for each success, `conditions.WrestlingEffect`)
  at the difficulty with the most successes expected (`answer`): on a lowest-die pool "tired"
  (-1 die) takes off the largest die, a few hundredths of the foe's blow, where a veto cancels
  one whole. So a Wrestle turn is weighed as Protect's vetoes rolled on the Wrestle pool.
* Escape (R-NP-13) and Bargain: not weighed (None). A unit that flees is out of the battle as one
  defeated (G-24: the last team with units standing wins), so fleeing never wins it a battle;
  Bargain is a Stamina attack the planner's weapon odds do not cover (no chapel unit has it).
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.rulesets.base import SkillTurnWorth
from brikwars_gui.engine.rulesets.ninepowers import turns, unitstate
from brikwars_gui.engine.rulesets.ninepowers.attacks import attack_situation, skill_for
from brikwars_gui.engine.rulesets.ninepowers.conditions import WrestlingEffect
from brikwars_gui.engine.rulesets.ninepowers.odds import (
    forecast_attack,
    pool_odds,
    success_chance,
    successful_dice_distribution,
)
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.rulesets.ninepowers.resolve import attack_modifier
from brikwars_gui.engine.rulesets.ninepowers.tactics import ARMOR_HARM, choose_difficulty

#: Both faces that pass Armor against a target the attacker has marked with Perception (L951).
MARKED = frozenset({1, 2})


def worth(state: Any, unit: Any, skill: str, target_id: str | None) -> SkillTurnWorth | None:
    """The `SkillTurnWorth` of the turn now (see the module docstring)."""
    if skill not in ("Acrobatics", "Protect", "Perception", "Wrestle"):
        return None
    sides = unitstate.load(unit).pool(skill)
    if skill in ("Acrobatics", "Protect", "Wrestle"):
        difficulty = most_successes(sides)  # the default's pick (Acrobatics, Protect) and the AI's
        dist = successful_dice_distribution(sides, difficulty)
        at_least = tuple(float(sum(p for n, p in dist.items() if n >= k)) for k in range(1, len(sides) + 1))
        return SkillTurnWorth(vetoes=at_least, allies=skill != "Acrobatics")
    target = state.units.get(target_id or "")
    if target is None:
        return None
    values = turns.choices(state, unit, skill, target_id)
    difficulty = max(values, key=lambda d: (values[d][0], -d.damage))  # `turns.perform`'s default
    chance = float(success_chance(len(sides), difficulty))
    stamina = max(1, int(target.pools.get("stamina", 1)))
    weapons = _weapons(unit)
    marked = (_harm(state, unit, w, target, marked=True) - _harm(state, unit, w, target) for w in weapons)
    return SkillTurnWorth(gain=chance * difficulty.damage * max(0.0, max(marked, default=0.0)) / stamina)


def most_successes(sides: tuple[int, ...]) -> Difficulty:
    """The difficulty with the most dice expected to beat it (vetoes, wrestling effects); on a tie
    the easier (`turns.perform`'s default for Acrobatics and Protect)."""

    def mean(d: Difficulty) -> float:
        return float(sum(n * p for n, p in successful_dice_distribution(sides, d).items()))

    return max(Difficulty, key=lambda d: (mean(d), -d.damage))


def answer(state: Any, request: Any) -> str | None:
    """The AI's Wrestle answers (see the module docstring): the difficulty with the most successes
    expected, and "shield" as the effect of each."""
    detail = request.detail or {}
    if request.question == "np_wrestle_effect":
        return WrestlingEffect.SHIELD.key
    if request.question == "np_difficulty" and detail.get("skill") == "Wrestle":
        unit = state.units.get(request.unit)
        return None if unit is None else most_successes(unitstate.load(unit).pool("Wrestle")).label
    return None


def _weapons(unit: Any) -> list[Any]:
    return [w for w in unit.weapons if not w.spent and w.damage_type != "explosive"]


def _harm(state: Any, attacker: Any, weapon: Any, target: Any, *, marked: bool = False) -> float:
    """Expected lasting harm (Stamina, and Armor at `ARMOR_HARM`) of the attacker's best
    difficulty with `weapon` on `target`, as if in reach on its next turn: the situation from
    where it stands when it can strike from there, none otherwise; `marked`: its 2s pass the
    target's Armor (L951)."""
    me, them = unitstate.load(attacker), unitstate.load(target)
    where = attack_situation(state, attacker, weapon, target, me)
    wrestling = attack_modifier(me, them)
    situational = where.modifier if where is not None else 0
    sides = me.pool(skill_for(weapon), situational=situational, wrestling=wrestling)
    bypass = MARKED if marked else me.state.bypass_faces(them.id, state.round)
    lines = [
        forecast_attack(
            pool_odds(sides, d, special=me.stats.magic_dice, bypass_faces=bypass),
            them.vitals,
            extra=me.stats.extra_damage,
            ignore_armor=me.state.ignore_armor,
        )
        for d in Difficulty
    ]
    best = choose_difficulty(lines)
    return float(best.expected_stamina) + ARMOR_HARM * float(best.expected_armor)
