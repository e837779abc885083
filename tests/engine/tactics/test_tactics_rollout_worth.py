"""What Hard's play-outs count at the end of a copy (`rollout.worth`, `Ruleset.standing_worth`,
issue 25): under D6 a wound (R-D6-3: a second one takes the unit out) and under Nine Powers the
Stamina lost (R-NP-5: defeated at 0) count, not only units taken out — a D6 or Nine Powers blow
rarely takes a unit out, so scored by units out alone a play-out saw its choices end alike. The
harm is dealt through `Game` orders with scripted dice."""

from __future__ import annotations

from ninepowers_helpers import np, np_game
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets.ninepowers.tactics import ARMOR_HARM
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import rollout
from brikwars_gui.engine.tactics.policy import with_tactical_responses
from brikwars_gui.scenario.models import Scenario

# D6 (test_tactics_d6_points.py): hit 15 vs 8; Damage 2D+2 = 16 against Strength 2D = 3, 13 short;
# blue's two Character Point Wild Dice 4 and 5 → 12: 4 short, a wound
WOUNDING = [5, 5, 5, 5, 6, 3, 1, 2, 4, 5]
# Damage 2D+2: 3, Wild 4, +2 = 9 against 2D: 3, Wild 3 = 6: 3 short, stunned (Disrupted)
STUNNING = [5, 5, 5, 3, 4, 3, 3]


def _d6_strike(script: list[int], points: int = 2) -> Game:
    units = [
        sb.unit("a", "red", (2, 2), weapons=[sb.SWORD], d6={"melee": "3D", "character_points": 0}),
        sb.unit("b", "red", (2, 4), d6={"character_points": 0}),
        sb.unit("z", "blue", (3, 2), d6={"strength": "2D", "character_points": points}),
    ]
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = "d6"
    game = Game.from_scenario(Scenario.model_validate(data), script=script)
    with_tactical_responses(game, ["blue"])
    assert rollout.worth(game.state, "red") == 2.0 - 1.0  # own units standing minus the enemy's
    game.act("a", Attack("shortsword", "z"))
    return game


def test_r_d6_3_a_wound_takes_half_a_unit_off_what_a_play_out_counts():
    game = _d6_strike(WOUNDING)
    z = game.unit("z")
    assert z.alive and not z.disrupted and z.pools["wounds"] == 1
    assert rollout.worth(game.state, "red") == 2.0 - 0.5  # was 1.0: nothing counted short of out
    assert rollout.worth(game.state, "blue") == 0.5 - 2.0


def test_r_d6_3_a_stun_counts_as_a_disruption_a_stunned_wounded_unit_a_quarter():
    game = _d6_strike(STUNNING, points=0)
    assert game.unit("z").disrupted and not game.unit("z").pools["wounds"]
    assert rollout.worth(game.state, "red") == 2.0 - 0.5
    game.unit("z").pools["wounds"] = 1  # stunned after an earlier wound
    assert rollout.worth(game.state, "red") == 2.0 - 0.25  # half of the half left


SWORDSMAN = {"skills": {"melee": 3}}  # Melee 3: d4, d6, d8 (test_np_damage_in_play.py)
TARGET = {"skills": {"melee": 1}, "stamina": 9}  # no armour: Armor 0 + Protect 1


def test_r_np_5_stamina_lost_counts_in_a_play_out_and_a_defeated_unit_nothing():
    units = [
        sb.unit("a", "red", (5, 5), weapons=[sb.SWORD], **np(**SWORDSMAN)),
        sb.unit("z", "blue", (6, 5), **np(**TARGET)),
    ]
    game = np_game(units, [1, 5, 6], Answers(np_difficulty=["tough"]))
    assert rollout.worth(game.state, "red") == 0.0
    game.act("a", Attack("shortsword", "z"))  # Tough: 3 damage, 1 to Armor, 2 past it
    z = game.unit("z")
    assert z.alive and z.pools["stamina"] == 7
    assert z.pools["armor"] == 0
    whole = 9 + ARMOR_HARM * 1  # Stamina 9 and Armor 1 (Protect 1), Armor at `ARMOR_HARM` a point
    left = 0.25 + 0.75 * 7 / whole  # `STANDING_FLOOR` and what is left of both
    assert abs(rollout.worth(game.state, "red") - (1.0 - left)) < 1e-9  # was 0.0
    z.pools["stamina"] = 1
    assert abs(rollout.worth(game.state, "red") - (1.0 - 0.25 - 0.75 / whole)) < 1e-9


def test_r_np_7_armor_worn_away_counts_in_a_play_out_as_in_the_planners_odds():
    """Issue 25, sixth session: a blow that wears a hero's chain down without reaching Stamina
    counted nothing in a play-out (only Stamina did), while the planner's odds count Armor worn
    away at `ARMOR_HARM` a point (R-NP-5/7): to Hard's play-outs three zombies clawing Vroy's
    chain shirt were harmless. A Medium hit of 2 on brigandine (Armor 7) now costs the
    target's side 0.75 × 1.2 / (6 + 4.2) of a unit."""
    units = [
        sb.unit("a", "red", (5, 5), weapons=[sb.SWORD], **np(**SWORDSMAN)),
        sb.unit("z", "blue", (6, 5), **np(skills={"melee": 1, "acrobatics": 3}, armor="brigandine")),
    ]
    game = np_game(units, [2, 5, 6], Answers(np_difficulty=["medium"]))
    z = game.unit("z")
    assert (z.pools["stamina"], z.pools["armor"]) == (6, 7)
    assert rollout.worth(game.state, "red") == 0.0
    game.act("a", Attack("shortsword", "z"))  # Medium: lowest 2, 2 damage, all on Armor
    assert (z.pools["stamina"], z.pools["armor"]) == (6, 5)
    lost = 0.75 * ARMOR_HARM * 2 / (6 + ARMOR_HARM * 7)
    assert abs(rollout.worth(game.state, "red") - lost) < 1e-9  # was 0.0: Stamina untouched
