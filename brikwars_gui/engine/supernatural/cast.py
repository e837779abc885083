"""The `Cast` order's dice loop (R-SN-7/9/10/14/23/24/25): the Effect is fixed from a template
before the first die, then dice are spent one at a time on one Aspect each, every one rolled the
moment it is spent (question `sn_next_die`); the count is never declared. The order's plan only
gives the default answers (computer players, `run --orders`)."""

from __future__ import annotations

import math
from typing import Any

from brikwars_gui.engine.dice.sn import joined, sn_at_least, sn_roll
from brikwars_gui.engine.geometry import distance, within_reach
from brikwars_gui.engine.rules.common import DecisionRequest, IllegalOrder, PlayContext, unable_problem
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.supernatural.events import EffectCast, EffectEnded, EffectMoved, SNDieRolled
from brikwars_gui.engine.supernatural.fumble import Against, fumble
from brikwars_gui.engine.supernatural.landing import Rolled, arc_count, blast_radius, land
from brikwars_gui.engine.supernatural.path import advance, target_cell
from brikwars_gui.engine.supernatural.responses import answer_hostile_effect
from brikwars_gui.engine.supernatural.state import READY, SPENT, EffectState, EffectTemplate
from brikwars_gui.engine.supernatural.tables import (
    AUGMENTS,
    DIEMONS,
    PLAYED_DIEMONS,
    UNROLLED_ASPECTS,
    allowed_aspects,
)
from brikwars_gui.engine.supernatural.touch import (
    check_delivery,
    deliver,
    is_focus_delivery,
    is_hit_delivery,
)
from brikwars_gui.engine.visibility import reveal, unit_visible_to


def template_of(state: GameState, unit: UnitState, name: str) -> EffectTemplate:
    template = state.sn.template(unit.id, name)
    if template is None:
        known = ", ".join(t.name for t in state.sn.templates_for(unit.id)) or "none"
        raise IllegalOrder(f"{unit.name}'s Cliché has no Effect {name!r} (R-SN-7; its Effects: {known})")
    return template


def resolve_target(
    state: GameState, unit: UnitState, template: EffectTemplate, target: str | None, at: Cell | None
) -> tuple[str | None, Cell | None]:
    """Check the order's target against the template's target kind (R-SN-7); (target id, cell)."""
    kind = template.target
    if kind == "self":
        if target not in (None, unit.id):
            raise IllegalOrder(f"{template.name} is cast on {unit.name} itself")
        return unit.id, None
    if kind == "cell":
        if at is None and target is None:
            raise IllegalOrder(f"{template.name} needs a cell to aim at")
        cell = at if at is not None else target_cell(state, target, None, unit.pos)
        if not state.grid.in_bounds(cell):
            raise IllegalOrder(f"{cell} is off the battlefield")
        return None, (int(cell[0]), int(cell[1]))
    if target is None:
        raise IllegalOrder(f"{template.name} needs a target ({kind})")
    if kind == "weapon":
        holder_id, _, weapon_name = target.partition(":")
        holder = state.units.get(holder_id)
        if holder is None or not holder.alive or not unit_visible_to(state, unit.team, holder):
            raise IllegalOrder(f"{template.name} needs a weapon of a unit its side sees; {target!r} is none")
        if not any(w.name == weapon_name and not w.spent for w in holder.weapons):
            raise IllegalOrder(f"{holder.name} has no weapon {weapon_name!r} for {template.name}")
        return target, None
    if kind == "object":
        obj = state.objects.get(target)
        if obj is None or obj.destroyed:
            raise IllegalOrder(f"{template.name} is cast on an object; {target!r} is none")
        return target, None
    other = state.units.get(target)
    if other is None or not other.alive or not unit_visible_to(state, unit.team, other):
        raise IllegalOrder(f"{template.name} needs a living unit its side sees; {target!r} is none (G-16)")
    if kind == "ally" and other.team != unit.team:
        raise IllegalOrder(f"{template.name} is cast on a willing ally; {other.name} is an enemy (R-SN-10)")
    if kind == "hostile" and other.team == unit.team:
        raise IllegalOrder(f"{template.name} is cast on an enemy; {other.name} is a friend")
    return target, None


def is_touch(
    state: GameState,
    unit: UnitState,
    template: EffectTemplate,
    target: str | None,
    dest: Cell,
    delivery: str = "auto",
) -> bool:
    """R-SN-10: self, a willing ally or an object within 1" (or a summoning next to the caster) is
    touched: free, no Range dice. A hostile target is touched only by a Shove or Grab (`delivery`,
    touch.py), which uses the Action; anything else needs Range dice and the Action."""
    if template.target == "self":
        return True
    if template.target == "weapon":
        return False  # EX-13b: an Effect on a weapon's shots needs Range to the weapon and the Action
    other = state.units.get(target) if target else None
    if other is not None and other.team != unit.team:
        return is_hit_delivery(delivery)
    if delivery == "range":
        return False
    if is_focus_delivery(delivery):
        return True  # R-SN-11: a Wand or Staff hit lays it on
    if template.target == "cell" and template.form != "creature":
        return dest == unit.pos
    return within_reach(unit.pos, dest) if other is None else within_reach(unit.pos, other.pos)


