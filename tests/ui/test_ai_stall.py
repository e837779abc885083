"""After the AI's end of turn fails once, the battle goes on: End Turn and Skip stay usable and
retry it (issue 14, item 10)."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.session import Game
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.play_panels import AIControls


@pytest.fixture
def window(open_window, monkeypatch) -> MainWindow:
    w = open_window(  # red human, blue AI; the engine errors are this test's subject
        load_scenario(SCENARIOS / "skirmish.json"),
        size=None,
        show=False,
        ai_interval=None,
        expect_errors=True,
    )
    original = Game.end_turn
    failures = {"blue": 1}

    def flaky_end_turn(self, *args, **kwargs):
        if failures.get(self.active_player, 0) > 0:
            failures[self.active_player] -= 1
            raise RuntimeError("simulated engine failure at the end of the AI's turn")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Game, "end_turn", flaky_end_turn)
    w.set_play_mode(True, seed=3)
    w.controller.set_ai_interval(0)
    return w


def _stall(qtbot, window) -> None:
    c = window.controller
    assert c.active_player == "red" and c.end_turn()
    qtbot.waitUntil(lambda: bool(window.errors), timeout=60_000)
    assert "simulated engine failure" in window.errors[0]
    assert c.active_player == "blue" and c.ai_stalled


def test_end_turn_retries_a_failed_ai_end_of_turn(qtbot, window) -> None:
    _stall(qtbot, window)
    c = window.controller
    assert window.act_end_turn.isEnabled() and window.turn_panel.end_turn.isEnabled()
    window.act_end_turn.trigger()
    qtbot.waitUntil(lambda: c.active_player == "red" and c.round == 2, timeout=60_000)
    assert not c.ai_stalled and len(window.errors) == 1
    assert c.can_end_turn  # the human plays on


def test_skip_retries_a_failed_ai_end_of_turn(qtbot, window) -> None:
    _stall(qtbot, window)
    skip = window.findChild(AIControls).skip
    assert skip.isEnabled()
    skip.click()
    c = window.controller
    assert c.active_player == "red" and c.round == 2 and not c.ai_stalled
