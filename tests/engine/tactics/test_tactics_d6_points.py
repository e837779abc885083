"""The tactical AI's Character Points on a D6 resistance roll (R-D6-7, issue 25): it spends the
points that leave the least expected harm (`tactics.policy`), through `Game` orders with
scripted dice. Dice order: the attack roll (regular dice, Wild Die), Damage (regular, Wild), the
target's resistance (regular, Wild), then the Character Point Wild Dice."""

from __future__ import annotations

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.policy import with_tactical_responses
from brikwars_gui.scenario.models import Scenario

# hit 5+5+5 = 15 vs 8; Damage 2D+2: 5, Wild 6 → 3, +2 = 16; Strength 2D: 1, Wild 2 = 3: 13 short
# (13+ kills); two Character Point Wild Dice 4 and 5 → 12: 4 short, a wound
SCRIPT = [5, 5, 5, 5, 6, 3, 1, 2, 4, 5]


def _game(tactical: bool) -> Game:
    units = [
        sb.unit("a", "red", (2, 2), weapons=[sb.SWORD], d6={"melee": "3D", "character_points": 0}),
        sb.unit("z", "blue", (3, 2), d6={"strength": "2D", "character_points": 2}),
    ]
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = "d6"
    game = Game.from_scenario(Scenario.model_validate(data), script=SCRIPT)
    if tactical:
        with_tactical_responses(game, ["blue"])
    game.act("a", Attack("shortsword", "z"))
    return game


def _outcome(game: Game) -> str:
    return next(e for e in game.events if e.kind == "armor_rolled").outcome


def test_r_d6_7_the_tactical_ai_spends_points_to_turn_a_killing_blow_into_a_wound():
    game = _game(tactical=True)
    assert _outcome(game) == "wounded" and game.unit("z").alive
    assert game.unit("z").pools["cp"] == 0


def test_r_d6_7_the_rules_default_keeps_them_when_no_full_save_is_even_and_the_unit_falls():
    game = _game(tactical=False)  # the default: only for an even chance of no effect at all
    assert _outcome(game) == "killed" and not game.unit("z").alive
    assert game.unit("z").pools["cp"] == 2
