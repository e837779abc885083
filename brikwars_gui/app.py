"""`brikwars`: start the desktop application (optionally on a scenario file)."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    print("brikwars: the GUI is not built yet; use brikwars-sim meanwhile.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
