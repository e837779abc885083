"""R-FIRE-6 (+1d4 Fire from a burning attacker or a torch) and R-FIRE-5 (a burning target resists
1d4 worse) on each ruleset's own scale, through `Game` orders with scripted dice: BrikWars adds
the d4 as it falls (tests/test_engine_integration.py), the D6 ruleset rolls its converted code
(1d4 → 1D+2, `Ruleset.extra_damage_roll`), Nine Powers counts one point a die
(docs/rules-decisions.md)."""

from __future__ import annotations

from typing import Any

from ninepowers_helpers import np
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario

TORCH = {"name": "torch", "kind": "close", "use": 2, "damage": "1d6", "burning": True}


def game(ruleset: str, units: list[dict[str, Any]], script: list[int], *, fires=(), policy=None) -> Game:
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = ruleset
    data["fires"] = list(fires)
    return Game.from_scenario(Scenario.model_validate(data), script=script, policy=policy)


def first(g: Game, kind: str) -> Any:
    return next(e for e in g.events if e.kind == kind)


def test_r_fire_6_under_d6_the_torch_adds_its_converted_code_not_a_raw_d4():
    units = [sb.unit("a", "red", (2, 2), weapons=[TORCH]), sb.unit("z", "blue", (3, 2))]
    # Melee 3D vs 8: 5, 5, Wild 4; torch 1d6 → 2D: 3, Wild 2; the fire's 1D+2: Wild 4 → 6;
    # Strength 2D (Armor 4): 1, Wild 2
    g = game("d6", units, [5, 5, 4, 3, 2, 4, 1, 2])
    g.act("a", Attack("torch", "z"))
    attack = first(g, "attacked")
    assert "burning +1D+2 Fire: +6 (R-FIRE-6)" in attack.text
    assert attack.damage == 5 + 6 and first(g, "armor_rolled").damage == 11
    assert first(g, "fire_ignited").target == "z"  # the Wild Die 4 reads as a d4's 3 (R-FIRE-3)


def test_r_fire_5_under_d6_a_burning_target_resists_its_converted_code_worse():
    # z spends no Character Points on its resistance (R-D6-7)
    units = [
        sb.unit("a", "red", (2, 2), weapons=[sb.SWORD]),
        sb.unit("z", "blue", (3, 2), d6={"character_points": 0}),
    ]
    fires = [{"id": "f", "object": "z", "size": 1}]
    # Melee 3D vs 8: 5, 5, Wild 4; sword 1d6+1 → 2D+2: 3, Wild 2; Strength 2D: 4, Wild 5; 1D+2: Wild 3
    g = game("d6", units, [5, 5, 4, 3, 2, 4, 5, 3], fires=fires)
    g.act("a", Attack("shortsword", "z"))
    rolled = first(g, "armor_rolled")
    assert rolled.armor == 9 - 5 and "burning −(1D+2" in rolled.explain and "(R-FIRE-5)" in rolled.explain


def test_r_fire_6_under_nine_powers_the_fire_is_one_more_point_and_may_ignite():
    units = [
        sb.unit("a", "red", (2, 2), weapons=[TORCH], **np(skills={"melee": 2})),
        sb.unit("z", "blue", (3, 2), **np(skills={"melee": 1})),
    ]
    # Melee 2, Easy: d4 2, d6 5 → 1 point; the torch's 1d4: 3 → one more point, ignition die 3
    g = game("ninepowers", units, [2, 5, 3], policy=Answers(np_difficulty=["easy"]))
    g.act("a", Attack("torch", "z"))
    attack = first(g, "attacked")
    assert attack.damage == 2 and "burning +1d4 (a point a die) Fire: +1 (R-FIRE-6)" in attack.text
    assert (g.unit("z").pools["armor"], g.unit("z").pools["stamina"]) == (0, 5)  # Armor 1, then Stamina
    assert first(g, "fire_ignited").target == "z"
