"""The cell layers of the scene (terrain, field hazards, smoke, fire, heat map): one pixmap item
each, replaced as a whole image when the document or the battle changes; layer visibility."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsPixmapItem

from brikwars_gui.scenario.models import HazardKind
from brikwars_gui.ui.battlefield.layer_item import FireLayerItem, _layer_item
from brikwars_gui.ui.items import (
    CELL,
    Z_FIRE,
    Z_HAZARD,
    Z_OUTLINE,
    Z_SMOKE,
    LabelItem,
    area_path,
    cosmetic_pen,
)
from brikwars_gui.ui.layers import (
    HAZARD_COLORS,
    fire_image,
    fire_image_from_arrays,
    hazard_image,
    mask_image,
    terrain_image,
)
from brikwars_gui.ui.overlay_palette import SMOKE_ALPHA


class CellLayersMixin:
    """Terrain, hazard, smoke and fire images and their labels; which layers show."""

    # -- cell layers -------------------------------------------------------------------------------
    def refresh_terrain(self, rect: QRect | None = None) -> None:
        self.terrain_item.setPixmap(QPixmap.fromImage(terrain_image(self.doc.terrain)))

    def _replace_layer(self, attr: str, image, z: float, layer: str, cls=QGraphicsPixmapItem) -> None:
        item = getattr(self, attr)
        if item is None:
            item = _layer_item(image, cls)
            item.setZValue(z)
            self.addItem(item)
            setattr(self, attr, item)
        if isinstance(item, FireLayerItem):
            item.set_image(image)
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
        self._replace_layer("fire_item", fire_image(scenario), Z_FIRE, "fire", FireLayerItem)
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
                self.fire_item.set_flicker(1.0)
        self._apply_visibility()

    # -- play mode ---------------------------------------------------------------------------------
    def set_play_hazards(self, view) -> None:
        """Replace only the fire, smoke and triggered-spot images (and the few fire labels)."""
        self._play_items()
        if view is None:
            return
        fire = fire_image_from_arrays(view.fire_size, view.fire_type)
        self._replace_layer("fire_item", fire, Z_FIRE, "fire", FireLayerItem)
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
            self.fire_item.set_flicker(1.0)
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

    # -- layers ------------------------------------------------------------------------------------
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
