"""`BattlefieldView`: the scene on screen with tools, zoom and the inch rulers along its edges."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsRectItem, QGraphicsView, QStyle, QWidget

from brikwars_gui.scenario.army import UnitTemplate
from brikwars_gui.scenario.models import FireType, HazardKind, PermanentFireKind, TerrainKind
from brikwars_gui.ui.battlefield.input_events import ViewInputMixin
from brikwars_gui.ui.battlefield.map_tips import show_clear_tip
from brikwars_gui.ui.battlefield.scene import BattlefieldScene
from brikwars_gui.ui.items import CELL, Z_TOOL, LabelItem, cosmetic_pen


@dataclass
class ToolSettings:
    """What the palette chose: terrain kind, elevation, brush size, hazard field, team to place and
    the army library's template the Place-unit tool puts down (None: a plain minifig)."""

    terrain_kind: TerrainKind = TerrainKind.OBSTACLE
    elevation: int = 3
    brush: int = 1
    hazard_id: str | None = None
    hazard_kind: HazardKind = HazardKind.EXPOSURE
    hazard_dice: str | None = "1d6"
    team: str | None = None
    object_kind: str = "building"
    template: UnitTemplate | None = None
    fire_type: FireType = FireType.FIRE
    fire_permanent: PermanentFireKind | None = None
    """None: the fire brush sets alight the object or unit clicked (and paints a regular
    permanent fire on open ground); a kind: it paints that permanent fire (R-FIRE-1)."""
    fire_size: int = 1
    fire_id: str | None = None  # the permanent fire the stroke is painting


TOOLS = ("select", "terrain", "hazard", "fire", "erase", "ruler", "unit", "object")
BRUSHES = ("terrain", "hazard", "fire", "erase")
"""The tools that paint cells along a drag (`input_events`)."""

#: Height of the inch ruler along the viewport's top edge; the left one is 6 px wider (cards
#: over the map keep clear of both).
RULER_BAND = 18


