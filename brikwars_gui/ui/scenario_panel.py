"""Edit mode's Scenario dock: name, ruleset, fog of war, the players table, turn order (each change
undoable through the document)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.limits import MAX_SIDE
from brikwars_gui.scenario.ruleset_models import D6Options, NinePowersOptions
from brikwars_gui.ui.document import EditorDocument
from brikwars_gui.ui.model_form import ModelForm, Section
from brikwars_gui.ui.models import PlayerTableModel
from brikwars_gui.ui.panels import narrow_combo
from brikwars_gui.ui.session_controller import ruleset_choices


class ChoiceDelegate(QStyledItemDelegate):
    """Edits a cell with a combo box of fixed choices (the players' "Played by")."""

    def __init__(self, choices: tuple[str, ...], parent=None) -> None:
        super().__init__(parent)
        self.choices = choices

    def createEditor(self, parent, option, index):
        combo = QComboBox(parent)
        combo.addItems(list(self.choices))
        return combo

    def setEditorData(self, editor, index) -> None:
        editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole)))

    def setModelData(self, editor, model, index) -> None:
        model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)


class PlayersTable(QTableView):
    """The players, every column in view: the short columns get their contents' width and Name the
    rest, recomputed on each resize. (A Stretch header under the application's style sheet gave Name
    more than the whole table and pushed the other columns out of sight, issue 10.)"""

    NAME_MIN = 56

    def __init__(self, model: PlayerTableModel, parent=None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.verticalHeader().hide()
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.horizontalHeader().setMinimumSectionSize(20)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)  # only if a dock is tiny
        model.modelReset.connect(self.fit_columns)
        model.dataChanged.connect(self.fit_columns)

    def fit_columns(self) -> None:
        header = self.horizontalHeader()
        short = {
            col: max(header.sectionSizeHint(col), self.sizeHintForColumn(col))
            for col in range(1, self.model().columnCount())
        }
        for col, width in short.items():
            header.resizeSection(col, width)
        header.resizeSection(0, max(self.NAME_MIN, self.viewport().width() - sum(short.values())))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def showEvent(self, event: QShowEvent) -> None:
        """Shown (its tab raised): the header is polished by now and may want other widths."""
        super().showEvent(event)
        self.fit_columns()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self.fit_columns()


