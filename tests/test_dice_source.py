"""Dice sources and expression parsing (R-DICE-4, R-D6-1)."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import (
    DiceExpression,
    DiceExpressionError,
    DiceScriptExhausted,
    DiceSource,
    DiceTerm,
    ImpossibleScriptedRoll,
    RecordingDice,
    ScriptedDice,
    SeededDice,
    parse_dice,
    parse_single_die,
    roll_expression,
)


def test_scripted_dice_returns_faces_in_order() -> None:
    dice = ScriptedDice([3, 1, 6])
    assert [dice.roll(6), dice.roll(6), dice.roll(6)] == [3, 1, 6]
    assert dice.remaining == 0


def test_scripted_dice_exhaustion_names_the_missing_roll() -> None:
    dice = ScriptedDice([6])
    with pytest.raises(DiceScriptExhausted, match=r"ran out after 1 rolls \(needed a d6 for .*bonus"):
        roll_expression("1d6", dice, purpose="damage")


def test_scripted_dice_rejects_impossible_face() -> None:
    dice = ScriptedDice([5])
    with pytest.raises(ImpossibleScriptedRoll, match="impossible on a d4 for fire"):
        dice.roll(4, "fire")
    assert dice.position == 0  # nothing consumed


@pytest.mark.parametrize("face", [0, -1, 7])
def test_scripted_dice_rejects_out_of_range(face: int) -> None:
    with pytest.raises(ImpossibleScriptedRoll):
        ScriptedDice([face]).roll(6)


def test_seeded_dice_replays_and_stays_in_range() -> None:
    a, b = SeededDice(42), SeededDice(42)
    faces = [a.roll(20) for _ in range(500)]
    assert faces == [b.roll(20) for _ in range(500)]
    assert set(faces) <= set(range(1, 21))
    assert isinstance(a, DiceSource)


def test_seeded_dice_snapshot_kept_between_rolls_follows_every_roll_and_restore() -> None:
    """The token is kept until the next roll (issue 26); it must still name the position exactly."""
    dice = SeededDice(7)
    first = dice.snapshot()
    assert dice.snapshot() == first
    faces = [dice.roll(6) for _ in range(700)]  # past one 624-word block of the generator
    after = dice.snapshot()
    assert after != first
    dice.restore(first)
    assert dice.snapshot() == first
    assert [dice.roll(6) for _ in range(700)] == faces
    assert dice.snapshot() == after
    dice.restore(after)
    fresh = SeededDice(7)
    for _ in range(700):
        fresh.roll(6)
    assert fresh.snapshot() == after and dice.roll(20) == fresh.roll(20)


def test_recording_dice_keeps_sides_faces_and_purposes() -> None:
    rec = RecordingDice(ScriptedDice([4, 2]))
    roll_expression("1d4", rec, purpose="fire")
    assert rec.record == [(4, 4, "fire"), (6, 2, "fire bonus")]


@pytest.mark.parametrize(
    ("text", "terms", "modifier"),
    [
        ("d6", (DiceTerm(1, 6),), 0),
        ("1d6+1", (DiceTerm(1, 6),), 1),
        ("2d4", (DiceTerm(2, 4),), 0),
        ("1d10+1d4", (DiceTerm(1, 10), DiceTerm(1, 4)), 0),
        ("-1d4", (DiceTerm(1, 4, -1),), 0),
        ("1d6 - 1d4 + 2", (DiceTerm(1, 6), DiceTerm(1, 4, -1)), 2),
        ("d20-3", (DiceTerm(1, 20),), -3),
        ("3", (), 3),
    ],
)
def test_parse_dice_accepts_brikwars_expressions(text: str, terms: tuple, modifier: int) -> None:
    expr = parse_dice(text)
    assert expr.terms == terms
    assert expr.modifier == modifier
    assert not expr.d6_code
    assert parse_dice(str(expr)) == expr  # str round-trips


def test_r_d6_1_parse_die_code() -> None:
    expr = parse_dice("4D+2")
    assert expr == DiceExpression((DiceTerm(4, 6),), 2, True)
    assert str(expr) == "4D+2"


@pytest.mark.parametrize(
    "text",
    ["", "   ", "d7", "2d", "d", "0d6", "1d6+", "1d6 2", "x", "3D+1D", "1d6+3D", "-3D", "1001d6", "d6*2"],
)
def test_parse_dice_rejects_bad_expressions(text: str) -> None:
    with pytest.raises(DiceExpressionError):
        parse_dice(text)


@pytest.mark.parametrize(("text", "sides"), [("d4", 4), ("d6", 6), ("1d8", 8), ("d10", 10)])
def test_r_dice_4_single_die_ratings(text: str, sides: int) -> None:
    assert parse_single_die(text) == sides


@pytest.mark.parametrize("text", ["2d6-1", "d8+d4", "2d6", "d6+1", "-1d6", "3D", "d5"])
def test_r_dice_4_illegal_action_ratings(text: str) -> None:
    with pytest.raises(DiceExpressionError):
        parse_single_die(text)
