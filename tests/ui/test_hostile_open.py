"""The window on hostile files: a message instead of nothing, and a long saved game's replay shows
progress and can be cancelled without losing the open game (issue 14, items 1, 2 and 6)."""

from __future__ import annotations

import itertools
from pathlib import Path

from hostile_files import fifo, huge_integer_text, scenario_data, with_raw_value, write_text
from PySide6.QtWidgets import QProgressDialog

from brikwars_gui.app import open_window
from brikwars_gui.engine import ai
from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.scenario.savegame import SavedGame, save_saved_game
from brikwars_gui.ui import replay_progress


def test_a_5000_digit_width_shows_the_loader_message(qtbot, settings, shown, tmp_path) -> None:
    text = with_raw_value(scenario_data(), "battlefield.width", huge_integer_text())
    path = write_text(tmp_path, "big.json", text)
    window = open_window(path, settings=settings)
    qtbot.addWidget(window)
    assert len(shown) == 1 and "5000 digits (at most 20)" in shown[0]
    assert window.doc.path is None


def test_a_fifo_shows_a_message_instead_of_blocking(qtbot, settings, shown, tmp_path) -> None:
    window = open_window(fifo(tmp_path), settings=settings)
    qtbot.addWidget(window)
    assert len(shown) == 1 and "not a regular file" in shown[0]


def _saved_game(tmp_path: Path, turns: int = 6) -> Path:
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    game = Game.from_scenario(scenario, seed=4)
    for _ in range(turns):
        ai.play_turn(game)
    events = [e.to_dict() for e in game.events if e.kind in ("order", "decided")]
    path = tmp_path / "game.json"
    save_saved_game(SavedGame(scenario=scenario, seed=4, events=events, round=game.round), path)
    return path


def test_cancelling_a_long_replay_keeps_the_open_game(qtbot, settings, shown, tmp_path, monkeypatch) -> None:
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    title = window.windowTitle()
    steps: list[int] = []
    monkeypatch.setattr(QProgressDialog, "setValue", lambda self, value: steps.append(value))
    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda self: len(steps) > 1)
    assert window.open_saved_game(_saved_game(tmp_path)) is False
    assert shown == [] and steps[:2] == [0, 0]
    assert window.windowTitle() == title and not window.play_mode


def test_a_replay_reports_progress_and_opens(qtbot, settings, shown, tmp_path, monkeypatch) -> None:
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    steps: list[int] = []
    monkeypatch.setattr(QProgressDialog, "setValue", lambda self, value: steps.append(value))
    monkeypatch.setattr(replay_progress, "UPDATE_EVERY_S", 0.0)  # every order
    assert window.open_saved_game(_saved_game(tmp_path)) is True
    assert shown == [] and window.play_mode
    assert steps[0] == 0 and steps[-1] >= 20 and steps == sorted(steps)


def test_the_replay_progress_is_updated_on_the_clock_not_every_few_orders(
    qtbot, settings, shown, tmp_path, monkeypatch
) -> None:
    """Issue 26: each update repaints the window-modal dialog; a replay at 1/16 s an order with
    updates every 0.5 s updates it every 8 orders, not after every 20 orders whatever their speed
    (binary fractions of a second: exact sums)."""
    window = open_window(SCENARIOS / "skirmish.json", settings=settings)
    qtbot.addWidget(window)
    steps: list[int] = []
    ticks = iter(range(10**6))
    monkeypatch.setattr(replay_progress, "_clock", lambda: next(ticks) / 16)
    monkeypatch.setattr(replay_progress, "UPDATE_EVERY_S", 0.5)
    monkeypatch.setattr(QProgressDialog, "setValue", lambda self, value: steps.append(value))
    assert window.open_saved_game(_saved_game(tmp_path)) is True
    updates = steps[1:]  # the first, 0, is set before the replay
    assert updates[0] == 0 and len(updates) >= 3
    assert all(b - a == 8 for a, b in itertools.pairwise(updates)), updates
