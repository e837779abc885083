"""The tactical AI (issue 13): exact odds, decisions that respect Responses, determinism,
presets from the scenario file, and a small tournament against documented thresholds."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.strike_odds import damage_outcome
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState
from brikwars_gui.engine.tactics import TacticalAI, make_player, preset
from brikwars_gui.engine.tactics.odds import attack_odds
from brikwars_gui.engine.tactics.tournament import play_game, run_tournament
from brikwars_gui.scenario.io import dump_scenario, load_scenario, parse_scenario

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "scenarios"


def _game(units, seed=0, **kw) -> Game:
    return Game(GameState.from_scenario(sb.scenario(units, **kw)), SeededDice(seed))


def test_g_3_damage_against_armor_odds_are_exact():
    beats, ties = damage_outcome("1d6", "4")  # faces 5 and 6(+chain) beat 4; face 4 ties
    assert beats == pytest.approx(float(Fraction(1, 3)), abs=1e-12)
    assert ties == pytest.approx(float(Fraction(1, 6)), abs=1e-12)
    beats, ties = damage_outcome("2d6", "4")
    assert beats == pytest.approx(30 / 36, abs=1e-12)  # totals 5.. of 2d6 (chains only add)
    assert ties == pytest.approx(3 / 36, abs=1e-12)


def test_r_act_5_g_3_kill_chance_matches_attacks_played_through_game_orders():
    """The AI's kill chance for a rifle shot equals the frequency of kills over seeded games."""
    units = [
        sb.unit("eel", "red", (2, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("cobb", "blue", (9, 5), facing="N", weapons=[sb.PISTOL]),
    ]
    probe = _game(units)
    odds = attack_odds(probe.state, probe.unit("eel"), probe.unit("eel").weapons[0], probe.unit("cobb"))
    assert odds is not None
    n, kills = 3000, 0
    for seed in range(n):
        g = _game(units, seed)
        g.act("eel", Attack("rifle", "cobb"))  # cobb has no saved Action on the first turn
        kills += not g.unit("cobb").alive
    sigma = (odds.kill * (1 - odds.kill) / n) ** 0.5
    assert abs(kills / n - odds.kill) < 4 * sigma


def test_r_resp_1_the_ai_shoots_from_beyond_the_pistols_reach_instead_of_walking_in():
    """A rifleman facing a pistol holding its Action shoots from outside the pistol's Range
    (R-ACT-6) plus its Angry Inch (R-RESP-2) rather than stepping into it."""
    units = [
        sb.unit("eel", "red", (2, 5), facing="E", name="Rifleman Eel", weapons=[sb.RIFLE]),
        sb.unit("gill", "blue", (16, 5), facing="W", name="Gill", weapons=[sb.PISTOL]),
    ]
    g = _game(units, width=24, height=10)
    g.end_turn()
    g.end_turn()  # Gill kept its Action: saved for a Response
    assert g.unit("gill").saved_action
    ai = TacticalAI(preset("normal"))
    decision = ai.play_unit(g, "eel")
    eel = g.unit("eel")
    assert decision is not None and decision.kind in ("move_attack", "attack_move")
    assert eel.action_used
    assert not any(e.kind == "responded" for e in g.events)  # Gill never got to answer
    assert "to hit" in decision.text and "to kill" in decision.text and "Gill" in decision.text


def test_r_resp_2_the_ai_does_not_walk_into_saved_actions_for_nothing():
    """A rifleman that cannot shoot anyone this turn stays out of the enemy's saved-Action reach
    (its Range plus the Angry Inch) early in the game."""
    units = [
        sb.unit("cobb", "red", (1, 5), facing="E", move=5, weapons=[sb.RIFLE]),
        sb.unit("gill", "blue", (17, 5), facing="W", weapons=[sb.RIFLE]),
    ]
    g = _game(units, width=24, height=10)
    g.end_turn()
    g.end_turn()
    ai = TacticalAI(preset("hard"))
    ai.play_unit(g, "cobb")
    assert g.unit("cobb").alive
    assert g.unit("cobb").pos != (1, 5)  # it did come closer
    assert not any(e.kind == "responded" for e in g.events)


def test_tactical_ai_is_deterministic_for_a_seed():
    scenario = load_scenario(SAMPLES / "skirmish.json")
    logs = []
    for _ in range(2):
        g = Game.from_scenario(scenario, seed=7, max_rounds=4)
        players = {p: make_player("normal", 7) for p in g.state.turn_order}
        while not g.over:
            players[g.active_player].play_turn(g)
        logs.append([e.to_dict() for e in g.events])
    assert logs[0] == logs[1]


def test_ai_level_is_read_from_the_scenario_and_omitted_when_default():
    scenario = load_scenario(SAMPLES / "skirmish.json")
    text = dump_scenario(scenario)
    assert "ai_level" not in text
    data = scenario.model_dump(mode="json")
    data["players"][1]["ai_level"] = "hard"
    changed = parse_scenario(dump_scenario(type(scenario).model_validate(data)))
    assert changed.players[1].ai_level == "hard"
    assert GameState.from_scenario(changed).players[1].ai_level == "hard"


def test_bad_ai_level_names_the_field():
    scenario = load_scenario(SAMPLES / "skirmish.json")
    data = scenario.model_dump(mode="json")
    data["players"][0]["ai_level"] = "brutal"
    import json

    with pytest.raises(Exception, match=r"players\[0\]\.ai_level|players\.0\.ai_level"):
        parse_scenario(json.dumps(data), source="x.json")


def test_tournament_game_seats_swap_with_the_seed():
    scenario = load_scenario(SAMPLES / "skirmish.json")
    # passive against passive never ends before the round limit: a draw, whoever sits where
    assert play_game(scenario, "passive", "passive", 0, max_rounds=2) is None
    assert play_game(scenario, "passive", "passive", 1, max_rounds=2) is None


def test_small_tournament_meets_documented_thresholds():
    """docs/ai.md: on the skirmish over 40 seeded games (sides swapped), Normal beats the passive
    side in at least 80% and the current default AI in at least half of the games (measured over
    200 games: 88.5% and 62.0%, 55-62% on other seed ranges; the margin leaves room for rules
    fixes that change outcomes)."""
    scenario = load_scenario(SAMPLES / "skirmish.json")
    results = run_tournament({"skirmish": scenario}, ["passive", "default", "normal"], 40, jobs=2)
    rate = {(r.a, r.b): r for r in results}
    assert rate[("passive", "normal")].rate("B")[0] >= 0.80
    assert rate[("default", "normal")].rate("B")[0] >= 0.50


def test_g_16_the_ai_does_not_plan_against_a_hidden_enemy_it_has_not_found():
    """A hidden enemy (G-16) is neither a target nor a threat until the team's Scouts reveal it
    (R-SCOUT-4): the rifleman does not shoot at it and plans as if the table were empty."""
    units = [
        sb.unit("eel", "red", (2, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("cobb", "blue", (8, 5), facing="W", weapons=[sb.PISTOL]),
    ]
    g = _game(units, width=24, height=10)
    g.state.units["cobb"].hidden = True  # G-16: hidden in the engine's state (no file field yet)
    assert TacticalAI(preset("hard")).decide(g, "eel") is None
    g.state.units["cobb"].hidden = False  # revealed (engine/visibility.reveal clears it)
    plan = TacticalAI(preset("hard")).decide(g, "eel")
    assert plan is not None and plan.target == "cobb"
