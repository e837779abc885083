"""Issue 10, defect 7: dice outcomes appear on the map where they happen, then vanish on their own
(pytest-qt, offscreen)."""

from __future__ import annotations

from pathlib import Path

from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.ui.items import CELL, LabelItem, cell_center


def test_an_attack_shows_its_roll_and_outcome_at_the_target(open_window, qtbot, tmp_path: Path) -> None:
    w = open_window(size=None)
    w.doc.move_unit("blue-spear", (6, 8))
    w.set_play_mode(True, seed=3, script=[6, 6, 1, 1])
    assert w.controller.order_action("red-spear", Attack("Spear", "blue-spear"))
    attacked = next(e for e in w.controller.game.events if e.kind == "attacked")
    labels = [item for item, _s, _a in w.result_floats.floats if isinstance(item, LabelItem)]
    texts = [label.text for label in labels]
    assert texts, "no result on the map"
    first = labels[0]
    assert first.data(0) == ("hit" if attacked.hit else "miss")
    assert texts[0].startswith("Hit" if attacked.hit else "Miss")
    assert f"vs {attacked.needed}" in texts[0]
    target = cell_center((6, 8))
    assert abs(first.pos().x() - target.x()) < 1 and 0 < target.y() - first.pos().y() < 2 * CELL
    qtbot.waitUntil(lambda: not w.result_floats.floats, timeout=20_000)  # gone on their own
    assert all(item.scene() is None for item in labels)
