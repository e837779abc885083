"""Builders for SN Game tests: casters with Talismans and templates on sandbox maps."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.rules import sandbox as sb


def caster(
    uid: str, team: str, pos: tuple[int, int], dice: dict[str, str], *effects: dict[str, Any], **kw: Any
) -> dict:
    block = {
        "cliche": kw.pop("cliche", "Wizard"),
        "talismans": [{"id": t, "die": d} for t, d in dice.items()],
        "effects": list(effects),
    }
    return sb.unit(uid, team, pos, supernatural=block, **kw)


def effect(name: str, target: str, *aspects: str, **kw: Any) -> dict[str, Any]:
    return {"name": name, "target": target, "aspects": list(aspects), **kw}


FIREBALL = effect("Fireball", "hostile", "range", "damage+")


def kinds(game: Any, kind: str) -> list[dict]:
    return [e.to_dict() for e in game.events if e.kind == kind]


def wall(cells: list[tuple[int, int]], oid: str = "wall", **kw: Any) -> dict[str, Any]:
    data = {"id": oid, "name": oid, "kind": "wall", "cells": [list(c) for c in cells], "size": 2, "weight": 2}
    data.update(kw)
    return data
