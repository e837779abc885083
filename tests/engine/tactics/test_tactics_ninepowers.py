"""The tactical AI playing Nine Powers' own game (issue 25): the odds it weighs for an attack from
each cell are the ruleset's from that cell (moving and shooting costs a die, R-NP-10), Stamina
counts as attrition, and the preset's dials are the ruleset's (`Ruleset.ai_dials`)."""

from __future__ import annotations

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import TacticalAI, preset
from brikwars_gui.engine.tactics.odds import attack_odds
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
    bw_dials = hard.dials(_duel("brikwars"))
    assert (bw_dials.formation, bw_dials.formation_range, bw_dials.lookahead) == (0.15, 4.0, 3)
