"""R-NP-9 (L693): with no initiative both sides' blows land together and a draw can happen —
through `Game` orders with scripted dice (an attack's pool, smallest die first). Each unit has
Shoot 2 (a d4 and a d6), Stamina 2 and Armor 1 (no armor + Acrobatics/Protect 1): a Tough shot
(lowest die 1, 3 damage) fells it. Saved Actions are not spent on Responses here."""

from __future__ import annotations

from ninepowers_helpers import np, np_game
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack


def _fighter(uid: str, team: str, pos: tuple[int, int], facing: str) -> dict:
    block = np(skills={"shoot": 2}, stamina=2)
    return sb.unit(uid, team, pos, facing=facing, weapons=[sb.PISTOL], **block)


def _duel(blue_first: bool = False) -> list[dict]:
    a, z = _fighter("a", "red", (2, 2), "E"), _fighter("z", "blue", (5, 2), "W")
    return [z, a] if blue_first else [a, z]


def _blows(g) -> list[tuple[str, str, bool]]:
    return [(e.attacker, e.target, e.hit) for e in g.events if e.kind == "attacked"]


def test_r_np_9_no_initiative_in_round_2_the_felled_unit_strikes_back_and_both_fall():
    answers = Answers(np_difficulty=["easy", "tough", "tough"], attack_response="decline")
    g = np_game(_duel(), [4, 6, 1, 6, 1, 5], answers)
    g.end_turn()
    g.act("z", Attack("pistol", "a"))  # round 1, blue: lowest 4 misses Easy (its Action spent)
    g.end_turn()  # round 2: no damage dealt, equal Stamina → red first, neither with initiative
    assert g.state.round == 2 and g.state.active_player == "red"
    g.act("a", Attack("pistol", "z"))  # lowest 1: Tough, 3 damage → z at 0 ...
    assert _blows(g) == [("z", "a", False), ("a", "z", True), ("z", "a", True)]  # ... and z's shot
    assert not g.unit("a").alive and not g.unit("z").alive
    assert g.over and g.winner is None  # a draw (L693)


def test_r_np_9_round_1_belongs_to_the_side_that_started_the_fight_no_reply():
    g = np_game(_duel(), [1, 6], Answers(np_difficulty=["tough"], attack_response="decline"))
    g.act("a", Attack("pistol", "z"))  # round 1: red started the fight (L495)
    assert _blows(g) == [("a", "z", True)]
    assert g.unit("a").alive and not g.unit("z").alive and g.winner == "red"


def test_r_np_9_a_unit_whose_side_already_had_its_turn_this_round_does_not_strike_again():
    answers = Answers(np_difficulty=["easy", "tough"], attack_response="decline")
    g = np_game(_duel(blue_first=True), [4, 6, 1, 6], answers)
    g.end_turn()
    g.end_turn()  # round 2: blue first again (listed first)
    assert g.state.round == 2 and g.state.active_player == "blue"
    g.act("z", Attack("pistol", "a"))  # misses
    g.end_turn()
    g.act("a", Attack("pistol", "z"))  # fells z: blue's blow this round was already struck
    assert _blows(g) == [("z", "a", False), ("a", "z", True)]
    assert g.unit("a").alive and g.winner == "red"


def test_energy_shields_do_not_cancel_nine_powers_attack_damage():
    """docs/rules-decisions.md "Nine Powers: Energy Shields": a Shield's Deflection dice cancel
    Damage dice (R-HAZ-21, G-8); a Nine Powers attack rolls none — its 1/2/3 points come from the
    difficulty (R-NP-5) — so a unit in a shield field takes the whole blow, nothing deflected."""
    from brikwars_gui.engine.hazards import sandbox as hs

    g = np_game(_duel(), [1, 6], Answers(np_difficulty=["tough"], attack_response="decline"))
    hs.add_field(g.state, "shield", "shield", [(5, 2)], dice="3d6")
    g.unit("z").power = 6
    g.act("a", Attack("pistol", "z"))  # Tough: 3 points, 1 to Armor, 2 to Stamina → defeated
    assert not g.unit("z").alive
    assert not [e for e in g.events if e.kind == "shield_deflected"]
