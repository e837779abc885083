"""The default AI's shortcuts (engine/ai.py) choose exactly what the plain definitions choose:
`best_attack` is the best of `Game.legal_actions` (no line of sight checked for pairs it can rule
out, no distant enemy planned), under every ruleset, and the ruleset contract it rests on holds
(an Action's chance never grows with the needed number nor with the Out of Range penalty)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.geometry import has_line_of_sight
from brikwars_gui.engine.rules.actions import ActionOption
from brikwars_gui.engine.rules.common import burdened, ranged_weapons
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.rulesets import RULESET_NAMES, ruleset_of
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import Cell, UnitState
from brikwars_gui.engine.visibility import visible_enemies
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.models import Scenario


def _battle(units: int, ruleset: str, **kw: Any) -> Scenario:
    data = army_battle(units, **kw).model_dump(mode="json")
    data["ruleset"] = ruleset
    return Scenario.model_validate(data)


def _by_definition(game: Game, unit_id: str, min_chance: float, in_range_only: bool) -> ActionOption | None:
    unit = game.unit(unit_id)
    options = [
        o
        for o in game.legal_actions(unit_id)
        if o.kind == "attack"
        and o.chance is not None
        and o.chance >= min_chance
        and not (in_range_only and o.out_of_range)
        and ai._safe(game, unit, o)
    ]
    if not options:
        return None
    return max(options, key=lambda o: (o.chance or 0.0, -(o.distance or 0.0), str(o.target), str(o.weapon)))


@pytest.mark.parametrize("ruleset", sorted(RULESET_NAMES))
def test_best_attack_is_the_best_legal_attack_in_an_ai_battle(ruleset: str, monkeypatch: Any) -> None:
    fast = ai.best_attack
    seen = {"calls": 0, "attacks": 0, "far": 0}

    def checked(game: Game, unit_id: str, min_chance: float = ai.MIN_CHANCE, **kw: Any) -> Any:
        got = fast(game, unit_id, min_chance, **kw)
        assert got == _by_definition(game, unit_id, min_chance, kw.get("in_range_only", False))
        for low in (0.0, 0.05):  # the pruning bound must also hold for other thresholds
            assert fast(game, unit_id, low) == _by_definition(game, unit_id, low, False)
        seen["calls"] += 1
        seen["attacks"] += got is not None
        seen["far"] += got is not None and got.out_of_range > 0
        return got

    monkeypatch.setattr(ai, "best_attack", checked)
    scenario = _battle(40, ruleset, size=36, buildings=6, fires=2, seed=3)
    game = Game.from_scenario(scenario, seed=1, max_rounds=6)
    ai.play_game(game)
    # enough attacks, some of them beyond Range (R-ACT-6): the pruning did not drop those
    assert seen["calls"] > 100 and seen["attacks"] > 20 and seen["far"] > 0


@pytest.mark.parametrize("ruleset", sorted(RULESET_NAMES))
def test_action_chance_never_grows_with_needed_or_range_penalty(ruleset: str) -> None:
    state = Game.from_scenario(_battle(4, ruleset, size=20, buildings=0, fires=0), seed=0).state
    rules = ruleset_of(state)
    for unit in state.units.values():
        for weapon in unit.weapons:
            kind = "melee" if weapon.is_close else weapon.kind
            for needed in range(-2, 14):
                row = [
                    rules.action_chance(state, unit, needed, kind=kind, per_die_modifier=-k, weapon=weapon)
                    for k in range(0, 10)
                ]
                assert all(a >= b for a, b in itertools.pairwise(row)), (needed, row)
                harder = rules.action_chance(state, unit, needed + 1, kind=kind, weapon=weapon)
                assert harder <= row[0]


def _destination_by_definition(game: Game, unit: UnitState, moves: dict[Cell, int]) -> Cell | None:
    """The default AI's destination as its docstring words it, over every visible enemy and cell
    (no enemy left out, no numpy): the first cell in (cost, cell) order from which one of the
    three nearest enemies in Range (id order on a tie) is in sight, else the nearest cell to an
    enemy (then cost, then cell) if nearer than the unit stands."""
    enemies = [e.pos for e in visible_enemies(game.state, unit.team)]
    if not enemies:
        return None
    water = water_cells(game.state.grid)
    cells = sorted(
        ((cost, cell) for cell, cost in moves.items() if not (burdened(unit) and cell in water)),
    )
    if not cells:
        return None

    def d2(a: Cell, b: Cell) -> int:
        return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2

    ranges = [w.range or 0 for w in ranged_weapons(unit)]
    if ranges:
        smoke = game.state.smoke_mask()
        for _, cell in cells:
            in_reach = [e for e in enemies if d2(cell, e) <= max(ranges) ** 2]
            in_reach.sort(key=lambda e: d2(cell, e))  # stable: id order on a tie
            if any(has_line_of_sight(game.state.grid, cell, e, smoke=smoke) for e in in_reach[:3]):
                return cell
    nearest = [(min(d2(cell, e) for e in enemies), cost, cell) for cost, cell in cells]
    best = min(nearest)
    return best[2] if best[0] < min(d2(unit.pos, e) for e in enemies) else None


@pytest.mark.parametrize(
    ("source", "ruleset", "fog"),
    [
        ("battle", "brikwars", False),
        ("battle", "d6", True),
        ("battle", "ninepowers", False),
        ("hazard_showcase", "brikwars", True),
        ("hazard_showcase", "d6", False),
    ],
)
def test_the_destination_read_off_kept_arrays_is_the_plain_definition(
    source: str, ruleset: str, fog: bool
) -> None:
    """`ai.destination` (the enemies' cells kept by the unit index, only the enemies that can
    change the answer paired with the cells, issue 26) chooses what the plain definition chooses,
    at every move of AI games under each ruleset, with fog of war, water and burning buildings."""
    if source == "battle":
        scenario = _battle(120, ruleset, size=40, buildings=8, fires=3, seed=5)
    else:
        data = load_scenario(SCENARIOS / f"{source}.json").model_dump(mode="json")
        data["ruleset"] = ruleset
        scenario = Scenario.model_validate(data)
    scenario = scenario.model_copy(update={"fog_of_war": fog})
    fast = ai.destination
    seen = {"calls": 0, "moves": 0}

    def checked(game: Game, unit: UnitState, xs: Any, ys: Any, costs: Any) -> Cell | None:
        got = fast(game, unit, xs, ys, costs)
        moves = dict(zip(zip(xs.tolist(), ys.tolist(), strict=True), costs.tolist(), strict=True))
        assert unit.pos not in moves and len(moves) == len(costs)
        assert got == _destination_by_definition(game, unit, moves)
        seen["calls"] += 1
        seen["moves"] += got is not None
        return got

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ai, "destination", checked)
        game = Game.from_scenario(scenario, seed=2, max_rounds=5)
        ai.play_game(game)
    assert seen["calls"] > 50 and seen["moves"] > 20
