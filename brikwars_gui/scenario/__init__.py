"""Scenario files: pydantic models (`models`) and loading/saving (`io`); see docs/scenario-format.md."""

from brikwars_gui.scenario.io import (
    ScenarioError,
    dump_scenario,
    load_scenario,
    parse_scenario,
    save_scenario,
)
from brikwars_gui.scenario.models import FORMAT_VERSION, Scenario

__all__ = [
    "FORMAT_VERSION",
    "Scenario",
    "ScenarioError",
    "dump_scenario",
    "load_scenario",
    "parse_scenario",
    "save_scenario",
]
