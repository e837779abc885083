"""Checkpoints of saved games (issue 26): opening from one gives exactly the game a full replay of
the orders gives, under every ruleset, and the game goes on identically; a checkpoint that does
not match its orders, its payload or the code, or that names anything but the engine's data, is
refused (the caller then replays the orders)."""

from __future__ import annotations

import base64
import pickle
import zlib

import pytest

from brikwars_gui.engine import ai
from brikwars_gui.engine import checkpoint as ck
from brikwars_gui.engine.checkpoint import CheckpointError, game_of_saved, with_checkpoint
from brikwars_gui.engine.dice.source import ScriptedDice, SeededDice
from brikwars_gui.engine.session import DefaultPolicy, Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, dump_saved_game, parse_saved_game
from tests.conjure_order import Conjure, conjure_orders  # noqa: F401 (the fixture)

RULESETS = ("brikwars", "d6", "ninepowers")


def _played(
    scenario_name: str, ruleset: str, turns: int, seed: int = 7, fog: bool = False
) -> tuple[SavedGame, Game]:
    """A saved game of `turns` AI turns on the scenario under `ruleset`, as written to disk and
    read back (with its checkpoint), and the game that was played."""
    scenario = load_scenario(SCENARIOS / scenario_name)
    scenario = scenario.model_copy(update={"ruleset": ruleset, "fog_of_war": fog or scenario.fog_of_war})
    game = Game.from_scenario(scenario, seed=seed, max_rounds=8)
    for _ in range(turns):
        if not game.over:
            ai.play_turn(game)
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided", "unit_joined")]
    saved = SavedGame(scenario=scenario, seed=seed, max_rounds=8, events=events)
    text = dump_saved_game(with_checkpoint(saved, game, ["extra", len(game.events)]))
    return parse_saved_game(text, "game.json"), game


def _replayed(saved: SavedGame) -> Game:
    return Game.from_events(saved.scenario, saved.events, SeededDice(saved.seed), max_rounds=saved.max_rounds)


CASES = [
    *((name, ruleset, False) for name in ("skirmish.json", "hazard_showcase.json") for ruleset in RULESETS),
    ("skirmish.json", "d6", True),  # fog of war: each side's memory of the enemies it saw
    ("wizard_duel.json", "brikwars", False),  # SuperNatural (only BrikWars plays it)
]


@pytest.mark.parametrize(("scenario_name", "ruleset", "fog"), CASES)
def test_a_checkpoint_gives_the_replayed_game_and_it_goes_on_the_same(scenario_name, ruleset, fog) -> None:
    saved, played = _played(scenario_name, ruleset, turns=5, fog=fog)
    assert saved.checkpoint is not None
    replayed = _replayed(saved)
    restored, extra = game_of_saved(saved, SeededDice(saved.seed), max_rounds=saved.max_rounds)
    assert extra == ["extra", len(played.events)]
    assert restored.state.snapshot() == replayed.state.snapshot() == played.state.snapshot()
    for team in restored.state.turn_order:  # what each side knows (fog, secret Traps)
        assert restored.state.snapshot(team) == replayed.state.snapshot(team)
    assert [e.to_dict() for e in restored.events] == [e.to_dict() for e in replayed.events]
    assert list(restored.snapshots) == list(replayed.snapshots)  # the timeline
    assert restored.dice.record == replayed.dice.record
    assert (restored.round, restored.active_player, restored.over) == (
        replayed.round,
        replayed.active_player,
        replayed.over,
    )
    # the dice stand where the replay's stand and the state holds everything the rules read:
    # two more AI turns give the same events on both
    replayed.policy = DefaultPolicy()  # the logged answers are used up: the rules' defaults answer on
    for _ in range(2):
        for game in (restored, replayed):
            if not game.over:
                ai.play_turn(game)
    assert [e.to_dict() for e in restored.events] == [e.to_dict() for e in replayed.events]
    assert restored.state.snapshot() == replayed.state.snapshot()


def test_a_dice_script_position_is_kept() -> None:
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    script = [4, 2, 6, 1, 3, 5] * 200
    game = Game.from_scenario(scenario, script=script, max_rounds=5)
    for _ in range(2):
        ai.play_turn(game)
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
    saved = SavedGame(scenario=scenario, dice_script=script, max_rounds=5, events=events)
    dice = ScriptedDice(script)
    game_of_saved(with_checkpoint(saved, game), dice, max_rounds=5)
    assert dice.position == game.dice.inner.position > 0


def _with(saved: SavedGame, **update) -> SavedGame:
    return saved.model_copy(update=update)


def test_a_checkpoint_of_other_orders_is_refused() -> None:
    saved, _ = _played("skirmish.json", "brikwars", turns=3)
    fewer = _with(saved, events=saved.events[:-3])  # the orders were edited after it was written
    with pytest.raises(CheckpointError, match="other code or for other orders"):
        game_of_saved(fewer, SeededDice(saved.seed), max_rounds=saved.max_rounds)
    reseeded = _with(saved, seed=saved.seed + 1)
    with pytest.raises(CheckpointError, match="other code or for other orders"):
        game_of_saved(reseeded, SeededDice(reseeded.seed), max_rounds=saved.max_rounds)


