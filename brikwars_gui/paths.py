"""Where bundled resources live: the package `brikwars_gui.resources`, found with importlib.resources.

The repository keeps them in the top-level `resources/` (sample scenarios, stylesheet, icons, the
rules text); pyproject.toml maps that folder to the package `brikwars_gui.resources` (setuptools'
`package-dir`), so an editable install, a wheel and the PyInstaller bundle all find them the same
way, never relative to the working directory. A wheel needs no `share/` data files.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def _resources() -> Path:
    try:
        root = files("brikwars_gui.resources")
    except ModuleNotFoundError:  # a checkout put on sys.path without being installed
        return Path(__file__).resolve().parent.parent / "resources"
    # Installed as plain files in every supported layout (wheel, editable, one-folder bundle);
    # a zipped install would need importlib.resources.as_file, which nothing here produces.
    return Path(str(root))


RESOURCES = _resources()
SCENARIOS = RESOURCES / "scenarios"
