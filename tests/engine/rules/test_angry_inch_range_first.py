"""The Angry Inch cells from which a responder's ranged weapon has its target in Range and in
sight (R-RESP-2) are looked for with the Range checked first (issue 26: an attack in a dense
battle asks it of every bystander out of Range): the same cells, plans and answer as planning
every attack from every step cell (`plan_attack`: sight, then whole inches Out of Range, R-ACT-6)."""

from __future__ import annotations

import contextlib
import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.angry_inch import any_inch_shot, inch_shots, step_cells, weighed
from brikwars_gui.engine.rules.combat import plan_attack
from brikwars_gui.engine.rules.common import IllegalOrder, ranged_weapons
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState

WEAPONS = [
    WeaponState("pistol", "ranged", 3, 6, "1d6"),
    WeaponState("rifle", "ranged", 3, 10, "1d6+1"),
    WeaponState("bow", "ranged", 4, 3, "1d6"),
    WeaponState("sword", "close", 2, None, "1d6+1"),
]


def _every_plan(game: Game, responder, target_id: str) -> dict:
    """`inch_shots` as it was: every ranged weapon planned from every step cell."""
    out = {}
    for c in step_cells(game.ctx, responder):
        plans = []
        for w in ranged_weapons(responder):
            with contextlib.suppress(IllegalOrder):
                p = plan_attack(game.state, responder, w, target_id, origin=c)
                if p.out_of_range == 0:
                    plans.append(weighed(game.state, responder, p, c))
        if plans:
            out[c] = sorted(plans, key=lambda p: (-p.chance, p.weapon))
    return out


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_r_resp_2_angry_inch_shots_with_the_range_checked_first_are_every_plans(data):
    """Random tables with walls and units with pistols, rifles, bows and swords: for every pair
    of enemies, the Angry Inch shots and whether there is one are those of planning everything."""
    width, height = data.draw(st.integers(6, 16)), data.draw(st.integers(6, 16))
    state = hs.blank_state(width, height)
    cell = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    walls = data.draw(st.lists(cell, max_size=12, unique=True))
    for x, y in walls:
        state.grid.passable[y, x] = False
        state.grid.sight_blocked[y, x] = True
    spots = data.draw(st.lists(cell, min_size=2, max_size=8, unique=True))
    spots = [c for c in spots if c not in walls]
    for i, spot in enumerate(spots):
        kinds = st.lists(st.sampled_from(WEAPONS), min_size=1, max_size=2, unique_by=lambda w: w.name)
        weapons = [dataclasses.replace(w) for w in data.draw(kinds)]
        facing = data.draw(st.sampled_from(["N", "E", "S", "W", "NE", "SW"]))
        team = "red" if i % 2 == 0 else "blue"
        hs.add_unit(state, f"u{i}", team, spot, facing=facing, weapons=weapons, saved_action=True)
    game = Game(state, SeededDice(1))
    units = list(game.state.units.values())
    for responder in units:
        for target in units:
            if target.team == responder.team:
                continue
            expected = _every_plan(game, responder, target.id)
            assert inch_shots(game.ctx, responder, target.id) == expected
            assert any_inch_shot(game.ctx, responder, target.id) == bool(expected)
