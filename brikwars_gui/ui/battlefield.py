"""The battlefield: `BattlefieldScene` mirrors an `EditorDocument`; `BattlefieldView` adds tools.

One pixmap item per cell layer (terrain, hazards, smoke, fire), one item per unit/object/field,
and document signals update only what changed (`unitChanged(id)` moves that unit's item).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QElapsedTimer, QLineF, QPoint, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPixmap,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QStyle,
)

from brikwars_gui.scenario.models import Facing, HazardKind, TerrainKind
from brikwars_gui.ui.document import EditorDocument, new_stroke
from brikwars_gui.ui.items import (
    CELL,
    FACING_ANGLE,
    Z_FIRE,
    Z_HAZARD,
    Z_OUTLINE,
    Z_SMOKE,
    Z_TERRAIN,
    Z_TOOL,
    Z_UNIT,
    GridItem,
    LabelItem,
    ObjectItem,
    UnitItem,
    area_path,
    cell_center,
    cosmetic_pen,
)
from brikwars_gui.ui.layers import (
    HAZARD_COLORS,
    fire_image,
    fire_image_from_arrays,
    hazard_image,
    mask_image,
    reach_image,
    terrain_image,
)
from brikwars_gui.ui.models import SelectionService
from brikwars_gui.ui.overlay_palette import SIGHT_ALPHA, SIGHT_COLOR, SMOKE_ALPHA
from brikwars_gui.ui.session_controller import measure

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


class BattlefieldScene(QGraphicsScene):
    def __init__(self, doc: EditorDocument, selection: SelectionService, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.selection = selection
        self.visible_layers = {layer: layer not in DEFAULT_HIDDEN for layer in LAYERS}
        self._reset_unit_overlays()
        self.badge_provider = None  # Play mode: unit_id -> [(text, colour)]
        self.play_provider = None  # Play mode: unit_id -> UnitView (position, badges, death)
        self.play_fire_count = 0
        self.animate_moves = True  # Play mode: tokens slide along their path (View > Animate Moves)
        self._pending_moves: dict[str, list[tuple[int, int]]] = {}
        self.reach_item = self.triggered_item = None
        self.heat_item: QGraphicsPixmapItem | None = None
        self.path_item = self.highlight_item = None
        self.path_label: LabelItem | None = None
        self.unit_items: dict[str, UnitItem] = {}
        self.object_items: dict[str, ObjectItem] = {}
        self.hazard_items: list[QGraphicsItem] = []
        self.fire_labels: list[QGraphicsItem] = []
        self.terrain_item = self.hazard_item = self.smoke_item = self.fire_item = None
        self.grid_item: GridItem | None = None
        self._fire_clock = QElapsedTimer()
        self._fire_clock.start()
        self.fire_timer = QTimer(self)
        self.fire_timer.setInterval(90)
        self.fire_timer.timeout.connect(self._animate_fire)
        self.hovered_unit = ""
        self.declutter_timer = QTimer(self)
        self.declutter_timer.setSingleShot(True)
        self.declutter_timer.setInterval(0)
        self.declutter_timer.timeout.connect(self.declutter_labels)
        doc.scenarioReset.connect(self.rebuild)
        doc.unitChanged.connect(self.update_unit)
        doc.unitAdded.connect(self.add_unit)
        doc.unitRemoved.connect(self.remove_unit)
        doc.objectChanged.connect(self.update_object)
        doc.objectAdded.connect(self.update_object)
        doc.objectRemoved.connect(self.remove_object)
        doc.terrainChanged.connect(self.refresh_terrain)
        doc.hazardsChanged.connect(self.refresh_hazards)
        doc.firesChanged.connect(self.refresh_fires)
        doc.metaChanged.connect(self.refresh_teams)
        selection.selectionChanged.connect(self._on_selection)
        self.rebuild()

    # -- building -------------------------------------------------------------------------------
    def rebuild(self) -> None:
        self.finish_move_animations()
        self.clear()
        # clear() deleted every item: forget them all before anything (a signal handler drawing
        # an overlay) can reach a deleted C++ object (issue 10, defect 1)
        self.reach_item = self.triggered_item = self.path_item = self.highlight_item = None
        self.heat_item = None
        self.path_label = None
        self._reset_unit_overlays()
        self.unit_items.clear()
        self.object_items.clear()
        self.hazard_items.clear()
        self.fire_labels.clear()
        w, h = self.doc.width, self.doc.height
        margin = CELL * 1.5
        self.setSceneRect(QRectF(-margin, -margin, w * CELL + 2 * margin, h * CELL + 2 * margin))
        self.setBackgroundBrush(QColor("#3c4148"))
        self.terrain_item = _layer_item(terrain_image(self.doc.terrain))
        self.terrain_item.setZValue(Z_TERRAIN)
        self.addItem(self.terrain_item)
        self.grid_item = GridItem(w, h)
        self.addItem(self.grid_item)
        self.hazard_item = self.smoke_item = self.fire_item = None
        self.refresh_hazards(QRect())
        self.refresh_fires()
        for obj in self.doc.scenario.objects:
            self.update_object(obj.id)
        for unit in self.doc.scenario.units:
            self.add_unit(unit.id)
        self._apply_visibility()
        self._on_selection(self.selection.kind, self.selection.item_id)

    # -- unit overlays: sight, Cone of Vision, weapon ranges, line of sight ----------------------
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
        for item in (
            self.reach_item,
            self.triggered_item,
            self.path_item,
            self.path_label,
            self.highlight_item,
        ):
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            if item not in (self.reach_item, self.triggered_item):
                item.setVisible(False)
            self.addItem(item)

    # -- play mode ------------------------------------------------------------------------------
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

    def show_path(self, cells: list[tuple[int, int]] | None, text: str = "") -> None:
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
        self.path_label.setPos(end + QPointF(0, -CELL * 0.55))
        self.path_label.setVisible(bool(text))

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

    def set_play_hazards(self, view) -> None:
        """Replace only the fire, smoke and triggered-spot images (and the few fire labels)."""
        self._play_items()
        if view is None:
            return
        self._replace_layer(
            "fire_item", fire_image_from_arrays(view.fire_size, view.fire_type), Z_FIRE, "fire"
        )
        self._replace_layer(
            "smoke_item",
            mask_image(view.smoke, HAZARD_COLORS[HazardKind.SMOKE], SMOKE_ALPHA),
            Z_SMOKE,
            "smoke",
        )
        self.triggered_item.setPixmap(QPixmap.fromImage(mask_image(view.triggered, "#6a1b9a", 200)))
        self.triggered_item.setVisible(bool(view.triggered.any()) and self.visible_layers["hazards"])
        for item in self.fire_labels:
            self.removeItem(item)
        self.fire_labels.clear()
        for text, (x, y), _size in view.labels:
            label = LabelItem(text, "#b71c1c", anchor="center", point_size=7.5)
            label.setPos(QPointF((x + 0.5) * CELL, (y + 0.2) * CELL))
            label.setZValue(Z_FIRE + 0.5)
            label.setToolTip("Fire (R-FIRE-1)")
            self.addItem(label)
            self.fire_labels.append(label)
        self.play_fire_count = len(view.labels)
        if self.play_fire_count and self.visible_layers["fire"]:
            self.fire_timer.start()
        else:
            self.fire_timer.stop()
            self.fire_item.setOpacity(1.0)
        self._apply_visibility()

    def set_heat_overlay(self, image: QImage | None) -> None:
        """Show a per-cell heat map (forecast or hazard spread, layers.heat_image) above the fires;
        None removes it."""
        if image is None:
            if self.heat_item is not None:
                self.removeItem(self.heat_item)
                self.heat_item = None
            return
        if self.heat_item is None:
            self.heat_item = _layer_item(image)
            self.heat_item.setZValue(Z_FIRE + 0.3)
            self.addItem(self.heat_item)
        else:
            self.heat_item.setPixmap(QPixmap.fromImage(image))

    def set_object_destroyed(self, object_id: str, destroyed: bool) -> None:
        item = self.object_items.get(object_id)
        if item is not None:
            item.setOpacity(0.3 if destroyed else 1.0)

    def leave_play(self) -> None:
        """Back to the document's picture (Edit mode)."""
        self.play_provider = None
        self.play_fire_count = 0
        self.finish_move_animations()
        if self.reach_item is not None:
            self.set_reach(None)
            self.show_path(None)
            self.highlight()
            self.triggered_item.setVisible(False)
        for oid in self.object_items:
            self.set_object_destroyed(oid, False)
        self.refresh_hazards(QRect())
        self.refresh_fires()
        for uid in self.unit_items:
            self.update_unit(uid)

    def _team_color(self, team: str) -> str:
        player = self.doc.player(team)
        return player.color if player else "#888888"

    def add_unit(self, unit_id: str) -> None:
        unit = self.doc.unit(unit_id)
        item = UnitItem(unit, self._team_color(unit.team))
        self.unit_items[unit_id] = item
        item.label.setVisible(self.visible_layers["labels"])
        self.addItem(item)

    def update_unit(self, unit_id: str) -> None:
        self.schedule_declutter()
        item = self.unit_items.get(unit_id)
        unit = self.doc.unit(unit_id)
        if item is None or unit is None:
            return
        path = self._pending_moves.pop(unit_id, None)
        if self.play_provider is not None:
            view = self.play_provider(unit_id)
            if view is not None:
                item.apply_view(view, self._team_color(unit.team))
                if path and len(path) > 1 and tuple(path[-1]) == tuple(view.pos) and self.animate_moves:
                    item.slide_along(path)
                return
        if item.dead:
            item.dead = False
            item.setOpacity(1.0)
            item.setZValue(Z_UNIT)
        badges = self.badge_provider(unit_id) if self.badge_provider else None
        item.update_from(unit, self._team_color(unit.team), badges)

    def queue_move(self, unit_id: str, path: list[tuple[int, int]]) -> None:
        """Play mode: `unit_id` moved along `path` (a `unit_moved` event, start cell included); its
        token slides along it at its next `update_unit` (stretches of one order are joined). A new
        move of a unit still sliding puts it on its destination at once first."""
        item = self.unit_items.get(unit_id)
        if item is not None:
            item.finish_slide()
        cells = [(int(c[0]), int(c[1])) for c in path]
        if not self.animate_moves or not cells:
            self._pending_moves.pop(unit_id, None)
            return
        pending = self._pending_moves.get(unit_id)
        if pending and pending[-1] == cells[0]:
            pending.extend(cells[1:])
        else:
            self._pending_moves[unit_id] = cells

    def finish_move_animations(self) -> None:
        """Put every sliding token on its destination at once (Skip, fast AI, leaving the game)."""
        self._pending_moves.clear()
        for item in self.unit_items.values():
            item.finish_slide()

    def set_animate_moves(self, on: bool) -> None:
        self.animate_moves = bool(on)
        if not on:
            self.finish_move_animations()

    def remove_unit(self, unit_id: str) -> None:
        item = self.unit_items.pop(unit_id, None)
        self._pending_moves.pop(unit_id, None)
        if item is not None:
            item.finish_slide()
            self.removeItem(item)
        if self.selection.unit_id == unit_id:
            self.selection.clear()

    def update_object(self, object_id: str) -> None:
        obj = self.doc.object(object_id)
        item = self.object_items.get(object_id)
        if obj is None:
            return
        if item is None:
            item = ObjectItem(obj)
            self.object_items[object_id] = item
            item.label.setVisible(self.visible_layers["labels"])
            self.addItem(item)
        else:
            item.update_from(obj)

    def remove_object(self, object_id: str) -> None:
        item = self.object_items.pop(object_id, None)
        if item is not None:
            self.removeItem(item)
        if self.selection.kind == "object" and self.selection.item_id == object_id:
            self.selection.clear()

    def refresh_teams(self) -> None:
        for unit_id in self.unit_items:
            self.update_unit(unit_id)

    def refresh_terrain(self, rect: QRect | None = None) -> None:
        self.terrain_item.setPixmap(QPixmap.fromImage(terrain_image(self.doc.terrain)))

    def _replace_layer(self, attr: str, image, z: float, layer: str) -> None:
        item = getattr(self, attr)
        if item is None:
            item = _layer_item(image)
            item.setZValue(z)
            self.addItem(item)
            setattr(self, attr, item)
        else:
            item.setPixmap(QPixmap.fromImage(image))
        item.setVisible(self.visible_layers[layer])

    def refresh_hazards(self, rect: QRect | None = None) -> None:
        scenario = self.doc.scenario
        self._replace_layer("hazard_item", hazard_image(scenario, smoke=False), Z_HAZARD, "hazards")
        self._replace_layer("smoke_item", hazard_image(scenario, smoke=True), Z_SMOKE, "smoke")
        for item in self.hazard_items:
            self.removeItem(item)
        self.hazard_items.clear()
        for hz in scenario.hazards:
            path = area_path(hz)
            if path.isEmpty():
                continue
            color = QColor(HAZARD_COLORS[hz.kind])
            outline = QGraphicsPathItem(path)
            pen = cosmetic_pen(color.darker(130), 2, Qt.PenStyle.DashLine)
            outline.setPen(pen)
            outline.setZValue(Z_OUTLINE if hz.kind != HazardKind.SMOKE else Z_SMOKE)
            outline.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            outline.setData(0, "smoke" if hz.kind == HazardKind.SMOKE else "hazards")
            text = hz.kind.value.title() + (f" {hz.dice}" if hz.dice else "")
            if hz.kind == HazardKind.CURRENT and hz.direction:
                text += f" → {hz.direction.value}"
            label = LabelItem(text, color.darker(160).name(), parent=outline, anchor="top-left", bold=True)
            br = path.boundingRect()
            label.setPos(br.topLeft())
            outline.setToolTip(f"<b>{hz.name or hz.id}</b>: {text} (R-HAZ-6)")
            self.addItem(outline)
            self.hazard_items.append(outline)
        self._apply_visibility()

    def refresh_fires(self) -> None:
        scenario = self.doc.scenario
        self._replace_layer("fire_item", fire_image(scenario), Z_FIRE, "fire")
        for item in self.fire_labels:
            self.removeItem(item)
        self.fire_labels.clear()
        from brikwars_gui.ui.layers import fire_cells

        for fire, mask in fire_cells(scenario):
            ys, xs = mask.nonzero()
            if not len(xs):
                continue
            kind = fire.permanent.value if fire.permanent else fire.fire_type.value
            name = "Fire" if kind in ("fire", "regular") else kind.replace("_", " ").title()
            label = LabelItem(f'{name} {fire.size}"', "#b71c1c", anchor="center", point_size=7.5)
            label.setPos(QPointF((xs.min() + 0.5) * CELL, (ys.min() + 0.2) * CELL))
            label.setZValue(Z_FIRE + 0.5)
            label.setToolTip("Fire (R-FIRE-1)")
            self.addItem(label)
            self.fire_labels.append(label)
        if scenario.fires and self.visible_layers["fire"]:
            self.fire_timer.start()
        else:
            self.fire_timer.stop()
            if self.fire_item is not None:
                self.fire_item.setOpacity(1.0)
        self._apply_visibility()

    def _animate_fire(self) -> None:
        """Flicker: only the fire overlay's opacity changes (no re-render of any layer)."""
        t = self._fire_clock.elapsed() / 1000.0
        self.fire_item.setOpacity(0.72 + 0.18 * math.sin(t * 5.0) + 0.08 * math.sin(t * 13.0))

    # -- layers ---------------------------------------------------------------------------------
    def set_layer_visible(self, layer: str, visible: bool) -> None:
        self.visible_layers[layer] = visible
        self._apply_visibility()
        if layer == "fire":
            if visible and (self.doc.scenario.fires or self.play_fire_count):
                self.fire_timer.start()
            else:
                self.fire_timer.stop()

    def _apply_visibility(self) -> None:
        v = self.visible_layers
        if self.grid_item is not None:
            self.grid_item.setVisible(v["grid"])
        for attr, layer in (("hazard_item", "hazards"), ("smoke_item", "smoke"), ("fire_item", "fire")):
            item = getattr(self, attr)
            if item is not None:
                item.setVisible(v[layer])
        for item in self.hazard_items:
            item.setVisible(v[item.data(0)])
        for item in self.fire_labels:
            item.setVisible(v["fire"] and v["labels"])
        for item in self.unit_items.values():
            item.label.setVisible(v["labels"] and not item.dead)
        for item in self.object_items.values():
            item.label.setVisible(v["labels"])
        if self.triggered_item is not None and not v["hazards"]:
            self.triggered_item.setVisible(False)
        self._apply_unit_overlays()
        self.schedule_declutter()

    # -- label placement ------------------------------------------------------------------------
    def schedule_declutter(self, *_args) -> None:
        self.declutter_timer.start()

    def set_hovered_unit(self, unit_id: str) -> None:
        if unit_id != self.hovered_unit:
            self.hovered_unit = unit_id
            self.declutter_labels()

    def _labels_by_priority(self) -> list[tuple[int, str, LabelItem, UnitItem | None]]:
        """Labels the layers show, most important first: the selected/hovered unit, fires, field
        hazards, other units, objects."""
        v = self.visible_layers
        focus = {self.selection.unit_id, self.hovered_unit} - {"", None}
        out: list[tuple[int, str, LabelItem, UnitItem | None]] = []
        for uid, item in self.unit_items.items():
            if not item.dead:
                out.append((0 if uid in focus else 3, uid, item.label, item))
        if v["fire"]:
            out += [(1, f"fire{i}", label, None) for i, label in enumerate(self.fire_labels)]
        for i, outline in enumerate(self.hazard_items):
            if v[outline.data(0)]:
                out += [(2, f"hz{i}", c, None) for c in outline.childItems() if isinstance(c, LabelItem)]
        out += [(4, oid, item.label, None) for oid, item in self.object_items.items()]
        out.sort(key=lambda t: (t[0], t[1]))
        return out

    def declutter_labels(self) -> int:
        """Show each label only where it does not cover a more important one at the current zoom
        (a unit's name may move above its token first). Hidden names come back when the unit is
        selected or hovered, or when zoomed in. Returns the number of labels hidden."""
        if not self.visible_layers["labels"]:
            return 0
        views = self.views()
        scale = views[0].transform().m11() if views else 1.0
        scale = scale or 1.0
        placed: list[QRectF] = []
        hidden = 0

        def screen_box(label: LabelItem) -> QRectF:
            p = label.scenePos()
            return label.box.translated(p.x() * scale, p.y() * scale).adjusted(-1, -1, 1, 1)

        for priority, _key, label, unit in self._labels_by_priority():
            chosen: QRectF | None = None
            for above in (False, True) if unit is not None else (None,):
                if unit is not None:
                    unit.place_label(above)
                box = screen_box(label)
                if not any(box.intersects(r) for r in placed):
                    chosen = box
                    break
            if chosen is None and unit is not None:
                unit.place_label(False)
            show = chosen is not None or priority == 0
            label.setVisible(show)
            if show:
                placed.append(chosen if chosen is not None else screen_box(label))
            else:
                hidden += 1
        return hidden

    # -- selection ------------------------------------------------------------------------------
    def _on_selection(self, kind: str, item_id: str) -> None:
        self.schedule_declutter()
        self.blockSignals(True)
        for item in self.selectedItems():
            item.setSelected(False)
        target = None
        if kind == "unit":
            target = self.unit_items.get(item_id)
        elif kind == "object":
            target = self.object_items.get(item_id)
        if target is not None:
            target.setSelected(True)
        self.blockSignals(False)

    def cell_at(self, pos: QPointF) -> tuple[int, int] | None:
        x, y = math.floor(pos.x() / CELL), math.floor(pos.y() / CELL)
        return (x, y) if self.doc.in_bounds((x, y)) else None


