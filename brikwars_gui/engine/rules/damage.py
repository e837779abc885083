"""Damage against Armor (G-3, the missing chapters 5.1/7.2) shared by attacks and hazards.

The battle's ruleset (`engine.rulesets`) rolls the resistance and says what the Damage does; under
BrikWars: Damage > Armor roll → −1" Effective Size (a Size 1 minifig dies); Damage = Armor roll →
"Something Bad": Disrupted; lower → nothing. A burning target rolls −1d4 Armor (R-FIRE-5).
Objects: the same comparison against (Weight)d10 Armor; each loss of Effective Size at 0 destroys it.
Fire Damage dice may also set the target alight (R-FIRE-3), handled by `hazards.fire.catch_fire`.
Explosions (G-12) — explosive weapons, concealed d10 payloads, explosive Traps — all go through
`explode`.
"""

from __future__ import annotations

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import in_range
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.rulesets.base import DamageRoll
from brikwars_gui.engine.state import Cell, GameState


@register_event
class ArmorRolled(Event):
    kind = "armor_rolled"
    target: str
    damage: int
    armor: int
    explain: str
    outcome: str  # "none" | "disrupted" | "size_lost" | "killed" | "destroyed"

    def describe(self) -> str:
        outcome = {
            "none": "no effect",
            "size_lost": 'loses 1" of Size',
            "disrupted": "Disrupted (Something Bad, G-3)",
        }.get(self.outcome, self.outcome)
        # "(4 = 4)" said nothing (review 2026-11-27 item 26): a fixed Armor's roll is left out, and
        # the comparison that decides the outcome (G-3) is said in words
        fixed = (str(self.armor), f"{self.armor} = {self.armor}")
        rolled = "" if self.explain in fixed else f" ({self.explain})"
        if self.damage < self.armor:
            relation = "under the Armor"
        elif self.damage == self.armor:
            relation = "equals the Armor"
        else:
            relation = "beats the Armor"
        return f"{self.target}: Damage {self.damage} vs Armor {self.armor}{rolled}: {relation} → {outcome}"


@register_event
class Disrupted(Event):
    kind = "disrupted"
    unit: str
    cause: str

    def describe(self) -> str:
        return f"{self.unit} is Disrupted ({self.cause})"


@register_event
class Killed(Event):
    kind = "killed"
    unit: str
    cause: str

    def describe(self) -> str:
        return f"✝ {self.unit} is killed ({self.cause})"


@register_event
class ObjectDamaged(Event):
    kind = "object_damaged"
    target: str
    effective_size: int

    def describe(self) -> str:
        return f'{self.target} is damaged: Effective Size now {self.effective_size}"'


@register_event
class ObjectDestroyed(Event):
    kind = "object_destroyed"
    target: str
    cause: str

    def describe(self) -> str:
        return f"{self.target} is destroyed ({self.cause})"


@register_event
class Exploded(Event):
    """G-12: an explosion at `at`: full Damage to every unit and object within `radius` inches."""

    kind = "exploded"
    source: str
    at: tuple[int, int]
    radius: int
    damage: int
    explain: str
    victims: tuple[str, ...] = ()

    def describe(self) -> str:
        who = ", ".join(self.victims) or "nobody"
        return (
            f'{self.source} explodes at {tuple(self.at)}, radius {self.radius}": '
            f"{self.explain} → {self.damage} Damage to {who} (G-12)"
        )


def explosion_radius(state: GameState, damage_roll: DamageRoll) -> int:
    """G-12: the blast radius in inches of an explosive Damage roll, as the ruleset counts it."""
    return ruleset_of(state).explosion_radius(damage_roll)


