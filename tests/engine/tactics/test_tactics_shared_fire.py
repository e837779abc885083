"""The tactical AI weighs the enemy's next turn knowing each enemy attacks once (R-ACT-1: one
Action a turn): a foe that can already hit a friend will shoot someone anyway, so standing in its
reach too costs the side little, while stepping into the reach of a foe that has no one to shoot
gives it a shot it would not have had (`threat.ThreatMap`, `Behaviour.shared_fire`; BrikWars sets
it, `BrikWarsRuleset.ai_dials`). Issue 25, sixth session: the planner once summed every foe's
kill chance at a cell as if each would spend its Action on that unit alone."""

from __future__ import annotations

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics import TacticalAI, policy, preset
from brikwars_gui.engine.tactics.baselines import GreedyAI


def _rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def _position() -> Game:
    """Red's runner (unarmed, Move 2) stands between two enemy riflemen, each 14" away and beyond
    its Range: a veteran to the north-west (Skill d10, the surer shot) whose sights are already on
    red's other runner 9" from him, and a plain rifleman to the south-east with no one in reach.
    A step north-west brings the runner within the veteran's walk and shot only; a step south-east
    within the plain rifleman's only. Dice: every roll a 5 (each shot hits and kills)."""
    state = hs.blank_state(32, 22)
    hs.add_unit(state, "runner", "red", (20, 10), weapons=[], move=2, facing="E")
    hs.add_unit(state, "other", "red", (19, 0), weapons=[], facing="E")
    hs.add_unit(state, "veteran", "blue", (10, 0), weapons=[_rifle()], skill=10, facing="E")
    hs.add_unit(state, "rifleman", "blue", (30, 20), weapons=[_rifle()], facing="NW")
    return Game(state, ScriptedDice([5] * 40))


def _dials(shared_fire: float):  # type: ignore[no-untyped-def]
    """Normal's dials with no pull toward friends (`formation`), so only the threat decides."""
    return preset("normal").with_(formation=0.0, shared_fire=shared_fire)


def _losses_after_blues_turn(game: Game) -> list[str]:
    game.end_turn()
    GreedyAI().play_turn(game)  # blue shoots what it can, else walks at the nearest foe
    return sorted(u.id for u in game.state.units.values() if u.team == "red" and not u.alive)


def test_r_act_1_the_runner_steps_into_the_reach_of_the_foe_who_shoots_anyway(monkeypatch):
    """Summing the foes' chances, the veteran's surer shot made the north-west step look the worse
    one, and the runner went south-east: then the veteran shot the other runner and the plain
    rifleman walked up and shot this one — two lost. Knowing the veteran fires once, whoever he
    picks, the runner steps north-west: one lost. (Only where the runner stands is compared: the
    unarmed runner would otherwise Bail from the shot, R-RESP-6, `test_tactics_bail.py`.)"""
    monkeypatch.setattr(policy, "BAIL_WORTH", 2.0)  # above any chance: no Bail
    game = _position()
    TacticalAI(_dials(1.0), tuned=True).play_unit(game, "runner")
    x, y = game.unit("runner").pos
    assert x < 20 and y < 10, game.unit("runner").pos  # toward the veteran, away from the rifleman
    assert _losses_after_blues_turn(game) == ["other"]

    old = _position()  # the old reckoning (every foe's chance counted at the cell in full)
    TacticalAI(_dials(0.0), tuned=True).play_unit(old, "runner")
    x, y = old.unit("runner").pos
    assert x > 20 and y > 10, old.unit("runner").pos
    assert _losses_after_blues_turn(old) == ["other", "runner"]


def test_brikwars_normal_and_hard_count_a_foes_shot_once():
    """The dial as the ruleset sets it: on under BrikWars for every tactical level."""
    game = _position()
    for level in ("easy", "normal", "hard"):
        assert TacticalAI(preset(level)).dials(game).shared_fire == 1.0
