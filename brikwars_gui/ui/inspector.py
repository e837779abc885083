"""Unit inspector: a form bound to the selected unit, validated through the pydantic models.

In Edit mode every field is editable; a value the `Unit`/`Weapon` models reject shows its message
in red next to the field and is not applied; Add weapon offers the rules' weapon table and the unit
can be saved as a template of the GM's army library. In Play mode a read-only unit card (portrait,
stats, weapons, status: `ui/unit_card.py`) takes the form's place.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.army import ArmyLibrary
from brikwars_gui.scenario.models import Facing, Weapon
from brikwars_gui.ui.army_library import ask_template_name, save_unit_as_template, weapon_menu
from brikwars_gui.ui.document import EditorDocument, validation_message
from brikwars_gui.ui.fit_table import ColumnFitter
from brikwars_gui.ui.models import SelectionService
from brikwars_gui.ui.panels import narrow_combo
from brikwars_gui.ui.session_controller import UnitCard, ruleset_label, scenario_stat_lines, stats_text
from brikwars_gui.ui.sn_section import SupernaturalSection
from brikwars_gui.ui.unit_blocks import UnitBlocks
from brikwars_gui.ui.unit_card import UnitCardView

TEXT_FIELDS = (
    ("name", "Name", "Unit name"),
    ("move", "Move", 'Move in inches (R-MOVE-2: minifig 5")'),
    ("skill", "Skill", "Skill/Action die, exactly one die (R-DICE-4)"),
    ("armor", "Armor", "Armor roll, a number or dice (G-1)"),
    ("size", "Size", "Size in inches (G-5 Target Size)"),
)
INT_FIELDS = {"move", "size"}
WEAPON_COLUMNS = ("Weapon", "Use", "Range", "Damage")
#: The Weapons table's headers in a narrow dock (1024 px screen): short words, not "Ra…"; each
#: header's tooltip says what the column is.
WEAPON_SHORT = {0: "Name", 2: "Rng", 3: "Dmg"}
WEAPON_TIPS = (
    "Weapon",
    "Use rating (R-ACT-3)",
    "Range in inches (GRID-3)",
    "Damage dice (R-DICE-1)",
)


class UnitInspector(QWidget):
    #: Saving a template emits its name (the palette's picker lists it and selects it).
    templateSaved = Signal(str)

    def __init__(
        self,
        doc: EditorDocument,
        selection: SelectionService,
        parent: QWidget | None = None,
        library: ArmyLibrary | None = None,
    ) -> None:
        super().__init__(parent)
        self.doc = doc
        self.library = library
        self.ask_template_name = ask_template_name
        self.selection = selection
        self.unit_id: str | None = None
        self.editable = True
        #: Play mode: the selected unit's card from the session (live, or the timeline turn
        #: viewed); set by the window. While it is set and the form is read-only, the card
        #: replaces the form.
        self.card_provider: Callable[[str], UnitCard | None] | None = None
        self._loading = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        self.card_view = UnitCardView()
        self.card_view.hide()
        outer.addWidget(self.card_view, 1)
        self.editor = QWidget()
        outer.addWidget(self.editor, 1)
        layout = QVBoxLayout(self.editor)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel("No unit selected")
        self.title.setObjectName("inspectorTitle")
        self.title.setWordWrap(True)  # "Grenadier Dale (red-grenadier)" is wider than a 1024 px screen's dock
        layout.addWidget(self.title)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.edits: dict[str, QLineEdit] = {}
        self.errors: dict[str, QLabel] = {}
        for name, label, tip in TEXT_FIELDS:
            edit = QLineEdit()
            edit.setObjectName(f"field_{name}")
            edit.setToolTip(tip)
            edit.editingFinished.connect(lambda n=name: self._commit_text(n))
            self.edits[name] = edit
            form.addRow(label, self._with_error(name, edit))
        self.team = narrow_combo(QComboBox())
        self.team.setObjectName("field_team")
        self.team.setToolTip("Controlling player")
        self.team.activated.connect(lambda _i: self._commit("team", self.team.currentData()))
        form.addRow("Team", self._with_error("team", self.team))
        self.facing = QComboBox()
        self.facing.setObjectName("field_facing")
        self.facing.setToolTip("Facing, one of 8 directions (GRID-6 Cone of Vision)")
        for f in Facing:
            self.facing.addItem(f.value, f.value)
        self.facing.activated.connect(lambda _i: self._commit("facing", self.facing.currentData()))
        form.addRow("Facing", self._with_error("facing", self.facing))
        self.hero = QCheckBox("Hero (d10 Skill, R-DICE-6)")
        self.hero.toggled.connect(lambda v: self._commit("hero", v))
        form.addRow(self.hero)  # the full width: beside an empty label it was wider than a narrow dock
        layout.addLayout(form)
        self.weapons = QTableWidget(0, len(WEAPON_COLUMNS))
        self.weapons.setObjectName("weaponsTable")
        self.weapons.setHorizontalHeaderLabels(WEAPON_COLUMNS)
        for col, tip in enumerate(WEAPON_TIPS):
            self.weapons.horizontalHeaderItem(col).setToolTip(tip)
        # every column in a narrow dock (issue 10), headers shortened rather than elided, with
        # less padding than other tables' (four columns share ~190 px on a 1024 px screen)
        self.weapons.horizontalHeader().setStyleSheet("QHeaderView::section { padding: 2px 4px; }")
        self.weapons_fitter = ColumnFitter(self.weapons, short_headers=WEAPON_SHORT)
        self.weapons.verticalHeader().setVisible(False)
        self.weapons.setToolTip("Use rating (R-ACT-3), range in inches (GRID-3), Damage dice (R-DICE-1)")
        self.weapons.itemChanged.connect(self._weapon_edited)
        self.ruleset_stats = QLabel()
        self.ruleset_stats.setObjectName("rulesetStats")
        self.ruleset_stats.setWordWrap(True)
        self.ruleset_stats.setToolTip("How the scenario's ruleset rolls for this unit (docs/rulesets.md)")
        layout.addWidget(self.ruleset_stats)
        layout.addWidget(QLabel("Weapons"))
        layout.addWidget(self.weapons, 1)
        self.weapon_error = QLabel()
        self.weapon_error.setObjectName("error_weapons")
        self.weapon_error.setStyleSheet("color: #d32f2f;")
        self.weapon_error.setWordWrap(True)
        self.weapon_error.hide()
        layout.addWidget(self.weapon_error)
        buttons = QHBoxLayout()
        self.add_weapon = QPushButton("Add weapon")
        self.add_weapon.setObjectName("addWeapon")
        self.add_weapon.setToolTip("A weapon from the rules' weapon table (G-2), or a custom one")
        self.add_weapon.setMenu(weapon_menu(library.weapons if library else [], self, self.add_weapon_from))
        self.remove_weapon = QPushButton("Remove")  # short: the dock is ~200 px on a 1024 px screen
        self.remove_weapon.setToolTip("Remove the selected weapon")
        self.remove_weapon.clicked.connect(self._remove_weapon)
        buttons.addWidget(self.add_weapon)
        buttons.addWidget(self.remove_weapon)
        layout.addLayout(buttons)
        self.save_template = QPushButton("Save as template…")
        self.save_template.setObjectName("saveTemplate")
        self.save_template.setToolTip("Keep this unit's stats and weapons in your army library")
        self.save_template.clicked.connect(self._save_template)
        self.save_template.setVisible(library is not None)
        layout.addWidget(self.save_template)
        self.sn = SupernaturalSection(self._commit_sn)  # Cliché, Talismans, Effects (R-SN-7/8)
        self.sn.bindings = self._sn_bindings
        layout.addWidget(self.sn)
        self.blocks = UnitBlocks(doc, lambda: self.unit_id, self.weapons.currentRow)
        self.weapons.currentCellChanged.connect(lambda *_: self.blocks.load_weapon())
        layout.addWidget(self.blocks)

        selection.selectionChanged.connect(
            lambda kind, item_id: self.set_unit(item_id if kind == "unit" else None)
        )
        doc.unitChanged.connect(self._unit_changed)
        doc.unitRemoved.connect(lambda uid: self.set_unit(None) if uid == self.unit_id else None)
        doc.metaChanged.connect(self._fill_teams)
        doc.metaChanged.connect(self._show_ruleset_stats)
        doc.scenarioReset.connect(self._fill_teams)  # File ▸ New / Open: the new scenario's players
        doc.scenarioReset.connect(lambda: self.set_unit(None))
        self._fill_teams()
        self.set_unit(None)

    def _with_error(self, name: str, widget: QWidget) -> QWidget:
        box = QWidget()
        row = QVBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(1)
        row.addWidget(widget)
        error = QLabel()
        error.setObjectName(f"error_{name}")
        error.setStyleSheet("color: #d32f2f; font-size: 11px;")
        error.setWordWrap(True)
        error.hide()
        row.addWidget(error)
        self.errors[name] = error
        return box

    def _fill_teams(self) -> None:
        current = self.team.currentData()
        self.team.clear()
        for p in self.doc.scenario.players:
            self.team.addItem(p.name, p.id)
        if current is not None:
            self.team.setCurrentIndex(max(0, self.team.findData(current)))

    # -- binding --------------------------------------------------------------------------------
    def set_editable(self, editable: bool) -> None:
        self.editable = editable
        self._update_enabled()
        self._show_card()

    @property
    def showing_card(self) -> bool:
        return not self.editable and self.card_provider is not None

    def _show_card(self) -> None:
        """Play mode: the read-only card of the unit instead of the disabled form."""
        card = self.showing_card
        self.editor.setVisible(not card)
        self.card_view.setVisible(card)
        if card:
            unit = self.doc.unit(self.unit_id) if self.unit_id else None
            view = self.card_provider(self.unit_id) if self.unit_id else None
            self.card_view.show_card(view, unit)

    def _update_enabled(self) -> None:
        on = self.editable and self.unit_id is not None
        for edit in self.edits.values():
            edit.setReadOnly(not on)
        for w in (self.team, self.facing, self.hero, self.add_weapon, self.remove_weapon, self.save_template):
            w.setEnabled(on)
        self.sn.setEnabled(on)
        self.blocks.set_enabled(on)
        self.weapons.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
            if on
            else QAbstractItemView.EditTrigger.NoEditTriggers
        )

    def set_unit(self, unit_id: str | None) -> None:
        self.unit_id = unit_id if unit_id and self.doc.unit(unit_id) else None
        for error in self.errors.values():
            error.hide()
        self.weapon_error.hide()
        self._load()
        self._update_enabled()
        self._show_card()

    def _unit_changed(self, unit_id: str) -> None:
        if unit_id == self.unit_id:
            self._load()

    def _load(self) -> None:
        self._loading = True
        try:
            unit = self.doc.unit(self.unit_id) if self.unit_id else None
            if unit is None:
                self.title.setText("No unit selected")
                for edit in self.edits.values():
                    edit.clear()
                self.weapons.setRowCount(0)
                self.ruleset_stats.clear()
                self.sn.load(None)
                self.team.setCurrentIndex(-1)  # no stale Team / Facing / Hero under "No unit selected"
                self.facing.setCurrentIndex(-1)
                self.hero.setChecked(False)
                self.blocks.load(None)
                return
            self.title.setText(f"<b>{unit.name}</b> <span style='color:#777'>({unit.id})</span>")
            for name, edit in self.edits.items():
                if not self.errors[name].isVisible():
                    edit.setText(str(getattr(unit, name)))
            self.team.setCurrentIndex(max(0, self.team.findData(unit.team)))
            self.facing.setCurrentIndex(self.facing.findData(unit.facing.value))
            self.hero.setChecked(unit.hero)
            self._show_ruleset_stats()
            self.weapons.setRowCount(len(unit.weapons))
            for row, w in enumerate(unit.weapons):
                values = (w.name, str(w.use), "" if w.range is None else str(w.range), w.damage)
                for col, text in enumerate(values):
                    self.weapons.setItem(row, col, QTableWidgetItem(text))
            self.sn.load(unit)
            self.blocks.load(unit)
        finally:
            self._loading = False

    def _show_ruleset_stats(self) -> None:
        """The unit's die codes and pools under the scenario's ruleset (its block or the default
        conversion), e.g. `D6 System: Melee 3D · … · CP 2 · FP 0`."""
        if not self.unit_id or self.doc.unit(self.unit_id) is None:
            self.ruleset_stats.clear()
            return
        own = {label for _name, label, _tip in TEXT_FIELDS}
        # a ruleset stat named like a field above reads as a second, read-only copy of it (Nine
        # Powers' Armor 7 under the editable Armor 4, review 2026-11-27 item 15): the field, or the
        # ruleset's stats section below, is where it is edited; BrikWars' Skill and Armor are the fields
        lines = [line for line in scenario_stat_lines(self.doc.scenario, self.unit_id) if line[0] not in own]
        label = ruleset_label(self.doc.scenario.ruleset)
        self.ruleset_stats.setText(f"<b>{label}</b>: {stats_text(lines)}" if lines else "")

    def refresh_unit(self, unit_id: str) -> None:
        """The session changed `unit_id` (moved, wounded, points spent) or the turn viewed
        changed: show its card again."""
        if unit_id == self.unit_id and self.showing_card:
            self._show_card()

    # -- edits ----------------------------------------------------------------------------------
    def _commit_text(self, name: str) -> None:
        text = self.edits[name].text().strip()
        value: object = text
        if name in INT_FIELDS:
            try:
                value = int(text)
            except ValueError:
                self._show_error(name, f"{name}: must be a whole number")
                return
        self._commit(name, value)

    def _commit(self, name: str, value: object) -> bool:
        if self._loading or self.unit_id is None or not self.editable:
            return False
        unit = self.doc.unit(self.unit_id)
        if getattr(unit, name) == value or (name == "facing" and unit.facing.value == value):
            self.errors[name].hide()
            return True
        try:
            self.doc.update_unit(self.unit_id, **{name: value})
        except ValueError as exc:
            self._show_error(name, str(exc))
            return False
        self.errors[name].hide()
        return True

    def _show_error(self, name: str, message: str) -> None:
        label = self.errors[name]
        label.setText(message)
        label.show()

    def _weapon_rows(self) -> list[dict]:
        rows = []
        unit = self.doc.unit(self.unit_id)
        for row in range(self.weapons.rowCount()):
            cells = [
                self.weapons.item(row, c).text().strip() if self.weapons.item(row, c) else ""
                for c in range(len(WEAPON_COLUMNS))
            ]
            base = unit.weapons[row].model_dump(mode="json") if row < len(unit.weapons) else {}
            data = {**base, "name": cells[0], "damage": cells[3]}
            data["use"] = int(cells[1]) if cells[1].lstrip("-").isdigit() else cells[1]
            data["range"] = (
                None if cells[2] == "" else (int(cells[2]) if cells[2].lstrip("-").isdigit() else cells[2])
            )
            rows.append(data)
        return rows

    def _weapon_edited(self, _item: QTableWidgetItem) -> None:
        if self._loading or self.unit_id is None:
            return
        rows = self._weapon_rows()
        try:
            weapons = [Weapon.model_validate(r) for r in rows]
        except ValidationError as exc:
            self.weapon_error.setText(validation_message(exc))
            self.weapon_error.show()
            return
        self.weapon_error.hide()
        try:
            self.doc.update_unit(
                self.unit_id, "Edit weapons", weapons=[w.model_dump(mode="json") for w in weapons]
            )
        except ValueError as exc:
            self.weapon_error.setText(str(exc))
            self.weapon_error.show()

    def add_weapon_from(self, weapon: Weapon) -> None:
        """Give the unit `weapon` (one undoable edit), chosen from the weapon table."""
        unit = self.doc.unit(self.unit_id) if self.unit_id and self.editable else None
        if unit is None:
            return
        weapons = [w.model_dump(mode="json") for w in unit.weapons]
        weapons.append(weapon.model_dump(mode="json"))
        try:
            self.doc.update_unit(self.unit_id, f"Add {weapon.name}", weapons=weapons)
        except ValueError as exc:
            self.weapon_error.setText(str(exc))
            self.weapon_error.show()

    def _sn_bindings(self) -> list[tuple[str, str, int]]:
        """Every other unit's Talismans, for a placed Diemon's `bound_to` (R-SN-2)."""
        out = []
        for unit in self.doc.scenario.units:
            block = unit.supernatural
            if unit.id == self.unit_id or block is None:
                continue
            for t in block.talismans:
                out.append((f"{unit.name}: {t.name or t.id} ({t.die})", f"{unit.id}:{t.id}", t.sides))
        return out

    def _commit_sn(self, block: dict | None, label: str) -> str:
        """One undoable change of the unit's SN block; the document's refusal, or ""."""
        unit = self.doc.unit(self.unit_id) if self.unit_id and self.editable else None
        if unit is None:
            return "no unit to edit"
        try:
            self.doc.update_unit(self.unit_id, f"{label} of {unit.name}", supernatural=block)
        except ValueError as exc:
            return str(exc)
        return ""

    def _save_template(self) -> None:
        unit = self.doc.unit(self.unit_id) if self.unit_id else None
        if unit is None or self.library is None:
            return
        name = save_unit_as_template(self, self.library, unit, self.ask_template_name)
        if name:
            self.templateSaved.emit(name)

    def _remove_weapon(self) -> None:
        unit = self.doc.unit(self.unit_id)
        row = self.weapons.currentRow()
        if not unit.weapons:
            return
        row = row if 0 <= row < len(unit.weapons) else len(unit.weapons) - 1
        weapons = [w.model_dump(mode="json") for i, w in enumerate(unit.weapons) if i != row]
        self.doc.update_unit(self.unit_id, "Remove weapon", weapons=weapons)
