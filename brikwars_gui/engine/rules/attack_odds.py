"""Exact odds of one attack before it is made (issue 10's attack forecast) under BrikWars: the
chance to hit from `plan_attack`, then every term `combat.resolve_attack` rolls, summed exactly
over the exploding dice (R-DICE-1/2) by the tactical AI's own machinery
(`rules/strike_odds.py`): Overskill's extra Damage die (R-DICE-8a, the default answer),
the target's Energy Shields as the engine will spend them (R-HAZ-21/22, Power per die), a burning
attacker's +1d4 in close combat (R-FIRE-6), the Damage against the Armor roll (G-3), the chance
its Fire dice set the target alight (R-FIRE-3/4, `rules/alight_odds.py`) and, for an
explosive, everyone else the blast may catch (G-12, R-MOVE-15).

`AttackOdds` and its lines are also what the other rulesets' forecasts return (`d6/forecast.py`,
`ninepowers/forecast.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from brikwars_gui.engine.dice.brikwars import (
    OVERSKILL_FACE,
    RADIUS_PER_D10,
    ROLE_BLESSING,
    active_blessings,
    blessing_dice,
    blessing_text,
)
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.geometry import in_range
from brikwars_gui.engine.hazards.ignition_odds import (
    SET_ALIGHT,
    burning_strike_lines,
    ignition_terms,
    ignition_text,
)
from brikwars_gui.engine.rules.alight_odds import set_alight
from brikwars_gui.engine.rules.combat import plan_attack
from brikwars_gui.engine.rules.common import weapon_named
from brikwars_gui.engine.rules.strike_odds import (
    ShieldEffect,
    StrikeDice,
    hit_damage,
    strike_branches,
    strike_dice,
    totals_items,
    versus_armor,
)
from brikwars_gui.engine.state import Cell, GameState


@dataclass(frozen=True)
class Figure:
    """One number of a forecast line: a chance (shown as a percent) or, `amount`, an expected or
    fixed amount; `what` names it in the ruleset's own words ("hit", "to defeat", "to Stamina")."""

    what: str
    value: float
    amount: bool = False


@dataclass(frozen=True)
class OddsLine:
    """One line of the forecast card: a label (the weapon, or the weapon and a choice such as a
    Nine Powers difficulty) and its figures in order."""

    label: str
    figures: tuple[Figure, ...]


@dataclass(frozen=True)
class AttackOdds:
    """`hit`, then over all outcomes: `beats_armor` (loses 1" of Size: `kills` when that is its last),
    `disrupts` (Damage equal to Armor, G-3; knocked over by a blast), `expected_damage` (given a
    hit); `modifiers` name what changed the needed number or the dice and what the numbers count;
    `notes` what they can only approximate. `lines` is what the
    forecast card shows, in the ruleset's own terms (every ruleset fills it; the other numbers
    are the shared summary the menu and the AI read: `kills` is the chance the target leaves the
    battle)."""

    attacker: str
    target: str
    weapon: str
    needed: int | None
    hit: float
    beats_armor: float
    kills: float
    disrupts: float
    expected_damage: float
    modifiers: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    lines: tuple[OddsLine, ...] = ()
    out_word: str = "kill"  # what `kills` is called in the ruleset ("defeat" under Nine Powers)
    others: tuple[OddsLine, ...] = ()  # everyone else the attack may hit (a blast's radius, G-12)


