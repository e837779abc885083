"""Fire (R-FIRE-1..16): catching fire, the Burning Roll, reshaping, spreading, putting fires out,
and the penalties and bonus of being on fire.

Representation: one `FireState` per burning target and fire type (`fire`, `acid`, `ion`, `poison`),
`size` = Fire Size in inches (≤ the target's Effective Size, R-FIRE-4), `cells` = the burning
cells of the target's footprint in ignition order (oldest first; a unit's fire sits on its cell),
`burnt` = cells that burnt out. A permanent fire (`permanent` set, no target) is an Exposure field
and never changes on its own (R-FIRE-2).

Burning Roll (R-FIRE-8/9, A-1, A-2): 1d4 per inch of Fire Size, natural faces (the d4s do not
explode: EX-1 turn 4 rolls a 4 and no Bonus Die). A die dies down on a 1 or at/below the Weight
class, otherwise it spreads (Structure Level read as the Weight class, A-1; a 1 only dies down).
Die-downs are applied first, then each spread adds 1 Grinding Damage and +1" of Fire, or, when the
fire already fills the target, starts a 1" fire on a flammable object within 1" of the target
(GRID-4). After the roll Grinding is checked against a fresh Armor roll (G-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice.brikwars import RollResult, roll_expression
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import chebyshev
from brikwars_gui.engine.hazards.common import (
    centroid,
    controller_of,
    d2,
    present,
    target_cells,
    target_size,
    target_weight,
)
from brikwars_gui.engine.rules.damage import _lose_size, apply_damage, armor_roll
from brikwars_gui.engine.rulesets import ruleset_of
from brikwars_gui.engine.rulesets.base import DamageRoll
from brikwars_gui.engine.state import Cell, FireState, GameState, UnitState, WeaponState

FIRE_TYPES = ("fire", "acid", "ion", "poison")

# ---------------------------------------------------------------------------------------------
# Events


@register_event
class FireIgnited(Event):
    """R-FIRE-3/4: a new fire on `target` (1" per igniting die, A-3)."""

    kind = "fire_ignited"
    fire: str
    target: str
    fire_type: str
    size: int
    at: tuple[int, int]
    dice: tuple[int, ...]
    owner: str | None = None

    def describe(self) -> str:
        kind = "Fire" if self.fire_type == "fire" else self.fire_type.title()
        how = (
            f"Fire dice {', '.join(str(d) for d in self.dice)} beat its Weight (R-FIRE-3)"
            if self.dice
            else "the fire spreads to it (R-FIRE-9)"
        )
        return f'{kind} starts on {self.target} at {tuple(self.at)}: {self.size}" ({how})'


@register_event
class FireGrew(Event):
    """R-FIRE-4: an existing fire grew by `added` inches from new Fire Damage."""

    kind = "fire_grew"
    fire: str
    target: str
    added: int
    size: int

    def describe(self) -> str:
        return f'The fire on {self.target} grows by {self.added}" to Fire Size {self.size}" (R-FIRE-4)'


@register_event
class BurningRolled(Event):
    """R-FIRE-8/9: one Burning Roll and what it did."""

    kind = "burning_roll"
    fire: str
    target: str
    faces: tuple[int, ...]
    weight: float
    died_down: int
    spread: int
    size_before: int
    size: int
    grinding: int
    cells: tuple[tuple[int, int], ...] = ()
    spread_to: tuple[str, ...] = ()

    def describe(self) -> str:
        faces = ", ".join(str(f) for f in self.faces)
        changes = []
        if self.died_down:
            changes.append(f'−{self.died_down}"')
        if self.spread:
            changes.append(f'+{self.spread}"')
        change = ", ".join(changes) or "no change"
        after = f'Fire Size {self.size}"' if self.size > 0 else "dies down"
        text = (
            f"{self.target}: Burning Roll {self.size_before}d4: {faces} → {change} → {after}, "
            f"Grinding {self.grinding}"
        )
        if self.spread_to:
            text += f"; spreads to {', '.join(self.spread_to)}"
        return text + " (R-FIRE-9)"


@register_event
class GrindingChecked(Event):
    """G-4: accumulated Grinding Damage against a fresh Armor roll after a Burning Roll."""

    kind = "grinding_check"
    target: str
    grinding: int
    armor: int
    explain: str
    outcome: str  # "none" | "size_lost"

    def describe(self) -> str:
        result = 'loses 1" of Size' if self.outcome == "size_lost" else "holds"
        armor = f"Armor {self.armor} ({self.explain})"
        return f"{self.target}: Grinding {self.grinding} vs {armor} → {result} (G-4)"


@register_event
class FireFought(Event):
    """R-FIRE-11 / G-23: firefighting or rolling on the ground cut the fire by `inches`."""

    kind = "fire_fought"
    fire: str
    by: str | None
    inches: int
    size: int
    how: str

    def describe(self) -> str:
        who = f"{self.by}: " if self.by else ""
        return f'{who}{self.how} cuts {self.fire} by {self.inches}" → Fire Size {self.size}"'


@register_event
class FireOut(Event):
    kind = "fire_out"
    fire: str
    target: str | None
    reason: str

    def describe(self) -> str:
        on = f" on {self.target}" if self.target else ""
        return f"The fire{on} is out ({self.reason})"


class FireRuleError(ValueError):
    """An illegal fire action (e.g. firefighting with an Action already spent)."""


# ---------------------------------------------------------------------------------------------
# Queries


def fires_on(state: GameState, target_id: str) -> list[FireState]:
    return [f for f in state.fires.values() if f.target == target_id and f.size > 0]


def fire_size_on(state: GameState, target_id: str) -> int:
    """Total Fire Size on a unit/object (all fire types)."""
    return sum(f.size for f in state.fires.values() if f.target == target_id and f.size > 0)


def is_burning(state: GameState, target_id: str) -> bool:
    return any(f.target == target_id and f.size > 0 for f in state.fires.values())


def fire_controller(state: GameState, fire: FireState) -> str | None:
    """Who makes the Burning Roll (R-FIRE-8) and reshapes the fire (R-FIRE-12): the burning unit's
    player, the burning object's owner, else the player who set the fire, else the first player."""
    tid = fire.target
    if tid is not None:
        unit = state.units.get(tid)
        if unit is not None:
            return unit.team
        obj = state.objects.get(tid)
        if obj is not None and obj.owner:
            return obj.owner
    if fire.owner:
        return fire.owner
    return state.turn_order[0] if state.turn_order else None


def can_burn(state: GameState, target_id: str, fire_type: str = "fire") -> bool:
    """Fire burns units and flammable objects; Acid anything; Ion non-living units and objects
    (R-FIRE-14); Poison only living creatures (R-FIRE-15)."""
    unit = state.units.get(target_id)
    if unit is not None:
        if not unit.alive or unit.diemon == "4pion":  # R-SN-3: a 4pion is immune to its element
            return False
        if fire_type == "poison":
            return unit.living
        if fire_type == "ion":
            return not unit.living
        return True
    obj = state.objects.get(target_id)
    if obj is None or obj.destroyed:
        return False
    if fire_type == "fire":
        return obj.flammable
    return fire_type in ("acid", "ion")


def burning_die(face: int, weight: float) -> str:
    """One Burning Roll d4 (R-FIRE-9, A-1): "down" on a 1 or at/below the Weight class, else "spread"."""
    return "down" if face == 1 or face <= weight else "spread"


def burning_probabilities(weight: float) -> tuple[float, float]:
    """Exact (P(die down), P(spread)) of one Burning Roll d4 for a Weight class."""
    down = sum(1 for f in range(1, 5) if burning_die(f, weight) == "down") / 4
    return down, 1.0 - down


# ---------------------------------------------------------------------------------------------
# Catching fire (R-FIRE-3/4, A-3)


def _fire_id(state: GameState, target_id: str, fire_type: str) -> str:
    base = f"fire:{target_id}" if fire_type == "fire" else f"{fire_type}:{target_id}"
    fid, n = base, 1
    while fid in state.fires:
        n += 1
        fid = f"{base}#{n}"
    return fid


def _fire_of_type(state: GameState, target_id: str, fire_type: str) -> FireState | None:
    for f in state.fires.values():
        if f.target == target_id and f.fire_type == fire_type and not f.permanent:
            return f
    return None


def _cap(state: GameState, target_id: str) -> int:
    """R-FIRE-4: Fire Size ≤ the target's (Effective) Size; a Size 0 thing can still hold 1"."""
    return max(1, target_size(state, target_id))


def _nearest(cells: Sequence[Cell], point: tuple[float, float]) -> Cell:
    return min(cells, key=lambda c: (d2(c, point), c[1], c[0]))


def damage_and_ignite(
    ctx: RulesContext,
    target_id: str,
    damage: int,
    *,
    cause: str,
    fire_dice: Sequence[int] = (),
    fire_type: str = "fire",
    at: Cell | None = None,
) -> str:
    """`apply_damage`, then the Fire Damage dice (modified results) may ignite the target whatever
    the Armor result (R-FIRE-3: the worked example EX-1 ignites a mech that took no damage)."""
    outcome = apply_damage(ctx, target_id, damage, cause=cause)
    if fire_dice and present(ctx.state, target_id):
        catch_fire(ctx, target_id, fire_dice, at=at, fire_type=fire_type)
    return outcome


def catch_fire(
    ctx: RulesContext,
    target_id: str,
    fire_dice: Sequence[int],
    *,
    at: Cell | None = None,
    fire_type: str = "fire",
    by: str | None = None,
) -> FireState | None:
    """R-FIRE-3/4: every Fire Damage die (modified result) above the target's Weight class catches.

    Not burning yet → a new fire of 1" at the struck spot (`at`, or the footprint cell nearest to
    it), +1" for each further catching die (A-3). Already burning → +1" per catching die. Capped at
    the target's Size. `by` is the player who set it (default: the active player), who makes the
    Burning Rolls of an unaligned object (R-FIRE-8). Returns the fire, or None if nothing caught.
    """
    state = ctx.state
    if fire_type not in FIRE_TYPES:
        fire_type = "fire"
    if not present(state, target_id) or not can_burn(state, target_id, fire_type):
        return None
    weight = target_weight(state, target_id)
    caught = tuple(int(d) for d in fire_dice if d > weight)
    if not caught:
        return None
    cap = _cap(state, target_id)
    fire = _fire_of_type(state, target_id, fire_type)
    if fire is not None:
        added = min(len(caught), cap - fire.size)
        if added > 0:
            fire.size += added
            reshape(state, fire, _asker(ctx))
            _sync_unit(state, target_id)
            ctx.emit(FireGrew(fire.id, target_id, added, fire.size))
        return fire
    cells = target_cells(state, target_id)
    if at is not None and at in cells:
        spot = at
    else:
        spot = _nearest(cells, at if at is not None else centroid(cells))
    owner = by if by is not None else (state.active_player if state.turn_order else None)
    return _ignite(ctx, target_id, spot, fire_type, min(len(caught), cap), owner, caught)


def _ignite(
    ctx: RulesContext,
    target_id: str,
    spot: Cell,
    fire_type: str,
    size: int,
    owner: str | None,
    dice: tuple[int, ...],
) -> FireState:
    state = ctx.state
    fire = FireState(_fire_id(state, target_id, fire_type), target_id, [spot], size, fire_type, None, owner)
    state.fires[fire.id] = fire
    reshape(state, fire, _asker(ctx))
    _sync_unit(state, target_id)
    ctx.emit(FireIgnited(fire.id, target_id, fire_type, size, spot, dice, owner))
    return fire


def _sync_unit(state: GameState, target_id: str | None) -> None:
    if target_id is None:
        return
    unit = state.units.get(target_id)
    if unit is not None:
        unit.fire_size = fire_size_on(state, target_id)


# ---------------------------------------------------------------------------------------------
# Reshaping (R-FIRE-12, GRID-10)


def _connected(cells: list[Cell]) -> bool:
    if len(cells) <= 1:
        return True
    todo = {cells[0]}
    left = set(cells[1:])
    while todo:
        x, y = todo.pop()
        near = {c for c in left if abs(c[0] - x) <= 1 and abs(c[1] - y) <= 1}
        left -= near
        todo |= near
    return not left


def reshape(state: GameState, fire: FireState, ask: Callable[[Any], str] | None = None) -> None:
    """R-FIRE-12: after a Size change the patch has min(Fire Size, footprint) cells of the burning
    target and stays 8-connected inside it (fire never jumps across other things). Which cell
    goes out or catches is the controller's choice (the object's owner, else the player who lit
    it): with `ask` (a rules context's) that player is asked `fire_patch` for each cell, among
    the cells the rule allows, with the engine's pick as the default; without, the pick stands:

    * Shrink: the oldest burning cell whose loss keeps the patch connected goes out (it is burnt).
    * Grow: the footprint cell touching the patch (GRID-4) nearest the patch's centroid catches,
      preferring cells that have not burnt out yet; ties go to the smaller (y, x). Only if nothing
      touches the patch (a split footprint) the nearest cell anywhere on the target catches.
    """
    tid = fire.target
    if fire.permanent or tid is None:
        return
    unit = state.units.get(tid)
    if unit is not None:
        fire.cells = [unit.pos] if fire.size > 0 else []
        return
    obj = state.objects.get(tid)
    if obj is None:
        return
    controller = controller_of(state, tid) or fire.owner
    choose = _chooser(ask, tid, controller, fire.id) if ask is not None and controller else None
    footprint = obj.cells
    inside = set(footprint)
    cells = [c for c in fire.cells if c in inside]
    want = min(fire.size, len(footprint))
    burnt = fire.burnt
    while len(cells) > want:
        allowed = [c for c in cells if _connected([d for d in cells if d != c])] or cells[:1]
        drop = choose("shrink", allowed, allowed[0]) if choose else allowed[0]
        cells.remove(drop)
        if drop not in burnt:
            burnt.append(drop)
    if len(cells) < want:
        if not cells:
            cells.append(_nearest(footprint, centroid(footprint)))
        burning = set(cells)
        burnt_set = set(burnt)
        while len(cells) < want:
            mid = centroid(cells)
            touching = [c for c in footprint if c not in burning and any(chebyshev(c, b) <= 1 for b in cells)]
            pool = touching or [c for c in footprint if c not in burning]
            fresh = [c for c in pool if c not in burnt_set]
            pick = _nearest(fresh or pool, mid)
            if choose:
                pick = choose("grow", sorted(pool, key=lambda c: (c[1], c[0])), pick)
            cells.append(pick)
            burning.add(pick)
    fire.cells = cells


def _chooser(
    ask: Callable[[Any], str], target: str, team: str, fire_id: str
) -> Callable[[str, list[Cell], Cell], Cell]:
    """R-FIRE-12's question to the fire's controller: which of `allowed` goes out / catches."""
    from brikwars_gui.engine.rules.common import DecisionRequest  # rules import the hazards

    def choose(way: str, allowed: list[Cell], default: Cell) -> Cell:
        if len(allowed) <= 1:
            return default
        options = tuple(f"{x},{y}" for x, y in allowed)
        detail = {"change": way, "fire": fire_id}
        fallback = f"{default[0]},{default[1]}"
        answer = ask(DecisionRequest("fire_patch", target, team, fire_id, options, fallback, detail))
        x, y = (int(v) for v in str(answer).split(","))
        return (x, y)

    return choose


def _asker(ctx: RulesContext) -> Callable[[Any], str] | None:
    return getattr(ctx, "ask", None)


# ---------------------------------------------------------------------------------------------
# Spreading to nearby objects (R-FIRE-9, GRID-4)


def _object_index(state: GameState) -> tuple[dict[Cell, list[str]], int]:
    cache = state.hazard.__dict__.get("_object_cells")
    if cache is None or cache[1] != len(state.objects):
        index: dict[Cell, list[str]] = {}
        for obj in state.objects.values():
            for c in obj.cells:
                index.setdefault(c, []).append(obj.id)
        cache = (index, len(state.objects))
        state.hazard.__dict__["_object_cells"] = cache
    return cache


def _neighbour_objects(state: GameState, target_id: str) -> list[str]:
    """Objects with a cell within 1" (GRID-4) of the target's footprint, cached for objects."""
    obj_cache: dict[str, list[str]] = state.hazard.__dict__.setdefault("_neighbours", {})
    if target_id in obj_cache and target_id in state.objects:
        return obj_cache[target_id]
    index, _ = _object_index(state)
    found: dict[str, None] = {}
    for x, y in target_cells(state, target_id):
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                for oid in index.get((x + dx, y + dy), ()):
                    if oid != target_id:
                        found[oid] = None
    out = sorted(found)
    if target_id in state.objects:
        obj_cache[target_id] = out
    return out


def _fire_can_reach(state: GameState, src: Cell, dst: Cell, own: set[Cell]) -> bool:
    """R-FIRE-12 / GRID-4: `dst` is within 1" of `src`, and a diagonal touch is not sealed by two
    obstacle cells at the shared corner (walls, rock or other objects, not the two burning
    parties' own cells): fire cannot cross obstacles without burning around or through them."""
    if chebyshev(src, dst) > 1:
        return False
    (ax, ay), (bx, by) = src, dst
    if ax == bx or ay == by:
        return True
    passable = state.grid.passable

    def sealed(c: Cell) -> bool:
        return c not in own and not bool(passable[c[1], c[0]])

    return not (sealed((bx, ay)) and sealed((ax, by)))


def spread_target(state: GameState, fire: FireState) -> tuple[str, Cell] | None:
    """Where a full fire jumps (R-FIRE-9): the flammable, not yet burning object within 1" of the
    burning target whose nearest cell is closest to the fire's centroid (ties: object id); the new
    fire starts on that object's cell nearest the centroid among those within 1"."""
    tid = fire.target
    if tid is None or not fire.cells:
        return None
    mid = centroid(fire.cells)
    source = target_cells(state, tid)
    best: tuple[float, str, Cell] | None = None
    for oid in _neighbour_objects(state, tid):
        obj = state.objects[oid]
        if obj.destroyed or not can_burn(state, oid, fire.fire_type):
            continue
        if _fire_of_type(state, oid, fire.fire_type) is not None:
            continue
        own = set(source) | set(obj.cells)
        near = [c for c in obj.cells if any(_fire_can_reach(state, s, c, own) for s in source)]
        if not near:
            continue
        cell = _nearest(near, mid)
        key = (d2(cell, mid), oid, cell)
        if best is None or key[:2] < best[:2]:
            best = key
    return None if best is None else (best[1], best[2])


# ---------------------------------------------------------------------------------------------
# The Burning Roll (R-FIRE-8..10, A-1, A-2, G-4)


def burning_roll(ctx: RulesContext, fire_id: str) -> BurningRolled | None:
    """Roll one fire's Burning Roll and apply it; returns the event (None for permanent fires)."""
    state = ctx.state
    fire = state.fires.get(fire_id)
    if fire is None or fire.permanent:
        return None
    tid = fire.target
    if tid is None or not present(state, tid):
        extinguish(ctx, fire_id, "its target is gone")
        return None
    reshape(state, fire, _asker(ctx))  # a burning unit may have moved since its last roll
    before = fire.size
    faces = tuple(ctx.dice.roll(4, f"burning roll {fire_id}") for _ in range(before))
    weight = target_weight(state, tid)
    downs = sum(1 for f in faces if burning_die(f, weight) == "down")
    spreads = before - downs
    fire.size = max(0, before - downs)  # die-downs first
    if downs:
        reshape(state, fire, _asker(ctx))
    grows = fire.fire_type not in ("acid", "ion")  # R-FIRE-13/14, A-9
    grind = 0 if fire.fire_type == "ion" else spreads  # Ion: no permanent damage
    cap = _cap(state, tid)
    spread_to: list[str] = []
    for _ in range(spreads):
        if not grows:
            continue
        if fire.size < cap:
            fire.size += 1
            reshape(state, fire, _asker(ctx))
        elif fire.fire_type == "fire":  # poison spreads only through wounds (R-FIRE-15)
            hit = spread_target(state, fire)
            if hit is not None:
                new = _ignite(ctx, hit[0], hit[1], "fire", 1, fire.owner, ())
                spread_to.append(new.target or "")
    target = state.units.get(tid) or state.objects[tid]
    target.grinding += grind
    reshape(state, fire, _asker(ctx))
    _sync_unit(state, tid)
    event = ctx.emit(
        BurningRolled(
            fire_id,
            tid,
            faces,
            weight,
            downs,
            spreads,
            before,
            fire.size,
            target.grinding,
            tuple(fire.cells),
            tuple(spread_to),
        )
    )
    if target.grinding > 0 and fire.fire_type != "ion":
        grinding_check(ctx, tid)
    if fire_id in state.fires:
        if fire.size <= 0:
            extinguish(ctx, fire_id, "died down")
        elif not present(state, tid):
            extinguish(ctx, fire_id, "its target was destroyed")
        else:
            _clamp(state, tid)
    return event  # type: ignore[return-value]


def _clamp(state: GameState, target_id: str) -> None:
    """After a loss of Size the fires on a target shrink to its new Size (R-FIRE-4)."""
    cap = _cap(state, target_id)
    for f in fires_on(state, target_id):
        if f.size > cap:
            f.size = cap
            reshape(state, f)
    _sync_unit(state, target_id)


def grinding_check(ctx: RulesContext, target_id: str) -> str:
    """G-4: Grinding > a fresh Armor roll (−1d4 while burning, R-FIRE-5) → −1" Effective Size and
    Grinding resets; Size 0 destroys an object (kills a unit)."""
    state = ctx.state
    target = state.units.get(target_id) or state.objects[target_id]
    if target.grinding <= 0 or not present(state, target_id):
        return "none"
    armor, text = armor_roll(ctx, target_id)
    if target.grinding > armor:
        ctx.emit(GrindingChecked(target_id, target.grinding, armor, text, "size_lost"))
        target.grinding = 0
        result = _lose_size(ctx, target_id, "grinding damage (G-4)")
        if present(state, target_id):
            _clamp(state, target_id)
        return result
    ctx.emit(GrindingChecked(target_id, target.grinding, armor, text, "none"))
    return "none"


def burning_rolls(ctx: RulesContext, player_id: str) -> list[BurningRolled]:
    """R-FIRE-8: the Burning Rolls due at the start of `player_id`'s turn (fires started during
    these rolls wait for their next turn); every turn again until the fire is out or its object
    destroyed (R-FIRE-10)."""
    state = ctx.state
    out = []
    for fid in list(state.fires):
        fire = state.fires.get(fid)
        if fire is None or fire.permanent or fire_controller(state, fire) != player_id:
            continue
        event = burning_roll(ctx, fid)
        if event is not None:
            out.append(event)
    return out


# ---------------------------------------------------------------------------------------------
# Ignition dice (R-FIRE-3)


def ignition_dice(result: RollResult, *, sides: int | None = 4) -> list[int]:
    """R-FIRE-3: the ignition dice of a rolled Damage/Exposure expression: one per die rolled, its
    (modified) result plus its whole Bonus chain. `sides=4` keeps the d4 Fire dice of a weapon's
    Damage (the only ones a fire-like weapon sets alight with); `None` keeps every die (a fire-like
    Hazard's Exposure dice are all Fire dice)."""
    totals: dict[int, int] = {}
    first: dict[int, int] = {}
    for die in result.dice:
        if die.sign <= 0 or not die.kept:
            continue
        first.setdefault(die.group, die.sides)
        totals[die.group] = totals.get(die.group, 0) + die.value
    return [v for g, v in totals.items() if sides is None or first[g] == sides]


def weapon_ignition(state: GameState, damage_type: str, result: DamageRoll) -> tuple[list[int], str]:
    """(ignition dice, fire type) of a weapon's rolled Damage: its d4 dice (as the battle's ruleset
    reads them) when the Damage is fire-like (R-FIRE-3, R-FIRE-13..16), else none."""
    if damage_type in FIRE_TYPES:
        return ruleset_of(state).ignition_dice(result), damage_type
    return [], "fire"


# ---------------------------------------------------------------------------------------------
# Putting fires out (R-FIRE-11, G-23, EX-7)


def extinguish(ctx: RulesContext, fire_id: str, reason: str) -> None:
    state = ctx.state
    fire = state.fires.pop(fire_id, None)
    if fire is None:
        return
    _sync_unit(state, fire.target)
    ctx.emit(FireOut(fire_id, fire.target, reason))


def extinguish_if_submerged(ctx: RulesContext, unit: UnitState) -> bool:
    """R-FIRE-11: a unit fully in water is put out at once (water terrain counts as submersion)."""
    water = getattr(ctx.state.grid, "water", None)
    if water is None or not unit.alive:
        return False
    x, y = unit.pos
    if not water[y, x]:
        return False
    out = False
    for fire in list(fires_on(ctx.state, unit.id)):
        extinguish(ctx, fire.id, "submerged in water (R-FIRE-11)")
        out = True
    return out


def fight_fire(ctx: RulesContext, fire_id: str, inches: int, *, by: str | None = None) -> int:
    """R-FIRE-11 / EX-7: cut a fire by 1" per inch of firefighting apparatus (3 bucket minifigs → −3",
    Size 5" hose → −5"). `by` (a unit) spends its Action, once per turn. A permanent fire loses
    cells too, and its dice follow its new Size (R-HAZ-4). Returns the new Fire Size."""
    state = ctx.state
    fire = state.fires.get(fire_id)
    if fire is None:
        raise FireRuleError(f"no fire {fire_id!r}")
    if inches < 0:
        raise FireRuleError("firefighting apparatus has a positive Size")
    if by is not None:
        unit = state.units[by]
        if not unit.active or unit.action_used:
            raise FireRuleError(f"{by} has no Action left to fight the fire")
        unit.action_used = True
    fire.size = max(0, fire.size - inches)
    if fire.permanent:
        keep = max(0, len(fire.cells) - inches)
        fire.cells = fire.cells[len(fire.cells) - keep :] if keep else []
        if not fire.cells:
            fire.size = 0
    else:
        reshape(state, fire, _asker(ctx))
        _sync_unit(state, fire.target)
    ctx.emit(FireFought(fire_id, by, inches, fire.size, "firefighting (R-FIRE-11)"))
    if fire.size <= 0:
        extinguish(ctx, fire_id, "put out")
    return fire.size


def roll_on_ground(ctx: RulesContext, unit: UnitState) -> bool:
    """G-23: a burning unit spends its Action and all its Movement rolling on the ground: −1" of each
    fire on it. Only before it has moved or acted this turn."""
    fires = fires_on(ctx.state, unit.id)
    if not fires or not unit.active or unit.action_used or unit.move_spent > 0 or unit.has_moved:
        return False
    unit.action_used = True
    unit.move_spent = unit.move
    unit.stopped = True
    for fire in fires:
        fire.size -= 1
        ctx.emit(FireFought(fire.id, unit.id, 1, fire.size, "rolling on the ground (G-23)"))
        if fire.size <= 0:
            extinguish(ctx, fire.id, "put out")
    _sync_unit(ctx.state, unit.id)
    return True


# ---------------------------------------------------------------------------------------------
# Being on fire: penalties and the burning attack (R-FIRE-5/6/16)


def burning_action_penalty(
    state: GameState, unit: UnitState, weapon: WeaponState | None = None, *, using: str | None = None
) -> str | None:
    """R-FIRE-5: "-1d4" on the Action roll of a unit on fire (any fire type, R-FIRE-16) or using a
    burning object (`using` = its id). The exemption is for *using* an item made to burn
    (`weapon.burning`: torch, flaming sword): it spares the using-a-burning-object penalty, never
    the penalty of a unit that is itself on fire."""
    if is_burning(state, unit.id):
        return "-1d4"
    made_to_burn = weapon is not None and weapon.burning
    if using is not None and is_burning(state, using) and not made_to_burn:
        return "-1d4"
    return None


def roll_burning_action_penalty(
    ctx: RulesContext, unit: UnitState, weapon: WeaponState | None = None, *, using: str | None = None
) -> int:
    """Roll the R-FIRE-5 penalty: a negative number (the d4 may explode), 0 when not burning."""
    expr = burning_action_penalty(ctx.state, unit, weapon, using=using)
    if expr is None:
        return 0
    return roll_expression(expr, ctx.dice, purpose=f"burning action penalty of {unit.id}").total


def burning_attack_bonus(
    state: GameState, attacker_id: str, weapon: WeaponState | None = None
) -> tuple[str, str] | None:
    """R-FIRE-6/16: ("1d4", fire type) extra Fire Damage when the attacker or collider is burning or
    strikes with a burning object (`weapon.burning`, e.g. a torch); None otherwise."""
    fires = fires_on(state, attacker_id)
    if fires:
        return "1d4", max(fires, key=lambda f: f.size).fire_type
    if weapon is not None and weapon.burning:
        return "1d4", "fire"
    return None


def roll_burning_attack_bonus(
    ctx: RulesContext, attacker_id: str, weapon: WeaponState | None = None
) -> tuple[int, list[int], str, str]:
    """Roll the R-FIRE-6 bonus on the battle's ruleset's scale (`Ruleset.extra_damage_roll`:
    BrikWars adds the 1d4 as it falls, D6 its converted code, Nine Powers one point a die):
    (Damage to add, ignition dice for `damage_and_ignite(fire_dice=...)`, fire type, what was rolled);
    (0, [], "fire", "") when the attacker is not burning."""
    bonus = burning_attack_bonus(ctx.state, attacker_id, weapon)
    if bonus is None:
        return 0, [], "fire", ""
    purpose = f"burning attack bonus of {attacker_id}"
    points, fire, label = ruleset_of(ctx.state).extra_damage_roll(ctx, bonus[0], purpose=purpose)
    return points, fire, bonus[1], label
