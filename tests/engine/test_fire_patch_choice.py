"""R-FIRE-12: after a Size change the fire's controller chooses the side the patch spreads to or
dies down on — a question with the engine's pick as its default — through `Game` orders with
scripted dice."""

from __future__ import annotations

from scripted_answers import Answers

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState


def _barn(owner: str | None, policy: Answers) -> Game:
    """A 3x2 barn (Weight 0.5"); red's flamer (2d4 Fire) next to it: skill 5 hits, d4s 3 and 2
    both catch (R-FIRE-3) → a 2" fire starting at (4, 4); the barn's Armor d10 rolls 1."""
    state = hs.blank_state(12, 12)
    hs.add_object(state, "barn", hs.rect(4, 4, 3, 2), size=6, weight=0.5, owner=owner, name="Barn")
    flamer = WeaponState("flamer", "ranged", 2, 4, "2d4", damage_type="fire")
    hs.add_unit(state, "a", "red", (3, 4), facing="E", weapons=[flamer])
    hs.add_unit(state, "z", "blue", (11, 11))
    return Game(state, ScriptedDice([5, 3, 2, 1]), policy=policy)


def test_r_fire_12_the_objects_owner_chooses_where_the_fire_spreads():
    answers = Answers(fire_patch="5,5")
    g = _barn("blue", answers)
    g.act("a", Attack("flamer", "barn"))
    request = answers.first("fire_patch")
    assert request.team == "blue" and request.options == ("5,4", "4,5", "5,5") and request.default == "5,4"
    assert g.state.fires["fire:barn"].cells == [(4, 4), (5, 5)]


def test_r_fire_12_an_unaligned_objects_fire_is_shaped_by_who_lit_it_default_the_engines_pick():
    answers = Answers()
    g = _barn(None, answers)
    g.act("a", Attack("flamer", "barn"))
    assert answers.first("fire_patch").team == "red"
    assert g.state.fires["fire:barn"].cells == [(4, 4), (5, 4)]  # the default: nearest the centroid