class ScenarioPanel(QWidget):
    """Scenario-wide settings: name, dice system, fog of war, players, turn order (each change is
    undoable). The players table and the turn order take the dock's full width, under their
    labels, so that every column fits a narrow dock."""

    def __init__(self, doc: EditorDocument, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        outer = QVBoxLayout(self)
        layout = QFormLayout()
        self.name = QLineEdit()
        self.name.editingFinished.connect(self._name)
        self.dice = narrow_combo(QComboBox())
        self.dice.setObjectName("rulesetChoice")
        for name, label in ruleset_choices():
            self.dice.addItem(label, name)
        self.dice.setToolTip(
            "How every roll resolves: BrikWars exploding dice or another ruleset (docs/rulesets.md)"
        )
        self.dice.activated.connect(lambda _i: self.doc.set_ruleset(self.dice.currentData()))
        self.fog = QCheckBox("Fog of war")
        self.fog.setObjectName("fogOfWar")
        self.fog.setToolTip(
            "Each side sees only the enemy units its own units see (Cone of Vision and line of sight) "
            "and remembers where it last saw the others; the AI plays by the same rule"
        )
        self.fog.clicked.connect(lambda on: self.doc.set_fog_of_war(bool(on)))
        self.order = QListWidget()
        self.order.setObjectName("turnOrder")
        self.order.setMaximumHeight(90)
        up = QPushButton("▲")
        down = QPushButton("▼")
        up.setToolTip("Move player earlier in the turn order")
        down.setToolTip("Move player later in the turn order")
        up.clicked.connect(lambda: self._move(-1))
        down.clicked.connect(lambda: self._move(1))
        buttons = QHBoxLayout()
        buttons.addWidget(up)
        buttons.addWidget(down)
        buttons.addStretch(1)
        self.players_model = PlayerTableModel(doc, self)
        self.players = PlayersTable(self.players_model)
        self.players.setObjectName("players")
        self.players.setItemDelegateForColumn(2, ChoiceDelegate(PlayerTableModel.PLAYED_BY, self.players))
        self.players.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.players.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.players.setMinimumHeight(100)
        self.players.setMaximumHeight(130)
        self.players.setToolTip(
            "Players: double-click a name or who plays it to edit, the colour to pick one"
        )
        self.players.doubleClicked.connect(self._double_clicked)
        add = QPushButton("Add player")
        remove = QPushButton("Remove")
        add.setToolTip("Add a player (AI-controlled; set it to human in the table)")
        remove.setToolTip("Remove the selected player (only once no unit, object or field is theirs)")
        add.clicked.connect(self.players_model.add_player)
        remove.clicked.connect(self._remove_player)
        player_buttons = QHBoxLayout()
        player_buttons.addWidget(add)
        player_buttons.addWidget(remove)
        player_buttons.addStretch(1)
        self.description = QLineEdit()
        self.description.setObjectName("scenarioDescription")
        self.description.setPlaceholderText("a line for the players")
        self.description.editingFinished.connect(self._description)
        self.table_width, self.table_height = QSpinBox(), QSpinBox()
        for box, tip in ((self.table_width, "across"), (self.table_height, "deep")):
            box.setRange(1, MAX_SIDE)
            box.setSuffix('"')
            box.setToolTip(f"Table size, inches {tip} (1 cell = 1 inch, GRID-1): Return applies it")
            box.editingFinished.connect(self._resize)
        self.size_error = QLabel()
        self.size_error.setWordWrap(True)
        self.size_error.setStyleSheet("color: #d32f2f; font-size: 11px;")
        self.size_error.hide()
        layout.addRow("Name", self.name)
        layout.addRow("About", self.description)
        layout.addRow("Width", self.table_width)  # one per row: a narrow dock has no room for both
        layout.addRow("Depth", self.table_height)
        layout.addRow(self.size_error)
        layout.addRow("Ruleset", self.dice)
        layout.addRow("", self.fog)
        outer.addLayout(layout)
        self.d6_options = ModelForm(D6Options, tuple(D6Options.model_fields))
        self.d6_options.edited.connect(lambda n, v: self._options("d6", self.d6_options, n, v))
        self.np_options = ModelForm(NinePowersOptions, tuple(NinePowersOptions.model_fields))
        self.np_options.edited.connect(lambda n, v: self._options("ninepowers", self.np_options, n, v))
        outer.addWidget(Section("D6 System options", self.d6_options))
        outer.addWidget(Section("Nine Powers options", self.np_options))
        outer.addWidget(QLabel("Players"))
        outer.addWidget(self.players)
        outer.addLayout(player_buttons)
        outer.addWidget(QLabel("Turn order"))
        outer.addWidget(self.order)
        outer.addLayout(buttons)
        outer.addStretch(1)
        doc.metaChanged.connect(self.refresh)
        doc.scenarioReset.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        s = self.doc.scenario
        self.name.setText(s.name)
        self.description.setText(s.description)
        self.table_width.setValue(s.battlefield.width)
        self.table_height.setValue(s.battlefield.height)
        self.d6_options.load(s.d6.model_dump(mode="json"))
        self.np_options.load(s.ninepowers.model_dump(mode="json"))
        self.dice.setCurrentIndex(self.dice.findData(s.ruleset))
        self.fog.setChecked(s.fog_of_war)
        row = self.order.currentRow()
        self.order.clear()
        for pid in self.doc.turn_order():
            p = self.doc.player(pid)
            item = QListWidgetItem(f"● {p.name if p else pid}")
            item.setData(Qt.ItemDataRole.UserRole, pid)
            if p:
                item.setForeground(QBrush(QColor(p.color)))
            self.order.addItem(item)
        self.order.setCurrentRow(row)

    def _double_clicked(self, index) -> None:
        if index.column() == 1:
            colour = self.choose_colour(QColor(str(index.data(Qt.ItemDataRole.EditRole))))
            if colour is not None:
                self.players_model.update_player(index.row(), color=colour)

    def choose_colour(self, current: QColor) -> str | None:
        """Ask for a team colour (patchable in tests); None when cancelled."""
        colour = QColorDialog.getColor(current, self, "Team colour")
        return colour.name() if colour.isValid() else None

    def _remove_player(self) -> None:
        rows = self.players.selectionModel().selectedRows()
        if rows:
            self.players_model.remove_player(rows[0].row())

    def _name(self) -> None:
        text = self.name.text().strip()
        if text and text != self.doc.scenario.name:
            self.doc.set_attr("name", text, "Rename scenario")

    def _description(self) -> None:
        text = self.description.text().strip()
        if text != self.doc.scenario.description:
            self.doc.set_attr("description", text, "Describe scenario")

    def _resize(self) -> None:
        try:
            self.doc.resize_battlefield(self.table_width.value(), self.table_height.value())
        except ValueError as exc:
            self.size_error.setText(str(exc))
            self.size_error.show()
            return
        self.size_error.hide()

    def _options(self, attr: str, form: ModelForm, name: str, value) -> None:
        """A GM option of a ruleset (D6 critical failures, CP cap; Nine Powers Move...)."""
        data = {**getattr(self.doc.scenario, attr).model_dump(mode="json"), name: value}
        try:
            self.doc.set_attr(attr, data, f"Set {name.replace('_', ' ')}")
        except ValueError as exc:
            form.show_error(name, str(exc))

    def _move(self, delta: int) -> None:
        row = self.order.currentRow()
        order = self.doc.turn_order()
        new = row + delta
        if row < 0 or not 0 <= new < len(order):
            return
        order[row], order[new] = order[new], order[row]
        self.doc.set_turn_order(order)
        self.order.setCurrentRow(new)
