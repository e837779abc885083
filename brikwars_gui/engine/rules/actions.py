"""Actions (R-ACT-1..8): one per unit per turn, before, during or after its Movement.

The order family of the Action itself, registered with the order registry (`rules/orders.py`):
`Attack(weapon, target)`, `Sprint(toward, charge)`, `Bail()`, `FullRound(label, turns,
difficulty)`, `Hold()` (keep the Action for Response, R-RESP-1), `Shed()` (drop a heavy item and
take off Armor: Move Actions costing nothing, R-MOVE-6/14), `Mark(target)` (a Scout Marks an enemy
he sees within 8", R-SCOUT-5), `Shove(target)` (push 2" and Disrupt, R-MOVE-15, G-11) and
`SkillTurn(skill, target)` (a ruleset's own Action). Each class says how it is read from a logged
dict, checked and performed; the offer functions below list them for `legal_actions` with labels,
needed numbers and exact odds. The Chapter F hand orders are the family of
`rules/hazard_actions.py`, the movement orders that of `rules/move_actions.py`.
A swimming unit has no arms free for Attacks, Shoves, Marks or Full-Round Actions (R-MOVE-4).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.dice.brikwars import SkillRoll, spend_overskill_on_skill
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import distance, sees, within_reach
from brikwars_gui.engine.hazards.scout import MARK_RANGE, is_scout
from brikwars_gui.engine.hazards.scout import mark as scout_mark
from brikwars_gui.engine.hazards.terrain import slippery_critical_failure
from brikwars_gui.engine.rules.bail import bail
from brikwars_gui.engine.rules.combat import AttackPlan, action_kind, burning_penalty, plan_attack
from brikwars_gui.engine.rules.common import (
    IllegalOrder,
    PlayContext,
    burdened,
    close_weapons,
    two_armed_problem,
    usable_weapons,
    use_rating,
    weapon_named,
)
from brikwars_gui.engine.rules.move_search import movement_problem
from brikwars_gui.engine.rules.movement import charge_blocked, sprint
from brikwars_gui.engine.rules.orders import (
    ActionOption,
    Order,
    StepHooks,
    action_problem,
    raise_problem,
    register_offers,
    register_order,
)
from brikwars_gui.engine.rules.response import attack_with_responses
from brikwars_gui.engine.rules.shove import SHOVE_USE, plan_shove, shove
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.rulesets.base import RollAsked
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
from brikwars_gui.engine.supernatural.minds import note_fired
from brikwars_gui.engine.visibility import reveal, unit_visible_to

# ---------------------------------------------------------------------------------------------
# Orders


@register_order
@dataclass(frozen=True)
class Attack(Order):
    weapon: str
    target: str
    kind = "attack"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit))
        plan_attack(state, unit, weapon_named(unit, self.weapon), self.target)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.action_used = True
        reveal(ctx, unit, f"attacks {self.target}")  # G-16: before anyone answers the attack
        attack_with_responses(ctx, unit, self.weapon, self.target)
        if ctx.state.sn.active:  # R-SN-40: a weapon fires once a turn, whatever Minds the unit has
            note_fired(ctx.state, unit, self.weapon)


@register_order
@dataclass(frozen=True)
class Sprint(Order):
    """R-MOVE-18..21; with `charge` (an enemy id) a Charge: the Sprint ends in a close-combat attack
    on that enemy if it is then within reach (R-MOVE-20, G-11), all one Action."""

    toward: Cell
    charge: str | None = None
    kind = "sprint"
    omitted_at_default = frozenset({"charge"})

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit) or movement_problem(unit))
        if unit.has_moved:
            raise IllegalOrder(
                f"{unit.name} has already moved: a Sprint must be the whole turn's Movement "
                "in one line (R-MOVE-18)"
            )
        toward = (int(self.toward[0]), int(self.toward[1]))
        if toward == unit.pos or not state.grid.in_bounds(toward):
            raise IllegalOrder(f"cannot Sprint toward {toward}")
        if self.charge is not None:
            charge_problem(state, unit, self.charge)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.action_used = True
        toward = (int(self.toward[0]), int(self.toward[1]))
        sprint(ctx, unit, toward, check=steps.check, resolve=steps.resolve, leave=steps.leave)
        if self.charge is not None:
            _charge_attack(ctx, unit, self.charge)


@register_order
@dataclass(frozen=True)
class Bail(Order):
    kind = "bail"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit))

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.action_used = True
        bail(ctx, unit, None)


@register_order
@dataclass(frozen=True)
class FullRound(Order):
    """R-ACT-7/8. `difficulty` is an R-ACT-3 name: "trivial" needs no roll (R-ACT-2); None is a
    non-equipment task at the default Use 3 (R-ACT-4); others roll Skill against their Use."""

    label: str = "Full-Round Action"
    turns: int = 1
    difficulty: str | None = "trivial"
    kind = "full_round"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit))
        if self.turns < 1:
            raise IllegalOrder("a Full-Round Action lasts at least one turn")
        use_rating(self.difficulty)  # R-ACT-3: raises on an unknown difficulty
        raise_problem(two_armed_problem(state, unit))

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.action_used = True
        full_round(ctx, unit, self)


@register_order
@dataclass(frozen=True)
class Hold(Order):
    kind = "hold"
    ends_unit_turn = True

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit, needs_action=False))

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.done = True
        unit.stopped = True  # R-MOVE-6: stopping to Aim (the held Action is the aimed Response)


@register_order
@dataclass(frozen=True)
class Mark(Order):
    """R-SCOUT-5: a Scout Marks a target he sees within 8" (uses the Action)."""

    target: str
    kind = "mark"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit) or two_armed_problem(state, unit))
        target = state.units.get(self.target)
        if target is None or target not in markable(state, unit):
            if not is_scout(unit):
                raise IllegalOrder(f"{unit.name} is not a Scout: only Scouts Mark targets (R-SCOUT-5)")
            raise IllegalOrder(
                f"{unit.name} cannot Mark {self.target}: "
                f'it must be a living enemy he sees within {MARK_RANGE}"'
            )

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        scout_mark(ctx, unit.id, self.target)  # uses the Action