def attack_odds(state: GameState, attacker_id: str, weapon_name: str, target_id: str) -> AttackOdds:
    """The forecast of `attacker_id` attacking `target_id` with `weapon_name` now (raises
    IllegalOrder like `plan_attack` when the attack is not possible)."""
    attacker = state.units[attacker_id]
    weapon = weapon_named(attacker, weapon_name)
    plan = plan_attack(state, attacker, weapon, target_id)
    modifiers = _roll_modifiers(state, attacker, weapon, plan)
    dice, shield = strike_dice(
        state, attacker, weapon, target_id, needed=plan.needed, per_die_modifier=-plan.out_of_range
    )
    if plan.needed is not None and max((dice.skill_sides, *dice.blessings, *dice.curses)) >= OVERSKILL_FACE:
        dice_left = any(t.sign > 0 for t in parse_dice(dice.damage).terms)
        modifiers.append(("Overskill", _OVERSKILL_TEXT if dice_left else _OVERSKILL_NO_DIE))
    if dice.fire_bonus or (shield is not None and shield.fire_cancelled):
        modifiers += burning_strike_lines(state, attacker, weapon, "+1d4 Fire Damage in close combat")
    if shield is not None:
        modifiers.append((shield.source, shield_text(shield)))
    armor, burning, size = _resistance(state, target_id)
    if burning:
        modifiers.append(("Target on fire", "−1d4 on its Armor roll (R-FIRE-5)"))
    branches = strike_branches(dice)
    hit = plan.chance
    beats = ties = expected = 0.0
    for p, damage in branches:
        b, t = versus_armor(damage, armor, burning, dice.per_die_modifier, dice.fire_bonus)
        beats, ties = beats + p * b, ties + p * t
        expected += p * _mean_damage(damage, dice.per_die_modifier, dice.fire_bonus)
    expected = expected / hit if hit > 0 else 0.0
    is_unit = target_id in state.units
    kills = beats if size - 1 <= 0 else 0.0
    disrupts = ties if is_unit else 0.0
    others: tuple[OddsLine, ...] = ()
    if weapon.damage_type == "explosive":
        modifiers.append(("Blast", _blast_text(branches)))
        if is_unit:
            disrupts = hit - kills  # every survivor in the blast is knocked over (R-MOVE-15)
        others = tuple(blast_lines(state, attacker, plan.at, target_id, dice, branches))
    figures = [Figure("hit", hit)]
    if kills:
        figures.append(Figure("kill" if is_unit else "destroy", kills))
    elif beats:
        figures.append(Figure('−1" Size', beats))
    if disrupts:
        figures.append(Figure("knocked over" if weapon.damage_type == "explosive" else "Disrupt", disrupts))
    terms = ignition_terms(state, attacker, weapon, target_id)
    if terms is not None:
        last = size - 1 <= 0
        alight = set_alight(terms, dice, branches, armor=armor, burning_target=burning, last_inch=last)
        figures.append(Figure(SET_ALIGHT, alight))
        modifiers.append(("Fire dice", ignition_text(terms)))
    figures.append(Figure("Damage on a hit", expected, amount=True))
    return AttackOdds(
        attacker_id,
        target_id,
        weapon.name,
        plan.needed,
        hit,
        beats,
        kills,
        disrupts,
        expected,
        tuple(modifiers),
        (),
        (OddsLine(weapon.name, tuple(figures)),),
        others=others,
    )


_OVERSKILL_TEXT = "a 6 that hits adds a Damage die, one that misses +1d6 to hit (R-DICE-8a/b defaults)"
_OVERSKILL_NO_DIE = "a 6 that misses adds +1d6 to hit (no Damage die left to add one more of, R-DICE-8)"


def _roll_modifiers(state: GameState, attacker, weapon, plan) -> list[tuple[str, str]]:
    """What changed the needed number or the Skill die, in the rules' words."""
    modifiers: list[tuple[str, str]] = [("Use", f"{weapon.use}" if weapon.use > 0 else "trivial (R-ACT-2)")]
    if plan.size_penalty:
        modifiers.append(("Target Size", f"{plan.size_penalty:+d} needed (G-5)"))
    if plan.disrupted_bonus:
        modifiers.append(("Disrupted target", f"−{plan.disrupted_bonus} needed (R-MOVE-16)"))
    if plan.mark_bonus:
        modifiers.append(("Marked by a Scout", f"−{plan.mark_bonus} needed (R-SCOUT-5)"))
    if plan.out_of_range:
        oor = plan.out_of_range
        modifiers.append(("Out of range", f'{oor}" → −{oor} on every Skill and Damage die (R-ACT-6)'))
    if plan.automatic:
        modifiers.append(("Automatic hit", "a Disrupted target within reach (R-MOVE-16)"))
    sn_mode = active_blessings(attacker.skill, attacker.blessings, attacker.curses)[0]
    if sn_mode and plan.needed is not None and blessing_dice(attacker, attacker.skill, weapon):
        modifiers.append(("Blessed" if sn_mode == ROLE_BLESSING else "Cursed", blessing_text(attacker)))
    if attacker.fire_size > 0 and plan.needed is not None:
        modifiers.append(("Attacker on fire", "−1d4 on the Action roll (R-FIRE-5)"))
    return modifiers


