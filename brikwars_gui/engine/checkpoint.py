"""Checkpoints: the game a saved file's orders build, kept so opening it need not replay them.

A saved game is a scenario, the dice and the orders (`scenario/savegame.py`); opening one replays
every order, which took ~40% of opening the 2,000-unit game in the GUI (issue 26). When the GUI
saves a game it also writes a checkpoint: what the replay builds (the state, every event, the
timeline's per-turn snapshots, the dice's position and record, and an `extra` the caller keeps
beside them: who witnessed each event) as a compressed pickle, under a key of everything it was
computed from (`checkpoint_key`: this engine's code, the numpy and Python versions, and the saved
game's scenario, dice and orders). Opening checks the key and installs the checkpoint instead of
replaying; any mismatch (an older file, other engine code, edited orders, a changed or damaged
payload) replays the orders as before, so a checkpoint never shows a state the orders would not
produce. Undo and the timeline work as after a replay: they read the restored events and
snapshots, and Undo replays the orders it keeps.

Unpickling runs code named by the data, and saved games come from anywhere: `loads` resolves only
the engine's own state, event and snapshot classes (dataclasses, `Journaled`, `Enum`) and a few
numpy constructors (`_Restricted.find_class`); a payload naming anything else is refused, and the
file replays. Its decompressed size is bounded too (`MAX_PAYLOAD_BYTES`).

A checkpoint may stand for the file's first `events` events only (`Checkpoint.events`): the battle
autosave keeps one of an earlier end of turn while its write-ahead journal appends the orders made
since (ui/recovery.py). Its key covers exactly that prefix, so the orders after it may grow; opening
installs it and replays only those (`restore_saved`, then `Game.play_on`). The key covers the
events through their running digest (`EventsDigest`), so the autosave can take a checkpoint within
a turn from a digest it feeds as orders are journaled, without keeping the events themselves.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import enum
import hashlib
import io
import pickle
import platform
import sys
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pydantic_core

from brikwars_gui import __version__
from brikwars_gui.engine.dice.source import DiceSource, RewindableDice, SessionDice
from brikwars_gui.engine.events import Event
from brikwars_gui.engine.journal import Journaled
from brikwars_gui.engine.session import DefaultPolicy, Game
from brikwars_gui.engine.snapshots import Snapshots, _Taken
from brikwars_gui.engine.state import GameState
from brikwars_gui.scenario.savegame import Checkpoint, SavedGame

__all__ = [
    "CheckpointError",
    "EventsDigest",
    "checkpoint_key",
    "checkpoint_of",
    "code_fingerprint",
    "dice_of_saved",
    "game_from_checkpoint",
    "game_of_saved",
    "loads",
    "make_checkpoint",
    "play_saved",
    "restore_saved",
    "with_checkpoint",
]

CHECKPOINT_VERSION = 1
"""The payload's layout; part of the key, so a checkpoint of another layout is never read."""
MAX_PAYLOAD_BYTES = 512 * 1024 * 1024
"""A payload decompressing to more than this is refused (a 2,000-unit game's is ~5 MB)."""

_ENGINE = "brikwars_gui.engine."
_ALLOWED: frozenset[tuple[str, str]] = frozenset(
    {
        ("brikwars_gui.engine.spatial", "_no_index"),  # pickles leave the unit index behind
        ("brikwars_gui.engine.visibility", "_no_cache"),  # and the sight cache
        ("brikwars_gui.engine.journal", "JDict"),  # the state's journaled containers
        ("brikwars_gui.engine.journal", "JList"),
        ("brikwars_gui.engine.journal", "JSet"),
        ("brikwars_gui.engine.spatial", "RosterMark"),  # the identity token of the roster
        ("brikwars_gui.engine.snapshots", "Snapshots"),
        ("brikwars_gui.engine.snapshots", "_Taken"),
        ("numpy", "dtype"),
        ("numpy", "ndarray"),
        ("numpy.core.multiarray", "_reconstruct"),
        ("numpy._core.multiarray", "_reconstruct"),
        ("numpy.core.multiarray", "scalar"),
        ("numpy._core.multiarray", "scalar"),
        ("numpy.core.numeric", "_frombuffer"),
        ("numpy._core.numeric", "_frombuffer"),
        ("builtins", "set"),
        ("builtins", "frozenset"),
        ("builtins", "bytearray"),
    }
)


