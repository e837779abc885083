"""A path through a hazard that rolls inches (a Slippery slide, R-HAZ-14) and then into a concealed
field (R-HAZ-17) rolls the concealed crossing against the inches travelled — the slide's roll
used to replace them and the move failed with a TypeError."""

from __future__ import annotations

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game


def test_r_haz_14_r_haz_17_a_slide_then_a_concealed_field_on_one_path():
    state = hs.blank_state(20, 6)
    hs.add_unit(state, "a", "red", (2, 3))
    hs.add_unit(state, "z", "blue", (18, 3))
    hs.add_field(state, "oil", "slippery", [(3, 3)], dice="1d6")
    hs.add_field(state, "mines", "concealed", [(5, 3), (6, 3)], dice="1d6", owner="blue")
    for seed in range(6):
        g = Game(state.copy(), SeededDice(seed))
        g.move("a", (7, 3))
        rolls = [e for e in g.events if e.kind == "concealed_roll"]
        assert any(e.kind == "hazard_move" for e in g.events)  # the slide rolled its inches
        if g.unit("a").pos[0] >= 5:  # it reached the field: one roll against 2" inside it
            assert [r.inches for r in rolls] == [2]
