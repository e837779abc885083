"""The firefighting offers (engine/rules/hazard_actions.py, R-FIRE-11, G-23) are exactly the orders
whose `problem` is None: a unit without an apparatus is offered no fire to fight, and is not made
to look at every fire for it (issue 26: the default AI asks every unit it moves)."""

from __future__ import annotations

from brikwars_gui.engine.rules.hazard_actions import FightFire, RollOnGround, fire_action_options
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.generate import army_battle


def test_r_fire_11_the_offered_firefighting_orders_are_every_allowed_one() -> None:
    game = Game.from_scenario(army_battle(60, size=40, buildings=10, fires=6, seed=1), seed=2, max_rounds=3)
    state = game.state
    units = sorted(state.units.values(), key=lambda u: u.id)
    for n, unit in enumerate(units):
        unit.apparatus = n % 3  # none, 1" and 2" of apparatus
    fires = sorted(state.fires.values(), key=lambda f: f.id)
    assert fires
    for unit, fire in zip(units[1::3], fires, strict=False):  # some with an apparatus by a fire
        x, y = fire.cells[0]
        near = [
            (x + dx, y + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if state.grid.in_bounds((x + dx, y + dy))
            and state.grid.passable[y + dy, x + dx]
            and state.unit_at((x + dx, y + dy)) is None
        ]
        if near:
            unit.pos = near[0]
    offered_any = 0
    for unit in units:
        offered = [o.action for o in fire_action_options(state, unit)]
        allowed = [FightFire(f.id) for f in fires if FightFire(f.id).problem(state, unit) is None]
        if RollOnGround().problem(state, unit) is None:
            allowed.append(RollOnGround())
        assert offered == (allowed if not unit.action_used else [])
        offered_any += bool(offered)
        if unit.apparatus == 0:
            assert not any(isinstance(a, FightFire) for a in offered)
    assert offered_any  # some units stand within 1" of a fire with an apparatus