def explode(
    ctx: RulesContext, at: Cell, damage_roll: DamageRoll, *, source: str, victim: str | None = None
) -> list[str]:
    """G-12: the one explosion rule. Every unit and object within `explosion_radius` of `at`
    (GRID-3, any of an object's cells) takes the roll's total, each with its own Armor roll; units
    still standing are knocked over (Disrupted, R-MOVE-15). `victim` is a unit taken to stand at `at`
    (the one that set off a mine mid-path). Returns the ids caught in the blast."""
    state = ctx.state
    radius = explosion_radius(state, damage_roll)
    units = sorted(
        u.id
        for u in state.units.values()
        if u.alive and in_range(at, at if u.id == victim else u.pos, radius)
    )
    objects = sorted(
        o.id
        for o in state.objects.values()
        if not o.destroyed and any(in_range(at, c, radius) for c in o.cells)
    )
    hit = units + objects
    damage = damage_roll.total
    ctx.emit(Exploded(source, at, radius, damage, damage_roll.explain(), tuple(hit)))
    cause = f"explosion of {source}"
    for tid in hit:
        if _still_there(ctx, tid):
            apply_damage(ctx, tid, damage, cause=cause)
    for uid in units:
        disrupt(ctx, uid, f"knocked over by the explosion of {source} (R-MOVE-15)")
    return hit


def armor_roll(ctx: RulesContext, target_id: str) -> tuple[int, str]:
    """The target's Armor (resistance) roll under the battle's ruleset (G-3; R-FIRE-5 when burning)."""
    return ruleset_of(ctx.state).armor_roll(ctx, target_id)


def apply_damage(ctx: RulesContext, target_id: str, damage: int, *, cause: str) -> str:
    """Resolve `damage` points against the target's Armor (G-3); returns the outcome name.

    Fire Damage dice that may ignite the target whatever the Armor result are
    `hazards.fire.damage_and_ignite` (R-FIRE-3), which calls this first."""
    state = ctx.state
    outcome = "none"
    if damage > 0:
        ruleset = ruleset_of(state)
        armor, text = ruleset.armor_roll(ctx, target_id, damage=damage)
        outcome = ruleset.damage_outcome(state, target_id, damage, armor)
        # the Armor roll is reported before what it causes (killed / destroyed / disrupted)
        ctx.emit(ArmorRolled(target_id, damage, armor, text, outcome))
        ruleset.suffer(ctx, target_id, outcome, cause)
    return outcome


def disrupt(ctx: RulesContext, unit_id: str, cause: str) -> None:
    """R-MOVE-15/16: knocked down, helpless until its next turn."""
    unit = ctx.state.units[unit_id]
    if unit.alive and not unit.disrupted:
        unit.disrupted = True
        unit.saved_action = False
        ctx.emit(Disrupted(unit_id, cause))


def kill(ctx: RulesContext, unit_id: str, cause: str) -> None:
    unit = ctx.state.units[unit_id]
    if unit.alive:
        unit.alive = False
        unit.saved_action = False
        ctx.emit(Killed(unit_id, cause))
        if ctx.state.sn.active:  # R-SN-12/21: its Effects (or its own, for a Diemon) end
            from brikwars_gui.engine.supernatural.effects import on_incapacitated  # builds on damage

            on_incapacitated(ctx, unit_id)


def _still_there(ctx: RulesContext, target_id: str) -> bool:
    unit = ctx.state.units.get(target_id)
    if unit is not None:
        return unit.alive
    return not ctx.state.objects[target_id].destroyed


def _lose_size(ctx: RulesContext, target_id: str, cause: str) -> str:
    """G-3: −1" Effective Size; a unit at 0 (every Size 1 minifig) is killed, an object destroyed."""
    state = ctx.state
    unit = state.units.get(target_id)
    if unit is not None:
        unit.size -= 1
        if unit.size <= 0:
            kill(ctx, target_id, cause)
            return "killed"
        return "size_lost"
    obj = state.objects[target_id]
    obj.effective_size -= 1
    if obj.effective_size <= 0:
        destroy_object(ctx, target_id, cause)
        return "destroyed"
    ctx.emit(ObjectDamaged(target_id, obj.effective_size))
    return "size_lost"


def destroy_object(ctx: RulesContext, object_id: str, cause: str) -> None:
    obj = ctx.state.objects[object_id]
    if not obj.destroyed:
        obj.destroyed = True
        obj.effective_size = 0
        ctx.emit(ObjectDestroyed(object_id, cause))
