"""Editor messages in words: a scenario problem reads `hazards[1].dice: smoke has no Hazard Dice`
in a file's error list (docs/scenario-format.md), but the GM painting a field should read
`Smoke 2 (field), dice: smoke has no Hazard Dice` — the thing named as the editor shows it."""

from __future__ import annotations

import re

from brikwars_gui.scenario.models import Scenario

_SECTIONS = {
    "units": "unit",
    "objects": "object",
    "hazards": "field",
    "fires": "fire",
    "traps": "trap",
    "terrain": "terrain area",
    "players": "player",
    "turn_order": "turn order",
}
_PATH = re.compile(r"^(?P<section>[a-z_]+)\[(?P<index>\d+)\](?P<rest>[\w.\[\]]*)")
_REFERENCE = re.compile(r"\b(?P<section>units|objects|hazards|fires|traps)\[(?P<index>\d+)\]( \('[^']*'\))?")
_FIELD_WORDS = {
    "dice": "Hazard Dice",
    "position": "position",
    "rects": "cells",
    "cells": "cells",
    "weapons": "weapon",
    "d6": "D6 stats",
    "ninepowers": "Nine Powers stats",
}


def thing_name(scenario: Scenario, section: str, index: int) -> str:
    """`Rifleman Ash (unit)`, `Smoke 2 (field)`, `fire on House`: the item as the editor names it."""
    items = getattr(scenario, section, None)
    kind = _SECTIONS.get(section, section)
    if not isinstance(items, list) or not 0 <= index < len(items):
        return f"{kind} {index + 1}"
    item = items[index]
    if section == "fires":
        target = scenario.find(item.object) if item.object else None
        if target is not None:
            return f"the fire on {target.name}"
        what = item.permanent.value if item.permanent else item.fire_type.value
        return f"the {what} fire {item.id}"
    if section == "hazards":
        return f"{item.name or item.id} ({item.kind.value} field)"
    name = getattr(item, "name", "") or getattr(item, "id", "")
    return f"{name} ({kind})" if name else f"{kind} {index + 1}"


def _field_words(rest: str) -> str:
    words = []
    for part in rest.strip(".").split("."):
        if not part:
            continue
        base, _, index = part.partition("[")
        word = _FIELD_WORDS.get(base, base.replace("_", " "))
        words.append(f"{word} {int(index.rstrip(']')) + 1}" if index and base == "weapons" else word)
    return ", ".join(w for w in words if w not in ("cells",) or len(words) == 1)


def in_words(scenario: Scenario, message: str) -> str:
    """A problem line (`section[i].field: text`) with its JSON path turned into the thing's name;
    references inside the text (`units[3] ('a')`) are named too. Other text comes back unchanged."""
    head, sep, text = message.partition(": ")
    match = _PATH.match(head) if sep else None
    if match is not None:
        name = thing_name(scenario, match["section"], int(match["index"]))
        field = _field_words(match["rest"])
        head = f"{name}, {field}" if field else name
    else:
        head, text = (head, text) if sep else ("", message)

    def name_reference(ref: re.Match) -> str:
        return thing_name(scenario, ref["section"], int(ref["index"]))

    text = _REFERENCE.sub(name_reference, text)
    return f"{head}: {text}" if head else text
