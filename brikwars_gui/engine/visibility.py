"""What a player may know (G-16, R-SCOUT-4, R-TRAP-3, fog of war): the engine as impartial host.

A `hidden` unit is invisible to the other teams until it attacks (it is then revealed for good,
event `unit_revealed`), an enemy Scout sees it (`hazards/scout.track`, R-SCOUT-4) or an enemy
runs, leaps, steps or is shoved into it (`unseen_occupant`). Secret Traps stay known only to their
owner and to teams whose Scouts spotted them (R-TRAP-3).

With the scenario option `fog_of_war` a side also knows only the enemy units it sees now: the
union of its living units' Cones of Vision with line of sight (GRID-5/6, Smoke blocks, R-HAZ-7,
the same `grid.visible_cells` the Scout uses) plus the cells touching each of its units
(GRID-4), and the enemies its Scouts Mark (R-SCOUT-5). Each side remembers where it last saw an
enemy (`last_seen`, updated after every order) until it sees that cell empty.

Orders against a unit its enemy cannot see are illegal, pathing ignores it (the move stops where
it runs into it), Responses never answer a Hidden mover, and the GUI and both AIs ask these
functions instead of reading the state directly, so nobody cheats. See docs/rules-decisions.md
("Fog of war").

Cost: who sees whom is kept as pairs (`_SightCache`), re-synced at the first query after the unit
index's version moved (it moves with every change of a unit's cell, life, team, facing, size,
Hidden or Marked status); only the units whose cell, facing, size, life or team changed get their
sight lines to the other side's units recomputed, so an order costs O(units it changed x units).
Whole sight masks (numpy `grid.visible_cells`) are computed only to draw the fog, per unit, cached.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from brikwars_gui.engine.events import Event, register_event
from brikwars_gui.engine.geometry import sees, visible_cells
from brikwars_gui.engine.grid import Grid

if TYPE_CHECKING:  # visibility reads the state it is handed; state.snapshot() uses visibility
    from brikwars_gui.engine.context import RulesContext
    from brikwars_gui.engine.state import Cell, GameState, UnitState

#: Event fields that name a unit; an event naming a unit hidden from a team is not shown to it.
_UNIT_FIELDS = ("unit", "attacker", "responder", "mover", "target", "first", "second", "about")


@register_event
class UnitRevealed(Event):
    """G-16: a Hidden unit gives itself away (it attacks, or an enemy runs into it)."""

    kind = "unit_revealed"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} is revealed: {self.reason} (G-16)"


class _SightCache:
    """Who sees whom, kept in `GameState.__dict__` (derived, not journaled: it re-syncs from the
    units themselves, so it is right after a rollback too). Synced lazily at the next query
    after the unit index's version moved: only units whose cell, facing, size, life or team
    changed get their sight pairs recomputed (O(changed units x units) sight lines, not O(n²))."""

    __slots__ = ("keys", "masks", "seers", "sees", "smoke", "teams", "unseen", "version")

    def __init__(self) -> None:
        self.version = -1
        self.smoke: tuple[Any, ...] = ()
        self.keys: dict[str, tuple[Any, ...]] = {}  # unit id -> (cell, facing, size, alive, team)
        self.seers: dict[str, set[str]] = {}  # unit id -> ids of enemy units that see it
        self.sees: dict[str, set[str]] = {}  # unit id -> ids of enemy units it sees
        self.teams: dict[str, tuple[int, frozenset[str]]] = {}  # team -> (version, enemies known)
        self.masks: dict[str, tuple[tuple[Any, ...], np.ndarray]] = {}  # unit id -> whole sight mask
        self.unseen: dict[str, tuple[int, frozenset[Cell]]] = {}  # team -> (version, enemy cells)

    def __reduce__(self) -> tuple[object, tuple[()]]:
        """Copies of a state leave the cache behind; the copy builds its own."""
        return _no_cache, ()


def _no_cache() -> None:
    return None


def _cache(state: GameState) -> _SightCache:
    cache = state.__dict__.get("_sight")
    if cache is None:
        cache = state.__dict__["_sight"] = _SightCache()
    return cache


def _eye_smoke(state: GameState, unit: UnitState) -> np.ndarray:
    """The Smoke that blocks the unit's view (R-HAZ-7: sight passes over smoke below its eyes)."""
    return state.smoke_between(unit.pos, unit.pos, unit.size)


