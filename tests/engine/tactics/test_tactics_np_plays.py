"""The tactical AI playing Nine Powers' own game (issue 25, fourth session): it shoots as far as the
ruleset's range bands reach at full odds (R-NP-10), weighs a close fighter's threat as a blow in
reach and, where two can close on one cell, with flanking's extra die (R-NP-14) — the odds of the
blow the engine then rolls, checked through `Game` orders with scripted dice."""

from __future__ import annotations

from pathlib import Path

from ninepowers_helpers import CLAWS, last_attack, np, np_game
from scripted_answers import Answers

from brikwars_gui.engine.geometry import distance
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import TacticalAI, preset
from brikwars_gui.engine.tactics.odds import strike
from brikwars_gui.engine.tactics.threat import ThreatMap
from brikwars_gui.engine.tactics.tournament import with_ruleset

NP = find_ruleset("ninepowers")


def _long_duel(ruleset: str) -> Game:
    """Two riflemen 14 squares apart: beyond the Rifle's BrikWars Range (10), well within Nine
    Powers' penalty-free 10x Shoot 3 = 30 squares."""
    units = [
        sb.unit("a", "red", (2, 5), facing="E", weapons=[sb.RIFLE], **np(skills={"shoot": 3})),
        sb.unit("b", "blue", (16, 5), facing="W", weapons=[sb.RIFLE], **np(skills={"shoot": 3})),
    ]
    return Game.from_scenario(with_ruleset(sb.scenario(units), ruleset), seed=3)


def test_r_np_10_the_ai_shoots_at_full_odds_from_beyond_the_brikwars_range_without_moving():
    g = _long_duel("ninepowers")
    rifle = g.unit("a").weapons[0]
    assert NP.shot_range(g.state, g.unit("a"), rifle) == 30.0
    assert NP.flanked_strike_odds(g.state, g.unit("a"), rifle, g.unit("b"), (2, 5)) is None  # shots
    decision = TacticalAI(preset("normal")).play_unit(g, "a")
    assert decision is not None and decision.target == "b"
    assert g.unit("a").pos == (2, 5)  # walking into Range would cost a die (moved and shot, L911)
    assert "moved and shot" not in last_attack(g).text
    bw = _long_duel("brikwars")  # R-ACT-6: beyond Range every die loses 4 — no shot from there
    assert find_ruleset("brikwars").shot_range(bw.state, bw.unit("a"), bw.unit("a").weapons[0]) == 10.0
    decision = TacticalAI(preset("normal")).play_unit(bw, "a")
    assert decision is None or decision.kind != "attack_move" or bw.unit("a").pos != (2, 5)


def _gang(z2_at: tuple[int, int], script: list[int]) -> Game:
    units = [
        sb.unit("h", "red", (5, 5), facing="E", weapons=[], **np(skills={"melee": 1})),
        sb.unit("z1", "blue", (6, 5), facing="W", weapons=[CLAWS], **np(skills={"melee": 2})),
        sb.unit("z2", "blue", z2_at, facing="N", weapons=[CLAWS], **np(skills={"melee": 2})),
    ]
    g = np_game(units, script, Answers(np_difficulty=["medium"]))
    if g.active_player == "red":
        g.end_turn()
    return g


def test_r_np_14_flanked_odds_are_those_of_the_blow_rolled_once_a_friend_stands_in_reach():
    g = _gang((5, 8), [2, 5, 6])
    z1, h = g.unit("z1"), g.unit("h")
    claws = z1.weapons[0]
    alone = NP.strike_odds(g.state, z1, claws, h, needed=3)
    flanked = NP.flanked_strike_odds(g.state, z1, claws, h, z1.pos)
    assert flanked is not None and flanked.value() > alone.value()  # Melee 2 + 1: d4, d6, d8
    g.move("z2", (5, 6))  # now beside the hero too
    now = NP.strike_odds(g.state, z1, claws, h, needed=3)
    assert (now.hit, now.kill, now.wound) == (flanked.hit, flanked.kill, flanked.wound)
    g.act("z1", Attack("claws", "h"))
    text = last_attack(g).text
    assert "Melee 2 (3 dice): d4 2, d6 5, d8 6" in text and "flanking +1" in text


def test_r_np_14_the_threat_map_weighs_a_close_blow_in_reach_and_two_closing_foes_flanked():
    g = _gang((9, 8), [])
    g.move("z1", (9, 5))  # both zombies 4 squares from the hero: neither in reach now
    h, z1 = g.unit("h"), g.unit("z1")
    tm = ThreatMap(g.state, h)
    v1 = tm.view("z1")
    beside = strike(g.state, z1, z1.weapons[0], h, needed=3, origin=(6, 5)).value()
    from_afar = strike(g.state, z1, z1.weapons[0], h, needed=3).value()  # a pool at -2 (out of reach)
    assert v1.p_close == beside > from_afar
    assert v1.p_flanked > v1.p_close
    # (7, 6): both can walk into reach of it next turn, each with the flanking die; (6, 2): z1 only
    assert tm.next_turn[6, 7] > 2 * 0.6 * v1.p_close
    assert tm.next_turn_of("z1")[6, 7] == 0.6 * v1.p_flanked
    assert tm.next_turn_of("z1")[2, 6] == 0.6 * v1.p_close and tm.next_turn_of("z2")[2, 6] == 0


def test_r_np_14_on_the_chapel_the_close_fighters_do_not_run_ahead_of_the_archer():
    """Round 1 of `ruined_chapel`: the old AI sent Vroy and Siron sprinting at the undead (13" on
    a good roll), where three or four zombies struck each of them with the flanking die."""
    from brikwars_gui.scenario.io import load_scenario

    path = Path(__file__).resolve().parents[3] / "resources" / "scenarios" / "ruined_chapel.json"
    for seed in (0, 6):
        g = Game.from_scenario(load_scenario(path), seed=seed, max_rounds=15)
        TacticalAI(preset("normal")).play_turn(g)
        assert not [e for e in g.events if e.kind == "sprinted"]
        boxley = g.unit("boxley")
        for uid in ("vroy", "siron"):  # within a move and a step of the archer
            assert distance(g.unit(uid).pos, boxley.pos) <= 2 * g.unit(uid).move + 1.5
