"""Shared pytest-qt setup of the main window, so each test file states only what differs.

`open_window(...)` builds a `MainWindow` the way the window tests need it: its own settings file
under `tmp_path` (never the user's; `data_dir=data_dir` adds an isolated data folder for autosave and
recovery, none by default), the unsaved-changes, leave-the-game and unsaved-work prompts answered
"discard", human Responses answered with the default, AI steps at once (`ai_interval` 0) and moves
that jump rather than slide (animation off), shown at 1400x900 and exposed. Keyword arguments turn
each of these off for the tests about that very thing (`answer_responses=False` keeps the window's
own prompt).
A window still open when the test ends is closed with Discard (a window left open takes the next
test's synthetic mouse moves).
Engine errors are collected in `window.errors` instead of a modal box, and a test fails at teardown
if any was reported, unless it opened the window with `expect_errors=True` (then it checks them).
`window` is that window on the skirmish sample; a test file may override it with its own.
`move_mouse(widget, pos)` moves the mouse over a widget (`held=` the buttons held down).
`idle()` runs the event loop until the windows' queued work is done (rather than for a fixed time,
which a loaded CI machine may spend on the first of several queued steps).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.exceptions import TimeoutError as QtTimeoutError

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"

OpenWindow = Callable[..., MainWindow]


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """An isolated settings file (window geometry, docks, recent files) for this test."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def shown(monkeypatch) -> list[str]:
    """The texts of the critical message boxes the test brings up (none is shown)."""
    texts: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a, **k: texts.append(text))
    return texts


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """An isolated data folder (autosave, recovery slots, the log file) for this test."""
    return tmp_path / "data"


@pytest.fixture
def open_window(qtbot, settings: QSettings):
    """A factory of main windows set up for tests (see the module docstring)."""
    strict: list[MainWindow] = []
    opened: list[MainWindow] = []

    def open_(
        scenario: Scenario | Path | None = SKIRMISH,
        path: Path | None = None,
        *,
        settings: QSettings = settings,
        data_dir: Path | None = None,
        size: tuple[int, int] | None = (1400, 900),
        answer_responses: bool = True,
        ai_interval: int | None = 0,
        animate: bool | None = False,
        expect_errors: bool = False,
        show: bool = True,
        fit: bool = False,
    ) -> MainWindow:
        if isinstance(scenario, Path):
            path = scenario if path is None else path
            scenario = load_scenario(scenario)
        w = MainWindow(scenario, path, settings=settings, data_dir=data_dir)
        qtbot.addWidget(w)
        opened.append(w)
        w.ask_unsaved = lambda: "discard"
        w.ask_leave_game = lambda: "discard"
        w.ask_unsaved_work = lambda: "discard"
        w.undo_rewinds_asked = []  # undo into other players' turns: recorded, then allowed
        w.ask_undo_rewind = lambda round_no, others: w.undo_rewinds_asked.append((round_no, others)) or True
        w.errors = []
        w.engine_error_prompt = lambda message: w.errors.append(message) or "ok"
        if not expect_errors:
            strict.append(w)
        if answer_responses:
            w.controller.ask_response = lambda request: request.default
        if ai_interval is not None:
            w.controller.ai_interval = ai_interval
        if animate is not None:
            w.set_animate_moves(animate)  # off: token positions do not depend on timing
        if size is not None:
            w.resize(*size)
        if show:
            w.show()
            qtbot.waitExposed(w, timeout=20_000)
            if fit:
                w.view.fit()
        return w

    yield open_
    for w in opened:  # closed with Discard whatever the test answered: a window left open (its
        # close refused) takes the next test's synthetic mouse moves (a hover test failed so)
        if shiboken6.isValid(w) and w.isVisible():
            for name in ("maybe_drop_work", "maybe_leave_game", "maybe_save"):
                w.__dict__.pop(name, None)
            w.ask_unsaved = w.ask_leave_game = w.ask_unsaved_work = lambda: "discard"
            w.close()
    for w in strict:
        assert not w.errors, f"engine errors reported in the window: {w.errors}"


@pytest.fixture
def app_style(qapp):
    """The real application's style sheet for this test (it changes the sizes of headers, docks and
    buttons that layout tests measure); the offscreen tests run without it otherwise."""
    from brikwars_gui.app import STYLE_SHEET

    qapp.setStyleSheet(STYLE_SHEET.read_text(encoding="utf-8"))
    yield qapp
    qapp.setStyleSheet("")


def _queued_work() -> list[QTimer]:
    """The work windows have queued for the event loop: the running zero-interval single-shot
    timers by which the app coalesces its fits, overlays, label placing and fog."""
    return [
        timer
        for top in QApplication.topLevelWidgets()
        for timer in top.findChildren(QTimer)
        if timer.isActive() and timer.isSingleShot() and timer.interval() == 0
    ]


def _timer_name(timer: QTimer) -> str:
    """`Owner.attribute` of a timer, for a message saying which work never ended."""
    owner = timer.parent()
    names = [name for name, value in vars(owner).items() if value is timer] if owner is not None else []
    return f"{type(owner).__name__}.{names[0] if names else '?'}"


@pytest.fixture
def idle(qtbot) -> Callable[..., None]:
    """Runs the event loop until the windows' queued work is done: no coalescing timer running and
    the posted events (layouts, queued calls) delivered, three rounds in a row. A fixed
    `qtbot.wait(20)` is not that: on a loaded machine its time may run out in the first of several
    queued steps (a fit whose resize queues another), and the test reads a half-done window."""

    def wait(timeout: int = 20_000) -> None:
        quiet = 0

        busy: list[str] = []

        def settled() -> bool:
            nonlocal quiet
            QApplication.processEvents()
            queued = _queued_work()
            busy.extend(_timer_name(timer) for timer in queued)
            quiet = 0 if queued else quiet + 1
            return quiet >= 3

        try:
            qtbot.waitUntil(settled, timeout=timeout)
        except QtTimeoutError as exc:
            seen = ", ".join(f"{name} x{busy.count(name)}" for name in dict.fromkeys(busy))
            raise AssertionError(f"the windows' queued work never ended within {timeout} ms: {seen}") from exc

    return wait


@pytest.fixture
def settle(qtbot, idle) -> Callable[[MainWindow], None]:
    """Waits for a window's queued dock layout (it runs once the window has its size): after it the
    battlefield has at least half the width, as tests/ui/test_window_fit.py checks."""

    def wait(w: MainWindow) -> None:
        width = w.width()
        qtbot.waitUntil(lambda: w.centralWidget().width() >= 0.5 * width, timeout=20_000)
        idle()

    return wait


@pytest.fixture
def move_mouse() -> Callable[..., None]:
    """Moves the mouse to `pos` over `widget` (with the `held` buttons down), the event handed
    straight to the widget: offscreen Qt routes `qtbot.mouseMove` through the cursor's window and may
    drop or misroute it (a CI run lost a hover that way), while these tests are about what the window
    does with the move, not about the platform delivering it."""

    def move(widget: QWidget, pos: QPoint, held: Qt.MouseButton = Qt.MouseButton.NoButton) -> None:
        event = QMouseEvent(
            QEvent.Type.MouseMove,
            QPointF(pos),
            QPointF(widget.mapToGlobal(pos)),
            Qt.MouseButton.NoButton,
            held,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(widget, event)

    return move


@pytest.fixture
def window(open_window: OpenWindow) -> MainWindow:
    """The skirmish sample in a test window (red human, blue AI)."""
    if not SKIRMISH.is_file():
        pytest.skip("skirmish sample missing")
    return open_window()
