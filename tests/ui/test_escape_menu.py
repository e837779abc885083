"""Issue 10 click-through: under Nine Powers a right-click on a far enemy offered "Escape" though
nothing held the unit. The action menu lists what the engine allows (`legal_actions` through the
session controller): Escape only in a fight (R-NP-13, an enemy within reach or holding it)."""

from __future__ import annotations

from brikwars_gui.paths import SCENARIOS

CHAPEL = SCENARIOS / "ruined_chapel.json"


def _menu_texts(window, unit_id: str, target: str) -> list[str]:
    cell = window.controller.unit_position(target)
    menu = window.build_action_menu(unit_id, cell, target)
    return [a.text() for a in menu.actions() if a.text()]


def test_no_escape_on_a_far_enemy_when_nothing_holds_the_unit(open_window, data_dir) -> None:
    window = open_window(CHAPEL, data_dir=data_dir)
    window.set_play_mode(True, seed=1)
    texts = _menu_texts(window, "vroy", "zombie-1")  # Zombie 1 stands 10 squares away
    assert not [t for t in texts if t.startswith("Escape")], texts
    assert any(t.startswith("Acrobatics") for t in texts)  # the unit's other turns stay


def test_escape_is_offered_next_to_an_enemy(open_window, data_dir) -> None:
    window = open_window(CHAPEL, data_dir=data_dir)
    window.doc.move_unit("zombie-1", (6, 8))  # next to Vroy at (5, 8)
    window.set_play_mode(True, seed=1)
    texts = _menu_texts(window, "vroy", "zombie-1")
    assert [t for t in texts if t.startswith("Escape")], texts