def step_problem(
    state: GameState, unit: UnitState, template: EffectTemplate, step: str, target: str | None
) -> str | None:
    """Why `<talisman>:<aspect>` cannot be spent now (R-SN-8/9/23, R-DICE-10), or None."""
    talisman_id, _, aspect = step.partition(":")
    talisman = state.sn.talismans.get(talisman_id)
    if talisman is None or talisman.holder != unit.id:
        return f"{unit.name} holds no Talisman {talisman_id!r} (R-SN-8)"
    if talisman.status != READY:
        sides = talisman.sides
        return f"the {talisman.name}'s d{sides} is {talisman.status}: a die is spent once a turn (R-SN-9)"
    if aspect not in template.aspects or aspect not in allowed_aspects(template.target, template.form):
        return f"{template.name} has no {aspect!r} Aspect (R-SN-7/23)"
    other = state.units.get(target) if target else None
    if aspect in ("bless", "curse") and other is not None and talisman.sides < other.skill:
        verb, kind = ("Bless", "Blessing") if aspect == "bless" else ("Curse", "Curse")
        return (
            f"a d{talisman.sides} cannot {verb} a d{other.skill}: a {kind} die must be the same size "
            "or larger (R-DICE-10, EX-9)"
        )
    if aspect in ("range+", "range-") and target is not None:
        holder, _, name = target.partition(":")
        owner = state.units.get(holder)
        weapon = next((w for w in owner.weapons if w.name == name), None) if owner is not None else None
        if weapon is not None and (weapon.is_close or weapon.range is None):
            return f"the {name} is a close-combat weapon: it has no Range to change (R-SN-24, R-DICE-8c)"
    if aspect == "mind" and (other is None or other.team != unit.team):
        return "a new Mind goes to a unit of the caster's side: Mind Control (R-SN-43) is not played yet"
    if aspect == "creature" and DIEMONS[talisman.sides] not in PLAYED_DIEMONS:
        return f"a d{talisman.sides} releases a {DIEMONS[talisman.sides]}, not played yet (R-SN-2)"
    return None


def uses_action(
    state: GameState, unit: UnitState, target: str | None, touch: bool, delivery: str = "auto"
) -> bool:
    """R-SN-10/24: a distant Effect, one on a hostile target (touched or not) or one carried by a
    Wand or Staff attack (R-SN-11) uses the Action."""
    other = state.units.get(target) if target else None
    hostile = other is not None and other.team != unit.team
    return not touch or hostile or is_focus_delivery(delivery)


def check_cast(
    state: GameState,
    unit: UnitState,
    effect: str,
    target: str | None,
    at: Cell | None,
    plan: tuple[str, ...],
    delivery: str = "auto",
) -> None:
    if problem := unable_problem(unit):
        raise IllegalOrder(problem)
    template = template_of(state, unit, effect)
    target, aim = resolve_target(state, unit, template, target, at)
    dest = target_cell(state, target, aim, unit.pos)
    victim = state.units.get(target) if target and template.target != "weapon" else None
    check_delivery(state, unit, victim, delivery)
    touch = is_touch(state, unit, template, target, dest, delivery)
    if uses_action(state, unit, target, touch, delivery) and unit.action_used:
        raise IllegalOrder(
            f"{unit.name} has already used its Action: a hostile or distant Effect needs it (R-SN-10/24)"
        )
    seen: set[str] = set()
    for step in plan:
        talisman_id = step.partition(":")[0]
        if talisman_id in seen:
            raise IllegalOrder(f"the plan spends {talisman_id!r} twice: one Aspect per die (R-SN-23)")
        seen.add(talisman_id)
        if problem := step_problem(state, unit, template, step, target):
            raise IllegalOrder(problem)
    if not any(t.status == READY for t in state.sn.talismans_of(unit.id)):
        raise IllegalOrder(f"{unit.name} has no SN die ready (R-SN-9)")


def _options(
    ctx: PlayContext, unit: UnitState, effect: EffectState, template: EffectTemplate, dest: Cell, touch: bool
) -> list[str]:
    state = ctx.state
    reached = effect.point == dest
    out = []
    for talisman in state.sn.talismans_of(unit.id):
        if talisman.status != READY:
            continue
        for aspect in template.aspects:
            if aspect == "range" and (touch or reached or (effect.stopped_by and talisman.sides != 12)):
                continue  # R-SN-25/26: only a d12 goes on past what stopped the Effect
            summoned = any(a == "creature" for a in effect.dice.values())
            if aspect == "creature" and summoned:
                continue
            if template.form == "creature" and aspect in AUGMENTS and not summoned:
                continue  # R-SN-20: a Creature starts with the first die's Diemon
            step = f"{talisman.id}:{aspect}"
            if step_problem(state, unit, template, step, effect.target) is None:
                out.append(step)
    return out


