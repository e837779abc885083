"""Hazard history arrays and the text hazard map."""

from brikwars_gui.engine.hazards.history import HazardHistory, hazard_frame, render_hazard_map
from brikwars_gui.engine.hazards.sandbox import add_field, add_fire, add_object, add_unit, blank_state, rect


def test_hazard_frame_arrays_and_map() -> None:
    state = blank_state(8, 4)
    state.grid.water[0, 0] = True
    add_object(state, "hut", rect(2, 1, 2, 1), size=2, weight=1)
    add_fire(state, "f", "hut", [(2, 1)], 1)
    add_field(state, "smoke", "smoke", [(6, 0)])
    mines = add_field(state, "mines", "concealed", rect(5, 2, 2, 2), dice="1d6")
    mines.triggered.append((5, 3))
    add_unit(state, "a", "red", (0, 3))
    add_unit(state, "b", "blue", (7, 3))
    frame = hazard_frame(state)
    assert frame.fire_size[1, 2] == 1 and frame.burning_cells == 1
    assert frame.smoke[0, 6] and frame.triggered[3, 5] and frame.fields["concealed"].sum() == 4
    text = render_hazard_map(state)
    lines = text.splitlines()
    assert lines[1:5] == ["~.....S.", "..1#....", "........", "R....x.B"]
    assert "legend" in lines[-1]
    history = HazardHistory()
    history.record(state)
    history.record(state)
    assert history.fire_sizes().shape == (2, 4, 8)
