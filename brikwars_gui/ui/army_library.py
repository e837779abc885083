"""The army library in the editor: pick the template the Place-unit tool puts down, save a unit as
your own template, delete your own templates, and add weapons from the rules' weapon table.

The data and its files are `scenario/army.py`'s; this module only shows them. A user file that
could not be read is named in red under the picker (with the field path), the bundled templates
stay usable, and saving is refused rather than overwriting the file the GM may want to repair.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.army import ArmyLibrary, LibraryWeapon, UnitTemplate, template_from_unit
from brikwars_gui.scenario.models import Unit, Weapon


def weapon_summary(weapon: Weapon) -> str:
    """`Rifle — Use 3 · 10" · 1d6+1` (close combat: `CC`; thrown and explosive say so)."""
    reach = "CC" if weapon.range is None else f'{weapon.range}"'
    kind = " thrown" if weapon.kind == "thrown" else ""
    dtype = "" if weapon.damage_type == "normal" else f" {weapon.damage_type.value.title()}"
    return f"{weapon.name} — Use {weapon.use} · {reach}{kind} · {weapon.damage}{dtype}"


def template_tooltip(template: UnitTemplate) -> str:
    """What placing the template gives: stats, weapons and the rules they come from."""
    u = template.unit
    rows = [f"<b>{escape(template.name)}</b>"]
    if template.description:
        rows.append(escape(template.description))
    traits = [f'Move {u.move}"', f"Skill {u.skill}", f"Armor {u.armor}", f'Size {u.size}"']
    if u.hero:
        traits.append("Hero")
    traits += [s.title() for s in u.specialties]
    rows.append(" · ".join(escape(t) for t in traits))
    rows += [escape(weapon_summary(w)) for w in u.weapons] or ["no weapons"]
    if template.source:
        rows.append(f"<span style='color:#777'>{escape(template.source)}</span>")
    return "<br>".join(rows)


class TemplatePicker(QWidget):
    """The Place-unit tool's template (combo) with Delete for the GM's own templates."""

    templateChanged = Signal(object)  # UnitTemplate | None (None: a plain minifig)

    PLAIN = "Plain minifig (no weapons)"

    def __init__(self, library: ArmyLibrary, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.combo = QComboBox()
        self.combo.setObjectName("templateCombo")
        self.combo.setToolTip("What the Place-unit tool puts down (U, then click a cell)")
        # the palette is narrow: the combo never asks for the width of its longest name
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(8)
        self.combo.currentIndexChanged.connect(self._chosen)
        layout.addWidget(self.combo)
        self.delete = QToolButton()
        self.delete.setText("Delete my template")
        self.delete.setObjectName("deleteTemplate")
        self.delete.setToolTip("Delete this template of yours from your template file")
        self.delete.clicked.connect(self._delete)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.delete)
        layout.addLayout(row)
        self.problem = QLabel()
        self.problem.setObjectName("templateProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #d32f2f; font-size: 11px;")
        layout.addWidget(self.problem)
        self.refresh()

    def current(self) -> UnitTemplate | None:
        name = self.combo.currentData()
        return self.library.template(name) if name else None

    def select(self, name: str) -> None:
        index = self.combo.findData(name)
        if index >= 0:
            self.combo.setCurrentIndex(index)

    def refresh(self) -> None:
        """Fill the combo again (after a save or a delete), keeping the choice when it still exists."""
        current = self.combo.currentData()
        self.combo.blockSignals(True)
        self.combo.clear()
        for template in self.library.builtin.templates:
            self.combo.addItem(template.name, template.name)
            self.combo.setItemData(
                self.combo.count() - 1, template_tooltip(template), Qt.ItemDataRole.ToolTipRole
            )
        if self.library.user.templates:
            self.combo.insertSeparator(self.combo.count())
            for template in self.library.user.templates:
                self.combo.addItem(f"★ {template.name}", template.name)
                self.combo.setItemData(
                    self.combo.count() - 1, template_tooltip(template), Qt.ItemDataRole.ToolTipRole
                )
        self.combo.insertSeparator(self.combo.count())
        self.combo.addItem(self.PLAIN, "")
        index = self.combo.findData(current) if current is not None else 0
        self.combo.setCurrentIndex(max(0, index))
        self.combo.blockSignals(False)
        problem = self.library.problem if self.library.user_path is not None else None
        self.problem.setText(
            f"Your templates could not be read; fix or move the file:\n{problem}" if problem else ""
        )
        self.problem.setVisible(bool(problem))
        self._chosen()

    def _chosen(self, *_args) -> None:
        name = self.combo.currentData()
        self.delete.setVisible(bool(name) and self.library.is_user_template(name))
        self.templateChanged.emit(self.current())

    def _delete(self) -> None:
        name = self.combo.currentData()
        if not name or not self.library.is_user_template(name):
            return
        if not self.confirm_delete(name):
            return
        try:
            self.library.remove_template(name)
        except ValueError as exc:
            QMessageBox.warning(self, "Delete template", str(exc))
            return
        self.refresh()

    def confirm_delete(self, name: str) -> bool:
        """Asked before deleting (tests replace it)."""
        answer = QMessageBox.question(self, "Delete template", f"Delete your template {name!r}?")
        return answer == QMessageBox.StandardButton.Yes


def ask_template_name(parent: QWidget, unit: Unit) -> str | None:
    """The name to save `unit` under (tests replace this)."""
    name, ok = QInputDialog.getText(
        parent, "Save as template", "Template name:", QLineEdit.EchoMode.Normal, unit.name
    )
    return name.strip() if ok and name.strip() else None


def save_unit_as_template(
    parent: QWidget, library: ArmyLibrary, unit: Unit, ask: Callable[[QWidget, Unit], str | None]
) -> str | None:
    """Save `unit` (stats and weapons) as a template of the GM's; the saved name, or None after a
    cancel or a message saying why it could not be saved."""
    if not library.can_save():
        QMessageBox.warning(parent, "Save as template", library.problem or "Templates cannot be saved.")
        return None
    name = ask(parent, unit)
    if not name:
        return None
    if library.is_user_template(name):
        answer = QMessageBox.question(parent, "Save as template", f"Replace your template {name!r}?")
        if answer != QMessageBox.StandardButton.Yes:
            return None
    try:
        library.save_template(template_from_unit(unit, name, f"Saved from {unit.name}"))
    except ValueError as exc:
        QMessageBox.warning(parent, "Save as template", str(exc))
        return None
    return name


def weapon_menu(weapons: list[LibraryWeapon], parent: QWidget, pick: Callable[[Weapon], None]) -> QMenu:
    """The rules' weapon table as a menu (each entry with its stats and source), then a custom one."""
    menu = QMenu(parent)
    menu.setObjectName("weaponMenu")
    menu.setToolTipsVisible(True)
    for entry in weapons:
        weapon = entry.as_weapon()
        action = QAction(weapon_summary(weapon), menu)
        action.setToolTip(entry.source or weapon_summary(weapon))
        action.triggered.connect(lambda _c=False, w=weapon: pick(w))
        menu.addAction(action)
    menu.addSeparator()
    custom = QAction("Custom weapon (edit the row)", menu)
    custom.triggered.connect(lambda: pick(Weapon(name="Weapon", use=3, range=6, damage="1d6")))
    menu.addAction(custom)
    return menu
