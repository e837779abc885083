"""Reading and writing scenario files (JSON, `format_version` 2, 1 migrated); see docs/scenario-format.md.

* `load_scenario(path)` / `parse_scenario(text, source)` return a validated `Scenario` or raise
  `ScenarioError`, whose `.messages` are one line per problem: `skirmish.json: units[2].move: must be >= 0`.
* `dump_scenario(scenario)` gives the canonical text: model field order (but an area's `rects`
  and `cells` last), fields equal to their default left out (except `format_version`, always
  first), indent 2, short lists and flat objects on one line, UTF-8, trailing newline.
  `parse_scenario(dump_scenario(s)) == s` and dumping is stable.
* `save_scenario(scenario, path)` writes that text atomically (temp file in the same directory,
  fsync, `os.replace`): the old file stays intact if anything fails, and a file is never written
  that `load_scenario` would reject.
* Shared with `savegame.py`: `read_text_file(path)` and `decode_json(text, source)` (the same read,
  UTF-8 and JSON error messages), `atomic_write_text(path, text)`, `format_json(value, indent)` (the
  canonical layout), `no_duplicate_keys` (a `json.loads` hook raising `DuplicateKeyError`),
  `fsync_directory(directory)`.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import stat
import tempfile
import types
import typing
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from brikwars_gui.scenario.limits import (
    LimitError,
    NumberTooLong,
    capped,
    data_problems,
    loads_limited,
    long_number_at,
    read_limited,
)
from brikwars_gui.scenario.models import FORMAT_VERSION, Scenario
from brikwars_gui.scenario.ruleset_models import READABLE_VERSIONS, migrate_scenario_data

__all__ = [
    "ScenarioError",
    "decode_json",
    "dump_scenario",
    "load_scenario",
    "parse_scenario",
    "read_text_file",
    "save_scenario",
    "scenario_to_data",
]

_LINE_WIDTH = 100
"""Lists and flat objects that fit in this many columns are written on one line."""


class ScenarioError(Exception):
    """A scenario file that cannot be used; `messages` holds one `source: path: problem` line each,
    at most `limits.MAX_MESSAGES` of them and a line counting the rest (`count` is the total)."""

    def __init__(self, source: str, messages: Iterable[str]) -> None:
        self.source = source
        every = list(messages) or [f"{source}: invalid scenario"]
        self.count = len(every)
        self.messages = capped(every)
        super().__init__("\n".join(self.messages))


# -- reading -----------------------------------------------------------------------------------------


def read_text_file(path: str | os.PathLike[str], max_bytes: int | None = None) -> str:
    """The UTF-8 text (a BOM allowed) of the file at `path`; a `ScenarioError` naming the path as
    given when it cannot be read, is not a regular file, is over `max_bytes` (default
    `limits.MAX_FILE_BYTES`) or is not UTF-8 (scenarios and saved games alike)."""
    source = os.fspath(path)
    try:
        data = read_limited(path, max_bytes)
    except IsADirectoryError:
        raise ScenarioError(source, [f"{source}: cannot read: it is a directory"]) from None
    except LimitError as exc:
        raise ScenarioError(source, [f"{source}: cannot read: {exc}"]) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ScenarioError(source, [f"{source}: cannot read: {reason}"]) from None
    except ValueError:  # os.stat: "embedded null byte"
        raise ScenarioError(source, [f"{source!r}: cannot read: not a valid file name"]) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScenarioError(
            source, [f"{source}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})"]
        ) from None


def decode_json(text: str, source: str = "<string>") -> Any:
    """The JSON value of `text` (duplicate keys refused); a `ScenarioError` with the line and
    column otherwise (an empty file, invalid JSON, nesting too deep)."""
    if not text.strip():
        raise ScenarioError(source, [f"{source}: the file is empty (expected a JSON object)"])
    try:
        return loads_limited(text, object_pairs_hook=no_duplicate_keys)
    except NumberTooLong as exc:
        line, column = long_number_at(text)
        raise ScenarioError(source, [f"{source}: line {line}, column {column}: {exc}"]) from None
    except DuplicateKeyError as exc:
        raise ScenarioError(source, [f"{source}: invalid JSON: {exc}"]) from None
    except json.JSONDecodeError as exc:
        ends_early = " (the file ends too early)" if exc.pos >= len(text.rstrip()) else ""
        raise ScenarioError(
            source, [f"{source}: line {exc.lineno}, column {exc.colno}: invalid JSON: {exc.msg}{ends_early}"]
        ) from None
    except RecursionError:
        raise ScenarioError(source, [f"{source}: invalid JSON: nested too deeply"]) from None


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate the scenario file at `path` (UTF-8 JSON); errors name the path as given."""
    return parse_scenario(read_text_file(path), source=os.fspath(path))


