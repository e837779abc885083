"""Right-click in Edit mode (issue 24): a menu of what fits the thing under the pointer — a unit or
an object (edit, duplicate, delete, rotate, set alight / put out, add a trap), a permanent fire, a
Field Hazard (edit, delete, a trap on a concealed field's spot), a trap's weapon — or, on open
ground, what can be placed there. Every entry is one of the document's undoable edits."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from brikwars_gui.scenario.models import HazardKind, PermanentFireKind, StructureObject


class EditMenuMixin:
    """`build_edit_menu(cell)` and the view's right-click in Edit mode (MainWindow mixin)."""

    def _edit_context(self, x: int, y: int, global_pos) -> None:
        menu = self.build_edit_menu((x, y))
        self.last_edit_menu = menu
        if not menu.isEmpty():
            menu.popup(global_pos)

    def _inspect(self, kind: str, item_id: str) -> None:
        """Select it and bring the inspector forward, where every field can be edited."""
        self.selection.select(kind, item_id)
        self.dock_inspector.show()
        self.dock_inspector.raise_()

    def build_edit_menu(self, cell: tuple[int, int]) -> QMenu:
        doc = self.doc
        menu = QMenu(self)
        thing = doc.thing_at(cell)
        if thing is not None:
            self._thing_entries(menu, thing)
        for fire in doc.scenario.fires:
            if fire.object is None and any(tuple(c) == tuple(cell) for c in fire.cells):
                what = fire.permanent.value if fire.permanent else fire.fire_type.value
                menu.addSeparator()
                menu.addAction(f"Edit {what} fire…", lambda f=fire.id: self._inspect("fire", f))
                menu.addAction(f"Delete {what} fire", lambda f=fire.id: self._try(doc.remove_fire, f))
        for trap in doc.scenario.traps:
            if trap.at is not None and tuple(trap.at) == tuple(cell):
                menu.addSeparator()
                menu.addAction(f"Edit {trap.name or trap.id}…", lambda t=trap.id: self._inspect("trap", t))
                menu.addAction(
                    f"Delete {trap.name or trap.id}", lambda t=trap.id: self._try(doc.remove_trap, t)
                )
        for field in doc.scenario.hazards:
            if field.contains(cell):
                name = field.name or field.id
                menu.addSeparator()
                menu.addAction(
                    f"Edit {name} ({field.kind.value} field)…", lambda h=field.id: self._inspect("hazard", h)
                )
                if field.kind == HazardKind.CONCEALED:
                    menu.addAction(f"Add a trap to {name} (R-TRAP-4)", lambda h=field.id: self._add_trap(h))
                menu.addAction(f"Delete {name}", lambda h=field.id: self._try(doc.remove_hazard, h))
        if thing is None:
            self._ground_entries(menu, cell)
        return menu

    def _thing_entries(self, menu: QMenu, thing: str) -> None:
        doc = self.doc
        item = doc.object(thing) or doc.unit(thing)
        kind = "object" if isinstance(item, StructureObject) else "unit"
        menu.addAction(f"Edit {item.name}…", lambda: self._inspect(kind, thing))
        menu.addAction("Duplicate", lambda: self._with_selection(kind, thing, self.duplicate_selected))
        menu.addAction("Rotate", lambda: self._with_selection(kind, thing, self.rotate_selected))
        menu.addAction("Delete", lambda: self._with_selection(kind, thing, self.delete_selected))
        menu.addSeparator()
        settings = self.view.settings
        if doc.fire_on(thing) is None:
            size = settings.fire_size
            menu.addAction(
                f'Set alight ({settings.fire_type.value}, {size}") (R-FIRE-4)',
                lambda: self._try(doc.set_alight, thing, size, settings.fire_type),
            )
        else:
            menu.addAction("Put out", lambda: self._try(doc.put_out, thing))
        if kind == "object":
            menu.addAction("Add a trap it triggers (R-TRAP-2)", lambda: self._add_trap(thing))

    def _ground_entries(self, menu: QMenu, cell: tuple[int, int]) -> None:
        doc = self.doc
        settings = self.view.settings
        if menu.actions():
            menu.addSeparator()
        menu.addAction(
            "Place a unit here",
            lambda: self._place(doc.new_unit, "unit", cell, settings.team, settings.template),
        )
        kind = settings.object_kind
        menu.addAction(f"Place a {kind} here", lambda: self._place(doc.new_object, "object", cell, kind))
        permanent = settings.fire_permanent or PermanentFireKind.REGULAR
        menu.addAction(
            f"Start a permanent {permanent.value} fire here (R-FIRE-1)",
            lambda: self._try(doc.paint_fire, [cell], permanent, settings.fire_type),
        )

    def _with_selection(self, kind: str, item_id: str, action) -> None:
        self.selection.select(kind, item_id)
        action()

    def _place(self, make, kind: str, *args) -> None:
        if (item := self._try(make, *args)) is not None:
            self.selection.select(kind, item.id)

    def _add_trap(self, trigger: str) -> None:
        if (trap := self._try(self.doc.new_trap, trigger)) is not None:
            self._inspect("trap", trap.id)
