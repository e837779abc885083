"""Animation on the map: tokens sliding along their path (Play mode, View ▸ Animate Moves) and
the fire overlay's flicker (only its burning tiles are drawn again)."""

from __future__ import annotations

import math


class AnimationMixin:
    """Move slides queued from `unit_moved` events, and the fire flicker."""

    # -- moves -------------------------------------------------------------------------------------
    def queue_move(self, unit_id: str, path: list[tuple[int, int]]) -> None:
        """Play mode: `unit_id` moved along `path` (a `unit_moved` event, start cell included); its
        token slides along it at its next `update_unit` (stretches of one order are joined). A new
        move of a unit still sliding puts it on its destination at once first."""
        item = self.unit_items.get(unit_id)
        if item is not None:
            item.finish_slide()
        cells = [(int(c[0]), int(c[1])) for c in path]
        if not self.animate_moves or not cells:
            self._pending_moves.pop(unit_id, None)
            return
        pending = self._pending_moves.get(unit_id)
        if pending and pending[-1] == cells[0]:
            pending.extend(cells[1:])
        else:
            self._pending_moves[unit_id] = cells

    def finish_move_animations(self) -> None:
        """Put every sliding token on its destination at once (Skip, fast AI, leaving the game)."""
        self._pending_moves.clear()
        for item in self.unit_items.values():
            item.finish_slide()

    def set_animate_moves(self, on: bool) -> None:
        self.animate_moves = bool(on)
        if not on:
            self.finish_move_animations()

    # -- fire --------------------------------------------------------------------------------------
    def _animate_fire(self) -> None:
        """Flicker: only the burning tiles of the fire overlay are drawn again (no re-render)."""
        t = self._fire_clock.elapsed() / 1000.0
        self.fire_item.set_flicker(0.72 + 0.18 * math.sin(t * 5.0) + 0.08 * math.sin(t * 13.0))
