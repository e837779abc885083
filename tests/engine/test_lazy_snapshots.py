"""Timeline snapshots are built when read (issue 26): each equals the picture `GameState.snapshot`
gives at the moment it was taken, whatever the battle did afterwards, under fog of war, fields,
fires and SuperNatural units too."""

from __future__ import annotations

import json

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.snapshots import Snapshots
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario


def _played(name: str, *, fog: bool = False) -> tuple[Game, list[dict]]:
    """The AI plays `name` for 3 rounds; beside it, the eager picture at each snapshot's moment."""
    scenario = load_scenario(SCENARIOS / name)
    if fog:
        scenario = scenario.model_copy(update={"fog_of_war": True})
    eager: list[dict] = []
    game = Game.from_scenario(scenario, seed=3, max_rounds=3, start=False)

    def listener(event):  # the snapshot is taken right after these events are emitted
        if event.kind in ("turn_started", "game_over"):
            eager.append(json.loads(json.dumps(game.state.snapshot())))

    game.ctx.listener = listener
    game.start()
    while not game.over:
        ai.play_turn(game)
    return game, eager


@pytest.mark.parametrize(
    ("name", "fog"),
    [
        ("skirmish.json", False),
        ("skirmish.json", True),
        ("hazard_showcase.json", False),
        ("wizard_duel.json", False),
    ],
)
def test_each_snapshot_read_late_is_the_battle_as_it_stood_when_taken(name, fog):
    game, eager = _played(name, fog=fog)
    assert len(game.snapshots) == len(eager) >= 3
    labels = [(e["round"], e["active_player"]) for e in eager]
    assert [game.snapshots.turn(i) for i in range(len(eager))] == labels
    read = [json.loads(json.dumps(s)) for s in game.snapshots]  # built now, after the whole battle
    assert read == eager
    assert game.snapshots[0] is game.snapshots[0]  # built once, then kept


def test_a_snapshot_not_yet_read_is_not_changed_by_later_orders():
    game, _ = _played("skirmish.json")
    moved = game.snapshots[0]["units"]
    first = next(iter(moved))
    fresh = Game.from_scenario(load_scenario(SCENARIOS / "skirmish.json"), seed=3, max_rounds=3)
    assert moved[first]["pos"] == fresh.snapshots[0]["units"][first]["pos"]
    assert game.snapshots[0] == fresh.snapshots[0]


def test_rolled_back_turns_drop_their_snapshots():
    snaps = Snapshots()
    game = Game.from_scenario(load_scenario(SCENARIOS / "skirmish.json"), seed=3, max_rounds=3)
    snaps.take(game.state)
    snaps.take(game.state)
    del snaps[1:]
    assert len(snaps) == 1 and snaps == [game.state.snapshot()]
