"""Issue 10 click-through: hovering an enemy with a unit selected draws the line of sight (GRID-5);
its tooltip sat where Qt puts every tooltip, just below the pointer, over the target's name label.
It is now placed clear of the target's and the attacker's token and name."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, QSize
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from brikwars_gui.ui.battlefield.map_tips import TIP_OFFSET, tip_corner
from brikwars_gui.ui.items import cell_center


def _shown_tip() -> QRect | None:
    tips = [w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel") and w.isVisible()]
    return tips[0].geometry() if tips else None


def test_the_line_of_sight_tip_leaves_the_target_and_attacker_in_sight(qtbot, window) -> None:
    w = window
    w.set_play_mode(True, seed=5)
    # Rifleman Eel (19, 4) looks at Rifleman Ash (5, 2), whose token sits where Qt's tooltip would
    # not be pushed aside by the screen's edge (the offscreen screen is 800 px wide)
    w.selection.select_unit("blue-rifle-1")
    target = w.controller.unit_position("red-rifle-1")
    w._play_hover(*target)
    assert w.scene.los_item is not None and w.scene.los_item.isVisible()
    port = w.view.viewport()
    at = w.view.mapFromScene(cell_center(target))
    QToolTip.hideText()
    QApplication.sendEvent(port, QHelpEvent(QEvent.Type.ToolTip, at, port.mapToGlobal(at)))
    qtbot.waitUntil(lambda: _shown_tip() is not None, timeout=20_000)
    assert QToolTip.text() == "Line of sight (GRID-5)"
    tip = _shown_tip()
    for box in w.token_boxes("red-rifle-1", "blue-rifle-1"):  # view coordinates
        on_screen = QRect(w.view.mapToGlobal(box.topLeft()), box.size())
        assert not tip.intersects(on_screen), f"the tip {tip} covers a token and name {on_screen}"
    QToolTip.hideText()


def test_the_line_of_sight_tip_leaves_the_hover_and_attack_cards_in_sight(qtbot, window) -> None:
    """Issue 10 polish, seen in a real window: the tip was moved off the target's token up onto the
    target's hover card, over its weapon line. Both cards are now boxes the tip keeps clear of."""
    w = window
    w.set_play_mode(True, seed=5)
    w.selection.select("unit", "blue-rifle-1")
    target = w.controller.unit_position("red-rifle-1")
    w._play_hover(*target)
    assert w.hover_card.isVisible() and w.hover_card.unit_id == "red-rifle-1"
    port = w.view.viewport()
    at = w.view.mapFromScene(cell_center(target))
    QToolTip.hideText()
    QApplication.sendEvent(port, QHelpEvent(QEvent.Type.ToolTip, at, port.mapToGlobal(at)))
    qtbot.waitUntil(lambda: _shown_tip() is not None, timeout=20_000)
    tip = _shown_tip()
    for card in (c for c in (w.hover_card, w.attack_card) if c.isVisible()):
        on_screen = QRect(w.view.mapToGlobal(card.pos()), card.size())
        assert not tip.intersects(on_screen), f"the tip {tip} covers {card.objectName()} {on_screen}"
    QToolTip.hideText()


def test_tip_corner_keeps_qts_place_when_it_is_clear_and_moves_off_a_token_otherwise() -> None:
    area, size = QRect(0, 0, 800, 600), QSize(120, 24)
    token = QRect(300, 280, 60, 50)  # a token with its name label below it
    assert tip_corner(QPoint(100, 100), size, [token], area) == QPoint(100, 100) + TIP_OFFSET
    corner = tip_corner(QPoint(330, 300), size, [token], area)
    assert not QRect(corner, size).intersects(token) and corner.y() + size.height() < token.top()
    top = QRect(300, 5, 60, 50)  # no room above: below the box
    corner = tip_corner(QPoint(330, 20), size, [top], area)
    assert corner.y() > top.bottom() and area.contains(QRect(corner, size))
