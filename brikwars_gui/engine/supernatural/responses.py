"""The target's answer to a hostile Effect (R-SN-24, reading in docs/rules-decisions.md): like the
target of an attack it may spend a saved Action (R-RESP-1) — if it sees the caster — to strike or
shoot back with a weapon that has the caster in reach, or to Bail (R-RESP-6), before the first
die is spent. The target's allies with a saved Action who see the caster or the target may then
shoot or strike at the caster, as bystanders of an attack do (R-RESP-1/2/3, question `shoot`), all
resolved before the first die too. A caster killed or Disrupted by the answers casts nothing (its
Action is gone)."""

from __future__ import annotations

from brikwars_gui.engine.rules.bail import bail
from brikwars_gui.engine.rules.combat import resolve_attack
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext, burdened, weapon_named
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.rules.response import (  # the attack's own offers
    _bystander_responses,
    _target_replies,
)
from brikwars_gui.engine.rules.response_events import AttackWasted, Responded
from brikwars_gui.engine.state import UnitState


def answer_hostile_effect(
    ctx: PlayContext,
    caster: UnitState,
    target: UnitState,
    effect_name: str,
    *,
    saw: str | None = None,
    rule: str = "R-SN-24",
) -> None:
    """The target's answer, then the bystanders' (R-RESP-1/3), before the first die (R-SN-24);
    also before a called shot at a held Talisman (R-SN-8: `effect_name` and `saw` say what)."""
    _target_answer(ctx, caster, target, effect_name, rule)
    for unit, weapon, plan in _bystander_responses(ctx, caster, target, saw or f"cast {effect_name} at"):
        if caster.alive:
            resolve_attack(ctx, unit, weapon, caster.id, response=True, plan=plan)
        else:
            ctx.emit(AttackWasted(unit.id, caster.id, f"{caster.id} is already down"))


def _target_answer(
    ctx: PlayContext, caster: UnitState, target: UnitState, effect_name: str, rule: str
) -> None:
    offered = _target_replies(ctx, caster, target)
    if offered is None:
        return
    replies = {k: p for k, p in offered[0].items() if p.out_of_range == 0}
    options = sorted(replies, key=lambda k: (-replies[k].chance, k))
    default = options[0] if options else "decline"
    if not (target.pos in water_cells(ctx.state.grid) and burdened(target)):
        options.append("bail")
    options.append("decline")
    reason = f"the target of {caster.id}'s {effect_name} ({rule})"
    answer = ctx.ask(
        DecisionRequest(
            "attack_response",
            target.id,
            target.team,
            caster.id,
            tuple(options),
            default,
            {"effect": effect_name, "chances": {k: replies[k].chance for k in replies}},
        )
    )
    if answer == "decline":
        return
    target.saved_action = False
    ctx.emit(Responded(target.id, caster.id, reason, answer))
    if answer == "bail":
        bail(ctx, target, caster)
        return
    weapon = weapon_named(target, answer.split(":", 1)[1])
    resolve_attack(ctx, target, weapon, caster.id, response=True, plan=replies[answer])
