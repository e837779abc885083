"""Fog of war on the battlefield (docs/rules-decisions.md "Fog of war"): the cells the viewing
player does not see now are shaded, and a dashed "?" ghost marks where it last saw each enemy it
does not see any more. The knowledge comes from the session controller (`fog_view`, through
engine/visibility.py); this module only draws it, refreshed once per batch of map updates."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPixmap
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)
from shiboken6 import isValid

from brikwars_gui.ui.battlefield.layer_item import _layer_item
from brikwars_gui.ui.items import CELL, Z_FIRE, Z_GRID, cosmetic_pen
from brikwars_gui.ui.layers import mask_image

FOG_COLOR = "#1c2230"
"""Dark slate: reads as 'unknown' over grass, water, fire and smoke alike."""
FOG_ALPHA = 120
Z_FOG = (Z_FIRE + Z_GRID) / 2  # over terrain, hazards and fire; under the grid lines and units


class FogLayer(QObject):
    """The fog image and the ghost markers of one scene, kept in step with a controller."""

    def __init__(self, scene: QGraphicsScene, controller) -> None:
        super().__init__(scene)
        self.scene, self.controller = scene, controller
        self.item: QGraphicsPixmapItem | None = None
        self.ghosts: list[QGraphicsEllipseItem] = []
        self.active = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        for signal in (
            controller.unitUpdated,
            controller.unitsReset,
            controller.viewChanged,
            controller.turnChanged,
            controller.hazardsChanged,
            controller.sessionStarted,
        ):
            signal.connect(self.schedule)

    def set_active(self, on: bool) -> None:
        """Play mode shows the fog; Edit mode never does."""
        self.active = on
        self.refresh()

    def schedule(self, *_args) -> None:
        if self.active:
            self._timer.start()

    def refresh(self) -> None:
        # the scene's rebuild (File ▸ Open, New) deletes every item: forget ours then
        if self.item is not None and not isValid(self.item):
            self.item = None
        self.ghosts = [g for g in self.ghosts if isValid(g)]
        mask, memory = self.controller.fog_view() if self.active else (None, [])
        if mask is None:
            if self.item is not None:
                self.item.setVisible(False)
        else:
            image = mask_image(mask, FOG_COLOR, FOG_ALPHA)
            if self.item is None:
                self.item = _layer_item(image)
                self.item.setZValue(Z_FOG)
                self.scene.addItem(self.item)
            else:
                self.item.setPixmap(QPixmap.fromImage(image))
            self.item.setVisible(True)
        self._show_ghosts(memory)

    def _show_ghosts(self, memory: list[tuple[str, str, tuple[int, int], int]]) -> None:
        for ghost in self.ghosts:
            self.scene.removeItem(ghost)
        self.ghosts = []
        for uid, name, (x, y), rnd in memory:
            ghost = QGraphicsEllipseItem(QRectF(x * CELL + 3, y * CELL + 3, CELL - 6, CELL - 6))
            ghost.setPen(cosmetic_pen(QColor("#e8e8e8"), 1.5, Qt.PenStyle.DashLine))
            ghost.setBrush(QBrush(QColor(40, 40, 40, 90)))
            ghost.setZValue(Z_FOG + 0.1)
            ghost.setData(0, uid)
            ghost.setToolTip(f"<b>{name}</b> was last seen here in round {rnd} (fog of war)")
            mark = QGraphicsSimpleTextItem("?", ghost)
            font = QFont()
            font.setBold(True)
            font.setPixelSize(int(CELL * 0.55))
            mark.setFont(font)
            mark.setBrush(QBrush(QColor("#e8e8e8")))
            box = mark.boundingRect()
            mark.setPos(x * CELL + (CELL - box.width()) / 2, y * CELL + (CELL - box.height()) / 2)
            self.scene.addItem(ghost)
            self.ghosts.append(ghost)