def perceives(state: GameState, viewer: UnitState, cell: Cell) -> bool:
    """The viewer perceives `cell`: it touches it (GRID-4), or the cell is in its Cone of Vision
    with a clear line of sight (GRID-5/6, Smoke blocks)."""
    if max(abs(cell[0] - viewer.pos[0]), abs(cell[1] - viewer.pos[1])) <= 1:
        return True
    return sees(state.grid, viewer.pos, viewer.facing, cell, smoke=_eye_smoke(state, viewer))


def _key(unit: UnitState) -> tuple[Any, ...]:
    return (unit.pos, unit.facing, unit.size, unit.alive, unit.team)


def _sync(state: GameState) -> _SightCache:
    """Bring the who-sees-whom pairs up to date with the units (see `_SightCache`)."""
    cache = _cache(state)
    version = state.unit_index().version
    if cache.version == version:
        return cache
    smoke = tuple((f.mask, f.height) for f in state.fields.values() if f.kind == "smoke")
    units = state.units
    if not _same(smoke, cache.smoke) or set(cache.keys) != set(units):
        cache.keys, cache.seers, cache.sees = {}, {uid: set() for uid in units}, {uid: set() for uid in units}
        cache.smoke = smoke
    changed = [u for u in units.values() if cache.keys.get(u.id) != _key(u)]
    for unit in changed:
        uid = unit.id
        for target in cache.sees[uid]:  # as a viewer
            cache.seers[target].discard(uid)
        for viewer in cache.seers[uid]:  # as a target
            cache.sees[viewer].discard(uid)
        cache.sees[uid], cache.seers[uid] = set(), set()
    done: set[str] = set()
    for unit in changed:
        done.add(unit.id)
        for other in units.values():
            if other.team == unit.team or other.id in done:  # pairs of two changed units: once
                continue
            for viewer, target in ((unit, other), (other, unit)):
                if viewer.alive and perceives(state, viewer, target.pos):
                    cache.sees[viewer.id].add(target.id)
                    cache.seers[target.id].add(viewer.id)
        cache.keys[unit.id] = _key(unit)
    cache.version = version
    return cache


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    if len(a) != len(b):
        return False
    return all(x is y or (type(x) is not np.ndarray and x == y) for x, y in zip(a, b, strict=True))


def _known_enemies(state: GameState, team: str) -> frozenset[str]:
    """Ids of the enemy units (living or dead) the side knows now under fog of war."""
    cache = _sync(state)
    hit = cache.teams.get(team)
    if hit is not None and hit[0] == cache.version:
        return hit[1]
    units = state.units
    marked = _marked_by(state, team)
    known = frozenset(
        u.id
        for u in units.values()
        if u.team != team
        and not u.hidden
        and (u.id in marked or any(units[v].team == team for v in cache.seers.get(u.id, ())))
    )
    cache.teams[team] = (cache.version, known)
    return known


def _marked_by(state: GameState, team: str) -> set[str]:
    """R-SCOUT-5: targets Marked by the side's Scouts are visible to all its units."""
    return {
        target
        for target, scouts in state.hazard.marks.items()
        if any((s := state.units.get(sid)) is not None and s.team == team for sid in scouts)
    }


def perceived_cells(grid: Grid, pos: Cell, facing: str, smoke: np.ndarray | None) -> np.ndarray:
    """Bool mask of the cells a unit at `pos` facing `facing` perceives (`perceives`): its Cone of
    Vision with line of sight (`grid.visible_cells`) and the cells touching it (GRID-4)."""
    mask = visible_cells(grid, pos, facing, smoke=smoke)
    x, y = pos
    mask[max(0, y - 1) : y + 2, max(0, x - 1) : x + 2] = True
    return mask


