"""`brikwars-sim roll EXPR`: roll BrikWars dice expressions, Skill Rolls or D6-system die codes."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any

from brikwars_gui.engine.dice import (
    DiceError,
    SeededDice,
    parse_code,
    parse_dice,
    parse_single_die,
    roll_code,
    roll_expression,
    skill_roll,
)
from brikwars_gui.engine.dice.d6 import CRITICAL_FAILURE_OPTIONS, equipment_bonus, split_equipment
from brikwars_gui.engine.dice.sn import sn_roll

EXAMPLES = """examples:
  brikwars-sim roll 1d6+1
  brikwars-sim roll d10 --skill --use 3 --penalty 7
  brikwars-sim roll 2d4 --times 1000 --json --seed 7
  brikwars-sim roll 4D+2 --system d6 --fate-point
  brikwars-sim roll 4D+1D          (a 4D skill with a +1D tool: 5 dice, EX-15)
  brikwars-sim roll -- -1d4      (an expression starting with "-" follows "--")
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "roll",
        help="roll dice and explain the result",
        description=(
            "Roll a BrikWars expression (1d6+1, 2d4, 1d10+1d4, 1d6-1d4) with exploding Bonus Dice, "
            "a Skill Roll (--skill d10) with Overskill and Critical Failure, or a D6-system die code "
            "(3D+1) with the Wild Die."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("expr", metavar="EXPR", help="dice expression, Skill die (with --skill) or die code")
    parser.add_argument(
        "--system",
        choices=("brikwars", "d6"),
        default=None,
        help="dice system (default: d6 for codes like 3D+1, otherwise brikwars)",
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: OS entropy)")
    parser.add_argument("--times", type=_positive, default=None, metavar="N", help="roll N times")
    parser.add_argument("--json", action="store_true", help="print structured JSON (a list with --times)")
    parser.add_argument("--skill", action="store_true", help="EXPR is one Skill die, e.g. d6 or d10")
    parser.add_argument(
        "--sn",
        action="store_true",
        help="EXPR is one SuperNatural die, e.g. d8: same-size SN Bonus chain, a 1 Fumbles (R-SN-17/18)",
    )
    parser.add_argument("--use", type=int, default=None, help="Use rating of the Skill Roll (R-ACT-2)")
    parser.add_argument("--penalty", type=int, default=0, help="penalties added to Use (R-ACT-5)")
    parser.add_argument(
        "--per-die",
        type=int,
        default=0,
        metavar="N",
        help="modifier on each die, e.g. -5 Out of Range (R-ACT-6)",
    )
    parser.add_argument(
        "--bless",
        type=int,
        action="append",
        default=[],
        metavar="SIDES",
        help="Blessing SN die size (R-DICE-10)",
    )
    parser.add_argument(
        "--curse",
        type=int,
        action="append",
        default=[],
        metavar="SIDES",
        help="Curse SN die size (R-DICE-10)",
    )
    parser.add_argument("--cp", type=int, default=0, metavar="N", help="D6: Character Points spent (R-D6-7)")
    parser.add_argument("--fate-point", action="store_true", help="D6: spend a Fate Point (R-D6-8)")
    parser.add_argument(
        "--critical-failure",
        choices=CRITICAL_FAILURE_OPTIONS,
        default="complication",
        help="D6: the GM's option on a Wild Die 1 (R-D6-4)",
    )
    parser.set_defaults(func=run)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _error(message: str) -> int:
    print(f"brikwars-sim roll: error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    try:
        roller = _make_roller(args)
    except (DiceError, ValueError) as exc:
        return _error(str(exc))
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    dice = SeededDice(seed)
    count = args.times or 1
    results: list[Any] = []
    try:
        for _ in range(count):
            results.append(roller(dice))
    except (DiceError, ValueError) as exc:
        return _error(str(exc))
    if args.json:
        data = [r.to_dict() for r in results]
        print(json.dumps(data if args.times is not None else data[0]))
        return 0
    for result in results:
        print(result.explain())
    if args.seed is None:
        print(f"(seed {seed})")
    return 0


def _make_roller(args: argparse.Namespace):
    """Validate the arguments once and return `dice -> result`."""
    system = args.system
    if system is None:
        code, _bonus = split_equipment(args.expr)
        system = "d6" if parse_dice(code).d6_code else "brikwars"
    return {"d6": _d6_roller, "brikwars": _brikwars_roller}[system](args)


def _d6_roller(args: argparse.Namespace):
    """A D6-system die code with Character/Fate Points (R-D6-1..10)."""
    if args.skill or args.use is not None or args.penalty or args.bless or args.curse or args.per_die:
        raise ValueError("--skill, --use, --penalty, --per-die, --bless and --curse are BrikWars options")
    text, equipment = split_equipment(args.expr)  # "4D+1D": the code, then equipment (R-D6-1, EX-15)
    code = parse_code(text)
    equipment_bonus(equipment)  # a bad bonus is refused before anything is rolled

    def roll_d6(dice: SeededDice):
        return roll_code(
            code,
            dice,
            character_points=args.cp,
            fate_point=args.fate_point,
            critical_failure_option=args.critical_failure,
            equipment=equipment,
        )

    # validate CP/FP before rolling anything
    roll_d6(SeededDice(0))
    return roll_d6


def _brikwars_roller(args: argparse.Namespace):
    """A BrikWars Skill roll or Damage expression (R-DICE-1..8)."""
    if args.cp or args.fate_point:
        raise ValueError("--cp and --fate-point belong to the D6 system (--system d6)")
    if args.sn:
        if args.skill or args.use is not None or args.penalty or args.bless or args.curse or args.per_die:
            raise ValueError("--sn rolls one SN die alone: no --skill, --use, --penalty, --per-die, --bless")
        sn_sides = parse_single_die(args.expr)
        sn_roll(sn_sides, SeededDice(0))  # a d20 is refused before anything is printed (R-SN-1)
        return lambda dice: sn_roll(sn_sides, dice)
    if args.skill:
        sides = parse_single_die(args.expr)

        def roll_skill(dice: SeededDice):
            return skill_roll(
                sides,
                dice,
                use=args.use,
                penalty=args.penalty,
                per_die_modifier=args.per_die,
                blessings=tuple(args.bless),
                curses=tuple(args.curse),
            )

        roll_skill(SeededDice(0))
        return roll_skill
    if args.use is not None or args.penalty or args.bless or args.curse:
        raise ValueError("--use, --penalty, --bless and --curse need --skill")
    expression = parse_dice(args.expr)
    if expression.d6_code:
        raise ValueError(f"{args.expr} is a D6-system die code; use --system d6 or write it like 3d6+1")

    def roll_expr(dice: SeededDice):
        return roll_expression(expression, dice, per_die_modifier=args.per_die)

    return roll_expr
