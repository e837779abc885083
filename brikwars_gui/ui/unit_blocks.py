"""The unit inspector's folding sections (issue 24): the rest of a unit's BrikWars stats (Weight,
armour, swimming, Scout, Hidden, SN dice, ...), the selected weapon's details, and the per-ruleset
stat blocks — D6 System die codes and pools, Nine Powers skills, talents and armour — each
validated by the file models (`D6Stats`, `NinePowersBlock`) and applied as one undoable edit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from brikwars_gui.scenario.models import Unit, Weapon
from brikwars_gui.scenario.ruleset_models import D6Stats, NinePowersBlock
from brikwars_gui.ui.document import EditorDocument
from brikwars_gui.ui.model_form import ModelForm, Section

MORE_FIELDS = (
    "weight",
    "living",
    "heavy_armor",
    "body_armor",
    "carrying_heavy",
    "can_swim",
    "power",
    "specialties",
    "scouting_tool",
    "hidden",
    "apparatus",
    "blessings",
    "curses",
    "blessed_part",
)
MORE_LABELS = {"weight": "Weight (G-6)", "power": "Power limit", "apparatus": 'Firefighting (")'}
D6_LABELS = {
    "melee": "Melee",
    "ranged": "Marksmanship",
    "thrown": "Throwing",
    "dodge": "Dodge",
    "strength": "Physique",
    "character_points": "Character Points",
    "fate_points": "Fate Points",
}
NP_LABELS = {"natural_armor": "Natural armor", "armor_buffer": "Armor buffer", "magic_dice": "Magic dice"}


class UnitBlocks(QWidget):
    """Folding forms for the unit `unit_id()` names; a refused value is shown under its field."""

    def __init__(
        self, doc: EditorDocument, unit_id: Callable[[], str | None], weapon_row: Callable[[], int]
    ) -> None:
        super().__init__()
        self.doc, self.unit_id, self.weapon_row = doc, unit_id, weapon_row
        self.more = ModelForm(
            Unit, MORE_FIELDS, labels=MORE_LABELS, choices={"blessed_part": self._weapon_names}
        )
        self.more.edited.connect(self._unit_edited)
        self.weapon_note = QLabel("Pick a weapon in the table above.")
        self.weapon = ModelForm(Weapon, tuple(Weapon.model_fields))
        self.weapon.edited.connect(self._weapon_edited)
        weapon_box = QWidget()
        wcol = QVBoxLayout(weapon_box)
        wcol.setContentsMargins(0, 0, 0, 0)
        wcol.addWidget(self.weapon_note)
        wcol.addWidget(self.weapon)
        self.d6 = ModelForm(D6Stats, tuple(D6Stats.model_fields), labels=D6_LABELS)
        self.d6.edited.connect(lambda n, v: self._block_edited("d6", self.d6, n, v))
        self.ninepowers = ModelForm(NinePowersBlock, tuple(NinePowersBlock.model_fields), labels=NP_LABELS)
        self.ninepowers.edited.connect(lambda n, v: self._block_edited("ninepowers", self.ninepowers, n, v))
        d6_box = self._with_note(self.d6, "Empty fields are converted from the BrikWars stats (R-D6-1).")
        np_box = self._with_note(
            self.ninepowers, "Left as is, the block is converted from BrikWars (R-NP-1)."
        )
        self.sections = {
            "more": Section("More stats", self.more),
            "weapon": Section("Weapon details", weapon_box),
            "d6": Section("D6 System stats", d6_box),
            "ninepowers": Section("Nine Powers stats", np_box),
        }
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for section in self.sections.values():
            layout.addWidget(section)

    @staticmethod
    def _with_note(form: ModelForm, note: str) -> QWidget:
        box = QWidget()
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 0, 0)
        label = QLabel(note)
        label.setWordWrap(True)
        label.setStyleSheet("color: #666; font-size: 11px;")
        col.addWidget(label)
        col.addWidget(form)
        return box

    def _weapon_names(self) -> list[tuple[str, Any]]:
        unit = self.doc.unit(self.unit_id() or "")
        return [(w.name, w.name) for w in unit.weapons] if unit else []

    # -- loading --------------------------------------------------------------------------------
    def load(self, unit: Unit | None) -> None:
        self.setVisible(unit is not None)
        if unit is None:
            return
        data = unit.model_dump(mode="json")
        self.more.load(data)
        self.d6.load(data.get("d6") or {})
        self.ninepowers.load(data.get("ninepowers"))
        self.load_weapon()

    def load_weapon(self) -> None:
        unit = self.doc.unit(self.unit_id() or "")
        row = self.weapon_row()
        has = unit is not None and 0 <= row < len(unit.weapons)
        self.weapon.setVisible(has)
        self.weapon_note.setVisible(not has)
        if has:
            self.weapon.load(unit.weapons[row].model_dump(mode="json"))

    def set_enabled(self, on: bool) -> None:
        for form in (self.more, self.weapon, self.d6, self.ninepowers):
            form.set_enabled(on)

    # -- edits ----------------------------------------------------------------------------------
    def _update(self, form: ModelForm, field: str, **changes: Any) -> None:
        try:
            self.doc.update_unit(self.unit_id(), **changes)
        except ValueError as exc:
            form.show_error(field, _after_path(str(exc)))

    def _unit_edited(self, name: str, value: Any) -> None:
        self._update(self.more, name, **{name: value})

    def _weapon_edited(self, name: str, value: Any) -> None:
        unit = self.doc.unit(self.unit_id() or "")
        row = self.weapon_row()
        if unit is None or not 0 <= row < len(unit.weapons):
            return
        weapons = [w.model_dump(mode="json") for w in unit.weapons]
        weapons[row][name] = value
        if name == "kind" and value == "close":
            weapons[row]["range"] = None
        self._update(self.weapon, name, weapons=weapons)

    def _block_edited(self, block: str, form: ModelForm, name: str, value: Any) -> None:
        unit = self.doc.unit(self.unit_id() or "")
        if unit is None:
            return
        old = getattr(unit, block)
        data = old.model_dump(mode="json") if old is not None else {}
        data[name] = value
        if all(v is None for v in data.values()):
            data = None  # every field left to the conversion: no block at all
        self._update(form, name, **{block: data})


def _after_path(message: str) -> str:
    """`ninepowers.talents: talent shoot 3 is above ...` → the text after the field path."""
    head, sep, text = message.partition(": ")
    return text if sep and " " not in head else message
