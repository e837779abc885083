"""Cells offered to a side are what that side knows (G-16 Hidden, fog of war; issue 10): a Bail
landing, an Angry Inch step and a Shove's slide leave out only the cells of units the side sees,
so the offer gives no unseen enemy away; meeting the unseen unit is then a move into it (R-MOVE-12,
G-16): it stops short and finds it (a Hidden one is revealed). Through `Game` orders."""

from __future__ import annotations

from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Bail, Shove
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState, WeaponState


def gun(rng: int = 10) -> WeaponState:
    return WeaponState("rifle", "ranged", 3, rng, "1d6+1")


def events(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


def field(*, fog: bool, hidden: bool) -> GameState:
    """Red's `a` at (5, 5) looking east; blue's `z` (Hidden, or unseen under fog: behind `a`)."""
    state = hs.blank_state(16, 12)
    state.fog_of_war = fog
    hs.add_unit(state, "a", "red", (5, 5), facing="E", weapons=[gun()])
    hs.add_unit(state, "z", "blue", (3, 5), facing="N", hidden=hidden, weapons=[gun()])
    hs.add_unit(state, "seen", "blue", (8, 5), facing="W", weapons=[gun()])
    return state


def test_g_16_a_bail_offers_the_hidden_units_cell_and_lands_short_of_it():
    answers = Answers(bail_to="3,5")
    g = Game(field(fog=False, hidden=True), ScriptedDice([4]), policy=answers)  # Bail roll: 4"
    g.act("a", Bail())
    offered = answers.first("bail_to").options
    assert "3,5" in offered  # the Hidden unit's cell looks as free as any other
    assert "8,5" not in offered  # a unit red sees is not a landing
    assert g.unit("a").pos == (4, 5)  # leapt west onto (3, 5), met z there: lands before it
    assert g.unit("z").pos == (3, 5) and not g.unit("z").hidden
    assert events(g, "unit_revealed")[0].unit == "z"
    assert "leaps into z, unseen until now" in events(g, "bailed")[-1].text


def test_fog_a_bail_onto_an_unseen_enemy_lands_short_and_a_free_landing_is_unchanged():
    answers = Answers(bail_to="3,5")
    g = Game(field(fog=True, hidden=False), ScriptedDice([4]), policy=answers)
    assert not [o for o in g.legal_actions("a") if o.target == "z"]  # z is behind a: unseen
    g.act("a", Bail())
    assert "3,5" in answers.first("bail_to").options
    assert g.unit("a").pos == (4, 5) and g.unit("z").pos == (3, 5)
    assert not events(g, "unit_revealed")  # never Hidden: found, not revealed
    free = Answers(bail_to="5,8")
    g2 = Game(field(fog=True, hidden=False), ScriptedDice([4]), policy=free)
    g2.act("a", Bail())
    assert g2.unit("a").pos == (5, 8)


def inch_field(hidden_at: tuple[int, int] | None) -> GameState:
    """R-RESP-2: blue's rifleman `r` (Range 10) keeps its Action at (15, 5); red's `a` walks to
    (4, 5), 11" away: only the step to (14, 5) brings it into Range."""
    state = hs.blank_state(20, 12)
    hs.add_unit(state, "a", "red", (2, 5), facing="E", weapons=[])
    hs.add_unit(state, "r", "blue", (15, 5), facing="W", weapons=[gun()])
    if hidden_at is not None:
        hs.add_unit(state, "h", "red", hidden_at, facing="N", hidden=True, weapons=[])
    state.units["r"].saved_action = True
    return state


def test_g_16_the_angry_inch_offers_a_step_onto_a_hidden_unit_and_stops_there():
    answers = Answers()
    g = Game(inch_field((14, 5)), ScriptedDice([]), policy=answers)
    g.move("a", (4, 5))
    inch = answers.first("angry_inch")
    assert inch.options[0] == "14,5"  # offered: blue does not know h stands there
    r = g.unit("r")
    assert r.pos == (15, 5) and r.saved_action  # it stays and keeps its Action
    assert not events(g, "attacked")
    assert events(g, "unit_revealed")[0].unit == "h"
    assert "Angry Inch runs into h" in events(g, "stopped")[-1].reason


def test_r_resp_2_a_free_angry_inch_step_is_unchanged():
    g = Game(inch_field(None), ScriptedDice([5, 5]), policy=Answers())
    g.move("a", (4, 5))
    assert g.unit("r").pos == (14, 5) and events(g, "attacked")


def test_g_16_a_shove_slides_into_a_hidden_unit_and_finds_it():
    state = hs.blank_state(16, 12)
    hs.add_unit(state, "a", "red", (4, 5), facing="E", weapons=[])
    hs.add_unit(state, "t", "blue", (5, 5), facing="W", weapons=[])
    hs.add_unit(state, "h", "blue", (7, 5), facing="N", hidden=True, weapons=[])
    g = Game(state, ScriptedDice([6, 1]))  # Shove: Use 2 made (6; the Overskill die 1)
    g.act("a", Shove("t"))
    shoved = events(g, "shoved")[-1]
    assert shoved.success and shoved.path == [(5, 5), (6, 5)]  # stopped before h on (7, 5)
    assert "slides into h, unseen until now" in shoved.text
    assert not g.unit("h").hidden and events(g, "unit_revealed")[0].unit == "h"
