"""Helpers for Nine Powers tests through `Game` orders: a scripted game on a sandbox battlefield
and a policy that answers the ruleset's questions from a script (others: the defaults)."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario

CLAWS = {"name": "claws", "kind": "close", "use": 3, "damage": "1d6"}


def np_game(units: list[dict[str, Any]], script: list[int], policy: Any = None, **options: Any) -> Game:
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = "ninepowers"
    data["ninepowers"] = options
    return Game.from_scenario(Scenario.model_validate(data), script=script, policy=policy)


def np(**block: Any) -> dict[str, Any]:
    return {"ninepowers": block}


def pools(game: Game, uid: str) -> Any:
    return game.unit(uid).pools


def last_attack(game: Game) -> Any:
    return [e for e in game.events if e.kind == "attacked"][-1]
