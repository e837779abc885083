"""The start method of every worker-process pool (forecasts, AI tournaments).

`fork` copies a process with threads (the Qt GUI, a Dask client, pytest-xdist's channel) in
whatever state those threads hold locks; Python 3.12 warns about it and 3.14 no longer uses it by
default. `forkserver` forks workers from a clean server that imported the engine once (cheap
workers); where it does not exist (macOS/Windows), `spawn`.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from typing import Any


def worker_context(preload: Sequence[str] = ()) -> Any:
    """A multiprocessing context whose workers start with the modules `preload` imported."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(preload))
    return context
