"""Generated battles draw from the pinned dice stream (issue 27: one seed, one table on every Python)."""

from __future__ import annotations

from brikwars_gui.scenario.generate import army_battle


def test_generated_table_is_pinned() -> None:
    """The buildings of a small generated battle, pinned: a change of stream changes the golden logs too."""
    battle = army_battle(units=20, size=40, buildings=4, seed=5)
    assert [list(o.rects[0]) for o in battle.objects] == [
        [29, 23, 4, 3],
        [20, 16, 4, 2],
        [11, 8, 4, 2],
        [13, 25, 3, 3],
    ]