def parse_scenario(text: str, source: str = "<string>") -> Scenario:
    """Validate scenario JSON `text`; `source` (a file name) prefixes every error message."""
    return scenario_from_data(decode_json(text, source), source=source)


def scenario_from_data(data: Any, source: str = "<data>") -> Scenario:
    """Validate already-decoded JSON data (a dict) into a `Scenario`, with the same messages.

    Types are checked strictly, as JSON: no numbers in strings, no "yes" for true.
    """
    if not isinstance(data, dict):
        raise ScenarioError(
            source, [f"{source}: expected a JSON object {{...}} at the top level, got {_kind(data)}"]
        )
    # The version decides how to read everything else, so it is checked first and alone.
    problem = format_version_problem(data)
    if problem:
        raise ScenarioError(source, [f"{source}: {problem}"])
    too_big = data_problems(data)
    if too_big:
        raise ScenarioError(source, [f"{source}: {line}" for line in too_big])
    data = migrate_scenario_data(data)  # format 1 named the ruleset `dice_system`
    try:
        # Strict JSON-mode validation: "5" is not an integer and "yes" is not true in a file,
        # while enum names and [x, y] lists are read as usual.
        return Scenario.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        raise ScenarioError(
            source, [f"{source}: {line}" for line in describe_validation_error(exc)]
        ) from None


def format_version_problem(data: dict[str, Any], *, required: bool = False) -> str | None:
    """The `format_version: problem` line for `data`'s version, or None when it can be read
    (a missing version is accepted unless `required`: scenarios may leave it out, saved games not)."""
    if "format_version" not in data:
        return "format_version: required field is missing" if required else None
    version = data["format_version"]
    if isinstance(version, bool) or not isinstance(version, int):
        return f"format_version: expected the integer {FORMAT_VERSION}, got {_show(version)}"
    if version not in READABLE_VERSIONS:
        return (
            f"format_version: unsupported version {version}; this program reads version {FORMAT_VERSION}"
            f" (and migrates {', '.join(str(v) for v in READABLE_VERSIONS if v != FORMAT_VERSION)})"
        )
    return None


class DuplicateKeyError(ValueError):
    pass


def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise DuplicateKeyError(f"key {key!r} appears twice in one object")
        result[key] = value
    return result


# -- pydantic errors → human lines --------------------------------------------------------------------


def describe_validation_error(
    exc: ValidationError, root: type[BaseModel] = Scenario, prefix: str = ""
) -> list[str]:
    """One `json.path: problem` line per error, in a wording meant for people editing the file.

    `root` is the model validated (`Scenario`, or `SavedGame` holding one under `scenario`): error
    locations are read from it to list an object's allowed fields. `prefix` (like `"scenario"`) is
    put before every path, for a model validated on its own but found inside a bigger file.
    Consistency problems of a nested Scenario get its path (`scenario.units[3].id: ...`)."""
    lines: list[str] = []
    for error in exc.errors(include_url=False):
        ctx = error.get("ctx") or {}
        loc = tuple(error["loc"])
        path = _join_path(prefix, json_path(loc))
        if error["type"] == "scenario_consistency":
            problems = ctx.get("problems") or [str(ctx.get("summary", error["msg"]))]
            lines.extend(_join_path(path, str(p)) for p in problems)
            continue
        message = _describe(error, loc, root)
        lines.extend(f"{path}: {line}" if path else line for line in message.split("\n") if line)
    return lines


def _join_path(prefix: str, rest: str) -> str:
    """`scenario` + `units[2].id: ...` → `scenario.units[2].id: ...` (either may be empty)."""
    if not prefix:
        return rest
    if not rest:
        return prefix
    return f"{prefix}{rest}" if rest.startswith("[") else f"{prefix}.{rest}"


