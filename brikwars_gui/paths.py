"""Where bundled resources live.

From a checkout (or an editable install) that is the repository's `resources/`; a wheel installs
the same tree as data files under `<prefix>/share/brikwars_gui/resources` (see pyproject.toml).
"""

from __future__ import annotations

import sys
from pathlib import Path


def _resources() -> Path:
    checkout = Path(__file__).resolve().parent.parent / "resources"
    if checkout.is_dir():
        return checkout
    return Path(sys.prefix) / "share" / "brikwars_gui" / "resources"


RESOURCES = _resources()
SCENARIOS = RESOURCES / "scenarios"
