"""Saved games: a scenario plus the dice and the orders that replay the battle (`format_version` 2).

A saved game file is JSON with `"kind": "saved_game"`: the whole `scenario`, the dice (`seed`, and/or
a `dice_script` of faces used first, then the seed), the `order` and `decided` events of the game
(what `Game.from_events` needs to replay it), for display only the round and active player, and
optionally a `checkpoint` of the game those orders build (`engine/checkpoint.py`: opening installs
it instead of replaying when its key matches, issue 26).

* `load_saved_game(path)` / `parse_saved_game(text, source)` return a validated `SavedGame` or raise
  `ScenarioError` with the loader's `source: json.path: problem` lines.
* `save_saved_game(saved, path)` writes atomically with `scenario.io.atomic_write_text`, like scenarios.
* `is_saved_game_text(text)` / `is_saved_game_file(path)` tell a saved game from a scenario.
"""

from __future__ import annotations

import json
import os
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from brikwars_gui.scenario.io import (
    ScenarioError,
    atomic_write_text,
    decode_json,
    describe_validation_error,
    format_json,
    format_version_problem,
    read_text_file,
    scenario_to_data,
)
from brikwars_gui.scenario.io import show_value as _show
from brikwars_gui.scenario.limits import LimitError, data_problems, loads_limited, read_limited
from brikwars_gui.scenario.models import FORMAT_VERSION, Facing, Scenario
from brikwars_gui.scenario.ruleset_models import migrate_scenario_data

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
REPLAY_KINDS = ("order", "decided", "unit_joined")
"""Events a saved game keeps: the orders and decisions it replays, and the units that joined the
battle (`engine/rules/roster.py`: a summoned Diemon), so a later order of such a unit names a unit
the file knows."""


