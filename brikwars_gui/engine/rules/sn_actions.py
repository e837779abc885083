"""Orders of SuperNatural play (Chapter D), an order family of the registry (`rules/orders.py`):

* `Cast(effect, target=None, at=None, plan=(), delivery="auto")`: build an Effect of the caster's
  Cliché die by die (`supernatural/cast.py`); free by touch, the Action for a hostile or distant
  target (R-SN-10); `delivery` "shove"/"grab" touches a hostile unit in reach (`supernatural/touch.py`).
* `CancelEffect(effect)`: end one of the unit's Effects now (free, R-SN-13), at any moment, the
  other side's turn included (an `out_of_turn` order, `anytime_actions`); its dice come back at the
  start of the owner's next turn.
* `Detonate()`: a 10amyte blows itself up (no Action, any time on its side's turn, R-SN-5).
* `TakeTalisman(talisman)`: take up a Talisman lying within 1", or from a Disrupted enemy within 1"
  (R-SN-8, R-MOVE-16; a Move Action).
* `AttackTalisman(weapon, talisman)`: shoot or strike a Talisman, carried by an enemy or lying on the
  battlefield (R-SN-8, `supernatural/talisman_shots.py`); uses the Action.

`sn_action_options` offers what is possible now (rank 150; nothing without SN units).
"""

from __future__ import annotations

from dataclasses import dataclass

from brikwars_gui.engine.geometry import within_reach
from brikwars_gui.engine.rules.common import (
    IllegalOrder,
    PlayContext,
    unable_problem,
    usable_weapons,
    weapon_named,
)
from brikwars_gui.engine.rules.orders import (
    ActionOption,
    Order,
    StepHooks,
    action_problem,
    raise_problem,
    register_anytime_offers,
    register_offers,
    register_order,
)
from brikwars_gui.engine.state import Cell, GameState, UnitState
from brikwars_gui.engine.supernatural.cast import cast, check_cast, is_touch, resolve_target
from brikwars_gui.engine.supernatural.diemons import detonate
from brikwars_gui.engine.supernatural.effects import end_effect
from brikwars_gui.engine.supernatural.events import TalismanTaken
from brikwars_gui.engine.supernatural.path import target_cell
from brikwars_gui.engine.supernatural.state import DESTROYED, READY, TalismanState
from brikwars_gui.engine.supernatural.talisman_shots import plan_talisman_shot, shoot_talisman
from brikwars_gui.engine.supernatural.touch import (
    HOSTILE_TOUCH,
    check_delivery,
    focus_chance,
    is_focus,
    touch_chance,
)


def _sn_battle(state: GameState) -> None:
    if not state.sn.active:
        raise IllegalOrder("there is no SuperNatural power in this battle (Chapter D)")


@register_order
@dataclass(frozen=True)
class Cast(Order):
    effect: str
    target: str | None = None
    at: Cell | None = None
    plan: tuple[str, ...] = ()
    delivery: str = "auto"
    kind = "cast"
    omitted_at_default = frozenset({"delivery"})

    def check(self, state: GameState, unit: UnitState) -> None:
        _sn_battle(state)
        check_cast(state, unit, self.effect, self.target, self.at, self.plan, self.delivery)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        # books the Action if it uses it
        cast(ctx, unit, self.effect, self.target, self.at, self.plan, self.delivery)


@register_order
@dataclass(frozen=True)
class CancelEffect(Order):
    effect: str
    kind = "cancel_effect"
    out_of_turn = True  # R-SN-13: "cancel any time (even on an opponent's turn)"

    def check(self, state: GameState, unit: UnitState) -> None:
        _sn_battle(state)
        effect = state.sn.effects.get(self.effect)
        if effect is None or effect.ended or effect.caster != unit.id:
            raise IllegalOrder(f"{unit.name} sustains no Effect {self.effect!r} (R-SN-13)")

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        end_effect(ctx, ctx.state.sn.effects[self.effect], f"cancelled by {unit.id} (R-SN-13)")


@register_order
@dataclass(frozen=True)
class Detonate(Order):
    kind = "detonate"

    def check(self, state: GameState, unit: UnitState) -> None:
        _sn_battle(state)
        if unit.diemon != "10amyte" or not unit.alive:
            raise IllegalOrder(f"{unit.name} is not a 10amyte: only a 10amyte self-destructs (R-SN-5)")

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        detonate(ctx, unit)


@register_order
@dataclass(frozen=True)
class TakeTalisman(Order):
    """R-SN-8: take up a Talisman lying within 1" (GRID-4): a Move Action, no Action used."""

    talisman: str
    kind = "take_talisman"

    def check(self, state: GameState, unit: UnitState) -> None:
        _sn_battle(state)
        if problem := unable_problem(unit):
            raise IllegalOrder(problem)
        talisman = state.sn.talismans.get(self.talisman)
        if talisman is None or talisman.status == DESTROYED:
            raise IllegalOrder(f"no Talisman {self.talisman!r} to take (R-SN-8)")
        where = _takeable_at(state, unit, talisman)
        if where is None:
            raise IllegalOrder(
                f"the {talisman.name} neither lies on the battlefield nor is carried by a Disrupted "
                "enemy (R-SN-8)"
            )
        if unit.diemon or not within_reach(unit.pos, where):
            raise IllegalOrder(f'the {talisman.name} is not within 1" of {unit.name} (R-SN-8, GRID-4)')

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        talisman = ctx.state.sn.talismans[self.talisman]
        talisman.holder, talisman.cell = unit.id, None
        ctx.emit(TalismanTaken(talisman.id, unit.id))