def unit_sight(state: GameState, unit: UnitState) -> np.ndarray:
    """Read-only bool mask `(height, width)` of every cell `unit` perceives (`perceives`, the
    same `grid.visible_cells` as the Scout's Tracking): for drawing the fog. Cached under the
    unit's cell, facing, size and the Smoke."""
    smoke = _eye_smoke(state, unit)
    cache = _cache(state)
    key = (unit.pos, unit.facing, unit.size)
    hit = cache.masks.get(unit.id)
    if hit is not None and hit[0][:3] == key and hit[0][3] is smoke:
        return hit[1]
    mask = perceived_cells(state.grid, unit.pos, unit.facing, smoke)
    mask.flags.writeable = False
    cache.masks[unit.id] = ((*key, smoke), mask)
    return mask


def seen_cells(state: GameState, team: str) -> np.ndarray | None:
    """Bool mask of the cells the side perceives now under fog of war (for drawing the fog; the
    rules ask `unit_visible_to`); None without fog (the side then knows every cell)."""
    if not state.fog_of_war:
        return None
    cells = np.zeros((state.height, state.width), dtype=bool)
    for unit in state.units.values():
        if unit.alive and unit.team == team:
            cells |= unit_sight(state, unit)
    return cells


def unit_visible_to(state: GameState, team: str, unit: UnitState) -> bool:
    """A side knows its own units; without fog every enemy that is not Hidden (G-16); under fog
    only those it sees now or has Marked (module docstring)."""
    if unit.team == team:
        return True
    if not state.fog_of_war:
        return not unit.hidden
    return unit.id in _known_enemies(state, team)


def unseen_enemy_cells(state: GameState, team: str) -> frozenset[Cell]:
    """Cells of the living enemy units the side does not see (Hidden, or out of sight under fog):
    pathing must not avoid them (`move_search.blockers`). Cached until a unit changes."""
    if not state.fog_of_war:  # only Hidden enemies (G-16): the index keeps who is Hidden
        units = state.units
        if not state.unit_index().hidden:
            return frozenset()
        return frozenset(
            u.pos for u in (units[uid] for uid in state.unit_index().hidden) if u.alive and u.team != team
        )
    cache = _cache(state)
    version = state.unit_index().version
    hit = cache.unseen.get(team)
    if hit is not None and hit[0] == version:
        return hit[1]
    cells = frozenset(
        u.pos for u in state.units.values() if u.alive and not unit_visible_to(state, team, u)
    )
    cache.unseen[team] = (state.unit_index().version, cells)
    return cells


def visible_units(state: GameState, team: str) -> list[UnitState]:
    """The living units `team` may know about, in id order: `unit_visible_to`, inlined (the
    default AI asks this for every unit it moves, over every unit of a 2,000-unit battle)."""
    units = state.units_by_id()
    if not state.fog_of_war:
        return [u for u in units if u.alive and (u.team == team or not u.hidden)]
    known = _known_enemies(state, team)
    return [u for u in units if u.alive and (u.team == team or u.id in known)]


def visible_enemies(state: GameState, team: str) -> list[UnitState]:
    """The living enemies `team` may know about, in id order (see `visible_units`)."""
    units = state.units_by_id()
    return [units[row] for row in visible_enemy_rows(state, team).tolist()]


def visible_enemy_rows(state: GameState, team: str) -> np.ndarray:
    """`visible_enemies` as rows of the unit index's columns (`UnitIndex.xy` ...), in id order:
    one numpy mask over the battle, for callers that want positions rather than units."""
    index = state.unit_index()
    rows = index.enemy_rows(team, shown_only=True)
    if not state.fog_of_war or not len(rows):
        return rows
    known = _known_enemies(state, team)
    by_id = index.by_id
    return rows[np.fromiter((by_id[row].id in known for row in rows.tolist()), dtype=bool, count=len(rows))]


def hidden_from(state: GameState, team: str) -> frozenset[str]:
    """Ids of the units (living or dead) `team` cannot see now."""
    if not state.fog_of_war:  # only Hidden enemies (G-16): the index keeps who is Hidden
        units = state.units
        if not state.unit_index().hidden:
            return frozenset()
        return frozenset(uid for uid in state.unit_index().hidden if units[uid].team != team)
    return frozenset(u.id for u in state.units.values() if not unit_visible_to(state, team, u))


