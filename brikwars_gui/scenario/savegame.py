"""Saved games: a scenario plus the dice and the orders that replay the battle (`format_version` 1).

A saved game file is JSON with `"kind": "saved_game"`: the whole `scenario`, the dice (`seed`, and/or
a `dice_script` of faces used first, then the seed), the `order` and `decided` events of the game
(what `Game.from_events` needs to replay it) and, for display only, the round and active player.

* `load_saved_game(path)` / `parse_saved_game(text, source)` return a validated `SavedGame` or raise
  `ScenarioError` with the loader's `source: json.path: problem` lines.
* `save_saved_game(saved, path)` writes atomically with `scenario.io.atomic_write_text`, like scenarios.
* `is_saved_game_text(text)` / `is_saved_game_file(path)` tell a saved game from a scenario.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from brikwars_gui.scenario.io import (
    ScenarioError,
    atomic_write_text,
    decode_json,
    describe_validation_error,
    format_json,
    read_text_file,
    scenario_to_data,
)
from brikwars_gui.scenario.models import FORMAT_VERSION, Scenario

__all__ = [
    "SAVED_GAME_KIND",
    "SavedGame",
    "dump_saved_game",
    "is_saved_game_file",
    "is_saved_game_text",
    "load_saved_game",
    "parse_saved_game",
    "save_saved_game",
]

SAVED_GAME_KIND = "saved_game"
REPLAY_KINDS = ("order", "decided")


class SavedGame(BaseModel):
    """A game in progress: replay `events` (orders and decisions) on `scenario` with the dice."""

    model_config = ConfigDict(extra="forbid")

    format_version: Literal[1] = FORMAT_VERSION
    kind: Literal["saved_game"] = SAVED_GAME_KIND
    engine_version: str = ""
    scenario: Scenario
    seed: int | None = None
    dice_script: list[int] | None = None
    max_rounds: int | None = Field(default=None, ge=1)
    events: list[dict[str, Any]] = Field(default_factory=list)
    round: int = Field(default=1, ge=1)
    active_player: str = ""

    @model_validator(mode="after")
    def _check(self) -> SavedGame:
        if self.seed is None and self.dice_script is None:
            raise ValueError("a saved game needs a seed or a dice_script to replay its dice")
        for i, event in enumerate(self.events):
            if event.get("kind") not in REPLAY_KINDS:
                raise ValueError(
                    f"events[{i}]: expected an order or decided event, got {event.get('kind')!r}"
                )
            if event.get("kind") == "order" and not isinstance(event.get("order"), str):
                raise ValueError(f"events[{i}]: an order event needs an 'order' name")
        ids = {p.id for p in self.scenario.players}
        if self.active_player and self.active_player not in ids:
            raise ValueError(f"active_player: {self.active_player!r} is not a player of the scenario")
        return self

    @property
    def order_count(self) -> int:
        return sum(1 for e in self.events if e.get("kind") == "order")


# -- reading -----------------------------------------------------------------------------------------


def is_saved_game_data(data: Any) -> bool:
    return isinstance(data, dict) and data.get("kind") == SAVED_GAME_KIND


def is_saved_game_text(text: str) -> bool:
    """True when `text` is a JSON object with `"kind": "saved_game"` (False for anything else)."""
    try:
        return is_saved_game_data(json.loads(text))
    except (ValueError, RecursionError):
        return '"saved_game"' in text[:4000] and '"kind"' in text[:4000]


def is_saved_game_file(path: str | os.PathLike[str]) -> bool:
    try:
        return is_saved_game_text(Path(path).read_bytes().decode("utf-8-sig", errors="replace"))
    except OSError:
        return False


def load_saved_game(path: str | os.PathLike[str]) -> SavedGame:
    return parse_saved_game(read_text_file(path), os.fspath(path))


def parse_saved_game(text: str, source: str = "<string>") -> SavedGame:
    return saved_game_from_data(decode_json(text, source), source)


def saved_game_from_data(data: Any, source: str = "<data>") -> SavedGame:
    if not isinstance(data, dict):
        raise ScenarioError(source, [f"{source}: expected a JSON object {{...}} at the top level"])
    if not is_saved_game_data(data):
        raise ScenarioError(source, [f'{source}: kind: expected "saved_game", got {data.get("kind")!r}'])
    version = data.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise ScenarioError(
            source,
            [
                f"{source}: format_version: unsupported version {version!r}; reads {FORMAT_VERSION}"
            ],
        )
    try:
        return SavedGame.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        raise ScenarioError(
            source, [f"{source}: {line}" for line in describe_validation_error(exc)]
        ) from None


# -- writing -----------------------------------------------------------------------------------------


def saved_game_to_data(saved: SavedGame) -> dict[str, Any]:
    data = saved.model_dump(mode="json", exclude={"scenario"})
    return {
        "format_version": saved.format_version,
        "kind": saved.kind,
        "engine_version": saved.engine_version,
        "round": saved.round,
        "active_player": saved.active_player,
        "seed": data["seed"],
        "dice_script": data["dice_script"],
        "max_rounds": data["max_rounds"],
        "scenario": scenario_to_data(saved.scenario),
        "events": data["events"],
    }


def dump_saved_game(saved: SavedGame) -> str:
    return format_json(saved_game_to_data(saved), 0) + "\n"


def save_saved_game(saved: SavedGame, path: str | os.PathLike[str]) -> None:
    """Write atomically; the text is read back first, so a file the loader rejects is never written."""
    text = dump_saved_game(saved)
    parse_saved_game(text, source=os.fspath(path))
    atomic_write_text(path, text)

