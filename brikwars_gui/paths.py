"""Where bundled resources live (the repository's `resources/`, installed editable)."""

from __future__ import annotations

from pathlib import Path

RESOURCES = Path(__file__).resolve().parent.parent / "resources"
SCENARIOS = RESOURCES / "scenarios"
