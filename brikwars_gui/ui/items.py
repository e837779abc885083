"""Graphics items: the few per-thing items (units, objects, field outlines, labels, tools).

Cell-sized layers (terrain, hazards, smoke, fire) are single pixmap items made in `layers.py`.
"""

from __future__ import annotations

import contextlib
import math

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from brikwars_gui.scenario.models import Area, Facing, StructureObject, Unit


def cosmetic_pen(
    color: QColor | str,
    width: float,
    style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    cap: Qt.PenCapStyle = Qt.PenCapStyle.SquareCap,
) -> QPen:
    """A pen whose width is in screen pixels at any zoom (tool lines, outlines, markers)."""
    pen = QPen(QColor(color), width, style, cap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


CELL = 32.0
"""Scene units per inch (one grid cell)."""
PLAIN_DISC_BELOW_PX = 4.0
"""A unit token whose radius on screen is smaller is painted as a plain disc of its side's colour."""

FACING_ANGLE = {
    Facing.E: 0.0,
    Facing.SE: 45.0,
    Facing.S: 90.0,
    Facing.SW: 135.0,
    Facing.W: 180.0,
    Facing.NW: 225.0,
    Facing.N: 270.0,
    Facing.NE: 315.0,
}

Z_TERRAIN, Z_HAZARD, Z_OUTLINE, Z_SMOKE, Z_OBJECT, Z_FIRE, Z_GRID, Z_UNIT, Z_LABEL, Z_TOOL = (
    0,
    2,
    3,
    4,
    5,
    6,
    7,
    10,
    15,
    20,
)

OBJECT_COLORS = {
    "building": "#b9a58e",
    "house": "#b9a58e",
    "wall": "#8d8d8d",
    "tree": "#4f7f3f",
    "forest": "#4f7f3f",
    "crate": "#c08a4e",
    "vehicle": "#7d8a99",
    "hulk": "#6d6a66",
    "rock": "#7b746c",
}


def cell_center(cell: tuple[int, int]) -> QPointF:
    return QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL)


def area_path(area: Area) -> QPainterPath:
    """Outline of an area's cells in scene coordinates (one path, merged)."""
    return cells_outline(area.cells, area.rects)


def cells_outline(cells, rects=()) -> QPainterPath:
    """One outline around cells and (x, y, w, h) rectangles of cells, their squares merged."""
    path = QPainterPath()
    for x, y, w, h in rects:
        path.addRect(QRectF(x * CELL, y * CELL, w * CELL, h * CELL))
    for x, y in cells:
        path.addRect(QRectF(x * CELL, y * CELL, CELL, CELL))
    return path.simplified()


_LABEL_FILL = QColor(255, 255, 255, 215)
_LABEL_BORDER = QPen(QColor(0, 0, 0, 60), 1)
_LABEL_FONTS: dict[tuple[float, bool], tuple[QFont, QFontMetricsF]] = {}


def _label_font(point_size: float, bold: bool) -> tuple[QFont, QFontMetricsF]:
    """The labels' font of that size and weight (the application's family) and its metrics."""
    kept = _LABEL_FONTS.get((point_size, bold))
    if kept is None:
        font = QFont()
        font.setPointSizeF(point_size)
        font.setBold(bold)
        kept = _LABEL_FONTS[(point_size, bold)] = (font, QFontMetricsF(font))
    return kept