class CheckpointError(ValueError):
    """A checkpoint that cannot be used (the caller replays the orders instead)."""


class _Restricted(pickle.Unpickler):
    """Resolves only the engine's data classes and the numpy pieces an array pickle names."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ALLOWED:
            return super().find_class(module, name)
        if module.startswith(_ENGINE) and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type) and (
                dataclasses.is_dataclass(found) or issubclass(found, Journaled | enum.Enum)
            ):
                return found
        raise CheckpointError(f"a checkpoint may not name {module}.{name}")


def loads(blob: bytes) -> Any:
    """The payload of a checkpoint written by `checkpoint_of`; `CheckpointError` if it is refused."""
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(blob, MAX_PAYLOAD_BYTES)
    except zlib.error as exc:
        raise CheckpointError(f"damaged checkpoint: {exc}") from None
    if inflate.unconsumed_tail:
        raise CheckpointError(f"a checkpoint larger than {MAX_PAYLOAD_BYTES // 2**20} MiB")
    try:
        return _Restricted(io.BytesIO(raw)).load()
    except CheckpointError:
        raise
    except Exception as exc:  # truncated or nonsense data: any unpickling error
        raise CheckpointError(f"damaged checkpoint: {type(exc).__name__}: {exc}") from None


def checkpoint_of(game: Game, extra: Any = None) -> bytes | None:
    """The compressed payload that `game_from_checkpoint` turns back into `game` (None when the
    game's dice cannot say where they are: a source without `snapshot()`)."""
    if not isinstance(game.dice.inner, RewindableDice):
        return None
    payload = (
        CHECKPOINT_VERSION,
        game.state,
        list(game.events),
        game.snapshots,
        list(game.dice.record),
        game.dice.inner.snapshot(),
        game.max_rounds,
        extra,
    )
    return zlib.compress(pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL), 1)


def game_from_checkpoint(blob: bytes, dice: DiceSource, **kwargs: Any) -> tuple[Game, Any]:
    """The game `checkpoint_of` kept, playing on with `dice` (a fresh source of the saved game's
    seed and script: it is moved to where the checkpoint's dice stood), and its `extra`.

    `kwargs` go to `Game` (policy, max_rounds...). Raises `CheckpointError` when the payload is
    refused or not a checkpoint of this layout; check its key first (`checkpoint_key`)."""
    payload = loads(blob)
    if not (isinstance(payload, tuple) and len(payload) == 8 and payload[0] == CHECKPOINT_VERSION):
        raise CheckpointError("not a checkpoint of this version")
    _, state, events, snapshots, record, token, max_rounds, extra = payload
    if not isinstance(state, GameState):
        raise CheckpointError("the checkpoint holds no game state")
    if not isinstance(events, list) or not all(isinstance(e, Event) for e in events):
        raise CheckpointError("the checkpoint's events are not a list of events")
    if not isinstance(snapshots, Snapshots) or not all(
        isinstance(s, _Taken | dict) for s in snapshots._items
    ):
        raise CheckpointError("the checkpoint's timeline is not a list of snapshots")
    if not isinstance(record, list):
        raise CheckpointError("the checkpoint's dice record is not a list")
    if not isinstance(dice, RewindableDice):
        raise CheckpointError("the dice cannot be moved to the checkpoint's position")
    if kwargs.get("max_rounds") != max_rounds:
        raise CheckpointError("the checkpoint was made for another round limit")
    try:
        dice.restore(token)
    except Exception as exc:  # a token that is not one of this source's
        raise CheckpointError(f"the checkpoint's dice position does not fit: {exc}") from None
    game = Game(state, dice, start=False, **kwargs)
    game.ctx.events[:] = events
    game.snapshots = snapshots
    game.dice.record[:] = record
    game._rounds_started = True
    return game, extra


