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

__all__ = ["DASK_MISSING", "check_address", "dask_executor", "run_on_executor"]

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


MAX_LOCAL_WORKERS = 64
"""`local:N` starts at most this many worker processes."""
CONNECT_SECONDS = 5
"""How long to wait for a scheduler to answer, and for it to have a worker, before giving up."""
ADDRESS_HELP = "write tcp://HOST:PORT (a Dask scheduler) or local:N (N local worker processes)"


def check_address(address: str) -> tuple[str, int]:
    """`("local", N)` or `(address, 0)` for a scheduler; `ValueError` with a clear message for
    anything else (`local:0` hung waiting for a worker, `nonsense` gave Dask's own traceback)."""
    if address == "local" or address.startswith("local:"):
        count = address.partition(":")[2] or "2"
        if not count.isdigit() or not 1 <= int(count) <= MAX_LOCAL_WORKERS:
            raise ValueError(f"local:N needs N from 1 to {MAX_LOCAL_WORKERS} worker processes, not {count!r}")
        return "local", int(count)
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address, strict=False)
        host, port = parse_host_port(location)
    except ValueError:
        raise ValueError(f"not a scheduler address: {ADDRESS_HELP}") from None
    if scheme not in ("tcp", "tls") or not host or not 0 < int(port) < 65536:
        raise ValueError(f"not a scheduler address: {ADDRESS_HELP}")
    return address, 0


def installed_version() -> str:
    """The brikwars_gui version of the process that runs this (each worker's, via `Client.run`)."""
    from brikwars_gui import __version__

    return __version__


CLIENT_VERSION = installed_version()


def _reachable(address: str) -> None:
    """Open and close a plain TCP connection first: a refused port is told at once (Dask retries
    it for its whole timeout), a host that does not answer within `CONNECT_SECONDS` too."""
    import socket

    from distributed.comm.addressing import parse_address, parse_host_port

    host, port = parse_host_port(parse_address(address, strict=False)[1])
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise RuntimeError(f"cannot connect to {address}: {reason}; check the address and port") from None


def _is_scheduler(address: str) -> None:
    """Ask `address` who it is, within `CONNECT_SECONDS` (a `Client` given a server that is not
    Dask took about 50 s to give up, whatever its timeout)."""
    import asyncio

    from distributed.core import rpc

    async def identity() -> Any:
        async with rpc(address, timeout=CONNECT_SECONDS) as remote:
            return await remote.identity()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), CONNECT_SECONDS))
    except Exception:
        answer = None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise RuntimeError(
            f"{address} does not answer as a Dask scheduler within {CONNECT_SECONDS} s; "
            "check the address and port (`dask scheduler` prints it)"
        )


def _connect(address: str) -> Any:
    from distributed import Client

    _reachable(address)
    _is_scheduler(address)
    try:
        client = Client(address, timeout=f"{CONNECT_SECONDS}s")
    except Exception as exc:  # refused, unreachable, not a Dask scheduler: Dask raises many kinds
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise RuntimeError(
            f"no Dask scheduler answered at {address} within {CONNECT_SECONDS} s ({reason}); "
            "check the address and that `dask scheduler` runs there"
        ) from None
    return client


def _check_workers(client: Any, address: str) -> None:
    """Wait briefly for a worker, then refuse a cluster whose workers run another brikwars_gui
    (their games would differ from this version's: a silently wrong report)."""
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        versions = client.run(installed_version, on_error="return")
    except Exception as exc:
        raise RuntimeError(f"the scheduler at {address} has no worker ready ({exc})") from None
    wrong = {w: v for w, v in versions.items() if v != CLIENT_VERSION}
    if wrong:
        shown = ", ".join(
            f"{w} has {v if isinstance(v, str) else 'no brikwars_gui'}" for w, v in sorted(wrong.items())[:5]
        )
        raise RuntimeError(
            f"workers must run brikwars_gui {CLIENT_VERSION} like this client: {shown}"
            + (f" (and {len(wrong) - 5} more)" if len(wrong) > 5 else "")
        )


@contextlib.contextmanager
def dask_executor(address: str) -> Iterator[Executor]:
    """A Dask `Client` for `address` (or an in-process LocalCluster for `local[:N]`, on
    127.0.0.1) as an Executor. Raises `ValueError` for a malformed address and `RuntimeError` when
    no scheduler answers within `CONNECT_SECONDS` or a worker runs another brikwars_gui version."""
    try:
        import distributed  # noqa: F401
    except ImportError as exc:
        raise RuntimeError(DASK_MISSING) from exc
    target, workers = check_address(address)
    cluster = None
    if workers:
        from distributed import LocalCluster

        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        )
        target = cluster.scheduler_address
    try:
        client = _connect(target)
    except BaseException:
        if cluster is not None:
            cluster.close()
        raise
    try:
        _check_workers(client, address)
        with client.get_executor(pure=False) as executor:
            yield executor
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
