"""Crash recovery from a checkpoint of the battle's first orders (issue 26: "any valid saved game
open within 1 s"): every end of turn keeps a checkpoint of the game beside the write-ahead journal
(ui/recovery.py); the recovery installs it and replays only the orders journaled after it, and the
battle is exactly the one a full replay gives. A checkpoint that does not fit (tampered, stale,
another battle's) is refused and every order replays; a kill right after, or while, a checkpoint
is written loses nothing. A kill is simulated as in test_write_ahead_journal.py: the slot's lock
is released (or the slot copied at that moment) and nothing else is cleaned up."""

from __future__ import annotations

import base64
import json
import pickle
import shutil
import zlib
from pathlib import Path

import pytest

from brikwars_gui.engine import checkpoint as ck
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.savegame import Checkpoint, load_saved_game
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.recovery import CHECKPOINT_NAME, RecoveryStore

SKIRMISH = SCENARIOS / "skirmish.json"


@pytest.fixture
def played_on(monkeypatch) -> list[int]:
    """How many orders each `Game.play_on` call (the orders after a checkpoint) replayed."""
    calls: list[int] = []
    real = Game.play_on

    def counted(game, events, progress=None):
        events = list(events)
        calls.append(sum(1 for e in events if e.get("kind") == "order"))
        return real(game, events, progress)

    monkeypatch.setattr(Game, "play_on", counted)
    return calls


def _window(open_window, data_dir: Path) -> MainWindow:
    w = open_window(SKIRMISH, data_dir=data_dir, size=None, show=False, ai_interval=None, animate=None)
    w.warnings = []
    w.warn = lambda title, text: w.warnings.append((title, text))
    return w


def _red_orders(window: MainWindow) -> None:
    """Red (human) moves its first living unit one cell and ends its second."""
    c = window.controller
    units = [u for u in c.unit_ids_of() if c.unit_view(u).alive and c.unit_view(u).team == "red"]
    assert c.order_move(units[0], sorted(c.reachable(units[0]))[0])
    assert c.end_unit(units[1])


def _battle(window: MainWindow, ruleset: str, rounds: int = 2) -> None:
    """`rounds` rounds of red's orders and the AI's turns (each end of turn autosaves and keeps a
    checkpoint), then red's orders of the next turn: journaled only, after the last checkpoint."""
    window.doc.set_ruleset(ruleset)
    window.set_play_mode(True, seed=5)
    c = window.controller
    for _ in range(rounds):
        _red_orders(window)
        assert c.end_turn()
        c.skip_ai()
        assert c.is_human_turn and not c.game.over
    _red_orders(window)


def _picture(window: MainWindow) -> dict:
    """The battle as the window holds and shows it."""
    c = window.controller
    game = c.game
    return {
        "events": [e.to_dict() for e in game.events],
        "state": game.state.snapshot(),
        "sides": {team: game.state.snapshot(team) for team in game.state.turn_order},
        "timeline": list(game.snapshots),
        "dice": (list(game.dice.record), c.dice.snapshot()),
        "turn": (game.round, game.active_player, game.over),
        "log": [(e.text, e.seen_by) for e in c.log],
        "views": {u: c.unit_view(u) for u in c.unit_ids_of()},
        "orders": c.order_count,
    }


def _recovered(open_window, data_dir: Path) -> MainWindow:
    other = _window(open_window, data_dir)
    other.ask_recover = lambda path: True
    assert other.offer_recovery()
    return other


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_recovery_installs_the_checkpoint_and_replays_only_the_journal_after_it(
    qtbot, open_window, tmp_path, replays, played_on, ruleset
) -> None:
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    _battle(window, ruleset)
    kept = json.loads(window.recovery.checkpoint_path.read_text(encoding="utf-8"))["checkpoint"]
    events = window.controller.saved_game().events
    assert 0 < kept["events"] < len(events)  # the last end of turn's: red's orders came after it
    played = _picture(window)
    window.recovery.lock.unlock()  # killed mid-turn

    recovered = _recovered(open_window, data_dir)
    assert replays == []  # no full replay of the orders
    assert played_on == [2]  # red's two orders after the last end of turn
    assert _picture(recovered) == played
    # and the battle goes on the same in both
    for w in (window, recovered):
        assert w.controller.end_turn()
        w.controller.skip_ai()
    assert _picture(recovered) == _picture(window)


def test_the_recovered_battle_autosaves_and_recovers_again_from_the_checkpoint_it_opened_from(
    qtbot, open_window, tmp_path, replays, played_on
) -> None:
    """Opened from a checkpoint, the battle keeps it beside its new journal: a second kill before
    the next end of turn still replays only the orders after it."""
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    _battle(window, "brikwars")
    window.recovery.lock.unlock()
    recovered = _recovered(open_window, data_dir)
    assert recovered.recovery.checkpoint_path.is_file()
    c = recovered.controller
    unit = next(u.id for u in c.game.units_of("red") if u.alive and not u.done)
    assert c.end_unit(unit)
    played = _picture(recovered)
    recovered.recovery.lock.unlock()  # killed again
    again = _recovered(open_window, data_dir)
    assert replays == [] and played_on == [2, 3]
    assert _picture(again) == played


def _tamper_payload(data: dict) -> None:
    payload = ck.loads(base64.b64decode(data["checkpoint"]["payload"]))
    unit = next(u for u in payload[1].units.values() if u.alive)
    unit.pos = (unit.pos[0], unit.pos[1] + 1)
    data["checkpoint"]["payload"] = base64.b64encode(zlib.compress(pickle.dumps(payload))).decode()


