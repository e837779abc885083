"""`BattlefieldScene`: the scene's items kept in step with the document (and the battle in Play
mode); layers, overlays, animation and labels are its mixins (this package)."""

from __future__ import annotations

import math

from PySide6.QtCore import QElapsedTimer, QPointF, QRect, QRectF, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QGraphicsScene

from brikwars_gui.ui.battlefield.animation import AnimationMixin
from brikwars_gui.ui.battlefield.cell_layers import CellLayersMixin
from brikwars_gui.ui.battlefield.labels import LabelsMixin
from brikwars_gui.ui.battlefield.layer_item import DEFAULT_HIDDEN, LAYERS, _layer_item
from brikwars_gui.ui.battlefield.overlays import OverlaysMixin
from brikwars_gui.ui.battlefield.trap_marks import TrapMarksMixin
from brikwars_gui.ui.document import EditorDocument
from brikwars_gui.ui.items import CELL, Z_TERRAIN, Z_UNIT, GridItem, LabelItem, ObjectItem, UnitItem
from brikwars_gui.ui.layers import terrain_image
from brikwars_gui.ui.models import SelectionService


class BattlefieldScene(
    CellLayersMixin, OverlaysMixin, AnimationMixin, LabelsMixin, TrapMarksMixin, QGraphicsScene
):
    """Mirrors an `EditorDocument` (one item per unit, object and field; document signals update
    only what changed); in Play mode its providers give the battle's units instead."""

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
        self.path_item = self.highlight_item = self.area_item = None
        self.path_label: LabelItem | None = None
        self.unit_items: dict[str, UnitItem] = {}
        # the next rebuild leaves the tokens to the battle about to start (a saved game opening):
        # Play mode makes each one once from the engine's view (issue 26)
        self.tokens_from_play = False
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
        # bound methods, not lambdas: a lambda holding the scene would keep a picture's scene
        # (ui/picture.py) alive after it was cleared, and its timers would reach deleted items
        for signal in (doc.trapsChanged, doc.objectChanged, doc.objectRemoved, doc.hazardsChanged):
            signal.connect(self.refresh_traps)
        doc.metaChanged.connect(self.refresh_teams)
        selection.selectionChanged.connect(self._on_selection)
        self.rebuild()

    # -- building ----------------------------------------------------------------------------------
    def rebuild(self) -> None:
        self.finish_move_animations()
        self.clear()
        # clear() deleted every item: forget them all before anything (a signal handler drawing
        # an overlay) can reach a deleted C++ object (issue 10, defect 1)
        self.reach_item = self.triggered_item = self.path_item = self.highlight_item = None
        self.area_item = self.heat_item = None
        self.path_label = None
        self._reset_unit_overlays()
        self.unit_items.clear()
        self.object_items.clear()
        self.hazard_items.clear()
        self.fire_labels.clear()
        self.trap_items = []
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
        tokens_from_play, self.tokens_from_play = self.tokens_from_play, False
        if not tokens_from_play:
            for unit in self.doc.scenario.units:  # not add_unit(id): its lookup is linear (issue 26)
                self._add_item(UnitItem(unit, self._team_color(unit.team)))
        self.refresh_traps()
        self._apply_visibility()
        self._on_selection(self.selection.kind, self.selection.item_id)

    # -- units and objects -------------------------------------------------------------------------
    def set_object_destroyed(self, object_id: str, destroyed: bool) -> None:
        item = self.object_items.get(object_id)
        if item is not None:
            item.setOpacity(0.3 if destroyed else 1.0)

    def leave_play(self) -> None:
        """Back to the document's picture (Edit mode): the tokens of units born in the battle go."""
        self.play_provider = None
        for uid in [uid for uid in self.unit_items if self.doc.unit(uid) is None]:
            self.remove_unit(uid)
        self.play_fire_count = 0
        self.finish_move_animations()
        if self.reach_item is not None:
            self.set_reach(None)
            self.show_path(None)
            self.highlight()
            self.show_area(None)
            self.triggered_item.setVisible(False)
        for oid in self.object_items:
            self.set_object_destroyed(oid, False)
        self.refresh_hazards(QRect())
        self.refresh_fires()
        self.refresh_traps()
        tokens = self.unit_items
        for unit in self.doc.scenario.units:  # one the battle never drew (its rebuild left them to it)
            if unit.id not in tokens:
                self._add_item(UnitItem(unit, self._team_color(unit.team)))
        for uid in self.unit_items:
            self.update_unit(uid)
        self._on_selection(self.selection.kind, self.selection.item_id)

    def _team_color(self, team: str) -> str:
        player = self.doc.player(team)
        return player.color if player else "#888888"

    def add_unit(self, unit_id: str) -> None:
        unit = self.doc.unit(unit_id)
        self._add_item(UnitItem(unit, self._team_color(unit.team)))

    def _add_item(self, item: UnitItem) -> UnitItem:
        self.unit_items[item.unit_id] = item
        item.label.setVisible(self.visible_layers["labels"])
        self.addItem(item)
        return item

    def sync_play_units(self, unit_ids) -> None:
        """Play mode: the tokens are those of the frame shown (`unit_ids`, from the session
        controller): a unit born in the battle gets one, a unit not in the frame (gone, or not yet
        summoned in the turn viewed) is not drawn; every token is brought up to date."""
        made = len(self.unit_items)
        for uid in dict.fromkeys([*unit_ids, *self.unit_items]):
            self.update_unit(uid)
        if len(self.unit_items) > made:  # a new token of the selected unit shows it selected
            self._on_selection(self.selection.kind, self.selection.item_id)

    def _update_play_unit(self, unit_id: str, item: UnitItem | None, path) -> None:
        """Play mode: draw the engine's view of the unit, or no token when the frame has none."""
        view = self.play_provider(unit_id)
        if view is None or view.vanished:
            if item is not None and self.doc.unit(unit_id) is None:
                self.remove_unit(unit_id)  # born in the battle: its token goes with it
            elif item is not None:
                item.finish_slide()
                item.setVisible(False)  # a scenario unit that left the battle
            return
        if item is None:
            item = self._add_item(UnitItem.for_view(view, self._team_color(view.team)))
        item.apply_view(view, self._team_color(view.team))
        if path and len(path) > 1 and tuple(path[-1]) == tuple(view.pos) and self.animate_moves:
            item.slide_along(path)

    def update_unit(self, unit_id: str) -> None:
        self.schedule_declutter()
        item = self.unit_items.get(unit_id)
        if self.play_provider is not None:
            path = self._pending_moves.pop(unit_id, None)
            self._update_play_unit(unit_id, item, path)
            return
        unit = self.doc.unit(unit_id)
        if item is None or unit is None:
            return
        if not item.isVisible():
            item.setVisible(True)
        if item.dead:  # killed in the battle just left: the editor shows it alive, named
            item.dead = False
            item.setOpacity(1.0)
            item.setZValue(Z_UNIT)
            item.label.setVisible(self.visible_layers["labels"])
        if not item.isVisible():  # hidden by fog of war in the battle just left: the editor shows all
            item.setVisible(True)
            item.label.setVisible(self.visible_layers["labels"])
        badges = self.badge_provider(unit_id) if self.badge_provider else None
        item.update_from(unit, self._team_color(unit.team), badges)

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

    # -- selection ---------------------------------------------------------------------------------
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