class LabelItem(QGraphicsItem):
    """A small text label with a rounded background that keeps its screen size at any zoom."""

    def __init__(
        self,
        text: str,
        color: str = "#202020",
        parent: QGraphicsItem | None = None,
        *,
        anchor: str = "below",
        bold: bool = False,
        point_size: float = 8.5,
        fill: QColor | str | None = None,
        border: QPen | None = None,
    ) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.anchor = anchor
        # one font and its metrics per size and weight, shared (never changed afterwards): a
        # resumed 2,000-unit battle makes 2,000 names at once (issue 26)
        self.font, self._metrics = _label_font(point_size, bold)
        self.color = QColor(color)
        self.fill = _LABEL_FILL if fill is None else QColor(fill)
        self.border = _LABEL_BORDER if border is None else border
        self.set_text(text)

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self.text = text
        fm = self._metrics
        w = fm.horizontalAdvance(text) + 8
        h = fm.height() + 2
        if self.anchor == "below":
            self._rect = QRectF(-w / 2, 2, w, h)
        elif self.anchor == "center":
            self._rect = QRectF(-w / 2, -h / 2, w, h)
        else:  # top-left
            self._rect = QRectF(2, 2, w, h)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    @property
    def box(self) -> QRectF:
        """The label's rectangle in screen pixels around its anchor point."""
        return QRectF(self._rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(self.border)
        painter.setBrush(self.fill)
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setFont(self.font)
        painter.setPen(self.color)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


def short_name(name: str) -> str:
    """A token's label in Play mode: the last word ("Archer Wren" → "Wren"), or what comes before
    " of " ("4pion of Ignatia the Pyromancer" → "4pion": not the summoner's word)."""
    head, sep, _tail = name.partition(" of ")
    return head.split()[-1] if sep and head.split() else name.split()[-1]


def _token_radius(size: int) -> float:
    """A token's radius in scene units for a unit of `size` inches (1-4 drawn)."""
    size = max(1, min(size, 4))
    return CELL * (0.4 if size <= 1 else 0.45 * size)


class UnitItem(QGraphicsItem):
    """A unit token: team-coloured disc, facing marker, status badges and a name label."""

    def __init__(self, unit: Unit, color: str) -> None:
        super().__init__()
        self._make(unit.id, unit.name)
        self.update_from(unit, color)

    def _make(self, unit_id: str, label: str) -> None:
        """What every token has, before it is drawn from a scenario unit or an engine view."""
        self.unit_id = unit_id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(Z_UNIT)
        self.setAcceptHoverEvents(True)
        self.badges: list[tuple[str, str]] = []
        self.dead = False
        self.label = LabelItem(label, parent=self)
        self.label.setZValue(Z_LABEL)
        self.label_above = False
        self.slide: QVariantAnimation | None = None  # Play mode: the running move animation
        self._slide_points: list[QPointF] = []

    @classmethod
    def for_view(cls, view, color: str) -> UnitItem:
        """Play mode: a token made from the engine's `UnitView` alone, ready for `apply_view` —
        a unit the scenario does not hold (born in the battle, R-SN-2), and every token of a
        saved game being opened (made once from the game, not from the scenario and then
        updated: issue 26). No scenario tooltip: Play mode shows the hover card."""
        item = cls.__new__(cls)
        QGraphicsItem.__init__(item)
        item._make(view.id, short_name(view.name) if view.name else view.id)
        item.radius = _token_radius(view.size)
        item.color = QColor(color)  # colour, facing and place: `apply_view` sets them as it draws
        item.facing = Facing.N
        item.hero = view.hero
        item.place_label(False)
        return item

    # -- move animation -------------------------------------------------------------------------
    MS_PER_CELL = 60
    MAX_SLIDE_MS = 400

    @property
    def sliding(self) -> bool:
        return self.slide is not None

    def slide_along(self, cells: list[tuple[int, int]]) -> None:
        """Slide the token from the first cell of `cells` to the last one, cell by cell
        (MS_PER_CELL a cell, at most MAX_SLIDE_MS); it ends exactly on the last cell's centre."""
        self.finish_slide()
        points = [cell_center(tuple(c)) for c in cells]
        if len(points) < 2:
            if points:
                self.setPos(points[-1])
            return
        self._slide_points = points
        anim = QVariantAnimation()
        anim.setStartValue(0.0)
        anim.setEndValue(float(len(points) - 1))
        anim.setDuration(min(self.MS_PER_CELL * (len(points) - 1), self.MAX_SLIDE_MS))
        anim.setEasingCurve(QEasingCurve.Type.Linear)
        anim.valueChanged.connect(self._slide_to)
        anim.finished.connect(self.finish_slide)
        self.slide = anim
        self.setPos(points[0])
        anim.start()

    def _slide_to(self, value) -> None:
        points = self._slide_points
        if not points:
            return
        t = max(0.0, min(float(value), len(points) - 1.0))
        i = min(int(t), len(points) - 2)
        a, b = points[i], points[i + 1]
        f = t - i
        try:
            self.setPos(a + (b - a) * f)
        except RuntimeError:  # the token was deleted with its scene: stop animating it
            self.finish_slide()

    def finish_slide(self) -> None:
        """Stop a running move animation and put the token on its destination at once."""
        anim, self.slide = self.slide, None
        if anim is None:
            return
        points, self._slide_points = self._slide_points, []
        try:
            anim.valueChanged.disconnect(self._slide_to)
            anim.finished.disconnect(self.finish_slide)
            anim.stop()
            anim.deleteLater()
        except RuntimeError:
            pass
        if points:
            with contextlib.suppress(RuntimeError):  # the token may be deleted with its scene
                self.setPos(points[-1])
                scene = self.scene()
                if hasattr(scene, "schedule_declutter"):  # names placed for where it stands now
                    scene.schedule_declutter()

    def place_label(self, above: bool) -> None:
        """Put the name below the token (default) or above it (when below is crowded)."""
        self.label_above = above
        if above:
            self.label.setPos(0, -self.radius - self.label.box.height() - 4)
        else:
            self.label.setPos(0, self.radius)

    def hoverEnterEvent(self, event) -> None:
        scene = self.scene()
        if hasattr(scene, "set_hovered_unit"):
            scene.set_hovered_unit(self.unit_id)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        scene = self.scene()
        if hasattr(scene, "set_hovered_unit"):
            scene.set_hovered_unit("")
        super().hoverLeaveEvent(event)

    def update_from(self, unit: Unit, color: str, badges: list[tuple[str, str]] | None = None) -> None:
        self.prepareGeometryChange()
        self.radius = _token_radius(unit.size)
        self.color = QColor(color)
        self.facing = unit.facing
        self.hero = unit.hero
        if badges is not None:
            self.badges = badges
        elif unit.hero:
            self.badges = [("H", "#f9a825")]
        else:
            self.badges = []
        if self.label.text != unit.name:
            self.label.set_text(unit.name)
        self.place_label(self.label_above)
        self.finish_slide()
        self.setPos(cell_center(tuple(unit.position)))
        self.setToolTip(
            f'<b>{unit.name}</b> ({unit.team})<br>Move {unit.move}" · Skill {unit.skill} · '
            f'Armor {unit.armor} · Size {unit.size}"<br>'
            + "<br>".join(f"{w.name}: Use {w.use}, {w.damage}" for w in unit.weapons)
            + "<br><i>R-MOVE-1: move up to Move and take one Action</i>"
        )
        self.update()

    def apply_view(self, view, color: str) -> None:
        """Play mode: position, facing, badges and death from the engine (a `UnitView`); a Hidden
        enemy the player may not know about is not drawn (G-16)."""
        self.setVisible(not getattr(view, "hidden", False))
        dead = not view.alive
        if dead != self.dead:
            self.dead = dead
            self.setOpacity(0.45 if dead else 1.0)
            self.setZValue(Z_UNIT - 1 if dead else Z_UNIT)
            self.label.setVisible(not dead and self.label.isVisible())
        self.color = QColor("#8a8a8a") if dead else QColor(color)
        self.facing = Facing(view.facing) if view.facing in Facing.__members__ else self.facing
        self.badges = [("✝", "#9e9e9e")] if dead else list(view.badges)
        short = short_name(view.name) if view.name else view.id
        if self.label.text != short:
            self.label.set_text(short)  # Play mode: short names keep neighbours' labels apart
            self.place_label(self.label_above)
        self.finish_slide()
        self.setPos(cell_center(view.pos))
        self.setToolTip("")  # Play mode: the window's hover card (ui/unit_card.py) shows the unit
        self.update()

    def boundingRect(self) -> QRectF:
        r = self.radius * 1.6
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self.radius, self.radius)
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.radius
        if self.isSelected():
            painter.setPen(QPen(QColor("#ffd600"), max(2.0, r * 0.16)))
            painter.setBrush(QColor(255, 214, 0, 120))
            painter.drawEllipse(QPointF(0, 0), r * 1.42, r * 1.42)
        if r * option.levelOfDetailFromTransform(painter.worldTransform()) < PLAIN_DISC_BELOW_PX:
            # far zoom: a few pixels across, the wedge, pip and badges would be specks; the side's
            # colour is what shows (and 2,000 tokens paint in a fraction of the time, issue 26)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(self.color))
            painter.drawEllipse(QPointF(0, 0), r, r)
            return
        # facing marker: a wedge just outside the disc (GRID-6 Cone of Vision direction)
        angle = math.radians(FACING_ANGLE[self.facing])
        tip = QPointF(math.cos(angle) * r * 1.32, math.sin(angle) * r * 1.32)
        side = math.radians(28)
        base1 = QPointF(math.cos(angle - side) * r * 0.85, math.sin(angle - side) * r * 0.85)
        base2 = QPointF(math.cos(angle + side) * r * 0.85, math.sin(angle + side) * r * 0.85)
        wedge = QPainterPath(tip)
        wedge.lineTo(base1)
        wedge.lineTo(base2)
        wedge.closeSubpath()
        painter.setPen(QPen(QColor("#111111"), 1.2))
        painter.setBrush(QColor("#fafafa"))
        painter.drawPath(wedge)
        painter.setPen(QPen(self.color.darker(170), 2.2 if not self.hero else 3.0))
        painter.setBrush(QBrush(self.color))
        painter.drawEllipse(QPointF(0, 0), r, r)
        # inner pip towards facing for readability at small zoom
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 210))
        painter.drawEllipse(QPointF(math.cos(angle) * r * 0.5, math.sin(angle) * r * 0.5), r * 0.2, r * 0.2)
        # status badges, top right
        font = QFont()
        font.setPixelSize(max(6, int(r * 0.5)))
        font.setBold(True)
        painter.setFont(font)
        for i, (text, color) in enumerate(self.badges[:4]):
            c = QPointF(r * 0.8 - i * r * 0.62, -r * 0.8)
            painter.setPen(QPen(QColor("#222222"), 1))
            painter.setBrush(QColor(color))
            painter.drawEllipse(c, r * 0.32, r * 0.32)
            painter.setPen(QColor("#111111"))
            painter.drawText(
                QRectF(c.x() - r * 0.32, c.y() - r * 0.32, r * 0.64, r * 0.64),
                Qt.AlignmentFlag.AlignCenter,
                text,
            )


