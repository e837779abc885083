"""Event logs (JSONL) and replays.

A log is one JSON header line — `{"log": "brikwars-sim", "engine_version", "scenario", "seed" |
"dice_script", "max_rounds", "options"}` — then one event per line (`Event.to_dict()`).
Replaying re-issues the logged orders (and logged decisions) on the same scenario with the same
dice and checks that every event comes out identical (`compare_events`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from brikwars_gui import __version__
from brikwars_gui.engine.dice.source import DiceSource, ScriptedDice, SeededDice
from brikwars_gui.engine.events import Event
from brikwars_gui.engine.rules.common import RuleOptions
from brikwars_gui.engine.session import Game, ScriptedPolicy
from brikwars_gui.engine.state import GameState


class LogError(ValueError):
    """The log file cannot be read or replayed."""


def plain(data: dict[str, Any]) -> dict[str, Any]:
    """What the dict becomes after a JSON round trip (tuples → lists)."""
    return json.loads(json.dumps(data))


def event_dicts(events: Iterable[Event | dict[str, Any]]) -> list[dict[str, Any]]:
    return [plain(e.to_dict() if isinstance(e, Event) else e) for e in events]


def make_header(
    scenario: str | os.PathLike[str],
    *,
    seed: int | None,
    script: Sequence[int] | None,
    max_rounds: int | None,
    options: RuleOptions | None = None,
) -> dict[str, Any]:
    return {
        "log": "brikwars-sim",
        "engine_version": __version__,
        "scenario": str(scenario),
        "seed": seed,
        "dice_script": list(script) if script is not None else None,
        "max_rounds": max_rounds,
        "options": asdict(options or RuleOptions()),
    }


def write_log(
    path: str | os.PathLike[str], header: dict[str, Any], events: Iterable[Event | dict[str, Any]]
) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(header) + "\n")
        for data in event_dicts(events):
            fh.write(json.dumps(data) + "\n")


def read_log(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise LogError(f"{path}: {exc.strerror or exc}") from None
    if not lines:
        raise LogError(f"{path}: empty log")
    try:
        header = json.loads(lines[0])
        events = [json.loads(line) for line in lines[1:] if line.strip()]
    except json.JSONDecodeError as exc:
        raise LogError(f"{path}: line {exc.lineno}: not JSON ({exc.msg})") from None
    if header.get("log") != "brikwars-sim":
        raise LogError(f"{path}: the first line is not a brikwars-sim log header")
    return header, events


def dice_from_header(header: dict[str, Any]) -> DiceSource:
    script = header.get("dice_script")
    if script is not None:
        return ScriptedDice(int(f) for f in script)
    return SeededDice(header.get("seed"))


def resolve_scenario_path(header: dict[str, Any], log_path: str | os.PathLike[str]) -> Path:
    """The header's scenario path, as given or relative to the log's folder."""
    given = Path(header["scenario"])
    if given.exists() or given.is_absolute():
        return given
    beside = Path(log_path).parent / given
    return beside if beside.exists() else given


@dataclass
class Difference:
    index: int
    expected: dict[str, Any] | None
    actual: dict[str, Any] | None


def compare_events(expected: Sequence[dict[str, Any]], actual: Sequence[dict[str, Any]]) -> Difference | None:
    """The first differing event (None when both lists are the same)."""
    for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
        if a != b:
            return Difference(i, a, b)
    if len(expected) != len(actual):
        i = min(len(expected), len(actual))
        return Difference(
            i, expected[i] if i < len(expected) else None, actual[i] if i < len(actual) else None
        )
    return None


def replay_events(
    scenario: Any, header: dict[str, Any], events: Sequence[dict[str, Any]]
) -> tuple[Game, Difference | None, str | None]:
    """Re-run a logged game and compare its events with the log.

    Returns the game, the first difference (None if identical) and the error that stopped the
    replay early, if any (an order that became illegal, a dice script that ran out...)."""
    options = RuleOptions(**header.get("options", {}))
    answers = [e for e in events if e.get("kind") == "decided"]
    game = Game(
        GameState.from_scenario(scenario),
        dice_from_header(header),
        policy=ScriptedPolicy(answers),
        max_rounds=header.get("max_rounds"),
        options=options,
    )
    error = None
    try:
        for order in (e for e in events if e.get("kind") == "order"):
            if game.over:
                break
            game.apply_order(order)
    except Exception as exc:  # report it with the first differing event
        error = f"{type(exc).__name__}: {exc}"
    return game, compare_events(events, event_dicts(game.events)), error
