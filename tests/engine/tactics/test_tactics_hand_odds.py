"""The odds behind the tactical AI's Trap and Shove plans are the rules' own under every ruleset:
a Trap's chance to hit (R-TRAP-5, `Ruleset.trap_chance`) and to kill with its Damage
(`Ruleset.hazard_strike_odds`) match Traps fired through `Game` orders (Operate, R-TRAP-2)."""

from __future__ import annotations

import math

import pytest

from brikwars_gui.engine.hazards.traps import inches_out_of_range
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.hazard_actions import Operate
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.hand_odds import damage_odds, trap_hit_chance
from brikwars_gui.scenario.models import Scenario

CROSSBOW = {"name": "crossbow", "kind": "ranged", "use": 3, "range": 3, "damage": "1d6+2"}


def _lever(ruleset: str) -> Scenario:
    """A lever at (5, 4) wired to a crossbow Trap at (5, 1); Moss stands on the lever's east,
    3.2" from the crossbow: 1" beyond its Range (R-ACT-6: −1 a die)."""
    units = [
        sb.unit("m", "red", (6, 4), name="Moss", weapons=[sb.RIFLE]),
        sb.unit("z", "blue", (18, 8), weapons=[sb.RIFLE]),
    ]
    lever = {"id": "lever", "name": "Lever", "kind": "lever", "size": 1, "weight": 1, "cells": [[5, 4]]}
    lever |= {"blocks_movement": False, "blocks_sight": False}
    data = sb.scenario(units, width=20, height=9, objects=[lever]).model_dump(mode="json")
    data["ruleset"] = ruleset
    data["traps"] = [{"id": "xb", "name": "Crossbow", "trigger": "lever", "at": [5, 1], "weapon": CROSSBOW}]
    return Scenario.model_validate(data)


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_r_trap_5_trap_odds_match_traps_fired_through_game_orders(ruleset):
    scenario = _lever(ruleset)
    first = Game.from_scenario(scenario, seed=0)
    trap, moss = first.state.traps["xb"], first.unit("m")
    hit = trap_hit_chance(first.state, trap, moss.pos)
    assert inches_out_of_range(trap, moss.pos) == 1
    kill = hit * damage_odds(first.state, "1d6+2", moss, per_die_modifier=-1).kill
    games = 400
    hits = kills = 0
    for seed in range(games):
        game = Game.from_scenario(scenario, seed=seed)
        game.act("m", Operate("lever"))  # R-TRAP-2: the Trap fires at the operator
        fired = next(e for e in game.events if e.kind == "trap_fired")
        hits += fired.hit
        kills += not game.unit("m").alive
    for p, n in ((hit, hits), (kill, kills)):
        assert abs(n / games - p) <= 3.5 * math.sqrt(p * (1 - p) / games) + 1e-9, (ruleset, p, n)
    assert 0.0 < hit < 1.0
