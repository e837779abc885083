"""Small battlefields built in code, for tests, examples and benchmarks of the turn rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from brikwars_gui.engine.state import GameState
from brikwars_gui.scenario.models import Scenario

PISTOL = {"name": "pistol", "kind": "ranged", "use": 3, "range": 6, "damage": "1d6"}
RIFLE = {"name": "rifle", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}
SWORD = {"name": "shortsword", "kind": "close", "use": 2, "damage": "1d6+1"}
SPEAR = {"name": "spear", "kind": "close", "use": 3, "damage": "1d6+2"}
GRENADE = {
    "name": "grenade",
    "kind": "thrown",
    "use": 3,
    "range": 5,
    "damage": "1d10",
    "damage_type": "explosive",
}
LONGBOW = {"name": "longbow", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}


def unit(uid: str, team: str, pos: Sequence[int], **kw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"id": uid, "name": kw.pop("name", uid), "team": team, "position": list(pos)}
    data.update(kw)
    return data


def scenario(
    units: list[dict[str, Any]],
    *,
    width: int = 20,
    height: int = 20,
    terrain: list[dict[str, Any]] | None = None,
    objects: list[dict[str, Any]] | None = None,
    players: Sequence[str] | None = None,
    name: str = "sandbox",
) -> Scenario:
    teams = list(players) if players else list(dict.fromkeys(u["team"] for u in units))
    return Scenario.model_validate(
        {
            "name": name,
            "battlefield": {"width": width, "height": height},
            "terrain": terrain or [],
            "objects": objects or [],
            "units": units,
            "players": [{"id": t, "name": t.title()} for t in teams],
        }
    )


def state(units: list[dict[str, Any]], **kw: Any) -> GameState:
    return GameState.from_scenario(scenario(units, **kw))
