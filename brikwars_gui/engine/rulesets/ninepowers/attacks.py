"""Nine Powers attacks on the battlefield: from a `Game` Attack order to `resolve`.

An Attack with a weapon is a Melee, Shoot or Throw turn (R-NP-10): the attacker's player picks the
difficulty (`np_difficulty`, each choice shown with its exact chance, damage and expected Stamina
loss, L597-609; the computer's default is the best by expected damage and risk), the target's side
may spend a veto (`np_veto`, R-NP-11), then the pool is rolled and the damage goes through Armor to
Stamina (R-NP-5..8). A unit at 0 Stamina is defeated and leaves the battlefield (killed).

Simultaneous blows (R-NP-9, L693): from round 2 no side has initiative (round 1 belongs to the
side that started the fight, L495), so a unit felled in its turn by a foe's Melee/Shoot/Throw
before its own side's turn this round still strikes its blow with the same skill at that foe, if
it can (a weapon of that kind, the foe in its reach or range): both may fall, and a battle can end
in a draw. docs/rules-decisions.md "Nine Powers: simultaneous blows".
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import distance, sees, within_reach
from brikwars_gui.engine.rulesets.ninepowers import avoid, unitstate
from brikwars_gui.engine.rulesets.ninepowers.battlefield import (
    FLANKING,
    HIGHER_GROUND,
    RANGE_FACTOR,
    Situation,
    situation,
)
from brikwars_gui.engine.rulesets.ninepowers.damage import DamageResult, Hit, apply_damage
from brikwars_gui.engine.rulesets.ninepowers.odds import AttackForecast, forecast_attack, pool_odds
from brikwars_gui.engine.rulesets.ninepowers.pools import Difficulty
from brikwars_gui.engine.rulesets.ninepowers.resolve import (
    Fighter,
    TurnResult,
    attack_modifier,
    resolve_attack,
)
from brikwars_gui.engine.rulesets.ninepowers.tactics import choose_difficulty, should_veto

SKILL_OF_KIND = {"close": "Melee", "ranged": "Shoot", "thrown": "Throw"}


@register_event
class NinePowersTurn(Event):
    """One Nine Powers check on the battlefield with its dice-log line."""

    kind = "np_turn"
    unit: str
    skill: str
    target: str | None
    difficulty: str | None
    roll: dict[str, Any] | None
    damage: dict[str, Any] | None
    vetoed_by: str | None
    text: str

    def describe(self) -> str:
        return f"{self.unit}: {self.text}"


@register_event
class SideOrderChanged(Event):
    """The sides' order changes for the next round (R-NP-9): who goes first now, and why."""

    kind = "side_order"
    round: int
    order: list[str]
    dealt: dict[str, int]
    stamina: dict[str, int]

    def describe(self) -> str:
        first, *rest = self.order
        other = rest[0] if rest else first
        dealt, left = self.dealt.get, self.stamina.get
        if dealt(first, 0) != dealt(other, 0):
            why = f"it dealt more damage last round ({dealt(first, 0)} to {dealt(other, 0)})"
        else:
            why = f"equal damage, more Stamina left ({left(first, 0)} to {left(other, 0)})"
        return f"Round {self.round}: {first} goes first — {why} (R-NP-9); order {' → '.join(self.order)}"


def skill_for(weapon: Any) -> str:
    return SKILL_OF_KIND.get(str(weapon.kind), "Melee")


def attack_situation(
    state: Any, attacker: Any, weapon: Any, target: Any, me: Fighter, origin: Any = None
) -> Situation | None:
    """Range, moving and shooting, point-blank, flanking and higher ground for this attack
    (`origin`: a cell the attacker would move to first, for the computer player's planning)."""
    skill = skill_for(weapon)
    pos = attacker.pos if origin is None else tuple(origin)
    elevation = state.grid.elevation
    allies = [
        u.pos for u in state.units.values() if u.alive and u.team == attacker.team and u.id != attacker.id
    ]
    return situation(
        skill,
        rating=me.stats.rating(skill),
        attacker_pos=pos,
        target_pos=target.pos,
        attacker_height=int(elevation[pos[1], pos[0]]),
        target_height=int(elevation[target.pos[1], target.pos[0]]),
        moved=bool(attacker.has_moved) or pos != tuple(attacker.pos),
        shoot_talent=me.stats.talent("shoot"),
        ally_positions=allies,
    )


