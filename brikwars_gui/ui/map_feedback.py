"""What the battlefield shows of a decision or a result, where it happens (issue 10).

`ChoiceCells`: the cells a Response question offers (Bail landing, Angry Inch step), shaded, the
default ringed, each with a tooltip saying what choosing it means. `ResultFloats`: dice outcomes
(hit/miss, damage vs Armor, Disrupted, killed, blasts) as text rising from the target, with a short
flash; they never block the game and vanish on their own."""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
)
from shiboken6 import isValid

from brikwars_gui.ui.battlefield.view import RULER_BAND
from brikwars_gui.ui.items import CELL, Z_TOOL, LabelItem, cell_center, cells_outline, cosmetic_pen

CHOICE_COLOR = "#00c853"
RESULT_COLORS = {
    "hit": "#d50000",
    "miss": "#455a64",
    "damage": "#bf360c",
    "killed": "#000000",
    "disrupted": "#6a1b9a",
    "blast": "#c43e00",  # text 5:1 on the float's white; its flash stays bright orange (FLASH_COLORS)
    "bail": "#1565c0",
    "sn": "#ffffff",  # SuperNatural dice and Effects (R-SN-14): white on their purple (below)
}
FLASH = ("hit", "killed", "disrupted", "blast")
FLASH_COLORS = {"blast": "#ff6f00"}  # the blast's circle; others flash in their text's colour
FLASH_HALOS = ((QColor(0, 0, 0, 150), 9), (QColor(255, 255, 255, 220), 6))
"""Rims under a flash's ring, outermost first: dark then white, so it stands off light and dark
shading alike (the Disrupted purple is the Move shading's violet itself)."""
FLOAT_FILL = QColor(255, 255, 255, 245)
"""Result floats sit on a near-opaque white: the Move shading under them no longer tints it, so a
float reads the same on every shading (purple SN text sank into the violet one, s9 check)."""
FLOAT_BORDER = QPen(QColor(0, 0, 0, 140), 1)
SN_FILL = QColor("#4a148c")
"""SN floats: white on deep purple, ringed in white, so they are told from the others and stand
off the violet Move shading (R-SN-14)."""
SN_BORDER = QPen(QColor("#ffffff"), 2)


def _alive(item: QGraphicsItem) -> bool:
    """The scene may have been cleared (a new scenario): its items are gone with it."""
    return isValid(item) and item.scene() is not None


