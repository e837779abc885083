"""What the program says about itself: version, licence, homepage, third-party notices.

Read from the installed distribution's metadata (pyproject.toml is the one source): the licence
text is the wheel's `License-File` (dist-info/licenses/LICENSE, also copied into the bundle with
the metadata), the homepage its `Project-URL`. A checkout that is not installed falls back to the
repository's LICENSE file.
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

from brikwars_gui import __version__

DISTRIBUTION = "brikwars_gui"
LICENCE = "MIT"
_CHECKOUT_LICENCE = Path(__file__).resolve().parent.parent / "LICENSE"


def _metadata() -> metadata.PackageMetadata | None:
    try:
        return metadata.metadata(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def licence_text() -> str:
    """The full MIT licence text the package ships (its License-File)."""
    try:
        text = metadata.distribution(DISTRIBUTION).read_text("licenses/LICENSE")
    except metadata.PackageNotFoundError:
        text = None
    if not text and _CHECKOUT_LICENCE.is_file():
        text = _CHECKOUT_LICENCE.read_text(encoding="utf-8")
    return text or f"{LICENCE} licence (the licence file is missing from this installation)"


def project_urls() -> dict[str, str]:
    """Project-URL label → address, from the metadata (empty when not installed)."""
    meta = _metadata()
    pairs = (entry.split(", ", 1) for entry in (meta.get_all("Project-URL") or [] if meta else []))
    return {label: url for label, url in pairs}


def homepage() -> str | None:
    return project_urls().get("Homepage")


def third_party_notices() -> Path | None:
    """The bundle's THIRD-PARTY-NOTICES.txt (written by packaging/notices.py); None outside a bundle,
    where pip installed every library with its own licence files."""
    if not getattr(sys, "frozen", False):
        return None
    path = Path(sys.executable).resolve().parent / "share" / "doc" / "brikwars" / "THIRD-PARTY-NOTICES.txt"
    return path if path.is_file() else None


def version_line(program: str, *, qt: bool = False) -> str:
    """The `--version` text: `PROGRAM VERSION (Python X[, Qt for Python Y]; MIT licence)`."""
    line = f"{program} {__version__} (Python {sys.version.split()[0]}"
    if qt:
        import PySide6  # the package only (cheap): no Qt library is loaded for its version

        line += f", Qt for Python {PySide6.__version__}"
    return line + f"; {LICENCE} licence)"
