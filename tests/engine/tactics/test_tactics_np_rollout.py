"""The chapel at close quarters under Nine Powers (issue 25): in the sixth session Hard's
play-outs stepped the heroes back where the planner alone struck into the pack; since the
seventh, the planner guards with a Protect turn itself (R-NP-11), which ends the undead's reply
better than either did. Through `Game` orders.

The chapel's heroes stand a few squares from three zombies and the Zombie Hulk. The planner alone
sends Vroy in to strike Zombie 1 (80% to hit, 2 points on its Armor) and weighs the undead's next
turn at a third (`next_turn`): there every zombie and the Hulk that can close on him strikes, each
with the flanking die (R-NP-14), and the side that dealt more damage goes first next round (R-NP-9).
Played out to the moment the heroes play again (Armor worn away counted, `standing_worth`), Vroy
and Siron were seen to fare better stepping back and holding their Actions: the undead walk into
their Responses instead (R-RESP-1/2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import planner as planner_module
from brikwars_gui.engine.tactics import rollout
from brikwars_gui.engine.tactics.player import TacticalAI, make_player
from brikwars_gui.engine.tactics.presets import preset
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.models import Scenario

CHAPEL = Path(__file__).resolve().parents[3] / "resources" / "scenarios" / "ruined_chapel.json"
PLACES = {
    "vroy": (9, 8),
    "siron": (8, 10),
    "boxley": (4, 8),
    "zombie-1": (12, 7),
    "zombie-2": (12, 9),
    "zombie-3": (13, 8),
    "hulk": (15, 8),
}


def _chapel_close_quarters(seed: int = 1) -> Game:
    data = load_scenario(CHAPEL).model_dump(mode="json")
    for unit in data["units"]:
        unit["position"] = list(PLACES[unit["id"]])
    return Game.from_scenario(Scenario.model_validate(data), seed=seed, max_rounds=15)


def _hard(playing_out: bool) -> TacticalAI:
    hard = preset("hard")
    return TacticalAI(hard if playing_out else hard.with_(rollouts=0, turn_rollouts=0), 1)


def _heroes_turn(sim: Game, skill_turns: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The heroes' turn as Hard's planner alone plays it, with its own Nine Powers turns or
    without (`skill_plans` switched off for that turn only: the undead's reply keeps them)."""
    with monkeypatch.context() as patch:
        if not skill_turns:
            patch.setattr(planner_module, "skill_plans", lambda *args, **kwargs: [])
        _hard(playing_out=False).play_turn(sim)


def test_r_np_11_the_planner_guards_beside_the_pack_where_it_only_struck_and_held(monkeypatch):
    """Issue 25, seventh session: the planner alone now spends Siron's Action on a Protect turn
    (R-NP-11: each success vetoes a blow on him or a friend within reach) where before only Vroy
    struck and the others held — the mistake Hard's play-outs used to mend by stepping back."""
    game = _chapel_close_quarters()
    _heroes_turn(game, True, monkeypatch)
    guards = [e for e in game.events if e.kind == "np_turn" and e.skill in ("Protect", "Acrobatics")]
    assert [e.unit for e in guards] == ["siron"]

    game = _chapel_close_quarters()
    _heroes_turn(game, False, monkeypatch)
    assert not [e for e in game.events if e.kind == "np_turn"]
    assert game.unit("vroy").action_used and game.unit("vroy").pos[0] >= 10, "it strikes into the pack"


def test_r_np_11_the_guarded_turn_ends_the_undeads_reply_better_than_the_old_planners(monkeypatch):
    """The heroes' turn as Hard's planner alone plays it with and without its Nine Powers turns,
    each followed by the undead's reply as Normal plans it, over 100 dice draws: the heroes'
    `worth` (own minus enemy, Stamina and Armor counted) is better: -0.76 against -0.80 (the
    undead replying with their own Protect turns, on the play-outs' common dice; 0.07 better
    over 300 other draws; a draw's difference varies by about 0.2, so 20 draws could not tell
    the two apart)."""
    game = _chapel_close_quarters()
    before = len(game.events)

    def after_reply(skill_turns: bool) -> float:
        total = 0.0
        for draw in range(100):
            sim = rollout.copy_of(game, 500 + draw)
            _heroes_turn(sim, skill_turns, monkeypatch)
            total += rollout.replies(sim, "heroes", lambda g: make_player("normal", 1).play_turn(g))
        return total / 100

    guarded, old = after_reply(True), after_reply(False)
    assert guarded > old + 0.02, (guarded, old)
    assert len(game.events) == before  # the game itself untouched
