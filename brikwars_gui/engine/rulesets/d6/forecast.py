"""The attack forecast card under the D6 ruleset (`Ruleset.attack_odds`): the exact chance that the
Action roll beats its converted difficulty (with the Wild Die, R-D6-1..5), then the Damage code
against the target's resistance code, each with its Wild Die and the scenario's Critical Failure
option, read through the damage table (docs/rules-decisions.md "Rulesets and the D6 ruleset"):
beaten by 1-3 stunned (Disrupted), 4-8 wounded (a second wound takes it out), 9+ out of the fight.

Not counted, and said so: Fate Points and Character Points (choices made around the roll), a
burning attacker's fire (R-FIRE-6). A burning target's resistance is lowered by the converted 1d4
(R-FIRE-5), exactly.
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.rules.attack_odds import AttackOdds, Figure, OddsLine
from brikwars_gui.engine.rulesets.d6 import odds
from brikwars_gui.engine.rulesets.d6.conversion import damage_code, difficulty, pip_modifier
from brikwars_gui.engine.rulesets.d6.dice import CANCEL_HIGHEST, COMPLICATION
from brikwars_gui.engine.rulesets.d6.ruleset import _code, _label

Dist = dict[int, float]
STUN, WOUND, OUT = 3, 8, 9  # margins: 1-3 stunned, 4-8 wounded, 9+ incapacitated or killed


def _dist(dice: int, pips: int, option: str) -> Dist:
    return dict(odds.code_distribution(dice, pips, option))


def _minus(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x - y] = out.get(x - y, 0.0) + p * q
    return out


def attack_odds(ruleset: Any, state: Any, attacker_id: str, weapon_name: str, target_id: str) -> AttackOdds:
    """The D6 forecast of an attack now (raises IllegalOrder like the order when it is not possible)."""
    from brikwars_gui.engine.hazards.fire import is_burning  # fire imports the rulesets
    from brikwars_gui.engine.rules.combat import action_kind, plan_attack
    from brikwars_gui.engine.rules.common import weapon_named

    attacker = state.units[attacker_id]
    weapon = weapon_named(attacker, weapon_name)
    plan = plan_attack(state, attacker, weapon, target_id)
    option = CANCEL_HIGHEST if ruleset.critical_failure_option(state) == CANCEL_HIGHEST else COMPLICATION
    expr = parse_dice(weapon.damage)
    code = str(weapon.d6_damage) if weapon.d6_damage else damage_code(expr)
    dice, pips = _code(code)
    oor_pips = pip_modifier(-plan.out_of_range, expr) if plan.out_of_range else 0
    pips += oor_pips
    damage: Dist = {}
    for v, p in _dist(dice, pips, option).items():
        damage[max(0, v)] = damage.get(max(0, v), 0.0) + p  # a Damage total is never below 0
    target = state.units.get(target_id)
    if target is not None:
        r_dice, r_pips = ruleset.resistance_code(state, target)
        what = "Strength"
    else:
        r_dice, r_pips = _code(damage_code(state.objects[target_id].armor_expression))
        what = "Armor"
    resist: Dist = {}
    for v, p in _dist(r_dice, r_pips, option).items():
        resist[max(0, v)] = resist.get(max(0, v), 0.0) + p
    kind = action_kind(weapon)
    a_dice, a_pips = ruleset.code(state, attacker, kind, attacker.skill, fate=False)
    if plan.needed is None:
        modifiers = [("Automatic hit", "a Disrupted target within reach (R-MOVE-16)")]
    else:
        target_number = difficulty(plan.needed + plan.out_of_range)  # 4 + 2 x (Use + penalties)
        rolled = f"{_label(a_dice, a_pips)} vs {target_number} (Use {weapon.use})"
        modifiers = [(ruleset.stat_name(kind), rolled)]
    modifiers.append(("Damage", f"{_label(dice, pips)} vs {what} {_label(r_dice, r_pips)}"))
    if plan.out_of_range:
        modifiers.append(("Out of range", f'{plan.out_of_range}" → {oor_pips:+d} pips of Damage (R-ACT-6)'))
    if is_burning(state, target_id):
        p_dice, p_pips = _code(damage_code("1d4"))
        resist = _minus(resist, {v: p for v, p in _dist(p_dice, p_pips, option).items()})
        modifiers.append(("Target on fire", f"−{_label(p_dice, p_pips)} on its resistance (R-FIRE-5)"))
    margin = _minus(damage, resist)
    beats = sum(p for m, p in margin.items() if m > 0)
    stun = sum(p for m, p in margin.items() if 1 <= m <= STUN)
    wound = sum(p for m, p in margin.items() if STUN < m <= WOUND)
    out = sum(p for m, p in margin.items() if m >= OUT)
    if target is not None and target.pools.get("wounds", 0) + 1 >= 2:
        out, wound = out + wound, 0.0  # a second wound takes it out
    if target is None:
        size = state.objects[target_id].effective_size
        out, stun, wound = (beats if size - 1 <= 0 else 0.0), 0.0, 0.0
    hit = plan.chance
    figures = [Figure("hit", hit), Figure("out of the fight", hit * out)]
    if wound:
        figures.append(Figure("wounded", hit * wound))
    if stun:
        figures.append(Figure("stunned", hit * stun))
    expected = sum(v * p for v, p in damage.items())
    figures.append(Figure("Damage on a hit", expected, amount=True))
    notes = ["Fate and Character Points spent on the roll"]
    if weapon.is_close and (is_burning(state, attacker_id) or weapon.burning):
        notes.append("the fire of a burning attack (R-FIRE-6)")
    return AttackOdds(
        attacker_id, target_id, weapon.name, plan.needed, hit, hit * beats, hit * out, hit * stun, expected,
        tuple(modifiers), tuple(notes), (OddsLine(weapon.name, tuple(figures)),), "take out",
    )
