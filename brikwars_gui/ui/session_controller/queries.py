"""Queries of the battle the widgets ask instead of the engine: a unit's reach, path, actions and
view, the attack forecast's exact odds, hazards and the game's result."""

from __future__ import annotations

import dataclasses
import logging
from types import SimpleNamespace
from typing import Any

import numpy as np

from brikwars_gui.scenario.models import Unit
from brikwars_gui.ui.session_controller.views import (
    Cell,
    GameResult,
    HazardView,
    UnitView,
    _get,
    _unit_view,
    hazard_view_of,
    on_map,
    snapshot_state,
)

log = logging.getLogger("brikwars_gui.play")


class QueriesMixin:
    """Read-only questions about the live state or the timeline snapshot shown."""

    # -- orders a unit may give --------------------------------------------------------------------
    def _live_unit(self, unit_id: str):
        return self.game.state.units.get(unit_id) if self.game is not None else None

    def can_command(self, unit_id: str) -> bool:
        u = self._live_unit(unit_id)
        return bool(u is not None and u.alive and self.orders_enabled and u.team == self.game.active_player)

    def reachable(self, unit_id: str) -> dict[Cell, int]:
        if not self.can_command(unit_id):
            return {}
        try:
            return dict(self.game.legal_moves(unit_id))
        except Exception:
            log.exception("legal_moves failed")
            return {}

    def half_speed_mask(self) -> np.ndarray | None:
        grid = self.game.state.grid if self.game is not None else None
        return getattr(grid, "half_speed", None)

    def preview_path(self, unit_id: str, cell: Cell):
        if not self.can_command(unit_id):
            return None
        try:
            return self.game.preview_path(unit_id, (int(cell[0]), int(cell[1])))
        except Exception:
            return None

    def legal_actions(self, unit_id: str) -> list[Any]:
        if not self.can_command(unit_id):
            return self.anytime_actions(unit_id)
        try:
            return list(self.game.legal_actions(unit_id))
        except Exception:
            log.exception("legal_actions failed")
            return []

    def anytime_actions(self, unit_id: str) -> list[Any]:
        """The orders a human side's unit may give out of its turn (cancelling an Effect, R-SN-13):
        on another player's turn, a human's or an AI's, between orders (none running: an AI side's
        units act one per timer step, so its turn waits for the cancel), on the live game."""
        u = self._live_unit(unit_id)
        if (
            u is None
            or self.game is None
            or self.game.over
            or self.is_ai(u.team)
            or self.view_index is not None
            or self._busy
        ):
            return []
        try:
            return list(self.game.anytime_actions(unit_id))
        except Exception:
            log.exception("anytime_actions failed")
            return []

    # -- forecast odds -----------------------------------------------------------------------------
    def attack_forecast(self, unit_id: str, target_id: str) -> tuple[list[Any], list[Any]]:
        """Exact odds (engine `AttackOdds`) of each attack `unit_id` can make on `target_id` now, and
        of every Response it may provoke, as the rules would offer them (`response.attack_responders`:
        the target shooting back, its allies who see the attack, R-RESP-1/3/5), each with each
        weapon that reaches; one that would first step an Angry Inch (R-RESP-2) from the cell and
        with the weapon its default answers pick. Responders the viewing player cannot see are
        left out (G-16, fog of war)."""
        from brikwars_gui.engine.rules.angry_inch import angry_inch_default, stepped_to
        from brikwars_gui.engine.rules.common import IllegalOrder
        from brikwars_gui.engine.rules.response import attack_responders
        from brikwars_gui.engine.rulesets import ruleset_of

        game = self.game
        if game is None or self.view_index is not None:
            return [], []
        attack_odds = ruleset_of(game.state).attack_odds  # None: no forecast under this ruleset
        options = self.legal_actions(unit_id)
        weapons = [o.weapon for o in options if o.kind == "attack" and o.target == target_id]
        attacks, answers = [], []
        for weapon in dict.fromkeys(weapons):
            try:
                odds = attack_odds(game.state, unit_id, weapon, target_id)
            except Exception:
                log.exception("attack forecast failed")
                continue
            if odds is not None:
                attacks.append(odds)
        attacker = game.state.units.get(unit_id)
        if not attacks or attacker is None:
            return attacks, answers
        for responder, names, inch in attack_responders(game.ctx, attacker, target_id):
            if self.hidden_from_viewer(responder.id):
                continue
            for weapon in names:
                try:
                    odds = attack_odds(game.state, responder.id, weapon, unit_id)
                except IllegalOrder:  # out of reach, no line of sight, spent
                    continue
                if odds is not None:
                    answers.append(odds)
            step = angry_inch_default(game.ctx, responder, unit_id) if inch else None
            if step is not None:  # R-RESP-2: from the cell and with the weapon the defaults pick
                with stepped_to(responder, step[0], attacker.pos):
                    odds = attack_odds(game.state, responder.id, step[1], unit_id)
                if odds is not None:
                    where = f"after an Angry Inch to {step[0][0]},{step[0][1]}"
                    lines = tuple(dataclasses.replace(ln, label=f"{ln.label} {where}") for ln in odds.lines)
                    answers.append(dataclasses.replace(odds, lines=lines))
        if answers and not game.ctx.options.simultaneous_responses:  # R-RESP-5 switched off
            note = (
                "a responder that wins its initiative roll acts first and may stop the attack;"
                " the attack's odds are those of an attack that is made"
            )
            attacks[0] = dataclasses.replace(attacks[0], notes=(*attacks[0].notes, note))
        return attacks, answers

    # -- units, objects, hazards -------------------------------------------------------------------
    def unit_at(self, cell: Cell) -> str | None:
        """The living unit standing on `cell` in the live state or the timeline snapshot shown."""
        if self.game is None:
            return None
        cell = (int(cell[0]), int(cell[1]))
        if self.view_index is None:
            u = self.game.state.unit_at(cell)
            return str(u.id) if u is not None and not self.hidden_from_viewer(u.id) else None
        units = self.game.snapshots[self.view_index].get("units", {})
        return next(
            (
                str(uid)
                for uid, u in units.items()
                if u.get("alive", True) and tuple(u["pos"]) == cell and not self.hidden_from_viewer(uid)
            ),
            None,
        )

    def _shown(self, kind: str, item_id: str) -> Any:
        """The unit or object (`kind`: "units" / "objects") in the turn shown: live state or
        timeline snapshot (None: not there)."""
        if self.game is None:
            return None
        if self.view_index is not None:
            return self.game.snapshots[self.view_index][kind].get(item_id)
        return getattr(self.game.state, kind).get(item_id)

    def unit_view(self, unit_id: str) -> UnitView | None:
        u = self._shown("units", unit_id)
        if u is None:
            return None
        live = self.view_index is None
        # read just now by the flush that is telling the views (`_flushed`), or read here
        flushed = self._flushed.get(unit_id) if live else None
        hidden = self.hidden_from_viewer(unit_id) if flushed is None else flushed[1]
        # a live unit's view is kept while its signature (all a view shows) stays the same: the
        # map, the overview and the Turn table of a resumed 2,000-unit game share one (issue 26)
        # (and what else a view reads: a crawl's or hop's Half Speed, the ruleset's die codes)
        sig = None if not live else self._unit_sig(u) if flushed is None else flushed[0]
        key = (sig, hidden, u.gait, tuple(sorted(u.stats.items()))) if live else None
        kept = self._live_views.get(unit_id) if live else None
        if kept is not None and kept[0] == key:
            view = kept[1]
        else:
            view = _unit_view(u, ruleset=self.game.state.ruleset)
            if hidden:
                view = dataclasses.replace(view, hidden=True)
            if live:
                self._live_views[unit_id] = (key, view)
        if hidden:
            return view
        note = self.ai_notes.get(unit_id, "")
        return dataclasses.replace(view, ai_note=note) if note and self.view_index is None else view

    def unit_team(self, unit_id: str) -> str | None:
        """The unit's side in the turn shown (None: no such unit), without making its view."""
        u = self._shown("units", unit_id)
        return None if u is None else str(_get(u, "team"))

    def shown_player(self) -> str | None:
        """The player whose turn is shown: the live active player, or that of the timeline snapshot."""
        player = self.active_player
        if self.game is not None and self.view_index is not None:
            player = self.game.snapshots[self.view_index].get("active_player", player)
        return player

    def unit_ids_of(self, player: str | None = None) -> list[str]:
        """Sorted ids of `player`'s units, dead ones included, vanished Diemons not (None: the
        player whose turn is shown)."""
        if self.game is None:
            return []
        if player is None:
            player = self.shown_player()
        if self.view_index is not None:
            units = self.game.snapshots[self.view_index]["units"].values()
        else:
            units = self.game.state.units.values()
        return sorted(str(_get(u, "id")) for u in units if _get(u, "team") == player and on_map(u))

    def shown_unit_ids(self) -> list[str]:
        """Ids of the units the shown frame holds (the live battle or the timeline snapshot
        viewed), in the engine's order: the tokens Play mode draws. Units born mid-battle (a
        summoned Diemon) are in it from the frame they joined; a unit that left is not."""
        if self.game is None:
            return []
        if self.view_index is not None:
            units = self.game.snapshots[self.view_index].get("units", {})
        else:
            units = self.game.state.units
        return [str(uid) for uid, u in units.items() if on_map(u)]

    def joined_units(self) -> list[Unit]:
        """The units of the shown frame that are not the scenario's (a Diemon summoned mid-battle,
        R-SN-2/20), as scenario rows for the Units table: their stats as the engine holds them,
        in the engine's order; those the viewing player may not know of (G-16, fog) left out."""
        if self.game is None:
            return []
        own = {u.id for u in self.scenario.units} if self.scenario is not None else set()
        if self.view_index is not None:
            units = self.game.snapshots[self.view_index].get("units", {})
        else:
            units = self.game.state.units
        return [
            _scenario_row(u)
            for uid, u in units.items()
            if uid not in own and on_map(u) and not self.hidden_from_viewer(str(uid))
        ]

    def unit_names(self) -> dict[str, str]:
        """Unit id → name for every unit of this battle: the scenario's, those in the engine's
        state now, and those that joined and left since (their `unit_joined` events), so menus,
        prompts and the log name a summoned unit even after it is gone."""
        names = {u.id: u.name for u in self.scenario.units} if self.scenario is not None else {}
        if self.game is None:
            return names
        names.update(self._joined_names)  # kept by the controller as the events come
        names.update({uid: u.name for uid, u in self.game.state.units.items()})
        return names

    def unit_name(self, unit_id: str) -> str:
        """The unit's name (its id when the battle never knew it)."""
        view = self.unit_view(unit_id)
        return view.name if view is not None else self.unit_names().get(unit_id, unit_id)

    def unit_position(self, unit_id: str) -> Cell | None:
        """Where the unit stands (None for a Hidden enemy of the viewing player, G-16)."""
        view = self.unit_view(unit_id)
        if view is not None:
            return None if view.hidden else view.pos
        unit = next((u for u in self.scenario.units if u.id == unit_id), None) if self.scenario else None
        return tuple(unit.position) if unit else None

    def unit_badges(self, unit_id: str) -> list[tuple[str, str]] | None:
        view = self.unit_view(unit_id)
        return list(view.badges) if view is not None else None

    def unit_status(self, unit_id: str) -> str | None:
        view = self.unit_view(unit_id)
        if view is not None and view.hidden:  # the player knows the unit exists (muster) but not where
            return "Unseen (fog of war)" if self.game.state.fog_of_war else "Hidden (G-16)"
        return view.status if view is not None else None

    def object_destroyed(self, object_id: str) -> bool:
        o = self._shown("objects", object_id)
        return bool(o is not None and _get(o, "destroyed", False))

    def hazard_view(self) -> HazardView | None:
        """The hazards of the live state, or of the timeline snapshot shown (cached per snapshot)."""
        game = self.game
        if game is None:
            return None
        if self.view_index is None:
            return hazard_view_of(game.state)
        view = self._snapshot_hazards.get(self.view_index)
        if view is None:
            st = game.state
            snap = game.snapshots[self.view_index]
            view = hazard_view_of(snapshot_state(snap, st.width, st.height))
            self._snapshot_hazards[self.view_index] = view
        return view

    def game_result(self) -> GameResult | None:
        """The outcome of the finished game (None while no game has ended)."""
        game = self.game
        if game is None or not game.over:
            return None
        state = game.state
        event = next((e for e in reversed(game.events) if e.kind == "game_over"), None)
        survivors = dict(getattr(event, "survivors", None) or game.survivors())
        winner = getattr(event, "winner", None) if event is not None else state.winner
        started: dict[str, int] = {}
        for u in state.units.values():
            if u.id not in self._joined_names:  # a summoned unit did not start the battle (R-SN-21)
                started[u.team] = started.get(u.team, 0) + 1
        return GameResult(
            winner,
            str(getattr(event, "reason", "") or ""),
            int(game.round),
            tuple(state.turn_order),
            {k: int(v) for k, v in survivors.items()},
            started,
        )

    def player_name(self, player_id: str) -> str:
        try:
            return self.game.state.player(player_id).name
        except Exception:
            return player_id

    def player_controller(self, player_id: str) -> str:
        try:
            return self.game.state.player(player_id).controller
        except Exception:
            return "human"


def _scenario_row(u: Any) -> Unit:
    """A live or snapshot unit as a scenario `Unit` the tables read (never validated or saved:
    a summoned unit is not part of the scenario)."""
    weapons = [
        SimpleNamespace(**{k: _get(w, k) for k in ("name", "use", "range", "damage")})
        for w in _get(u, "weapons", ()) or ()
    ]
    pos = _get(u, "pos")
    return Unit.model_construct(
        id=str(_get(u, "id")),
        name=str(_get(u, "name")),
        team=str(_get(u, "team")),
        position=(int(pos[0]), int(pos[1])),
        move=int(_get(u, "move", 0)),
        skill=f"d{_get(u, 'skill')}",
        armor=str(_get(u, "armor")),
        size=int(_get(u, "size", 1)),
        hero=bool(_get(u, "hero", False)),
        weapons=weapons,
    )