class ChoiceCells:
    """Cells offered by a question, drawn on `scene` until `show(None)`."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.items: dict[tuple[int, int], QGraphicsRectItem] = {}

    def show(self, cells: dict[tuple[int, int], str] | None, default: tuple[int, int] | None = None) -> None:
        for item in self.items.values():
            if _alive(item):
                self.scene.removeItem(item)
        self.items = {}
        for cell, tip in (cells or {}).items():
            item = QGraphicsRectItem(QRectF(cell[0] * CELL + 2, cell[1] * CELL + 2, CELL - 4, CELL - 4))
            color = QColor(CHOICE_COLOR)
            fill = QColor(color)
            fill.setAlpha(110 if cell == default else 70)
            item.setBrush(QBrush(fill))
            item.setPen(cosmetic_pen(color.darker(160), 4 if cell == default else 1.5))
            item.setZValue(Z_TOOL + 2)
            item.setToolTip(tip)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setData(0, "default" if cell == default else "choice")
            self.scene.addItem(item)
            self.items[cell] = item


class ResultFloats(QObject):
    """Outcome texts rising from where they happened; several at one cell stack upwards. They age
    by the clock, not by timer ticks: a busy machine delivers fewer ticks, and the floats stayed on
    the map as many times longer (over 5 s instead of 1.8 at a load of 17)."""

    DURATION_MS = 1800
    STEP_MS = 40
    MAX_STEP_MS = 4 * STEP_MS  # after a freeze (no painting) a float goes on where it was, not ends

    def __init__(self, scene: QGraphicsScene) -> None:
        super().__init__(scene)
        self.scene = scene
        self.enabled = True
        self.floats: list[tuple[QGraphicsItem, QPointF, int]] = []  # item, start, age (ms)
        self.timer = QTimer(self)
        self.timer.setInterval(self.STEP_MS)
        self.timer.timeout.connect(self._tick)
        self._clock = QElapsedTimer()  # since the last tick (or since the timer started)

    def show(self, result) -> None:
        """One `MapResult` (from the session controller)."""
        if not self.enabled:
            return
        color = RESULT_COLORS.get(result.kind, "#202020")
        centre = cell_center(result.at)
        sn = result.kind == "sn"
        label = LabelItem(
            result.text,
            color,
            anchor="center",
            bold=True,
            point_size=10,
            fill=SN_FILL if sn else FLOAT_FILL,
            border=SN_BORDER if sn else FLOAT_BORDER,
        )
        label.setZValue(Z_TOOL + 5)
        start = self._clear_spot(label, centre + QPointF(0, -CELL * 0.6))
        label.setPos(start)
        label.setData(0, result.kind)
        self.scene.addItem(label)
        self.floats.append((label, start, 0))
        if result.kind in FLASH:
            if getattr(result, "area", ()):  # an SN Effect's cells (R-SN-27/28), outlined
                outline = cells_outline(result.area)
                flash, *halos = (QGraphicsPathItem(outline) for _ in range(1 + len(FLASH_HALOS)))
                centre = QPointF(0, 0)
            else:
                radius = CELL * (result.radius + 0.5 if result.kind == "blast" else 0.7)
                box = QRectF(-radius, -radius, 2 * radius, 2 * radius)
                flash, *halos = (QGraphicsEllipseItem(box) for _ in range(1 + len(FLASH_HALOS)))
            flash.setPos(centre)
            ring = FLASH_COLORS.get(result.kind, color)
            flash.setPen(cosmetic_pen(ring, 3))
            for halo, (rim, width) in zip(halos, FLASH_HALOS, strict=True):  # under the ring
                halo.setParentItem(flash)
                halo.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
                halo.setPen(cosmetic_pen(rim, width))
            fill = QColor(ring)
            fill.setAlpha(60)
            flash.setBrush(QBrush(fill))
            flash.setZValue(Z_TOOL + 4)
            flash.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.scene.addItem(flash)
            self.floats.append((flash, centre, self.DURATION_MS // 2))  # a shorter life
        if not self.timer.isActive():
            self._clock.start()
        self.timer.start()

    def screen_rect(self, label: LabelItem, at: QPointF | None = None) -> QRectF:
        """Where `label` (at `at`, else where it is) covers the map's view, in its pixels (the
        labels keep their screen size at any zoom); scene units without a view."""
        at = label.pos() if at is None else at
        views = self.scene.views()
        anchor = QPointF(views[0].mapFromScene(at)) if views else at
        return label.box.translated(anchor)

    def _clear_spot(self, label: LabelItem, start: QPointF) -> QPointF:
        """`start`, or the nearest spot above it where `label` overlaps no float on the map (a
        Fireball hitting several units at once: each outcome readable). The floats all rise at
        one speed, so labels apart when they appear stay apart. A stack that would reach the
        map's top edge (under the inch ruler) goes on below the token instead."""
        others = [self.screen_rect(item) for item, _s, _a in self.floats if isinstance(item, LabelItem)]
        spot = self._stacked(label, start, others, up=True)
        if not self.scene.views() or self.screen_rect(label, spot).top() >= RULER_BAND + 2:
            return spot
        return self._stacked(label, start + QPointF(0, CELL * 1.2), others, up=False)

    def _stacked(self, label: LabelItem, start: QPointF, others: list[QRectF], *, up: bool) -> QPointF:
        """`start` moved up (or down) past every float in `others` that `label` would overlap."""
        views = self.scene.views()
        zoom = max(views[0].transform().m11() if views else 1.0, 0.05)
        rect = self.screen_rect(label, start)
        for _ in range(len(others) + 1):
            hit = [r for r in others if r.adjusted(-2, -2, 2, 2).intersects(rect)]
            if not hit:
                break
            if up:  # clear the lowest top it meets
                step = -(rect.bottom() - min(r.top() for r in hit) + 3)
            else:  # clear the highest bottom it meets
                step = max(r.bottom() for r in hit) - rect.top() + 3
            start = start + QPointF(0, step / zoom)
            rect = self.screen_rect(label, start)
        return start

    def clear(self) -> None:
        for item, _start, _age in self.floats:
            if _alive(item):
                self.scene.removeItem(item)
        self.floats = []
        self.timer.stop()

    def _tick(self) -> None:
        kept = []
        step = min(self._clock.restart(), self.MAX_STEP_MS) if self._clock.isValid() else self.STEP_MS
        for item, start, age in self.floats:
            age += step
            if not _alive(item):
                continue
            if age >= self.DURATION_MS:
                self.scene.removeItem(item)
                continue
            t = age / self.DURATION_MS
            if isinstance(item, LabelItem):
                item.setPos(start + QPointF(0, -CELL * 0.6 * t))
            item.setOpacity(1.0 if t < 0.6 else max(0.0, (1.0 - t) / 0.4))
            kept.append((item, start, age))
        self.floats = kept
        if not kept:
            self.timer.stop()
