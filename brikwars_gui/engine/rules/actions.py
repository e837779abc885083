"""Actions (R-ACT-1..8): one per unit per turn, before, during or after its Movement.

Orders for `Game.act` are small frozen dataclasses with `to_dict`/`action_from_dict` (they are
logged in `order` events): `Attack(weapon, target)`, `Sprint(toward)`, `Bail()`,
`FullRound(label, turns, difficulty)`, `Hold()` (keep the Action for Response, R-RESP-1), `Shed()`
(drop a heavy item and take off Armor: Move Actions costing nothing, R-MOVE-6/14), `Mark(target)` (a
Scout Marks an enemy he sees within 8", R-SCOUT-5), `Shove(target)` (push 2" and Disrupt,
R-MOVE-15, G-11) and the Chapter F hand orders of `rules/hazard_actions.py` (`Operate`,
`ResetTrap`, `FightFire`, `RollOnGround`, `Place`) and the movement orders of `rules/move_actions.py`
(`GroupSprint`, `Climb`, `DonArmor`). A swimming unit has no arms free for Attacks,
Shoves, Marks or Full-Round Actions (R-MOVE-4).
`legal_actions` lists what a unit can do now with labels, needed numbers and exact odds.
"""

from __future__ import annotations

import contextlib
from dataclasses import asdict, dataclass
from typing import Any

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.grid import distance, sees, within_reach
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
    unable_problem,
    usable_weapons,
    use_rating,
    weapon_named,
)
from brikwars_gui.engine.rules.hazard_actions import (
    FightFire,
    HazardAction,
    Operate,
    Place,
    ResetTrap,
    RollOnGround,
    check_hazard_action,
    hazard_action_from_dict,
    hazard_action_options,
    perform_hazard_action,
    uses_action,
)
from brikwars_gui.engine.rules.move_actions import (
    Climb,
    DonArmor,
    GroupSprint,
    MoveOrder,
    check_move_order,
    climb_options,
    don_armor_problem,
    group_partners,
    move_order_from_dict,
    perform_move_order,
)
from brikwars_gui.engine.rules.movement import StepCheck, StepResolve, movement_problem, sprint
from brikwars_gui.engine.rules.response import attack_with_responses
from brikwars_gui.engine.rules.shove import SHOVE_USE, plan_shove, shove
from brikwars_gui.engine.rules.sn_actions import (
    SN_ACTIONS,
    SNAction,
    check_sn_action,
    perform_sn_action,
    sn_action_from_dict,
    sn_action_options,
)
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.rulesets.base import RollAsked
from brikwars_gui.engine.rulesets.brikwars.dice import SkillRoll, spend_overskill_on_skill
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
from brikwars_gui.engine.visibility import reveal, unit_visible_to

# ---------------------------------------------------------------------------------------------
# Orders


@dataclass(frozen=True)
class Attack:
    weapon: str
    target: str
    kind = "attack"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True)
class Sprint:
    """R-MOVE-18..21; with `charge` (an enemy id) a Charge: the Sprint ends in a close-combat attack
    on that enemy if it is then within reach (R-MOVE-20, G-11), all one Action."""

    toward: Cell
    charge: str | None = None
    kind = "sprint"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "toward": [self.toward[0], self.toward[1]]}
        if self.charge is not None:
            out["charge"] = self.charge
        return out


@dataclass(frozen=True)
class Bail:
    kind = "bail"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}


@dataclass(frozen=True)
class FullRound:
    """R-ACT-7/8. `difficulty` is an R-ACT-3 name: "trivial" needs no roll (R-ACT-2); None is a
    non-equipment task at the default Use 3 (R-ACT-4); others roll Skill against their Use."""

    label: str = "Full-Round Action"
    turns: int = 1
    difficulty: str | None = "trivial"
    kind = "full_round"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True)
class Hold:
    kind = "hold"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}


@dataclass(frozen=True)
class Mark:
    """R-SCOUT-5: a Scout Marks a target he sees within 8" (uses the Action)."""

    target: str
    kind = "mark"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "target": self.target}


@dataclass(frozen=True)
class Shove:
    """R-MOVE-15, G-11: push a unit within reach 2" and knock it off its feet (uses the Action)."""

    target: str
    kind = "shove"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "target": self.target}


@dataclass(frozen=True)
class Shed:
    kind = "shed"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}


@dataclass(frozen=True)
class SkillTurn:
    """A ruleset's own Action (`Ruleset.skill_turns`): Nine Powers' Acrobatics, Protect,
    Perception, Wrestle, Bargain and Escape turns."""

    skill: str
    target: str | None = None
    kind = "skill_turn"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "skill": self.skill, "target": self.target}