class ObjectItem(QGraphicsPathItem):
    """A building / tree / crate footprint, outlined, with its name."""

    def __init__(self, obj: StructureObject) -> None:
        super().__init__()
        self.object_id = obj.id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(Z_OBJECT)
        self.label = LabelItem(obj.name, "#3e2723", parent=self, anchor="center", point_size=8)
        self.label.setZValue(Z_LABEL)
        self.update_from(obj)

    def update_from(self, obj: StructureObject) -> None:
        path = area_path(obj)
        self.setPath(path)
        color = QColor(OBJECT_COLORS.get(obj.kind.lower(), "#a1887f"))
        color.setAlpha(225)
        self.setBrush(color)
        self._pen()
        self.label.set_text(obj.name)
        self.label.setPos(path.boundingRect().center())
        self.setToolTip(
            f'<b>{obj.name}</b> ({obj.kind})<br>Size {obj.size}" · Weight {obj.weight:g} · '
            f"Armor {obj.armor or f'{obj.weight:g}d10 (G-3)'}<br>"
            f"{'blocks movement · ' if obj.blocks_movement else ''}"
            f"{'blocks sight (GRID-5)' if obj.blocks_sight else ''}"
            f"{'<br>flammable (R-FIRE)' if obj.flammable else ''}"
        )

    def _pen(self) -> None:
        pen = cosmetic_pen("#ffd600" if self.isSelected() else "#3e2723", 3 if self.isSelected() else 2)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        self.setPen(pen)

    def itemChange(self, change, value):
        if change == QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged:
            self._pen()
        return super().itemChange(change, value)


