"""Checkpoints of a saved game's first orders (issue 26: the autosave keeps one at an end of turn
while its journal appends the orders made after it): installed with the orders after it replayed,
they give exactly the game a full replay gives, under every ruleset; the key covers exactly the
prefix, so orders may be appended after it but a change to the prefix, its length or the payload
is refused."""

from __future__ import annotations

import pytest

import brikwars_gui.engine.session as session
from brikwars_gui.engine import ai
from brikwars_gui.engine.checkpoint import (
    CheckpointError,
    dice_of_saved,
    game_of_saved,
    make_checkpoint,
    restore_saved,
)
from brikwars_gui.engine.dice.source import SessionDice
from brikwars_gui.engine.session import DefaultPolicy, Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, dump_saved_game, parse_saved_game

KINDS = ("order", "decided", "unit_joined")


def _saved(scenario, game: Game, seed: int) -> SavedGame:
    events = [e.to_dict() for e in game.events if e.kind in KINDS]
    return SavedGame(scenario=scenario, seed=seed, max_rounds=8, events=events)


def _played(name: str, ruleset: str, *, before: int = 3, after: int = 2, fog: bool = False, seed: int = 7):
    """The saved game of `before` + `after` AI turns with a checkpoint of the first `before`
    turns (as the autosave keeps it, the rest journaled after it), written and read back."""
    scenario = load_scenario(SCENARIOS / name)
    scenario = scenario.model_copy(update={"ruleset": ruleset, "fog_of_war": fog or scenario.fog_of_war})
    game = Game.from_scenario(scenario, dice=SessionDice(seed), max_rounds=8)
    for _ in range(before):
        ai.play_turn(game)
    kept = make_checkpoint(_saved(scenario, game, seed), game, list(range(len(game.events))), prefix=True)
    for _ in range(after):
        if not game.over:
            ai.play_turn(game)
    saved = _saved(scenario, game, seed).model_copy(update={"checkpoint": kept})
    return parse_saved_game(dump_saved_game(saved), "autosave.json")


def _replayed(saved: SavedGame) -> Game:
    return Game.from_events(saved.scenario, saved.events, dice_of_saved(saved), max_rounds=saved.max_rounds)


CASES = [
    *(("skirmish.json", ruleset, False) for ruleset in ("brikwars", "d6", "ninepowers")),
    *(("hazard_showcase.json", ruleset, False) for ruleset in ("brikwars", "d6", "ninepowers")),
    ("skirmish.json", "brikwars", True),  # fog of war: each side's memory of the enemies it saw
    ("wizard_duel.json", "brikwars", False),  # SuperNatural
]


@pytest.mark.parametrize(("name", "ruleset", "fog"), CASES)
def test_a_prefix_checkpoint_and_the_orders_after_it_give_the_replayed_game(name, ruleset, fog) -> None:
    saved = _played(name, ruleset, fog=fog)
    assert 0 < saved.checkpoint.events < len(saved.events)
    replayed = _replayed(saved)
    restored, extra, rest = restore_saved(saved, dice_of_saved(saved), max_rounds=saved.max_rounds)
    assert rest == saved.events[saved.checkpoint.events :]
    assert extra == list(range(len(restored.events)))  # the extra of the prefix it was made with
    seen = []
    restored.listener = seen.append
    restored.play_on(rest)
    assert len(restored.events) == len(extra) + len(seen)  # the listener saw each event after it
    assert restored.state.snapshot() == replayed.state.snapshot()
    for team in restored.state.turn_order:  # what each side knows (fog, secret Traps)
        assert restored.state.snapshot(team) == replayed.state.snapshot(team)
    assert [e.to_dict() for e in restored.events] == [e.to_dict() for e in replayed.events]
    assert list(restored.snapshots) == list(replayed.snapshots)  # the timeline
    assert restored.dice.record == replayed.dice.record
    assert restored.dice.inner.snapshot() == replayed.dice.inner.snapshot()  # where the dice stand
    assert (restored.round, restored.active_player, restored.over) == (
        replayed.round,
        replayed.active_player,
        replayed.over,
    )
    for game in (restored, replayed):  # the logged answers are used up: the defaults answer on
        game.listener, game.policy = None, DefaultPolicy()
    for _ in range(2):
        for game in (restored, replayed):
            if not game.over:
                ai.play_turn(game)
    assert [e.to_dict() for e in restored.events] == [e.to_dict() for e in replayed.events]