def forecasts(
    state: Any,
    attacker: Any,
    weapon: Any,
    target: Any,
    origin: Any = None,
    *,
    rating: int | None = None,
    bonus: int = 0,
    flanked: bool = False,
    above: bool = False,
) -> list[AttackForecast]:
    """Exact chance, damage and expected Stamina loss of each difficulty against `target` now
    (the weapon's reach and range are the shared rules' to check: out of Nine Powers range the
    long-range penalty is the biggest). `rating` replaces the skill's (the Melee talent, L1113);
    `bonus` adds points to a success (a burning attacker's fire, a sneak attack: the forecast's);
    `flanked` counts flanking (R-NP-14) as if another ally stood within reach of the target,
    `above` higher ground as if the attacker stood one inch above it (the AI's threat map)."""
    me, them = unitstate.load(attacker), unitstate.load(target)
    skill = skill_for(weapon)
    where = attack_situation(state, attacker, weapon, target, me, origin)
    modifier = where.modifier if where is not None else -2
    if flanked and where is not None and skill not in RANGE_FACTOR and FLANKING not in where.reasons:
        modifier += 1
    if above and where is not None and HIGHER_GROUND not in where.reasons:
        modifier += 1
    sides = me.pool(skill, situational=modifier, wrestling=attack_modifier(me, them), rating=rating)
    bypass = me.state.bypass_faces(them.id, state.round)
    return [
        forecast_attack(
            pool_odds(sides, d, special=me.stats.magic_dice, bypass_faces=bypass),
            them.vitals,
            bonus=bonus,
            extra=me.stats.extra_damage,
            ignore_armor=me.state.ignore_armor,
        )
        for d in Difficulty
    ]


def vetoed(state: Any, target: Any, chosen: AttackForecast) -> bool:
    """Whether the target's side would veto this attack by the computer's policy (R-NP-11)."""
    guard = protector_of(state, target)
    return guard is not None and should_veto(chosen, vetoes_of(guard, target))


def vetoes_of(guard: Any, target: Any) -> int:
    """Vetoes `guard` may spend for `target`: its Protect ones, and its Acrobatics ones for itself."""
    p = guard.pools
    vetoes = p.get("guard", 0) + p.get("guard_kept", 0)
    if guard is target:
        vetoes += p.get("dodge", 0) + p.get("dodge_kept", 0)
    return int(vetoes)


def protector_of(state: Any, target: Any) -> Any:
    """Who may veto an attack on `target`: the target itself (Acrobatics or Protect vetoes), else
    an ally within reach holding Protect vetoes (R-NP-11, L927)."""
    p = target.pools
    if p.get("dodge", 0) + p.get("dodge_kept", 0) + p.get("guard", 0) + p.get("guard_kept", 0):
        return target
    for u in sorted(state.units.values(), key=lambda u: u.id):
        ally = u.alive and u.team == target.team and u.id != target.id
        guards = u.pools.get("guard", 0) + u.pools.get("guard_kept", 0)
        if ally and guards and within_reach(u.pos, target.pos):
            return u
    return None


def ask(
    ctx: Any,
    question: str,
    unit: Any,
    team: str,
    about: str,
    options: tuple[str, ...],
    default: str,
    detail: dict[str, Any],
) -> str:
    from brikwars_gui.engine.rules.common import DecisionRequest  # rules import the rulesets

    ask = getattr(ctx, "ask", None)
    if ask is None:
        return default
    return str(ask(DecisionRequest(question, unit.id, team, about, options, default, detail)))


