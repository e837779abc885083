"""Dice: the one injectable source of rolls, expression parsing, and BrikWars / D6 roll semantics."""

from brikwars_gui.engine.dice.expression import (
    DiceExpression,
    DiceExpressionError,
    DiceTerm,
    parse_dice,
    parse_single_die,
)
from brikwars_gui.engine.dice.source import (
    VALID_SIDES,
    DiceError,
    DiceScriptExhausted,
    DiceSource,
    ImpossibleScriptedRoll,
    RecordingDice,
    ScriptedDice,
    SeededDice,
)

__all__ = [
    "VALID_SIDES",
    "DiceError",
    "DiceExpression",
    "DiceExpressionError",
    "DiceScriptExhausted",
    "DiceSource",
    "DiceTerm",
    "ImpossibleScriptedRoll",
    "RecordingDice",
    "ScriptedDice",
    "SeededDice",
    "parse_dice",
    "parse_single_die",
]
