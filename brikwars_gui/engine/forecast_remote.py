"""Forecast batches on any `concurrent.futures.Executor`, e.g. a Dask distributed cluster.

`run_on_executor` splits seeds `first .. stop-1` into batches, submits each batch as one task
(`play_seeds(scenario, start, a, b, max_rounds)`), and collects the results as they finish.
The report is aggregated in seed order afterwards, so it is identical to `--jobs 1` whatever the
cluster, the number of workers or the order in which batches come back.

`dask_executor(address)` opens a Dask `Client` (the optional extra `brikwars_gui[dask]`) and
yields its `concurrent.futures` executor; `address` is a scheduler address such as
`tcp://10.0.0.5:8786`, or `local` / `local:N` for an in-process `LocalCluster` of N workers
(handy for trying it out; it is how the tests run). See docs/forecast.md for a real cluster.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any

__all__ = ["DASK_MISSING", "dask_executor", "run_on_executor"]

DASK_MISSING = (
    "--dask needs Dask distributed: pip install 'brikwars_gui[dask]' (or: pip install 'dask[distributed]')"
)


def _batches(first: int, stop: int, count: int) -> list[tuple[int, int]]:
    total = max(0, stop - first)
    size = max(1, -(-total // max(1, count)))
    return [(a, min(a + size, stop)) for a in range(first, stop, size)]


def run_on_executor(
    executor: Executor,
    play: Callable[..., list[Any]],
    job: tuple[Any, Any, int, int, int],
    *,
    batches: int,
    results: list[Any],
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> bool:
    """Play `job = (scenario, start, first, stop, max_rounds)` in about `batches` tasks,
    appending to `results`; returns True when `should_stop()` cancelled the rest."""
    scenario, start, first, stop, max_rounds = job
    total = stop - first
    if progress:
        progress(0, total)
    pending: set[Future[list[Any]]] = {
        executor.submit(play, scenario, start, a, b, max_rounds) for a, b in _batches(first, stop, batches)
    }
    try:
        while pending:
            if should_stop():
                return True
            done, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in done:
                results.extend(future.result())
            if done and progress:
                progress(len(results), total)
    finally:
        for future in pending:
            future.cancel()
    return False


@contextlib.contextmanager
def dask_executor(address: str) -> Iterator[Executor]:
    """A Dask `Client` for `address` (or an in-process LocalCluster for `local[:N]`) as an Executor."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise RuntimeError(DASK_MISSING) from exc
    cluster = None
    if address == "local" or address.startswith("local:"):
        workers = int(address.partition(":")[2] or 2)
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        with client.get_executor(pure=False) as executor:
            yield executor
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