def attack(
    ctx: Any,
    attacker: Any,
    weapon: Any,
    target_id: str,
    plan: Any,
    *,
    response: bool = False,
    rating: int | None = None,
) -> Any:
    """Resolve one Nine Powers attack through decisions and dice; emits `Attacked` (its text is
    the dice-log line) and kills a defeated target. `rating` replaces the skill's rating (the
    Melee talent's free attack rolls the talent's, L1113)."""
    from brikwars_gui.engine.rules.combat import Attacked  # combat imports the rulesets
    from brikwars_gui.engine.rules.damage import kill

    state = ctx.state
    target = state.units[target_id]
    stamina_before = int(target.pools.get("stamina", 0))
    skill = skill_for(weapon)
    choices = forecasts(state, attacker, weapon, target, rating=rating)
    best = choose_difficulty(choices)
    detail: dict[str, Any] = {f.difficulty.label: f.summary() for f in choices}
    aim = {"weapon": weapon.name, "rating": rating}  # what the tactical AI weighs (`ai_choices`)
    answer = ask(
        ctx,
        "np_difficulty",
        attacker,
        attacker.team,
        target_id,
        tuple(d.label for d in Difficulty),
        best.difficulty.label,
        detail | aim,
    )
    difficulty = Difficulty.parse(answer)
    chosen = next(f for f in choices if f.difficulty is difficulty)
    declared = f"{skill} {difficulty.label} on {target_id}: {chosen.summary()}"
    guard = protector_of(state, target)
    veto_by = None
    if guard is not None:
        vetoes = vetoes_of(guard, target)
        default = "veto" if should_veto(chosen, vetoes) else "no"
        reply = ask(
            ctx,
            "np_veto",
            guard,
            target.team,
            attacker.id,
            ("veto", "no"),
            default,
            {"attack": declared, "vetoes": vetoes, "target": target_id, "difficulty": difficulty.label} | aim,
        )
        veto_by = guard if reply == "veto" else None
    avoided = None  # the Perception talent's Tough avoidance check (L1123)
    if veto_by is None and avoid.may_avoid(attacker, target):
        avoided = avoid.try_avoid(ctx, attacker, target, ask, declared)
    me, them = unitstate.load(attacker), unitstate.load(target)
    protector = None
    if veto_by is not None:
        protector = them if veto_by is target else unitstate.load(veto_by)
    where = attack_situation(state, attacker, weapon, target, me)
    modifier = where.modifier if where is not None else -2
    unaware = me.stats.talent("stealth") > 0 and not sees(state.grid, target.pos, target.facing, attacker.pos)
    fire: list[Any] = []  # R-FIRE-6: (points, ignition dice, fire type, what was rolled)

    def burning() -> int:
        from brikwars_gui.engine.hazards.fire import roll_burning_attack_bonus  # fire imports us

        if not weapon.is_close:
            return 0
        fire[:] = roll_burning_attack_bonus(ctx, attacker.id, weapon)
        return int(fire[0])

    if avoided is not None and avoided.success:
        why = f"{avoided.explain()}, not its primary opponent (Perception talent, L1123)"
        result = TurnResult(None, None, f"{skill}: avoided by {target_id}: {why}", vetoed_by=target_id)
    else:
        result = resolve_attack(
            ctx.dice,
            me,
            them,
            skill,
            difficulty,
            state.round,
            situational=modifier,
            unaware=unaware,
            veto_by=protector,
            rating=rating,
            on_hit=burning,
        )
    avoid.designate(attacker, target_id)
    unitstate.store(attacker, me)
    unitstate.store(target, them)
    if protector is not None and veto_by is not target:
        unitstate.store(veto_by, protector)
    text = result.text
    notes = list(where.reasons) if where is not None else ["beyond Nine Powers range -2"]
    if unaware:
        notes.append("sneak attack")
    if fire and fire[3]:
        notes.append(f"burning +{fire[3]} {str(fire[2]).title()}: +{fire[0]} (R-FIRE-6)")
    if avoided is not None and not avoided.success:
        notes.append(f"{target_id} failed to avoid it: {avoided.explain()}")
    if notes and result.roll is not None:
        text += f" ({', '.join(notes)})"
    hit = result.damage is not None
    event = ctx.emit(
        Attacked(
            attacker.id,
            target_id,
            weapon.name,
            plan.at,
            distance(attacker.pos, target.pos),
            0,
            None,
            result.roll.to_dict() if result.roll else None,
            False,
            None,
            hit,
            False,
            result.damage.total if result.damage else None,
            result.damage.to_dict() if result.damage else None,
            response,
            f"{attacker.id}: {text}",
        )
    )
    if weapon.kind == "thrown":
        weapon.spent = True  # single-use, as under every ruleset
    if them.vitals.defeated:
        if not response:
            simultaneous_blow(ctx, attacker, weapon, target, stamina_before)
        kill(ctx, target_id, f"{weapon.name} of {attacker.id}: defeated at 0 Stamina (R-NP-5)")
    elif fire and fire[1]:
        from brikwars_gui.engine.hazards.fire import catch_fire  # fire imports the rulesets

        catch_fire(ctx, target_id, fire[1], at=target.pos, fire_type=fire[2])  # R-FIRE-3
    return event


def simultaneous_blow(ctx: Any, attacker: Any, weapon: Any, target: Any, stamina: int) -> Any:
    """R-NP-9 (L693): the felled `target` strikes back at once with the same skill when neither
    side has initiative this round and its own side has not had its turn yet, with the pool of its
    `stamina` before the blow (the blows land together); None when it cannot (no weapon of that
    skill, the attacker out of its reach or range or sight)."""
    from brikwars_gui.engine.rules.combat import plan_attack  # combat imports the rulesets
    from brikwars_gui.engine.rules.common import IllegalOrder

    state = ctx.state
    order = list(state.turn_order)
    if state.round < 2 or target.team not in order or order.index(target.team) <= state.active_index:
        return None
    skill = skill_for(weapon)
    for own in target.weapons:
        if skill_for(own) != skill or getattr(own, "spent", False) or own.damage_type == "explosive":
            continue
        try:
            plan = plan_attack(state, target, own, attacker.id)
        except IllegalOrder:
            continue
        ctx.emit(
            NinePowersTurn(
                target.id, skill, attacker.id, None, None, None, None,
                f"no initiative this round: {target.id}'s {skill} blow lands together with "
                f"{attacker.id}'s (R-NP-9, L693)",
            )
        )
        felled = target.pools.get("stamina", 0)
        target.pools = {**target.pools, "stamina": stamina}
        event = attack(ctx, target, own, attacker.id, plan, response=True)
        target.pools = {**target.pools, "stamina": felled}
        return event
    return None


def take_hit(ctx: Any, unit: Any, hit: Hit, cause: str) -> DamageResult:
    """Damage from outside an attack (hazards, traps, blasts) through Armor to Stamina."""
    fighter = unitstate.load(unit)
    result = apply_damage(fighter.vitals, hit, ctx.state.round)
    unitstate.store(unit, fighter)
    return result
