"""The tactical AI playing Nine Powers' own game (issue 25): the odds it weighs for an attack from
each cell are the ruleset's from that cell (moving and shooting costs a die, R-NP-10), Stamina
counts as attrition, the preset's dials are the ruleset's (`Ruleset.ai_dials`), and stepping away
from a guard with the Melee talent costs its free blow (R-NP-12)."""

from __future__ import annotations

from ninepowers_helpers import CLAWS, np, np_game
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import TacticalAI, preset
from brikwars_gui.engine.tactics.odds import attack_odds
from brikwars_gui.engine.tactics.planner import Planner
from brikwars_gui.engine.tactics.threat import ThreatMap
from brikwars_gui.engine.tactics.tournament import with_ruleset


def _duel(ruleset: str) -> Game:
    units = [
        sb.unit("a", "red", (2, 5), facing="E", weapons=[sb.RIFLE]),
        sb.unit("z", "blue", (8, 5), facing="W", weapons=[sb.RIFLE]),
    ]
    return Game.from_scenario(with_ruleset(sb.scenario(units), ruleset), seed=1)


def test_r_np_10_strike_key_tells_a_move_then_shot_from_a_shot_standing_still():
    g = _duel("ninepowers")
    ruleset, a, z = find_ruleset("ninepowers"), g.unit("a"), g.unit("z")
    w = a.weapons[0]
    here = ruleset.strike_key(g.state, a, w, z, a.pos)
    moved = ruleset.strike_key(g.state, a, w, z, (3, 5))
    assert here != moved  # "moved and shot -1": one die fewer
    standing = attack_odds(g.state, a, w, z)
    walking = attack_odds(g.state, a, w, z, origin=(3, 5))
    assert standing is not None and walking is not None and walking.hit < standing.hit
    assert find_ruleset("brikwars").strike_key(g.state, a, w, z, (3, 5)) is None


def test_r_np_5_stamina_lost_counts_in_full_as_progress_toward_defeat():
    g = _duel("ninepowers")
    a, z = g.unit("a"), g.unit("z")
    odds = find_ruleset("ninepowers").strike_odds(g.state, a, a.weapons[0], z, needed=3)
    assert odds.harm_weight == 1.0 and odds.value() >= odds.wound
    bw = _duel("brikwars")
    assert find_ruleset("brikwars").strike_odds(bw.state, bw.unit("a"), bw.unit("a").weapons[0], bw.unit("z"),
                                                needed=3).harm_weight == 0.5


def test_hard_plays_nine_powers_with_normals_formation_and_one_unit_at_a_time():
    hard = TacticalAI(preset("hard"))
    np_dials = hard.dials(_duel("ninepowers"))
    assert (np_dials.formation, np_dials.formation_range, np_dials.lookahead) == (0.05, 6.0, 1)
    assert not np_dials.close_fall_back  # strike and stand: no strike-then-walk-away plans
    assert not np_dials.sprint  # no running ahead of the others into a flank (R-NP-14)
    assert not np_dials.shot_fall_back  # a shooter stands: the next shot keeps its die (L911)
    assert (np_dials.caution, np_dials.next_turn, np_dials.exact_paths) == (0.9, 0.35, 8)  # Normal's fear
    bw_dials = hard.dials(_duel("brikwars"))
    assert (bw_dials.formation, bw_dials.formation_range, bw_dials.lookahead) == (0.15, 4.0, 3)
    assert bw_dials.close_fall_back and (bw_dials.caution, bw_dials.next_turn) == (1.0, 0.5)
    assert bw_dials.shot_fall_back and bw_dials.sprint


def test_under_nine_powers_the_ai_strikes_and_stands_instead_of_falling_back():
    g = Game.from_scenario(
        with_ruleset(
            sb.scenario(
                [
                    sb.unit("a", "red", (5, 5), facing="E", weapons=[sb.SWORD]),
                    sb.unit("z", "blue", (6, 5), facing="W", weapons=[sb.SWORD]),
                    sb.unit("y", "blue", (7, 4), facing="W", weapons=[sb.SWORD]),
                    # a friend the two may strike instead: alone among them, a spends its Action
                    # on Protect (R-NP-11; test_tactics_np_turns)
                    sb.unit("f", "red", (9, 8), facing="W", weapons=[sb.SWORD]),
                ]
            ),
            "ninepowers",
        ),
        seed=2,
    )
    # with BrikWars' dials: "a strikes z: 75% to hit, 0% to kill, then falls back to (7, 3)"
    decision = TacticalAI(preset("normal")).play_unit(g, "a")
    assert decision is not None and decision.target == "z" and "falls back" not in decision.text
    assert g.unit("a").pos == (5, 5)  # struck from where it stands (strike-and-move to its own cell)


def _sticky(talent: int) -> list[dict]:
    """A swordsman at (5, 5) beside a zombie guard at (6, 5) with the Melee talent or without."""
    return [
        sb.unit("m", "red", (5, 5), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 1})),
        sb.unit("g", "blue", (6, 5), facing="W", weapons=[CLAWS],
                **np(skills={"melee": 3}, talents={"melee": talent} if talent else {})),
    ]


def test_r_np_12_the_planner_charges_the_guards_free_blow_exactly_where_the_move_draws_it():
    for talent in (2, 0):
        g = np_game(_sticky(talent), [])
        planner = Planner(g, preset("normal"))
        unit = g.unit("m")
        cells = [(3, 5), (5, 6), (5, 4), (2, 2)]
        tm = ThreatMap(g.state, unit, enemies=[g.unit("g")], min_radius=3.0)
        charged = planner._leaving_risk(unit, cells, tm)
        for cell, risk in zip(cells, charged, strict=True):
            answers = Answers(np_sticky=["decline"])  # asked or not: the move itself goes on
            moved = np_game(_sticky(talent), [], answers)
            moved.move("m", cell)
            drawn = any(r.question == "np_sticky" for r in answers.asked)
            assert (risk > 0) == drawn, (talent, cell, risk)
        assert (charged > 0).any() == bool(talent)
