"""R-RESP-6: the Bail landing offered as the default (Esc on the map, "always default") is the one a
player would pick: the least harm — no fire, no Field Hazard, out of the attacker's and then as many
enemies' reach as it can — then the shortest leap (issue 10 polish: it was the first legal cell in
column order when nobody attacked, and the farthest from the attacker otherwise). Through `Game`
orders with scripted dice; the AI never bails, so the golden logs do not change."""

from __future__ import annotations

from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Attack, Bail
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState


def rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def landing(g: Game) -> tuple[int, int]:
    return tuple(next(e for e in g.events if e.kind == "bailed").to)


def test_r_resp_6_a_bail_order_lands_by_default_off_fire_and_hazards_out_of_reach_nearest_first():
    state = hs.blank_state(20, 20)
    hs.add_unit(state, "a", "red", (5, 5), facing="N")
    hs.add_unit(state, "r", "blue", (5, 14), facing="N", weapons=[rifle()])  # Range 10"
    hs.add_fire(state, "blaze", None, [(4, 5)], 2)
    hs.add_field(state, "gas", "exposure", [(6, 4), (6, 5), (6, 6)], dice="1d6")
    answers = Answers()
    g = Game(state, ScriptedDice([2]), policy=answers)  # Bail roll 2: cells within 2"
    g.act("a", Bail())
    asked = answers.first("bail_to")
    assert {"4,5", "6,5", "5,4", "3,5", "4,4"} <= set(asked.options)
    # (4,5) burns, (6,·) is gas, (5,4) and (3,5) are within the rifle's 10": (4,4), 10.05" away
    assert asked.default == "4,4" and landing(g) == (4, 4)


def test_r_resp_6_the_default_bail_goes_out_of_the_attackers_sight_by_the_shortest_leap():
    state = hs.blank_state(12, 10, players=("wayne", "shaun"))
    for y in range(0, 4):
        hs.add_object(state, f"wall{y}", [(8, y)], size=5, weight=9)
    hs.add_unit(state, "wayne", "wayne", (2, 3), facing="E", weapons=[rifle()])
    hs.add_unit(state, "shaun", "shaun", (8, 5), facing="W", weapons=[rifle()], saved_action=True)
    answers = Answers(attack_response="bail")
    g = Game(state, ScriptedDice([4, 1]), policy=answers)  # Bail 4"; wayne's shot then has no sight
    g.act("wayne", Attack("rifle", "shaun"))
    assert landing(g) == (9, 3)  # the nearest cell behind the wall (√5"), not the farthest one
    assert g.unit("shaun").disrupted and "attack_wasted" in [e.kind for e in g.events]


def test_r_resp_6_from_inside_a_field_hazard_the_default_is_the_shortest_leap_out_of_it():
    state = hs.blank_state(12, 12)
    hs.add_unit(state, "a", "red", (5, 5), facing="N")
    hs.add_unit(state, "z", "blue", (11, 11), facing="N")
    hs.add_field(state, "gas", "exposure", hs.rect(3, 3, 5, 5), dice="1d6")  # it stands in the middle
    answers = Answers()
    g = Game(state, ScriptedDice([3]), policy=answers)
    g.act("a", Bail())
    # (5,2), (2,5), (8,5) and (5,8) are the cells out of the gas, 3" away: the first row first
    assert answers.first("bail_to").default == "5,2" and landing(g) == (5, 2)