def test_the_orders_after_it_hold_answers_and_they_are_replayed(monkeypatch) -> None:
    """The D6 skirmish's turns after the checkpoint log decisions (the questions its rules ask): the
    replay after the checkpoint gives them back in order, and no full replay is made."""
    saved = _played("skirmish.json", "d6", before=2, after=4)
    rest = saved.events[saved.checkpoint.events :]
    assert any(e["kind"] == "decided" for e in rest)
    replayed = _replayed(saved)
    monkeypatch.setattr(session.Game, "from_events", None)  # a full replay would fail here
    game, _ = game_of_saved(saved, dice_of_saved(saved), max_rounds=saved.max_rounds)
    assert [e.to_dict() for e in game.events] == [e.to_dict() for e in replayed.events]
    assert isinstance(game.policy, DefaultPolicy)  # the scripted answers do not outlive the replay


def _with(saved: SavedGame, **update) -> SavedGame:
    return saved.model_copy(update=update)


def _refused(saved: SavedGame) -> None:
    with pytest.raises(CheckpointError):
        restore_saved(saved, dice_of_saved(saved), max_rounds=saved.max_rounds)


def test_orders_appended_after_the_prefix_keep_the_key_and_a_changed_prefix_does_not() -> None:
    saved = _played("skirmish.json", "brikwars")
    n = saved.checkpoint.events
    fewer_after = _with(saved, events=saved.events[: n + 1])  # the journal had fewer lines
    restore_saved(fewer_after, dice_of_saved(saved), max_rounds=saved.max_rounds)
    events = [dict(e) for e in saved.events]
    first = next(i for i, e in enumerate(events) if e["kind"] == "order" and e["order"] == "end_turn")
    events.pop(first)  # an order inside the prefix taken out
    _refused(_with(saved, events=events))
    _refused(_with(saved, events=saved.events[: n - 1]))  # the file is shorter than the prefix
    ck = saved.checkpoint
    _refused(_with(saved, checkpoint=ck.model_copy(update={"events": n - 1})))  # another length
    _refused(_with(saved, checkpoint=ck.model_copy(update={"events": n + 1})))
    _refused(_with(saved, checkpoint=ck.model_copy(update={"events": None})))  # "the whole file"
    _refused(_with(saved, seed=saved.seed + 1))


def test_a_checkpoint_of_the_whole_file_is_the_prefix_of_all_its_events() -> None:
    """The window's Save Game writes no `events` (older readers know no such field); it stands
    for every event, and the same checkpoint read as a prefix of them all has the same key."""
    saved = _played("skirmish.json", "brikwars", after=0)
    n = saved.checkpoint.events
    assert n == len(saved.events)
    whole = _with(saved, checkpoint=saved.checkpoint.model_copy(update={"events": None}))
    assert '"events": ' not in dump_saved_game(whole).split('"checkpoint"')[1]
    game, _ = game_of_saved(whole, dice_of_saved(whole), max_rounds=whole.max_rounds)
    assert [e.to_dict() for e in game.events] == [e.to_dict() for e in _replayed(whole).events]


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_a_checkpoint_keyed_by_a_digest_fed_turn_by_turn_is_installed_from_the_file(ruleset) -> None:
    """The autosave takes a checkpoint within a turn keyed by a running digest of the journal's
    events (`EventsDigest`), fed as they are made, in memory (tuples and all): the file written
    and read back (lists, JSON numbers) gives the same key, so it is installed; a digest of other
    events is refused. (That the digest holds the game's own events is the window's to check:
    tests/ui/test_mid_turn_checkpoint.py.)"""
    from brikwars_gui.engine.checkpoint import EventsDigest

    scenario = load_scenario(SCENARIOS / "hazard_showcase.json").model_copy(update={"ruleset": ruleset})
    game = Game.from_scenario(scenario, dice=SessionDice(3), max_rounds=8)
    digest, fed = EventsDigest(), 0
    for _ in range(3):
        ai.play_turn(game)
        events = [e.to_dict() for e in game.events if e.kind in KINDS]
        digest.add(events[fed:])  # each turn's, as the journal appends them
        fed = len(events)
    base = _saved(scenario, game, 3).model_copy(update={"events": []})  # its events are not read
    kept = make_checkpoint(base, game, list(range(len(game.events))), digest=digest)
    assert kept.events == fed == digest.count
    ai.play_turn(game)
    saved = parse_saved_game(
        dump_saved_game(_saved(scenario, game, 3).model_copy(update={"checkpoint": kept})), "autosave.json"
    )
    restored, _, rest = restore_saved(saved, dice_of_saved(saved), max_rounds=8)
    restored.play_on(rest)
    assert [e.to_dict() for e in restored.events] == [e.to_dict() for e in _replayed(saved).events]
    changed = [dict(e) for e in saved.events[:fed]]
    changed[0]["kind"] = changed[0]["kind"] + " "
    wrong = make_checkpoint(base, game, None, digest=EventsDigest(changed))  # not the file's events
    with pytest.raises(CheckpointError):
        restore_saved(saved.model_copy(update={"checkpoint": wrong}), dice_of_saved(saved), max_rounds=8)
