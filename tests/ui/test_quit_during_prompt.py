"""Ctrl+Q while a Response question waits: the question gets its default answer and the window asks
before it closes, as the title bar's close button does. It did nothing: Qt's generic platform theme
(openbox, the offscreen tests) has no Quit key, and the menu bar that held the action is disabled
while a question waits (synthetic key presses on the window, pytest-qt, offscreen)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer

from brikwars_gui.engine.rules.common import DecisionRequest
from brikwars_gui.ui.main_window import MainWindow


def test_ctrl_q_during_a_response_question_takes_the_default_and_asks_to_leave(open_window, qtbot) -> None:
    window: MainWindow = open_window(size=(1280, 720), answer_responses=False)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=20_000)
    window.set_play_mode(True, seed=3)
    asked: list[str] = []
    window.maybe_drop_work = lambda: asked.append("leave?") or False  # the user answers Cancel
    request = DecisionRequest(
        "bail_to", "red-spear", "red", "blue-spear", ("3,3", "3,4", "4,4"), "3,4", {"inches": 2}
    )
    seen = {}

    def press() -> None:
        seen["menu"] = window.menuBar().isEnabled()
        qtbot.keyClick(window.view, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)

    def give_up() -> None:  # the key did nothing: answer for it so a failure does not hang
        if window.response_prompt.active:
            seen["stuck"] = True
            window.response_prompt.take_default()

    QTimer.singleShot(50, press)
    QTimer.singleShot(20_000, window, give_up)  # only if the key failed: a loaded machine is slow, not stuck
    assert window.ask_response(request) == "3,4"  # the default, given by the Quit key
    assert "stuck" not in seen, "Ctrl+Q did nothing while the question waited"
    assert seen["menu"] is False  # the menus were disabled while the question waited
    qtbot.waitUntil(lambda: asked == ["leave?"], timeout=20_000)
    assert window.isVisible()  # Cancel keeps the battle open
    del window.maybe_drop_work  # the fixture's answer, Discard, closes it
    assert window.close() and not window.isVisible()
