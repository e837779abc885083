"""Label placement: each label shows only where it does not cover a more important one at the
current zoom (selected/hovered unit, fires, field hazards, other units, objects)."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from brikwars_gui.ui.items import LabelItem, UnitItem


class LabelsMixin:
    """Decluttering of the scene's labels."""

    # -- label placement ---------------------------------------------------------------------------
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
