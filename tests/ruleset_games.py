"""A small battle under a named ruleset, built from `rules.sandbox` units and started (its first
turn's start-of-turn rolls made with `seed`), then adjusted by `setup` (fires, fields, Disrupted
units: state the scenario file cannot give)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario


def game_under(
    ruleset: str,
    units: list[dict[str, Any]],
    setup: Callable[[Game], None] = lambda g: None,
    *,
    width: int = 14,
    height: int = 10,
    seed: int = 1,
    objects: list[dict[str, Any]] | None = None,
) -> Game:
    data = sb.scenario(units, width=width, height=height, objects=objects).model_dump(mode="json")
    data["ruleset"] = ruleset
    g = Game.from_scenario(Scenario.model_validate(data), seed=seed)
    setup(g)
    return g