Action = (
    Attack
    | Sprint
    | Bail
    | FullRound
    | Hold
    | Shed
    | Mark
    | Shove
    | HazardAction
    | SkillTurn
    | MoveOrder
    | SNAction
)


HAZARD_ACTIONS = (Operate, ResetTrap, FightFire, RollOnGround, Place)


def action_from_dict(data: dict[str, Any]) -> Action:
    kind = data.get("kind")
    if (hazard_action := hazard_action_from_dict(data)) is not None:
        return hazard_action
    if (move_order := move_order_from_dict(data)) is not None:
        return move_order
    if (sn_action := sn_action_from_dict(data)) is not None:
        return sn_action
    if kind == "attack":
        return Attack(str(data["weapon"]), str(data["target"]))
    if kind == "sprint":
        charge = data.get("charge")
        return Sprint(
            (int(data["toward"][0]), int(data["toward"][1])), None if charge is None else str(charge)
        )
    if kind == "bail":
        return Bail()
    if kind == "full_round":
        difficulty = data.get("difficulty", "trivial")
        return FullRound(
            str(data.get("label", "Full-Round Action")),
            int(data.get("turns", 1)),
            None if difficulty is None else str(difficulty),
        )
    if kind == "hold":
        return Hold()
    if kind == "shed":
        return Shed()
    if kind == "mark":
        return Mark(str(data["target"]))
    if kind == "shove":
        return Shove(str(data["target"]))
    if kind == "skill_turn":
        target = data.get("target")
        return SkillTurn(str(data["skill"]), None if target is None else str(target))
    raise ValueError(f"unknown action kind {kind!r}")


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
# Checks and options


def action_problem(unit: UnitState, *, needs_action: bool = True) -> str | None:
    """Why the unit may not act now, or None (Half Speed or Stopped units still act, R-MOVE-13)."""
    if problem := unable_problem(unit):
        return problem
    if needs_action and unit.action_used:
        return f"{unit.name} has already used its Action this turn (R-ACT-1)"
    if needs_action and unit.diemon and unit.has_moved:
        return f"{unit.name} has moved: a Diemon either moves or acts each turn (R-SN-2)"
    return None


@dataclass(frozen=True)
class ActionOption:
    """One thing a unit can do now. `action` is None when the GUI must still pick a cell (sprint)."""

    kind: str
    label: str
    action: Action | None
    weapon: str | None = None
    target: str | None = None
    use: int | None = None
    needed: int | None = None
    chance: float | None = None
    out_of_range: int = 0
    distance: float | None = None
    advised: bool = False  # a ruleset's own Action the computer player should take first
    roll: str = ""  # the roll in the ruleset's words (`Ruleset.describe_roll`): "Use 4, 50%"


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


def legal_actions(state: GameState, unit: UnitState) -> list[ActionOption]:
    out: list[ActionOption] = []
    if action_problem(unit, needs_action=False) is not None:
        return out
    ruleset = ruleset_of(state)
    if not unit.action_used:
        for turn in ruleset.skill_turns(state, unit):
            out.append(
                ActionOption(
                    "skill_turn",
                    turn.label,
                    SkillTurn(turn.skill, turn.target),
                    target=turn.target,
                    chance=turn.chance,
                    advised=turn.advised,
                )
            )
        for weapon in usable_weapons(unit):
            for other in sorted(state.units.values(), key=lambda u: u.id):
                if not other.alive or other.team == unit.team:
                    continue
                try:
                    plan = plan_attack(state, unit, weapon, other.id)
                except IllegalOrder:
                    continue
                out.append(attack_option(state, unit, weapon, other, plan))
        arms_free = two_armed_problem(state, unit) is None  # R-MOVE-4
        for other in sorted(state.units.values(), key=lambda u: u.id):
            if not arms_free or not other.alive or other.team == unit.team:
                continue
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
        for other in markable(state, unit):
            out.append(
                ActionOption(
                    "mark",
                    f"Mark target {other.name} (allies' Ranged attacks +1, R-SCOUT-5)",
                    Mark(other.id),
                    target=other.id,
                    distance=round(distance(unit.pos, other.pos), 3),
                )
            )
        if movement_problem(unit) is None and not unit.has_moved:
            out.append(ActionOption("sprint", "Sprint in a straight line (+Skill roll inches)", None))
            partners = group_partners(state, unit)
            if partners:  # R-MOVE-20: the GUI asks for the cell, then orders GroupSprint(cell, members)
                names = ", ".join(p.name for p in partners)
                label = f"Group Sprint with {names} (one shared roll, R-MOVE-20)"
                out.append(ActionOption("group_sprint", label, None, target=",".join(p.id for p in partners)))
            if arms_free and close_weapons(unit):
                out += _charge_options(state, unit)
        out.append(ActionOption("bail", "Bail (leap Skill-roll inches, ends Disrupted)", Bail()))
        if arms_free:
            out.append(ActionOption("full_round", "Full-Round Action", FullRound()))
        out.append(ActionOption("hold", "Hold: keep the Action for a Response", Hold()))
    if burdened(unit):
        out.append(ActionOption("shed", "Drop heavy items and take off Armor (no cost)", Shed()))
    out += [ActionOption("climb", label, order) for label, order in climb_options(state, unit)]
    if not unit.action_used and don_armor_problem(state, unit) is None:
        label = f"Put the {unit.armor_shed} Armor back on (Stopped, uses the Action, R-MOVE-6)"
        out.append(ActionOption("don_armor", label, DonArmor()))
    out += [ActionOption(kind, label, order) for kind, label, order in hazard_action_options(state, unit)]
    if state.sn.active:  # Chapter D (engine/supernatural): nothing to list without SN units
        out += [ActionOption(kind, label, order) for kind, label, order in sn_action_options(state, unit)]
    return out