@cache
def code_fingerprint() -> str:
    """What a checkpoint's key says about the code that made it: the version, Python's and numpy's
    versions and a hash of the engine's and scenario models' sources (a development build keeps
    its version number while its rules change). An app frozen without its sources (PyInstaller)
    hashes its executable's size and time instead: every build is another program."""
    digest = hashlib.sha256()
    for part in (__version__, sys.version, platform.python_implementation(), np.__version__):
        digest.update(part.encode() + b"\0")
    package = Path(__file__).resolve().parents[1]
    sources = [s for folder in ("engine", "scenario") for s in sorted((package / folder).rglob("*.py"))]
    for source in sources:
        digest.update(source.relative_to(package).as_posix().encode() + b"\0")
        digest.update(source.read_bytes())
    if not sources:
        built = Path(sys.executable).stat()
        digest.update(f"{sys.executable}\0{built.st_size}\0{built.st_mtime_ns}".encode())
    return digest.hexdigest()


class EventsDigest:
    """SHA-256 of a saved game's events, fed in order in any number of parts: the compact JSON of
    the list without its brackets (pydantic's, as a saved game writes them), so an event kept in
    memory and the same event read back from a file or journal hash alike. `count` events so far."""

    __slots__ = ("_hash", "count")

    def __init__(self, events: list[dict[str, Any]] = ()) -> None:
        self._hash = hashlib.sha256()
        self.count = 0
        self.add(events)

    def add(self, events: list[dict[str, Any]]) -> None:
        if not events:
            return
        text = pydantic_core.to_json(list(events))[1:-1]
        self._hash.update(b"," + text if self.count else text)
        self.count += len(events)

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def checkpoint_key(
    saved: SavedGame, blob: bytes, events: int | None = None, *, digest: EventsDigest | None = None
) -> str:
    """SHA-256 of what a checkpoint `blob` of `saved`'s first `events` events (None: all) was
    computed from: the payload's layout, the code (`code_fingerprint`), the saved game's replay
    inputs (scenario, dice, round limit, and exactly those orders and decisions, through their
    `EventsDigest`) and the payload itself, so a payload changed after it was written misses too;
    the events after the prefix are not part of it (a journal appends them). `digest`: the digest
    of those events, kept by the caller (then `saved`'s own events are not read)."""
    if digest is None:
        count = len(saved.events) if events is None else events
        if not 0 <= count <= len(saved.events):
            raise CheckpointError(f"a checkpoint of {count} events in a file of {len(saved.events)}")
        digest = EventsDigest(saved.events if count == len(saved.events) else saved.events[:count])
    key = hashlib.sha256()
    key.update(f"checkpoint {CHECKPOINT_VERSION}\0{code_fingerprint()}\0{digest.count}\0".encode())
    inputs = saved.model_dump_json(include={"scenario", "seed", "dice_script", "max_rounds"})
    key.update(inputs.encode() + b"\0" + digest.hexdigest().encode())
    key.update(b"\0" + hashlib.sha256(blob).digest())
    return key.hexdigest()


def make_checkpoint(
    saved: SavedGame,
    game: Game,
    extra: Any = None,
    *,
    prefix: bool = False,
    digest: EventsDigest | None = None,
) -> Checkpoint | None:
    """A checkpoint of `game`, whose orders are `saved`'s (None if it cannot have one). `prefix`:
    it says how many events it stands for, so the file may grow after it (the autosave's).
    `digest`: the game's orders are those it was fed, not `saved`'s (whose scenario and dice the
    key still reads); always a prefix."""
    blob = checkpoint_of(game, extra)
    if blob is None:
        return None
    return Checkpoint(
        key=checkpoint_key(saved, blob, digest=digest),
        payload=base64.b64encode(blob).decode("ascii"),
        events=digest.count if digest is not None else len(saved.events) if prefix else None,
    )


