"""Checkpoints within a long turn (issue 26: "a kill late in a long turn replays only a short
tail"): besides the one of every end of turn, the battle autosave keeps a checkpoint of the game
after enough orders of a turn when it pays (ui/checkpoint_pacing.py), so a kill deep in a side's
turn recovers from it and replays only the orders journaled after it, giving exactly the battle
a full replay gives. A kill while it is written leaves the checkpoint before. A kill is simulated
as in test_recover_from_checkpoint.py: the slot's lock is released, or the slot copied as the kill
finds it; nothing else is cleaned up."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.ui.checkpoint_pacing import CheckpointPacer
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.recovery import CHECKPOINT_NAME, RecoveryStore
from tests.ui import test_recover_from_checkpoint as at_end_of_turn

_picture = at_end_of_turn._picture
played_on = at_end_of_turn.played_on
"""How many orders each `Game.play_on` call (the orders after a checkpoint) replayed (a fixture)."""

UNITS = 40
"""Two armies of 20: the AI side's turn is 20 activations, ~40 orders."""


def _battle_scenario():
    scenario = army_battle(UNITS, size=30, buildings=2, fires=1, seed=0)
    red = next(p for p in scenario.players if p.id == "red")
    red.controller = "human"  # the AI plays blue's long turn; red waits its turn
    return scenario


def _window(open_window, data_dir: Path, min_orders: int) -> MainWindow:
    scenario = _battle_scenario()
    w = open_window(scenario, data_dir=data_dir, size=None, show=False, ai_interval=None, animate=None)
    w.warnings = []
    w.warn = lambda title, text: w.warnings.append((title, text))
    w.checkpoint_pacer = CheckpointPacer(min_orders=min_orders, cost_ratio=0)  # the clock: not waited on
    return w


def _checkpoint_events(window: MainWindow, folder: Path | None = None) -> int:
    path = (folder or window.recovery.slot) / CHECKPOINT_NAME
    return json.loads(path.read_text(encoding="utf-8"))["checkpoint"]["events"]


def _deep_into_blues_turn(window: MainWindow, ruleset: str, steps: int) -> None:
    """Red's turn ends (an end-of-turn checkpoint), then the AI plays `steps` of blue's unit
    activations, journaled as they are made: the kill comes deep into blue's turn."""
    window.doc.set_ruleset(ruleset)
    window.set_play_mode(True, seed=3)
    c = window.controller
    assert c.is_human_turn and c.end_turn()
    for _ in range(steps):
        assert c.ai_step() and c.game.active_player == "blue"


def _recovered(open_window, data_dir: Path) -> MainWindow:
    other = _window(open_window, data_dir, min_orders=10)
    other.ask_recover = lambda path: True
    assert other.offer_recovery()
    return other


@pytest.mark.parametrize("ruleset", ["brikwars", "d6", "ninepowers"])
def test_a_kill_deep_in_a_turn_replays_only_the_orders_after_the_mid_turn_checkpoint(
    qtbot, open_window, tmp_path, replays, played_on, ruleset
) -> None:
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir, min_orders=10)
    _deep_into_blues_turn(window, ruleset, steps=16)
    events = window.controller.saved_game().events
    orders = [e for e in events if e.get("kind") == "order"]
    kept = _checkpoint_events(window)
    in_checkpoint = sum(1 for e in events[:kept] if e.get("kind") == "order")
    reds = 1 + next(i for i, e in enumerate(orders) if e.get("order") == "end_turn")
    after = len(orders) - in_checkpoint
    assert in_checkpoint > reds  # it stands for some of blue's orders: taken within blue's turn
    assert after < 10 < len(orders) - reds  # a short tail of a long turn
    played = _picture(window)
    window.recovery.lock.unlock()  # killed deep in blue's turn

    recovered = _recovered(open_window, data_dir)
    assert replays == []  # no full replay of the orders
    assert played_on == ([after] if after else [])  # only the orders after the mid-turn checkpoint
    assert _picture(recovered) == played
    # the battle goes on the same in both: blue's turn to its end, red's next
    for w in (window, recovered):
        w.controller.skip_ai()
        assert w.controller.is_human_turn
    assert _picture(recovered) == _picture(window)