@register_order
@dataclass(frozen=True)
class Shove(Order):
    """R-MOVE-15, G-11: push a unit within reach 2" and knock it off its feet (uses the Action)."""

    target: str
    kind = "shove"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit))
        plan_shove(state, unit, self.target)

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.action_used = True
        shove(ctx, unit, self.target)


@register_order
@dataclass(frozen=True)
class Shed(Order):
    kind = "shed"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit, needs_action=False))
        if not burdened(unit):
            raise IllegalOrder(f"{unit.name} carries nothing heavy and wears no Armor")

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        if unit.heavy_armor or unit.body_armor:  # it lies where it was taken off (DonArmor)
            unit.armor_shed, unit.armor_shed_at = ("heavy" if unit.heavy_armor else "body"), unit.pos
        unit.carrying_heavy = unit.heavy_armor = unit.body_armor = False
        ctx.emit(BurdenShed(unit.id))


@register_order
@dataclass(frozen=True)
class SkillTurn(Order):
    """A ruleset's own Action (`Ruleset.skill_turns`): Nine Powers' Acrobatics, Protect,
    Perception, Wrestle, Bargain and Escape turns."""

    skill: str
    target: str | None = None
    kind = "skill_turn"

    def check(self, state: GameState, unit: UnitState) -> None:
        raise_problem(action_problem(unit))
        raise_problem(ruleset_of(state).skill_turn_problem(state, unit, self.skill, self.target))

    def perform(self, ctx: PlayContext, unit: UnitState, steps: StepHooks) -> None:
        unit.action_used = True
        ruleset_of(ctx.state).skill_turn(ctx, unit, self.skill, self.target)


# ---------------------------------------------------------------------------------------------
# Events


@register_event
class FullRoundStarted(Event):
    """R-ACT-7/8: no other Action and no own Movement this turn (for `turns` turns)."""

    kind = "full_round"
    unit: str
    label: str
    turns_left: int
    use: int | None = None  # R-ACT-3/4: None = trivial, no roll
    roll: dict[str, Any] | None = None
    success: bool = True

    def describe(self) -> str:
        more = f", {self.turns_left} more turn(s)" if self.turns_left else ""
        rolled = ""
        if self.use is not None and self.roll and self.roll.get("text"):
            rolled = f"; {self.roll['text']}"  # the roll in its ruleset's words (its dice log line)
        elif self.use is not None:
            total = self.roll["total"] if self.roll else "?"
            rolled = f"; Skill {total} vs Use {self.use}: " + ("success" if self.success else "failure")
        return f"{self.unit} is busy: {self.label} (Full-Round Action{more}){rolled}"


@register_event
class ChargeFellShort(Event):
    """R-MOVE-20: the Sprint of a Charge ended out of reach of its target: no attack."""

    kind = "charge_fell_short"
    unit: str
    target: str

    def describe(self) -> str:
        return f"{self.unit}'s Charge ends out of reach of {self.target} (R-MOVE-20)"


@register_event
class BurdenShed(Event):
    """R-MOVE-6/14: dropping items and taking off Armor cost nothing."""

    kind = "burden_shed"
    unit: str

    def describe(self) -> str:
        return f"{self.unit} drops its heavy load and sheds its Armor"


