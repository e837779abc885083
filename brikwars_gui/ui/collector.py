"""Python's cyclic garbage collector held off while a saved game opens (issue 26).

Opening a 2,000-unit game allocates ~130,000 long-lived objects (the replayed state, its events,
the timeline's snapshots, the map's tokens). The generational collector scans every tracked
object each time the oldest generation grows by a quarter, so the open triggered three full
collections, ~10% of its time, which found next to nothing to free: what an open makes stays. The
collector is switched off for the open and on again after it (failed or not); the open's own
cyclic garbage, if any, is collected at the next automatic collection.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """No automatic cyclic collection inside the block; the collector's state before is restored
    (an outer pause stays in force)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