def event_visible_to(state: GameState, team: str, event: Event | dict[str, Any]) -> bool:
    """False for an event that names a unit hidden from `team` at this moment (its moves, its
    orders, its decisions): a human player's log shows only what that player could witness.
    An event that names one of the team's own units is shown whatever else it names: a side
    witnesses what happens to its own units (who attacks them, who they run into)."""
    hidden = hidden_from(state, team)
    if not hidden:
        return True
    data = event if isinstance(event, dict) else event.__dict__
    named = [data.get(name) for name in _UNIT_FIELDS]
    if not any(n in hidden for n in named):
        return True
    units = state.units
    return any(isinstance(n, str) and n in units and units[n].team == team for n in named)


def event_audience(state: GameState, teams: Iterable[str], event: Event | dict[str, Any]) -> frozenset[str]:
    """The teams among `teams` that witness `event` as things stand now (`event_visible_to`):
    asked as the event happens, it is what each side knew then (a hot-seat log shows each player
    the lines its own side witnessed, live and in a resumed game)."""
    return frozenset(team for team in teams if event_visible_to(state, team, event))


def last_seen(state: GameState, team: str) -> dict[str, tuple[Cell, int]]:
    """Fog of war: enemy id -> (cell, round) where `team` last saw a living enemy it does not see
    now (its memory; the GUI draws these as ghosts and the AIs search there)."""
    if not state.fog_of_war:
        return {}
    known = _known_enemies(state, team)
    memory = state.last_seen.get(team, {})
    return {uid: (at, rnd) for uid, (at, rnd, _) in memory.items() if uid not in known}


def note_sightings(state: GameState) -> None:
    """After every order (`Game`): each side remembers where it last saw each enemy, and forgets
    it when it sees the enemy dead, or looks at that cell again (after having looked away from it)
    and finds it empty. Memory entries are (cell, round, looked away since)."""
    if not state.fog_of_war:
        return
    for team in state.turn_order:
        known = _known_enemies(state, team)
        memory = state.last_seen.get(team)
        if memory is None:
            state.last_seen[team] = {}
            memory = state.last_seen[team]
        for uid in known:
            unit = state.units[uid]
            if not unit.alive:
                if uid in memory:
                    del memory[uid]
            elif memory.get(uid) != (unit.pos, state.round, False):
                memory[uid] = (unit.pos, state.round, False)
        eyes = [u for u in state.units.values() if u.alive and u.team == team]
        for uid, (at, rnd, away) in list(memory.items()):
            if uid in known:
                continue
            in_view = any(perceives(state, u, at) for u in eyes)
            if in_view and away:
                del memory[uid]
            elif not in_view and not away:
                memory[uid] = (at, rnd, True)


def known_occupied(state: GameState, team: str) -> frozenset[Cell]:
    """Cells `team` knows to hold a living unit: every living unit's cell but those of the enemies
    it does not see. The cells a rule offers a side (a Bail landing, an Angry Inch step) leave out
    only these, so the offer gives no unseen enemy away (issue 10)."""
    return frozenset(state.occupied_cells()) - unseen_enemy_cells(state, team)


def knows_occupied(state: GameState, team: str, cell: Cell) -> bool:
    """`cell in known_occupied(state, team)`, without building the set (a Response's Angry Inch
    asks for the 8 cells around a responder; issue 26)."""
    return cell in state.occupied_cells() and cell not in unseen_enemy_cells(state, team)


def unseen_occupant(state: GameState, team: str, cell: Cell) -> UnitState | None:
    """The living unit on `cell` that `team` did not know was there (None: free or known)."""
    other = state.unit_at(cell)
    if other is None or other.team == team or unit_visible_to(state, team, other):
        return None
    return other


def reveal(ctx: RulesContext, unit: UnitState, reason: str) -> None:
    """G-16: the unit stops being Hidden (for everyone)."""
    if unit.hidden:
        unit.hidden = False
        ctx.emit(UnitRevealed(unit.id, reason))
