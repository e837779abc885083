"""A form built from a pydantic model's fields (the file format is the single source of truth):
a check box for a flag, a list for a choice, a text box for a number, dice or a name, spin boxes for
a rating table. The form only reads and reports; the owner applies each edit through the document's
undoable commands and shows the model's message under the field when it is refused.

So a field added to `scenario/models.py` gets an editor here without new widget code (the parity
test, tests/ui/test_editor_parity.py, holds every field to that)."""

from __future__ import annotations

import enum
import types
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

NONE_TEXT = "(none)"

Choices = Callable[[], Sequence[tuple[str, Any]]]
"""(label, value) pairs a field may take, asked each time the form loads (players, triggers, ...)."""


def _unwrap(annotation: Any) -> tuple[Any, bool]:
    """(the type without Annotated/Optional, whether None is allowed)."""
    optional = False
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (Union, types.UnionType):
            args = [a for a in get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(get_args(annotation))
            annotation = args[0]
        else:
            return annotation, optional


def _is_cell(kind: Any) -> bool:
    """A cell `(x, y)` (`scenario.models.Cell`): a tuple of two numbers."""
    return get_origin(_unwrap(kind)[0]) is tuple


def _options(kind: Any) -> list[Any] | None:
    """The values of a Literal or an Enum type; None for anything else."""
    if get_origin(kind) is Literal:
        return list(get_args(kind))
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return [m.value for m in kind]
    return None


class ModelForm(QWidget):
    """Editors for `fields` of `model`; `edited(name, value)` with a JSON-ready value."""

    edited = Signal(str, object)

    def __init__(
        self,
        model: type[BaseModel],
        fields: Sequence[str],
        *,
        labels: dict[str, str] | None = None,
        choices: dict[str, Choices] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model, self.fields = model, list(fields)
        self.choices = choices or {}
        self.widgets: dict[str, QWidget] = {}
        self.errors: dict[str, QLabel] = {}
        self._kinds: dict[str, tuple[Any, bool]] = {}
        self._loading = False
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # narrow docks: field under label
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        labels = labels or {}
        for name in self.fields:
            info = model.model_fields[name]
            kind, optional = _unwrap(info.annotation)
            self._kinds[name] = (kind, optional)
            widget = self._make(name, kind, optional)
            widget.setObjectName(f"form_{name}")
            tip = info.description or ""
            widget.setToolTip(tip)
            label = labels.get(name, name.replace("_", " ").capitalize())
            box = QWidget()
            col = QVBoxLayout(box)
            col.setContentsMargins(0, 0, 0, 0)
            col.setSpacing(1)
            col.addWidget(widget)
            error = QLabel()
            error.setStyleSheet("color: #d32f2f; font-size: 11px;")
            error.setWordWrap(True)
            error.hide()
            col.addWidget(error)
            self.errors[name] = error
            self.widgets[name] = widget
            if isinstance(widget, QCheckBox):
                widget.setText(label)
                form.addRow(box)
            else:
                form.addRow(label, box)

    # -- widgets --------------------------------------------------------------------------------
    def _make(self, name: str, kind: Any, optional: bool) -> QWidget:
        if kind is bool:
            box = QCheckBox()
            box.toggled.connect(lambda on, n=name: self._emit(n, bool(on)))
            return box
        if name in self.choices or _options(kind) is not None:
            combo = QComboBox()
            combo.activated.connect(lambda _i, n=name, c=combo: self._emit(n, c.currentData()))
            return combo
        if get_origin(kind) is dict:
            return self._rating_grid(name, get_args(kind)[0])
        edit = QLineEdit()
        if get_origin(kind) is list and _is_cell(get_args(kind)[0]):
            edit.setPlaceholderText("cells x, y; x, y …")
        elif get_origin(kind) is list:
            edit.setPlaceholderText("comma-separated")
        elif get_origin(kind) is tuple:
            edit.setPlaceholderText("x, y" + (" (empty: none)" if optional else ""))
        elif optional:
            said = self.model.model_fields[name].description or ""
            default = said[said.index("default") :] if "default" in said else "none"
            edit.setPlaceholderText(f"empty: {default.removeprefix('default: ')}")
        edit.editingFinished.connect(lambda n=name: self._text_done(n))
        return edit

    def _rating_grid(self, name: str, key_kind: Any) -> QWidget:
        """A rating table (`skills`, `talents`): one spin box per key, 0 = left out."""
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(4)
        box.spins = {}
        for i, key in enumerate(_options(key_kind) or []):
            spin = QSpinBox()
            spin.setRange(0, 4)
            spin.setSpecialValueText("–")
            spin.setObjectName(f"form_{name}_{key}")
            spin.valueChanged.connect(lambda _v, n=name: self._grid_done(n))
            grid.addWidget(QLabel(str(key).title()), i // 2, (i % 2) * 2)
            grid.addWidget(spin, i // 2, (i % 2) * 2 + 1)
            box.spins[key] = spin
        return box

    # -- loading --------------------------------------------------------------------------------
    def load(self, data: dict[str, Any] | None) -> None:
        """Show the values of `data` (a `model_dump(mode="json")`; None: the model's defaults)."""
        self._loading = True
        try:
            for name in self.fields:
                self.errors[name].hide()
                info = self.model.model_fields[name]
                default = None if info.is_required() else info.get_default(call_default_factory=True)
                value = data.get(name, default) if data is not None else default
                if isinstance(value, enum.Enum):
                    value = value.value
                self._show(name, value)
        finally:
            self._loading = False

    def _show(self, name: str, value: Any) -> None:
        widget = self.widgets[name]
        kind, optional = self._kinds[name]
        if isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            widget.clear()
            if optional:
                widget.addItem(NONE_TEXT, None)
            pairs = self.choices[name]() if name in self.choices else [(str(v), v) for v in _options(kind)]
            for label, item in pairs:
                widget.addItem(label, item)
            index = widget.findData(value)
            if index < 0 and value is not None:
                widget.addItem(f"{value} (unknown)", value)
                index = widget.count() - 1
            widget.setCurrentIndex(max(0, index))
        elif hasattr(widget, "spins"):
            for key, spin in widget.spins.items():
                spin.setValue(int((value or {}).get(key, 0)))
        elif isinstance(widget, QLineEdit):
            if value is None:
                widget.setText("")
            elif isinstance(value, list | tuple) and value and isinstance(value[0], list | tuple):
                widget.setText("; ".join(", ".join(str(c) for c in cell) for cell in value))
            elif isinstance(value, list | tuple):
                widget.setText(", ".join(str(v) for v in value))
            else:
                widget.setText(str(value))

    # -- reporting ------------------------------------------------------------------------------
    def _emit(self, name: str, value: Any) -> None:
        if not self._loading:
            self.errors[name].hide()
            self.edited.emit(name, value)

    def _grid_done(self, name: str) -> None:
        spins = self.widgets[name].spins
        self._emit(name, {key: spin.value() for key, spin in spins.items() if spin.value()})

    def _text_done(self, name: str) -> None:
        if self._loading:
            return
        text = self.widgets[name].text().strip()
        kind, optional = self._kinds[name]
        try:
            value = self.parse(kind, optional, text)
        except ValueError as exc:
            self.show_error(name, str(exc))
            return
        self._emit(name, value)

    @staticmethod
    def parse(kind: Any, optional: bool, text: str) -> Any:
        """The value typed in a text box, in the model's terms (raises ValueError in words)."""
        if not text:
            if get_origin(kind) is list:
                return []
            if optional:
                return None
        if get_origin(kind) is list and _is_cell(get_args(kind)[0]):
            try:
                return [[int(v) for v in cell.split(",")] for cell in text.split(";") if cell.strip()]
            except ValueError:
                raise ValueError("cells as x, y; x, y (whole numbers)") from None
        if get_origin(kind) in (list, tuple):
            items = [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]
            inner = get_args(kind)[0]
            numbers = inner is int or all(isinstance(v, int) for v in (_options(inner) or [""]))
            try:
                return [int(t) for t in items] if numbers else items
            except ValueError:
                raise ValueError("whole numbers, separated by commas") from None
        if kind is int:
            try:
                return int(text)
            except ValueError:
                raise ValueError("must be a whole number") from None
        if kind is float:
            try:
                return float(text)
            except ValueError:
                raise ValueError("must be a number such as 0.5 or 2") from None
        return text

    def show_error(self, name: str, message: str) -> None:
        """The model refused the value: say why under the field."""
        label = self.errors[name]
        label.setText(message)
        label.show()

    def set_enabled(self, on: bool) -> None:
        for widget in self.widgets.values():
            widget.setEnabled(on)


class Section(QWidget):
    """A titled part of the inspector that folds away (narrow docks have little height)."""

    def __init__(self, title: str, body: QWidget, *, open_: bool = False) -> None:
        super().__init__()
        self.body = body
        self.button = QToolButton()
        self.button.setText(title)
        self.button.setCheckable(True)
        self.button.setChecked(open_)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setStyleSheet("QToolButton { border: none; font-weight: bold; }")
        self.button.toggled.connect(self._toggle)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self.button)
        layout.addWidget(body)
        self._toggle(open_)

    def _toggle(self, on: bool) -> None:
        self.button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.body.setVisible(on)