def json_path(loc: tuple[Any, ...]) -> str:
    """`("units", 2, "move")` → `units[2].move`."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def _describe(error: Any, loc: tuple[Any, ...], root: type[BaseModel] = Scenario) -> str:
    kind: str = error["type"]
    ctx: dict[str, Any] = error.get("ctx") or {}
    got = error.get("input")
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return _unknown_field(loc, root)
    if kind in ("int_parsing", "int_type"):
        return f"expected an integer, got {_show(got)}"
    if kind == "int_from_float":
        return f"expected a whole number, got {_show(got)}"
    if kind in ("float_parsing", "float_type", "finite_number"):
        return f"expected a number, got {_show(got)}"
    if kind in ("bool_parsing", "bool_type"):
        return f"expected true or false, got {_show(got)}"
    if kind in ("string_type", "str_type"):
        return f"expected a string, got {_show(got)}"
    if kind in ("list_type", "tuple_type", "iterable_type"):
        return f"expected a list [...], got {_show(got)}"
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return f"expected an object {{...}}, got {_show(got)}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        op = {"greater_than_equal": ">=", "greater_than": ">", "less_than_equal": "<=", "less_than": "<"}[
            kind
        ]
        bound = next(iter(ctx.values()), "?")
        return f"must be {op} {bound}, got {_show(got)}"
    if kind == "string_too_short":
        if ctx.get("min_length") == 1:
            return "must not be empty"
        return f"must be at least {ctx.get('min_length')} characters"
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length')} characters"
    if kind == "too_short":
        if ctx.get("field_type") == "Tuple":
            return f"expected {ctx.get('min_length')} numbers, got {ctx.get('actual_length')}"
        return f"needs at least {ctx.get('min_length')} item(s)"
    if kind == "too_long":
        if ctx.get("field_type") == "Tuple":
            return f"expected {ctx.get('max_length')} numbers, got {ctx.get('actual_length')}"
        return f"allows at most {ctx.get('max_length')} item(s)"
    if kind in ("enum", "literal_error"):
        return f"expected one of {ctx.get('expected')}, got {_show(got)}"
    if kind == "string_pattern_mismatch":
        if loc and loc[-1] == "color":
            return f'expected a colour like "#c03030", got {_show(got)}'
        return f"does not match the pattern {ctx.get('pattern')}, got {_show(got)}"
    if kind in ("value_error", "assertion_error"):
        message = str(error["msg"])
        for prefix in ("Value error, ", "Assertion failed, "):
            message = message.removeprefix(prefix)
        return message
    message = str(error["msg"])
    return message[:1].lower() + message[1:]


def _unknown_field(loc: tuple[Any, ...], root: type[BaseModel] = Scenario) -> str:
    name = str(loc[-1]) if loc else "?"
    model = _model_at(loc[:-1], root)
    if model is None:
        return "unknown field"
    allowed = list(model.model_fields)
    close = difflib.get_close_matches(name, allowed, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"unknown field ({hint}allowed: {', '.join(allowed)})"


def _model_at(loc: tuple[Any, ...], root: type[BaseModel] = Scenario) -> type[BaseModel] | None:
    """The model class that the JSON object at `loc` of a `root` is read into (to list its fields)."""
    current: Any = root
    for part in loc:
        current = _unwrap(current)
        if isinstance(part, str):
            if not (isinstance(current, type) and issubclass(current, BaseModel)):
                return None
            field = current.model_fields.get(part)
            if field is None:
                return None
            current = field.annotation
        else:
            args = typing.get_args(current)
            if typing.get_origin(current) is list and args:
                current = args[0]
            elif typing.get_origin(current) is tuple and args:
                current = args[part] if part < len(args) else args[-1]
            else:
                return None
    current = _unwrap(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(annotation: Any) -> Any:
    """Strip `Annotated[...]` and `X | None` down to the interesting type."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            rest = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(rest) != 1:
                return annotation
            annotation = rest[0]
        else:
            return annotation


def show_value(value: Any) -> str:
    """A short JSON-ish rendering of an input value for messages."""
    if isinstance(value, str):
        text = repr(value)
    elif isinstance(value, dict):
        text = "an object {...}"
    elif isinstance(value, list):
        text = json.dumps(value)
    elif value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    else:
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_show = show_value


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list [...]"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return "a number"


# -- writing -----------------------------------------------------------------------------------------


