"""Deterministic generated battles: two armies facing each other across a large table.

Used by `benchmarks/bench_scale.py` (battles of 50..400 units), by the golden-log tests (a
100-unit battle) and by anyone who wants a big table to try: the same arguments always give the
same scenario, so figures and event logs compare across machines and commits. Stats follow
RULES.md G-1/G-2 (minifig Move 5, Skill d6, Armor 4; the first unit of each side is a d10 Hero).
"""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.dice.source import SeededDice
from brikwars_gui.scenario.models import FORMAT_VERSION, Scenario

_PISTOL = {"name": "Pistol", "kind": "ranged", "use": 3, "range": 6, "damage": "1d6"}
_RIFLE = {"name": "Rifle", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}
_SWORD = {"name": "Shortsword", "kind": "close", "use": 2, "damage": "1d6+1"}
_SPEAR = {"name": "Spear", "kind": "close", "use": 3, "damage": "1d6+2"}
_GRENADE = {
    "name": "Grenade",
    "kind": "thrown",
    "use": 3,
    "range": 5,
    "damage": "1d10",
    "damage_type": "explosive",
}
_LOADOUTS = ([_RIFLE], [_SPEAR], [_PISTOL, _SWORD], [_RIFLE], [_PISTOL, _GRENADE])


def army_battle(
    units: int = 100,
    *,
    size: int = 120,
    buildings: int = 40,
    fires: int = 3,
    seed: int = 0,
) -> Scenario:
    """Two armies of `units // 2` (red, west, facing E) and the rest (blue, east, facing W).

    Wooden buildings (2x2 to 4x3, flammable) are scattered over the middle of the table, the first
    `fires` of them burning at Fire Size 1 (none where the ranks leave no room between them). Units
    stand in ranks two cells apart from each edge.
    """
    if units < 2:
        raise ValueError("an army battle needs at least 2 units")
    dice = SeededDice(seed)  # the pinned dice stream, so a seed gives the same table on every Python

    def randint(low: int, high: int) -> int:
        return low - 1 + dice.roll(high - low + 1)

    taken: set[tuple[int, int]] = set()
    objects: list[dict[str, Any]] = []
    ranks = _ranks(units, size)
    margin = 2 * ranks + 4  # keep the deployment zones clear of buildings
    attempts = 0
    if size - 2 * margin < 4 or size < 5:  # no 4-wide building fits between the ranks
        buildings = 0
    while len(objects) < buildings and attempts < buildings * 50:
        attempts += 1
        w, h = randint(2, 4), randint(2, 3)
        x = randint(margin, size - margin - w)
        y = randint(1, size - h - 1)
        cells = {(xx, yy) for xx in range(x - 1, x + w + 1) for yy in range(y - 1, y + h + 1)}
        if cells & taken:
            continue
        taken |= cells
        n = len(objects) + 1
        objects.append(
            {
                "id": f"bldg-{n}",
                "name": f"Building {n}",
                "kind": "building",
                "size": max(w, h),
                "weight": 1,
                "flammable": True,
                "height": 12,
                "rects": [[x, y, w, h]],
            }
        )
    fire_list = [
        {"id": f"fire-{i + 1}", "object": obj["id"], "cells": [obj["rects"][0][:2]], "size": 1}
        for i, obj in enumerate(objects[:fires])
    ]
    unit_list: list[dict[str, Any]] = []
    for team, count, facing, west in (
        ("red", units // 2, "E", True),
        ("blue", units - units // 2, "W", False),
    ):
        for i in range(count):
            rank, file_ = divmod(i, size // 2)
            x = 1 + 2 * rank if west else size - 2 - 2 * rank
            y = 1 + 2 * file_ if size // 2 > 1 else 0
            hero = i == 0
            unit_list.append(
                {
                    "id": f"{team}-{i + 1}",
                    "name": f"{'Captain' if hero else 'Trooper'} {team.title()} {i + 1}",
                    "team": team,
                    "position": [x, min(y, size - 1)],
                    "facing": facing,
                    "move": 5,
                    "skill": "d10" if hero else "d6",
                    "armor": "4",
                    "size": 1,
                    "hero": hero,
                    "weapons": [
                        dict(w) for w in ([_PISTOL, _SWORD] if hero else _LOADOUTS[i % len(_LOADOUTS)])
                    ],
                }
            )
    return Scenario.model_validate(
        {
            "format_version": FORMAT_VERSION,
            "name": f"Generated battle: {units} units on {size}x{size}",
            "description": (
                f"army_battle(units={units}, size={size}, buildings={buildings}, fires={fires}, seed={seed})"
            ),
            "battlefield": {"width": size, "height": size},
            "objects": objects,
            "fires": fire_list,
            "units": unit_list,
            "players": [
                {"id": "red", "name": "Red Army", "color": "#c03030", "controller": "ai"},
                {"id": "blue", "name": "Blue Army", "color": "#3050c0", "controller": "ai"},
            ],
            "turn_order": ["red", "blue"],
        }
    )


def _ranks(units: int, size: int) -> int:
    """Ranks each army needs when a rank holds `size // 2` units (one every 2 cells)."""
    per_rank = max(1, size // 2)
    return -(-(units - units // 2) // per_rank)
