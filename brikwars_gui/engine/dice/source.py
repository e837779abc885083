"""The one source of every die roll in the engine (OpenSpiel-style chance inputs).

Rules never call `random`; they ask a `DiceSource` for the natural face of one die.
A seed or a script of faces therefore replays a battle exactly.

The seeded stream is spelled out here rather than left to `random.randint`, whose algorithm Python
does not promise to keep: a 32-bit Mersenne Twister (numpy's `MT19937` bit generator) whose state is
set by MT19937's reference `init_by_array` from the seed's 32-bit words (least significant first, of
its absolute value), and a d`n` face is `1 + r` for the first `r = word >> (32 - n.bit_length())`
below `n` (each draw takes one 32-bit word). That is exactly what CPython's `random.Random(seed)
.randint(1, n)` has computed since Python 3.2, so games saved before the change replay unchanged;
`tests/engine/test_dice_stream.py` pins the faces.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

import numpy as np

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


_MT_N = 624


def _init_by_array(key: list[int]) -> list[int]:
    """MT19937's reference `init_by_array` (Matsumoto & Nishimura, 2002): the 624 state words."""
    mt = [0] * _MT_N
    mt[0] = 19650218
    for i in range(1, _MT_N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
    i, j = 1, 0
    for _ in range(max(_MT_N, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
        i, j = i + 1, (j + 1) % len(key)
        if i >= _MT_N:
            mt[0], i = mt[_MT_N - 1], 1
    for _ in range(_MT_N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i >= _MT_N:
            mt[0], i = mt[_MT_N - 1], 1
    mt[0] = 0x80000000
    return mt


def _seed_words(seed: int) -> list[int]:
    """The seed's absolute value as 32-bit words, least significant first (at least one)."""
    seed, words = abs(seed), []
    while True:
        words.append(seed & 0xFFFFFFFF)
        seed >>= 32
        if not seed:
            return words


class SeededDice:
    """Pseudo-random faces from a seeded Mersenne Twister stream (see the module's docstring), so
    one seed replays a game on any Python and numpy version."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        start = seed if seed is not None else int.from_bytes(os.urandom(16), "little")
        self._bits = np.random.MT19937()
        key = np.array(_init_by_array(_seed_words(start)), dtype=np.uint32)
        self._bits.state = {"bit_generator": "MT19937", "state": {"key": key, "pos": _MT_N}}
        self._token: tuple[bytes, int] | None = None  # `snapshot()` until the next roll

    def roll(self, sides: int, purpose: str = "") -> int:
        if sides < 1:  # the rejection loop below would never end
            raise ValueError(f"a die needs at least one side, not {sides} {purpose}".rstrip())
        self._token = None
        shift = 32 - sides.bit_length()
        while True:
            r = int(self._bits.random_raw()) >> shift
            if r < sides:
                return r + 1

    def snapshot(self) -> Any:
        """An opaque, comparable token of the generator's position (see `restore`). Kept until the
        next roll: every order takes one, most orders roll nothing, and reading the 624-word state
        cost ~7% of replaying a 2,000-unit saved game (issue 26)."""
        token = self._token
        if token is None:
            state = self._bits.state["state"]
            token = self._token = (state["key"].tobytes(), int(state["pos"]))
        return token

    def restore(self, token: Any) -> None:
        """Rewind to a `snapshot()`: the next faces are the ones that followed it."""
        key, pos = token
        key = np.frombuffer(key, dtype=np.uint32).copy()
        self._bits.state = {"bit_generator": "MT19937", "state": {"key": key, "pos": pos}}
        self._token = token


_MASK64 = (1 << 64) - 1


def _mix64(x: int) -> int:
    """SplitMix64's finaliser: a 64-bit word whose bits all depend on every bit of `x`."""
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9 & _MASK64
    x = (x ^ (x >> 27)) * 0x94D049BB133111EB & _MASK64
    return x ^ (x >> 31)


class KeyedDice:
    """Faces keyed by what is rolled, not by when (issue 25: Hard's play-outs, `tactics/rollout.py`).

    A roll whose purpose starts with one of `actors` ("red-rifle-1 attack with Rifle") is keyed by
    its purpose and how many times that purpose was rolled before; every other roll ("Rifle damage",
    "Pistol damage overskill", "resistance of blue-captain") by the last such roll and how many
    times its own purpose came since. So the `n`-th shot of a unit, its Damage and the target's
    resistance come out the same whatever other units rolled before: two copies of a game that
    differ in one unit's choice share the luck of every other unit's attacks (common random
    numbers), and comparing the choices on a few draws compares the choices, not the dice. A face
    is the seed and the key (CRC-32 of the purposes, the counts) mixed by SplitMix64, reduced to
    `1..sides` (the bias of a 64-bit word modulo a die's sides is below 1e-17). Never the dice of
    a real game (`SeededDice` is)."""

    def __init__(self, seed: int, actors: Iterable[str] = ()) -> None:
        self.seed = seed
        self.actors = frozenset(actors)
        self._counts: dict[str, int] = {}  # an actor's purpose -> its rolls so far
        self._anchor = 0  # key of the last roll by an actor (0: none yet)
        self._since: dict[str, int] = {}  # other purposes -> their rolls since that roll
        self._crc: dict[str, tuple[int, bool]] = {}  # purpose -> (CRC-32, starts with an actor)
        self._token: Any = None  # `snapshot()` until the next roll (every order takes one)

    def roll(self, sides: int, purpose: str = "") -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides} {purpose}".rstrip())
        known = self._crc.get(purpose)
        if known is None:
            by = purpose.split(" ", 1)[0] in self.actors
            known = self._crc[purpose] = (zlib.crc32(purpose.encode()), by)
        crc, by_actor = known
        self._token = None
        counts = self._counts if by_actor else self._since
        n = counts.get(purpose, 0)
        counts[purpose] = n + 1
        key = _mix64(((0 if by_actor else self._anchor) ^ (crc << 32 | n)) & _MASK64)
        if by_actor:
            self._anchor, self._since = key, {}
        word = _mix64((self.seed & _MASK64) ^ key)
        return 1 + word % sides

    def snapshot(self) -> Any:
        """The counts so far and the last actor's roll (see `restore`)."""
        if self._token is None:
            self._token = (tuple(self._counts.items()), self._anchor, tuple(self._since.items()))
        return self._token

    def restore(self, token: Any) -> None:
        """Rewind to a `snapshot()`: each purpose's next roll is the one that followed it."""
        counts, self._anchor, since = token
        self._counts, self._since = dict(counts), dict(since)
        self._token = token


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


class SessionDice:
    """`script` faces first (tests, worked examples), then `SeededDice(seed)`: the dice of a saved
    game (its `dice_script`, then its `seed`), as the window plays it. Rewindable
    (`snapshot()`/`restore()`), so `Game` gives back the dice drawn by an order that failed and the
    game stays replayable from its log; a checkpoint keeps its position (engine/checkpoint.py), so
    the window and `brikwars-sim` read each other's."""

    def __init__(self, seed: int, script: Iterable[int] | None = None) -> None:
        self.seed = seed
        self.script = list(script or [])
        self._scripted = ScriptedDice(self.script)
        self._seeded = SeededDice(seed)

    def roll(self, sides: int, purpose: str = "") -> int:
        if self._scripted.remaining > 0:
            return self._scripted.roll(sides, purpose)
        return self._seeded.roll(sides, purpose)

    def snapshot(self) -> tuple[int, Any]:
        return self._scripted.snapshot(), self._seeded.snapshot()

    def restore(self, token: tuple[int, Any]) -> None:
        self._scripted.restore(token[0])
        self._seeded.restore(token[1])


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