# ---------------------------------------------------------------------------------------------
# Offers (ranks 10-110 of `legal_actions`; rules/move_actions.py fills 60, 120 and 130)


def attack_option(
    state: GameState, unit: UnitState, weapon: WeaponState, target: UnitState, plan: AttackPlan
) -> ActionOption:
    """The `legal_actions` entry of a checked attack (`plan` from `plan_attack`), its roll in the
    ruleset's words (`Ruleset.describe_roll`)."""
    verb = "Strike" if weapon.is_close else ("Throw at" if weapon.kind == "thrown" else "Shoot")
    oor_modifier = -plan.out_of_range  # R-ACT-6
    asked = RollAsked(
        action_kind(weapon), weapon.use, plan.needed, plan.chance, oor_modifier, weapon.name, target.id
    )
    roll = ruleset_of(state).describe_roll(state, unit, asked)
    oor = f', {plan.out_of_range}" out of range' if plan.out_of_range else ""
    return ActionOption(
        "attack",
        f"{verb} {target.name} with {weapon.name} ({roll}{oor})",
        Attack(weapon.name, target.id),
        weapon.name,
        target.id,
        weapon.use,
        plan.needed,
        plan.chance,
        plan.out_of_range,
        plan.distance,
        roll=roll,
    )


def _enemies(state: GameState, unit: UnitState) -> list[UnitState]:
    """Living enemies in id order (the order options are listed in)."""
    return [
        other
        for other in sorted(state.units.values(), key=lambda u: u.id)
        if other.alive and other.team != unit.team
    ]


def may_sprint(unit: UnitState) -> bool:
    """The unit's Action and whole Movement are still free for a Sprint (R-MOVE-18)."""
    return not unit.action_used and movement_problem(unit) is None and not unit.has_moved


@register_offers(10, ["skill_turn"])
def _skill_turn_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    if unit.action_used:
        return []
    return [
        ActionOption(
            "skill_turn",
            turn.label,
            SkillTurn(turn.skill, turn.target),
            target=turn.target,
            chance=turn.chance,
            advised=turn.advised,
        )
        for turn in ruleset_of(state).skill_turns(state, unit)
    ]


@register_offers(20, ["attack"])
def _attack_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    if unit.action_used:
        return []
    out = []
    enemies = _enemies(state, unit)
    for weapon in usable_weapons(unit):
        for other in enemies:
            try:
                plan = plan_attack(state, unit, weapon, other.id)
            except IllegalOrder:
                continue
            out.append(attack_option(state, unit, weapon, other, plan))
    return out


@register_offers(30, ["shove"])
def _shove_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    if unit.action_used or two_armed_problem(state, unit) is not None:  # R-MOVE-4
        return []
    out = []
    ruleset = ruleset_of(state)
    for other in _enemies(state, unit):
        if not within_reach(unit.pos, other.pos):
            continue
        try:
            needed, chance = plan_shove(state, unit, other.id)
        except IllegalOrder:
            continue
        use = None if needed is None else SHOVE_USE
        roll = ruleset.describe_roll(state, unit, RollAsked("shove", use, needed, chance))
        out.append(
            ActionOption(
                "shove",
                f'Shove {other.name} 2" and knock it down ({roll}, R-MOVE-15)',
                Shove(other.id),
                target=other.id,
                use=use,
                needed=needed,
                chance=chance,
                roll=roll,
            )
        )
    return out


@register_offers(40, ["mark"])
def _mark_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    if unit.action_used:
        return []
    return [
        ActionOption(
            "mark",
            f"Mark target {other.name} (allies' Ranged attacks +1, R-SCOUT-5)",
            Mark(other.id),
            target=other.id,
            distance=round(distance(unit.pos, other.pos), 3),
        )
        for other in markable(state, unit)
    ]


@register_offers(50, ["sprint"])
def _sprint_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    if not may_sprint(unit):
        return []
    return [ActionOption("sprint", "Sprint in a straight line (+Skill roll inches)", None)]


@register_offers(70, ["charge"])
def _charge_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """R-MOVE-20: Charge every visible enemy a Sprint could reach (Move + up to 6" of Skill roll)
    along its straight line: not one whose line is blocked before it comes within reach."""
    if not may_sprint(unit) or two_armed_problem(state, unit) is not None or not close_weapons(unit):
        return []
    out = []
    for other in _enemies(state, unit):
        if not unit_visible_to(state, unit.team, other):
            continue
        dist = distance(unit.pos, other.pos)
        if 1.5 < dist <= unit.move_left + unit.skill + 1 and charge_blocked(state, unit, other.pos) is None:
            label = f"Charge {other.name} (Sprint + close-combat attack, R-MOVE-20)"
            out.append(
                ActionOption(
                    "charge", label, Sprint(other.pos, other.id), target=other.id, distance=round(dist, 3)
                )
            )
    return out


