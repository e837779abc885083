"""The UI's door to scenario files (re-exported from `brikwars_gui.scenario.io`)."""

from __future__ import annotations

from brikwars_gui.scenario.io import (
    ScenarioError,
    describe_validation_error,
    dump_scenario,
    load_scenario,
    parse_scenario,
    save_scenario,
)

__all__ = [
    "ScenarioError",
    "describe_validation_error",
    "dump_scenario",
    "load_scenario",
    "parse_scenario",
    "save_scenario",
]
