"""Overlays over a unit and an order: sight and Cone of Vision, weapon range rings, line of sight,
reachable cells, the hovered path and the event highlight (each made on first use)."""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPixmap
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsLineItem, QGraphicsPathItem, QGraphicsPixmapItem

from brikwars_gui.scenario.models import Facing
from brikwars_gui.ui.battlefield.layer_item import _layer_item
from brikwars_gui.ui.items import (
    CELL,
    FACING_ANGLE,
    Z_FIRE,
    Z_OUTLINE,
    Z_TOOL,
    LabelItem,
    cell_center,
    cells_outline,
    cosmetic_pen,
)
from brikwars_gui.ui.layers import mask_image, reach_image
from brikwars_gui.ui.overlay_palette import SIGHT_ALPHA, SIGHT_COLOR

#: An SN Effect's area: a blast's orange, apart from the violet of the reachable cells.
AREA_COLOR = "#e65100"


class OverlaysMixin:
    """Unit overlays (sight, ranges, line of sight) and Play-mode order overlays."""

    # -- unit overlays: sight, Cone of Vision, weapon ranges, line of sight ------------------------
    def _reset_unit_overlays(self) -> None:
        """Forget the unit overlay items (the scene was cleared); they are made again on first use."""
        self.sight_item: QGraphicsPixmapItem | None = None
        self.cone_items: list[QGraphicsLineItem] = []
        self.range_items: list[QGraphicsEllipseItem] = []
        self.los_item: QGraphicsLineItem | None = None
        self._sight_shown = False

    def _edge_point(self, origin: QPointF, angle: float) -> QPointF:
        """Where the ray from `origin` at screen `angle` (radians, 0 = E, clockwise) leaves the field."""
        dx, dy = math.cos(angle), math.sin(angle)
        w, h = self.doc.width * CELL, self.doc.height * CELL
        ts = []
        if dx > 1e-9:
            ts.append((w - origin.x()) / dx)
        elif dx < -1e-9:
            ts.append(-origin.x() / dx)
        if dy > 1e-9:
            ts.append((h - origin.y()) / dy)
        elif dy < -1e-9:
            ts.append(-origin.y() / dy)
        t = max(0.0, min(ts)) if ts else 0.0
        return QPointF(origin.x() + dx * t, origin.y() + dy * t)

    def set_sight(
        self, mask: np.ndarray | None, origin: tuple[int, int] | None = None, facing: str = "N"
    ) -> None:
        """The cells a unit sees (one translucent yellow image) and the two edges of its 90° Cone
        of Vision (R-RESP-3, GRID-6) from `origin` facing `facing`. None hides the overlay."""
        if self.sight_item is None:
            h, w = self.doc.height, self.doc.width
            self.sight_item = _layer_item(mask_image(np.zeros((h, w), dtype=bool), SIGHT_COLOR, SIGHT_ALPHA))
            self.sight_item.setZValue(Z_FIRE + 0.1)
            self.sight_item.setToolTip("Seen: line of sight inside the Cone of Vision (R-RESP-3, GRID-5/6)")
            self.addItem(self.sight_item)
            pen = cosmetic_pen(QColor(SIGHT_COLOR).darker(150), 1.5, Qt.PenStyle.DashLine)
            for _ in range(2):
                line = QGraphicsLineItem()
                line.setPen(pen)
                line.setOpacity(0.8)
                line.setZValue(Z_FIRE + 0.15)
                line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                line.setToolTip("Cone of Vision: 45° either side of the facing (R-RESP-3)")
                self.addItem(line)
                self.cone_items.append(line)
        if mask is None or origin is None or mask.shape != (self.doc.height, self.doc.width):
            self._sight_shown = False
        else:
            self.sight_item.setPixmap(QPixmap.fromImage(mask_image(mask, SIGHT_COLOR, SIGHT_ALPHA)))
            centre = cell_center(origin)
            base = math.radians(FACING_ANGLE[Facing(facing)] if facing in Facing.__members__ else 270.0)
            for line, side in zip(self.cone_items, (-1, 1), strict=True):
                line.setLine(QLineF(centre, self._edge_point(centre, base + side * math.pi / 4)))
            self._sight_shown = True
        self._apply_unit_overlays()

    def set_ranges(self, origin: tuple[int, int] | None, weapons: list[tuple[str, int]] = ()) -> None:
        """One circle per ranged/thrown weapon around `origin`: radius Range inches, centre to
        centre (GRID-3), labelled with the weapon and its range. None/empty removes them."""
        for item in self.range_items:
            self.removeItem(item)
        self.range_items = []
        if origin is None:
            return
        centre = cell_center(origin)
        colors = ("#6a1b9a", "#00838f", "#c62828", "#2e7d32", "#ef6c00")
        for i, (name, rng) in enumerate(sorted(weapons, key=lambda w: (w[1], w[0]))):
            r = rng * CELL
            ring = QGraphicsEllipseItem(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
            color = QColor(colors[i % len(colors)])
            pen = cosmetic_pen(color, 2, Qt.PenStyle.DashDotLine)
            ring.setPen(pen)
            ring.setZValue(Z_TOOL - 2)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            ring.setData(0, name)
            ring.setData(1, rng)
            ring.setToolTip(f'{name}: Range {rng}" (GRID-3, centre to centre)')
            label = LabelItem(
                f'{name} {rng}"', color.darker(130).name(), parent=ring, anchor="center", point_size=7.5
            )
            label.setPos(QPointF(centre.x(), centre.y() - r))
            self.addItem(ring)
            self.range_items.append(ring)
        self._apply_unit_overlays()

    def show_line_of_sight(
        self, a: tuple[int, int] | None, b: tuple[int, int] | None = None, clear: bool = True
    ) -> None:
        """The line of sight from cell `a` to `b`: green when clear, red when blocked (GRID-5).
        None hides it."""
        if self.los_item is None:
            self.los_item = QGraphicsLineItem()
            self.los_item.setZValue(Z_TOOL + 0.5)
            self.los_item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.los_item.setToolTip("Line of sight (GRID-5)")
            self.los_item.setVisible(False)
            self.addItem(self.los_item)
        if a is None or b is None:
            self.los_item.setVisible(False)
            return
        self.los_item.setPen(cosmetic_pen("#2e7d32" if clear else "#d50000", 3, cap=Qt.PenCapStyle.RoundCap))
        self.los_item.setLine(QLineF(cell_center(a), cell_center(b)))
        self.los_item.setData(0, "clear" if clear else "blocked")
        self.los_item.setVisible(True)

    def _apply_unit_overlays(self) -> None:
        v = self.visible_layers
        sight = self._sight_shown and v["sight"]
        if self.sight_item is not None:
            self.sight_item.setVisible(sight)
        for line in self.cone_items:
            line.setVisible(sight)
        for ring in self.range_items:
            ring.setVisible(v["ranges"])

    # -- play mode: reach, path, highlight ---------------------------------------------------------
    def _play_items(self) -> None:
        if self.reach_item is None:
            self._install_play_items()

    def _install_play_items(self) -> None:
        """Play-mode overlays, made on first use: reachable cells and triggered spots (one image
        each), the hovered path and the event highlight (one path item each)."""
        w, h = self.doc.width, self.doc.height
        self.reach_item = _layer_item(reach_image({}, w, h))
        self.reach_item.setZValue(Z_FIRE + 0.2)
        self.reach_item.setVisible(False)
        self.triggered_item = _layer_item(mask_image(np.zeros((h, w), dtype=bool), "#6a1b9a"))
        self.triggered_item.setZValue(Z_OUTLINE + 0.5)
        self.triggered_item.setVisible(False)
        self.path_item = QGraphicsPathItem()
        pen = cosmetic_pen("#0d47a1", 4, cap=Qt.PenCapStyle.RoundCap)
        self.path_item.setPen(pen)
        self.path_item.setZValue(Z_TOOL)
        self.path_label = LabelItem("", "#0d47a1", anchor="center", bold=True, point_size=9)
        self.path_label.setZValue(Z_TOOL + 1)
        self.highlight_item = QGraphicsPathItem()
        self.highlight_item.setPen(cosmetic_pen("#ff1744", 3))
        self.highlight_item.setBrush(QColor(255, 23, 68, 50))
        self.highlight_item.setZValue(Z_TOOL - 1)
        self.area_item = QGraphicsPathItem()
        self.area_item.setPen(cosmetic_pen(AREA_COLOR, 2.5, Qt.PenStyle.DashLine))
        self.area_item.setBrush(QColor(230, 81, 0, 60))
        self.area_item.setZValue(Z_TOOL - 0.5)
        for item in (
            self.reach_item,
            self.triggered_item,
            self.path_item,
            self.path_label,
            self.highlight_item,
            self.area_item,
        ):
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            if item not in (self.reach_item, self.triggered_item):
                item.setVisible(False)
            self.addItem(item)

    def set_reach(self, costs: dict[tuple[int, int], int] | None, half_speed=None) -> None:
        """Shade the selected unit's reachable cells by Move cost (None/empty hides the overlay)."""
        self._play_items()
        if not costs:
            self.reach_item.setVisible(False)
            return
        self.reach_item.setPixmap(
            QPixmap.fromImage(reach_image(costs, self.doc.width, self.doc.height, half_speed))
        )
        self.reach_item.setVisible(True)

    def show_path(self, cells: list[tuple[int, int]] | None, text: str = "", *, below: bool = False) -> None:
        """The path line with its end marked and `text` above the end (`below`: under it, where
        the results rising from the end do not cover it)."""
        self._play_items()
        if not cells or len(cells) < 2:
            self.path_item.setVisible(False)
            self.path_label.setVisible(False)
            return
        path = QPainterPath(cell_center(cells[0]))
        for c in cells[1:]:
            path.lineTo(cell_center(c))
        end = cell_center(cells[-1])
        path.addEllipse(end, CELL * 0.18, CELL * 0.18)
        self.path_item.setPath(path)
        self.path_item.setVisible(True)
        self.path_label.set_text(text)
        self.path_label.setPos(end + QPointF(0, CELL * 0.55 if below else -CELL * 0.55))
        self.path_label.setVisible(bool(text))

    def show_area(self, cells, tip: str = "") -> None:
        """An Effect's area outlined (R-SN-27/28: the cells of its d8 arcs and d10 radius, as the
        engine gives them); empty or None hides it."""
        self._play_items()
        self.area_item.setPath(cells_outline(cells or ()))
        self.area_item.setToolTip(tip)
        self.area_item.setVisible(bool(cells))

    def highlight(self, units: list[str] | tuple[str, ...] = (), cells=()) -> None:
        """Mark the units and cells an event involves (one path item; empty clears it)."""
        self._play_items()
        path = QPainterPath()
        for uid in units:
            item = self.unit_items.get(uid)
            if item is not None:
                r = item.radius * 1.55
                path.addEllipse(item.pos(), r, r)
        for x, y in cells:
            path.addRect(QRectF(x * CELL + 3, y * CELL + 3, CELL - 6, CELL - 6))
        self.highlight_item.setPath(path)
        self.highlight_item.setVisible(not path.isEmpty())
