"""`-` for standard output: a file option given `-` (`run --log -`, `--gif -`, `forecast --heatmap
-`) writes to standard output, and the command's report then goes to standard error.

The usual writer (atomic text, PNG, GIF) writes a temporary file, whose bytes are copied to
standard output once the command has written it, so every format works through a pipe. Standard
input (`-` as a scenario, log, dice script or orders file) is read in `scenario.limits`.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import TextIO

STDIO = "-"


class StdoutFiles:
    """The outputs of one command; at most one of them may be `-` (and not with `--json`)."""

    def __init__(self, options: dict[str, str | None]) -> None:
        """`options`: option name (`--log`) → its value, None when not given."""
        self.options = {name: value for name, value in options.items() if value}
        self._folder: str | None = None
        self._written: list[Path] = []

    @property
    def takes_stdout(self) -> bool:
        return STDIO in self.options.values()

    def problem(self, *, json_report: bool = False) -> str | None:
        """Why the options cannot share standard output (None when they can)."""
        dashed = [name for name, value in self.options.items() if value == STDIO]
        if len(dashed) > 1:
            return f"only one output can go to standard output (-): {', '.join(dashed)}"
        if dashed and json_report:
            return f"{dashed[0]} - and --json would both write to standard output"
        return None

    def report_stream(self) -> TextIO:
        """Where the command's readable report goes: stderr when an output takes stdout."""
        return sys.stderr if self.takes_stdout else sys.stdout

    def target(self, name: str, suffix: str = "") -> str:
        """The path to write for the option value `name` (a temporary file for `-`)."""
        if name != STDIO:
            return name
        if self._folder is None:
            self._folder = tempfile.mkdtemp(prefix="brikwars-stdout-")
        path = Path(self._folder) / f"out{len(self._written)}{suffix}"
        self._written.append(path)
        return str(path)

    def flush(self) -> None:
        """Copy what was written for `-` to standard output (binary), then remove it."""
        try:
            for path in self._written:
                if path.is_file():
                    sys.stdout.flush()
                    with path.open("rb") as handle:
                        shutil.copyfileobj(handle, sys.stdout.buffer)
                    sys.stdout.buffer.flush()
        finally:
            if self._folder is not None:
                shutil.rmtree(self._folder, ignore_errors=True)
                self._folder = None
