"""Review 2026-11-27 item 13, at 800x500: the Turn dock's wrapped lines (Active, Turn order,
Ruleset) took more height than the panel was given, and "AI speed" and its slider were drawn over the
unit table. A side dock's panel now gets the height its wrapped text needs at the dock's width: it
scrolls rather than drawing one widget over another."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect

from brikwars_gui.paths import SCENARIOS


@pytest.mark.parametrize("size", [(800, 500), (1024, 600)])
def test_the_turn_panels_widgets_never_overlap(open_window, app_style, settle, idle, size) -> None:
    w = open_window(SCENARIOS / "skirmish.json", size=size, animate=None)
    w.set_play_mode(True, seed=2**31 - 1)
    settle(w)
    idle()
    panel = w.turn_panel
    panel.set_game_over(  # a banner appearing mid-battle: the panel is given its height too
        "Game over — Blue Patrol wins after 7 rounds · survivors: Red Patrol 0/5, Blue Patrol 3/5"
    )
    idle()
    parts = {
        "game over": panel.game_over_banner,
        "round": panel.round_label,
        "active": panel.active_label,
        "order": panel.order_label,
        "ruleset": panel.dice_label,
        "table": w.turn_table,
        "AI controls": w.ai_controls,
        "End Turn": panel.end_turn,
    }
    boxes = {name: QRect(wd.mapTo(panel, wd.rect().topLeft()), wd.size()) for name, wd in parts.items()}
    for name, wd in parts.items():
        assert wd.isVisible(), name
    for a, box in boxes.items():
        for b, other in boxes.items():
            if a < b:
                assert not box.intersects(other), (a, box, b, other, size)
    for name, wd in parts.items():  # each shows its text whole: as tall as it needs at its width
        if wd.hasHeightForWidth():
            assert wd.height() >= wd.heightForWidth(wd.width()), (name, wd.height(), size)
