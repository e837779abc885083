"""A unit of the tactical AI that cannot answer an attack Bails out of its reach when that pays
(R-RESP-6: roll Skill, leap up to that many inches, end Disrupted; the attack then finds no
target in Range or sight and is wasted). Issue 25, seventh session: the spearman holding his
Action in front was shot by pistols he could not answer, standing still — the rules' default
("decline") — 40% of his holds ended with him dead before his next turn."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import policy
from brikwars_gui.engine.tactics.policy import with_tactical_responses


def _spear_under_a_pistol(tactical: bool) -> Game:
    """Red's spearman Cobb keeps his Action; blue's Azura (Pistol, Range 6") stands 5" east of
    him. Every die a 5: a 5" Bail, or a hit whose 5 Damage beats Armor 4."""
    units = [
        sb.unit("cobb", "red", (5, 5), facing="E", weapons=[sb.SPEAR]),
        sb.unit("azura", "blue", (10, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    game = Game.from_scenario(sb.scenario(units, width=16, height=11), seed=1, max_rounds=5)
    game = Game(game.state, ScriptedDice([5] * 20))
    if tactical:
        with_tactical_responses(game, ["red"])
    game.end_turn()  # red's turn: Cobb keeps his Action for a Response (R-RESP-1)
    return game


def test_r_resp_6_the_spearman_bails_out_of_the_pistols_reach():
    """Azura shoots; Cobb, who cannot strike back, leaps as far from her as his 5" allow: the
    shot goes on 4" beyond its Range (−4 on every die, R-ACT-6) and misses; he lives, Disrupted.
    The rules' default keeps him standing, and the shot kills."""
    game = _spear_under_a_pistol(tactical=True)
    cobb = game.unit("cobb")
    assert policy.bail_escape(game.state, cobb, game.unit("azura")) == pytest.approx(5 / 6)  # not a 1
    game.act("azura", Attack("pistol", "cobb"))
    assert [e.kind for e in game.events].count("bailed") == 1
    shot = next(e for e in game.events if e.kind == "attacked")
    assert cobb.pos == (0, 5) and shot.out_of_range == 4 and not shot.hit
    assert cobb.alive and cobb.disrupted

    untouched = _spear_under_a_pistol(tactical=False)
    untouched.act("azura", Attack("pistol", "cobb"))
    assert not untouched.unit("cobb").alive
