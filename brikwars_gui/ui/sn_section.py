"""The inspector's SuperNatural section (Chapter D, R-SN-1/7/8): a unit's Cliché, its Talismans
(each binding one SN die, picked d4..d12 with its element) and the Effect templates its Cliché
allows. Every edit is one undoable change of the unit's `supernatural` block, validated by the
scenario model (`scenario/sn_models.py`): a value it refuses shows its message and is not applied.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.sn_models import EffectTemplate, SupernaturalBlock
from brikwars_gui.ui.document import validation_message
from brikwars_gui.ui.fit_table import ColumnFitter
from brikwars_gui.ui.panels import narrow_combo

#: R-SN-1: the SN dice a Talisman may bind, with their elements (the d20 is BrikThulhu's alone).
SN_DICE = (("d4", "Fire"), ("d6", "Earth"), ("d8", "Air"), ("d10", "Metal"), ("d12", "Magik"))


def _choices(model: type, name: str) -> tuple[str, ...]:
    """The values a Literal field of a scenario model allows (what the file may say)."""
    annotation = model.model_fields[name].annotation
    args = typing.get_args(annotation)
    if args and typing.get_origin(args[0]) is typing.Literal:  # list[Literal[...]]
        args = typing.get_args(args[0])
    return tuple(str(a) for a in args)


TARGETS = _choices(EffectTemplate, "target")
DIEMONS = _choices(SupernaturalBlock, "diemon")  # the Diemons a GM may place, bound to a die
FORMS = _choices(EffectTemplate, "form")
ELEMENTS = _choices(EffectTemplate, "element")
ASPECTS = _choices(EffectTemplate, "aspects")
TARGET_TIPS = {
    "self": "the caster itself (free)",
    "ally": 'a willing ally (free within 1", else Range dice and the Action)',
    "hostile": "an enemy unit (Range dice, the Action)",
    "unit": "any unit",
    "object": "an object",
    "cell": "a point on the map (bursts, summons)",
}


class _WheelGuard(QObject):
    """Scrolling the inspector over a combo box must not change it (a Flame Ward's target
    became 'unit' under the wheel): a combo takes the wheel only once it has the focus."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            event.ignore()
            return True
        return False


_GUARD = _WheelGuard()


def guarded(box: QComboBox) -> QComboBox:
    """`box` that ignores the mouse wheel until it is clicked (see `_WheelGuard`)."""
    box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    box.installEventFilter(_GUARD)
    return box


def die_picker(die: str = "d6") -> QComboBox:
    """A d4..d12 picker showing each die's element (R-SN-1)."""
    box = guarded(narrow_combo(QComboBox()))
    for code, element in SN_DICE:
        box.addItem(f"{code} {element}", code)
    box.setCurrentIndex(max(0, box.findData(die)))
    box.setToolTip("The SN die this Talisman binds and its element (R-SN-1)")
    return box