def shield_text(shield: ShieldEffect) -> str:
    """`cancels 1d6 of the Damage, 1d6+1 gets through (R-HAZ-21)`: what the Shields take."""
    counts: dict[int, int] = {}
    for sides in shield.cancelled:
        counts[sides] = counts.get(sides, 0) + 1
    taken = [f"{n}d{s}" for s, n in sorted(counts.items())]
    if shield.fire_cancelled:
        taken.append("the burning 1d4")
    if not taken:
        text = "takes nothing (no Shield die of the Damage's die type left this turn)"
    else:
        text = f"cancels {' and '.join(taken)}; {shield.left} gets through"
    if shield.unpaid:
        text += "; its Creation has no Power for more Shield dice"
    return text + " (R-HAZ-21/22, G-8)"


def _resistance(state: GameState, target_id: str) -> tuple[str, bool, int]:
    """(Armor expression, burning, Size) of a unit or object target (G-3, R-FIRE-5)."""
    unit = state.units.get(target_id)
    if unit is not None:
        return str(unit.armor), unit.fire_size > 0, unit.size
    obj = state.objects[target_id]
    burning = any(f.target == target_id and f.size > 0 for f in state.fires.values())
    return str(obj.armor_expression), burning, obj.effective_size


def _mean_damage(damage: str, per_die_modifier: int, fire_bonus: str) -> float:
    """Mean Damage a hit does (a total below 1 does nothing)."""
    return sum(max(0, v) * p for v, p in totals_items(hit_damage(damage, per_die_modifier, fire_bonus)))


def blast_radius(damage: str) -> int:
    """G-12 as the BrikWars ruleset counts it: 2" per d10 Damage die of what is rolled (an
    Overskill d10 widens it), 2" without one."""
    d10s = sum(t.count for t in parse_dice(damage).terms if t.sides == 10 and t.sign > 0)
    return RADIUS_PER_D10 * max(1, d10s)


def _blast_text(branches: list[tuple[float, str]]) -> str:
    radii = sorted({blast_radius(d) for p, d in branches if p > 0})
    inches = " or ".join(f'{r}"' for r in radii)
    wider = " (an Overskill d10 widens it)" if len(radii) > 1 else ""
    return f"radius {inches}{wider}: the full Damage to everyone in it, each with its own Armor roll (G-12)"


def blast_lines(
    state: GameState, attacker, at: Cell, target_id: str, dice: StrikeDice, branches: list[tuple[float, str]]
) -> list[OddsLine]:
    """One line per other unit or object the blast at `at` may catch (`damage.explode`): its
    chance to be killed (destroyed) or lose 1" of Size, and a unit's to be knocked over
    (R-MOVE-15), over both Overskill branches with their radii. Enemies and objects first, then
    friends (marked), each group most at risk first."""
    lines: list[tuple[bool, float, str, OddsLine]] = []
    candidates = [(u.id, [u.pos]) for u in state.units.values() if u.alive and u.id != target_id]
    candidates += [
        (o.id, list(o.cells)) for o in state.objects.values() if not o.destroyed and o.id != target_id
    ]
    for vid, cells in sorted(candidates):
        armor, burning, size = _resistance(state, vid)
        caught = lose = 0.0
        for p, damage in branches:
            if not any(in_range(at, c, blast_radius(damage)) for c in cells):
                continue
            beats, _ties = versus_armor(damage, armor, burning, dice.per_die_modifier, dice.fire_bonus)
            caught, lose = caught + p, lose + p * beats
        if caught <= 0:
            continue
        unit = state.units.get(vid)
        name = unit.name if unit is not None else state.objects[vid].name
        if unit is not None and vid == attacker.id:
            name += " (itself)"
        elif unit is not None and unit.team == attacker.team:
            name += " (ally)"
        figures = [Figure("caught", caught)]
        if size - 1 <= 0:
            figures.append(Figure("kill" if unit is not None else "destroy", lose))
        else:
            figures.append(Figure('−1" Size', lose))
        if unit is not None:
            figures.append(Figure("knocked over", caught - (lose if size - 1 <= 0 else 0.0)))
        friend = unit is not None and unit.team == attacker.team
        lines.append((friend, -lose, name, OddsLine(f"Blast: {name}", tuple(figures))))
    return [line for *_key, line in sorted(lines, key=lambda t: t[:3])]