def test_a_changed_payload_is_refused_even_when_it_unpickles() -> None:
    """A payload edited after it was written (here: a unit moved in the kept state) misses the key."""
    saved, _ = _played("skirmish.json", "brikwars", turns=3)
    payload = ck.loads(base64.b64decode(saved.checkpoint.payload))
    unit = next(iter(payload[1].units.values()))
    unit.pos = (unit.pos[0] + 1, unit.pos[1])
    blob = zlib.compress(pickle.dumps(payload))
    forged = saved.checkpoint.model_copy(update={"payload": base64.b64encode(blob).decode()})
    with pytest.raises(CheckpointError, match="other code or for other orders"):
        game_of_saved(_with(saved, checkpoint=forged), SeededDice(saved.seed), max_rounds=saved.max_rounds)


def test_a_checkpoint_of_other_code_is_refused(monkeypatch) -> None:
    saved, _ = _played("skirmish.json", "brikwars", turns=2)
    monkeypatch.setattr(ck, "code_fingerprint", lambda: "other engine")
    with pytest.raises(CheckpointError, match="other code"):
        game_of_saved(saved, SeededDice(saved.seed), max_rounds=saved.max_rounds)


class _Boom:
    def __reduce__(self):
        import os

        return os.system, ("echo pwned",)


def test_a_payload_naming_anything_but_engine_data_is_refused() -> None:
    """Unpickling is restricted: a payload that would call `os.system` is refused, not run."""
    with pytest.raises(CheckpointError, match=r"may not name (posix|os)\.system"):
        ck.loads(zlib.compress(pickle.dumps(_Boom())))
    with pytest.raises(CheckpointError, match="may not name"):  # an engine function, not a class
        ck.loads(zlib.compress(pickle.dumps(ai.play_turn)))
    with pytest.raises(CheckpointError, match="damaged"):
        ck.loads(b"not zlib at all")
    with pytest.raises(CheckpointError, match="damaged"):
        ck.loads(zlib.compress(b"\x80\x05not a pickle"))


def test_a_payload_inflating_past_the_limit_is_refused(monkeypatch) -> None:
    monkeypatch.setattr(ck, "MAX_PAYLOAD_BYTES", 1000)
    with pytest.raises(CheckpointError, match="larger than"):
        ck.loads(zlib.compress(b"\0" * 5000))


def test_the_key_survives_a_save_and_load_round_trip() -> None:
    """What the key is computed from reads back the same (or no checkpoint would ever be used)."""
    saved, _ = _played("hazard_showcase.json", "d6", turns=2)
    again = parse_saved_game(dump_saved_game(saved), "again.json")
    blob = base64.b64decode(again.checkpoint.payload)
    assert ck.checkpoint_key(again, blob) == again.checkpoint.key == saved.checkpoint.key


@pytest.mark.usefixtures("conjure_orders")
def test_a_unit_that_joined_the_battle_is_in_the_checkpoint() -> None:
    """R-SN-2 seam (`rules/roster.py`): a unit born mid-battle (the test-only Conjure order) is in
    the restored state, its index and its roster, and the game goes on the same."""
    from brikwars_gui.engine.rules import sandbox as sb

    scenario = sb.scenario(
        [
            sb.unit("mage", "red", (2, 2), armor="4"),
            sb.unit("runner", "blue", (19, 5), armor="4", facing="W", weapons=[sb.PISTOL]),
        ]
    )
    game = Game.from_scenario(scenario, seed=3, max_rounds=6)
    game.act("mage", Conjure("imp", (5, 5)))
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided", "unit_joined")]
    saved = SavedGame(scenario=scenario, seed=3, max_rounds=6, events=events)
    saved = parse_saved_game(dump_saved_game(with_checkpoint(saved, game)), "game.json")
    restored, _ = game_of_saved(saved, SeededDice(3), max_rounds=6)
    replayed = _replayed(saved)
    assert restored.state.unit_at((5, 5)).id == "imp"
    assert restored.state.unit_index().alive_by_team["red"] == 2
    assert restored.state.snapshot() == replayed.state.snapshot()
    replayed.policy = DefaultPolicy()
    for g in (restored, replayed):
        g.end_turn()
        ai.play_turn(g)
    assert [e.to_dict() for e in restored.events] == [e.to_dict() for e in replayed.events]


def test_a_payload_of_the_wrong_shape_is_refused() -> None:
    """Engine data in the wrong places (here: a unit where the state belongs) is refused before a
    game is built from it, even under a matching key."""
    saved, _ = _played("skirmish.json", "brikwars", turns=2)
    payload = list(ck.loads(base64.b64decode(saved.checkpoint.payload)))
    payload[1] = next(iter(payload[1].units.values()))
    blob = zlib.compress(pickle.dumps(tuple(payload)))
    with pytest.raises(CheckpointError, match="no game state"):
        ck.game_from_checkpoint(blob, SeededDice(saved.seed), max_rounds=saved.max_rounds)


def test_the_code_fingerprint_follows_the_sources(tmp_path, monkeypatch) -> None:
    """A development build keeps its version number while its rules change: the key holds a hash
    of the engine's sources, so a checkpoint of yesterday's rules is not read by today's."""
    first = ck.code_fingerprint()
    assert first == ck.code_fingerprint()  # computed once per process
    ck.code_fingerprint.cache_clear()
    real = type(tmp_path).read_bytes

    def edited(path):
        data = real(path)
        return data + b"\n# a rule changed" if path.name == "movement.py" else data

    monkeypatch.setattr(type(tmp_path), "read_bytes", edited)
    try:
        assert ck.code_fingerprint() != first
    finally:
        ck.code_fingerprint.cache_clear()
