"""The human player's orders (each returns True when the engine accepted it) and Undo, which
replays the game with one human order less from the same dice."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from brikwars_gui.ui.collector import collector_paused
from brikwars_gui.ui.session_controller.log_entries import _replay_kinds
from brikwars_gui.ui.session_controller.prompts import _UIPolicy
from brikwars_gui.ui.session_controller.views import Cell

log = logging.getLogger("brikwars_gui.play")


class OrdersMixin:
    """Orders of the human player on its turn, through `SessionController._order`."""

    # -- orders ------------------------------------------------------------------------------------
    def order_move(self, unit_id: str, cell: Cell, *, careful: bool = False) -> bool:
        """Move to `cell`; `careful` spends the Action so Spiked fields act as Slow (R-HAZ-15)."""
        target = (int(cell[0]), int(cell[1]))
        return self._order(lambda: self.game.move(unit_id, target, careful=careful), f"move {unit_id}")

    def careful_move_possible(self, unit_id: str, cell: Cell) -> bool:
        """R-HAZ-15: the unit may move to `cell`, its path crosses a Spiked field and its Action is
        still free to spend on picking its way through."""
        if not self.orders_enabled or self.game is None:
            return False
        unit = self.game.state.units.get(unit_id)
        path = self.game.preview_path(unit_id, (int(cell[0]), int(cell[1])))
        if unit is None or unit.action_used or path is None or len(path.cells) < 2:
            return False
        spiked = [f.mask for f in self.game.state.fields.values() if f.kind == "spiked"]
        return any(mask[y, x] for mask in spiked for x, y in path.cells)

    def place_possible(self, unit_id: str, cell: Cell) -> bool:
        """R-HAZ-20: the unit carries a heavy load it could set down carefully on `cell`."""
        from brikwars_gui.engine.rules.hazard_actions import Place

        if not self.orders_enabled or self.game is None or not self.can_command(unit_id):
            return False
        unit = self.game.state.units.get(unit_id)
        place = Place((int(cell[0]), int(cell[1])))
        return unit is not None and place.problem(self.game.state, unit) is None

    def order_place(self, unit_id: str, cell: Cell) -> bool:
        from brikwars_gui.engine.rules.hazard_actions import Place

        return self.order_action(unit_id, Place((int(cell[0]), int(cell[1]))))

    def order_action(self, unit_id: str, action: Any) -> bool:
        anytime = getattr(action, "out_of_turn", False) and bool(self.anytime_actions(unit_id))
        return self._order(lambda: self.game.act(unit_id, action), f"action of {unit_id}", anytime=anytime)

    def order_sprint(self, unit_id: str, toward: Cell) -> bool:
        """Sprint toward `toward` (the general "sprint" option of `legal_actions`)."""
        from brikwars_gui.engine.rules.actions import Sprint

        return self.order_action(unit_id, Sprint((int(toward[0]), int(toward[1]))))

    def sprint_goal_possible(self, unit_id: str, cell: Cell) -> bool:
        """`cell` is a goal the unit's Sprint (or Group Sprint) may be declared toward now: the
        engine's `sprint_goal_problem` (not an enemy's, an ally's, an obstacle, water it cannot swim)."""
        from brikwars_gui.engine.rules.move_actions import sprint_goal_problem

        if not self.orders_enabled or self.game is None or not self.can_command(unit_id):
            return False
        unit = self.game.state.units.get(unit_id)
        return unit is not None and sprint_goal_problem(self.game.state, unit, cell) is None

    def aimed_order_possible(self, unit_id: str, kind: str, cell: Cell) -> bool:
        """An option aimed at a cell (`ActionOption.aims_at_cell`: crawl, hop) may be taken to
        `cell` now: the engine's own check of the order it becomes there."""
        from brikwars_gui.engine.order_families import check_order, order_at_cell
        from brikwars_gui.engine.session import IllegalOrder

        if not self.orders_enabled or self.game is None or not self.can_command(unit_id):
            return False
        unit = self.game.state.units.get(unit_id)
        if unit is None or tuple(cell) == unit.pos:
            return False
        try:
            check_order(self.game.state, unit, order_at_cell(kind, cell))
        except IllegalOrder:
            return False
        return True

    def order_at_cell(self, unit_id: str, kind: str, cell: Cell) -> bool:
        """Take an option aimed at a cell (crawl, hop) to `cell`."""
        from brikwars_gui.engine.order_families import order_at_cell

        return self.order_action(unit_id, order_at_cell(kind, cell))

    def order_group_sprint(self, unit_id: str, toward: Cell, members: Sequence[str]) -> bool:
        """`unit_id` and `members` Sprint on one shared roll, in parallel lines (R-MOVE-20)."""
        from brikwars_gui.engine.rules.move_actions import GroupSprint

        order = GroupSprint((int(toward[0]), int(toward[1])), tuple(members))
        return self.order_action(unit_id, order)

    def order_face(self, unit_id: str, facing: str) -> bool:
        return self._order(lambda: self.game.face(unit_id, facing), f"facing of {unit_id}")

    def end_unit(self, unit_id: str) -> bool:
        return self._order(lambda: self.game.end_unit(unit_id), f"end unit {unit_id}")

    def end_turn(self) -> bool:
        if self.game is None:
            return False
        if self.ai_stalled:
            return self.retry_ai()
        return self._order(self.game.end_turn, "end turn")

    def retry_ai(self) -> bool:
        """Let a stalled AI turn go on (its end of turn is tried again)."""
        if not self.ai_stalled:
            return False
        self._ai_stall = None
        self._start_ai()
        self._emit_enabled()
        return True

    # -- undo (replay with fewer orders) -----------------------------------------------------------
    def can_undo(self) -> bool:
        return self._undo_cut() is not None and self.view_index is None and not self._ai_running

    def _undo_cut(self) -> int | None:
        """Index (in events) of the last order given by a human player, or None. Hot seat (two
        or more human players): only the player at the keyboard's own orders of this turn, never
        into the previous player's turn."""
        if self.game is None:
            return None
        events = self.game.events
        hot_seat = sum(p.controller == "human" for p in self.game.state.players) > 1
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if hot_seat and e.kind == "turn_started":
                return None
            if e.kind == "order" and not self.is_ai(getattr(e, "player", None)):
                return i
        return None

    def undo_rewinds(self) -> tuple[int, tuple[str, ...]]:
        """What the next undo takes back besides the order: (the round of that order, the names of
        the other players whose turns began after it, in order). (0, ()) when it stays in this
        turn: the window then asks before rewinding another player's turn (review 2026-11-27
        item 14: Ctrl+Z at the start of a turn silently replayed the computer's whole turn)."""
        cut = self._undo_cut()
        if cut is None:
            return 0, ()
        events = self.game.events
        me = getattr(events[cut], "player", None)
        names = {p.id: p.name for p in self.scenario.players} if self.scenario else {}
        others: list[str] = []
        for e in events[cut:]:
            if e.kind == "turn_started" and e.player != me and names.get(e.player, e.player) not in others:
                others.append(names.get(e.player, e.player))
        if not others:
            return 0, ()
        start = next((e.round for e in reversed(events[:cut]) if e.kind == "turn_started"), 1)
        return int(start), tuple(others)

    def undo_last_order(self) -> bool:
        """Replay the game without its last human order (fresh dice of the same seed)."""
        cut = self._undo_cut()
        if cut is None or self.view_index is not None or self._busy:
            return False
        self._stop_ai()
        with collector_paused():  # a replay, like opening a saved game (ui/collector.py)
            problem = self._replay_without(cut)
        if problem is not None:  # its dialog waits for the user: the collector runs again
            self.engineError.emit(problem)
            return False
        return True

    def _replay_without(self, cut: int) -> str | None:
        """`undo_last_order`'s replay of the events before `cut`, installed; else why not."""
        from brikwars_gui.engine.session import Game

        kept = self.game.events[:cut]
        dice = self._make_dice()
        try:
            game = Game.from_events(self.scenario, _replay_kinds(kept), dice, max_rounds=self.max_rounds)
        except Exception as exc:
            log.exception("undo replay failed")
            return f"undo: the replay failed: {exc}"
        expected = [e.to_dict() for e in kept]
        actual = [e.to_dict() for e in game.events]
        if actual != expected:
            log.error("undo replay diverged after %d of %d events", len(actual), len(expected))
            return "undo: the replay did not reproduce the game; nothing was undone"
        game.policy = _UIPolicy(self)
        kept_checkpoint = self.prefix_checkpoint  # still stands for the orders it covers, if all are kept
        if kept_checkpoint is not None and kept_checkpoint.events > len(_replay_kinds(kept)):
            self.prefix_checkpoint = None
        self._install(game, dice, [e.seen_by for e in self._entries[:cut]])
        return None
