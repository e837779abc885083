"""The attack forecast card under Nine Powers (`Ruleset.attack_odds`): exact odds of one weapon
attack for each difficulty the attacker may pick (R-NP-2, L429-435), the damage a success deals
(R-NP-6) and what it is expected to take from Armor and Stamina and the chance to defeat the
target (R-NP-5, R-NP-7, R-NP-8), with the pool and its modifiers, and whether the target's side
holds a veto that could cancel the attack before it is rolled (R-NP-11).

The card's summary numbers (`hit`, `kills`, `expected_damage`) are those of the difficulty the
computer would pick (`tactics.choose_difficulty`); every difficulty has its own line.
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.rules.attack_odds import AttackOdds, Figure, OddsLine
from brikwars_gui.engine.rulesets.ninepowers import attacks, unitstate
from brikwars_gui.engine.rulesets.ninepowers.odds import AttackForecast
from brikwars_gui.engine.rulesets.ninepowers.resolve import attack_modifier
from brikwars_gui.engine.rulesets.ninepowers.tactics import choose_difficulty

VETO_POOLS = ("dodge", "dodge_kept", "guard", "guard_kept")


def difficulty_line(weapon: str, forecast: AttackForecast) -> OddsLine:
    """`Claws, Medium: 67% success · 2 damage · 0.9 to Armor · 1.1 to Stamina · 12% to defeat`."""
    f = forecast
    figures = [
        Figure("success", float(f.success)),
        Figure("damage", f.damage_on_success, amount=True),
        Figure("to Armor", float(f.expected_armor), amount=True),
        Figure("to Stamina", float(f.expected_stamina), amount=True),
    ]
    if f.defeat:
        figures.append(Figure("to defeat", float(f.defeat)))
    return OddsLine(f"{weapon}, {f.difficulty.label.capitalize()}", tuple(figures))


def attack_odds(state: Any, attacker_id: str, weapon_name: str, target_id: str) -> AttackOdds | None:
    """The forecast of a Nine Powers weapon attack now; None for what the shared rules resolve
    (objects, blasts: no Nine Powers odds). Raises IllegalOrder when the attack is not possible."""
    from brikwars_gui.engine.rules.combat import plan_attack  # combat imports the rulesets
    from brikwars_gui.engine.rules.common import weapon_named

    attacker = state.units[attacker_id]
    weapon = weapon_named(attacker, weapon_name)
    plan_attack(state, attacker, weapon, target_id)  # reach, sight, spent weapons: IllegalOrder
    target = state.units.get(target_id)
    if target is None or weapon.damage_type == "explosive":
        return None
    choices = attacks.forecasts(state, attacker, weapon, target)
    best = choose_difficulty(choices)
    me, them = unitstate.load(attacker), unitstate.load(target)
    skill = attacks.skill_for(weapon)
    where = attacks.attack_situation(state, attacker, weapon, target, me)
    modifier = where.modifier if where is not None else -2
    sides = me.pool(skill, situational=modifier, wrestling=attack_modifier(me, them))
    pool = ", ".join(f"d{s}" for s in (*sides, *me.stats.magic_dice))
    modifiers = [(f"{skill} {me.stats.rating(skill)}", f"rolls {pool}, the lowest die counts (R-NP-1)")]
    reasons = list(where.reasons) if where is not None else ["beyond Nine Powers range −2"]
    if attack_modifier(me, them):
        reasons.append(f"wrestling {attack_modifier(me, them):+d}")
    if reasons:
        modifiers.append(("Situation", ", ".join(reasons) + " (R-NP-3, R-NP-10, R-NP-14)"))
    armor = them.vitals.armor + them.vitals.buffer
    modifiers.append(("Target", f"Armor {armor}, Stamina {them.vitals.stamina}"))
    if 2 in me.state.bypass_faces(them.id, state.round):
        modifiers.append(("Perception", "2s also pass its Armor (L951)"))
    guard = attacks.protector_of(state, target)
    notes = []
    if guard is not None:
        held = sum(guard.pools.get(k, 0) for k in VETO_POOLS)
        who = "it" if guard is target else guard.name
        modifiers.append(("Veto", f"{who} holds {held}: may cancel the attack before it is rolled (R-NP-11)"))
        notes.append("a veto spent on it (the odds are those of an attack that is rolled)")
    return AttackOdds(
        attacker_id,
        target_id,
        weapon.name,
        None,
        float(best.success),
        float(best.defeat),  # a Nine Powers unit loses nothing like Size: only defeat takes it out
        float(best.defeat),
        0.0,
        float(best.expected_stamina + best.expected_armor),
        tuple(modifiers),
        tuple(notes),
        tuple(difficulty_line(weapon.name, f) for f in choices),
        "defeat",
    )
