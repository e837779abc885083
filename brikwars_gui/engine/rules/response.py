"""Enemy Response (R-RESP-1..9, R-MOVE-5): saved Actions spent during another player's turn.

* A unit that did not use its Action on its own turn keeps it (`saved_action`, R-RESP-1) and
  may answer only what it sees: Cone of Vision ±45° and a clear line of sight (R-RESP-3,
  `grid.sees`).
* Movement triggers (`movement_triggers` / `resolve_movement_triggers`, called after each step of
  a walk): a mover entering close-combat reach (GRID-4) of an enemy with a close weapon draws its
  automatic attack unless declined (R-MOVE-5); with the Angry Inch the enemy may step 1" to reach
  a mover passing 2 cells away (R-RESP-2), or to bring a mover just out of Range or sight into
  both and shoot it; a mover entering a ranged weapon's Range may be shot.
  The Responder acts first: the target is in reach and must still move (R-RESP-4). A mover that
  survives may Counter: both fight and its Movement ends (R-MOVE-5).
* Leaving triggers (`leaving_triggers`, asked before each step): a ruleset's own Responses to a
  unit moving away (Nine Powers' Melee talent, R-NP-12); when one holds the mover it stays put.
* Attack triggers (`attack_with_responses`): the target of an attack may shoot back (after an
  Angry Inch when the attacker is just out of its Range or sight) or Bail (R-RESP-6..9); the
  target's allies that see the attack and have a saved Action may shoot the attacker too
  (bystanders, R-RESP-1/3). Resolved simultaneously by default (R-RESP-5, EX-3); with
  simultaneous resolution switched off, `who_acts_first` decides for each responder (full speed
  before Half Speed, else a Skill roll-off, ties rerolled, G-21).
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Iterator
from typing import Any

from brikwars_gui.engine.geometry import (
    chebyshev,
    in_range,
    sees,
)
from brikwars_gui.engine.rules.angry_inch import (
    angry_inch_cells,
    any_inch_shot,
    in_inch_zone,
    inch_and_shoot,
    inch_shots,
    inch_step,
    step_blocked,
    step_cells,
    weighed,
)
from brikwars_gui.engine.rules.bail import bail
from brikwars_gui.engine.rules.combat import AttackPlan, plan_attack, resolve_attack
from brikwars_gui.engine.rules.common import (
    DecisionRequest,
    IllegalOrder,
    PlayContext,
    at_half_speed,
    burdened,
    can_respond,
    close_weapons,
    ranged_weapons,
    swimming,
    usable_weapons,
    weapon_named,
)
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.rules.operate_response import KIND as OPERATE_KIND
from brikwars_gui.engine.rules.operate_response import operate_triggers, pull, steps_to, wants_to_operate
from brikwars_gui.engine.rules.response_events import (
    AttackWasted,
    Countered,
    Initiative,
    Responded,
    ResponseUnseen,
)
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, UnitState, WeaponState

# ---------------------------------------------------------------------------------------------
# Who acts first (R-RESP-4/5, G-21)


def who_acts_first(
    ctx: PlayContext, responder: UnitState, actor: UnitState, *, target_in_reach_must_move: bool = False
) -> tuple[UnitState, UnitState]:
    """Order two non-simultaneous Actions: R-RESP-4 (responder first when the target is in its
    reach and must still move ≥1"), else full speed before Half Speed (R-RESP-5), else both roll
    Skill, higher first, ties reroll (G-21). Emits an `initiative` event."""
    if target_in_reach_must_move:
        ctx.emit(
            Initiative(responder.id, actor.id, "the target is in reach and must still move (R-RESP-4)", [])
        )
        return responder, actor
    slow_r, slow_a = at_half_speed(responder), at_half_speed(actor)
    if slow_r != slow_a:
        first, second = (actor, responder) if slow_r else (responder, actor)
        ctx.emit(Initiative(first.id, second.id, "full speed acts before Half Speed (R-RESP-5)", []))
        return first, second
    rolls: list[dict[str, Any]] = []
    while True:
        ruleset = ruleset_of(ctx.state)
        a = ruleset.initiative_roll(ctx, actor, purpose=f"{actor.id} initiative")
        r = ruleset.initiative_roll(ctx, responder, purpose=f"{responder.id} initiative")
        rolls += [a.to_dict(), r.to_dict()]
        if a.total != r.total:
            first, second = (actor, responder) if a.total > r.total else (responder, actor)
            ctx.emit(
                Initiative(
                    first.id, second.id, f"Skill roll-off {a.total} vs {r.total} (R-RESP-5, G-21)", rolls
                )
            )
            return first, second


# ---------------------------------------------------------------------------------------------
# Responses to movement (R-MOVE-5, R-RESP-2/3/4)


def _sees(ctx: PlayContext, viewer: UnitState, cell: Cell) -> bool:
    smoke = ctx.state.smoke_between(viewer.pos, cell, viewer.size)  # R-HAZ-7: sight over low smoke
    return sees(ctx.state.grid, viewer.pos, viewer.facing, cell, smoke=smoke)


def trigger_radius(ctx: PlayContext) -> float:
    """How far from a step any unit could respond to it: close-combat reach with the Angry Inch
    (Chebyshev 2, 2√2"), or the longest Range in the battle plus the Angry Inch (√2" < 1.5"),
    kept by the state's unit index."""
    return max(2 * math.sqrt(2), ctx.state.unit_index().longest_range + 1.5)


def movement_triggers(ctx: PlayContext, mover: UnitState, prev: Cell, cell: Cell) -> list[tuple[str, str]]:
    """Responses the step prev → cell makes possible, in unit-id order: ("close" | "angry_inch" |
    "shoot" | "inch_shoot", responder id). Only units within `trigger_radius` of the step are
    considered (the state's unit index): no farther unit can respond to it."""
    index = ctx.state.unit_index()
    # only a unit with a saved Action can respond (R-RESP-1): most of a battle's have none
    rows = index.responder_rows(mover.team)  # in id order
    if not len(rows):
        return []  # no enemy holds a saved Action (R-RESP-1): none of the kinds below, no trigger pulled
    out: list[tuple[str, str]] = []
    radius = trigger_radius(ctx)
    dx = index.xy[rows, 0] - cell[0]
    dy = index.xy[rows, 1] - cell[1]
    near = [index.by_id[r] for r in rows[dx * dx + dy * dy <= radius * radius].tolist()]  # `in_range`
    for other in near:
        if swimming(ctx.state, other):
            continue  # R-MOVE-4: a swimmer has no arms free to strike or shoot
        d_now, d_before = chebyshev(other.pos, cell), chebyshev(other.pos, prev)
        kind = None
        close = bool(close_weapons(other))
        weapons = ranged_weapons(other)
        if close and d_now <= 1 < d_before:
            kind = "close"
        elif close and ctx.options.angry_inch and d_now == 2 < d_before:
            kind = "angry_inch"
        elif ctx.options.shoot_entering_range and any(
            in_range(other.pos, cell, w.range or 0) and not in_range(other.pos, prev, w.range or 0)
            for w in weapons
        ):
            kind = "shoot"
        if kind is not None:
            if _sees(ctx, other, cell):
                out.append((kind, other.id))
            continue
        if ctx.options.angry_inch and ctx.options.shoot_entering_range and weapons:
            # R-RESP-2 for Ranged reach: the mover comes just out of Range or sight, where an
            # Angry Inch would bring it into both; the responder perceives the step (R-RESP-3)
            # if it sees either end of it
            if not in_range(other.pos, cell, max(w.range or 0 for w in weapons) + 1.5):
                continue  # `cell` is beyond the Angry Inch zone: skip computing the step cells
            cells = functools.cache(functools.partial(step_cells, ctx, other))  # made if needed
            if (
                in_inch_zone(ctx, other, cell, cells)
                and not in_inch_zone(ctx, other, prev, cells)
                and (_sees(ctx, other, cell) or _sees(ctx, other, prev))
            ):
                out.append(("inch_shoot", other.id))
    return out + operate_triggers(ctx, mover, prev, cell)  # R-RESP-2: pull a trigger


#: kind prefix of the Responses a ruleset adds before a step (`Ruleset.leaving_responses`)
RULESET_KIND = "ruleset:"


def leaving_triggers(ctx: PlayContext, mover: UnitState, prev: Cell, cell: Cell) -> list[tuple[str, str]]:
    """Responses the step prev → cell draws before it is taken (the ruleset's own, e.g. the Nine
    Powers Melee talent's free attack on a foe moving away, R-NP-12), as ("ruleset:<kind>",
    responder id) for `resolve_movement_triggers`; the responder must be able to strike at all."""
    found = ruleset_of(ctx.state).leaving_responses(ctx.state, mover, prev, cell)
    return [
        (RULESET_KIND + kind, rid)
        for kind, rid in found
        if not ctx.state.units[rid].disrupted and not swimming(ctx.state, ctx.state.units[rid])
    ]


def _close_response(
    ctx: PlayContext, responder: UnitState, mover: UnitState, reason: str, question: str
) -> bool:
    """The automatic close-combat attack and the mover's Counter; False when Movement ends."""
    state = ctx.state
    cells: list[Cell] = []
    if question == "angry_inch":
        cells = angry_inch_cells(ctx, responder, mover.pos)
        if not cells:
            return True
    weapons = close_weapons(responder)
    options = (*tuple(f"attack:{w.name}" for w in weapons), "decline")
    answer = ctx.ask(
        DecisionRequest(
            question, responder.id, responder.team, mover.id, options, options[0], {"reason": reason}
        )
    )
    if answer == "decline":
        return True
    weapon = weapon_named(responder, answer.split(":", 1)[1])
    if cells and step_blocked(ctx, responder, cells[0]):
        return True
    responder.saved_action = False
    ctx.emit(Responded(responder.id, mover.id, reason, answer))
    if cells:  # R-RESP-2: the Angry Inch
        inch_step(ctx, responder, cells[0], mover.pos)
    resolve_attack(ctx, responder, weapon, mover.id, response=True)  # R-RESP-4: responder first
    if not mover.alive or mover.disrupted or mover.action_used or not responder.alive:
        return True
    counters = []
    for w in close_weapons(mover):
        try:
            plan_attack(state, mover, w, responder.id)
            counters.append(f"counter:{w.name}")
        except IllegalOrder:
            pass
    if not counters:
        return True
    options = (*counters, "continue")
    answer = ctx.ask(DecisionRequest("counter", mover.id, mover.team, responder.id, options, options[0]))
    if answer == "continue":
        return True
    mover.action_used = True
    ctx.emit(Countered(mover.id, responder.id))
    resolve_attack(ctx, mover, weapon_named(mover, answer.split(":", 1)[1]), responder.id)
    return False


def resolve_movement_triggers(ctx: PlayContext, mover: UnitState, triggers: list[tuple[str, str]]) -> bool:
    """Play the triggered Responses in order (unit-id order for the shared ones); False when the
    mover's Movement ends (for `leaving_triggers`: before the step it was about to take)."""
    keep_going = True
    for kind, rid in triggers:
        if not mover.alive or mover.disrupted:
            return False
        responder = ctx.state.units[rid]
        if kind.startswith(RULESET_KIND):  # a free Response of the ruleset: no saved Action needed
            if responder.alive and not responder.disrupted:
                keep_going &= ruleset_of(ctx.state).resolve_leaving_response(
                    ctx, kind.removeprefix(RULESET_KIND), responder, mover
                )
            continue
        if not can_respond(responder):
            continue
        if kind.startswith(OPERATE_KIND):  # R-RESP-2: pull a trigger, after the Angry Inch if needed
            obj_id = kind.removeprefix(OPERATE_KIND)
            steps = steps_to(ctx.state, responder, obj_id, step_cells(ctx, responder))
            if steps is not None and wants_to_operate(ctx, responder, mover, obj_id):
                if steps:
                    inch_step(ctx, responder, steps[0], ctx.state.objects[obj_id].cells[0])
                ctx.emit(Responded(responder.id, mover.id, "entered the aim of a Trap", kind))
                pull(ctx, responder, obj_id)
        elif kind == "close":
            keep_going &= _close_response(
                ctx, responder, mover, "entered close-combat reach (R-MOVE-5)", "close_attack"
            )
        elif kind == "angry_inch":
            keep_going &= _close_response(
                ctx, responder, mover, "passed within the Angry Inch (R-RESP-2)", "angry_inch"
            )
        elif kind == "inch_shoot":
            shot = inch_and_shoot(
                ctx, responder, mover, "just out of Range or sight: Angry Inch (R-RESP-2)", decline=True
            )
            if shot is not None:
                weapon, plan = shot
                resolve_attack(ctx, responder, weapon, mover.id, response=True, plan=plan)
        else:
            plans: list[tuple[float, str, AttackPlan]] = []
            for w in ranged_weapons(responder):
                try:
                    p = plan_attack(ctx.state, responder, w, mover.id)
                except IllegalOrder:
                    continue
                if p.out_of_range == 0:
                    plans.append((-weighed(ctx.state, responder, p).chance, w.name, p))
            if not plans:
                continue
            plans.sort(key=lambda t: (t[0], t[1]))
            options = (*tuple(f"attack:{name}" for _, name, _ in plans), "decline")
            answer = ctx.ask(
                DecisionRequest(
                    "shoot",
                    responder.id,
                    responder.team,
                    mover.id,
                    options,
                    options[0],
                    {"chances": {f"attack:{n}": -c for c, n, _ in plans}},
                )
            )
            if answer == "decline":
                continue
            responder.saved_action = False
            ctx.emit(Responded(responder.id, mover.id, "entered weapon range", answer))
            resolve_attack(
                ctx, responder, weapon_named(responder, answer.split(":", 1)[1]), mover.id, response=True
            )
    return keep_going and mover.alive and not mover.disrupted


# ---------------------------------------------------------------------------------------------
# Responses to an attack (R-RESP-1/5, EX-3)


def _target_replies(
    ctx: PlayContext, attacker: UnitState, target: UnitState | None
) -> tuple[dict[str, AttackPlan], bool] | None:
    """What the target of an attack may answer it with (R-RESP-1/2/3): its weapons that can attack
    the attacker (`attack:<name>`: plan) and whether the Angry Inch is offered (no reply in range
    and a step brings a shot); None when it cannot respond or does not see the attacker."""
    if (
        target is None
        or target.team == attacker.team
        or not can_respond(target)
        or not _sees(ctx, target, attacker.pos)
    ):
        return None
    replies: dict[str, AttackPlan] = {}
    for w in usable_weapons(target):
        with contextlib.suppress(IllegalOrder):
            replies[f"attack:{w.name}"] = weighed(
                ctx.state, target, plan_attack(ctx.state, target, w, attacker.id)
            )
    in_range = any(p.out_of_range == 0 for p in replies.values())
    inch = not in_range and ctx.options.angry_inch and bool(inch_shots(ctx, target, attacker.id))
    return replies, inch


def attack_responders(
    ctx: PlayContext, attacker: UnitState, target_id: str
) -> list[tuple[UnitState, list[str], bool]]:
    """Everyone who may answer `attacker`'s attack on `target_id` now, as `attack_with_responses`
    offers it, in the order they would act: the target (each weapon that can attack the attacker)
    then its allies who see the attack (each weapon with the attacker in reach, R-RESP-1/3), each
    with whether it may take the Angry Inch first (R-RESP-2). For the attack forecast card."""
    target = ctx.state.units.get(target_id)
    out: list[tuple[UnitState, list[str], bool]] = []
    offered = _target_replies(ctx, attacker, target)
    if offered is not None and target is not None and (offered[0] or offered[1]):
        out.append((target, [k.split(":", 1)[1] for k in offered[0]], offered[1]))
    for unit, shots, inch in _bystander_shots(ctx, attacker, target):
        out.append((unit, [p.weapon for p in shots.values()], inch))
    return out


def attack_with_responses(ctx: PlayContext, attacker: UnitState, weapon_name: str, target_id: str) -> None:
    """The active unit's attack, with the target's Response if it has a saved Action and sees it:
    shoot/strike back, step the Angry Inch to bring the attacker into Range and sight first
    (R-RESP-2), or Bail (R-RESP-6)."""
    state = ctx.state
    weapon = weapon_named(attacker, weapon_name)
    plan: AttackPlan | None = plan_attack(state, attacker, weapon, target_id)
    target = state.units.get(target_id)
    if state.sn.diemons and target is not None and target.diemon == "10amyte":
        from brikwars_gui.engine.supernatural.diemons import detonate_when_attacked  # SN builds on this

        if detonate_when_attacked(ctx, target, attacker):  # R-SN-5: it blows up at any moment
            ctx.emit(AttackWasted(attacker.id, target_id, "its target blew itself up first (R-SN-5)"))
            return
    answer = "decline"
    offered = _target_replies(ctx, attacker, target)
    if offered is None and target is not None and target.team != attacker.team and can_respond(target):
        ctx.emit(ResponseUnseen(target.id, attacker.id))
    replies: dict[str, AttackPlan] = offered[0] if offered is not None else {}
    if offered is not None and target is not None:
        options = list(replies)
        in_range_replies = sorted(
            (k for k, p in replies.items() if p.out_of_range == 0), key=lambda k: (-replies[k].chance, k)
        )
        inch = offered[1]
        if inch:
            options.append("angry_inch")  # R-RESP-2: step into Range / sight, then shoot back
        immobile = target.pos in water_cells(state.grid) and burdened(target)
        if not immobile:
            options.append("bail")
        options.append("decline")
        default = in_range_replies[0] if in_range_replies else ("angry_inch" if inch else "decline")
        answer = ctx.ask(
            DecisionRequest(
                "attack_response",
                target.id,
                target.team,
                attacker.id,
                tuple(options),
                default,
                {
                    "weapon": weapon.name,
                    "chance_against_you": weighed(state, attacker, plan).chance,
                    "chances": {k: replies[k].chance for k in replies},
                },
            )
        )
    reply: tuple[WeaponState, AttackPlan] | None = None
    if answer == "bail" and target is not None:
        ctx.emit(Responded(target.id, attacker.id, f"attacked with {weapon.name}", "bail"))
        bail(ctx, target, attacker)
        try:
            plan = plan_attack(state, attacker, weapon, target_id)
        except IllegalOrder as exc:
            if weapon.kind == "thrown":
                weapon.spent = True
            ctx.emit(AttackWasted(attacker.id, target_id, str(exc)))
            plan = None
    elif answer == "angry_inch" and target is not None:
        reply = inch_and_shoot(ctx, target, attacker, f"attacked with {weapon.name}", decline=False)
        if reply is not None:  # the target stood 1" over: the attack goes on against its new cell
            try:
                plan = plan_attack(state, attacker, weapon, target_id)
            except IllegalOrder as exc:  # pragma: no cover - sight is symmetric, Range +√2" at most
                ctx.emit(AttackWasted(attacker.id, target_id, str(exc)))
                plan = None
    elif answer.startswith("attack:") and target is not None:
        reply = (weapon_named(target, answer.split(":", 1)[1]), replies[answer])
        target.saved_action = False
        ctx.emit(Responded(target.id, attacker.id, f"attacked with {weapon.name}", answer))
    responses: list[tuple[UnitState, WeaponState, AttackPlan]] = []
    if reply is not None and target is not None:
        responses.append((target, *reply))
    responses += _bystander_responses(ctx, attacker, target)
    _resolve_with_responses(ctx, attacker, weapon, target_id, plan, responses)


def _friendly_blast(ctx: PlayContext, unit: UnitState, weapon: WeaponState, at: Cell) -> bool:
    """An explosive (G-12: 2" per d10, 2" without one) whose blast at `at` would reach the unit
    itself or one of its friends: offered, never the default."""
    if weapon.damage_type != "explosive":
        return False
    radius = 2 * max(1, weapon.damage.count("d10"))
    return any(
        u.alive and u.team == unit.team and in_range(at, u.pos, radius) for u in ctx.state.units.values()
    )


def _bystander_responses(
    ctx: PlayContext, attacker: UnitState, target: UnitState | None, act: str = "attack"
) -> list[tuple[UnitState, WeaponState, AttackPlan]]:
    """R-RESP-1/3: the target's allies with a saved Action who perceive the attack (their Cone of
    Vision and sight take in the attacker or the target) may answer it (`shoot`): attack the
    attacker with a weapon that has it in reach (Range, no Out of Range, or close-combat reach), or
    take the Angry Inch to bring it into Range and sight (R-RESP-2). Asked in unit-id order; the
    saved Action is spent when the Response is declared. Returns the attacks to resolve. `act`
    names what they saw in the question's reason ("attack", or a hostile Effect's "cast ... at")."""
    out: list[tuple[UnitState, WeaponState, AttackPlan]] = []
    for unit, shots, inch in _bystander_shots(ctx, attacker, target):
        risky = {k: _friendly_blast(ctx, unit, weapon_named(unit, p.weapon), p.at) for k, p in shots.items()}
        ranked = sorted(shots, key=lambda k: (risky[k], -shots[k].chance, k))
        safe = [k for k in ranked if not risky[k]]
        options = (*ranked, *(("angry_inch",) if inch else ()), "decline")
        default = safe[0] if safe else ("angry_inch" if inch else "decline")
        reason = f"saw {attacker.id} {act} {target.id} (R-RESP-1/3)"
        answer = ctx.ask(
            DecisionRequest(
                "shoot",
                unit.id,
                unit.team,
                attacker.id,
                options,
                default,
                {"reason": reason, "chances": {k: shots[k].chance for k in ranked}},
            )
        )
        if answer == "decline":
            continue
        if answer == "angry_inch":
            shot = inch_and_shoot(ctx, unit, attacker, reason, decline=False)
            if shot is not None:
                out.append((unit, *shot))
            continue
        unit.saved_action = False
        ctx.emit(Responded(unit.id, attacker.id, reason, answer))
        out.append((unit, weapon_named(unit, answer.split(":", 1)[1]), shots[answer]))
    return out


def _bystander_shots(
    ctx: PlayContext, attacker: UnitState, target: UnitState | None
) -> Iterator[tuple[UnitState, dict[str, AttackPlan], bool]]:
    """The target's allies with a saved Action who perceive the attack (their Cone of Vision and
    sight take in the attacker or the target) and can answer it, in unit-id order: each with its
    attacks that have the attacker in reach (no Out of Range) and whether the Angry Inch is offered
    instead (R-RESP-1/2/3). Lazy: each is worked out after the answers of those before it (an
    earlier Angry Inch step may take a cell a later one could have stepped to)."""
    state = ctx.state
    if target is None or target.team == attacker.team:
        return
    # no unit farther than its longest reach + the Angry Inch from the attacker can answer; only
    # the target's allies (enemies of the attacker: the index's kept list) are asked
    radius = trigger_radius(ctx)
    index = state.unit_index()
    rows = index.responder_rows(attacker.team)  # those that could respond at all (R-RESP-1), id order
    dx = index.xy[rows, 0] - attacker.pos[0]
    dy = index.xy[rows, 1] - attacker.pos[1]
    near = [index.by_id[r] for r in rows[dx * dx + dy * dy <= radius * radius].tolist()]  # `in_range`
    for unit in (u for u in near if u.team == target.team):
        if (
            unit.id in (attacker.id, target.id)
            or not can_respond(unit)
            or swimming(state, unit)  # R-MOVE-4: no arms free
            or not (_sees(ctx, unit, attacker.pos) or _sees(ctx, unit, target.pos))
        ):
            continue
        shots: dict[str, AttackPlan] = {}
        for w in usable_weapons(unit):
            with contextlib.suppress(IllegalOrder):
                p = plan_attack(state, unit, w, attacker.id)
                if p.out_of_range == 0:
                    shots[f"attack:{w.name}"] = weighed(state, unit, p)
        inch = not shots and ctx.options.angry_inch and any_inch_shot(ctx, unit, attacker.id)
        if shots or inch:
            yield unit, shots, inch


def _resolve_with_responses(
    ctx: PlayContext,
    attacker: UnitState,
    weapon: WeaponState,
    target_id: str,
    plan: AttackPlan | None,
    responses: list[tuple[UnitState, WeaponState, AttackPlan]],
) -> None:
    """The attack (None: wasted) and the Responses against the attacker (the target's first, then
    bystanders in unit-id order). Simultaneous by default (R-RESP-5, EX-3): all are resolved, in
    that order, whatever the earlier ones did — except that an attacker already down cannot be
    attacked again (`attack_wasted`). Otherwise each responder rolls its own initiative against
    the attacker (R-RESP-5, G-21): those first act before the attack, the rest after it, each only
    if still able."""

    def respond(unit: UnitState, reply_weapon: WeaponState, reply_plan: AttackPlan) -> None:
        if attacker.alive:
            resolve_attack(ctx, unit, reply_weapon, attacker.id, response=True, plan=reply_plan)
        else:
            ctx.emit(AttackWasted(unit.id, attacker.id, f"{attacker.id} is already down"))

    if ctx.options.simultaneous_responses or not responses:
        if plan is not None:
            resolve_attack(ctx, attacker, weapon, target_id, plan=plan)
        for unit, reply_weapon, reply_plan in responses:
            respond(unit, reply_weapon, reply_plan)
        return
    before, after = [], []
    for response in responses:
        first, _second = who_acts_first(ctx, response[0], attacker)
        (before if first is response[0] else after).append(response)
    for unit, reply_weapon, reply_plan in before:
        if unit.alive and not unit.disrupted and attacker.alive:
            resolve_attack(ctx, unit, reply_weapon, attacker.id, response=True, plan=reply_plan)
    if plan is not None and attacker.alive and not attacker.disrupted:
        if before:  # the target may have been hit, Disrupted or killed meanwhile
            try:
                plan = plan_attack(ctx.state, attacker, weapon, target_id)
            except IllegalOrder:
                plan = None
        if plan is not None:
            resolve_attack(ctx, attacker, weapon, target_id, plan=plan)
    for unit, reply_weapon, reply_plan in after:
        if unit.alive and not unit.disrupted and attacker.alive:
            resolve_attack(ctx, unit, reply_weapon, attacker.id, response=True, plan=reply_plan)