class BattlefieldView(ViewInputMixin, QGraphicsView):
    """The scene on screen with the editing tools, zoom and rulers; mouse and keys in `input_events`."""

    cellHovered = Signal(int, int)  # (-1, -1) outside the field
    zoomChanged = Signal(float)
    viewportMoved = Signal()
    rulerMeasured = Signal(float)
    toolChanged = Signal(str)
    playClicked = Signal(int, int, str)  # Play mode left click: cell, unit id under the mouse or ""
    playContext = Signal(int, int, str, QPoint)  # Play mode right click: cell, unit id, global pos
    editContext = Signal(int, int, QPoint)  # Edit mode right click: cell, global pos

    MIN_SCALE, MAX_SCALE = 0.05, 8.0

    def __init__(self, scene: BattlefieldScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.bscene = scene
        self.zoomChanged.connect(scene.schedule_declutter)
        self.doc = scene.doc
        self.selection = scene.selection
        self.settings = ToolSettings()
        self.tool = "select"
        self.edit_mode = True
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._space = False
        self._pan_from: QPoint | None = None
        self._drag: dict | None = None
        self._stroke = 0
        self._ruler_from: tuple[int, int] | None = None
        self.ruler_line = QGraphicsLineItem()
        self.ruler_label = LabelItem("", "#0d47a1", anchor="center", bold=True, point_size=9.5)
        self.brush_cursor = QGraphicsRectItem()
        self._install_tool_items()
        scene.doc.scenarioReset.connect(self._install_tool_items)
        self.horizontalScrollBar().valueChanged.connect(self.viewportMoved)
        self.verticalScrollBar().valueChanged.connect(self.viewportMoved)
        #: Cards floating over the map (children of the view) that a tooltip must leave in sight.
        self.cards: list[QWidget] = []

    def _install_tool_items(self) -> None:
        """(Re)create the ruler and brush cursor after the scene was rebuilt."""
        self.ruler_line = QGraphicsLineItem()
        self.ruler_line.setPen(cosmetic_pen("#0d47a1", 3))
        self.ruler_line.setZValue(Z_TOOL)
        self.ruler_label = LabelItem("", "#0d47a1", anchor="center", bold=True, point_size=9.5)
        self.ruler_label.setZValue(Z_TOOL + 1)
        self.brush_cursor = QGraphicsRectItem()
        self.brush_cursor.setPen(cosmetic_pen("#ff6f00", 2))
        self.brush_cursor.setBrush(QColor(255, 111, 0, 40))
        self.brush_cursor.setZValue(Z_TOOL)
        for item in (self.ruler_line, self.ruler_label, self.brush_cursor):
            item.setVisible(False)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.bscene.addItem(item)

    # -- tools -------------------------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        assert tool in TOOLS, tool
        if tool != "select" and tool != "ruler" and not self.edit_mode:
            tool = "select"
        self.tool = tool
        self.brush_cursor.setVisible(False)
        if tool != "ruler":
            self.ruler_line.setVisible(False)
            self.ruler_label.setVisible(False)
        self.viewport().setCursor(
            Qt.CursorShape.CrossCursor if tool != "select" else Qt.CursorShape.ArrowCursor
        )
        self.toolChanged.emit(tool)

    def set_edit_mode(self, edit: bool) -> None:
        self.edit_mode = edit
        if not edit and self.tool not in ("select", "ruler"):
            self.set_tool("select")

    # -- zoom --------------------------------------------------------------------------------------
    def zoom_factor(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float, *, under_mouse: bool = False) -> None:
        current = self.zoom_factor()
        factor = max(self.MIN_SCALE / current, min(self.MAX_SCALE / current, factor))
        anchor = self.transformationAnchor()
        if not under_mouse:
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.scale(factor, factor)
        self.setTransformationAnchor(anchor)
        self.zoomChanged.emit(self.zoom_factor())

    def zoom_in(self) -> None:
        self.zoom_by(1.25)

    def zoom_out(self) -> None:
        self.zoom_by(0.8)

    FIT_MARGIN = (66, 40)
    """Screen pixels kept around the field by `fit()`: the rulers plus room for edge labels."""

    def fit(self) -> None:
        w, h = self.doc.width * CELL, self.doc.height * CELL
        # the same answer whether or not scroll bars show right now (room for them is always kept)
        size = self.maximumViewportSize()
        ext = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        vw, vh = max(1, size.width() - ext), max(1, size.height() - ext)
        mx, my = self.FIT_MARGIN
        s = min((vw - 2 * mx) / w, (vh - 2 * my) / h)
        if s <= 0:
            s = min(vw / w, vh / h) or 1.0
        s = max(self.MIN_SCALE, min(self.MAX_SCALE, s))
        self.setTransform(QTransform.fromScale(s, s))
        self.centerOn(QPointF(w / 2, h / 2))
        self.zoomChanged.emit(self.zoom_factor())

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.pixelDelta().y()
        if delta:
            self.zoom_by(1.0015**delta, under_mouse=True)
        event.accept()

    # -- painting rulers along the viewport edges --------------------------------------------------
    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        super().drawForeground(painter, rect)
        painter.save()
        painter.resetTransform()
        vp = self.viewport().rect()
        band = RULER_BAND
        px = CELL * self.zoom_factor()
        step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if s * px >= 22)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(38, 42, 48, 215))
        painter.drawRect(QRectF(0, 0, vp.width(), band))
        painter.drawRect(QRectF(0, 0, band + 6, vp.height()))
        font = QFont()
        font.setPixelSize(11)
        painter.setFont(font)
        painter.setPen(QColor("#e0e0e0"))
        left = self.mapToScene(QPoint(0, 0))
        right = self.mapToScene(QPoint(vp.width(), vp.height()))
        x0 = max(0, math.floor(left.x() / CELL))
        x1 = min(self.doc.width - 1, math.floor(right.x() / CELL))
        first = x0 + (-x0) % step
        for x in range(first, x1 + 1, step):
            sx = self.mapFromScene(QPointF((x + 0.5) * CELL, 0)).x()
            if sx > band + 6:
                painter.drawText(QRectF(sx - 20, 0, 40, band), Qt.AlignmentFlag.AlignCenter, str(x))
        y0 = max(0, math.floor(left.y() / CELL))
        y1 = min(self.doc.height - 1, math.floor(right.y() / CELL))
        first = y0 + (-y0) % step
        for y in range(first, y1 + 1, step):
            sy = self.mapFromScene(QPointF(0, (y + 0.5) * CELL)).y()
            if sy > band:
                painter.drawText(QRectF(0, sy - 8, band + 6, 16), Qt.AlignmentFlag.AlignCenter, str(y))
        painter.drawText(QRectF(0, 0, band + 6, band), Qt.AlignmentFlag.AlignCenter, '"')
        painter.restore()

    # -- viewport ----------------------------------------------------------------------------------
    def viewportEvent(self, event: QEvent) -> bool:
        """The line of sight's tooltip goes where it covers no unit's token or name (Qt would put
        it just below the pointer: over the hovered target's name label, issue 10) nor a card.
        A paint places the names first when their placement is pending: the paint after a saved
        game opened drew all 2,000 names before the declutter hid most of them (issue 26)."""
        if event.type() == QEvent.Type.Paint and self.bscene.declutter_timer.isActive():
            self.bscene.declutter_timer.stop()
            self.bscene.declutter_labels()
        if event.type() == QEvent.Type.ToolTip:
            los = self.bscene.los_item
            tipped = next((i for i in self.items(event.pos()) if i.toolTip()), None)
            if los is not None and tipped is los:
                port = self.viewport()
                cards = [QRect(port.mapFrom(self, c.pos()), c.size()) for c in self.cards if c.isVisible()]
                show_clear_tip(self, event, los, list(self.bscene.unit_items.values()), cards)
                return True
        return super().viewportEvent(event)

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def center_on_scene(self, point: QPointF) -> None:
        self.centerOn(point)
        self.viewportMoved.emit()
