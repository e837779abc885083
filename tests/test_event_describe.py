"""Every event kind reads as one English line (`describe()`), shared by `run` and the GUI log."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from brikwars_gui import cli
from brikwars_gui.engine import ai
from brikwars_gui.engine.events import Event, registered_kinds
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.io import load_scenario

MODULES = [
    "session",
    "ai",
    "rules.actions",
    "rules.combat",
    "rules.response",
    "rules.movement",
    "rules.damage",
    "hazards.phase",
    "hazards.traps",
    "hazards.scout",
    "hazards.fire",
    "hazards.common",
]
SHOWCASE = str(Path(__file__).resolve().parent.parent / "resources" / "scenarios" / "hazard_showcase.json")


def _all_kinds() -> dict[str, type[Event]]:
    for name in MODULES:
        importlib.import_module(f"brikwars_gui.engine.{name}")
    return registered_kinds()


def test_every_registered_event_kind_has_its_own_describe():
    generic = sorted(k for k, cls in _all_kinds().items() if cls.describe is Event.describe)
    assert generic == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_describe_lines_are_readable_in_a_hazard_battle(seed):
    game = Game.from_scenario(load_scenario(SHOWCASE), seed=seed, max_rounds=6)
    ai.play_game(game)
    for event in game.events:
        line = event.describe()
        assert "\n" not in line and line.strip()
        assert not re.match(r"^[a-z_]+: \w+=", line), line  # not the generic "kind: field=value"


def test_run_report_header_and_roster_come_first(capsys):
    assert cli.main(["run", SHOWCASE, "--turns", "1", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Hazard Showcase") and "seed 2" in lines[0]
    assert "sap-4 = Sapper Clay" in lines[1] or "sap-4 = Sapper Clay" in lines[2]
    text = "\n".join(lines)
    assert text.index("seed 2") < text.index("begins")
    assert " 1 cells" not in text and "Skill skill" not in text