class Checkpoint(BaseModel):
    """The game the orders build, kept beside them (`engine/checkpoint.py`): `payload` is its
    compressed pickle in base64, `key` the SHA-256 of what it was computed from (`checkpoint_key`).
    It is used only when the key matches; a reader may always ignore it and replay the orders.
    `events`: it stands for the file's first `events` events only (the autosave's checkpoint of an
    earlier end of turn, the journal's orders after it replayed on top); absent: for all of them."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(pattern=r"^[0-9a-f]{64}$")
    payload: str = Field(pattern=r"^[A-Za-z0-9+/]*={0,2}$")
    events: int | None = Field(default=None, ge=0)


class SavedGame(BaseModel):
    """A game in progress: replay `events` (orders and decisions) on `scenario` with the dice."""

    model_config = ConfigDict(extra="forbid")

    format_version: Literal[1, 2] = FORMAT_VERSION  # 1 is read (`saved_game_from_data` migrates)
    kind: Literal["saved_game"] = SAVED_GAME_KIND
    engine_version: str = ""
    scenario: Scenario
    seed: int | None = None
    dice_script: list[int] | None = None
    max_rounds: int | None = Field(default=None, ge=1)
    events: list[dict[str, Any]] = Field(default_factory=list)
    round: int = Field(default=1, ge=1)
    active_player: str = ""
    checkpoint: Checkpoint | None = None

    @model_validator(mode="after")
    def _check(self) -> SavedGame:
        if self.seed is None and self.dice_script is None:
            raise ValueError("a saved game needs a seed or a dice_script to replay its dice")
        units = {u.id for u in self.scenario.units}
        problems = []
        for i, event in enumerate(self.events):
            problems += event_problems(i, event, units)
            if event.get("kind") == "unit_joined" and isinstance(event.get("unit"), str):
                units.add(event["unit"])  # its orders from here on name a known unit
        if problems:
            raise ValueError("\n".join(problems))
        ids = {p.id for p in self.scenario.players}
        if self.active_player and self.active_player not in ids:
            raise ValueError(f"active_player: {self.active_player!r} is not a player of the scenario")
        return self

    @property
    def order_count(self) -> int:
        return sum(1 for e in self.events if e.get("kind") == "order")


ORDER_NAMES = ("move", "act", "face", "end_unit", "end_turn")
FACINGS = tuple(f.value for f in Facing)


def event_problems(i: int, event: dict[str, Any], units: set[str] | None = None) -> list[str]:
    """`events[i].path: problem` lines for an event that `Game.from_events` could not replay.

    With `units` (the scenario's unit ids) an order naming a unit the scenario lacks is a problem.
    """
    at = f"events[{i}]"
    kind = event.get("kind")
    if "kind" not in event:
        return [f"{at}.kind: required field is missing"]
    if kind not in REPLAY_KINDS:
        return [f"{at}: expected an order or decided event, got {_show(kind)}"]
    if kind == "decided":
        return [
            _field_problem(f"{at}.{name}", event, name, "a string")
            for name in ("question", "unit", "answer")
            if not isinstance(event.get(name), str)
        ]
    if kind == "unit_joined":
        if isinstance(event.get("unit"), str):
            return []
        return [_field_problem(f"{at}.unit", event, "unit", "a unit id")]
    name = event.get("order")
    if "order" not in event:
        return [f"{at}.order: required field is missing"]
    if name not in ORDER_NAMES:
        return [f"{at}.order: expected one of {', '.join(ORDER_NAMES)}, got {_show(name)}"]
    problems: list[str] = []
    if name != "end_turn" and not isinstance(event.get("unit"), str):
        problems.append(_field_problem(f"{at}.unit", event, "unit", "a unit id"))
    elif name != "end_turn" and units is not None and event["unit"] not in units:
        problems.append(f"{at}.unit: unknown unit {event['unit']!r}")
    if name in ("end_unit", "end_turn"):
        args = event.get("args", {})
        if not isinstance(args, dict):
            problems.append(f"{at}.args: expected an object {{...}}, got {_show(args)}")
        return problems
    if "args" not in event:
        return [*problems, f"{at}.args: required field is missing"]
    args = event["args"]
    if not isinstance(args, dict):
        return [*problems, f"{at}.args: expected an object {{...}}, got {_show(args)}"]
    if name == "move":
        if "path" in args:  # a move to a cell records its path too (both are checked on replay)
            path = args["path"]
            if not isinstance(path, list) or not path or not _are_cells(path):
                problems.append(f"{at}.args.path: expected a list of [x, y] integers, got {_show(path)}")
        if "to" in args:
            if not _is_cell(args["to"]):
                problems.append(f"{at}.args.to: expected [x, y] integers, got {_show(args['to'])}")
        elif "path" not in args:
            problems.append(f"{at}.args: a move needs 'to' ([x, y]) or 'path' (a list of [x, y])")
    elif name == "act":
        from brikwars_gui.engine.order_families import order_from_dict  # the engine imports this package

        try:
            order_from_dict(args)
        except KeyError as exc:
            missing = exc.args[0] if exc.args else "?"
            problems.append(f"{at}.args.{missing}: required field is missing")
        except (ValueError, TypeError, IndexError) as exc:
            problems.append(f"{at}.args: {exc}")
    elif name == "face":
        facing = args.get("facing")
        if facing not in FACINGS:
            problems.append(
                _field_problem(f"{at}.args.facing", args, "facing", "one of " + ", ".join(FACINGS))
            )
    return problems


def _field_problem(path: str, container: dict[str, Any], name: str, expected: str) -> str:
    if name not in container:
        return f"{path}: required field is missing"
    return f"{path}: expected {expected}, got {_show(container[name])}"


def _are_cells(values: list[Any]) -> bool:
    """`_is_cell` of each: one pass without a call per cell (a 2,000-unit game's paths hold
    ~14,000 cells, checked on every open, issue 26); `type() is int` also refuses booleans."""
    return all(type(c) is list and len(c) == 2 and type(c[0]) is int and type(c[1]) is int for c in values)


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


# -- reading -----------------------------------------------------------------------------------------


def is_saved_game_data(data: Any) -> bool:
    return isinstance(data, dict) and data.get("kind") == SAVED_GAME_KIND


def is_saved_game_text(text: str) -> bool:
    """True when `text` is a JSON object with `"kind": "saved_game"` (False for anything else)."""
    try:
        return is_saved_game_data(loads_limited(text))
    except (ValueError, RecursionError):
        return '"saved_game"' in text[:4000] and '"kind"' in text[:4000]


def is_saved_game_file(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is a saved game; False for anything unreadable (devices, FIFOs, huge files)."""
    try:
        return is_saved_game_text(read_limited(path).decode("utf-8-sig", errors="replace"))
    except (OSError, LimitError):
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
    problem = format_version_problem(data, required=True)
    if problem:
        raise ScenarioError(source, [f"{source}: {problem}"])
    too_big = data_problems(data)
    if too_big:
        raise ScenarioError(source, [f"{source}: {line}" for line in too_big])
    if isinstance(data.get("scenario"), dict):  # format 1 named the ruleset `dice_system`
        data = {**data, "scenario": migrate_scenario_data(data["scenario"])}
    try:
        saved = SavedGame.model_validate_json(json.dumps(data), strict=True)
        saved.format_version = FORMAT_VERSION  # written back in the newest form
        return saved
    except ValidationError as exc:
        raise ScenarioError(
            source, [f"{source}: {line}" for line in describe_validation_error(exc, SavedGame)]
        ) from None


# -- writing -----------------------------------------------------------------------------------------


def saved_game_to_data(saved: SavedGame) -> dict[str, Any]:
    data = saved.model_dump(mode="json", exclude={"scenario", "checkpoint"})
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
        **({"checkpoint": saved.checkpoint.model_dump(exclude_none=True)} if saved.checkpoint else {}),
    }


def dump_saved_game(saved: SavedGame) -> str:
    return format_json(saved_game_to_data(saved), 0) + "\n"


def save_saved_game(saved: SavedGame, path: str | os.PathLike[str], *, compact: bool = False) -> None:
    """Write atomically; the text is read back first, so a file the loader rejects is never written.
    `compact`: on one line, not laid out for reading (the recovery slot's autosave: laying out a
    2,000-unit battle takes ~0.3-0.45 s of each end of turn, `json.dumps` ~0.02 s)."""
    if compact:
        text = json.dumps(saved_game_to_data(saved), ensure_ascii=False) + "\n"
    else:
        text = dump_saved_game(saved)
    parse_saved_game(text, source=os.fspath(path))
    atomic_write_text(path, text)
