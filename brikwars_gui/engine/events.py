"""Typed events: every state change the engine makes is one of these, carrying the dice behind it.

Events are frozen dataclasses registered by `kind`, so a JSONL log (`to_dict` per line) can be
read back (`event_from_dict`) and compared event by event during `brikwars-sim replay`.
Rule modules define their own event classes with the `@register_event` decorator.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, TypeVar

_REGISTRY: dict[str, type[Event]] = {}

E = TypeVar("E", bound="Event")


def _plain(value: Any) -> Any:
    """JSON-ready copy: tuples become lists, nested dataclasses become dicts."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@dataclasses.dataclass(frozen=True)
class Event:
    """Base event. `kind` is the registry key; `units`/`cells` say what to highlight in the GUI."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"kind": self.kind, **data}

    def describe(self) -> str:
        """One readable line for reports and the event log."""
        fields = ", ".join(f"{k}={v}" for k, v in self.to_dict().items() if k != "kind")
        return f"{self.kind}: {fields}"

    @property
    def units(self) -> tuple[str, ...]:
        """Ids of the units involved (for highlighting); subclasses with unit fields override."""
        names = ("unit", "target", "attacker", "responder", "victim")
        return tuple(v for n in names if isinstance(v := getattr(self, n, None), str))


def register_event(cls: type[E]) -> type[E]:
    """Class decorator: make `cls` a frozen dataclass and register it by its `kind`."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    if cls.kind in _REGISTRY and _REGISTRY[cls.kind] is not cls:
        raise ValueError(f"event kind {cls.kind!r} registered twice")
    _REGISTRY[cls.kind] = cls
    return cls


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from `to_dict` output (lists stay lists; compare via `to_dict`)."""
    kind = data.get("kind")
    cls = _REGISTRY.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown event kind {kind!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    return cls(**{k: v for k, v in data.items() if k in names})


def registered_kinds() -> dict[str, type[Event]]:
    return dict(_REGISTRY)
