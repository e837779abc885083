"""Safe command-line output: control characters escaped, output paths checked before the work.

Names in a scenario are the file author's text: a unit called "\\x1b]0;pwned\\x07" must not retitle
the user's terminal, clear the screen or hide text. `cli.main` wraps stdout and stderr in
`EscapingWriter`, so every command's output is escaped in one place.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import TextIO

# C0 controls but newline and tab, DEL, C1 controls, and the bidirectional overrides/isolates
# (which reorder what the user sees).
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escape_controls(text: str) -> str:
    """`text` with every unsafe character written as a visible `\\xNN` / `\\uNNNN` escape."""
    return _UNSAFE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class EscapingWriter:
    """A text stream that passes every `write` through `escape_controls`."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(escape_controls(text))

    def __getattr__(self, name: str):  # flush, fileno, isatty, encoding...
        return getattr(self._stream, name)


def output_problem(path: str) -> str | None:
    """Why a file cannot be written at `path` (None when it can): checked before a long run, so a
    typo in `--log` costs a second, not the whole game. Creates and removes a probe file. `-` is
    standard output (commands/stdio.py)."""
    if path == "-":
        return None
    target = Path(path)
    if target.is_dir():
        return "it is a directory"
    if target.exists() and not target.is_file():
        return "not a regular file"
    directory = target.parent
    if not directory.is_dir():
        return f"the folder {str(directory)!r} does not exist"
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".probe", dir=directory)
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    os.unlink(probe)
    return None
