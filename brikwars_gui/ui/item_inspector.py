"""The inspector of what is not a unit (issue 24): an object (name, kind, Size, Weight, Armor,
flammable, blocks movement and sight, height, owner), the fire on it and the traps it triggers; a
Field Hazard; a permanent fire; a trap and its weapon (R-TRAP-1..5). Forms come from the file
models (`ui/model_form.py`); every edit goes through the document's undoable commands and a refused
value shows the model's message under its field."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.models import Fire, HazardField, HazardKind, StructureObject, Trap, Weapon
from brikwars_gui.ui.document import EditorDocument
from brikwars_gui.ui.document_authoring import OBJECT_KINDS
from brikwars_gui.ui.model_form import ModelForm
from brikwars_gui.ui.models import SelectionService

OBJECT_FIELDS = (
    "name",
    "kind",
    "size",
    "weight",
    "armor",
    "flammable",
    "blocks_movement",
    "blocks_sight",
    "height",
    "owner",
)
OBJECT_LABELS = {"size": 'Size (")', "weight": "Weight", "armor": "Armor", "height": "Height (bricks)"}
FIRE_FIELDS = ("size", "fire_type", "permanent", "owner")
FIRE_LABELS = {"size": 'Fire Size (")', "fire_type": "Type", "permanent": "Permanent kind"}
HAZARD_FIELDS = (
    "name",
    "dice",
    "damage_type",
    "payload",
    "direction",
    "height",
    "living_only",
    "affects",
    "powered",
    "powered_by",
    "owner",
)
HAZARD_LABELS = {"dice": "Hazard Dice", "height": 'Smoke height (")', "affects": "Spikes affect"}
TRAP_FIELDS = (
    "name",
    "trigger",
    "interaction",
    "at",
    "direction",
    "area",
    "action",
    "smart",
    "armed",
    "hidden",
    "owner",
)
"""The trap's own fields shown, in order; a field the rules add to `Trap` (R-TRAP-1's target area
or direction) is shown by adding its name here."""
TRAP_LABELS = {
    "at": "Weapon at (x, y)",
    "direction": "Fires towards",
    "area": "Fires into cells",
    "action": "Action die",
    "interaction": "Interaction",
}
WEAPON_FIELDS = tuple(Weapon.model_fields)
WEAPON_LABELS = {"use": "Use", "range": 'Range (")', "d6_damage": "D6 damage", "power_cost": "Power cost"}


class ItemInspector(QWidget):
    """Shows the form of the selected object, field, fire or trap (hidden for units and nothing)."""

    KINDS = ("object", "hazard", "fire", "trap")

    def __init__(
        self, doc: EditorDocument, selection: SelectionService, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.doc, self.selection = doc, selection
        self.kind, self.item_id = "", ""
        self.editable = True
        players = self._players
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.title = QLabel()
        self.title.setObjectName("itemInspectorTitle")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)

        self.object_form = ModelForm(
            StructureObject,
            OBJECT_FIELDS,
            labels=OBJECT_LABELS,
            choices={"owner": players, "kind": self._object_kinds},
        )
        self.object_form.edited.connect(
            lambda n, v: self._apply(self.doc.update_object, self.object_form, n, v)
        )
        layout.addWidget(self.object_form)

        self.fire_box = QGroupBox("Fire on it (R-FIRE-4)")
        fire_col = QVBoxLayout(self.fire_box)
        self.fire_state = QLabel()
        self.fire_state.setWordWrap(True)
        fire_col.addWidget(self.fire_state)
        self.fire_form = ModelForm(Fire, ("size", "fire_type"), labels=FIRE_LABELS)
        self.fire_form.edited.connect(self._fire_on_edited)
        fire_col.addWidget(self.fire_form)
        row = QHBoxLayout()
        self.alight_button = QPushButton("Set alight")
        self.alight_button.setObjectName("setAlight")
        self.alight_button.clicked.connect(self.set_alight)
        self.put_out_button = QPushButton("Put out")
        self.put_out_button.clicked.connect(lambda: self._try(self.doc.put_out, self.item_id))
        row.addWidget(self.alight_button)
        row.addWidget(self.put_out_button)
        fire_col.addLayout(row)
        layout.addWidget(self.fire_box)

        self.traps_box = QGroupBox("Traps it triggers (R-TRAP-2)")
        traps_col = QVBoxLayout(self.traps_box)
        self.trap_list = QListWidget()
        self.trap_list.setObjectName("trapList")
        self.trap_list.setMaximumHeight(90)
        self.trap_list.itemActivated.connect(
            lambda item: self.selection.select("trap", item.data(Qt.ItemDataRole.UserRole))
        )
        traps_col.addWidget(self.trap_list)
        row = QHBoxLayout()
        self.add_trap_button = QPushButton("Add trap")
        self.add_trap_button.setObjectName("addTrap")
        self.add_trap_button.setToolTip("A Weapon Trap fired when this is operated or stepped on (R-TRAP-5)")
        self.add_trap_button.clicked.connect(self.add_trap)
        self.edit_trap_button = QPushButton("Edit trap")
        self.edit_trap_button.clicked.connect(self._edit_current_trap)
        row.addWidget(self.add_trap_button)
        row.addWidget(self.edit_trap_button)
        traps_col.addLayout(row)
        layout.addWidget(self.traps_box)

        self.hazard_form = ModelForm(
            HazardField,
            HAZARD_FIELDS,
            labels=HAZARD_LABELS,
            choices={"owner": players, "powered_by": self._units},
        )
        self.hazard_form.edited.connect(
            lambda n, v: self._apply(self.doc.update_hazard, self.hazard_form, n, v)
        )
        layout.addWidget(self.hazard_form)

        self.fire_item_form = ModelForm(Fire, FIRE_FIELDS, labels=FIRE_LABELS, choices={"owner": players})
        self.fire_item_form.edited.connect(
            lambda n, v: self._apply(self.doc.update_fire, self.fire_item_form, n, v)
        )
        layout.addWidget(self.fire_item_form)

        self.trap_form = ModelForm(
            Trap, TRAP_FIELDS, labels=TRAP_LABELS, choices={"owner": players, "trigger": self._triggers}
        )
        self.trap_form.edited.connect(lambda n, v: self._apply(self.doc.update_trap, self.trap_form, n, v))
        layout.addWidget(self.trap_form)
        self.weapon_title = QLabel("<b>Its weapon</b>")
        layout.addWidget(self.weapon_title)
        self.weapon_form = ModelForm(Weapon, WEAPON_FIELDS, labels=WEAPON_LABELS)
        self.weapon_form.edited.connect(self._weapon_edited)
        layout.addWidget(self.weapon_form)
        self.delete_button = QPushButton("Delete")
        self.delete_button.clicked.connect(self.delete)
        layout.addWidget(self.delete_button)
        layout.addStretch(1)

        selection.selectionChanged.connect(self.show_item)
        for signal in (doc.objectChanged, doc.objectRemoved, doc.objectAdded):
            signal.connect(lambda _id: self._reload())
        for signal in (doc.firesChanged, doc.trapsChanged, doc.metaChanged, doc.scenarioReset):
            signal.connect(self._reload)
        doc.hazardsChanged.connect(lambda _r: self._reload())
        self.show_item("", "")

    # -- choices --------------------------------------------------------------------------------
    def _players(self) -> list[tuple[str, Any]]:
        return [(p.name, p.id) for p in self.doc.scenario.players]

    def _units(self) -> list[tuple[str, Any]]:
        return [(u.name, u.id) for u in self.doc.scenario.units]

    def _object_kinds(self) -> list[tuple[str, Any]]:
        return [(k, k) for k in OBJECT_KINDS]

    def _triggers(self) -> list[tuple[str, Any]]:
        out = []
        for tid in self.doc.trigger_ids():
            item = self.doc.scenario.find(tid)
            what = "field" if isinstance(item, HazardField) else getattr(item, "kind", "object")
            out.append((f"{getattr(item, 'name', '') or tid} ({what})", tid))
        return out

    # -- showing --------------------------------------------------------------------------------
    def current(self) -> Any:
        finders = {
            "object": self.doc.object,
            "hazard": self.doc.hazard,
            "fire": self.doc.fire,
            "trap": self.doc.trap,
        }
        find = finders.get(self.kind)
        return find(self.item_id) if find and self.item_id else None

    def show_item(self, kind: str, item_id: str) -> None:
        self.kind, self.item_id = (kind, item_id) if kind in self.KINDS else ("", "")
        self._reload()

    def _reload(self) -> None:
        item = self.current()
        if item is None:
            self.kind, self.item_id = "", ""
        kind = self.kind
        self.setVisible(bool(kind))
        sections = {
            self.object_form: kind == "object",
            self.fire_box: kind == "object",
            self.traps_box: kind == "object" or (kind == "hazard" and item.kind == HazardKind.CONCEALED),
            self.hazard_form: kind == "hazard",
            self.fire_item_form: kind == "fire",
            self.trap_form: kind == "trap",
            self.weapon_title: kind == "trap",
            self.weapon_form: kind == "trap",
            self.delete_button: bool(kind),
        }
        for widget, shown in sections.items():
            widget.setVisible(shown)
        if item is None:
            return
        self.title.setText(self._title(item))
        data = item.model_dump(mode="json")
        form = {"object": self.object_form, "hazard": self.hazard_form, "fire": self.fire_item_form}.get(kind)
        if form is not None:
            form.load(data)
        if kind == "trap":
            self.trap_form.load(data)
            self.weapon_form.load(data["weapon"])
        if kind in ("object", "hazard"):
            self._load_fire_and_traps(item)
        self._update_enabled()

    def _title(self, item: Any) -> str:
        if self.kind == "object":
            return f"<b>{item.name}</b> <span style='color:#777'>({item.kind}, {item.id})</span>"
        if self.kind == "hazard":
            kind = item.kind.value
            return f"<b>{item.name or item.id}</b> <span style='color:#777'>({kind} field, R-HAZ-6)</span>"
        if self.kind == "fire":
            what = f"permanent {item.permanent.value}" if item.permanent else item.fire_type.value
            return (
                f"<b>Fire</b> <span style='color:#777'>({what}, {len(item.cells)} cell(s), R-FIRE-1)</span>"
            )
        trigger = self.doc.scenario.find(item.trigger)
        on = getattr(trigger, "name", "") or item.trigger
        return f"<b>{item.name or item.id}</b> <span style='color:#777'>(trap on {on}, R-TRAP-5)</span>"

    def _load_fire_and_traps(self, item: Any) -> None:
        fire = self.doc.fire_on(item.id) if self.kind == "object" else None
        if self.kind == "object":
            burns = "burning" if fire is not None else "not burning"
            kind = f" ({fire.fire_type.value})" if fire is not None else ""
            self.fire_state.setText(
                f"{item.name} is {burns}{kind}."
                + ("" if item.flammable else " Not flammable: only acid, ion or poison take.")
            )
            self.fire_form.load(fire.model_dump(mode="json") if fire else {"size": 1, "fire_type": "fire"})
            self.fire_form.widgets["size"].setEnabled(self.editable)
            self.put_out_button.setEnabled(self.editable and fire is not None)
            self.alight_button.setText("Change fire" if fire is not None else "Set alight")
        self.trap_list.clear()
        for trap in self.doc.scenario.traps:
            if trap.trigger == item.id:
                entry = QListWidgetItem(f"{trap.name or trap.id}: {trap.weapon.name} ({trap.weapon.damage})")
                entry.setData(Qt.ItemDataRole.UserRole, trap.id)
                self.trap_list.addItem(entry)
        self.edit_trap_button.setEnabled(self.trap_list.count() > 0)

    def set_editable(self, editable: bool) -> None:
        self.editable = editable
        self._update_enabled()

    def _update_enabled(self) -> None:
        for form in (
            self.object_form,
            self.fire_form,
            self.hazard_form,
            self.fire_item_form,
            self.trap_form,
            self.weapon_form,
        ):
            form.set_enabled(self.editable)
        for button in (self.alight_button, self.add_trap_button, self.delete_button):
            button.setEnabled(self.editable)

    # -- edits ----------------------------------------------------------------------------------
    def _try(self, func, *args, **kwargs) -> Any:
        try:
            return func(*args, **kwargs)
        except ValueError as exc:
            self.doc.editRejected.emit(str(exc))
            return None

    def _apply(self, update, form: ModelForm, name: str, value: Any) -> None:
        try:
            update(self.item_id, **{name: value})
        except ValueError as exc:
            form.show_error(name, str(exc))

    def _weapon_edited(self, name: str, value: Any) -> None:
        trap = self.current()
        weapon = {**trap.weapon.model_dump(mode="json"), name: value}
        if name == "kind" and value == "close":
            weapon["range"] = None
        try:
            self.doc.update_trap(self.item_id, weapon=weapon)
        except ValueError as exc:
            self.weapon_form.show_error(name, str(exc))

    def _fire_on_edited(self, name: str, value: Any) -> None:
        if self.doc.fire_on(self.item_id) is not None:
            self.set_alight()

    def set_alight(self) -> None:
        size = self.fire_form.widgets["size"].text()
        fire_type = self.fire_form.widgets["fire_type"].currentData() or "fire"
        try:
            self.doc.set_alight(self.item_id, int(size or 1), fire_type)
        except ValueError as exc:
            self.fire_form.show_error("size", str(exc))

    def add_trap(self) -> None:
        if (trap := self._try(self.doc.new_trap, self.item_id)) is not None:
            self.selection.select("trap", trap.id)

    def _edit_current_trap(self) -> None:
        item = self.trap_list.currentItem() or self.trap_list.item(0)
        if item is not None:
            self.selection.select("trap", item.data(Qt.ItemDataRole.UserRole))

    def delete(self) -> None:
        removers = {
            "object": self.doc.remove_object,
            "hazard": self.doc.remove_hazard,
            "fire": self.doc.remove_fire,
            "trap": self.doc.remove_trap,
        }
        if self.kind in removers:
            self._try(removers[self.kind], self.item_id)
            self.selection.clear()
