"""`hang_limit(seconds)`: a SIGALRM deadline that turns a hang into a failing test (issue 26). It is
a limit against hangs, never a measure of speed (speed is measured in benchmarks/)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def hang_limit(seconds: int) -> Iterator[None]:
    def hung(*_: Any) -> None:
        raise TimeoutError(f"no answer within {seconds} s: hung")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
