"""R-RESP-6: the Bail's default landing weighs only the enemies the spatial index finds within the
leap plus the battle's longest Range (issue 26: the dense 2,000-unit round spent most of its time
asking every enemy of the battle about every leap cell). Held here to the definition over every
enemy, through AI games whose Bails the tactical AI takes, under fire, smoke and fog."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.rules import bail
from brikwars_gui.engine.rules.common import burdened
from brikwars_gui.engine.rules.move_search import water_cells
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.player import make_player
from brikwars_gui.engine.visibility import unit_visible_to
from brikwars_gui.scenario.generate import army_battle


def _every_enemy_landing(state, unit, cells, threat, far):
    """`bail_default` as written before the index: every living enemy of the battle weighed."""
    enemies = [
        e
        for e in sorted(state.units.values(), key=lambda u: u.id)
        if e.alive and not e.disrupted and e.team != unit.team and unit_visible_to(state, unit.team, e)
    ]
    fields = [f.mask for f in state.fields.values() if not (f.living_only and not unit.living)]
    burning = {c for fire in state.fires.values() if fire.target not in state.units for c in fire.cells}
    held = water_cells(state.grid) if burdened(unit) else frozenset()

    def harm(c):
        x, y = c
        return (
            int(c in burning),
            int(any(bool(m[y, x]) for m in fields) or c in held),
            int(threat is not None and threat.alive and bail.reaches(state, threat, c, unit.size)),
            sum(bail.reaches(state, e, c, unit.size) for e in enemies),
            c == unit.pos,
            -distance(threat.pos, c) if far and threat is not None else distance(unit.pos, c),
            (y, x),
        )

    return min(cells, key=harm)


@pytest.mark.parametrize("fog", [False, True])
def test_r_resp_6_the_landing_from_the_enemies_near_is_the_landing_from_every_enemy(fog) -> None:
    scenario = army_battle(160, size=40, buildings=10, fires=2, seed=5)
    scenario = scenario.model_copy(update={"fog_of_war": fog})
    game = Game.from_scenario(scenario, seed=7, max_rounds=4)
    players = {p: make_player("normal", seed=1) for p in game.state.turn_order}
    compared = 0
    for _ in range(4):
        players[game.active_player].play_turn(game)
        state = game.state
        attackers = [u for u in state.units.values() if u.alive]
        for unit in [u for u in state.units.values() if u.alive][::7]:
            cells = bail.leap_cells(state, unit, 6)
            threat = next((a for a in attackers if a.team != unit.team), None)
            for far in (False, True):
                assert bail.bail_default(state, unit, cells, threat, far=far) == _every_enemy_landing(
                    state, unit, cells, threat, far
                )
                compared += 1
    assert compared > 50