class SupernaturalSection(QGroupBox):
    """Edits one unit's `supernatural` block; `commit(block | None, label)` applies a change
    (the inspector turns it into an undoable `update_unit`) and returns its error, or ""."""

    def __init__(self, commit: Callable[[dict[str, Any] | None, str], str], parent: QWidget | None = None):
        super().__init__("SuperNatural", parent)
        self.setObjectName("snSection")
        self.setCheckable(True)
        self.setChecked(False)
        self.setToolTip("Chapter D: an SN caster's Cliché, Talismans (one die each), Effects (R-SN-7/8)")
        self._commit = commit
        self._loading = False
        self.block: dict[str, Any] | None = None
        self.toggled.connect(self._toggled)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        self.body = QWidget()
        outer.addWidget(self.body)
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        self.cliche = QLineEdit()
        self.cliche.setObjectName("snCliche")
        self.cliche.setPlaceholderText("Pyromancer, Necromancer, Holy Clerik…")
        self.cliche.setToolTip("The SuperNatural Cliché: its Effects are the templates below (R-SN-7)")
        self.cliche.editingFinished.connect(
            lambda: self._edit("cliche", self.cliche.text().strip(), "Cliché")
        )
        form.addRow("Cliché", self.cliche)
        layout.addLayout(form)
        layout.addWidget(self._heading("Talismans", "Each binds one SN die, d4..d12 (R-SN-1/8)"))
        self.talismans = self._table("snTalismans", ("Id", "Name", "Die"))
        self.talismans.itemChanged.connect(self._talisman_edited)
        layout.addWidget(self.talismans)
        layout.addLayout(self._buttons("Talisman", self.add_talisman, self.remove_talisman))
        layout.addWidget(self._heading("Effects", "The Effects the Cliché allows, built die by die (R-SN-7)"))
        self.effects = self._table("snEffects", ("Effect", "Target", "Aspects"))
        self.effects.itemChanged.connect(self._effect_edited)
        self.effects.currentCellChanged.connect(lambda *_: self._show_effect_details())
        layout.addWidget(self.effects)
        details = QFormLayout()  # the selected Effect's form, element and Lasting, one per row
        details.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form = guarded(narrow_combo(QComboBox()))
        self.form.setObjectName("snForm")
        self.form.addItems(FORMS)
        self.form.setToolTip(
            "bolt: lands on what stands at its point; arc: d8 Range adds a cone; creature: a Diemon"
        )
        self.form.activated.connect(lambda _i: self._edit_effect("form", self.form.currentText()))
        self.element = guarded(narrow_combo(QComboBox()))
        self.element.setObjectName("snElement")
        self.element.addItems(ELEMENTS)
        self.element.setToolTip("The fire type its d4 Damage sets (R-SN-1/34)")
        self.element.activated.connect(lambda _i: self._edit_effect("element", self.element.currentText()))
        self.lasting = QCheckBox("Lasting")
        self.lasting.setObjectName("snLasting")
        self.lasting.setToolTip("Its Aspect dice may stay on the targets (R-SN-12)")
        self.lasting.toggled.connect(lambda on: self._edit_effect("lasting", on))
        details.addRow("Form", self.form)
        details.addRow("Element", self.element)
        details.addRow(self.lasting)
        layout.addLayout(details)
        layout.addLayout(self._buttons("Effect", self.add_effect, self.remove_effect))
        placed = QFormLayout()  # a Diemon the GM places, bound to a caster's Talisman (R-SN-2)
        placed.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.diemon = guarded(narrow_combo(QComboBox()))
        self.diemon.setObjectName("snDiemon")
        self.diemon.addItem("(not a Diemon)", None)
        for kind in DIEMONS:
            self.diemon.addItem(kind, kind)
        self.diemon.setToolTip("This unit is a Diemon the GM placed, held by a caster's Talisman (R-SN-2)")
        self.diemon.activated.connect(lambda _i: self._edit_diemon(self.diemon.currentData(), None))
        self.bound = guarded(narrow_combo(QComboBox()))
        self.bound.setObjectName("snBoundTo")
        self.bound.setToolTip("The caster's Talisman whose die the Diemon is: its die size makes the Diemon")
        self.bound.activated.connect(
            lambda _i: self._edit_diemon(self.diemon.currentData(), self.bound.currentData())
        )
        placed.addRow("Diemon", self.diemon)
        placed.addRow("Bound to", self.bound)
        layout.addLayout(placed)
        self.error = QLabel()
        self.error.setObjectName("snError")
        self.error.setStyleSheet("color: #d32f2f;")
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.error)
        self.body.hide()

    @staticmethod
    def _heading(text: str, tip: str) -> QLabel:
        label = QLabel(text)
        label.setToolTip(tip)
        label.setWordWrap(True)
        return label

    def _table(self, name: str, headers: tuple[str, ...]) -> QTableWidget:
        table = QTableWidget(0, len(headers))
        table.setObjectName(name)
        table.setHorizontalHeaderLabels(headers)
        table.verticalHeader().setVisible(False)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.horizontalHeader().setStyleSheet("QHeaderView::section { padding: 2px 4px; }")
        table.setMaximumHeight(130)
        table.fitter = ColumnFitter(table)
        return table

    def _buttons(self, what: str, add: Callable[[], None], remove: Callable[[], None]) -> QHBoxLayout:
        row = QHBoxLayout()
        for text, slot in ((f"Add {what.lower()}", add), ("Remove", remove)):
            button = QPushButton(text)
            button.setObjectName(f"sn{text.split()[0]}{what}")
            button.clicked.connect(slot)
            row.addWidget(button)
        return row

    # -- loading ------------------------------------------------------------------------------------
    def load(self, unit: Any | None) -> None:
        """Show `unit`'s block (a scenario `Unit`, None: nothing selected)."""
        block = getattr(unit, "supernatural", None)
        self.block = block.model_dump(mode="json") if block is not None else None
        self.unit_prefix = f"{unit.id}-" if unit is not None else ""
        self._fill()

    def _fill(self) -> None:
        self._loading = True
        try:
            self.setChecked(self.block is not None)
            self.body.setVisible(self.block is not None)
            data = self.block or {"cliche": "", "talismans": [], "effects": []}
            self.cliche.setText(data.get("cliche", ""))
            self.talismans.setRowCount(len(data["talismans"]))
            for row, t in enumerate(data["talismans"]):
                self.talismans.setItem(row, 0, QTableWidgetItem(t["id"]))
                self.talismans.setItem(row, 1, QTableWidgetItem(t.get("name", "")))
                picker = die_picker(t["die"])
                picker.activated.connect(
                    lambda _i, r=row, p=picker: self._edit_talisman(r, "die", p.currentData())
                )
                self.talismans.setCellWidget(row, 2, picker)
            self.effects.setRowCount(len(data["effects"]))
            for row, e in enumerate(data["effects"]):
                self.effects.setItem(row, 0, QTableWidgetItem(e["name"]))
                target = guarded(narrow_combo(QComboBox()))
                for kind in TARGETS:
                    target.addItem(kind, kind)
                    target.setItemData(
                        target.count() - 1, TARGET_TIPS.get(kind, kind), Qt.ItemDataRole.ToolTipRole
                    )
                target.setCurrentIndex(max(0, target.findData(e["target"])))
                target.activated.connect(
                    lambda _i, r=row, b=target: self._edit_effect("target", b.currentData(), r)
                )
                self.effects.setCellWidget(row, 1, target)
                aspects = QTableWidgetItem(", ".join(e["aspects"]))
                aspects.setToolTip("Aspects its dice may take, with sign: " + ", ".join(ASPECTS))
                self.effects.setItem(row, 2, aspects)
            if data["effects"] and self.effects.currentRow() < 0:
                self.effects.setCurrentCell(0, 0)
            self._show_effect_details()
            self._show_diemon(data.get("diemon"), data.get("bound_to"))
        finally:
            self._loading = False

    def _show_effect_details(self) -> None:
        effects = (self.block or {}).get("effects", [])
        row = self.effects.currentRow()
        effect = effects[row] if 0 <= row < len(effects) else None
        loading, self._loading = self._loading, True
        try:
            for widget in (self.form, self.element, self.lasting):
                widget.setEnabled(effect is not None)
            if effect is not None:
                self.form.setCurrentText(effect.get("form", "bolt"))
                self.element.setCurrentText(effect.get("element", "fire"))
                self.lasting.setChecked(bool(effect.get("lasting", False)))
        finally:
            self._loading = loading

    bindings: Callable[[], list[tuple[str, str, int]]] = staticmethod(lambda: [])
    """(label, "<caster>:<talisman>", die sides) of every other unit's Talisman (set by the inspector)."""

    def _binding_choices(self, kind: str | None) -> list[tuple[str, str]]:
        """The Talismans a Diemon of `kind` may be bound to: their die makes it (a d10, a 10amyte)."""
        if kind is None:
            return []
        sides = int("".join(ch for ch in kind if ch.isdigit()) or 0)
        return [(label, value) for label, value, die in self.bindings() if die == sides]

    def _show_diemon(self, kind: str | None, bound: str | None) -> None:
        self.diemon.setCurrentIndex(max(0, self.diemon.findData(kind)))
        self.bound.clear()
        for label, value in self._binding_choices(kind):
            self.bound.addItem(label, value)
        if bound is not None and self.bound.findData(bound) < 0:
            self.bound.addItem(bound, bound)  # a binding the file names that no Talisman matches
        self.bound.setCurrentIndex(max(0, self.bound.findData(bound)))
        self.bound.setEnabled(kind is not None)

    def _edit_diemon(self, kind: str | None, bound: str | None) -> None:
        if self._loading or self.block is None:
            return
        block = self._current()
        if kind is None:
            block.pop("diemon", None)
            block.pop("bound_to", None)
            block["diemon"] = block["bound_to"] = None
        else:
            choices = [value for _label, value in self._binding_choices(kind)]
            bound = (
                bound
                if bound in choices
                else (block.get("bound_to") if block.get("bound_to") in choices else None)
            )
            bound = bound or (choices[0] if choices else None)
            if bound is None:
                self._fail(f"no caster holds a Talisman whose die makes a {kind} (R-SN-2)")
                return
            block["diemon"], block["bound_to"] = kind, bound
        if (block.get("diemon"), block.get("bound_to")) != (
            (self.block or {}).get("diemon"),
            (self.block or {}).get("bound_to"),
        ):
            self._apply(block, "Place a Diemon" if kind else "Not a Diemon")

    # -- edits --------------------------------------------------------------------------------------
    def _apply(self, block: dict[str, Any] | None, label: str) -> bool:
        """Validate and commit; a refused value shows its message and the form goes back."""
        if block is not None:
            try:
                SupernaturalBlock.model_validate(block)
            except ValidationError as exc:
                return self._fail(validation_message(exc))
        problem = self._commit(block, label)
        if problem:
            return self._fail(problem)
        self.error.hide()
        return True

    def _fail(self, message: str) -> bool:
        self._fill()  # the form shows the unit as it still is
        self.error.setText(message)
        self.error.show()
        return False

    def _current(self) -> dict[str, Any]:
        block = dict(self.block or {"cliche": "", "talismans": [], "effects": []})
        block["talismans"] = [dict(t) for t in block.get("talismans", [])]
        block["effects"] = [dict(e) for e in block.get("effects", [])]
        return block

    def _toggled(self, on: bool) -> None:
        self.body.setVisible(on)
        if self._loading:
            return
        if on and self.block is None:
            self._apply({"cliche": "", "talismans": [], "effects": []}, "Give SuperNatural powers")
        elif not on and self.block is not None:
            self._apply(None, "Remove SuperNatural powers")

    def _edit(self, name: str, value: Any, what: str) -> None:
        if self._loading or self.block is None or self.block.get(name) == value:
            return
        block = self._current()
        block[name] = value
        self._apply(block, f"Edit SN {what}")

    def _edit_talisman(self, row: int, name: str, value: Any) -> None:
        block = self._current()
        if self._loading or not 0 <= row < len(block["talismans"]):
            return
        if block["talismans"][row].get(name) == value:
            return
        block["talismans"][row][name] = value
        self._apply(block, f"Edit Talisman {block['talismans'][row]['id']}")

    def _talisman_edited(self, item: QTableWidgetItem) -> None:
        if not self._loading and item.column() in (0, 1):
            self._edit_talisman(item.row(), ("id", "name")[item.column()], item.text().strip())

    def _edit_effect(self, name: str, value: Any, row: int | None = None) -> None:
        block = self._current()
        row = self.effects.currentRow() if row is None else row
        if self._loading or not 0 <= row < len(block["effects"]) or block["effects"][row].get(name) == value:
            return
        block["effects"][row][name] = value
        self._apply(block, f"Edit Effect {block['effects'][row]['name']}")

    def _effect_edited(self, item: QTableWidgetItem) -> None:
        if self._loading:
            return
        if item.column() == 0:
            self._edit_effect("name", item.text().strip(), item.row())
        elif item.column() == 2:
            aspects = [a.strip() for a in item.text().replace(";", ",").split(",") if a.strip()]
            self._edit_effect("aspects", aspects, item.row())

    def add_talisman(self, die: str = "d6") -> bool:
        block = self._current()
        taken = {t["id"] for t in block["talismans"]}
        n = len(taken) + 1
        while f"{self.unit_prefix}die{n}" in taken:
            n += 1
        block["talismans"].append({"id": f"{self.unit_prefix}die{n}", "name": "", "die": die})
        return self._apply(block, "Add Talisman")

    def remove_talisman(self) -> bool:
        block = self._current()
        if not block["talismans"]:
            return False
        row = self.talismans.currentRow()
        del block["talismans"][row if 0 <= row < len(block["talismans"]) else -1]
        return self._apply(block, "Remove Talisman")

    def add_effect(
        self, name: str = "", target: str = "hostile", aspects: tuple[str, ...] = ("range", "damage+")
    ):
        block = self._current()
        names = {e["name"] for e in block["effects"]}
        n = len(names) + 1
        while f"Effect {n}" in names:
            n += 1
        block["effects"].append({"name": name or f"Effect {n}", "target": target, "aspects": list(aspects)})
        return self._apply(block, "Add Effect")

    def remove_effect(self) -> bool:
        block = self._current()
        if not block["effects"]:
            return False
        row = self.effects.currentRow()
        del block["effects"][row if 0 <= row < len(block["effects"]) else -1]
        return self._apply(block, "Remove Effect")

    unit_prefix = ""
    """`<unit id>-`: new Talisman ids start with it (ids are unique in a battle, R-SN-8)."""