def _fewer_events(data: dict) -> None:
    data["checkpoint"]["events"] -= 1  # claims a shorter prefix than it was made for


def _other_code(data: dict) -> None:
    data["checkpoint"]["key"] = "0" * 64


def _damaged(data: dict) -> None:
    data["checkpoint"]["payload"] = data["checkpoint"]["payload"][:100]


@pytest.mark.parametrize(
    "change",
    [_tamper_payload, _fewer_events, _other_code, _damaged],
    ids=["payload tampered with", "prefix length changed", "made by other code", "damaged"],
)
def test_a_stale_or_tampered_checkpoint_is_refused_and_every_order_replays(
    qtbot, open_window, tmp_path, replays, played_on, change
) -> None:
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    _battle(window, "d6")
    path = window.recovery.checkpoint_path
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    played = _picture(window)
    window.recovery.lock.unlock()

    recovered = _recovered(open_window, data_dir)
    assert replays == [played["orders"]] and played_on == []  # every order replayed
    assert _picture(recovered) == played


def test_another_battles_checkpoint_is_refused(qtbot, open_window, tmp_path, replays, played_on) -> None:
    """A checkpoint of another battle left in the slot (here: the same scenario, another seed)
    does not fit the journal's orders: every order replays."""
    other_dir = tmp_path / "other"
    other = _window(open_window, other_dir)
    _battle(other, "brikwars", rounds=3)
    foreign = other.recovery.checkpoint_path.read_text(encoding="utf-8")
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    window.set_play_mode(True, seed=6)
    _red_orders(window)
    window.recovery.checkpoint_path.write_text(foreign, encoding="utf-8")
    played = _picture(window)
    window.recovery.lock.unlock()
    recovered = _recovered(open_window, data_dir)
    assert replays == [played["orders"]] and played_on == []
    assert _picture(recovered) == played


@pytest.mark.parametrize("moment", ["right after", "while writing"])
def test_a_kill_right_after_or_while_a_checkpoint_is_written_loses_nothing(
    qtbot, open_window, tmp_path, monkeypatch, replays, played_on, moment
) -> None:
    """The slot is copied as the kill finds it: right after the checkpoint of the second end of
    turn is on disk, or while it is written (the checkpoint before still in place, the new one a
    temporary file not yet renamed over it). The recovery gets every acknowledged order back."""
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    dead = tmp_path / "dead" / "recovery" / window.recovery.slot.name
    real = RecoveryStore.keep_checkpoint
    at_kill: list[dict] = []
    written: list[int] = []

    def keep(store: RecoveryStore, checkpoint) -> None:
        if checkpoint is None or at_kill:
            return real(store, checkpoint)
        if moment == "while writing" and written:  # the second end of turn's, not yet renamed
            at_kill.append(_picture(window))
            shutil.copytree(store.slot, dead, ignore=shutil.ignore_patterns("instance.lock"))
            (dead / f".{CHECKPOINT_NAME}.part").write_text('{"kind": "battle_checkpoint", "checkpoint": {"ke')
        real(store, checkpoint)
        written.append(checkpoint.events)
        if moment == "right after" and len(written) == 2:
            at_kill.append(_picture(window))
            shutil.copytree(store.slot, dead, ignore=shutil.ignore_patterns("instance.lock"))

    monkeypatch.setattr(RecoveryStore, "keep_checkpoint", keep)
    _battle(window, "brikwars")
    assert at_kill and len(written) >= 2
    recovered = _recovered(open_window, tmp_path / "dead")
    assert _picture(recovered) == at_kill[0]  # nothing acknowledged was lost
    assert replays == []  # from a checkpoint: the one just written, or the one before
    if moment == "right after":
        assert played_on == []  # it stands for every order
    else:  # the one before: the AI's turn after it replays
        assert len(played_on) == 1 and played_on[0] > 0


def test_an_autosave_holding_more_orders_than_the_journal_is_kept_with_the_checkpoint(
    qtbot, open_window, tmp_path, replays, played_on
) -> None:
    """The journal is cut back to its first line (as if its appends had been lost): the end-of-turn
    autosave holds more orders, so it is the battle recovered, and the checkpoint of that end of
    turn is attached to it: nothing replays."""
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    _battle(window, "brikwars")
    autosaved = load_saved_game(window.recovery.path)
    journal = window.recovery.journal_path
    journal.write_text(journal.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    window.recovery.lock.unlock()
    recovered = _recovered(open_window, data_dir)
    assert replays == [] and played_on == []
    assert recovered.controller.saved_game().events == autosaved.events


def test_cancelling_the_replay_after_the_checkpoint_opens_nothing(
    qtbot, open_window, tmp_path, replays
) -> None:
    """The progress dialog's Cancel during the orders after the checkpoint stops the open: no full
    replay is started instead, and the running battle stays."""
    window = _window(open_window, tmp_path / "data")
    _battle(window, "brikwars")
    kept = json.loads(window.recovery.checkpoint_path.read_text(encoding="utf-8"))["checkpoint"]
    saved = window.controller.saved_game()
    saved = saved.model_copy(update={"checkpoint": Checkpoint.model_validate(kept)})
    before = _picture(window)
    assert window.controller.replay_saved(saved, lambda done, total: False) is None
    assert replays == [] and _picture(window) == before
    built = window.controller.replay_saved(saved, lambda done, total: True)
    assert [e.to_dict() for e in built[0].events] == before["events"]
