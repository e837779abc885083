"""The bundled sample scenarios validate, are up to date with their generator, and round-trip."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario import dump_scenario, load_scenario, parse_scenario, save_scenario
from brikwars_gui.scenario.models import HazardKind, Scenario

SAMPLES = ["skirmish.json", "hazard_showcase.json", "large_battle.json", "ruined_chapel.json"]
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_loads_and_round_trips(name: str, tmp_path: Path) -> None:
    path = SCENARIOS / name
    scenario = load_scenario(path)
    text = dump_scenario(scenario)
    assert parse_scenario(text) == scenario
    assert text == path.read_text(encoding="utf-8"), (
        "sample is not in canonical form; run scripts/make_samples.py"
    )
    copy = tmp_path / name
    save_scenario(scenario, copy)
    assert copy.read_bytes() == path.read_bytes()
    assert load_scenario(copy) == scenario


def test_generator_matches_committed_samples(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_samples", ROOT / "scripts" / "make_samples.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--out", str(tmp_path)]) == 0
    for name in SAMPLES:
        assert (tmp_path / name).read_bytes() == (SCENARIOS / name).read_bytes(), name


def _closest_enemies(scenario: Scenario) -> float:
    a, b = scenario.player_ids()[:2]
    return min(math.dist(u.position, v.position) for u in scenario.units_of(a) for v in scenario.units_of(b))


def test_skirmish_content() -> None:
    s = load_scenario(SCENARIOS / "skirmish.json")
    assert s.name == "Skirmish at Brick Creek"
    assert (s.battlefield.width, s.battlefield.height) == (24, 16)
    assert [(p.id, p.controller) for p in s.players] == [("red", "human"), ("blue", "ai")]
    for team in ("red", "blue"):
        units = s.units_of(team)
        assert len(units) == 5
        assert sum(u.hero for u in units) == 1
        assert all(u.move == 5 and u.armor == "4" and u.size == 1 for u in units)
        assert all(u.skill == ("d10" if u.hero else "d6") for u in units)
    weapons = {w.name: w for u in s.units for w in u.weapons}
    assert {"Pistol", "Rifle", "Shortsword", "Spear", "Grenade"} <= set(weapons)
    assert (weapons["Grenade"].kind, weapons["Grenade"].range, weapons["Grenade"].damage) == (
        "thrown",
        5,
        "1d10",
    )
    assert weapons["Grenade"].damage_type == "explosive"
    kinds = {r.kind for r in s.terrain}
    assert {"water", "mud", "obstacle"} <= kinds
    assert len(s.objects) >= 3
    assert 12 <= _closest_enemies(s) <= 16  # contact in 2-3 turns at Move 5


def test_hazard_showcase_content() -> None:
    s = load_scenario(SCENARIOS / "hazard_showcase.json")
    kinds = {h.kind for h in s.hazards}
    assert {
        HazardKind.CONCEALED,
        HazardKind.SMOKE,
        HazardKind.SLOW,
        HazardKind.SLIPPERY,
        HazardKind.CURRENT,
        HazardKind.SPIKED,
        HazardKind.EXPOSURE,
    } <= kinds
    mines = next(h for h in s.hazards if h.kind == HazardKind.CONCEALED)
    assert mines.dice == "1d10" and mines.damage_type == "explosive"
    assert any(h.kind == HazardKind.EXPOSURE and h.living_only for h in s.hazards)
    house_fire = next(f for f in s.fires if f.object)
    house = s.find(house_fire.object)
    assert house is not None and house.size == 4 and house.weight == 1 and house_fire.size == 2
    house_cells = set(house.iter_cells())
    neighbours = [
        o
        for o in s.objects
        if o is not house
        and o.flammable
        and any(max(abs(x - hx), abs(y - hy)) <= 1 for x, y in o.iter_cells() for hx, hy in house_cells)
    ]
    assert len(neighbours) >= 2  # fire can spread (R-FIRE-9, GRID-4)
    assert any(f.permanent == "regular" and f.object is None for f in s.fires)
    assert len(s.player_ids()) == 2 and all(s.units_of(p) for p in s.player_ids())


def test_large_battle_content() -> None:
    s = load_scenario(SCENARIOS / "large_battle.json")
    assert (s.battlefield.width, s.battlefield.height) == (72, 48)
    assert 36 <= len(s.units) <= 44
    assert len(s.players) in (2, 3)
    kinds = {r.kind for r in s.terrain}
    assert {"water", "rough", "elevated", "obstacle"} <= kinds
    assert any(o.kind == "tree" for o in s.objects) and any(o.kind == "building" for o in s.objects)
    steps = sorted({r.elevation for r in s.terrain if r.kind == "elevated"})
    assert all(b - a <= 3 for a, b in zip([0, *steps], steps, strict=False))  # climbable hills (GRID-9)


def test_documented_example_is_valid_and_canonical() -> None:
    import re

    doc = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    match = re.search(r"## Example\n.*?```json\n(.*?)```", doc, re.S)
    assert match
    scenario = parse_scenario(match.group(1), source="scenario-format.md")
    assert dump_scenario(scenario) == match.group(1)
    assert scenario.fires[0].object == "shed"
