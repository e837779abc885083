"""What every part of the battlefield shares: the layer names and the pixmap item of a cell layer."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem

from brikwars_gui.ui.items import CELL

LAYERS = ("grid", "hazards", "smoke", "fire", "labels", "sight", "ranges")
DEFAULT_HIDDEN = ("sight", "ranges")
"""Unit overlays (Cone of Vision, weapon range rings) start hidden: View ▸ Overlays shows them."""
Cell = tuple[int, int]


def _layer_item(image) -> QGraphicsPixmapItem:
    item = QGraphicsPixmapItem(QPixmap.fromImage(image))
    item.setScale(CELL)
    item.setTransformationMode(Qt.TransformationMode.FastTransformation)
    item.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return item
