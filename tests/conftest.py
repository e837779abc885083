"""Test configuration: Qt always runs offscreen here, whoever calls pytest.

Each test process (each pytest-xdist worker: `./test.sh` runs `pytest -n 2`) gets its own config,
data and cache folders, so Qt settings written by a window opened without its own settings file,
autosaves and logs never touch the user's real ones, nor another worker's.

`replays` lists how many orders each `Game.from_events` call (a full replay: an open's, an undo's,
a command's) was given.

Hypothesis runs without its per-example deadline (200 ms) and without the too-slow health check: both
measure the machine's speed, and a loaded CI machine failed them where the code was right. A test's
own `@settings` keeps these unless it names them."""

import atexit
import os
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_HOME = tempfile.mkdtemp(prefix=f"brikwars-tests-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = os.path.join(_HOME, _name.removeprefix("XDG_").removesuffix("_HOME").lower())
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)

settings.register_profile("brikwars", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("brikwars")


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """How many orders each `Game.from_events` call (an open's or an undo's replay) was given."""
    calls: list[int] = []
    from brikwars_gui.engine import session

    real = session.Game.from_events.__func__

    def counted(cls, scenario, events, dice, **kwargs):
        events = list(events)
        calls.append(sum(1 for e in events if (e.kind if hasattr(e, "kind") else e.get("kind")) == "order"))
        return real(cls, scenario, events, dice, **kwargs)

    monkeypatch.setattr(session.Game, "from_events", classmethod(counted))
    return calls