def _charge_options(state: GameState, unit: UnitState) -> list[ActionOption]:
    """R-MOVE-20: Charge every visible enemy a Sprint could reach (Move + up to 6" of Skill roll)."""
    out = []
    for other in sorted(state.units.values(), key=lambda u: u.id):
        if not other.alive or other.team == unit.team or not unit_visible_to(state, unit.team, other):
            continue
        dist = distance(unit.pos, other.pos)
        if 1.5 < dist <= unit.move_left + unit.skill + 1:
            label = f"Charge {other.name} (Sprint + close-combat attack, R-MOVE-20)"
            out.append(
                ActionOption(
                    "charge", label, Sprint(other.pos, other.id), target=other.id, distance=round(dist, 3)
                )
            )
    return out


def markable(state: GameState, unit: UnitState) -> list[UnitState]:
    """R-SCOUT-5: the enemies a Scout could Mark now (seen, within 8", GRID-3)."""
    if not is_scout(unit) or two_armed_problem(state, unit):  # R-MOVE-4: binoculars need a hand
        return []
    return [
        other
        for other in sorted(state.units.values(), key=lambda u: u.id)
        if other.alive
        and other.team != unit.team
        and unit_visible_to(state, unit.team, other)  # G-16, fog of war
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
    problem = two_armed_problem(state, unit)
    if problem:
        raise IllegalOrder(problem)


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
        attack_with_responses(ctx, unit, max(plans)[1], target_id)
    else:
        ctx.emit(ChargeFellShort(unit.id, target_id))


def check_action(state: GameState, unit: UnitState, action: Action) -> None:
    """Raise IllegalOrder when `action` is not allowed now (nothing is changed)."""
    if isinstance(action, SN_ACTIONS):
        check_sn_action(state, unit, action)
        return
    if isinstance(action, HAZARD_ACTIONS):
        problem = action_problem(unit, needs_action=uses_action(state, action))
        if problem:
            raise IllegalOrder(problem)
        check_hazard_action(state, unit, action)
        return
    if isinstance(action, Shed):
        problem = action_problem(unit, needs_action=False)
        if problem:
            raise IllegalOrder(problem)
        if not burdened(unit):
            raise IllegalOrder(f"{unit.name} carries nothing heavy and wears no Armor")
        return
    if isinstance(action, GroupSprint | DonArmor | Climb):
        check_move_order(state, unit, action)
        return
    problem = action_problem(unit, needs_action=not isinstance(action, Hold))
    if problem:
        raise IllegalOrder(problem)
    if isinstance(action, Attack):
        plan_attack(state, unit, weapon_named(unit, action.weapon), action.target)
    elif isinstance(action, Sprint):
        problem = movement_problem(unit)
        if problem:
            raise IllegalOrder(problem)
        if unit.has_moved:
            raise IllegalOrder(
                f"{unit.name} has already moved: a Sprint must be the whole turn's Movement "
                "in one line (R-MOVE-18)"
            )
        toward = (int(action.toward[0]), int(action.toward[1]))
        if toward == unit.pos or not state.grid.in_bounds(toward):
            raise IllegalOrder(f"cannot Sprint toward {toward}")
        if action.charge is not None:
            charge_problem(state, unit, action.charge)
    elif isinstance(action, Shove):
        plan_shove(state, unit, action.target)
    elif isinstance(action, Mark):
        problem = two_armed_problem(state, unit)
        if problem:
            raise IllegalOrder(problem)
        target = state.units.get(action.target)
        if target is None or target not in markable(state, unit):
            if not is_scout(unit):
                raise IllegalOrder(f"{unit.name} is not a Scout: only Scouts Mark targets (R-SCOUT-5)")
            raise IllegalOrder(
                f"{unit.name} cannot Mark {action.target}: "
                f'it must be a living enemy he sees within {MARK_RANGE}"'
            )
    elif isinstance(action, SkillTurn):
        problem = ruleset_of(state).skill_turn_problem(state, unit, action.skill, action.target)
        if problem:
            raise IllegalOrder(problem)
    elif isinstance(action, FullRound):
        if action.turns < 1:
            raise IllegalOrder("a Full-Round Action lasts at least one turn")
        use_rating(action.difficulty)  # R-ACT-3: raises on an unknown difficulty
        problem = two_armed_problem(state, unit)
        if problem:
            raise IllegalOrder(problem)


def perform_action(
    ctx: PlayContext,
    unit: UnitState,
    action: Action,
    *,
    check: StepCheck | None = None,
    resolve: StepResolve | None = None,
    leave: StepCheck | None = None,
) -> None:
    """Carry out an Action already checked with `check_action` (`check`/`resolve`/`leave`: the
    Responses a Sprint may draw, as for `movement.walk`)."""
    if isinstance(action, SN_ACTIONS):
        perform_sn_action(ctx, unit, action)  # books the Action itself where it uses one
        return
    if isinstance(action, Shed):
        if unit.heavy_armor or unit.body_armor:  # it lies where it was taken off (DonArmor)
            unit.armor_shed, unit.armor_shed_at = ("heavy" if unit.heavy_armor else "body"), unit.pos
        unit.carrying_heavy = unit.heavy_armor = unit.body_armor = False
        ctx.emit(BurdenShed(unit.id))
        return
    if isinstance(action, Hold):
        unit.done = True
        unit.stopped = True  # R-MOVE-6: stopping to Aim (the held Action is the aimed Response)
        return
    if isinstance(action, GroupSprint | DonArmor | Climb):
        perform_move_order(ctx, unit, action, check=check, resolve=resolve, leave=leave)
        return
    if isinstance(action, Mark):
        scout_mark(ctx, unit.id, action.target)  # uses the Action
        return
    if isinstance(action, HAZARD_ACTIONS):
        perform_hazard_action(ctx, unit, action)  # books the Action itself where it uses one
        return
    unit.action_used = True
    if isinstance(action, Attack):
        reveal(ctx, unit, f"attacks {action.target}")  # G-16: before anyone answers the attack
        attack_with_responses(ctx, unit, action.weapon, action.target)
    elif isinstance(action, Sprint):
        toward = (int(action.toward[0]), int(action.toward[1]))
        sprint(ctx, unit, toward, check=check, resolve=resolve, leave=leave)
        if action.charge is not None:
            _charge_attack(ctx, unit, action.charge)
    elif isinstance(action, Bail):
        bail(ctx, unit, None)
    elif isinstance(action, Shove):
        shove(ctx, unit, action.target)
    elif isinstance(action, SkillTurn):
        ruleset_of(ctx.state).skill_turn(ctx, unit, action.skill, action.target)
    elif isinstance(action, FullRound):
        unit.full_round = True
        unit.stopped = True
        unit.activity = action.label
        use = use_rating(action.difficulty)
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
                purpose=f"{unit.id} {action.label}",
            )
            # R-DICE-8b / R-ACT-4: a task has no Damage or stat to boost, so the Overskill Benny
            # goes on +1d6 to the roll when it falls short (a Use above the die's faces needs it)
            if roll.overskill and not roll.success:
                assert isinstance(roll, SkillRoll)  # Overskill is a BrikWars Skill Roll's own
                roll = spend_overskill_on_skill(roll, ctx.dice, purpose=f"{unit.id} {action.label}")
        success = roll is None or bool(roll.success)
        # a failed attempt still takes the whole turn; an Extended Action is then abandoned
        unit.extended_left = action.turns - 1 if success else 0
        ctx.emit(
            FullRoundStarted(
                unit.id,
                action.label,
                unit.extended_left,
                use,
                roll.to_dict() if roll is not None else None,
                success,
            )
        )
        if roll is not None and roll.critical_failure:
            slippery_critical_failure(ctx, unit)  # R-HAZ-14: falls on ice, oil, marbles
