"""The tournament's baselines (issue 25): the greedy opponent and random legal orders, and a small
tournament under every ruleset showing the tactical AI beats random orders."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics.baselines import GreedyAI, RandomAI
from brikwars_gui.engine.tactics.player import make_player
from brikwars_gui.engine.tactics.tournament import play_game, run_tournament, with_ruleset
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario import load_scenario
from brikwars_gui.scenario.models import Scenario


def _game(units, seed: int = 3) -> Game:
    return Game.from_scenario(sb.scenario(units), seed=seed)


def test_greedy_shoots_the_target_it_has_the_best_chance_against():
    units = [
        sb.unit("g", "red", (2, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("far", "blue", (11, 5), facing="W"),  # 9": out of nothing, but farther
        sb.unit("near", "blue", (5, 5), facing="W"),
    ]
    g = _game(units)
    GreedyAI().play_unit(g, "g")
    shot = next(e for e in g.events if e.kind == "attacked")
    assert shot.attacker == "g" and shot.target == "near"


def test_greedy_walks_to_the_cell_nearest_the_nearest_enemy_and_strikes():
    units = [
        sb.unit("g", "red", (2, 5), facing="E", weapons=[sb.SWORD]),
        sb.unit("z", "blue", (8, 5), facing="W"),
        sb.unit("y", "blue", (2, 15), facing="N"),
    ]
    g = _game(units)
    GreedyAI().play_unit(g, "g")
    assert g.unit("g").pos == (7, 5)  # 5" toward z, the nearest; z now within reach
    assert [e.target for e in g.events if e.kind == "attacked"] == ["z"]


def test_random_orders_are_legal_and_replay_with_the_seed():
    scenario = load_scenario(SCENARIOS / "skirmish.json")

    def orders(seed: int) -> list[dict]:
        game = Game.from_scenario(scenario, seed=seed, max_rounds=3)
        player = RandomAI(seed)
        while not game.over:
            player.play_turn(game)
        return [(e.order, e.unit, e.args) for e in game.events if e.kind == "order"]

    first = orders(5)
    assert first == orders(5) and first != orders(6)
    assert {order for order, _unit, _args in first} >= {"move", "act", "end_turn"}
    assert isinstance(make_player("random", 1), RandomAI) and isinstance(make_player("greedy"), GreedyAI)


@pytest.mark.parametrize(
    "sample", ["skirmish", "skirmish@d6", "skirmish@ninepowers", "ruined_chapel", "wizard_duel"]
)
def test_small_tournament_normal_beats_random_legal_orders_under_every_ruleset(sample):
    """docs/ai.md: 6 seeded games (sides swapped) per sample; the full table is
    benchmarks/ai_tournament.py's (the issue's target: at least 98% of 200 games)."""
    file, _, ruleset = sample.partition("@")
    scenario = load_scenario(SCENARIOS / f"{file}.json")
    if ruleset:
        scenario = with_ruleset(scenario, ruleset)
    (result,) = run_tournament({sample: scenario}, ["normal", "random"], 6, jobs=1)
    assert result.a_wins >= 5, result.line()


def test_with_ruleset_converts_the_sample():
    scenario = with_ruleset(load_scenario(SCENARIOS / "skirmish.json"), "d6")
    assert isinstance(scenario, Scenario) and scenario.ruleset == "d6"
    assert play_game(scenario, "greedy", "passive", 0, max_rounds=2) in (None, "A", "B")


def test_small_tournament_hard_and_normal_beat_the_greedy_baseline_under_d6():
    """docs/ai.md: 10 seeded games each on the skirmish under D6 (sides swapped), Hard and Normal
    at least 7 wins (10 and 9 on these seeds; over 80 games Hard 87.5% and Normal 85%; before the
    AI spent Fate and Character Points by expected harm, R-D6-6..8, Hard 67.5% and Normal 55% of
    40)."""
    scenario = with_ruleset(load_scenario(SCENARIOS / "skirmish.json"), "d6")
    pairs = [("hard", "greedy"), ("normal", "greedy")]
    results = run_tournament({"skirmish@d6": scenario}, [], 10, jobs=1, pairs=pairs)
    for result in results:
        assert result.a_wins >= 7, result.line()


def test_small_tournament_hard_with_its_play_outs_beats_the_greedy_baseline_on_the_skirmish():
    """docs/ai.md: Hard plays its choices out (tactics/rollout.py); on the BrikWars skirmish, seeds
    20-29 (sides swapped), it wins at least 8 of 10 against the greedy baseline (measured 9 with
    the default AI as the copies' enemy model, 8 with Normal's plans in all or two of the three
    draws, issue 25 fourth session; the
    planner alone won 6 of these, 26 of seeds 0-39 against 32 with the play-outs)."""
    scenario = load_scenario(SCENARIOS / "skirmish.json")
    (result,) = run_tournament(
        {"skirmish": scenario}, [], 10, jobs=1, first_seed=20, pairs=[("hard", "greedy")]
    )
    assert result.a_wins >= 8, result.line()


def test_small_tournament_normal_beats_the_greedy_baseline_on_the_chapel():
    """docs/ai.md "Nine Powers and the chapel": on `ruined_chapel`, seeds 10-19 (sides swapped),
    Normal wins at least 5 of 10 against the greedy baseline (5 measured, 6 before shooters stood
    after their shot (c5f96a9); 4 before this session's
    Nine Powers changes — flanking in the threat, no Sprint ahead of the archer, R-NP-14 — when
    Vroy and Siron ran into the undead alone; 26 of seeds 0-39 against 24: a thin guard)."""
    scenario = load_scenario(SCENARIOS / "ruined_chapel.json")
    (result,) = run_tournament(
        {"ruined_chapel": scenario}, [], 10, jobs=1, first_seed=10, pairs=[("normal", "greedy")]
    )
    assert result.a_wins >= 5, result.line()
