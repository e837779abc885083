"""Mouse and keyboard on the battlefield: the Edit-mode tools (select and drag, terrain and hazard
brushes, ruler, placing units and objects), panning, and Play-mode clicks."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent

from brikwars_gui.scenario.models import PermanentFireKind
from brikwars_gui.ui.document import new_stroke
from brikwars_gui.ui.items import CELL, ObjectItem, UnitItem, cell_center
from brikwars_gui.ui.session_controller import cells_between, measure

BRUSH_TOOLS = ("terrain", "hazard", "fire", "erase")


class ViewInputMixin:
    """The view's mouse and key handling (Qt event overrides) and the tools they drive."""

    # -- mouse -------------------------------------------------------------------------------------
    def _cell(self, event: QMouseEvent) -> tuple[int, int] | None:
        return self.bscene.cell_at(self.mapToScene(event.position().toPoint()))

    def _brush(self, cell: tuple[int, int]) -> list[tuple[int, int]]:
        return self.doc.brush_cells(cell, self.settings.brush)

    def _drag_brush(self, cell: tuple[int, int]) -> None:
        """Paint every cell from the last one painted to `cell` (one undo step per stroke)."""
        last = getattr(self, "_last_cell", None) or cell
        if last == cell:
            return
        for step in cells_between(last, cell)[1:]:
            self._apply_brush(step)
        self._last_cell = cell

    def _apply_brush(self, cell: tuple[int, int]) -> None:
        try:
            self._paint(cell)
        except ValueError as exc:
            self.doc.editRejected.emit(str(exc))

    def _paint(self, cell: tuple[int, int]) -> None:
        cells = self._brush(cell)
        s = self.settings
        self._last_cell = cell
        if self.tool == "terrain":
            self.doc.paint_terrain(cells, s.terrain_kind, s.elevation, stroke=self._stroke)
        elif self.tool == "hazard":
            s.hazard_id = self.doc.paint_hazard(
                cells, s.hazard_id, kind=s.hazard_kind, dice=s.hazard_dice, stroke=self._stroke
            )
        elif self.tool == "fire":
            self._paint_fire(cell, cells)
        elif self.tool == "erase":
            self.doc.erase_cells(cells, stroke=self._stroke)

    def _paint_fire(self, cell: tuple[int, int], cells: list[tuple[int, int]]) -> None:
        """The fire brush: with no permanent kind chosen, a click on an object or unit sets it
        alight; otherwise (or on open ground) it paints a permanent fire (R-FIRE-1)."""
        s = self.settings
        target = self.doc.thing_at(cell)
        if s.fire_permanent is None and target is not None:
            if target not in self._fire_lit:  # once a stroke: a drag over a house sets it alight once
                self._fire_lit[target] = True
                self.doc.set_alight(target, s.fire_size, s.fire_type, stroke=self._stroke)
            return
        s.fire_id = self.doc.paint_fire(
            cells,
            s.fire_permanent or PermanentFireKind.REGULAR,
            s.fire_type,
            fire_id=s.fire_id,
            stroke=self._stroke,
        )

    def _show_brush(self, cell: tuple[int, int] | None) -> None:
        if self.tool not in BRUSH_TOOLS or cell is None:
            self.brush_cursor.setVisible(False)
            return
        r = self.settings.brush // 2
        self.brush_cursor.setRect(
            QRectF((cell[0] - r) * CELL, (cell[1] - r) * CELL, (2 * r + 1) * CELL, (2 * r + 1) * CELL)
        )
        self.brush_cursor.setVisible(True)

    def _item_at(self, event: QMouseEvent):
        for item in self.items(event.position().toPoint()):
            while item.parentItem() is not None:
                item = item.parentItem()
            if isinstance(item, UnitItem | ObjectItem):
                return item
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self._space
        ):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        cell = self._cell(event)
        if (
            not self.edit_mode
            and self.tool == "select"
            and cell is not None
            and event.button()
            in (
                Qt.MouseButton.LeftButton,
                Qt.MouseButton.RightButton,
            )
        ):
            item = self._item_at(event)
            unit_id = item.unit_id if isinstance(item, UnitItem) and not item.dead else ""
            if event.button() == Qt.MouseButton.LeftButton:
                self.playClicked.emit(cell[0], cell[1], unit_id)
            else:
                self.playContext.emit(cell[0], cell[1], unit_id, event.globalPosition().toPoint())
            event.accept()
            return
        if event.button() == Qt.MouseButton.RightButton and self.edit_mode and cell is not None:
            self.editContext.emit(cell[0], cell[1], event.globalPosition().toPoint())
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        tool = self.tool
        if tool == "select":
            item = self._item_at(event)
            if isinstance(item, UnitItem):
                self.selection.select("unit", item.unit_id)
            elif isinstance(item, ObjectItem):
                self.selection.select("object", item.object_id)
            else:
                self.selection.clear()
            if item is not None and self.edit_mode and cell is not None:
                self._drag = {
                    "item": item,
                    "from": cell,
                    "start_pos": QPointF(item.pos()),
                    "press": self.mapToScene(event.position().toPoint()),
                }
        elif tool in BRUSH_TOOLS and cell is not None:
            self._stroke = new_stroke()
            self._fire_lit = {}
            self.settings.fire_id = None  # each stroke of the fire brush paints a fire of its own
            self._apply_brush(cell)
        elif tool == "ruler" and cell is not None:
            self._ruler_from = cell
            self._update_ruler(cell)
        elif tool == "unit" and cell is not None:
            if unit := self._try(self.doc.new_unit, cell, self.settings.team, self.settings.template):
                self.selection.select("unit", unit.id)
        elif (
            tool == "object"
            and cell is not None
            and (obj := self._try(self.doc.new_object, cell, self.settings.object_kind))
        ):
            self.selection.select("object", obj.id)
        event.accept()

    def _try(self, func, *args):
        """Run a document edit; a rejected edit (inconsistent scenario) is reported, not raised."""
        try:
            return func(*args)
        except ValueError as exc:
            self.doc.editRejected.emit(str(exc))
            return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position().toPoint() - self._pan_from
            self._pan_from = event.position().toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        cell = self._cell(event)
        self.cellHovered.emit(*(cell if cell else (-1, -1)))
        self._show_brush(cell)
        if self._drag is not None:
            d = self._drag
            delta = self.mapToScene(event.position().toPoint()) - d["press"]
            if isinstance(d["item"], UnitItem):
                target = cell or d["from"]
                d["item"].setPos(cell_center(target))
            else:
                dx, dy = round(delta.x() / CELL), round(delta.y() / CELL)
                d["item"].setPos(QPointF(dx * CELL, dy * CELL))
        elif self._stroke and cell is not None and self.tool in BRUSH_TOOLS:
            self._drag_brush(cell)
        elif self._ruler_from is not None and cell is not None:
            self._update_ruler(cell)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._pan_from = None
            self.viewport().setCursor(
                Qt.CursorShape.OpenHandCursor
                if self._space
                else (Qt.CursorShape.CrossCursor if self.tool != "select" else Qt.CursorShape.ArrowCursor)
            )
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            cell = self._cell(event)
            if self._drag is not None:
                d, self._drag = self._drag, None
                item = d["item"]
                if isinstance(item, UnitItem):
                    if cell is not None and cell != d["from"]:
                        if self._try(self.doc.move_unit, item.unit_id, cell) is None:
                            self.bscene.update_unit(item.unit_id)
                    else:
                        self.bscene.update_unit(item.unit_id)
                else:
                    delta = self.mapToScene(event.position().toPoint()) - d["press"]
                    dx, dy = round(delta.x() / CELL), round(delta.y() / CELL)
                    item.setPos(QPointF(0, 0))
                    if dx or dy:
                        self._try(self.doc.move_object, item.object_id, dx, dy)
            elif self._ruler_from is not None:
                if cell is not None:
                    self._update_ruler(cell)
                self._ruler_from = None
            self._stroke = 0
        event.accept()

    def _update_ruler(self, cell: tuple[int, int]) -> None:
        """GRID-3: Euclidean centre-to-centre distance, in inches."""
        a, b = self._ruler_from, cell
        inches = measure(a, b)
        self.ruler_line.setLine(QLineF(cell_center(a), cell_center(b)))
        self.ruler_label.set_text(f'{inches:.1f}"  (GRID-3)')
        mid = (cell_center(a) + cell_center(b)) / 2
        self.ruler_label.setPos(mid)
        self.ruler_line.setVisible(True)
        self.ruler_label.setVisible(True)
        self.last_ruler = inches
        self.rulerMeasured.emit(inches)

    def leaveEvent(self, event) -> None:
        self.cellHovered.emit(-1, -1)
        self.brush_cursor.setVisible(False)
        super().leaveEvent(event)

    # -- keys --------------------------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.set_tool(self.tool)
            event.accept()
            return
        super().keyReleaseEvent(event)
