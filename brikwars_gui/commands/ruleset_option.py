"""`--ruleset NAME` for `run` and `forecast`: play a scenario under another ruleset (issue 11)."""

from __future__ import annotations

import argparse
from typing import Any

from brikwars_gui.engine.rulesets import RULESET_NAMES
from brikwars_gui.scenario.io import ScenarioError
from brikwars_gui.scenario.sn_models import ruleset_sn_problem


def add_ruleset_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ruleset",
        choices=RULESET_NAMES,
        default=None,
        help="play under this ruleset instead of the scenario's own",
    )


def apply_ruleset(scenario: Any, args: argparse.Namespace) -> Any:
    """The scenario with `--ruleset` applied (the file itself is not changed). A scenario with SN
    units under a ruleset that cannot play them raises `ScenarioError` saying so (Chapter D)."""
    if not getattr(args, "ruleset", None):
        return scenario
    if any(u.supernatural is not None for u in scenario.units):
        problem = ruleset_sn_problem(args.ruleset)
        if problem:
            raise ScenarioError(scenario.name, [f"--ruleset {args.ruleset}: {problem}"])
    return scenario.model_copy(update={"ruleset": args.ruleset})
