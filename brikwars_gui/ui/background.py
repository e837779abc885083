"""Long engine work (forecasts, hazard spread) in a QThread, cancellable, reporting progress.

One place for the wiring both the Forecast dialog and the Heat Map panel need: the job's signals
arrive in the owner's (GUI) thread through bound slots, and the thread quits by a direct
connection, since the GUI thread may be blocked in `QThread.wait()` while a window closes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

Work = Callable[[Callable[[int, int], None], Callable[[], bool]], Any]


class BackgroundJob(QObject):
    """Runs `fn(progress, should_stop)` in its thread; `cancel()` may be called from any thread."""

    progressed = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, fn: Work) -> None:
        super().__init__()
        self.fn = fn
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()

    @Slot()
    def run(self) -> None:
        try:
            result = self.fn(self.progressed.emit, self._stop.is_set)
        except Exception as exc:  # shown by the owner rather than lost in the thread
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.finished.emit(result)


def start_job(
    owner: QObject,
    fn: Work,
    *,
    progressed: Callable[[int, int], None],
    finished: Callable[[Any], None],
    failed: Callable[[str], None],
    thread_done: Callable[[], None],
) -> tuple[QThread, BackgroundJob]:
    """Start `fn` in a new thread owned by `owner`; the callbacks must be bound slots of `owner`
    (a lambda would run in the worker thread)."""
    thread = QThread(owner)
    job = BackgroundJob(fn)
    job.moveToThread(thread)
    thread.started.connect(job.run)
    job.progressed.connect(progressed)
    job.finished.connect(finished)
    job.failed.connect(failed)
    job.finished.connect(thread.quit, Qt.ConnectionType.DirectConnection)
    job.failed.connect(thread.quit, Qt.ConnectionType.DirectConnection)
    thread.finished.connect(thread_done)
    thread.start()
    return thread, job
