"""Generated battles draw from the pinned dice stream (issue 27: one seed, one table on every Python)."""

from __future__ import annotations

import pytest
from hang_limit import hang_limit

from brikwars_gui.engine.dice import SeededDice
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


def test_a_table_too_small_for_buildings_between_the_ranks_gets_none_instead_of_hanging() -> None:
    """120 units on 24x24 leave no room between the deployment ranks: it asked for a die of
    fewer than one side, on which the dice source looped for ever."""
    with hang_limit(20):
        battle = army_battle(units=120, size=24, buildings=12, fires=5, seed=0)
    assert len(battle.units) == 120 and battle.objects == [] and battle.fires == []


def test_a_die_of_no_sides_is_refused_not_rolled_for_ever() -> None:
    dice = SeededDice(1)
    with hang_limit(5), pytest.raises(ValueError, match="at least one side, not 0"):
        dice.roll(0)
    assert 1 <= dice.roll(1) <= 1