@register_offers(80, ["bail", "full_round", "hold"])
def _plain_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    if unit.action_used:
        return []
    out = [ActionOption("bail", "Bail (leap Skill-roll inches, ends Disrupted)", Bail())]
    if two_armed_problem(state, unit) is None:  # R-MOVE-4
        out.append(ActionOption("full_round", "Full-Round Action", FullRound()))
    out.append(ActionOption("hold", "Hold: keep the Action for a Response", Hold()))
    return out


@register_offers(110, ["shed"])
def _shed_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    if not burdened(unit):
        return []
    return [ActionOption("shed", "Drop heavy items and take off Armor (no cost)", Shed())]


# ---------------------------------------------------------------------------------------------
# Rules of the orders above


def markable(state: GameState, unit: UnitState) -> list[UnitState]:
    """R-SCOUT-5: the enemies a Scout could Mark now (seen, within 8", GRID-3)."""
    if not is_scout(unit) or two_armed_problem(state, unit):  # R-MOVE-4: binoculars need a hand
        return []
    return [
        other
        for other in _enemies(state, unit)
        if unit_visible_to(state, unit.team, other)  # G-16, fog of war
        and distance(unit.pos, other.pos) <= MARK_RANGE
        and sees(
            state.grid,
            unit.pos,
            unit.facing,
            other.pos,
            smoke=state.smoke_between(unit.pos, other.pos, unit.size, other.size),
        )
    ]


def charge_problem(state: GameState, unit: UnitState, target_id: str) -> None:
    """R-MOVE-20 / G-11: a Charge needs a close-combat weapon and a living enemy the unit sees."""
    target = state.units.get(target_id)
    if (
        target is None
        or not target.alive
        or target.team == unit.team
        or not unit_visible_to(state, unit.team, target)  # G-16, fog of war
    ):
        raise IllegalOrder(f"{unit.name} has no enemy {target_id!r} to Charge (R-MOVE-20)")
    if not close_weapons(unit):
        raise IllegalOrder(f"{unit.name} has no close-combat weapon to Charge with (R-MOVE-20, G-11)")
    raise_problem(two_armed_problem(state, unit))


def _charge_attack(ctx: PlayContext, unit: UnitState, target_id: str) -> None:
    """The close-combat attack ending a Charge, with the best close weapon that can strike now;
    nothing when the Sprint fell short of reach (the Action is spent either way)."""
    if not unit.alive or unit.disrupted:
        return
    plans = []
    for weapon in close_weapons(unit):
        with contextlib.suppress(IllegalOrder):
            plans.append((plan_attack(ctx.state, unit, weapon, target_id).chance, weapon.name))
    if plans:
        weapon = max(plans)[1]
        attack_with_responses(ctx, unit, weapon, target_id)
        if ctx.state.sn.active:  # R-SN-40: fired this turn, whatever Minds the unit has
            note_fired(ctx.state, unit, weapon)
    else:
        ctx.emit(ChargeFellShort(unit.id, target_id))


def full_round(ctx: PlayContext, unit: UnitState, order: FullRound) -> None:
    """R-ACT-7/8: busy for the turn(s); a task with a difficulty rolls Skill against its Use."""
    unit.full_round = True
    unit.stopped = True
    unit.activity = order.label
    use = use_rating(order.difficulty)
    roll = None
    if use is not None:  # R-ACT-2: non-trivial tasks need a Skill Roll
        burning = burning_penalty(ctx, unit)  # R-FIRE-5
        roll = ruleset_of(ctx.state).action_roll(
            ctx,
            unit,
            sides=unit.skill,
            kind="task",
            use=use,
            penalty=-burning,
            purpose=f"{unit.id} {order.label}",
        )
        # R-DICE-8b / R-ACT-4: a task has no Damage or stat to boost, so the Overskill Benny
        # goes on +1d6 to the roll when it falls short (a Use above the die's faces needs it)
        if roll.overskill and not roll.success:
            assert isinstance(roll, SkillRoll)  # Overskill is a BrikWars Skill Roll's own
            roll = spend_overskill_on_skill(roll, ctx.dice, purpose=f"{unit.id} {order.label}")
    success = roll is None or bool(roll.success)
    # a failed attempt still takes the whole turn; an Extended Action is then abandoned
    unit.extended_left = order.turns - 1 if success else 0
    ctx.emit(
        FullRoundStarted(
            unit.id,
            order.label,
            unit.extended_left,
            use,
            roll.to_dict() if roll is not None else None,
            success,
        )
    )
    if roll is not None and roll.critical_failure:
        slippery_critical_failure(ctx, unit)  # R-HAZ-14: falls on ice, oil, marbles
