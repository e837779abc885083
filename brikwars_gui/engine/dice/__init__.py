"""Dice systems: the one injectable source of rolls, dice-expression parsing, and the roll
semantics of each dice system (`brikwars.py`: BrikWars' exploding dice, Overskill and Blessings,
which the shared rules roll under every ruleset; `d6.py`: the D6 System's die codes and Wild Die).
They import nothing of the engine but each other's source and expressions, so the shared rules
and every ruleset build on them (docs/architecture.md)."""

from brikwars_gui.engine.dice.brikwars import (
    BlessingError,
    DieRoll,
    OverskillBenny,
    OverskillError,
    RollResult,
    SkillRoll,
    StatBoost,
    overskill_damage_expression,
    roll_expression,
    skill_roll,
    spend_overskill_on_damage,
    spend_overskill_on_skill,
    spend_overskill_on_stat,
    spend_overskill_other,
)
from brikwars_gui.engine.dice.brikwars_odds import (
    chain_at_least,
    die_distribution,
    expected_total,
    skill_success_probability,
)
from brikwars_gui.engine.dice.d6 import D6Character, D6Roll, D6RollError, parse_code, roll_code
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
    RewindableDice,
    ScriptedDice,
    SeededDice,
    dice_snapshot,
)

__all__ = [
    "VALID_SIDES",
    "BlessingError",
    "D6Character",
    "D6Roll",
    "D6RollError",
    "DiceError",
    "DiceExpression",
    "DiceExpressionError",
    "DiceScriptExhausted",
    "DiceSource",
    "DiceTerm",
    "DieRoll",
    "ImpossibleScriptedRoll",
    "OverskillBenny",
    "OverskillError",
    "RecordingDice",
    "RewindableDice",
    "RollResult",
    "ScriptedDice",
    "SeededDice",
    "SkillRoll",
    "StatBoost",
    "chain_at_least",
    "dice_snapshot",
    "die_distribution",
    "expected_total",
    "overskill_damage_expression",
    "parse_code",
    "parse_dice",
    "parse_single_die",
    "roll_code",
    "roll_expression",
    "skill_roll",
    "skill_success_probability",
    "spend_overskill_on_damage",
    "spend_overskill_on_skill",
    "spend_overskill_on_stat",
    "spend_overskill_other",
]