def test_a_kill_while_a_mid_turn_checkpoint_is_written_recovers_from_the_one_before(
    qtbot, open_window, tmp_path, monkeypatch, replays, played_on
) -> None:
    """The slot is copied as the kill finds it while the second mid-turn checkpoint is written:
    the first still in place, the new one a temporary file not yet renamed over it."""
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir, min_orders=6)
    dead = tmp_path / "dead" / "recovery" / window.recovery.slot.name
    real = RecoveryStore.keep_checkpoint
    written: list[int] = []
    at_kill: list[dict] = []

    def keep(store: RecoveryStore, checkpoint) -> None:
        if checkpoint is not None and not at_kill and len(written) == 2:  # red's end of turn, then one
            at_kill.append(_picture(window))
            shutil.copytree(store.slot, dead, ignore=shutil.ignore_patterns("instance.lock"))
            (dead / f".{CHECKPOINT_NAME}.part").write_text('{"kind": "battle_checkpoint", "checkpoint": {"ke')
        real(store, checkpoint)
        if checkpoint is not None:
            written.append(checkpoint.events)

    monkeypatch.setattr(RecoveryStore, "keep_checkpoint", keep)
    _deep_into_blues_turn(window, "brikwars", steps=16)
    assert len(written) >= 3 and at_kill
    recovered = _recovered(open_window, tmp_path / "dead")
    assert replays == []
    assert _picture(recovered) == at_kill[0]  # nothing acknowledged was lost
    before = [e for e in recovered.controller.saved_game().events[written[1] :] if e.get("kind") == "order"]
    assert played_on == [len(before)] and len(before) >= 6  # from the first mid-turn checkpoint


def test_a_short_turn_takes_no_checkpoint_within_it(qtbot, open_window, tmp_path) -> None:
    """Below the pacer's order count the orders pay nothing: the slot's checkpoint stays the one
    of the last end of turn until the next end of turn."""
    window = _window(open_window, tmp_path / "data", min_orders=10_000)
    written: list[int] = []
    real = window.recovery.keep_checkpoint
    window.recovery.keep_checkpoint = lambda made: (written.append(made and made.events), real(made))
    _deep_into_blues_turn(window, "brikwars", steps=16)
    ends = [e for e in window.controller.saved_game().events if e.get("order") == "end_turn"]
    assert len(ends) == 1 and len(written) == 2  # the battle's start and red's end of turn
    window.controller.skip_ai()  # blue's end of turn
    assert len(written) == 3 and written[-1] == len(window.controller.saved_game().events)


def test_no_checkpoint_is_taken_from_a_journal_that_is_not_the_game(qtbot, open_window, tmp_path) -> None:
    """The mid-turn checkpoint is keyed by the journal's events: when they are not the game's (an
    order missing or changed), none is taken (its key would vouch for a game they do not build)."""
    window = _window(open_window, tmp_path / "data", min_orders=10_000)
    _deep_into_blues_turn(window, "brikwars", steps=4)
    c = window.controller
    made = c.make_mid_turn_checkpoint()
    assert made is not None and made.events == len(c.saved_game().events)
    saved = c.saved_game()
    c.track_journal(saved.model_copy(update={"events": saved.events[:-1]}))  # one order short
    assert c.make_mid_turn_checkpoint() is None
    changed = [*saved.events[:-1], {**saved.events[-1], "unit": "someone else"}]
    c.track_journal(saved.model_copy(update={"events": changed}))
    assert c.make_mid_turn_checkpoint() is None
    c.track_journal(saved)
    assert c.make_mid_turn_checkpoint() is not None


def test_the_pacer_waits_for_enough_orders_and_for_its_cost_to_be_small() -> None:
    """A checkpoint is due after `min_orders` orders and once `cost_ratio` times the last one's
    cost has passed since it: at most 1/cost_ratio of the time of play goes to checkpoints."""
    now = [100.0]
    pacer = CheckpointPacer(min_orders=3, cost_ratio=25, clock=lambda: now[0])
    pacer.add(2)
    assert not pacer.due()
    pacer.add(1)
    assert pacer.due()  # no cost measured yet
    pacer.restart(0.2)  # the checkpoint took 0.2 s
    pacer.add(50)
    now[0] += 4.9
    assert not pacer.due()  # 4.9 s < 25 x 0.2 s
    now[0] += 0.1
    assert pacer.due()
