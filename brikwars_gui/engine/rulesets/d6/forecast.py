"""The attack forecast card under the D6 ruleset (`Ruleset.attack_odds`), and the tactical AI's
odds (`D6Ruleset.strike_odds`) from the same computation: the exact chance that the Action roll
beats its converted difficulty (with the Wild Die, R-D6-1..5), then the Damage that hits against
the target's resistance roll, each with its Wild Die and the scenario's Critical Failure option,
read through the damage table (docs/rules-decisions.md "Rulesets and the D6 ruleset"): beaten by
1-3 stunned (Disrupted), 4-8 wounded (a second wound takes it out), 9+ out of the fight.

The Damage is what the shared `combat.resolve_attack` rolls: the weapon's own code, or the code of
the dice the target's Energy Shields leave (R-HAZ-21, planned by `strike_odds.strike_dice` without
touching the state: nothing left rolls no Damage), with a burning close-combat attacker's +1d4 on
the D6 scale (R-FIRE-6, `extra_damage_roll`: its converted code). A burning target's resistance
is lowered by the converted 1d4 (R-FIRE-5). An explosive hits everyone in its radius (G-12: 2" per
d10), each with its own resistance roll, and knocks the survivors over (R-MOVE-15).

The chance to set the target alight (R-FIRE-3/4, `set_alight`) reads the Fire dice from the D6
dice as `D6Ruleset.ignition_dice` does, jointly with the Damage they make (the target must still
be there to catch).

Fate Points and Character Points are counted as the default answers spend them (`fate_default`
before the roll, `cp_default` after a miss: the computer's policy, and what a player who lets
the prompts default gets), exactly over the roll's distribution; the card says so.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from brikwars_gui.engine.dice.brikwars_odds import die_distribution
from brikwars_gui.engine.dice.d6 import CANCEL_HIGHEST, COMPLICATION
from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.geometry import in_range
from brikwars_gui.engine.hazards.ignition_odds import (
    SET_ALIGHT,
    IgnitionTerms,
    burning_strike_lines,
    ignition_terms,
    ignition_text,
)
from brikwars_gui.engine.rules.attack_odds import AttackOdds, Figure, OddsLine, blast_radius, shield_text
from brikwars_gui.engine.rules.strike_odds import ShieldEffect, strike_dice
from brikwars_gui.engine.rulesets.d6 import odds
from brikwars_gui.engine.rulesets.d6.conversion import damage_code, difficulty, pip_modifier
from brikwars_gui.engine.rulesets.d6.terms import (
    BURNING_PENALTY,
    WOUNDS_OUT,
    _code,
    _label,
    cp_default,
    fate_default,
)

Dist = dict[int, float]
Code = tuple[int, int]  # (dice, pips)
STUN, WOUND, OUT = 3, 8, 9  # margins: 1-3 stunned, 4-8 wounded, 9+ incapacitated or killed
FIRE_BONUS = "1d4"  # R-FIRE-6, converted like any Damage


def _clamped(code: Code, option: str) -> Dist:
    """A D6 Damage or resistance total (`D6Damage.total`: never below 0)."""
    out: Dist = {}
    for v, p in odds.code_distribution(code[0], code[1], option):
        out[max(0, v)] = out.get(max(0, v), 0.0) + p
    return out


def _combine(a: Dist, b: Dist, sign: int) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + sign * y] = out.get(x + sign * y, 0.0) + p * q
    return out


@lru_cache(maxsize=2048)
def damage_totals(damage: Code | None, fire: bool, option: str) -> tuple[tuple[int, float], ...]:
    """The Damage total of a hit: the code rolled (None: no Damage die left, 0) plus R-FIRE-6's
    converted 1d4 when the attacker burns."""
    dist = _clamped(damage, option) if damage is not None else {0: 1.0}
    if fire:
        dist = _combine(dist, _clamped(_code(damage_code(FIRE_BONUS)), option), 1)
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=1024)
def resist_totals(code: Code, burning: bool, option: str) -> Dist:
    """The totals of a resistance roll of `code` (`D6Ruleset.armor_roll`: never below 0), less
    the converted 1d4 of a burning resister (R-FIRE-5)."""
    res = _clamped(code, option)
    return _combine(res, _clamped(_code(damage_code(BURNING_PENALTY)), option), -1) if burning else res


@lru_cache(maxsize=4096)
def hit_outcome(
    damage: Code | None,
    fire: bool,
    resist: Code,
    burning: bool,
    option: str,
    fate_code: Code | None = None,
    cp_most: int = 0,
) -> tuple[float, float, float, float]:
    """(beaten, stunned, wounded, incapacitated-or-killed) margins of one hit on a resister of
    code `resist` (a burning one less the converted 1d4, R-FIRE-5); no Damage does nothing. A
    resister holding a Fate Point (`fate_code`: its doubled code) or Character Points (`cp_most`
    it may spend on one roll) spends them as the default answers do (R-D6-7/8, `fate_default`,
    `cp_default`): the Fate Point before rolling against each Damage total, else Character
    Points after a roll that fell short."""
    return totals_outcome(damage_totals(damage, fire, option), resist, burning, option, fate_code, cp_most)


@lru_cache(maxsize=4096)
def totals_outcome(
    totals: tuple[tuple[int, float], ...],
    resist: Code,
    burning: bool,
    option: str,
    fate_code: Code | None = None,
    cp_most: int = 0,
) -> tuple[float, float, float, float]:
    """`hit_outcome` for Damage totals already known as a distribution (`totals`: (total, p)):
    also what Character Points added to a rolled Damage make of it (R-D6-7, `choices`)."""
    plain = resist_totals(resist, burning, option)
    doubled = resist_totals(fate_code, burning, option) if fate_code is not None else None
    beaten = stun = wound = out = 0.0
    for d, p in totals:
        if d <= 0:
            continue  # `apply_damage` rolls no resistance for 0 Damage
        res, fate = plain, False
        if doubled is not None:
            without = sum(q for r, q in plain.items() if r >= d)
            with_fp = sum(q for r, q in doubled.items() if r >= d)
            fate = fate_default("resistance", without, with_fp) == "yes"
            res = doubled if fate else plain
        for r, q in res.items():
            short = d - r
            if short <= 0:
                continue
            pq = p * q
            k = _cp_spent(short, cp_most) if cp_most and not fate else 0  # R-D6-6: never both
            if k:
                b, s, w, o = _after_points(short, k)
                beaten, stun, wound, out = beaten + pq * b, stun + pq * s, wound + pq * w, out + pq * o
                continue
            beaten += pq
            if short <= STUN:
                stun += pq
            elif short <= WOUND:
                wound += pq
            else:
                out += pq
    return beaten, stun, wound, out


@cache
def _cp_spent(short_by: int, cp_most: int) -> int:
    """The Character Points the default answer spends after a resistance roll `short_by` short
    (`cp_default`), with at most `cp_most` to spend: a function of the two numbers alone, so
    kept (Hard's play-outs ask it for every pair of totals of every hit)."""
    chances = {str(k): odds.cp_chance(k, short_by) for k in range(cp_most + 1)}
    return int(cp_default("resistance", chances))


@cache
def _after_points(short_by: int, points: int) -> tuple[float, float, float, float]:
    """(beaten, stunned, wounded, out) shares of a resistance roll `short_by` short after
    `points` Character Point dice are added to it (R-D6-7)."""
    beaten = stun = wound = out = 0.0
    for e, w in odds.cp_distribution(points):
        m = short_by - e
        if m <= 0:
            break  # the points' sums rise: every later one makes up the shortfall too
        beaten += w
        if m <= STUN:
            stun += w
        elif m <= WOUND:
            wound += w
        else:
            out += w
    return beaten, stun, wound, out


def outcome_on(
    ruleset: Any,
    state: Any,
    target_id: str,
    damage: Code | None,
    fire: bool,
    option: str,
    totals: tuple[tuple[int, float], ...] | None = None,
) -> tuple[float, float, float, float]:
    """`hit_outcome` on `target_id` now, with the points its player would spend on the roll
    (`totals`: the Damage totals' distribution instead of `damage` and `fire`)."""
    resist, burning, _what = _resistance(ruleset, state, target_id)
    unit = state.units.get(target_id)
    fate_code, cp_most = None, 0
    if unit is not None:
        if unit.pools.get("fp", 0) > 0 and unit.pools.get("climax_round") != state.round:
            fate_code = ruleset.resistance_code(state, unit, fate=True)
        cap = ruleset.character_point_cap(state)
        cp = unit.pools.get("cp", 0)
        cp_most = cp if cap is None else min(cap, cp)
    if totals is not None:
        return totals_outcome(totals, resist, burning, option, fate_code, cp_most)
    return hit_outcome(damage, fire, resist, burning, option, fate_code, cp_most)


def damage_code_of(weapon: Any, shield: ShieldEffect | None, per_die_modifier: int) -> Code | None:
    """The code `D6Ruleset.damage_roll` rolls for the weapon's hit: its own code (`d6_damage`, else
    converted) unless the Shields cancelled dice; then the code of what is left (None: nothing)."""
    if shield is None or not shield.cancelled:
        parsed = parse_dice(weapon.damage)
        dice, pips = _code(str(weapon.d6_damage) if weapon.d6_damage else damage_code(parsed))
    else:
        parsed = parse_dice(shield.left)
        if not any(t.sign > 0 for t in parsed.terms) and parsed.modifier <= 0:
            return None
        dice, pips = _code(damage_code(parsed))
    return dice, pips + (pip_modifier(per_die_modifier, parsed) if per_die_modifier else 0)


def _resistance(ruleset: Any, state: Any, target_id: str) -> tuple[Code, bool, str]:
    """(resistance code, burning, what it is called) as `D6Ruleset.armor_roll` rolls it."""
    unit = state.units.get(target_id)
    if unit is not None:
        return ruleset.resistance_code(state, unit), unit.fire_size > 0, "Strength"
    obj = state.objects[target_id]
    burning = any(f.target == target_id and f.size > 0 for f in state.fires.values())
    return _code(damage_code(obj.armor_expression)), burning, "Armor"


def fates(
    state: Any, target_id: str, outcome: tuple[float, float, float, float]
) -> tuple[float, float, float]:
    """(out of the fight, wounded, stunned) of a unit or object given `hit_outcome` (a second
    wound takes a unit out; an object loses 1" of Size when beaten, its last one destroying it)."""
    beaten, stun, wound, out = outcome
    unit = state.units.get(target_id)
    if unit is None:
        return (beaten if state.objects[target_id].effective_size - 1 <= 0 else 0.0), 0.0, 0.0
    if unit.pools.get("wounds", 0) + 1 >= WOUNDS_OUT:
        return out + wound, 0.0, stun
    return out, wound, stun


def default_hit_chance(
    ruleset: Any, state: Any, unit: Any, weapon: Any, needed: int, per_die_modifier: int
) -> tuple[float, float]:
    """(chance to hit, chance a Fate Point is spent) when the unit's player gives the default
    answers: a Fate Point before the roll when `fate_default` says so (R-D6-8), else after a
    miss the Character Points `cp_default` picks (R-D6-6/7: the fewest that make it an even
    chance), each Wild Die exact; a burning unit's −1d4 raises the difficulty (R-FIRE-5)."""
    from brikwars_gui.engine.hazards.fire import burning_action_penalty  # fire imports us
    from brikwars_gui.engine.rules.combat import action_kind

    kind = action_kind(weapon)
    option = ruleset.critical_failure_option(state)
    shifts = die_distribution(4) if burning_action_penalty(state, unit, weapon) is not None else [(0, 1.0)]
    climax = unit.pools.get("climax_round") == state.round
    fp, cp, cap = unit.pools.get("fp", 0), unit.pools.get("cp", 0), ruleset.character_point_cap(state)
    most = cp if cap is None else min(cap, cp)
    hit = fate_spent = 0.0
    for shift, p in shifts:
        target = difficulty(needed + shift - per_die_modifier)
        fate = "climax" if climax else "no"
        if not climax and fp > 0:
            plain = odds.chance(*ruleset.code(state, unit, kind, unit.skill, fate=False), target, option)
            doubled = odds.chance(*ruleset.code(state, unit, kind, unit.skill, fate=True), target, option)
            fate = fate_default(kind, plain, doubled)
        dice, pips = ruleset.code(state, unit, kind, unit.skill, fate=fate == "yes")
        for total, q in odds.code_distribution(dice, pips, option):
            if total >= target:
                hit += p * q
            elif fate == "no" and most > 0:
                chances = {str(k): odds.cp_chance(k, target - total) for k in range(most + 1)}
                hit += p * q * chances[cp_default(kind, chances)]
        fate_spent += p * (fate == "yes")
    return hit, fate_spent


def _gone(state: Any, target_id: str, margin: int) -> bool:
    """Whether Damage beating the resistance by `margin` takes the target out of the battle
    (`D6Ruleset.damage_outcome`): a unit incapacitated or killed, an object destroyed (G-3)."""
    if margin <= 0:
        return False
    unit = state.units.get(target_id)
    if unit is None:
        return state.objects[target_id].effective_size - 1 <= 0
    return margin > WOUND or (margin > STUN and unit.pools.get("wounds", 0) + 1 >= WOUNDS_OUT)


def set_alight(
    ruleset: Any, state: Any, target_id: str, terms: IgnitionTerms, code: Code | None, lit: int, fire: bool
) -> float:
    """P(a hit sets the target alight) as `combat.resolve_attack` and `apply_damage` resolve it:
    the weapon's roll of `code` with its first `lit` dice read as Fire dice and R-FIRE-6's
    converted 1d4 with its Wild Die (`D6Ruleset.ignition_dice`), each jointly with the Damage it
    makes (`odds.code_ignition_distribution`); some die above the Weight class (R-FIRE-3) on a hit
    that leaves the target there (`_gone`: `apply_damage` lights only what is still there)."""
    option = option_of(ruleset, state)
    joint: dict[tuple[int, bool], float] = {}
    rolled = odds.code_ignition_distribution(*code, lit, terms.weight, option) if code is not None else ()
    for v, caught, p in rolled or ((0, False, 1.0),):
        joint[(max(0, v), caught)] = joint.get((max(0, v), caught), 0.0) + p
    if fire:
        bonus = odds.code_ignition_distribution(*_code(damage_code(FIRE_BONUS)), 1, terms.weight, option)
        both: dict[tuple[int, bool], float] = {}
        for (v, caught), p in joint.items():
            for w, lit_too, q in bonus:
                key = (v + max(0, w), caught or lit_too)
                both[key] = both.get(key, 0.0) + p * q
        joint = both
    resist, burning, _what = _resistance(ruleset, state, target_id)
    res = _clamped(resist, option)
    if burning:
        res = _combine(res, _clamped(_code(damage_code(BURNING_PENALTY)), option), -1)
    chance = 0.0
    for (d, caught), p in joint.items():
        if caught:
            there = 1.0 if d <= 0 else sum(q for r, q in res.items() if not _gone(state, target_id, d - r))
            chance += p * there
    return chance


def option_of(ruleset: Any, state: Any) -> str:
    return CANCEL_HIGHEST if ruleset.critical_failure_option(state) == CANCEL_HIGHEST else COMPLICATION


def strike_outcome(
    ruleset: Any,
    state: Any,
    attacker: Any,
    weapon: Any,
    target_id: str,
    *,
    needed: int | None,
    per_die_modifier: int,
) -> tuple[tuple[float, float, float], Code | None, bool, ShieldEffect | None]:
    """((out, wounded, stunned) given a hit, the Damage code, whether R-FIRE-6 adds its die, the
    Shields' part) of `attacker` striking `target_id` now: the AI's and the card's one computation."""
    dice, shield = strike_dice(
        state, attacker, weapon, target_id, needed=needed, per_die_modifier=per_die_modifier
    )
    code = damage_code_of(weapon, shield, per_die_modifier)
    option = option_of(ruleset, state)
    outcome = outcome_on(ruleset, state, target_id, code, bool(dice.fire_bonus), option)
    return fates(state, target_id, outcome), code, bool(dice.fire_bonus), shield


def attack_odds(ruleset: Any, state: Any, attacker_id: str, weapon_name: str, target_id: str) -> AttackOdds:
    """The D6 forecast of an attack now (raises IllegalOrder like the order when it is not possible)."""
    from brikwars_gui.engine.hazards.fire import is_burning  # fire imports the rulesets
    from brikwars_gui.engine.rules.combat import action_kind, plan_attack
    from brikwars_gui.engine.rules.common import weapon_named

    attacker = state.units[attacker_id]
    weapon = weapon_named(attacker, weapon_name)
    plan = plan_attack(state, attacker, weapon, target_id)
    option = option_of(ruleset, state)
    blast = weapon.damage_type == "explosive"
    (out, wound, stun), code, fire, shield = strike_outcome(
        ruleset, state, attacker, weapon, target_id, needed=plan.needed, per_die_modifier=-plan.out_of_range
    )
    resist, _burning, what = _resistance(ruleset, state, target_id)
    kind = action_kind(weapon)
    a_dice, a_pips = ruleset.code(state, attacker, kind, attacker.skill, fate=False)
    if plan.automatic:
        modifiers = [("Automatic hit", "a Disrupted target within reach (R-MOVE-16)")]
    elif plan.needed is None:
        modifiers = [(ruleset.stat_name(kind), "no roll: Use 0 is a trivial Action (R-ACT-2)")]
    else:
        target_number = difficulty(plan.needed + plan.out_of_range)  # 4 + 2 x (Use + penalties)
        rolled = f"{_label(a_dice, a_pips)} vs {target_number} (Use {weapon.use})"
        modifiers = [(ruleset.stat_name(kind), rolled)]
    rolled_damage = _label(*code) if code is not None else "no Damage dice"
    modifiers.append(("Damage", f"{rolled_damage} vs {what} {_label(*resist)}"))
    if plan.out_of_range:
        oor_pips = pip_modifier(-plan.out_of_range, parse_dice(weapon.damage))
        modifiers.append(("Out of range", f'{plan.out_of_range}" → {oor_pips:+d} pips of Damage (R-ACT-6)'))
    if fire or (shield is not None and shield.fire_cancelled):
        fire_code = damage_code(FIRE_BONUS)
        modifiers += burning_strike_lines(
            state, attacker, weapon, f"+{fire_code} Fire Damage in close combat"
        )
    if shield is not None:
        modifiers.append(("Energy Shield", shield_text(shield)))
    if is_burning(state, target_id):
        p_dice, p_pips = _code(damage_code(BURNING_PENALTY))
        modifiers.append(("Target on fire", f"−{_label(p_dice, p_pips)} on its resistance (R-FIRE-5)"))
    hit = plan.chance
    if plan.needed is not None:
        hit, fate = default_hit_chance(ruleset, state, attacker, weapon, plan.needed, -plan.out_of_range)
        modifiers += _point_lines(ruleset, state, attacker, fate)
    is_unit = target_id in state.units
    figures = [Figure("hit", hit)]
    if plan.needed is not None and round(hit, 2) != round(plan.chance, 2):
        # the roll alone and with the points the default answers spend, both labelled (R-D6-7)
        figures = [Figure("hit on the roll", plan.chance), Figure("hit spending Character/Fate Points", hit)]
    figures.append(Figure("out of the fight", hit * out))
    if wound:
        figures.append(Figure("wounded", hit * wound))
    knocked = hit * (1 - out) if blast and is_unit else hit * stun  # R-MOVE-15: a blast's survivors
    if knocked:
        figures.append(Figure("knocked over" if blast else "stunned", knocked))
    terms = ignition_terms(state, attacker, weapon, target_id)
    if terms is not None:
        remaining = parse_dice(shield.left if shield is not None and shield.cancelled else weapon.damage)
        d4s = sum(t.count for t in remaining.terms if t.sides == 4 and t.sign > 0)
        lit = d4s if terms.weapon_dice else 0
        figures.append(
            Figure(SET_ALIGHT, hit * set_alight(ruleset, state, target_id, terms, code, lit, fire))
        )
        modifiers.append(
            ("Fire dice", f"{ignition_text(terms)}; a D6 die reads as ceil(2f/3), Wild Die first")
        )
    expected = sum(v * p for v, p in damage_totals(code, fire, option))
    figures.append(Figure("Damage on a hit", expected, amount=True))
    others: tuple[OddsLine, ...] = ()
    if blast:
        radius = blast_radius(weapon.damage)  # G-12: 2" per d10 under D6 too (RADIUS_PER_D10)
        modifiers.append(
            (
                "Blast",
                f'radius {radius}": the full Damage to everyone in it, each rolling its resistance (G-12)',
            )
        )
        others = tuple(_blast_lines(ruleset, state, attacker, plan.at, target_id, radius, code, hit, option))
    beats = hit * (out + wound + stun) if is_unit else hit * out
    return AttackOdds(
        attacker_id,
        target_id,
        weapon.name,
        plan.needed,
        hit,
        beats,
        hit * out,
        knocked,
        expected,
        tuple(modifiers),
        (),
        (OddsLine(weapon.name, tuple(figures)),),
        "take out",
        others,
    )


def _point_lines(ruleset: Any, state: Any, unit: Any, fate: float) -> list[tuple[str, str]]:
    """What the default answers spend, for the card (R-D6-6..8)."""
    lines = []
    fp, cp, cap = unit.pools.get("fp", 0), unit.pools.get("cp", 0), ruleset.character_point_cap(state)
    if fp:
        spent = "spent" if fate >= 1 else "kept" if fate <= 0 else f"spent {fate:.0%} of the time"
        lines.append(("Fate Point", f"{fp} left, {spent} by the default answer (R-D6-8; counted)"))
    if cp and fate < 1:
        most = cp if cap is None else min(cap, cp)
        lines.append(
            ("Character Points", f"up to {most} after a miss, the fewest for an even chance (R-D6-7)")
        )
    return lines


def _blast_lines(
    ruleset: Any,
    state: Any,
    attacker: Any,
    at: Any,
    target_id: str,
    radius: int,
    code: Code | None,
    hit: float,
    option: str,
) -> list[OddsLine]:
    """Everyone else the blast at `at` catches (`damage.explode`), as the card's lines: enemies and
    objects first, then friends (marked), most at risk first."""
    lines = []
    for u in state.units.values():
        if u.alive and u.id != target_id and in_range(at, u.pos, radius):
            out, wound, _stun = fates(state, u.id, outcome_on(ruleset, state, u.id, code, False, option))
            name = u.name + (
                " (itself)" if u.id == attacker.id else " (ally)" if u.team == attacker.team else ""
            )
            figures = [Figure("caught", hit), Figure("out of the fight", hit * out)]
            if wound:
                figures.append(Figure("wounded", hit * wound))
            figures.append(Figure("knocked over", hit * (1 - out)))
            lines.append((u.team == attacker.team, -out, name, OddsLine(f"Blast: {name}", tuple(figures))))
    for o in state.objects.values():
        if not o.destroyed and o.id != target_id and any(in_range(at, c, radius) for c in o.cells):
            resist, burning, _what = _resistance(ruleset, state, o.id)
            out, _w, _s = fates(state, o.id, hit_outcome(code, False, resist, burning, option))
            lost = "destroy" if o.effective_size - 1 <= 0 else '−1" Size'
            beaten = hit_outcome(code, False, resist, burning, option)[0]
            lines.append(
                (
                    False,
                    -beaten,
                    o.name,
                    OddsLine(f"Blast: {o.name}", (Figure("caught", hit), Figure(lost, hit * beaten))),
                )
            )
    return [line for *_key, line in sorted(lines, key=lambda t: t[:3])]
