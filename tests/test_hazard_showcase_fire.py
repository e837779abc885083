"""Issue requirement: the hazard showcase shows fire spreading between buildings over 10 turns in
`brikwars-sim run ... --hazard-map` output (R-FIRE-8/9 with ordinary dice, no script)."""

from __future__ import annotations

import re
from pathlib import Path

from brikwars_gui import cli
from brikwars_gui.engine.context import RulesContext
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import phase
from brikwars_gui.engine.state import GameState
from brikwars_gui.scenario.io import load_scenario

SHOWCASE = Path(__file__).resolve().parent.parent / "resources" / "scenarios" / "hazard_showcase.json"
SEED = 5  # a typical seed: the battle lasts the 10 rounds and the fire jumps in round 3
HOUSE = "burning-house"
MAP_HEADER = re.compile(r"^round (\d+), (\w+): ")


def _maps(lines: list[str], height: int) -> list[tuple[int, int, list[str]]]:
    """(line index, round, map rows) of every hazard map in the report."""
    out = []
    for i, line in enumerate(lines):
        m = MAP_HEADER.match(line)
        if m:
            out.append((i, int(m.group(1)), lines[i + 1 : i + 1 + height]))
    return out


def test_r_fire_9_showcase_fire_spreads_between_buildings_over_10_rounds(capsys):
    assert cli.main(["run", str(SHOWCASE), "--turns", "10", "--seed", str(SEED), "--hazard-map"]) == 0
    lines = capsys.readouterr().out.splitlines()
    scenario = load_scenario(SHOWCASE)
    maps = _maps(lines, scenario.battlefield.height)
    assert sorted({r for _, r, _ in maps}) == list(range(1, 11))  # a map for each of the 10 rounds
    assert all(len(row) == scenario.battlefield.width for _, _, rows in maps for row in rows)
    started = [
        (i, m.group(1), (int(m.group(2)), int(m.group(3))))
        for i, line in enumerate(lines)
        if (m := re.search(r"Fire starts on ([\w-]+) at \((\d+), (\d+)\)", line)) and m.group(1) != HOUSE
    ]
    assert started, "the farmhouse fire never reached another building"
    index, building, (x, y) = started[0]
    assert building in {o.id for o in scenario.objects}
    later = next(rows for i, _, rows in maps if i > index)
    assert later[y][x].isdigit()  # the new fire shows as its Fire Size on the building's cell


def _hazards_only(seed: int, rounds: int = 10) -> bool:
    """Play only the hazard phases (Burning Rolls...) for `rounds`; did the fire reach a building?"""
    state = GameState.from_scenario(load_scenario(SHOWCASE))
    ctx = RulesContext(state, SeededDice(seed))
    for _ in range(rounds):
        for player in state.turn_order:
            phase.start_of_player_turn(ctx, player)
            phase.end_of_player_turn(ctx, player)
    return any(e.kind == "fire_ignited" and e.target != HOUSE for e in ctx.events)


def test_r_fire_9_showcase_fire_usually_spreads_statistics():
    seeds = range(50)
    rate = sum(_hazards_only(s) for s in seeds) / len(seeds)
    print(f"fire spread to another building in {rate:.0%} of {len(seeds)} seeds (hazards only)")
    assert rate >= 0.6
