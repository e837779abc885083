"""Test configuration: Qt always runs offscreen here, whoever calls pytest.

Each test process (each pytest-xdist worker: `./test.sh` runs `pytest -n 2`) gets its own config,
data and cache folders, so Qt settings written by a window opened without its own settings file,
autosaves and logs never touch the user's real ones, nor another worker's."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_HOME = tempfile.mkdtemp(prefix=f"brikwars-tests-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = os.path.join(_HOME, _name.removeprefix("XDG_").removesuffix("_HOME").lower())
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
