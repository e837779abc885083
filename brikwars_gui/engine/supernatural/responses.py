"""The target's answer to a hostile Effect (R-SN-24, reading in docs/rules-decisions.md): like the
target of an attack it may spend a saved Action (R-RESP-1) — if it sees the caster — to strike or
shoot back with a weapon that has the caster in reach, or to Bail (R-RESP-6), before the first
die is spent. A caster killed or Disrupted by the answer casts nothing (its Action is gone).
Bystanders do not answer an Effect in this part."""

from __future__ import annotations

from brikwars_gui.engine.rules.bail import bail
from brikwars_gui.engine.rules.combat import resolve_attack
from brikwars_gui.engine.rules.common import DecisionRequest, PlayContext, burdened, weapon_named
from brikwars_gui.engine.rules.movement import water_cells
from brikwars_gui.engine.rules.response import Responded, _target_replies  # the attack's own offer
from brikwars_gui.engine.state import UnitState


def answer_hostile_effect(ctx: PlayContext, caster: UnitState, target: UnitState, effect_name: str) -> None:
    offered = _target_replies(ctx, caster, target)
    if offered is None:
        return
    replies = {k: p for k, p in offered[0].items() if p.out_of_range == 0}
    options = sorted(replies, key=lambda k: (-replies[k].chance, k))
    default = options[0] if options else "decline"
    if not (target.pos in water_cells(ctx.state.grid) and burdened(target)):
        options.append("bail")
    options.append("decline")
    reason = f"the target of {caster.id}'s {effect_name} (R-SN-24)"
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
