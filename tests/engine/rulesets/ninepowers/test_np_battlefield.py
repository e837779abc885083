"""R-NP-10, R-NP-14: ranges, moving and shooting, point-blank, flanking, higher ground."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.rulesets.ninepowers.battlefield import max_range, range_penalty, situation


@pytest.mark.parametrize(
    ("skill", "rating", "dist", "expected"),
    [
        ("Shoot", 2, 20, 0),  # L909: 10x rating without penalty
        ("Shoot", 2, 21, -1),
        ("Shoot", 2, 40, -1),
        ("Shoot", 2, 60, -2),
        ("Shoot", 2, 61, None),
        ("Throw", 3, 12, 0),  # 4x rating
        ("Throw", 3, 13, -1),
        ("Melee", 3, 1.4, 0),
        ("Melee", 3, 2, None),
    ],
)
def test_r_np_10_range_penalties(skill, rating, dist, expected):
    assert range_penalty(skill, rating, dist) == expected


def test_max_range():
    assert max_range("Throw", 2) == 24
    assert max_range("Wrestle", 4) == 1.5


def test_r_np_10_moving_and_shooting_penalty_and_long_range_add_up():
    s = situation("Shoot", rating=1, attacker_pos=(0, 0), target_pos=(15, 0), moved=True)
    assert s.modifier == -2 and s.reasons == ("long range -1", "moved and shot -1")


def test_r_np_10_point_blank_ignores_penalties_but_keeps_higher_ground():
    s = situation("Shoot", rating=1, attacker_pos=(0, 0), target_pos=(3, 0), moved=True,
                  shoot_talent=3, attacker_height=6)
    assert s.point_blank and s.modifier == 1
    assert s.reasons == ("point-blank", "higher ground +1")


def test_r_np_14_flanking_needs_another_ally_in_reach_of_the_target():
    base = dict(rating=3, attacker_pos=(0, 0), target_pos=(1, 0))
    assert situation("Melee", **base, ally_positions=[(2, 0)]).modifier == 1
    assert situation("Melee", **base, ally_positions=[(5, 0)]).modifier == 0
    assert situation("Melee", **base, ally_positions=[(0, 0)]).modifier == 0  # the attacker itself
    assert situation("Shoot", rating=3, attacker_pos=(0, 0), target_pos=(5, 0),
                     ally_positions=[(6, 0)]).modifier == 0  # no flanking for shots


def test_r_np_14_higher_ground_one_inch_up():
    base = dict(rating=3, attacker_pos=(0, 0), target_pos=(1, 0))
    assert situation("Melee", **base, attacker_height=3).modifier == 1
    assert situation("Melee", **base, attacker_height=2).modifier == 0


def test_out_of_reach_is_none():
    assert situation("Melee", rating=3, attacker_pos=(0, 0), target_pos=(3, 0)) is None
