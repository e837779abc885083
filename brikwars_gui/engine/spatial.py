"""Units indexed by cell and by 8x8" bucket, kept up to date by the units' own moves.

`GameState` owns one `UnitIndex` (a derived cache, `_units_index`); `UnitState.__setattr__` calls
`UnitIndex.update` whenever `pos` or `alive` changes, and a rollback restores those attributes
through `__setattr__` too, so the index never needs rebuilding per query. It is rebuilt only when
the `units` dict was replaced or its roster changed: `engine/rules/roster.py` gives the state a
new `RosterMark` whenever it adds or removes a unit, a rollback puts the old mark back, and
`GameState.unit_index()` compares marks by identity in O(1).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from brikwars_gui.engine.state import Cell, UnitState

BUCKET = 8  # inches per bucket side: a 120x120" table has 15x15 buckets

_CLOCK = itertools.count(1)
"""Versions handed out to every index: a rebuilt index never reuses an older one's number."""


class RosterMark:
    """Identity token of a state's roster (which units `units` holds): a new one whenever a unit
    joins or leaves the battle, so an index built for another roster is never taken as current,
    even when the unit count came back to the same number (one unit summoned, another gone)."""

    __slots__ = ()


class UnitIndex:
    """Living units by cell (`by_cell`, in `units` dict order) and by bucket, for radius queries;
    and numpy columns over `by_id` (`xy`, `live`, `team_no`, `shown`, `sizes`, `answering`, rows
    by `row`), so "every living enemy of this side and where it stands" is one mask, not a walk
    over every unit (the default AI asks it for every unit it moves; issue 26)."""

    __slots__ = (
        "_blockers_memo",
        "_enemy_cells_memo",
        "_near_memo",
        "_responding_cells",
        "_responding_memo",
        "_responding_version",
        "_rows_memo",
        "_rows_version",
        "_rows_xy_memo",
        "alive_by_team",
        "answering",
        "buckets",
        "by_cell",
        "by_id",
        "hidden",
        "live",
        "longest_range",
        "rank",
        "responders",
        "roster",
        "row",
        "shown",
        "sizes",
        "source",
        "span",
        "team_cells",
        "team_changes",
        "team_no",
        "teams",
        "version",
        "xy",
    )

    def __init__(self, units: dict[str, UnitState], roster: RosterMark | None = None) -> None:
        self.source = units
        self.roster = roster
        self.rank = {uid: n for n, uid in enumerate(units)}
        self.by_id = sorted(units.values(), key=lambda u: u.id)  # every unit, dead too, in id order
        self.by_cell: dict[Cell, list[UnitState]] = {}
        # per team and bucket: radius queries for one side's enemies skip its own units
        self.buckets: dict[tuple[str, int, int], list[UnitState]] = {}
        self.alive_by_team: dict[str, int] = {}  # living units per team (victory checks, G-24)
        # cells held by each team's living units, with how many stand there (movement blockers)
        self.team_cells: dict[str, dict[Cell, int]] = {}
        self.team_changes: dict[str, int] = {}  # per team: bumped when `team_cells[team]` changes
        # the longest Range of any ranged weapon in the battle, spent or not, living or dead: an
        # upper bound for how far a unit can respond; a rebuild follows units joining the battle,
        # and a weapon whose Range grows widens it (`engine/rules/roster.note_weapon`)
        self.longest_range = max(
            (w.range for u in units.values() for w in u.weapons if w.range is not None and not w.is_close),
            default=0,
        )
        # changes whenever a unit's position, life, team, facing, size, Hidden or Marked status
        # changes: what each side sees is recomputed only then (engine/visibility.py)
        self.version = next(_CLOCK)
        self._blockers_memo: tuple[object, tuple[frozenset[Cell], frozenset[Cell]]] | None = None
        # each team's enemy cells (`blockers`), kept until one of those teams' cells change
        self._enemy_cells_memo: dict[str, tuple[tuple[int, ...], frozenset[Cell]]] = {}
        self._near_memo: dict[tuple[int, int, int, int, str], tuple[tuple[int, ...], list[UnitState]]] = {}
        # `enemy_rows` answers, kept until a unit's life, team or Hidden status changes
        self._rows_version = 0
        self._rows_memo: dict[tuple[str, bool], tuple[int, np.ndarray]] = {}
        # `rows_xy` answers by (team, rows), kept with their rows until a unit of another team moves
        self._rows_xy_memo: dict[tuple[str, int], tuple[np.ndarray, tuple[int, ...], np.ndarray, np.ndarray]]
        self._rows_xy_memo = {}
        # `responder_rows` answers, kept until a unit's life, team, saved Action or Disruption changes
        self._responding_version = 0
        self._responding_memo: dict[str, tuple[tuple[int, int], np.ndarray]] = {}
        self._responding_cells: dict[str, tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray]] = {}
        self.hidden = {u.id for u in units.values() if u.hidden}  # G-16, living or dead
        # above every coordinate a unit has stood on (queries are clamped by it)
        self.span = 1 + max((max(u.pos) for u in units.values()), default=0)
        by_id = self.by_id
        self.row = {u.id: n for n, u in enumerate(by_id)}
        self.teams: dict[str, int] = {}
        self.xy = np.array([u.pos for u in by_id], dtype=np.int64).reshape(len(by_id), 2)
        self.live = np.array([u.alive for u in by_id], dtype=bool)
        self.team_no = np.array([self.team_number(u.team) for u in by_id], dtype=np.int64)
        self.shown = np.array([not u.hidden for u in by_id], dtype=bool)
        self.sizes = np.array([u.size for u in by_id], dtype=np.int64)
        self.answering = np.array([responds(u) for u in by_id], dtype=bool)  # `responds`, per row
        # per team: its units that could respond now (R-RESP-1: alive, not Disrupted, a saved
        # Action), so a step no enemy can respond to skips the radius query (issue 26)
        self.responders: dict[str, int] = {}
        for unit in units.values():
            if unit.alive:
                self._add(unit, unit.pos)
                self.alive_by_team[unit.team] = self.alive_by_team.get(unit.team, 0) + 1
                if responds(unit):
                    self.responders[unit.team] = self.responders.get(unit.team, 0) + 1
            object.__setattr__(unit, "_index", self)

    def __reduce__(self) -> tuple[object, tuple[()]]:
        """Copies and pickles of a state leave the index behind; the copy builds its own."""
        return _no_index, ()

    def valid_for(self, units: dict[str, UnitState], roster: RosterMark | None = None) -> bool:
        return self.source is units and self.roster is roster and len(self.rank) == len(units)

    def _add(self, unit: UnitState, cell: Cell) -> None:
        self.span = max(self.span, 1 + max(cell))
        cells = self.team_cells.setdefault(unit.team, {})
        cells[cell] = cells.get(cell, 0) + 1
        self.team_changes[unit.team] = self.team_changes.get(unit.team, 0) + 1
        here = self.by_cell.get(cell)
        if here is None:
            self.by_cell[cell] = [unit]
        else:
            here.append(unit)
            here.sort(key=lambda u: self.rank.get(u.id, len(self.rank)))
        self.buckets.setdefault((unit.team, cell[0] // BUCKET, cell[1] // BUCKET), []).append(unit)

    def _remove(self, unit: UnitState, cell: Cell, team: str) -> None:
        here = self.by_cell.get(cell)
        if here is None or not _drop(here, unit):
            return
        cells = self.team_cells[team]
        self.team_changes[team] += 1
        if cells[cell] == 1:
            del cells[cell]
        else:
            cells[cell] -= 1
        if not here:
            del self.by_cell[cell]
        _drop(self.buckets[(team, cell[0] // BUCKET, cell[1] // BUCKET)], unit)

    def team_number(self, team: str) -> int:
        """The team's code in `team_no` (a team first seen gets the next number)."""
        return self.teams.setdefault(team, len(self.teams))

    def enemy_rows(self, team: str, *, shown_only: bool) -> np.ndarray:
        """Rows of `by_id` (in id order) of the living units of other teams than `team`;
        `shown_only`: not Hidden either (G-16). The array is kept for the next call until a unit's
        life, team or Hidden status changes (moves do not change it): callers must not modify it."""
        memo = self._rows_memo.get((team, shown_only))
        if memo is not None and memo[0] == self._rows_version:
            return memo[1]
        mask = self.live & (self.team_no != self.teams.get(team, -1))
        if shown_only:
            mask &= self.shown
        rows = np.flatnonzero(mask)
        rows.flags.writeable = False
        self._rows_memo[(team, shown_only)] = (self._rows_version, rows)
        return rows

    def rows_xy(self, team: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The x and the y of the units in `rows` (living units of other teams than `team`, such as
        `enemy_rows(team)`), kept for the same rows object until a unit of another team moves (a
        side's enemies stand still through most of its turn; issue 26: the default AI read them
        off `xy` several times for every unit it moved). Callers must not modify them."""
        moved = tuple(n for t, n in self.team_changes.items() if t != team)
        key = (team, id(rows))
        memo = self._rows_xy_memo.get(key)
        if memo is not None and memo[0] is rows and memo[1] == moved:
            return memo[2], memo[3]
        at = self.xy[rows]
        xs, ys = at[:, 0].copy(), at[:, 1].copy()
        xs.flags.writeable = ys.flags.writeable = False
        if len(self._rows_xy_memo) >= 8:  # rows made per call (fog of war) are not kept long
            self._rows_xy_memo.clear()
        self._rows_xy_memo[key] = (rows, moved, xs, ys)
        return xs, ys

    def update(self, unit: UnitState, old_pos: Cell, was_alive: bool, old_team: str) -> None:
        """`unit.pos` / `alive` / `team` changed (called by `UnitState.__setattr__`)."""
        self.version = next(_CLOCK)
        row = self.row.get(unit.id)
        if row is not None:
            self.xy[row] = unit.pos
            self.live[row] = unit.alive
            self.team_no[row] = self.team_number(unit.team)
            self.answering[row] = responds(unit)
        if was_alive != unit.alive or old_team != unit.team:
            self._rows_version += 1
            self._responding_version += 1
            # a saved Action and Disruption are as they were: only life or side changed
            if was_alive and unit.saved_action and not unit.disrupted:
                self.responders[old_team] -= 1
            if responds(unit):
                self.responders[unit.team] = self.responders.get(unit.team, 0) + 1
        if was_alive:
            self._remove(unit, old_pos, old_team)
            self.alive_by_team[old_team] -= 1
        if unit.alive:
            self._add(unit, unit.pos)
            self.alive_by_team[unit.team] = self.alive_by_team.get(unit.team, 0) + 1

    def blockers(self, unit: UnitState) -> tuple[frozenset[Cell], frozenset[Cell]]:
        """(cells of living enemies of `unit`, cells of its living allies other than itself);
        frozensets, which the path searches take as they are (no per-search conversion).

        The last answer is kept until the index changes (`version`: every change of a unit's
        cell, life or team bumps it): `legal_moves` then the `move` order ask it twice in a row."""
        key = (self.version, unit.team, unit.pos, unit.alive)
        memo = self._blockers_memo
        if memo is not None and memo[0] == key:
            return memo[1]
        no_stop: set[Cell] = set()
        cells = self.team_cells.get(unit.team, {})
        no_stop.update(cells)
        if unit.alive and cells.get(unit.pos) == 1:
            no_stop.discard(unit.pos)  # only the unit itself stands there
        answer = (self.enemy_cells(unit.team), frozenset(no_stop))
        self._blockers_memo = (key, answer)
        return answer

    def enemy_cells(self, team: str) -> frozenset[Cell]:
        """`blockers(unit)[0]` for a unit of `team`: the cells of every other team's living units,
        kept while none of them moves (a side's own moves, most of its turn, leave it as it was:
        the same object)."""
        changes = tuple(n for other, n in self.team_changes.items() if other != team)
        memo = self._enemy_cells_memo.get(team)
        if memo is not None and memo[0] == changes:
            return memo[1]
        blocked: set[Cell] = set()
        for other, cells in self.team_cells.items():
            if other != team:
                blocked.update(cells)
        answer = frozenset(blocked)
        self._enemy_cells_memo[team] = (changes, answer)
        return answer

    def set_hidden(self, unit: UnitState) -> None:
        """`unit.hidden` changed (called by `UnitState.__setattr__`)."""
        self._rows_version += 1
        if unit.hidden:
            self.hidden.add(unit.id)
        else:
            self.hidden.discard(unit.id)
        row = self.row.get(unit.id)
        if row is not None:
            self.shown[row] = not unit.hidden

    def set_responding(self, unit: UnitState, was: bool) -> None:
        """`unit.saved_action` or `disrupted` changed (called by `UnitState.__setattr__`); `was`:
        whether it could respond before."""
        now = responds(unit)
        if now != was:
            self.responders[unit.team] = self.responders.get(unit.team, 0) + (1 if now else -1)
            self._responding_version += 1
            row = self.row.get(unit.id)
            if row is not None:
                self.answering[row] = now

    def responder_rows(self, team: str) -> np.ndarray:
        """Rows of `by_id` (in id order) of the units of other teams than `team` that could respond
        now (`responds`: alive, not Disrupted, a saved Action; R-RESP-1), kept until one of those
        changes (not when units move: read their cells from `xy`). Callers must not modify it."""
        key = (self._rows_version, self._responding_version)
        memo = self._responding_memo.get(team)
        if memo is not None and memo[0] == key:
            return memo[1]
        rows = np.flatnonzero(self.answering & (self.team_no != self.teams.get(team, -1)))
        rows.flags.writeable = False
        self._responding_memo[team] = (key, rows)
        return rows

    def responders_in(self, team: str, lo: Cell, hi: Cell) -> np.ndarray:
        """The rows of `responder_rows(team)` whose units stand in the box of cells `lo`..`hi`
        (corners, inclusive), in id order; their cells are kept with the rows until one of them
        moves (a side's enemies stand still through its turn)."""
        moved = (n for t, n in self.team_changes.items() if t != team)
        key = (self._rows_version, self._responding_version, *moved)
        memo = self._responding_cells.get(team)
        if memo is None or memo[0] != key:
            rows = self.responder_rows(team)
            at = self.xy[rows]
            memo = self._responding_cells[team] = (key, rows, at[:, 0].copy(), at[:, 1].copy())
        _, rows, xs, ys = memo
        inside = (xs >= lo[0]) & (xs <= hi[0]) & (ys >= lo[1]) & (ys <= hi[1])
        return rows[inside]

    def may_respond_to(self, team: str) -> bool:
        """Whether any unit of another team than `team` could respond (R-RESP-1) to anything."""
        return any(count for other, count in self.responders.items() if other != team)

    def set_size(self, unit: UnitState) -> None:
        """`unit.size` changed (called by `UnitState.__setattr__`)."""
        row = self.row.get(unit.id)
        if row is not None:
            self.sizes[row] = unit.size

    def touch(self) -> None:
        """Something a side's sight depends on changed (facing, size, Hidden, Marked)."""
        self.version = next(_CLOCK)

    def near(self, cell: Cell, radius: float, *, enemies_of: str | None = None) -> Iterator[UnitState]:
        """Living units (of the teams other than `enemies_of`, if given) in the buckets that
        overlap the square of `radius` around `cell`: a superset of those within `radius`, in no
        particular order (callers apply the exact test and sort). A square wider than the map
        (a Range of 100000") walks the buckets that hold units, never the empty square."""
        if enemies_of is not None:
            yield from self.enemies_near(cell, radius, enemies_of)
            return
        yield from self._in_buckets(*self._window(cell, radius), None)

    def _window(self, cell: Cell, radius: float) -> tuple[int, int, int, int]:
        """(x0, x1, y0, y1): the buckets overlapping the square of `radius` around `cell`."""
        # no unit is farther from `cell` than this (a Range of 100000" asks for the whole table)
        r = min(int(min(radius, 1e9)) + 1, self.span + abs(cell[0]) + abs(cell[1]))
        x, y = cell
        return (x - r) // BUCKET, (x + r) // BUCKET, (y - r) // BUCKET, (y + r) // BUCKET

    def enemies_near(self, cell: Cell, radius: float, team: str) -> list[UnitState]:
        """`near(cell, radius, enemies_of=team)` as a list, kept until one of those units moves
        (callers must not modify it): a side's enemies keep their cells through most of its turn,
        and each step of a move asks for its responders."""
        x0, x1, y0, y1 = self._window(cell, radius)
        key = (x0, x1, y0, y1, team)
        changes = tuple(n for other, n in self.team_changes.items() if other != team)
        memo = self._near_memo.get(key)
        if memo is None or memo[0] != changes:
            if len(self._near_memo) > 4096:
                self._near_memo.clear()
            memo = self._near_memo[key] = (changes, list(self._in_buckets(x0, x1, y0, y1, team)))
        return memo[1]

    def _in_buckets(self, x0: int, x1: int, y0: int, y1: int, enemies_of: str | None) -> Iterator[UnitState]:
        """The living units in buckets x0..x1, y0..y1 of the teams other than `enemies_of`."""
        buckets = self.buckets
        if (x1 - x0 + 1) * (y1 - y0 + 1) * len(self.team_cells) > len(buckets):
            for (team, bx, by), units in list(buckets.items()):
                if team != enemies_of and x0 <= bx <= x1 and y0 <= by <= y1:
                    yield from units
            return
        for team in self.team_cells:
            if team == enemies_of:
                continue
            for bx in range(x0, x1 + 1):
                for by in range(y0, y1 + 1):
                    yield from buckets.get((team, bx, by), ())


def responds(unit: UnitState) -> bool:
    """R-RESP-1, R-MOVE-16 (`rules.common.can_respond`): alive, not Disrupted, a saved Action."""
    return bool(unit.alive and unit.saved_action and not unit.disrupted)


def _drop(units: list[UnitState], unit: UnitState) -> bool:
    """Remove `unit` by identity (dataclass equality would compare every field)."""
    for n, other in enumerate(units):
        if other is unit:
            del units[n]
            return True
    return False


def _no_index() -> None:
    return None