def _takeable_at(state: GameState, unit: UnitState, talisman: TalismanState) -> Cell | None:
    """Where a Talisman may be taken from: its cell when it lies on the battlefield, or a Disrupted
    enemy holder's cell (R-MOVE-16: it lies there helpless, an object; reading)."""
    if talisman.holder is None:
        return talisman.cell
    holder = state.units.get(talisman.holder)
    if holder is not None and holder.alive and holder.disrupted and holder.team != unit.team:
        return holder.pos
    return None


@register_order
@dataclass(frozen=True)
class AttackTalisman(Order):
    """R-SN-8: attack a Talisman with a weapon (G-5 Size 0); uses the Action."""

    weapon: str
    talisman: str
    kind = "attack_talisman"

    def check(self, state: GameState, unit: UnitState) -> None:
        _sn_battle(state)
        raise_problem(action_problem(unit))
        plan_talisman_shot(state, unit, weapon_named(unit, self.weapon), self.talisman)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.action_used = True
        shoot_talisman(ctx, unit, weapon_named(unit, self.weapon), self.talisman)


SNAction = Cast | CancelEffect | Detonate | TakeTalisman | AttackTalisman


@register_offers(150, ["cast", "cancel_effect", "detonate", "take_talisman", "attack_talisman"])
def sn_action_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """The SN orders open to the unit now; a Cast is offered without its dice plan (the Effect
    builder or the computer player completes it)."""
    ledger = state.sn
    if not ledger.active or unable_problem(unit) is not None:
        return []
    out: list[ActionOption] = []
    if unit.diemon == "10amyte":
        label = "Detonate: a 1d10 explosion here, no Action (R-SN-5)"
        out.append(ActionOption("detonate", label, Detonate()))
    for talisman in ledger.talismans.values():
        where = None if unit.diemon or talisman.status == DESTROYED else _takeable_at(state, unit, talisman)
        if where is not None and within_reach(unit.pos, where):
            label = f"Take the {talisman.name} (d{talisman.sides}, R-SN-8)"
            out.append(ActionOption("take_talisman", label, TakeTalisman(talisman.id)))
    out += _talisman_shots(state, unit)
    out += cancel_options(state, unit)
    if not any(t.status == READY for t in ledger.talismans_of(unit.id)):
        return out
    for template in ledger.templates_for(unit.id):
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
            label = f"Cast {template.name} on {what} ({cost}, R-SN-10)"
            out.append(ActionOption("cast", label, Cast(template.name, target, at), target=target))
            if not touch and template.target in ("hostile", "unit", "ally"):
                out += _touch_options(state, unit, template.name, target)
    return out


def _talisman_shots(state: GameState, unit: UnitState) -> list[ActionOption]:
    """R-SN-8: each weapon's attack on each Talisman an enemy carries or that lies on the map."""
    if unit.action_used or (unit.diemon and unit.has_moved):
        return []
    out: list[ActionOption] = []
    for talisman in state.sn.talismans.values():
        for weapon in usable_weapons(unit):
            try:
                plan = plan_talisman_shot(state, unit, weapon, talisman.id)
            except IllegalOrder:
                continue
            what = f"the {talisman.name} (d{talisman.sides})"
            label = f"Attack {what} with {weapon.name} ({plan.chance:.0%}, R-SN-8)"
            order = AttackTalisman(weapon.name, talisman.id)
            out.append(
                ActionOption(
                    "attack_talisman",
                    label,
                    order,
                    target=plan.holder,  # no `weapon`: the menu would read it as an attack on the holder
                    needed=plan.needed,
                    chance=plan.chance,
                    out_of_range=plan.out_of_range,
                    distance=plan.distance,
                )
            )
    return out


def _touch_options(state: GameState, unit: UnitState, effect: str, target: str | None) -> list[ActionOption]:
    """R-SN-10: a hostile unit in reach may be touched by a Shove or a Grab; R-SN-11: a Wand or
    Staff of the caster carries the Effect to any unit it hits (no Range dice either way)."""
    other = state.units.get(target) if target else None
    if other is None:
        return []
    out: list[ActionOption] = []
    focuses = [w.name for w in unit.weapons if not w.spent and is_focus(w)]
    for delivery in (*HOSTILE_TOUCH, *focuses):
        try:
            check_delivery(state, unit, other, delivery)
        except IllegalOrder:
            continue
        if delivery in HOSTILE_TOUCH:
            chance, how, rule = touch_chance(state, unit, other), f"a {delivery.title()}", "R-SN-10"
        else:
            chance, how, rule = focus_chance(state, unit, other, delivery), f"the {delivery}", "R-SN-11"
        label = f"Cast {effect} on {target} by {how} ({chance:.0%}, uses the Action, {rule})"
        order = Cast(effect, target, delivery=delivery)
        out.append(ActionOption("cast", label, order, target=target, chance=chance))
    return out


@register_anytime_offers
def cancel_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """R-SN-13: each Effect the unit sustains may be cancelled now, whoever's turn it is."""
    if not state.sn.active or not unit.alive:
        return []
    return [
        ActionOption("cancel_effect", f"Cancel {e.template} ({e.id}, R-SN-13)", CancelEffect(e.id))
        for e in state.sn.live_effects(unit.id)
    ]


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