def scenario_to_data(scenario: Scenario) -> dict[str, Any]:
    """The JSON data written for `scenario`: `format_version` first, default-valued fields left out."""
    data = _whole_floats_as_ints(scenario.model_dump(mode="json", exclude_defaults=True))
    data.pop("format_version", None)
    for section in _AREA_SECTIONS:
        if section in data:
            data[section] = [_area_cells_last(item) for item in data[section]]
    return {"format_version": scenario.format_version, **data}


def _whole_floats_as_ints(value: Any) -> Any:
    """`1.0` is written `1` (float fields read it back as 1.0, so the model is unchanged)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _whole_floats_as_ints(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole_floats_as_ints(v) for v in value]
    return value


_AREA_SECTIONS = ("terrain", "objects", "hazards")
"""Sections whose entries are areas: their (long) `rects` and `cells` are written after the other fields."""


def _area_cells_last(item: dict[str, Any]) -> dict[str, Any]:
    head = {k: v for k, v in item.items() if k not in ("rects", "cells")}
    tail = {k: item[k] for k in ("rects", "cells") if k in item}
    return {**head, **tail}


def dump_scenario(scenario: Scenario) -> str:
    """The canonical file text of `scenario` (see the module docstring); ends with a newline."""
    return format_json(scenario_to_data(scenario), 0) + "\n"


def save_scenario(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write `scenario` to `path` atomically: the old file is replaced only by a complete new one.

    The text is checked by reading it back first, so an in-place edit that broke the scenario
    raises `ScenarioError` (naming `path`) instead of writing a file that cannot be loaded.
    """
    source = os.fspath(path)
    text = dump_scenario(scenario)
    parse_scenario(text, source=source)
    atomic_write_text(path, text)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> None:
    """Replace `path` by a complete new file holding `text`, or leave the old file untouched.

    The text goes to a temporary file in the same directory (so `os.replace` is a rename on one
    file system), is flushed and fsynced, gets the old file's permissions (or the umask's for a
    new file) and replaces the target; the directory is fsynced where the platform allows it.
    On any failure the temporary file is removed and the exception propagates.
    """
    target = Path(path)
    payload = text.encode(encoding)
    directory = target.parent
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    fsync_directory(directory)


def fsync_directory(directory: Path) -> None:
    """Make the rename durable where the platform allows it (POSIX); best effort elsewhere."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def format_json(value: Any, indent: int, lead: int = 0) -> str:
    """JSON with indent 2, but lists and flat objects that fit the line width on one line.

    `indent` is the nesting indentation; `lead` the columns already used before the value on its
    first line (a key), which count against the width when it goes on one line.
    """
    inline = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, dict | list):
        return inline
    if _flat(value) and indent + lead + len(inline) + 1 <= _LINE_WIDTH:
        return inline
    pad = " " * (indent + 2)
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(not isinstance(v, dict | list) or _flat_list(v) for v in value):
            return _wrap_list(value, indent)
        items = [pad + format_json(v, indent + 2) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    if not value:
        return "{}"
    items = []
    for k, v in value.items():
        key = json.dumps(k, ensure_ascii=False)
        items.append(f"{pad}{key}: {format_json(v, indent + 2, len(key) + 2)}")
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def _flat_list(value: Any) -> bool:
    return isinstance(value, list) and all(not isinstance(v, dict | list) for v in value)


def _no_objects(value: Any) -> bool:
    if isinstance(value, dict):
        return False
    if isinstance(value, list):
        return all(_no_objects(v) for v in value)
    return True


def _flat(value: Any) -> bool:
    """Lists without objects, and objects whose values hold no objects: these may go on one line."""
    if isinstance(value, dict):
        return all(_no_objects(v) for v in value.values())
    return _no_objects(value)


def _wrap_list(value: list[Any], indent: int) -> str:
    """A long list of scalars or small lists (cells, rects): several items per line."""
    pad = " " * (indent + 2)
    lines: list[str] = []
    line = ""
    for item in value:
        text = json.dumps(item, ensure_ascii=False, separators=(", ", ": "))
        if line and len(pad) + len(line) + len(text) + 2 > _LINE_WIDTH:
            lines.append(pad + line + ",")
            line = text
        else:
            line = f"{line}, {text}" if line else text
    lines.append(pad + line)
    return "[\n" + "\n".join(lines) + "\n" + " " * indent + "]"
