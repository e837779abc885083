"""What the human player may see (G-16 Hidden units, R-SCOUT-4) and the sight overlays: Cone of
Vision masks and line of sight in the live state or the timeline snapshot shown."""

from __future__ import annotations

import logging
from typing import Any

import numpy as np

from brikwars_gui.ui.session_controller.views import Cell, snapshot_state

log = logging.getLogger("brikwars_gui.play")


class SightMixin:
    """Sight and the viewing player's knowledge (engine/visibility.py, engine/grid.py)."""

    # -- what the human player may see (G-16, R-SCOUT-4) -------------------------------------------
    def viewer_team(self) -> str | None:
        """The player whose knowledge the board shows: the only human player; in hot-seat the
        human whose turn it is, and during an AI player's turn the human who played last (the
        first human in turn order before that); None when no human plays (an AI-only battle
        shows everything). docs/rules-decisions.md "Fog of war"."""
        if self.game is None:
            return None
        state = self.game.state
        controllers = {p.id: p.controller for p in state.players}  # asked per unit as views refresh
        humans = [p for p in state.turn_order if controllers.get(p) == "human"]
        if len(humans) <= 1:
            return humans[0] if humans else None
        active = self.game.active_player
        if active in humans:
            self._last_viewer = active
            return active
        last = getattr(self, "_last_viewer", None)
        return last if last in humans else humans[0]

    def hidden_from_viewer(self, unit_id: str) -> bool:
        """An enemy unit the viewing player may not know about: Hidden (G-16) or, under fog of
        war, seen by none of its units (engine/visibility.py) — now, or in the timeline snapshot
        shown (what the player knew then, kept in the snapshot)."""
        team = self.viewer_team()
        if team is None or self.game is None:
            return False
        if self.view_index is not None:
            snap = self.game.snapshots[self.view_index]
            u = snap.get("units", {}).get(unit_id)
            if u is None or u.get("team") == team:
                return False
            fog = snap.get("fog")
            if fog is not None:
                return unit_id not in fog.get(team, {}).get("enemies", ())
            return bool(u.get("hidden"))
        # imported here, past the answers above: it is asked ~5 times per unit as a resumed
        # 2,000-unit battle is shown, and an import statement costs as much as the rest (issue 26)
        from brikwars_gui.engine.visibility import unit_visible_to

        unit = self.game.state.units.get(unit_id)
        return unit is not None and not unit_visible_to(self.game.state, team, unit)

    def fog_view(self) -> tuple[np.ndarray | None, list[tuple[str, str, Cell, int]]]:
        """Fog of war for the viewing player, live or in the timeline snapshot shown: (bool mask of
        the cells it does not see, or None when there is no fog to draw; where it last saw the
        enemies it does not see now: (unit id, name, cell, round))."""
        from brikwars_gui.engine.visibility import last_seen, perceived_cells, seen_cells

        game, team = self.game, self.viewer_team()
        if game is None or team is None or not game.state.fog_of_war:
            return None, []
        st = game.state
        names = {uid: u.name for uid, u in st.units.items()}
        if self.view_index is None:
            seen = seen_cells(st, team)
            memory = [(uid, names.get(uid, uid), at, rnd) for uid, (at, rnd) in last_seen(st, team).items()]
            return (None if seen is None else ~seen), sorted(memory)
        snap = game.snapshots[self.view_index]
        grid, units, smoke = self._shown_sight()
        teams = {uid: u.get("team") for uid, u in snap.get("units", {}).items()}
        seen = np.zeros((st.height, st.width), dtype=bool)
        for uid, (pos, facing, alive) in units.items():
            if alive and teams.get(uid) == team:
                seen |= perceived_cells(grid, pos, facing, smoke)
        fog = snap.get("fog", {}).get(team, {})
        memory = [
            (uid, names.get(uid, uid), (int(at[0]), int(at[1])), int(rnd))
            for uid, (at, rnd) in fog.get("last_seen", {}).items()
        ]
        return ~seen, sorted(memory)

    # -- sight and line of sight -------------------------------------------------------------------
    def _shown_sight(self) -> tuple[Any, dict[str, tuple[Cell, str, bool]], np.ndarray] | None:
        """What line of sight is computed on for the picture shown: (grid, {unit id: (pos, facing,
        alive)}, smoke mask): the live state, or the timeline snapshot shown (its units' positions
        and facings, its Smoke fields; the battlefield's terrain is the live one)."""
        game = self.game
        if game is None:
            return None
        st = game.state
        if self.view_index is None:
            units = {uid: (tuple(u.pos), str(u.facing), bool(u.alive)) for uid, u in st.units.items()}
            return st.grid, units, st.smoke_mask()
        snap = game.snapshots[self.view_index]
        units = {
            uid: (tuple(u["pos"]), str(u.get("facing") or "N"), bool(u.get("alive", True)))
            for uid, u in snap.get("units", {}).items()
        }
        light = snapshot_state(snap, st.width, st.height)
        smoke = np.zeros((st.height, st.width), dtype=bool)
        for f in light.fields.values():
            if f.kind == "smoke":
                smoke |= f.mask
        return st.grid, units, smoke

    def sight_mask(self, unit_id: str) -> np.ndarray | None:
        """Play mode: the cells `unit_id` sees (bool (height, width)): line of sight (GRID-5)
        inside its 90° Cone of Vision (R-RESP-3, GRID-6), blocked by Smoke (R-HAZ-7), in the live
        state or the timeline snapshot shown. None when there is no game, or the unit is dead or
        gone."""
        from brikwars_gui.engine.geometry import visible_cells

        shown = self._shown_sight()
        if shown is None or unit_id not in shown[1]:
            return None
        grid, units, smoke = shown
        pos, facing, alive = units[unit_id]
        if not alive:
            return None
        try:
            return visible_cells(grid, pos, facing, smoke=smoke)
        except Exception:
            log.exception("visible_cells failed")
            return None

    def has_line_of_sight(self, a: str, b: str) -> bool | None:
        """GRID-5 / R-HAZ-7: whether unit `a` has a clear line of sight to unit `b` (Smoke blocks;
        the Cone of Vision is not checked), in the live state or the timeline snapshot shown. None
        when either unit is missing."""
        from brikwars_gui.engine.geometry import has_line_of_sight

        shown = self._shown_sight()
        if shown is None or a not in shown[1] or b not in shown[1]:
            return None
        grid, units, smoke = shown
        return bool(has_line_of_sight(grid, units[a][0], units[b][0], smoke=smoke))