def _detail(ctx: PlayContext, unit: UnitState, effect: EffectState, dest: Cell, reach: int) -> dict[str, Any]:
    left = distance(effect.point, dest)
    need = math.ceil(left - 1e-9)
    p_reach = {
        t.id: round(sn_at_least(t.sides, need), 4)
        for t in ctx.state.sn.talismans_of(unit.id)
        if t.status == READY
    }
    return {"point": list(effect.point), "reach": reach, "distance": round(left, 3), "p_reach": p_reach}


def cast(
    ctx: PlayContext,
    unit: UnitState,
    effect_name: str,
    target: str | None,
    at: Cell | None,
    plan: tuple[str, ...],
    delivery: str = "auto",
) -> EffectState:
    """Carry out a checked Cast: build the Effect die by die, then land it (landing.py)."""
    state = ctx.state
    ledger = state.sn
    template = template_of(state, unit, effect_name)
    target, aim = resolve_target(state, unit, template, target, at)
    dest = target_cell(state, target, aim, unit.pos)
    touch = is_touch(state, unit, template, target, dest, delivery)
    ledger.seq += 1
    effect = EffectState(f"fx{ledger.seq}", unit.id, template.name, unit.pos, unit.pos, target, aim)
    ledger.effects[effect.id] = effect
    if touch:
        effect.point = dest
    if uses_action(state, unit, target, touch, delivery):
        unit.action_used = True  # R-SN-10/24: no Action roll (a Wand or Staff rolls its attack)
        reveal(ctx, unit, f"casts {template.name}")  # G-16, as an attack
    how = delivery if is_hit_delivery(delivery) else ""
    ctx.emit(EffectCast(unit.id, effect.id, template.name, target, aim, touch, how))
    victim = state.units.get(target) if target is not None and template.target != "weapon" else None
    if victim is not None and victim.team != unit.team:
        answer_hostile_effect(ctx, unit, victim, template.name)  # R-SN-24: before the first die
        if not unit.alive or unit.disrupted:
            effect.ended = True  # the caster is down: nothing is cast, no die is spent
            return effect
    if victim is not None and is_hit_delivery(delivery) and not deliver(ctx, unit, victim, delivery):
        effect.ended = True  # R-SN-10/11: not touched or missed: nothing cast, no die spent
        ctx.emit(
            EffectEnded(effect.id, unit.id, f"the {delivery} failed: nothing is laid on (R-SN-10/11)")
        )
        return effect
    if victim is not None:
        dest = target_cell(state, target, aim, unit.pos)  # it may have Bailed, or been shoved
        if touch:
            effect.point = dest
    queue = list(plan)
    rolled: Rolled = []
    against = Against()
    reach = 0
    while True:
        options = _options(ctx, unit, effect, template, dest, touch)
        default = queue[0] if queue and queue[0] in options else "stop"
        answer = ctx.ask(
            DecisionRequest(
                "sn_next_die",
                unit.id,
                unit.team,
                effect.id,
                ("stop", *options),
                default,
                _detail(ctx, unit, effect, dest, reach),
            )
        )
        if queue and answer == queue[0]:
            queue.pop(0)
        if answer == "stop":
            break
        talisman_id, _, aspect = answer.partition(":")
        talisman = ledger.talismans[talisman_id]
        talisman.status = SPENT
        effect.dice[talisman_id] = aspect
        if aspect in UNROLLED_ASPECTS or (template.target == "weapon" and aspect in ("damage+", "damage-")):
            # a die joining a rated stat (or a weapon's Damage) rolls with it, at each use
            roll = joined(talisman.sides)
        else:
            roll = sn_roll(talisman.sides, ctx.dice, purpose=f"{unit.id} {aspect}")
        reach_text = ""
        if aspect == "range" and not roll.fumble:
            point, cells, stop = advance(state, effect.point, dest, roll.total, talisman.sides)
            reach += roll.total
            effect.point, effect.reach = point, reach
            travelled, total = distance(effect.origin, point), distance(effect.origin, dest)
            reach_text = f'{travelled:.0f} of {total:.0f}"'
            effect.path.extend(cells)
            effect.stopped_by = stop
            moved = (cells, stop)
        ctx.emit(
            SNDieRolled(unit.id, effect.id, talisman_id, aspect, roll.to_dict(), effect.point, reach_text)
        )
        if aspect == "range" and not roll.fumble:
            ctx.emit(EffectMoved(effect.id, tuple(moved[0]), effect.point, moved[1]))
        if roll.fumble:
            fumble(ctx, unit, effect, template, talisman, against, rolled, tuple(queue), dest)
            continue
        rolled.append((talisman_id, aspect, roll))
        # R-SN-27/28: the area so far, which the map outlines while the Effect grows
        effect.radius, effect.arc = blast_radius(rolled), arc_count(rolled)
    land(ctx, unit, effect, template, rolled, against, dest)
    return effect
