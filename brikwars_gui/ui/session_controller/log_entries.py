"""The event log's lines (`LogEntry`), the cells and dice an event names, and the on-map result
of an event (`MapResult`): words and numbers the engine computed, nothing recomputed here."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from brikwars_gui.scenario.savegame import REPLAY_KINDS
from brikwars_gui.ui.session_controller.supernatural import sn_dice_detail
from brikwars_gui.ui.session_controller.views import Cell, _cell

log = logging.getLogger("brikwars_gui.play")


class _Lines:
    """An entry's `text`, `detail` and `cells`, given or made from its event when first read: a
    resumed 2,000-unit game has ~6,000 entries and the log shows a screenful (issue 26)."""

    __slots__ = ("_cells", "_detail", "_event", "_text")

    def __init__(self, text: str | None, detail: str = "", cells: tuple[Cell, ...] = (), event: Any = None):
        self._text, self._detail, self._cells, self._event = text, detail, cells, event

    def get(self) -> tuple[str, str, tuple[Cell, ...]]:
        if self._event is not None:
            event, self._event = self._event, None
            data = event.to_dict()
            if self._text is None:
                try:
                    self._text = event.describe()
                except Exception:  # a describe() bug must not break the log
                    log.exception("describing a %s event failed", event.kind)
                    self._text = f"{event.kind}: {data}"
            self._detail = sn_dice_detail(event, dice_detail(data))
            self._cells = event_cells(data)
        return self._text or "", self._detail, self._cells


class LogEntry:
    """One line of the log. `text` (given, or the event's `describe()`), `detail` (the dice) and
    `cells` are made from `event` when first read; `numbered(i)` copies share them."""

    __slots__ = ("_lines", "index", "kind", "note", "player", "round", "seen_by", "units")

    def __init__(
        self,
        index: int,
        round: int,
        player: str,
        kind: str,
        text: str | None,
        detail: str = "",
        units: tuple[str, ...] = (),
        cells: tuple[Cell, ...] = (),
        note: str = "",  # the tactical AI's explanation of the order (docs/ai.md)
        seen_by: frozenset[str] | None = None,  # the human sides that witnessed it (None: every side)
        *,
        event: Any = None,
    ) -> None:
        self.index, self.round, self.player, self.kind = index, round, player, kind
        self.units, self.note, self.seen_by = units, note, seen_by
        self._lines = _Lines(text, detail, cells, event)

    @property
    def text(self) -> str:
        return self._lines.get()[0]

    @property
    def detail(self) -> str:
        return self._lines.get()[1]

    @property
    def cells(self) -> tuple[Cell, ...]:
        return self._lines.get()[2]

    def numbered(self, index: int) -> LogEntry:
        """This entry as line `index` of a player's log (the lines are shared, not made again)."""
        copy = object.__new__(LogEntry)
        copy.index, copy.round, copy.player, copy.kind = index, self.round, self.player, self.kind
        copy.units, copy.note, copy.seen_by, copy._lines = self.units, self.note, self.seen_by, self._lines
        return copy

    def __repr__(self) -> str:
        return f"LogEntry({self.index}, {self.round}, {self.player!r}, {self.kind!r}, {self.text!r})"


@dataclass(frozen=True)
class MapResult:
    """An outcome to show where it happened (issue 10): `kind` is hit, miss, damage, killed,
    disrupted, blast or bail; `radius` (inches) for a blast; `area` the cells of an SN Effect's
    area (its d8 arcs and d10 radius, R-SN-27/28), outlined instead of a circle."""

    kind: str
    at: Cell
    text: str
    radius: int = 0
    area: tuple[Cell, ...] = ()


def map_result(event: Any, position: Callable[[str], Cell | None]) -> MapResult | None:
    """The on-map result of an engine event (None for events that have none), in words and
    numbers the engine computed; `position(unit_id)` gives a unit's (or object's) cell."""
    kind = event.kind
    if kind == "attacked":
        at = _cell(getattr(event, "at", None)) or position(event.target)
        roll = getattr(event, "roll", None) or {}
        total, needed = roll.get("total"), getattr(event, "needed", None)
        difficulty = roll.get("difficulty")  # the ruleset's own number (D6 difficulty, Nine Powers level)
        if isinstance(difficulty, int):
            needed = difficulty
        versus = f" ({total} vs {needed})" if total is not None and needed is not None else ""
        if isinstance(difficulty, str) and "lowest" in roll:
            versus = f" (lowest die {roll['lowest']}, {difficulty.replace('_', ' ').title()})"
        if getattr(event, "critical_failure", False):
            return MapResult("miss", at, "Critical Failure!" + versus, 0) if at else None
        if event.hit:
            damage = getattr(event, "damage", None)
            text = "Hit" + versus + (f": {damage} Damage" if damage is not None else "")
            return MapResult("hit", at, text) if at else None
        return MapResult("miss", at, "Miss" + versus) if at else None
    if kind == "armor_rolled":
        at = position(event.target)
        outcome = {"none": "no effect", "size_lost": '−1" Size'}.get(event.outcome, event.outcome)
        text = f"{event.damage} vs Armor {event.armor}: {outcome}"
        return MapResult("damage", at, text) if at else None
    if kind in ("killed", "disrupted"):
        at = position(event.unit)
        return MapResult(kind, at, "Killed!" if kind == "killed" else "Disrupted") if at else None
    if kind == "exploded":
        at = _cell(event.at)
        text = f'Blast {event.radius}": {event.damage} Damage'
        return MapResult("blast", at, text, int(event.radius)) if at else None
    if kind == "bailed":
        at = _cell(event.to)
        return MapResult("bail", at, f'Bails {event.inches}"') if at else None
    return None


CELL_KEYS = ("at", "path", "cells", "toward", "to", "landing", "spot", "pos", "cell", "from_cell")


DICE_KEYS = ("roll", "damage_roll", "boost", "burning", "hazard_roll", "dice", "rolls")


def event_cells(data: dict[str, Any]) -> tuple[Cell, ...]:
    """Cells named by an event's fields (for highlighting on the map)."""
    out: list[Cell] = []
    for key in CELL_KEYS:
        value = data.get(key)
        cell = _cell(value)
        if cell is not None:
            out.append(cell)
        elif isinstance(value, list):
            out.extend(c for v in value if (c := _cell(v)) is not None)
    return tuple(dict.fromkeys(out))


def dice_detail(data: dict[str, Any]) -> str:
    """The dice behind an event: each roll's `.explain()` text (bonus chains, Overskill, Critical
    Failure), the Armor explanation, or the JSON of the event when it rolled nothing."""
    lines: list[str] = []

    def walk(value: Any, label: str) -> None:
        if isinstance(value, dict):
            text = value.get("text") if ("dice" in value or "total" in value) else None
            if isinstance(text, str) and text:
                lines.append(f"{label}: {text}" if label else text)
                return
            for k, v in value.items():
                if isinstance(v, dict | list):
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, label)

    for key, value in data.items():
        if key == "explain" and isinstance(value, str):
            lines.append(f"Armor: {value}")
        elif isinstance(value, dict | list) and key not in ("path", "cells", "options", "args"):
            walk(value, key)
    if data.get("critical_failure") is True and not any("CRITICAL" in s.upper() for s in lines):
        lines.append("Critical Failure")
    if data.get("overskill"):
        lines.append(f"Overskill: {data['overskill']}")
    return "\n".join(lines)


def _replay_kinds(events: Iterable[Any]) -> list[dict[str, Any]]:
    out = []
    for e in events:
        d = e.to_dict() if hasattr(e, "to_dict") else dict(e)
        if d.get("kind") in REPLAY_KINDS:
            out.append(d)
    return out
