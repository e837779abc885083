"""Exact odds of one attack before it is made (issue 10's attack forecast): the chance to hit from
`plan_attack`, then the Damage expression against the target's Armor roll (G-3), both with their
exploding Bonus chains (R-DICE-1/2) summed exactly (tails below 1e-12 dropped).

What it does not count, and says so (`notes`): an Overskill spent on an extra Damage die
(R-DICE-8a, a choice made after the roll), Energy Shields (R-HAZ-21) and the +1d4 Fire Damage of a
burning close-combat attacker (R-FIRE-6); blasts hit everyone in their radius (only the target is
forecast)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from brikwars_gui.engine.dice.expression import parse_dice
from brikwars_gui.engine.rules.combat import plan_attack
from brikwars_gui.engine.rules.common import weapon_named
from brikwars_gui.engine.rulesets.brikwars.dice import ROLE_BLESSING, active_blessings, die_distribution
from brikwars_gui.engine.rulesets.brikwars.ruleset import blessing_dice, blessing_text
from brikwars_gui.engine.state import GameState

EPS = 1e-12
BURNING_ARMOR_PENALTY = "-1d4"  # R-FIRE-5: a burning target rolls its Armor 1d4 lower
Distribution = dict[int, float]


def _convolve(a: Distribution, b: Distribution) -> Distribution:
    out: dict[int, float] = defaultdict(float)
    for x, p in a.items():
        for y, q in b.items():
            if p * q > EPS:
                out[x + y] += p * q
    return dict(out)


def expression_distribution(expr: str, *, per_die_modifier: int = 0) -> Distribution:
    """Exact totals of `roll_expression(expr, per_die_modifier=...)`: each added die gets the
    modifier (R-ACT-6), subtracted dice subtract with their Bonus chains."""
    parsed = parse_dice(expr)
    total: Distribution = {parsed.modifier: 1.0}
    for term in parsed.terms:
        one = die_distribution(term.sides, eps=EPS)
        shift = 0 if term.sign < 0 else per_die_modifier
        die = {term.sign * v + shift: p for v, p in one}
        for _ in range(term.count):
            total = _convolve(total, die)
    return total


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
    `disrupts` (Damage equal to Armor, G-3), `expected_damage` (given a hit); `modifiers` name what
    changed the needed number or the dice; `notes` what the numbers leave out. `lines` is what the
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


def attack_odds(state: GameState, attacker_id: str, weapon_name: str, target_id: str) -> AttackOdds:
    """The forecast of `attacker_id` attacking `target_id` with `weapon_name` now (raises
    IllegalOrder like `plan_attack` when the attack is not possible)."""
    attacker = state.units[attacker_id]
    weapon = weapon_named(attacker, weapon_name)
    plan = plan_attack(state, attacker, weapon, target_id)
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
    damage = expression_distribution(weapon.damage, per_die_modifier=-plan.out_of_range)
    target_unit = state.units.get(target_id)
    if target_unit is not None:
        armor_expr, burning, size = target_unit.armor, target_unit.fire_size > 0, target_unit.size
    else:
        obj = state.objects[target_id]
        armor_expr, size = obj.armor_expression, obj.effective_size
        burning = any(f.target == target_id and f.size > 0 for f in state.fires.values())
    armor = expression_distribution(str(armor_expr))
    if burning:
        armor = _convolve(armor, expression_distribution(BURNING_ARMOR_PENALTY))
        modifiers.append(("Target on fire", "−1d4 on its Armor roll (R-FIRE-5)"))
    beats = equal = 0.0
    for d, p in damage.items():
        if d <= 0:
            continue
        for a, q in armor.items():
            if d > a:
                beats += p * q
            elif d == a:
                equal += p * q
    hit = plan.chance
    notes = []
    if plan.needed is not None:
        notes.append("an Overskill spent on an extra Damage die would raise the Damage")
    if weapon.damage_type == "explosive":
        notes.append("the blast also hits everything else in its radius")
    kills = hit * beats if size - 1 <= 0 else 0.0
    disrupts = hit * equal if target_unit is not None else 0.0
    expected = sum(max(0, d) * p for d, p in damage.items())
    figures = [Figure("hit", hit)]
    if kills:
        figures.append(Figure("kill", kills))
    elif beats:
        figures.append(Figure('−1" Size', hit * beats))
    if disrupts:
        figures.append(Figure("Disrupt", disrupts))
    figures.append(Figure("Damage on a hit", expected, amount=True))
    return AttackOdds(
        attacker_id,
        target_id,
        weapon.name,
        plan.needed,
        hit,
        hit * beats,
        kills,
        disrupts,
        expected,
        tuple(modifiers),
        tuple(notes),
        (OddsLine(weapon.name, tuple(figures)),),
    )
