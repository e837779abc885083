"""Traps (R-TRAP-1..5): Triggers (an object, or a concealed field) and Weapon Traps.

* A Trap has no initiative: it fires only when its Trigger trips (R-TRAP-1/2). `interact` is called
  when a unit operates a battlefield object (optionally with a specific interaction: a code, a key
  order); `trip` when a concealed field wired to the Trap goes off (R-TRAP-4: aimed at the spot).
* A Weapon Trap attacks with its Action die (inanimate d4, R-TRAP-5) against the weapon's Use, −1
  per inch Out of Range on each die (R-ACT-6); a hit rolls the weapon's Damage on the victim
  (fire-like d4s may ignite it, R-FIRE-3); an explosive weapon explodes at the spot (G-12).
* Secret Triggers (R-TRAP-3): a `hidden` Trap is left out of other teams' views (`known_traps`,
  `GameState.snapshot(for_team=...)`) until a Scout spots it or it fires.
* Aim (R-TRAP-1, docs/rules-decisions.md "Trap aim"): a Trap with an `area` attacks the unit in it
  nearest the weapon, one with a `direction` the first unit along that line from `at` within the
  weapon's Range (walls stop the line); nobody there, it fires into the empty aim and is spent.
  Without either it attacks whoever tripped it. So a guard pulling the lever of a dart trap aimed
  down a corridor is hit only when he stands in that corridor.
* A plain Weapon Trap is single-use until a minifig technician resets it (`reset_trap`, his
  Action, within 1" of the Trap). A Smart Trap (`smart`, G-24: d6) re-arms itself: once per turn.
"""

from __future__ import annotations

import math

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import within_reach
from brikwars_gui.engine.hazards.common import present, target_cells
from brikwars_gui.engine.hazards.fire import damage_and_ignite, weapon_ignition
from brikwars_gui.engine.rules.damage import explode
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.state import Cell, GameState, TrapState


@register_event
class TrapFired(Event):
    kind = "trap_fired"
    trap: str
    target: str | None
    at: tuple[int, int]
    roll: int
    needed: int
    hit: bool
    damage: int
    explain: str

    def describe(self) -> str:
        at = f" at {self.target}" if self.target else f" at {tuple(self.at)}"
        result = f"hit: {self.damage} Damage" if self.hit else "miss"
        return f"Trap {self.trap} fires{at}: {self.explain} → {result} (R-TRAP-4)"


@register_event
class TrapReset(Event):
    kind = "trap_reset"
    trap: str
    unit: str

    def describe(self) -> str:
        return f"{self.unit} resets trap {self.trap} (R-TRAP-5)"


def ready(ctx: RulesContext, trap: TrapState) -> bool:
    if trap.smart:
        return trap.last_fired_turn != ctx.state.hazard.turn
    return trap.armed


def inches_out_of_range(trap: TrapState, spot: Cell) -> int:
    """R-ACT-6: inches beyond the Trap weapon's Range from where it sits to `spot` (each costs −1
    per die); a close-combat trap weapon reaches only adjacent spots (99: hopeless)."""
    weapon = trap.weapon
    origin = trap.at if trap.at is not None else spot
    if weapon is None or weapon.range is None:
        return 0 if within_reach(origin, spot) else 99
    dist = math.hypot(spot[0] - origin[0], spot[1] - origin[1])
    return 0 if dist <= weapon.range else math.ceil(dist - weapon.range - 1e-9)


def aimed(trap: TrapState) -> bool:
    """R-TRAP-1: the scenario set the Trap's aim (an area or a direction)."""
    return bool(trap.area) or trap.direction is not None


def aim_cells(state: GameState, trap: TrapState) -> list[Cell]:
    """R-TRAP-1: the cells an aimed Trap fires into, nearest the weapon first: its `area`, or the
    line from `at` along `direction` out to the weapon's Range (one cell for a close-combat
    weapon), stopped by the first cell that blocks sight."""
    if trap.direction is None or trap.at is None:
        origin = trap.at
        cells = list(trap.area)
        if origin is not None:
            cells.sort(key=lambda c: (c[0] - origin[0]) ** 2 + (c[1] - origin[1]) ** 2)
        return cells
    weapon = trap.weapon
    reach = 1.5 if weapon is None or weapon.range is None else float(weapon.range)
    (dx, dy), (x, y) = trap.direction, trap.at
    out: list[Cell] = []
    while True:
        x, y = x + dx, y + dy
        if math.hypot(x - trap.at[0], y - trap.at[1]) > reach + 1e-9 or not state.grid.in_bounds((x, y)):
            return out
        if state.grid.sight_blocked[y, x]:
            return out
        out.append((x, y))


