"""Talismans as targets (R-SN-8: "Talismans can be targeted, destroyed, stolen"; readings in
docs/rules-decisions.md, "SuperNatural"). A Talisman — carried by an enemy or lying on the
battlefield — is attacked as a Size 0 thing (G-5: +2 to the needed roll; a called shot at a part,
R-DICE-8e) with the weapon's own Use, Range and Damage (R-ACT-6 out of range), against a fixed
Armor of `TALISMAN_ARMOR`: Damage above it destroys the Talisman, whose die is gone for the battle
(an Effect that holds it ends). A carried Talisman's holder and its friends answer the shot as an
attack on the holder (R-RESP-1/3). A blast has no precise aim: explosives are refused."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import distance, within_reach
from brikwars_gui.engine.hazards.power import weapon_power_problem
from brikwars_gui.engine.rules.combat import (
    PRECISE_PART_SIZE,
    Mishap,
    action_chance,
    attack_sight,
    out_of_range,
    target_size_penalty,
)
from brikwars_gui.engine.rules.common import IllegalOrder, PlayContext, turn_to, two_armed_problem
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, GameState, UnitState, WeaponState
from brikwars_gui.engine.supernatural.effects import end_effect
from brikwars_gui.engine.supernatural.events import TalismanDestroyed
from brikwars_gui.engine.supernatural.responses import answer_hostile_effect
from brikwars_gui.engine.supernatural.state import DESTROYED, TalismanState
from brikwars_gui.engine.supernatural.touch import weapon_roll
from brikwars_gui.engine.visibility import reveal, unit_visible_to

#: R-SN-8 (design map default): a Talisman's Armor, fixed (no die is rolled for it).
TALISMAN_ARMOR = 4


@register_event
class TalismanShot(Event):
    """R-SN-8: an attack on a Talisman (carried or lying on the battlefield)."""

    kind = "talisman_shot"
    attacker: str
    talisman: str
    holder: str | None
    weapon: str
    at: tuple[int, int]
    needed: int
    roll: dict[str, Any]
    hit: bool
    damage: int | None
    destroyed: bool
    text: str

    def describe(self) -> str:
        return self.text

    @property
    def units(self) -> tuple[str, ...]:
        return (self.attacker,) + ((self.holder,) if self.holder else ())


@dataclass(frozen=True)
class TalismanShotPlan:
    """The numbers of a shot at a Talisman before any die: where it is, the needed number (G-5
    Size 0 included) and out-of-range inches, and the exact chance to hit."""

    at: Cell
    holder: str | None
    distance: float
    needed: int
    out_of_range: int
    chance: float


def _where(
    state: GameState, attacker: UnitState, talisman: TalismanState | None
) -> tuple[Cell, UnitState | None]:
    if talisman is None or talisman.status == DESTROYED:
        raise IllegalOrder("no such Talisman to attack (R-SN-8)")
    if talisman.holder is None:
        assert talisman.cell is not None
        return talisman.cell, None
    holder = state.units[talisman.holder]
    if holder.team == attacker.team:
        raise IllegalOrder(f"the {talisman.name} is carried by a friend of {attacker.name}")
    if not holder.alive or not unit_visible_to(state, attacker.team, holder):
        raise IllegalOrder(
            f"{attacker.name}'s side sees no {holder.name} carrying the {talisman.name} (G-16)"
        )
    return holder.pos, holder


def plan_talisman_shot(
    state: GameState, attacker: UnitState, weapon: WeaponState, talisman_id: str
) -> TalismanShotPlan:
    """Check a shot at a Talisman and compute its numbers (raises IllegalOrder)."""
    talisman = state.sn.talismans.get(talisman_id)
    at, holder = _where(state, attacker, talisman)
    assert talisman is not None
    if weapon.spent:
        raise IllegalOrder(f"{attacker.name}'s {weapon.name} is not usable")
    if weapon.damage_type == "explosive":
        raise IllegalOrder("a blast has no precise aim: a Talisman is shot or struck (R-DICE-8e)")
    if problem := two_armed_problem(state, attacker) or weapon_power_problem(state, attacker, weapon):
        raise IllegalOrder(problem)
    dist = distance(attacker.pos, at)
    if weapon.is_close:
        if not within_reach(attacker.pos, at):
            raise IllegalOrder(f"the {talisman.name} is out of reach of the {weapon.name} (GRID-4)")
        oor = 0
    else:
        if not attack_sight(state, attacker, attacker.pos, at, PRECISE_PART_SIZE):
            raise IllegalOrder(f"{attacker.name} has no line of sight to the {talisman.name} (GRID-5)")
        oor = out_of_range(dist, weapon.range)
    needed = weapon.use + target_size_penalty(PRECISE_PART_SIZE)  # G-5: Size 0, +2
    chance = action_chance(state, attacker, needed, per_die_modifier=-oor, weapon=weapon)
    return TalismanShotPlan(at, holder.id if holder else None, round(dist, 3), needed, oor, chance)


def shoot_talisman(ctx: PlayContext, attacker: UnitState, weapon: WeaponState, talisman_id: str) -> None:
    """Carry out a checked shot (the Action already booked): the holder's side answers first, then
    the roll (the Overskill Benny buys +1d6 when it falls short, as the odds count), the Damage."""
    state = ctx.state
    talisman = state.sn.talismans[talisman_id]
    plan = plan_talisman_shot(state, attacker, weapon, talisman_id)
    reveal(ctx, attacker, f"attacks the {talisman.name}")  # G-16
    if plan.holder is not None:
        holder = state.units[plan.holder]
        what = f"attack on its {talisman.name}"
        answer_hostile_effect(
            ctx, attacker, holder, what, saw=f"attack the {talisman.name} of", rule="R-SN-8"
        )
        if not attacker.alive or attacker.disrupted:
            return
        try:  # it may have Bailed away
            plan = plan_talisman_shot(state, attacker, weapon, talisman_id)
        except IllegalOrder:
            return
    turn_to(ctx, attacker, plan.at)
    ruleset = ruleset_of(state)
    purpose = f"{attacker.id} attack on the {talisman.name}"
    roll = weapon_roll(ctx, attacker, weapon, plan.needed - weapon.use, plan.out_of_range, purpose)
    parts = [
        f"{attacker.id} attacks the {talisman.name} (Size 0, +2, R-SN-8) with {weapon.name}",
        roll.explain(),
    ]
    damage = None
    destroyed = False
    if roll.success:
        dmg = ruleset.damage_roll(
            ctx,
            weapon.damage,
            per_die_modifier=-plan.out_of_range,
            purpose=f"{weapon.name} damage",
            weapon=weapon,
            attacker=attacker,
        )
        damage = dmg.total
        destroyed = damage > TALISMAN_ARMOR
        verdict = "destroyed" if destroyed else "it holds"
        parts.append(f"hit: Damage {dmg.explain()} vs Armor {TALISMAN_ARMOR}: {verdict}")
    else:
        parts.append("miss")
    ctx.emit(
        TalismanShot(
            attacker.id,
            talisman.id,
            plan.holder,
            weapon.name,
            plan.at,
            roll.needed if roll.needed is not None else plan.needed,
            roll.to_dict(),
            bool(roll.success),
            damage,
            destroyed,
            "; ".join(parts),
        )
    )
    if roll.critical_failure:
        ctx.emit(Mishap(attacker.id, f"attack with {weapon.name}", "the Action fails (G-9)"))
    if destroyed:
        destroy_talisman(ctx, talisman)


def destroy_talisman(ctx: PlayContext, talisman: TalismanState) -> None:
    """R-SN-8: the Talisman and its die are gone for the battle; an Effect that holds the die
    (Lasting, a Diemon) ends with it."""
    effect = ctx.state.sn.effects.get(talisman.held_by) if talisman.held_by else None
    if effect is not None:
        end_effect(ctx, effect, f"its {talisman.name} was destroyed (R-SN-8)")
    # a carried one stays on its holder's card, marked destroyed; one lying on the map is gone
    talisman.status, talisman.cell, talisman.held_by = DESTROYED, None, None
    ctx.emit(TalismanDestroyed(talisman.id, talisman.holder))