@dataclass
class ToolSettings:
    """What the palette chose: terrain kind, elevation, brush size, hazard field, team to place."""

    terrain_kind: TerrainKind = TerrainKind.OBSTACLE
    elevation: int = 3
    brush: int = 1
    hazard_id: str | None = None
    hazard_kind: HazardKind = HazardKind.EXPOSURE
    hazard_dice: str | None = "1d6"
    team: str | None = None
    object_kind: str = "building"
    extra: dict = field(default_factory=dict)


TOOLS = ("select", "terrain", "hazard", "erase", "ruler", "unit", "object")


class BattlefieldView(QGraphicsView):
    cellHovered = Signal(int, int)  # (-1, -1) outside the field
    zoomChanged = Signal(float)
    viewportMoved = Signal()
    rulerMeasured = Signal(float)
    toolChanged = Signal(str)
    playClicked = Signal(int, int, str)  # Play mode left click: cell, unit id under the mouse or ""
    playContext = Signal(int, int, str, QPoint)  # Play mode right click: cell, unit id, global pos

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

    # -- tools ----------------------------------------------------------------------------------
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

    # -- zoom -----------------------------------------------------------------------------------
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

    # -- painting rulers along the viewport edges -----------------------------------------------
    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        super().drawForeground(painter, rect)
        painter.save()
        painter.resetTransform()
        vp = self.viewport().rect()
        band = 18
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

    # -- mouse ----------------------------------------------------------------------------------
    def _cell(self, event: QMouseEvent) -> tuple[int, int] | None:
        return self.bscene.cell_at(self.mapToScene(event.position().toPoint()))

    def _brush(self, cell: tuple[int, int]) -> list[tuple[int, int]]:
        return self.doc.brush_cells(cell, self.settings.brush)

    def _apply_brush(self, cell: tuple[int, int]) -> None:
        try:
            self._paint(cell)
        except ValueError as exc:
            self.doc.editRejected.emit(str(exc))

    def _paint(self, cell: tuple[int, int]) -> None:
        cells = self._brush(cell)
        s = self.settings
        if self.tool == "terrain":
            self.doc.paint_terrain(cells, s.terrain_kind, s.elevation, stroke=self._stroke)
        elif self.tool == "hazard":
            s.hazard_id = self.doc.paint_hazard(
                cells, s.hazard_id, kind=s.hazard_kind, dice=s.hazard_dice, stroke=self._stroke
            )
        elif self.tool == "erase":
            self.doc.erase_hazard(cells, stroke=self._stroke)

    def _show_brush(self, cell: tuple[int, int] | None) -> None:
        if self.tool not in ("terrain", "hazard", "erase") or cell is None:
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
        elif tool in ("terrain", "hazard", "erase") and cell is not None:
            self._stroke = new_stroke()
            self._apply_brush(cell)
        elif tool == "ruler" and cell is not None:
            self._ruler_from = cell
            self._update_ruler(cell)
        elif tool == "unit" and cell is not None:
            if unit := self._try(self.doc.new_unit, cell, self.settings.team):
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
        elif self._stroke and cell is not None and self.tool in ("terrain", "hazard", "erase"):
            self._apply_brush(cell)
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

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def center_on_scene(self, point: QPointF) -> None:
        self.centerOn(point)
        self.viewportMoved.emit()