def aim_target(state: GameState, trap: TrapState) -> tuple[str | None, Cell | None]:
    """R-TRAP-1: the unit an aimed Trap attacks (the first in its aim cells) and its spot; nobody
    there: (None, the aim's nearest cell)."""
    cells = aim_cells(state, trap)
    for cell in cells:
        unit = state.unit_at(cell)
        if unit is not None and present(state, unit.id):
            return unit.id, cell
    return None, (cells[0] if cells else trap.at)


def fire_trap(ctx: RulesContext, trap: TrapState, target: str | None, spot: Cell) -> TrapFired | None:
    """Attack `target` at `spot` with the Trap's weapon (R-TRAP-4/5)."""
    state = ctx.state
    if not ready(ctx, trap) or trap.weapon is None:
        return None
    weapon = trap.weapon
    if trap.smart:
        trap.last_fired_turn = state.hazard.turn
    else:
        trap.armed = False
    trap.hidden = False
    over = inches_out_of_range(trap, spot)
    ruleset = ruleset_of(state)
    roll = ruleset.action_roll(
        ctx,
        None,
        sides=trap.action,
        kind="trap",
        use=weapon.use,
        per_die_modifier=-over,
        purpose=f"trap {trap.id}",
    )
    hit = bool(roll.success) and target is not None and present(state, target)
    result = None
    if hit:
        result = ruleset.damage_roll(
            ctx, weapon.damage, per_die_modifier=-over, purpose=f"trap {trap.id} damage", weapon=weapon
        )
    damage = result.total if result is not None else 0
    event = ctx.emit(
        TrapFired(trap.id, target, spot, roll.total, roll.needed or 0, hit, damage, roll.explain())
    )
    if result is not None and target is not None:
        cause = f"trap {trap.id}"
        if weapon.damage_type == "explosive":  # G-12: a bomb blasts around the spot
            explode(ctx, spot, result, source=cause, victim=target if target in state.units else None)
        else:
            fire_dice, fire_type = weapon_ignition(state, str(weapon.damage_type), result)  # R-FIRE-3
            damage_and_ignite(
                ctx, target, damage, cause=cause, fire_dice=fire_dice, fire_type=fire_type, at=spot
            )
    return event  # type: ignore[return-value]


def trip(ctx: RulesContext, trigger_id: str, spot: Cell, victim: str | None) -> list[TrapFired]:
    """Every ready Trap whose Trigger is `trigger_id` fires at the trip spot (R-TRAP-2/4)."""
    out = []
    for trap in list(ctx.state.traps.values()):
        if trap.trigger == trigger_id and trap.interaction is None:
            target, at = aim_target(ctx.state, trap) if aimed(trap) else (victim, spot)
            event = fire_trap(ctx, trap, target, at or spot)
            if event is not None:
                out.append(event)
    return out


def interact(
    ctx: RulesContext, unit_id: str, object_id: str, interaction: str | None = None
) -> list[TrapFired]:
    """A unit operates `object_id` (R-TRAP-2): Traps on any interaction fire, and those whose
    required interaction matches. An unaimed Trap attacks the operator; an aimed one its aim
    (R-TRAP-1), the operator only when he stands in it."""
    state = ctx.state
    unit = state.units[unit_id]
    out = []
    for trap in list(state.traps.values()):
        if trap.trigger != object_id:
            continue
        if trap.interaction is not None and trap.interaction != interaction:
            continue
        target, at = aim_target(state, trap) if aimed(trap) else (unit_id, unit.pos)
        event = fire_trap(ctx, trap, target, at or unit.pos)
        if event is not None:
            out.append(event)
    return out


def reset_trap(ctx: RulesContext, technician_id: str, trap_id: str) -> bool:
    """R-TRAP-5: a minifig technician within 1" of the Trap (or its Trigger) re-arms it with his Action."""
    state = ctx.state
    unit = state.units[technician_id]
    trap = state.traps[trap_id]
    if not unit.active or unit.action_used or trap.smart or trap.armed:
        return False
    spots = [trap.at] if trap.at is not None else []
    if trap.trigger in state.objects or trap.trigger in state.units:
        spots += target_cells(state, trap.trigger)
    if spots and not any(within_reach(s, unit.pos) for s in spots):
        return False
    unit.action_used = True
    trap.armed = True
    ctx.emit(TrapReset(trap_id, technician_id))
    return True


def known_traps(state: GameState, team: str) -> list[TrapState]:
    """R-TRAP-3: the Traps `team` may know about — open ones, its own, and secret ones its Scouts
    spotted (R-SCOUT-4); a secret Trap stays off the other teams' views until it fires."""
    return [t for t in state.traps.values() if state.trap_known_to(team, t)]
