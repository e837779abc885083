"""The tactical AI's planning budget in huge battles (issue 26, `tactics/budget.py`): beyond
`MIN_UNITS` units a unit no enemy can reach this turn or next plays the default AI's activation;
the units near the enemy are planned in full; a battle of the samples' size never changes."""

from __future__ import annotations

import pytest

from brikwars_gui.engine import ai as default_ai
from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics import TacticalAI, budget, preset
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario


def _rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def _armies(per_side: int, near: list[tuple[str, tuple[int, int]]] = ()) -> Game:
    """`per_side` riflemen a side in ranks at the west (red) and east (blue) edges of a 200x60
    table, 180" apart, and red riflemen `near` placed where they stand."""
    state = hs.blank_state(200, 60)
    for i in range(per_side):
        col, row = divmod(i, 25)
        hs.add_unit(state, f"r{i:03d}", "red", (2 + 2 * col, 4 + 2 * row), facing="E", weapons=[_rifle()])
        hs.add_unit(state, f"b{i:03d}", "blue", (197 - 2 * col, 4 + 2 * row), facing="W", weapons=[_rifle()])
    for uid, pos in near:
        hs.add_unit(state, uid, "red", pos, facing="E", weapons=[_rifle()])
    return Game(state, SeededDice(3))


def test_a_far_unit_of_a_huge_battle_moves_as_the_default_ai_moves_it():
    """120 units, the armies 180" apart: no red unit can reach an enemy this turn or the next, so
    each plays the default AI's activation (here: walk toward the nearest enemy), not the
    planner's (which would Sprint toward it, R-MOVE-18) — through the GUI's decide/carry_out."""
    game, twin = _armies(60), _armies(60)
    ai = TacticalAI(preset("normal"), seed=1)
    order = ai.order(game)
    assert budget.cheap_units(game, order) == set(order)
    plan = ai.decide(game, "r000")
    assert plan is not None and plan.kind == budget.ADVANCE
    decision = ai.carry_out(game, "r000", plan)
    assert decision.kind == budget.ADVANCE and "huge battle" in decision.text
    default_ai.play_unit(twin, "r000")
    assert game.unit("r000").pos == twin.unit("r000").pos
    assert game.unit("r000").pos[0] > 2  # it moved east, toward the enemy
    assert not any(e.kind == "order" and e.order == "act" for e in game.events)  # no Sprint


def test_a_unit_near_the_enemy_is_planned_in_full():
    """The same battle with one red rifleman 40" from the blue ranks: within what it and they can
    reach in two turns, so the planner plans it (a Sprint or a move that is not the default AI's
    walk); every far unit still takes the cheap path."""
    game = _armies(60, near=[("scout", (150, 30))])
    ai = TacticalAI(preset("normal"), seed=1)
    order = ai.order(game)
    cheap = budget.cheap_units(game, order)
    assert "scout" not in cheap and cheap == set(order) - {"scout"}
    plan = ai.decide(game, "scout")
    assert plan is not None and plan.kind != budget.ADVANCE
    decision = ai.play_unit(game, "scout")
    assert decision is not None and decision.kind != budget.ADVANCE


def test_only_the_nearest_units_to_the_enemy_are_planned_beyond_the_budget(monkeypatch):
    """`FULL_PLANS` caps the units planned in full a turn: the nearest to the enemy first."""
    monkeypatch.setattr(budget, "FULL_PLANS", 1)
    game = _armies(60, near=[("n1", (150, 30)), ("n2", (160, 20))])
    cheap = budget.cheap_units(game, sorted(u.id for u in game.units_of()))
    assert "n2" not in cheap and "n1" in cheap  # n2 stands 30" from the blue ranks, n1 40"


def test_planning_stops_once_the_enemies_weighed_reach_the_work_budget(monkeypatch):
    """`PLAN_WORK`: a unit in a dense front weighs every enemy that can reach it; once the units
    planned weigh that many, the rest of the front plays the default AI (the first is planned
    whatever it weighs)."""
    game = _armies(60, near=[("n1", (150, 30)), ("n2", (160, 20))])
    units = sorted(u.id for u in game.units_of())
    assert budget.cheap_units(game, units) == set(units) - {"n1", "n2"}
    monkeypatch.setattr(budget, "PLAN_WORK", 1)  # n2 alone weighs all 60 blue riflemen
    assert budget.cheap_units(game, units) == set(units) - {"n2"}


def test_a_battle_of_min_units_or_fewer_is_always_planned_in_full():
    """At `MIN_UNITS` units the far armies are still planned unit by unit (the budget counts the
    living units on the table)."""
    game = _armies(budget.MIN_UNITS // 2)
    units = sorted(u.id for u in game.units_of())
    assert len(game.state.units) == budget.MIN_UNITS
    assert budget.cheap_units(game, units) == set()
    ai = TacticalAI(preset("normal"), seed=1)
    ai.order(game)
    plan = ai.decide(game, "r000")
    assert plan is not None and plan.kind != budget.ADVANCE


SAMPLES = ["skirmish", "wizard_duel", "ruined_chapel", "hazard_showcase", "large_battle"]


@pytest.mark.parametrize("stem", SAMPLES)
def test_the_samples_never_take_the_cheap_path(stem):
    """Every sample battle (at most 40 units) is planned in full for every player: their games
    are the ones they were before the budget (also checked by hashing seeded games' events)."""
    scenario = load_scenario(SCENARIOS / f"{stem}.json")
    game = Game.from_scenario(scenario, seed=1, timeline=False)
    for _ in scenario.players:
        units = sorted(u.id for u in game.units_of() if u.alive)
        assert budget.cheap_units(game, units) == set()
        game.end_turn()
