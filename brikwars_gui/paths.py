"""Where bundled resources live: the package `brikwars_gui.resources`, found with importlib.resources.

The repository keeps them in the top-level `resources/` (sample scenarios, stylesheet, icons, the
rules text); pyproject.toml maps that folder to the package `brikwars_gui.resources` (setuptools'
`package-dir`), so an editable install, a wheel and the PyInstaller bundle all find them the same
way, never relative to the working directory. A wheel needs no `share/` data files. The user guide
ships the same way as `brikwars_gui.docs` (the repository's docs/user-guide.md).

Sample scenarios can be named instead of a path (`brikwars-sim run skirmish`, `brikwars
hazard_showcase`): `scenario_argument` turns a sample's name into its bundled file.
"""

from __future__ import annotations

import importlib.util
from importlib.resources import files
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent


def _resources() -> Path:
    try:
        root = files("brikwars_gui.resources")
    except ModuleNotFoundError:  # a checkout put on sys.path without being installed
        return _CHECKOUT / "resources"
    # Installed as plain files in every supported layout (wheel, editable, one-folder bundle);
    # a zipped install would need importlib.resources.as_file, which nothing here produces.
    return Path(str(root))


def _docs() -> Path:
    """The folder of `brikwars_gui.docs`: beside this module in a wheel or the bundle; where the
    editable install maps the namespace package (docs/ has no __init__.py); else the checkout's."""
    spec = importlib.util.find_spec("brikwars_gui.docs")
    mapped = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    for folder in (Path(__file__).resolve().parent / "docs", *mapped, _CHECKOUT / "docs"):
        if (folder / "user-guide.md").is_file():
            return folder
    return _CHECKOUT / "docs"


RESOURCES = _resources()
SCENARIOS = RESOURCES / "scenarios"
USER_GUIDE = _docs() / "user-guide.md"


def sample_names() -> list[str]:
    """The bundled sample scenarios, by name (file name without `.json`), sorted."""
    return sorted(p.stem for p in SCENARIOS.glob("*.json"))


def scenario_argument(name: str) -> str:
    """`name` as given when it is an existing file, `-` (standard input) or a path; else the bundled
    sample of that name (`skirmish` or `skirmish.json`); else `name` unchanged, so the loader's
    message names what the user typed."""
    if name == "-" or Path(name).exists() or "/" in name:
        return name
    stem = name.removesuffix(".json")
    sample = SCENARIOS / f"{stem}.json"
    return str(sample) if stem and sample.is_file() else name
