"""The editor's write-ahead journal (issue 26): each edit is appended as what it changed.

Rewriting the whole scenario after every edit made a drag on a 2,000-unit scenario write the
whole file at every step. The journal (`editor.wal`) is one JSON line holding the scenario and
its file as they stood at the first unsaved edit (written atomically), then one line per edit,
appended, flushed and fsynced when the edit is done (the undo stack's `indexChanged`): the units
and objects it touched (by id, `null` when gone, with the new id order when one joined or left),
the terrain cells of the rectangle it painted, or the document's small sections (players, hazards,
fires, traps, options) when those changed. An undo or redo is journaled the same way: what it
changed, as it stands after it. A resize (or anything that changes the table) writes the whole
scenario again. `read_editor_journal` replays the lines on the first one; a last line cut short
by a kill is the edit that was in flight and is dropped.

The document's own change signals say what an edit touched (`EditorJournal.watch`); an edit that
emits none of them is journaled as the whole scenario, so nothing changed unnoticed is lost.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect

from brikwars_gui.scenario.io import ScenarioError, scenario_from_data, scenario_to_data
from brikwars_gui.scenario.limits import MAX_LOG_BYTES, LimitError, loads_limited, read_limited
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.write_ahead import AppendOnlyFile

EDITOR_JOURNAL_KIND = "editor_journal"
_LISTS = ("units", "objects")
"""Sections journaled item by item (by id): the big ones."""
_OWN = (*_LISTS, "terrain", "format_version")
"""Sections not journaled as a whole: the rest are small and written whole when they change."""


class EditorJournal(AppendOnlyFile):
    """Appends the editor document's edits to `path` as they are made."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self._forget()

    def _forget(self) -> None:
        self._items: dict[str, set[str]] = {name: set() for name in _LISTS}
        self._order: set[str] = set()  # sections whose id order changed (an item joined or left)
        self._rect: QRect | None = None
        self._small = False
        self._whole = False
        self._path_changed = False

    def watch(self, doc: Any) -> None:
        """Note what each edit of `doc` (an EditorDocument) touches, from its change signals."""
        for name, changed, added, removed in (
            ("units", doc.unitChanged, doc.unitAdded, doc.unitRemoved),
            ("objects", doc.objectChanged, doc.objectAdded, doc.objectRemoved),
        ):
            changed.connect(lambda item_id, name=name: self._items[name].add(item_id))
            added.connect(lambda item_id, name=name: self._joined(name, item_id))
            removed.connect(lambda item_id, name=name: self._joined(name, item_id))
        doc.terrainChanged.connect(self._painted)
        for signal in (doc.hazardsChanged, doc.firesChanged, doc.trapsChanged, doc.metaChanged):
            signal.connect(self._small_changed)
        doc.scenarioReset.connect(self._reset)
        doc.pathChanged.connect(self._moved)

    def _joined(self, name: str, item_id: str) -> None:
        self._items[name].add(item_id)
        self._order.add(name)

    def _painted(self, rect: QRect) -> None:
        self._rect = rect if self._rect is None else self._rect.united(rect)

    def _small_changed(self, *_args: Any) -> None:
        self._small = True

    def _reset(self) -> None:
        self._whole = True

    def _moved(self) -> None:
        self._path_changed = True

    def record(self, scenario: Scenario, terrain: Any, path: Path | None) -> None:
        """An edit is done: append what it changed (the first one writes the whole scenario)."""
        if not self.started:
            self.begin(scenario, path)
            return
        line = self._changes(scenario, terrain, path)
        self._forget()
        try:
            self.append_text(json.dumps(line, ensure_ascii=False) + "\n")
        except BaseException:
            self.close()  # the next edit starts over with the whole scenario: nothing is skipped
            raise

    def begin(self, scenario: Scenario, path: Path | None) -> None:
        """Start over from `scenario` (the first unsaved edit)."""
        data = scenario_to_data(scenario)
        self.start({"kind": EDITOR_JOURNAL_KIND, "path": _path_text(path), "scenario": data})
        self._forget()

    def _changes(self, scenario: Scenario, terrain: Any, path: Path | None) -> dict[str, Any]:
        touched = any(self._items.values()) or self._rect is not None or self._small
        if self._whole or not touched:  # a new table, or an edit that said nothing: all of it
            return {"path": _path_text(path), "scenario": scenario_to_data(scenario)}
        line: dict[str, Any] = {}
        if self._path_changed:
            line["path"] = _path_text(path)
        for name in _LISTS:
            if not self._items[name]:
                continue
            items = {item.id: item for item in getattr(scenario, name)}
            line[name] = {
                item_id: _dump(items[item_id]) if item_id in items else None
                for item_id in sorted(self._items[name])
            }
            if name in self._order:
                line[f"{name}_order"] = list(items)
        if self._rect is not None:
            line["terrain"] = _terrain_patch(terrain, self._rect)
        if self._small:
            small = [name for name in type(scenario).model_fields if name not in _OWN]
            line["sections"] = scenario.model_dump(mode="json", include=set(small))
        return line

