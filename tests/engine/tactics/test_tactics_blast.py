"""A grenade's worth counts every foe its blast catches (G-12: the full Damage to everyone within
2" per d10 of where it lands, each with its own Armor roll; survivors knocked over, R-MOVE-15).
Issue 25, seventh session: the planner valued an explosive by its target alone, so a grenadier
with a lone foe and a pair standing side by side in reach threw at whichever came first."""

from __future__ import annotations

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import TacticalAI, preset


def _grenadier_and_three_pistols() -> Game:
    """Red's grenadier (Grenade: Range 5", 1d10 explosive) with three blue pistoleers in reach:
    Ash alone to the north-east, Gill and Hake side by side to the south-east (1.4" apart, inside
    the 2" blast). Dice: every roll a 5 (the throw hits, 5 Damage beats Armor 4)."""
    units = [
        sb.unit("dale", "red", (4, 5), facing="E", weapons=[sb.GRENADE]),
        sb.unit("ash", "blue", (8, 3), facing="W", weapons=[sb.PISTOL]),
        sb.unit("gill", "blue", (8, 7), facing="W", weapons=[sb.PISTOL]),
        sb.unit("hake", "blue", (9, 8), facing="W", weapons=[sb.PISTOL]),
    ]
    game = Game.from_scenario(sb.scenario(units, width=16, height=12), seed=1, max_rounds=5)
    return Game(game.state, ScriptedDice([5] * 40))


def test_g_12_the_grenadier_throws_where_the_blast_catches_two_foes():
    """Normal throws at Gill, and the blast kills Hake beside him too; valued by the target alone
    the throw went to Ash (the first on a tie) and killed one."""
    game = _grenadier_and_three_pistols()
    decision = TacticalAI(preset("normal"), 1).play_unit(game, "dale")
    assert decision is not None and decision.target == "gill", decision
    dead = {u.id for u in game.state.units.values() if not u.alive}
    assert dead == {"gill", "hake"}, dead
