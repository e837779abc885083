"""Exact enumeration of a rule through the engine itself: every sequence of die faces the rules ask
for is played (a fresh `Game` per sequence, each face of each die asked for in turn) and its
outcome weighted by its probability. Exploding chains are infinite: a sequence less likely than
`floor` is not followed, and its mass is returned apart, so a test can bound the error.

The forecast's numbers (its own enumeration of the dice distributions) must agree with this
to within that mass: an independent check of what the card shows against what the game does."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from typing import Any

from brikwars_gui.engine.journal import begin, rollback


class _Ask(BaseException):
    """The script ran out: the game asks for one more die of `sides` (a BaseException: no rule
    may swallow it)."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class TreeDice:
    """Hands out a fixed prefix of faces, then raises `_Ask` for the next die (not rewindable, so
    `Game` never tries to replay it)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.position = 0

    def roll(self, sides: int, purpose: str = "") -> int:
        if self.position >= len(self.faces):
            raise _Ask(sides)
        face = self.faces[self.position]
        self.position += 1
        return face


def enumerate_outcomes(
    play: Callable[[TreeDice], Any], classify: Callable[[Any], Hashable], *, floor: float = 1e-7
) -> tuple[dict[Hashable, float], float]:
    """({outcome: probability}, mass not followed): `play(dice)` builds a game on `dice`, plays the
    rule and returns what `classify` turns into an outcome key (tuples of flags, say)."""
    outcomes: dict[Hashable, float] = defaultdict(float)
    pruned = 0.0
    stack: list[tuple[list[int], float]] = [([], 1.0)]
    while stack:
        faces, p = stack.pop()
        try:
            result = play(TreeDice(faces))
        except _Ask as ask:
            q = p / ask.sides
            if q < floor:
                pruned += p
                continue
            stack.extend(([*faces, f], q) for f in range(1, ask.sides + 1))
            continue
        outcomes[classify(result)] += p
    return dict(outcomes), pruned


def chance(outcomes: dict[Hashable, float], test: Callable[[Any], bool]) -> float:
    """Total probability of the outcomes for which `test(key)` holds."""
    return sum(p for key, p in outcomes.items() if test(key))


def on_game(game: Any, play: Callable[[Any], Any]) -> Callable[[TreeDice], Any]:
    """A `play` for `enumerate_outcomes` that reuses one started `Game`: each sequence runs
    `play(game)` with the game's dice drawn from it, and everything it changed (state, events,
    dice record) is undone after through the engine's own journal, so no game is rebuilt."""

    def run(dice: TreeDice) -> Any:
        journal = begin()
        events, record = len(game.events), len(game.dice.record)
        game.dice.inner = dice
        try:
            return play(game)
        finally:
            rollback(journal)
            del game.events[events:]
            del game.dice.record[record:]

    return run
