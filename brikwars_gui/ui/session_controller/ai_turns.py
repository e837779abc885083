"""AI players' turns: one unit activation per step of a QTimer (`ai_interval` ms), Skip plays
to the next human turn at once; the tactical AI's explanation is kept for the log and hover."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

log = logging.getLogger("brikwars_gui.play")


class AITurnsMixin:
    """The AI players of the battle, stepped by the controller's timer."""

    # -- AI ----------------------------------------------------------------------------------------
    def _start_ai(self) -> None:
        if self._ai_module() is None:
            log.warning("engine/ai.py is missing: AI players end their turns at once")
        if not self._ai_running:
            self._ai_running = True
            self.aiRunningChanged.emit(True)
        self._ai_timer.start(max(0, int(self.ai_interval)))

    def _stop_ai(self) -> None:
        self._ai_timer.stop()
        if self._ai_running:
            self._ai_running = False
            self.aiRunningChanged.emit(False)

    @contextmanager
    def ai_paused(self) -> Iterator[None]:
        """Holds the AI players' steps while the window asks something modal (leave the battle?):
        a step run in the dialog's event loop could ask a Response question under the dialog,
        whose nested loop the dialog's answer cannot return through (the window stayed open after
        Discard). The steps go on afterwards unless the battle was closed meanwhile."""
        was_stepping = self._ai_timer.isActive()
        self._ai_timer.stop()
        try:
            yield
        finally:
            if was_stepping and self._ai_running and self.game is not None:
                self._ai_timer.start(max(0, int(self.ai_interval)))

    def set_ai_interval(self, ms: int) -> None:
        self.ai_interval = max(0, int(ms))
        if self._ai_timer.isActive():
            self._ai_timer.setInterval(self.ai_interval)

    def _ai_tick(self) -> None:
        if self._busy or self.view_index is not None:
            return
        if not self.ai_step():
            self._stop_ai()
            self._emit_enabled()

    def ai_step(self) -> bool:
        """One AI step: one unit's activation, or the end of the AI's turn. False when no AI is due."""
        game = self.game
        if game is None or game.over or not self.is_ai(game.active_player) or self.view_index is not None:
            return False
        ai = self._ai_module()
        key = (game.round, game.active_player)
        player = self._ai_player(key[1])
        if self._ai_turn != key:
            self._ai_turn = key
            order = getattr(player, "order", None)
            self._ai_queue = (
                list(order(game))
                if order is not None
                else sorted(u.id for u in game.state.units.values() if u.team == key[1] and u.alive)
            )
        if self._ai_queue and ai is not None:
            pick = getattr(player, "next_unit", None)
            uid = pick(game, self._ai_queue) if pick is not None else self._ai_queue.pop(0)
            if hasattr(player, "decide"):
                self._run(lambda: self._tactical_unit(player, game, uid), f"AI turn of {uid}")
                self._ai_note = None
            else:
                self._run(lambda: ai.play_unit(game, uid), f"AI turn of {uid}")
        else:
            if not self._run(game.end_turn, f"end of {key[1]}'s AI turn"):
                self._ai_stall = (id(game), game.round, game.active_player)
                self._flush()
                self._stop_ai()
                self._emit_enabled()
                return False
        self._flush()
        if game.over:
            self._after_order()
            return False
        return self.is_ai(self.game.active_player)

    def _ai_player(self, player_id: str) -> Any:
        """The AI that plays `player_id`, from its `ai_level` (docs/ai.md): engine/ai.py for
        "default", the tactical AI's presets for easy/normal/hard, nothing for "passive"."""
        if player_id not in self._ai_players:
            from brikwars_gui.engine.tactics import make_player

            self._ai_players[player_id] = make_player(self.ai_level(player_id), self.seed or 0)
        return self._ai_players[player_id]

    def _tactical_unit(self, player: Any, game: Any, unit_id: str) -> None:
        """One tactical-AI activation: decide, remember the explanation (the log line of its
        first order carries it, the unit's hover shows it), then give the orders."""
        plan = player.decide(game, unit_id)
        if plan is None:
            return
        from brikwars_gui.engine.tactics.explain import explain

        text = explain(game.state, game.unit(unit_id), plan)
        self._ai_note = (unit_id, text)
        self.ai_notes[unit_id] = text
        player.carry_out(game, unit_id, plan)

    def ai_level(self, player_id: str) -> str:
        """The `ai_level` of a player of the game ("default" when unknown)."""
        if self.game is None:
            return "default"
        try:
            return str(self.game.state.player(player_id).ai_level)
        except StopIteration:
            return "default"

    def skip_ai(self, max_steps: int = 100_000) -> None:
        """Play the AI players' orders at once, up to the next human turn (or the end)."""
        self._ai_stall = None  # Skip on a stalled AI turn tries its end again
        self._skipping = True
        try:
            self.aiSkipped.emit()
            for _ in range(max_steps):
                if self._busy or not self.ai_step():
                    break
        finally:
            self._skipping = False
        self._stop_ai()
        self._after_order()
