"""`--ruleset NAME` for `run` and `forecast`: play a scenario under another ruleset (issue 11)."""

from __future__ import annotations

import argparse
from typing import Any

from brikwars_gui.engine.rulesets import RULESET_NAMES


def add_ruleset_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ruleset",
        choices=RULESET_NAMES,
        default=None,
        help="play under this ruleset instead of the scenario's own",
    )


def apply_ruleset(scenario: Any, args: argparse.Namespace) -> Any:
    """The scenario with `--ruleset` applied (the file itself is not changed)."""
    if not getattr(args, "ruleset", None):
        return scenario
    return scenario.model_copy(update={"ruleset": args.ruleset})