def with_checkpoint(saved: SavedGame, game: Game, extra: Any = None) -> SavedGame:
    """`saved` (the orders of `game`) with a checkpoint of `game` (unchanged if it cannot have one)."""
    kept = make_checkpoint(saved, game, extra)
    return saved if kept is None else saved.model_copy(update={"checkpoint": kept})


def dice_of_saved(saved: SavedGame) -> SessionDice:
    """Fresh dice of a saved game, of the kind whose position a checkpoint keeps (the window's)."""
    return SessionDice(saved.seed if saved.seed is not None else 0, list(saved.dice_script or []))


def restore_saved(
    saved: SavedGame, dice: DiceSource, **kwargs: Any
) -> tuple[Game, Any, list[dict[str, Any]]]:
    """The game where `saved`'s checkpoint stands, its `extra`, and the saved events after the
    events it stands for (none for a checkpoint of the whole file): replay them with
    `game.play_on`. `CheckpointError` (the caller replays every order) when it has none or its key
    does not match those events, this code and the payload."""
    if saved.checkpoint is None:
        raise CheckpointError("no checkpoint")
    count = saved.checkpoint.events
    try:
        blob = base64.b64decode(saved.checkpoint.payload, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise CheckpointError(f"damaged checkpoint: {exc}") from None
    if checkpoint_key(saved, blob, count) != saved.checkpoint.key:
        raise CheckpointError("the checkpoint was made by other code or for other orders")
    game, extra = game_from_checkpoint(blob, dice, **kwargs)
    return game, extra, saved.events[len(saved.events) if count is None else count :]


def game_of_saved(
    saved: SavedGame,
    dice: DiceSource,
    progress: Callable[[int, int], bool] | None = None,
    **kwargs: Any,
) -> tuple[Game, Any]:
    """The game of `saved` from its checkpoint, with the orders after it replayed, and the
    checkpoint's `extra`; `CheckpointError` (the caller replays the orders) when it has none or its
    key does not match. A fault replaying the orders after it propagates: replay them all then."""
    game, extra, rest = restore_saved(saved, dice, **kwargs)
    if rest:
        game.play_on(rest, progress)
        game.policy = kwargs.get("policy") or DefaultPolicy()
    return game, extra


def play_saved(
    saved: SavedGame, *, use_checkpoint: bool = True, progress: Callable[[int, int], bool] | None = None
) -> tuple[Game, str]:
    """The game of `saved` (`brikwars-sim replay` and `forecast`): from its checkpoint when it has
    one that fits, the orders after it replayed, else every order replayed; and how, in words.
    Raises what a full replay raises (`IllegalOrder`, `ValueError`) when the orders do not replay."""
    orders = saved.order_count
    why = "it has no checkpoint" if saved.checkpoint is None else "not asked to use its checkpoint"
    if use_checkpoint and saved.checkpoint is not None:
        try:
            game, _ = game_of_saved(saved, dice_of_saved(saved), progress, max_rounds=saved.max_rounds)
        except CheckpointError as exc:
            why = f"its checkpoint is not used: {exc}"
        except Exception as exc:  # the orders still decide what the game is: they replay
            why = f"its checkpoint is not used: {type(exc).__name__}: {exc}"
        else:
            count = saved.checkpoint.events
            after = 0 if count is None else sum(1 for e in saved.events[count:] if e.get("kind") == "order")
            return game, f"from its checkpoint of {orders - after} orders, {after} replayed after it"
    game = Game.from_events(
        saved.scenario, saved.events, dice_of_saved(saved), max_rounds=saved.max_rounds, progress=progress
    )
    return game, f"{orders} orders replayed ({why})"

