"""Tooltips over the map placed clear of the units' tokens and names (issue 10: the line of sight's
tooltip sat where Qt puts every tooltip, just below the pointer, over the target's name label)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsView, QToolTip

#: Where Qt puts a tooltip's corner from the point it is given (QTipLabel::placeTip, X11/macOS).
TIP_OFFSET = QPoint(2, 16)
GAP = 4  # px between a tooltip and the token box it avoids


def tip_corner(pointer: QPoint, size: QSize, boxes: list[QRect], area: QRect) -> QPoint:
    """The top-left corner for a tooltip of `size` near `pointer`: Qt's own place when it covers
    no box (token and name of a unit), else above, below, right or left of the box under the
    pointer, else above the pointer; every place inside `area` (the map's viewport)."""
    under = next((b for b in boxes if b.contains(pointer)), QRect(pointer, QSize(1, 1)))
    w, h = size.width(), size.height()
    candidates = [
        pointer + TIP_OFFSET,
        QPoint(pointer.x() - w // 2, under.top() - GAP - h),
        QPoint(pointer.x() - w // 2, under.bottom() + GAP),
        QPoint(under.right() + GAP, pointer.y() - h // 2),
        QPoint(under.left() - GAP - w, pointer.y() - h // 2),
    ]
    for corner in candidates:
        rect = QRect(corner, size)
        if area.contains(rect) and not any(rect.intersects(b) for b in boxes):
            return corner
    return candidates[1]


def token_box(view: QGraphicsView, item: QGraphicsItem) -> QRect:
    """Where a unit's token and its name label are drawn, in the view's viewport coordinates."""
    rect = item.sceneBoundingRect().united(item.mapRectToScene(item.childrenBoundingRect()))
    return view.mapFromScene(rect).boundingRect()


def show_clear_tip(
    view: QGraphicsView,
    event: QHelpEvent,
    item: QGraphicsItem,
    units: list[QGraphicsItem],
    cards: Sequence[QRect] = (),
) -> None:
    """Shows `item`'s tooltip for the help `event` clear of the visible `units`' tokens and names
    and of the `cards` over the map (viewport coordinates: the hover card, the attack card): Qt
    shows it, then it is moved to its place (Qt's offset from the pointer varies with the
    platform's cursor size, so the tip's own size and place are used, not a guess)."""
    text = item.toolTip()
    port = view.viewport()
    QToolTip.showText(port.mapToGlobal(event.pos()), text, port)
    label = next(
        (w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel") and w.isVisible()), None
    )
    if label is None:
        return
    boxes = [token_box(view, unit) for unit in units if unit.isVisible()] + list(cards)
    corner = tip_corner(event.pos(), label.size(), boxes, port.rect())
    label.move(port.mapToGlobal(corner))
