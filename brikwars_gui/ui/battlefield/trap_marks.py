"""Traps on the editor's map (R-TRAP-1..5): a "⚠" label on the trigger (the lever, the door, the
concealed field) naming the trap and its weapon, and, when the weapon sits elsewhere, a dashed line
to a marker where it stands. Edit mode only: in a battle a secret Trigger stays secret (R-TRAP-3)."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem

from brikwars_gui.ui.items import Z_LABEL, Z_TOOL, LabelItem, area_path, cell_center, cosmetic_pen

TRAP_COLOR = "#6a1b9a"


class TrapMarksMixin:
    """`refresh_traps()`: the markers of the document's traps (BattlefieldScene mixin)."""

    def refresh_traps(self, *_changed) -> None:
        for item in getattr(self, "trap_items", []):
            if item.scene() is self:
                self.removeItem(item)
        self.trap_items: list[QGraphicsItem] = []
        if self.play_provider is not None:
            return
        scenario = self.doc.scenario
        for trap in scenario.traps:
            trigger = scenario.find(trap.trigger)
            if trigger is None:
                continue
            centre = area_path(trigger).boundingRect().center()
            label = LabelItem(
                f"⚠ {trap.name or trap.id}: {trap.weapon.name}", TRAP_COLOR, anchor="center", point_size=7.5
            )
            label.setPos(centre + QPointF(0, 24))  # under the trigger's own name
            label.setZValue(Z_LABEL)
            hidden = " · secret Trigger (R-TRAP-3)" if trap.hidden else ""
            w = trap.weapon
            label.setToolTip(
                f"<b>{trap.name or trap.id}</b>: {w.name} (Use {w.use}, {w.damage}), "
                f"Action {trap.action}{' · smart' if trap.smart else ''}{hidden} (R-TRAP-5)"
            )
            self.addItem(label)
            self.trap_items.append(label)
            for cell in trap.area:  # R-TRAP-1: the cells it fires into
                mark = LabelItem("✕", TRAP_COLOR, anchor="center", point_size=7)
                mark.setPos(cell_center(tuple(cell)))
                mark.setZValue(Z_LABEL)
                mark.setToolTip(f"{trap.name or trap.id} fires here (R-TRAP-1)")
                self.addItem(mark)
                self.trap_items.append(mark)
            if trap.at is not None:
                at = cell_center(tuple(trap.at))
                line = QGraphicsLineItem(QLineF(centre, at))
                pen = cosmetic_pen(TRAP_COLOR, 2)
                pen.setStyle(Qt.PenStyle.DashLine)
                line.setPen(pen)
                line.setZValue(Z_TOOL - 1)
                marker = LabelItem("✕ weapon", TRAP_COLOR, anchor="center", point_size=7)
                marker.setPos(at)
                marker.setZValue(Z_LABEL)
                for item in (line, marker):
                    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                    self.addItem(item)
                    self.trap_items.append(item)
