"""The tactical AI's Character Points on a D6 resistance roll (R-D6-7, issue 25): it spends the
points that leave the least expected harm (`tactics.policy`), through `Game` orders with
scripted dice. Dice order: the attack roll (regular dice, Wild Die), Damage (regular, Wild), the
target's resistance (regular, Wild), then the Character Point Wild Dice."""

from __future__ import annotations

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.player import make_player
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


def _duel(script: list[int], tactical: str | None, *, attacker: dict, defender: dict) -> Game:
    """`a` strikes `z` with a Shortsword (Damage 2D+2) under D6 with scripted dice; `tactical`:
    the team whose questions the tactical AI answers (None: every answer the rules' default)."""
    units = [
        sb.unit("a", "red", (2, 2), weapons=[sb.SWORD], d6={"melee": "3D", **attacker}),
        sb.unit("z", "blue", (3, 2), d6={"strength": "2D", **defender}),
    ]
    data = sb.scenario(units).model_dump(mode="json")
    data["ruleset"] = "d6"
    game = Game.from_scenario(Scenario.model_validate(data), script=script)
    if tactical:
        with_tactical_responses(game, [tactical])
    game.act("a", Attack("shortsword", "z"))
    return game


NO_POINTS = {"character_points": 0}
HERO = {"character_points": 0, "fate_points": 1}
# hit 15 vs 8; Damage 2D+2: 6, Wild 6 → 6 → 2, +2 = 22 (13+ short of a 2D Strength kills); then
# the resistance: with the Fate Point 4D: 4, 4, 4, Wild 4 = 16 (6 short: a wound), without it
# 2D: 1, Wild 2 = 3 (19 short: killed)
KILLING_BLOW = [5, 5, 5, 6, 6, 6, 2]


def test_r_d6_8_the_tactical_ai_spends_its_fate_point_exactly_to_turn_a_killing_blow():
    game = _duel([*KILLING_BLOW, 4, 4, 4, 4], "blue", attacker=NO_POINTS, defender=HERO)
    assert _outcome(game) == "wounded" and game.unit("z").alive
    assert game.unit("z").pools["fp"] == 0
    asked = next(e for e in game.events if e.kind == "decided" and e.unit == "z")
    assert (asked.question, asked.answer) == ("fate_point", "yes")
    # the rules' default: a Fate Point only for a 20-point better chance of no effect at all
    # (2% → 7% against 22 Damage): kept, and the unit falls
    game = _duel([*KILLING_BLOW, 1, 2], None, attacker=NO_POINTS, defender=HERO)
    assert _outcome(game) == "killed" and game.unit("z").pools["fp"] == 1


def test_r_d6_8_the_tactical_ai_keeps_its_fate_point_against_a_blow_that_can_only_stun_or_wound():
    # Damage 2D+2: 3, Wild 4, +2 = 9; Strength 2D: 3, Wild 3 = 6 (3 short: stunned); the default
    # spends the point (33% → 95% to shrug it off) and rolls 4D: 3, 3, 3, Wild 3 = 12
    blow = [5, 5, 5, 3, 4]
    game = _duel([*blow, 3, 3], "blue", attacker=NO_POINTS, defender=HERO)
    assert _outcome(game) == "stunned" and game.unit("z").pools["fp"] == 1
    game = _duel([*blow, 3, 3, 3, 3], None, attacker=NO_POINTS, defender=HERO)
    assert _outcome(game) == "none" and game.unit("z").pools["fp"] == 0


def test_r_d6_7_the_tactical_ai_spends_character_points_on_its_damage_where_they_do_most():
    # Damage 9 against a 2D Strength with no points: 24% to take it out or wound it as rolled;
    # two Character Point Wild Dice (of its two) make it 75% (each point kept worth 0.05): 4 and
    # 5 → 18; Strength 2D: 3, Wild 3 = 6: 12 short, out of the fight (the default spends none:
    # 3 short, stunned)
    blow = [5, 5, 5, 3, 4]
    game = _duel([*blow, 4, 5, 3, 3], "red", attacker={"character_points": 2}, defender=NO_POINTS)
    assert _outcome(game) == "incapacitated" and game.unit("a").pools["cp"] == 0
    game = _duel([*blow, 3, 3], None, attacker={"character_points": 2}, defender=NO_POINTS)
    assert _outcome(game) == "stunned" and game.unit("a").pools["cp"] == 2


def test_hard_plays_d6_with_normals_formation_fear_and_one_unit_at_a_time():
    """`D6Ruleset.ai_dials` (docs/ai.md, issue 25 third session: Hard vs greedy 62 → 70 of 80)."""
    units = [sb.unit("a", "red", (2, 2)), sb.unit("z", "blue", (9, 2))]
    data = sb.scenario(units).model_dump(mode="json")
    hard = make_player("hard")
    data["ruleset"] = "d6"
    d6 = hard.dials(Game.from_scenario(Scenario.model_validate(data), seed=1))
    assert (d6.formation, d6.formation_range, d6.lookahead) == (0.05, 6.0, 1)
    assert (d6.caution, d6.next_turn, d6.exact_paths) == (0.9, 0.35, 8)
    assert (d6.rollouts, d6.turn_rollouts, d6.planner_replies) == (3, 3, 3)  # the copies' enemy: Normal
    data["ruleset"] = "brikwars"
    bw = make_player("hard").dials(Game.from_scenario(Scenario.model_validate(data), seed=1))
    assert (bw.formation, bw.lookahead, bw.caution, bw.next_turn) == (0.15, 3, 1.0, 0.5)
    assert (bw.turn_rollouts, bw.planner_replies) == (3, 2)
