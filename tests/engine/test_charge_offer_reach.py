"""R-MOVE-20 (issue 24, review 2026-11-27 problem 6): a Charge is offered only where its Sprint's
straight line (GRID-7) can come within reach; one blocked at its first step wasted the hero's
Action ("Stopped: the line is blocked ... Charge ends out of reach")."""

from __future__ import annotations

from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario


def charges(game: Game, unit: str) -> dict[str, str]:
    return {o.target: o.label for o in game.legal_actions(unit) if o.kind == "charge"}


def skirmish(**moves: tuple[int, int]) -> Game:
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    units = [
        u.model_copy(update={"position": moves.get(u.id.replace("-", "_"), u.position)})
        for u in scenario.units
    ]
    return Game.from_scenario(scenario.model_copy(update={"units": units}), seed=1)


def test_r_move_20_no_charge_along_a_line_blocked_before_reach() -> None:
    game = skirmish(red_captain=(7, 6), blue_spear=(14, 8))  # the review's case: a wall at (9, 7)
    assert game.state.grid.in_bounds((9, 7))
    assert "blue-spear" not in charges(game, "red-captain")


def test_r_move_20_a_clear_line_is_still_offered() -> None:
    game = skirmish(red_captain=(7, 3), blue_spear=(12, 3))
    assert "blue-spear" in charges(game, "red-captain")
