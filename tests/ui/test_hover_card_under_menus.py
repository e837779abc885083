"""The unit hover card gives way to a right-click menu: it stayed open under the action menu in the
s9 real-window check (the menu covered half of it, and moving along the menu kept it there). It hides
when the menu opens, does not come back while the menu is up (a hover, a unit's update or the attack
card asking it to move), and hovering works again once the menu has closed."""

from __future__ import annotations

from PySide6.QtCore import Qt

from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.main_window import MainWindow


def test_the_hover_card_hides_under_the_action_menu_and_comes_back_after(
    window: MainWindow, qtbot, move_mouse
) -> None:
    window.set_play_mode(True, seed=3)
    window.selection.select_unit("red-rifle-1")
    at = window.view.mapFromScene(cell_center((19, 4)))  # Rifleman Eel, blue
    move_mouse(window.view.viewport(), at)
    card = window.hover_card
    qtbot.waitUntil(card.isVisible, timeout=20_000)
    assert card.unit_id == "blue-rifle-1"
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, pos=at)
    menu = window.last_action_menu
    qtbot.waitUntil(menu.isVisible, timeout=20_000)
    assert not card.isVisible()
    window.view.cellHovered.emit(19, 4)  # the hover path, as a mouse move over the token
    window.show_hover_card("blue-rifle-1")  # a unit update or the attack card re-placing it
    assert not card.isVisible()
    menu.close()
    qtbot.waitUntil(lambda: not menu.isVisible(), timeout=20_000)
    window.show_hover_card("blue-rifle-1")
    assert card.isVisible() and card.unit_id == "blue-rifle-1"
