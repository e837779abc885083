"""The one source of every die roll in the engine (OpenSpiel-style chance inputs).

Rules never call `random`; they ask a `DiceSource` for the natural face of one die.
A seed or a script of faces therefore replays a battle exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

VALID_SIDES: tuple[int, ...] = (4, 6, 8, 10, 12, 20)


class DiceError(Exception):
    """Base class for dice problems the caller should show to the user."""


class DiceScriptExhausted(DiceError):
    """A scripted source was asked for more rolls than it holds."""


class ImpossibleScriptedRoll(DiceError):
    """A scripted value cannot appear on the die being rolled (e.g. a 5 on a d4)."""


@runtime_checkable
class DiceSource(Protocol):
    """Anything that yields natural die faces; `purpose` labels the roll for logs and errors."""

    def roll(self, sides: int, purpose: str = "") -> int: ...


@runtime_checkable
class RewindableDice(Protocol):
    """A source that can give dice back: `restore(snapshot())` puts it where it was, so the next
    rolls are the ones it would have handed out then (used to undo a failed order)."""

    def snapshot(self) -> Any: ...

    def restore(self, token: Any) -> None: ...


def dice_snapshot(source: DiceSource) -> Any:
    """`source.snapshot()`, or None when the source cannot rewind."""
    return source.snapshot() if isinstance(source, RewindableDice) else None


class SeededDice:
    """Pseudo-random faces from a private `random.Random`, so one seed replays a game."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int, purpose: str = "") -> int:
        return self._rng.randint(1, sides)

    def snapshot(self) -> Any:
        """An opaque token of the generator's position (see `restore`)."""
        return self._rng.getstate()

    def restore(self, token: Any) -> None:
        """Rewind to a `snapshot()`: the next faces are the ones that followed it."""
        self._rng.setstate(token)


class ScriptedDice:
    """Returns given faces in order: for tests, worked examples and `--dice-script` replays."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.position = 0

    @property
    def remaining(self) -> int:
        return len(self._faces) - self.position

    def roll(self, sides: int, purpose: str = "") -> int:
        label = f" for {purpose}" if purpose else ""
        if self.position >= len(self._faces):
            raise DiceScriptExhausted(
                f"dice script ran out after {len(self._faces)} rolls (needed a d{sides}{label})"
            )
        face = self._faces[self.position]
        if not 1 <= face <= sides:
            raise ImpossibleScriptedRoll(
                f"scripted roll #{self.position + 1} is {face}, impossible on a d{sides}{label}"
            )
        self.position += 1
        return face

    def snapshot(self) -> int:
        """The script position (see `restore`)."""
        return self.position

    def restore(self, token: int) -> None:
        """Rewind to a `snapshot()`: the faces drawn since are handed out again."""
        if not 0 <= token <= len(self._faces):
            raise ValueError(f"dice script position {token} out of range")
        self.position = token


class RecordingDice:
    """Wraps another source and keeps every (sides, face, purpose) it hands out, for event logs."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.record: list[tuple[int, int, str]] = []
        self._checked: Any = None  # the inner source `_rewinds` was computed for
        self._rewinds = False

    def roll(self, sides: int, purpose: str = "") -> int:
        face = self.inner.roll(sides, purpose)
        self.record.append((sides, face, purpose))
        return face

    @property
    def can_rewind(self) -> bool:
        return isinstance(self.inner, RewindableDice)

    def snapshot(self) -> tuple[int, Any]:
        """(record length, the inner source's snapshot or None if it cannot rewind)."""
        inner = self.inner
        if inner is not self._checked:  # a Protocol isinstance check is slow: once per source
            self._checked, self._rewinds = inner, isinstance(inner, RewindableDice)
        return len(self.record), inner.snapshot() if self._rewinds else None

    def restore(self, token: tuple[int, Any]) -> None:
        """Forget the rolls recorded since `snapshot()` and rewind the inner source (if it can)."""
        length, inner = token
        if inner is not None and isinstance(self.inner, RewindableDice):
            self.inner.restore(inner)
        del self.record[length:]
