"""The Scout (R-SCOUT-1..5): Pathfinding and Tracking.

A unit with the specialty "scout" is a Scout; his Scouting Tool (R-SCOUT-1) is assumed carried.

* Pathfinding (R-SCOUT-2/3): his Specialty d8 replaces his Action die on every Action roll
  concerning a Field Hazard or Trap (`hazard_die`); in concealed fields he stops safely before the
  spot, and the cells he walked this turn are a safe trail for his allies following in single file
  (`concealed.plan_crossing`).
* Tracking (R-SCOUT-4): everything in his Cone of Vision with line of sight (Smoke blocks) is
  revealed to his whole team, Hidden units and Traps included (`track`).
* Marking (R-SCOUT-5): with his Action he Marks one target he sees within 8" (GRID-3); until his
  next turn starts it is visible to his allies, whose Ranged attacks on it get +1 (`mark_bonus`,
  never more than +1).
"""

from __future__ import annotations

from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import sees, visible_cells
from brikwars_gui.engine.state import GameState, UnitState

SCOUT = "scout"
PATHFINDING_DIE = 8
MARK_RANGE = 8


@register_event
class ScoutRevealed(Event):
    kind = "scout_revealed"
    unit: str  # the Scout
    team: str
    revealed: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.unit} spots {', '.join(self.revealed)} for {self.team} (R-SCOUT-4)"


@register_event
class ScoutMarked(Event):
    kind = "scout_marked"
    unit: str
    target: str

    def describe(self) -> str:
        return f"{self.unit} Marks {self.target}: allies' Ranged attacks on it +1 (R-SCOUT-5)"


@register_event
class MarksExpired(Event):
    kind = "marks_expired"
    unit: str
    targets: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.unit}'s Marks on {', '.join(self.targets)} expire (R-SCOUT-5)"


def is_scout(unit: UnitState | None) -> bool:
    """R-SCOUT-1: a Scout Specialty works only with a carried Scouting Tool (binoculars, ...)."""
    return unit is not None and SCOUT in unit.specialties and unit.scouting_tool


def hazard_die(unit: UnitState) -> int:
    """R-SCOUT-2: the die a unit rolls on Action rolls concerning Field Hazards and Traps."""
    return PATHFINDING_DIE if is_scout(unit) else unit.skill


def _sees(state: GameState, scout: UnitState, cell: tuple[int, int]) -> bool:
    return sees(
        state.grid, scout.pos, scout.facing, cell, smoke=state.smoke_between(scout.pos, cell, scout.size)
    )


def track(ctx: RulesContext, team: str) -> list[str]:
    """R-SCOUT-4: reveal to `team` every Hidden enemy unit and hidden Trap its Scouts see (G-16: a
    seen Hidden unit stops being Hidden). Returns the newly revealed ids."""
    state = ctx.state
    scouts = [u for u in state.units.values() if u.team == team and u.alive and is_scout(u)]
    hidden_units = [u for u in state.units.values() if u.alive and u.hidden and u.team != team]
    hidden_traps = [t for t in state.traps.values() if t.hidden]
    if not scouts or not (hidden_units or hidden_traps):
        return []
    known = state.hazard.revealed.setdefault(team, set())
    smoke = state.smoke_mask()
    found: list[str] = []
    for scout in scouts:
        if scout.disrupted:
            continue
        seen = visible_cells(state.grid, scout.pos, scout.facing, smoke=smoke)
        new: list[str] = []
        for unit in hidden_units:
            if unit.hidden and seen[unit.pos[1], unit.pos[0]]:
                unit.hidden = False
                new.append(unit.id)
        for trap in hidden_traps:
            spots = [trap.at] if trap.at is not None else []
            trigger = state.objects.get(trap.trigger)
            if trigger is not None:
                spots += trigger.cells
            if trap.id not in known and any(seen[y, x] for x, y in spots):
                new.append(trap.id)
        if new:
            known.update(new)
            found += new
            ctx.emit(ScoutRevealed(scout.id, team, tuple(new)))
    return found


def mark(ctx: RulesContext, scout_id: str, target_id: str) -> bool:
    """R-SCOUT-5: the Scout spends his Action to Mark a target he sees within 8"."""
    state = ctx.state
    scout = state.units[scout_id]
    target = state.units.get(target_id)
    if not is_scout(scout) or not scout.active or scout.action_used or target is None or not target.alive:
        return False
    dx, dy = target.pos[0] - scout.pos[0], target.pos[1] - scout.pos[1]
    if dx * dx + dy * dy > MARK_RANGE * MARK_RANGE or not _sees(state, scout, target.pos):
        return False
    scout.action_used = True
    marks = state.hazard.marks.setdefault(target_id, [])
    if scout_id not in marks:
        marks.append(scout_id)
    target.marked = True
    target.hidden = False
    ctx.emit(ScoutMarked(scout_id, target_id))
    return True


def expire_marks(ctx: RulesContext, player_id: str) -> None:
    """R-SCOUT-5: a Scout's Marks last until the beginning of his next turn."""
    state = ctx.state
    mine = {u.id for u in state.units.values() if u.team == player_id}
    gone: dict[str, list[str]] = {}
    for target_id, scouts in list(state.hazard.marks.items()):
        keep = [s for s in scouts if s not in mine]
        for s in scouts:
            if s in mine:
                gone.setdefault(s, []).append(target_id)
        if keep:
            state.hazard.marks[target_id] = keep
        else:
            del state.hazard.marks[target_id]
            if target_id in state.units:
                state.units[target_id].marked = False
    for scout_id, targets in gone.items():
        ctx.emit(MarksExpired(scout_id, tuple(targets)))


def mark_bonus(state: GameState, attacker_id: str, target_id: str) -> int:
    """R-SCOUT-5: +1 Action Bonus for a Ranged attack on a target Marked by an allied Scout (not
    cumulative)."""
    attacker = state.units.get(attacker_id)
    if attacker is None:
        return 0
    for scout_id in state.hazard.marks.get(target_id, ()):
        scout = state.units.get(scout_id)
        if scout is not None and scout.team == attacker.team:
            return 1
    return 0


def visible_to_team(state: GameState, team: str, target_id: str) -> bool:
    """Revealed to `team` by its Scouts' Tracking or Marks (R-SCOUT-4/5); line of sight of the
    team's other units is the combat rules' business."""
    if target_id in state.hazard.revealed.get(team, ()):
        return True
    trap = state.traps.get(target_id)
    if trap is not None:  # R-TRAP-3: secret Triggers stay hidden from the other teams
        return state.trap_known_to(team, trap)
    return mark_bonus_team(state, team, target_id)


def mark_bonus_team(state: GameState, team: str, target_id: str) -> bool:
    return any(
        (s := state.units.get(sid)) is not None and s.team == team
        for sid in state.hazard.marks.get(target_id, ())
    )