def _path_text(path: Path | None) -> str | None:
    return str(path) if path else None


def _dump(item: Any) -> dict[str, Any]:
    return item.model_dump(mode="json", exclude_defaults=True)


def _terrain_patch(terrain: Any, rect: QRect) -> dict[str, Any]:
    """The kind and elevation codes of the painted rectangle (clipped to the table)."""
    height, width = terrain.kind.shape
    if rect.isNull() or not rect.isValid():
        x0, y0, x1, y1 = 0, 0, width, height
    else:
        x0, y0 = max(0, rect.left()), max(0, rect.top())
        x1, y1 = min(width, rect.right() + 1), min(height, rect.bottom() + 1)
    return {
        "at": [x0, y0],
        "kind": terrain.kind[y0:y1, x0:x1].tolist(),
        "elevation": terrain.elevation[y0:y1, x0:x1].tolist(),
    }


def read_editor_journal(path: Path) -> tuple[Scenario, Path | None]:
    """The scenario and original file an editor journal holds: its first line plus every
    complete edit line after it. `ScenarioError` naming the file when it cannot be used."""
    try:
        raw = read_limited(path, MAX_LOG_BYTES)
    except (OSError, LimitError) as exc:
        raise ScenarioError(str(path), [f"{path}: cannot read: {exc}"]) from None
    lines = []
    for line in raw.split(b"\n")[:-1]:  # after the last newline: nothing, or the edit in flight
        try:
            lines.append(loads_limited(line.decode("utf-8")))
        except (ValueError, RecursionError):
            break  # a torn line: nothing after it was acknowledged
    head = lines[0] if lines else None
    if not isinstance(head, dict) or head.get("kind") != EDITOR_JOURNAL_KIND:
        raise ScenarioError(str(path), [f"{path}: line 1: not an editor journal"])
    data, original, patches = head.get("scenario"), head.get("path"), []
    for line in lines[1:]:
        if not isinstance(line, dict) or not isinstance(data, dict):
            break
        original = line.get("path", original)
        if "scenario" in line:
            data, patches = line["scenario"], []
            continue
        data = _apply(data, line)
        if isinstance(line.get("terrain"), dict):
            patches.append(line["terrain"])
    scenario = scenario_from_data(data, str(path))
    if patches:
        scenario = _painted(scenario, patches, str(path))
    return scenario, Path(original) if isinstance(original, str) else None


def _apply(data: dict[str, Any], line: dict[str, Any]) -> dict[str, Any]:
    data = {**data, **(line.get("sections") or {})}
    for name in _LISTS:
        changes = line.get(name)
        if not isinstance(changes, dict):
            continue
        items = {item.get("id"): item for item in data.get(name, []) if isinstance(item, dict)}
        for item_id, item in changes.items():
            if item is None:
                items.pop(item_id, None)
            else:
                items[item_id] = item
        order = line.get(f"{name}_order")
        ids = order if isinstance(order, list) else list(items)
        data[name] = [items[item_id] for item_id in ids if item_id in items]
    return data


def _painted(scenario: Scenario, patches: list[dict[str, Any]], source: str) -> Scenario:
    """`scenario` with the journaled terrain rectangles painted over its terrain, in order."""
    import numpy as np

    from brikwars_gui.ui.layers import TerrainArrays

    arrays = TerrainArrays.from_scenario(scenario)
    try:
        for patch in patches:
            x, y = patch["at"]
            kind = np.array(patch["kind"], dtype=arrays.kind.dtype)
            elevation = np.array(patch["elevation"], dtype=arrays.elevation.dtype)
            arrays.kind[y : y + kind.shape[0], x : x + kind.shape[1]] = kind
            arrays.elevation[y : y + elevation.shape[0], x : x + elevation.shape[1]] = elevation
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ScenarioError(source, [f"{source}: a terrain edit cannot be read: {exc}"]) from None
    data = scenario_to_data(scenario)
    data["terrain"] = [_dump(region) for region in arrays.to_regions()]
    return scenario_from_data(data, source)
