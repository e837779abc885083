"""The timeline's per-turn snapshots, taken cheaply and converted only when read (issue 26).

`Game` keeps a picture of the battle at the start of every turn and at game over
(`GameState.snapshot`) so the GUI can scrub back to it. Converting the whole state to plain dicts
(`plain()` of every unit) took ~80 ms per turn for 2,000 units, three times while a saved game
opened; most pictures are never looked at. `Snapshots.take` keeps instead a pickle of the state
objects (about half the cost: a byte copy, so later changes cannot reach it) plus the few scalars
the timeline's labels read; `snapshots[i]` unpickles and converts on first read, then keeps the
dict. The fog-of-war knowledge is worked out at once (it needs the whole live state).
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

from brikwars_gui.engine.state import GameState, picture_of

__all__ = ["Snapshots"]


class _Taken:
    """A snapshot not read yet: the labels' scalars, the pickled state objects, the fog picture."""

    __slots__ = ("active_player", "blob", "fog", "round", "winner")

    def __init__(self, state: GameState) -> None:
        self.round, self.active_player, self.winner = state.round, state.active_player, state.winner
        self.blob = pickle.dumps(state.snapshot_parts(), protocol=pickle.HIGHEST_PROTOCOL)
        self.fog = state.fog_pictures() if state.fog_of_war else None

    def picture(self) -> dict[str, Any]:
        picture = picture_of(self.round, self.active_player, self.winner, pickle.loads(self.blob))
        if self.fog is not None:
            picture["fog"] = self.fog
        return picture


class Snapshots:
    """A list of `GameState.snapshot` dicts, each built the first time it is read."""

    def __init__(self) -> None:
        self._items: list[_Taken | dict[str, Any]] = []

    def take(self, state: GameState) -> None:
        """Keep the battle as `state` stands now (later changes to `state` do not reach it)."""
        self._items.append(_Taken(state))

    def turn(self, index: int) -> tuple[int, str]:
        """(round, active player) of snapshot `index`, without building it (timeline labels)."""
        item = self._items[index]
        if isinstance(item, _Taken):
            return item.round, item.active_player
        return item["round"], item["active_player"]

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: int) -> dict[str, Any]:
        item = self._items[index]
        if isinstance(item, _Taken):
            item = self._items[index] = item.picture()
        return item

    def __delitem__(self, index: int | slice) -> None:
        del self._items[index]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self[i] for i in range(len(self._items)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Snapshots | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]
