"""The Overview dock: the whole battlefield small (terrain, hazards, unit dots as the viewing
player knows them, the main view's rectangle); a click or drag jumps the main view there."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from brikwars_gui.ui.document import EditorDocument
from brikwars_gui.ui.items import CELL
from brikwars_gui.ui.layers import mask_image, terrain_image


class MiniMap(QWidget):
    """Overview: the terrain image, unit dots and the main view's visible rectangle; click to jump."""

    jumpRequested = Signal(QPointF)

    def __init__(self, doc: EditorDocument, view, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.view = view
        self.setMinimumSize(120, 90)
        self._image: QImage | None = None
        self._base: QPixmap | None = None
        """Terrain, objects and fire drawn at the widget's size, kept until one of them changes:
        a paint (a unit moved) draws it and the unit dots only (issue 9)."""
        self.unit_provider = None  # Play mode: unit_id -> UnitView (live, or the timeline turn viewed)
        self.ids_provider = None  # Play mode: () -> ids of the units in the frame shown
        self.object_destroyed = None  # Play mode: object_id -> bool
        self._fire: QImage | None = None  # Play mode: the burning cells
        self._dots: dict[str, tuple[int, int] | None] = {}
        """Play mode: each unit's cell (None: dead), asked of `unit_provider` once per change of
        the unit (`unit_changed`) rather than on every paint (issue 9: 200 units)."""
        for sig in (doc.terrainChanged, doc.scenarioReset):
            sig.connect(self._invalidate)
        for sig in (doc.unitChanged, doc.unitAdded, doc.unitRemoved, doc.metaChanged):
            sig.connect(self.update)
        for sig in (doc.objectChanged, doc.objectAdded, doc.objectRemoved):
            sig.connect(self.objects_changed)
        view.viewportMoved.connect(self.update)
        view.zoomChanged.connect(self.update)
        self.jumpRequested.connect(view.center_on_scene)

    def sizeHint(self) -> QSize:
        return QSize(240, 170)

    def set_play(self, unit_provider=None, object_destroyed=None, ids_provider=None) -> None:
        """Play mode: draw the game's state (what the battlefield shows) instead of the
        scenario's deployment (issue 10); None: back to the document. `ids_provider()`: the ids of
        the units in the frame shown (units born in the battle too)."""
        self.unit_provider = unit_provider
        self.ids_provider = ids_provider
        self.object_destroyed = object_destroyed
        if unit_provider is None:
            self._fire = None
        self._base = None
        self.units_changed()

    def objects_changed(self, *_args) -> None:
        """An object was changed or destroyed: the background is drawn again."""
        self._base = None
        self.update()

    def unit_changed(self, unit_id: str) -> None:
        """Play mode: one unit changed (moved, died)."""
        self._dots.pop(unit_id, None)
        self.update()

    def units_changed(self, *_args) -> None:
        """Play mode: any unit may have changed (a new battle, a timeline turn shown)."""
        self._dots.clear()
        self.update()

    def _dot(self, unit_id: str) -> tuple[tuple[int, int], str] | None:
        """(cell, team) of a unit drawn in Play mode; None: dead, unseen or not in the frame."""
        if unit_id not in self._dots:
            view = self.unit_provider(unit_id)
            shown = view is not None and view.alive and not view.hidden  # fog of war, G-16
            self._dots[unit_id] = (tuple(view.pos), view.team) if shown else None
        return self._dots[unit_id]

    def _unit_dots(self):
        """(cell, team) of each unit to draw: the frame's in Play mode, else the scenario's."""
        if self.unit_provider is None:
            return [(tuple(u.position), u.team) for u in self.doc.scenario.units]
        provider = self.ids_provider
        ids = provider() if provider is not None else [u.id for u in self.doc.scenario.units]
        return [dot for uid in ids if (dot := self._dot(uid)) is not None]

    def set_hazards(self, view) -> None:
        """The fires of the game state shown (a `HazardView`), or None."""
        burning = None if view is None else view.fire_size > 0
        self._fire = mask_image(burning, "#ff3d00", 230) if burning is not None and burning.any() else None
        self._base = None
        self.update()

    def _invalidate(self, *_args) -> None:
        self._image = None
        self._base = None
        self.update()

    def resizeEvent(self, event) -> None:
        self._base = None
        super().resizeEvent(event)

    def _frame(self) -> tuple[float, float, float]:
        w, h = self.doc.width, self.doc.height
        scale = min((self.width() - 8) / w, (self.height() - 8) / h)
        ox = (self.width() - w * scale) / 2
        oy = min((self.height() - h * scale) / 2, 4.0)  # at the top when the dock is tall
        return scale, ox, oy

    def _background(self) -> QPixmap:
        if self._base is not None and self._base.deviceIndependentSize().toSize() == self.size():
            return self._base
        if self._image is None:
            self._image = terrain_image(self.doc.terrain)
        ratio = self.devicePixelRatioF()
        self._base = QPixmap(self.size() * ratio)
        self._base.setDevicePixelRatio(ratio)
        self._base.fill(Qt.GlobalColor.transparent)
        painter = QPainter(self._base)
        scale, ox, oy = self._frame()
        target = QRectF(ox, oy, self.doc.width * scale, self.doc.height * scale)
        painter.fillRect(target.adjusted(-4, -4, 4, 4), QColor("#2b2f35"))
        painter.drawImage(target, self._image)
        painter.setPen(QPen(QColor(70, 50, 40), 1))
        for obj in self.doc.scenario.objects:
            gone = self.object_destroyed is not None and self.object_destroyed(obj.id)
            painter.setBrush(QColor(150, 130, 110, 70 if gone else 200))
            for x, y, w, h in obj.rects:
                painter.drawRect(QRectF(ox + x * scale, oy + y * scale, w * scale, h * scale))
            for x, y in obj.cells:
                painter.drawRect(QRectF(ox + x * scale, oy + y * scale, scale, scale))
        if self._fire is not None:
            painter.drawImage(target, self._fire)
        painter.end()
        return self._base

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._background())
        scale, ox, oy = self._frame()
        target = QRectF(ox, oy, self.doc.width * scale, self.doc.height * scale)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#111"), 0.8))
        r = max(2.0, scale * 0.45)
        brushes: dict[str, QColor] = {}  # per side, not per dot (2,000 dots, issue 26)
        for pos, team in self._unit_dots():  # the dead and unseen enemies leave the overview
            brush = brushes.get(team)
            if brush is None:
                p = self.doc.player(team)
                brush = brushes[team] = QColor(p.color if p else "#888")
            painter.setBrush(brush)
            painter.drawEllipse(QPointF(ox + (pos[0] + 0.5) * scale, oy + (pos[1] + 0.5) * scale), r, r)
        visible = self.view.visible_scene_rect()
        vr = QRectF(
            ox + visible.left() / CELL * scale,
            oy + visible.top() / CELL * scale,
            visible.width() / CELL * scale,
            visible.height() / CELL * scale,
        ).intersected(target.adjusted(-1, -1, 1, 1))
        painter.setPen(QPen(QColor("#ffd600"), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(vr)
        painter.end()

    def mousePressEvent(self, event) -> None:
        self._jump(event.position())

    def mouseMoveEvent(self, event) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._jump(event.position())

    def _jump(self, pos: QPointF) -> None:
        scale, ox, oy = self._frame()
        self.jumpRequested.emit(QPointF((pos.x() - ox) / scale * CELL, (pos.y() - oy) / scale * CELL))