class GridItem(QGraphicsItem):
    """Grid lines over the whole field, drawn only inside the exposed rectangle."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.setZValue(Z_GRID)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        # drawn once per zoom into a pixmap: a repaint of the map (a token moving) blits it instead of
        # stroking every line again (issue 9: 120x120 battles)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.resize(width, height)

    def resize(self, width: int, height: int) -> None:
        self.prepareGeometryChange()
        self.w, self.h = width, height

    def boundingRect(self) -> QRectF:
        return QRectF(-1, -1, self.w * CELL + 2, self.h * CELL + 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        px = CELL * lod
        exposed = option.exposedRect
        x0 = max(0, int(exposed.left() // CELL))
        x1 = min(self.w, int(exposed.right() // CELL) + 1)
        y0 = max(0, int(exposed.top() // CELL))
        y1 = min(self.h, int(exposed.bottom() // CELL) + 1)
        minor = QPen(QColor(0, 0, 0, 38 if px >= 10 else 0), 0)
        major = QPen(QColor(0, 0, 0, 80), 0)
        for x in range(x0, x1 + 1):
            if x % 5 and px < 10:
                continue
            painter.setPen(major if x % 5 == 0 else minor)
            painter.drawLine(QPointF(x * CELL, y0 * CELL), QPointF(x * CELL, y1 * CELL))
        for y in range(y0, y1 + 1):
            if y % 5 and px < 10:
                continue
            painter.setPen(major if y % 5 == 0 else minor)
            painter.drawLine(QPointF(x0 * CELL, y * CELL), QPointF(x1 * CELL, y * CELL))
        border = cosmetic_pen("#37474f", 2)
        painter.setPen(border)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(0, 0, self.w * CELL, self.h * CELL))
