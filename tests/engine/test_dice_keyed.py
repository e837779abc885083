"""`KeyedDice` (issue 25, Hard's play-outs): a face is keyed by what is rolled and how many times
that was rolled before — a roll that follows an actor's roll (Damage after a shot) by that shot —,
not by the rolls before it, so two copies of a game that differ in one unit's choice share the
luck of every other unit's attacks (common random numbers)."""

from __future__ import annotations

from collections import Counter

from brikwars_gui.engine.dice import KeyedDice

ACTORS = ("red-rifle-1", "blue-rifle-1")


def _shot(dice: KeyedDice, unit: str) -> tuple[int, int]:
    return dice.roll(6, f"{unit} attack with Rifle"), dice.roll(6, "Rifle damage")


def test_an_actors_nth_shot_and_its_damage_do_not_depend_on_other_rolls_before_it() -> None:
    plain = KeyedDice(11, ACTORS)
    busy = KeyedDice(11, ACTORS)
    for _ in range(7):
        _shot(busy, "blue-rifle-1")  # another unit's shots, only in this copy
    busy.roll(6, "Rifle damage")
    assert [_shot(plain, "red-rifle-1") for _ in range(5)] == [_shot(busy, "red-rifle-1") for _ in range(5)]


def test_a_roll_after_an_actors_roll_is_keyed_by_that_roll() -> None:
    """The Damage of red's first shot and of blue's first shot are different dice."""
    faces = set()
    for seed in range(20):
        dice = KeyedDice(seed, ACTORS)
        faces.add((_shot(dice, "red-rifle-1")[1], _shot(dice, "blue-rifle-1")[1]))
    assert any(a != b for a, b in faces)


def test_seeds_and_purposes_give_different_streams() -> None:
    def faces(seed: int, purpose: str) -> list[int]:
        dice = KeyedDice(seed)
        return [dice.roll(20, purpose) for _ in range(30)]

    assert faces(1, "a") != faces(2, "a")
    assert faces(1, "a") != faces(1, "b")


def test_faces_are_uniform_against_the_exact_one_in_six() -> None:
    """Chi-square over 6,000 d6 faces from 60 seeds and purposes: every face has probability
    exactly 1/6, so the statistic (5 degrees of freedom) stays below 20.5 (p = 0.001)."""
    counts: Counter[int] = Counter()
    for seed in range(60):
        dice = KeyedDice(seed, ACTORS)
        for i in range(50):
            counts[dice.roll(6, f"{ACTORS[i % 2]} attack")] += 1
            counts[dice.roll(6, "damage")] += 1
    expected = 6000 / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert chi2 < 20.5


def test_snapshot_and_restore_replay_the_same_faces() -> None:
    dice = KeyedDice(5, ACTORS)
    _shot(dice, "red-rifle-1")
    token = dice.snapshot()
    first = [_shot(dice, u) for u in (*ACTORS, "red-rifle-1")]
    dice.restore(token)
    assert [_shot(dice, u) for u in (*ACTORS, "red-rifle-1")] == first
