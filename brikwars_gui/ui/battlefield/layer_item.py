"""What every part of the battlefield shares: the layer names and the pixmap item of a cell layer."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem

from brikwars_gui.ui.items import CELL

LAYERS = ("grid", "hazards", "smoke", "fire", "labels", "sight", "ranges")
DEFAULT_HIDDEN = ("sight", "ranges")
"""Unit overlays (Cone of Vision, weapon range rings) start hidden: View ▸ Overlays shows them."""
Cell = tuple[int, int]


def _layer_item(image, cls: type[QGraphicsPixmapItem] = QGraphicsPixmapItem) -> QGraphicsPixmapItem:
    item = cls(QPixmap.fromImage(image))
    item.setScale(CELL)
    item.setTransformationMode(Qt.TransformationMode.FastTransformation)
    item.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return item


class FireLayerItem(QGraphicsPixmapItem):
    """The fire layer (one pixel a cell, scaled by CELL). Its flicker repaints only the tiles that
    hold burning cells: changing the whole item's opacity repainted the whole field ten times a
    second, the busiest thing an idle Play-mode window did (issue 9)."""

    TILE = 8  # cells

    def __init__(self, pixmap: QPixmap) -> None:
        super().__init__(pixmap)
        self.flicker = 1.0
        self.burning: list[QRectF] = []

    def set_image(self, image: QImage) -> None:
        """Show `image` and note the tiles with a burning (not transparent) cell."""
        self.setPixmap(QPixmap.fromImage(image))
        argb = image.convertToFormat(QImage.Format.Format_ARGB32)
        w, h = argb.width(), argb.height()
        rows = np.frombuffer(argb.constBits(), np.uint8, count=argb.sizeInBytes()).reshape(h, -1)
        alpha = rows[:, : w * 4].reshape(h, w, 4)[..., 3]  # ARGB32 in memory: B, G, R, A
        ys, xs = np.nonzero(alpha)
        t = self.TILE
        tiles = sorted(set(zip((xs // t).tolist(), (ys // t).tolist(), strict=True)))
        self.burning = [QRectF(x * t, y * t, t, t) for x, y in tiles]

    def set_flicker(self, value: float) -> None:
        """The fire's brightness now (1.0: steady); repaints the burning tiles only."""
        self.flicker = value
        for rect in self.burning:
            self.update(rect)

    def paint(self, painter, option, widget=None) -> None:
        painter.setOpacity(painter.opacity() * self.flicker)
        super().paint(painter, option, widget)
