"""`forecast --dask ADDRESS` checks the address and connects with a short timeout (issue 26):
`local:0` / `local:-1` hung, `nonsense` and a server that is not Dask gave tracebacks, a refused
port took 30 s. Each now ends in a clear message and exit 2; a cluster whose workers run another
brikwars_gui version is refused. Clusters here listen on 127.0.0.1 only and are closed at the end."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hang_limit import hang_limit

from brikwars_gui.cli import main
from brikwars_gui.engine import forecast_remote
from brikwars_gui.paths import SCENARIOS

distributed = pytest.importorskip("distributed")

HANG = 60
"""Seconds after which the command counts as hung (a limit against hangs, not a speed measure)."""


@contextlib.contextmanager
def not_dask_server() -> Iterator[str]:
    """A TCP server on 127.0.0.1 that answers every connection like a web server and closes it."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                conn.sendall(b"HTTP/1.0 400 Bad Request\r\n\r\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(5)
        server.close()


def refused_address() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"tcp://127.0.0.1:{port}"  # nothing listens there any more


def _forecast(capsys, address: str) -> tuple[int, str]:
    capsys.readouterr()
    with hang_limit(HANG):
        code = main(["forecast", str(SCENARIOS / "skirmish.json"), "--runs", "2", "--dask", address])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("local:0", "local:N needs N from 1 to 64 worker processes, not '0'"),
        ("local:-1", "local:N needs N from 1 to 64 worker processes, not '-1'"),
        ("local:many", "local:N needs N from 1 to 64"),
        ("nonsense", "not a scheduler address: write tcp://HOST:PORT"),
        ("tcp://127.0.0.1:99999", "not a scheduler address"),
    ],
)
def test_a_malformed_address_is_refused_with_a_message(capsys, address, expected) -> None:
    code, err = _forecast(capsys, address)
    assert code == 2 and "Traceback" not in err
    assert err.startswith(f"--dask {address}: {expected}")


def test_a_refused_port_is_reported_at_once(capsys) -> None:
    address = refused_address()
    code, err = _forecast(capsys, address)
    assert code == 2 and f"cannot connect to {address}: Connection refused" in err


def test_a_server_that_is_not_dask_is_reported(capsys) -> None:
    with not_dask_server() as address:
        code, err = _forecast(capsys, address)
    assert code == 2 and "Traceback" not in err
    assert f"{address} does not answer as a Dask scheduler within 5 s" in err


@contextlib.contextmanager
def local_cluster() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    )
    try:
        yield cluster
    finally:
        cluster.close()


def test_workers_running_another_version_are_refused(monkeypatch) -> None:
    with hang_limit(HANG), local_cluster() as cluster:
        with forecast_remote.dask_executor(cluster.scheduler_address) as executor:
            assert executor.submit(sum, [1, 2]).result(timeout=HANG) == 3  # the same version: used
        monkeypatch.setattr(forecast_remote, "CLIENT_VERSION", "0.0.0-elsewhere")
        refused = r"workers must run brikwars_gui 0\.0\.0-elsewhere like this client: "
        address = cluster.scheduler_address
        with pytest.raises(RuntimeError, match=refused), forecast_remote.dask_executor(address):
            pass
