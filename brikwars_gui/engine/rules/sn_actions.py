"""Orders of SuperNatural play (Chapter D), dispatched by `rules/actions.py` like the hazard orders:

* `Cast(effect, target=None, at=None, plan=())`: build an Effect of the caster's Cliché die by die
  (`supernatural/cast.py`); free by touch, the Action for a hostile or distant target (R-SN-10).
* `CancelEffect(effect)`: end one of the unit's Effects now (free, R-SN-13); its dice come back at
  the start of the owner's next turn.
* `Detonate()`: a 10amyte blows itself up (no Action, any time on its side's turn, R-SN-5).

`sn_action_options` lists what is possible now for `Game.legal_actions` (nothing without SN units).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.rules.common import IllegalOrder, PlayContext, unable_problem
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.supernatural import events as _events  # noqa: F401  (registers the SN events)
from brikwars_gui.engine.supernatural.cast import cast, check_cast, is_touch, resolve_target
from brikwars_gui.engine.supernatural.diemons import detonate
from brikwars_gui.engine.supernatural.effects import end_effect
from brikwars_gui.engine.supernatural.path import target_cell
from brikwars_gui.engine.supernatural.state import READY


@dataclass(frozen=True)
class Cast:
    effect: str
    target: str | None = None
    at: Cell | None = None
    plan: tuple[str, ...] = ()
    kind = "cast"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "effect": self.effect,
            "target": self.target,
            "at": None if self.at is None else [self.at[0], self.at[1]],
            "plan": list(self.plan),
        }


@dataclass(frozen=True)
class CancelEffect:
    effect: str
    kind = "cancel_effect"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "effect": self.effect}


@dataclass(frozen=True)
class Detonate:
    kind = "detonate"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}


SNAction = Cast | CancelEffect | Detonate
SN_ACTIONS = (Cast, CancelEffect, Detonate)


def sn_action_from_dict(data: dict[str, Any]) -> SNAction | None:
    kind = data.get("kind")
    if kind == "cast":
        target, at = data.get("target"), data.get("at")
        return Cast(
            str(data["effect"]),
            None if target is None else str(target),
            None if at is None else (int(at[0]), int(at[1])),
            tuple(str(s) for s in data.get("plan", ())),
        )
    if kind == "cancel_effect":
        return CancelEffect(str(data["effect"]))
    if kind == "detonate":
        return Detonate()
    return None


def check_sn_action(state: GameState, unit: UnitState, action: SNAction) -> None:
    if not state.sn.active:
        raise IllegalOrder("there is no SuperNatural power in this battle (Chapter D)")
    if isinstance(action, Cast):
        check_cast(state, unit, action.effect, action.target, action.at, action.plan)
    elif isinstance(action, CancelEffect):
        effect = state.sn.effects.get(action.effect)
        if effect is None or effect.ended or effect.caster != unit.id:
            raise IllegalOrder(f"{unit.name} sustains no Effect {action.effect!r} (R-SN-13)")
    else:
        if unit.diemon != "10amyte" or not unit.alive:
            raise IllegalOrder(f"{unit.name} is not a 10amyte: only a 10amyte self-destructs (R-SN-5)")


def perform_sn_action(ctx: PlayContext, unit: UnitState, action: SNAction) -> None:
    if isinstance(action, Cast):
        cast(ctx, unit, action.effect, action.target, action.at, action.plan)
    elif isinstance(action, CancelEffect):
        end_effect(ctx, ctx.state.sn.effects[action.effect], f"cancelled by {unit.id} (R-SN-13)")
    else:
        detonate(ctx, unit)


def sn_action_options(state: GameState, unit: UnitState) -> list[tuple[str, str, SNAction | None]]:
    """(kind, label, order) of the SN orders open to the unit now; a Cast without its dice plan
    (None) is completed by the Effect builder or the computer player."""
    ledger = state.sn
    if not ledger.active or unable_problem(unit) is not None:
        return []
    out: list[tuple[str, str, SNAction | None]] = []
    if unit.diemon == "10amyte":
        out.append(("detonate", "Detonate: a 1d10 explosion here, no Action (R-SN-5)", Detonate()))
    for effect in ledger.live_effects(unit.id):
        out.append(
            ("cancel_effect", f"Cancel {effect.template} ({effect.id}, R-SN-13)", CancelEffect(effect.id))
        )
    if not any(t.status == READY for t in ledger.talismans_of(unit.id)):
        return out
    for template in ledger.templates.get(unit.id, ()):
        for target, at in _targets(state, unit, template.target):
            try:
                target, at = resolve_target(state, unit, template, target, at)
            except IllegalOrder:
                continue
            touch = is_touch(state, unit, template, target, target_cell(state, target, at, unit.pos))
            if not touch and unit.action_used:
                continue
            what = target if target is not None else f"{at}"
            cost = "touch, free" if touch else "uses the Action"
            out.append(
                ("cast", f"Cast {template.name} on {what} ({cost}, R-SN-10)", Cast(template.name, target, at))
            )
    return out


def _targets(state: GameState, unit: UnitState, kind: str) -> list[tuple[str | None, Cell | None]]:
    if kind == "self":
        return [(unit.id, None)]
    if kind == "cell":
        return []  # any cell: the Effect builder asks where
    if kind == "object":
        return [(o.id, None) for o in sorted(state.objects.values(), key=lambda o: o.id) if not o.destroyed]
    units = sorted((u for u in state.units.values() if u.alive), key=lambda u: u.id)
    if kind == "ally":
        return [(u.id, None) for u in units if u.team == unit.team]
    if kind == "hostile":
        return [(u.id, None) for u in units if u.team != unit.team]
    return [(u.id, None) for u in units]
