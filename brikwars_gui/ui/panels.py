"""Dock panels: unit list, turn controller, palette, File ▸ New's size dialog (the Scenario dock is in
`scenario_panel.py`, the Overview in `overview.py`, the event log in `event_log.py`)."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.army import ArmyLibrary
from brikwars_gui.scenario.models import FireType, HazardKind, PermanentFireKind, TerrainKind
from brikwars_gui.ui.army_library import TemplatePicker
from brikwars_gui.ui.document import EditorDocument
from brikwars_gui.ui.document_authoring import OBJECT_KINDS
from brikwars_gui.ui.fit_table import ColumnFitter, SwatchOnlyDelegate
from brikwars_gui.ui.layers import HAZARD_COLORS, TERRAIN_COLORS
from brikwars_gui.ui.models import (
    UNIT_ID_ROLE,
    SelectionService,
    UnitFilterProxy,
    UnitTableModel,
)
from brikwars_gui.ui.session_controller import ruleset_label


class UnitListPanel(QWidget):
    """The unit table with team, status and text filters; selection synced via the service."""

    def __init__(self, doc: EditorDocument, selection: SelectionService, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.selection = selection
        self.model = UnitTableModel(doc, self)
        self.proxy = UnitFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        self.team_combo = narrow_combo(QComboBox(), 4)  # Play mode's side dock is ~220 px at 1024x700
        self.team_combo.setToolTip("Show one team's units")
        self.team_combo.currentIndexChanged.connect(
            lambda _i: self.proxy.set_team(self.team_combo.currentData())
        )
        self.status_combo = narrow_combo(QComboBox(), 4)
        self.status_combo.setToolTip("Show units with one status (Play mode: R-MOVE-16 Disrupted, ...)")
        self.status_combo.addItem("All statuses", "")
        for status in UnitFilterProxy.STATUSES:
            self.status_combo.addItem(status, status)
        self.status_combo.currentIndexChanged.connect(
            lambda _i: self.proxy.set_status(self.status_combo.currentData())
        )
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter units…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.set_text)
        row.addWidget(self.team_combo)
        row.addWidget(self.status_combo)
        row.addWidget(self.filter_edit, 1)
        layout.addLayout(row)
        self.table = QTableView()
        self.table.setObjectName("unitTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        header = self.table.horizontalHeader()
        # Columns are sized from a sample of rows when the rows or the mode change, not on every
        # change of a cell: ResizeToContents asked every row on each update (issue 9: 200 units).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for h in (header, self.table.verticalHeader()):
            h.setResizeContentsPrecision(self.SIZE_SAMPLE)
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self.fit_columns)
        for sig in (self.model.modelReset, self.model.rowsInserted, self.model.rowsRemoved):
            sig.connect(self._fit_timer.start)
        self.model.dataChanged.connect(self._data_changed)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        # Play mode's side dock (issue 10): Name and Status always, the others while they fit, the
        # first dropped first (their values in the row's tooltip; the unit card has them all)
        self.fitter = ColumnFitter(self.table, optional=(7, 6, 5, 4, 3, 2, 1), follow_cells=False)
        self.fitter.set_active(False)
        self.team_swatch = SwatchOnlyDelegate(self.table)
        self.table.setItemDelegateForColumn(1, self.team_swatch)  # Team: its colour alone in Play
        layout.addWidget(self.table)
        self._syncing = False
        self.table.selectionModel().selectionChanged.connect(self._table_selection)
        selection.selectionChanged.connect(self._service_selection)
        doc.metaChanged.connect(self._fill_teams)
        doc.scenarioReset.connect(self._fill_teams)
        self._fill_teams()

    SIZE_SAMPLE = 40
    """Rows a column's width is measured on (the visible ones first)."""

    def fit_columns(self) -> None:
        """Size the columns to a sample of their contents: to the dock's width in Play mode,
        else each its own width (the last one stretches)."""
        self._fit_timer.stop()
        if self.fitter.active:
            self.fitter.fit()
        else:
            self.table.resizeColumnsToContents()

    def set_fitted(self, on: bool) -> None:
        """Play mode (on): the table fits its narrow side dock; Edit mode: every column, full width."""
        self.team_swatch.compact = on
        self.fitter.set_active(on)
        self.fit_columns()

    def _data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles) -> None:
        """A change of every row (a mode switch, a timeline view, the teams) refits the columns;
        a change of one unit's row does not."""
        if top_left.row() == 0 and bottom_right.row() >= self.model.rowCount() - 1:
            self._fit_timer.start()

    def _fill_teams(self) -> None:
        current = self.team_combo.currentData()
        self.team_combo.blockSignals(True)
        self.team_combo.clear()
        self.team_combo.addItem("All teams", "")
        for p in self.doc.scenario.players:
            self.team_combo.addItem(p.name, p.id)
            self.team_combo.setItemData(
                self.team_combo.count() - 1, QColor(p.color), Qt.ItemDataRole.DecorationRole
            )
        idx = self.team_combo.findData(current) if current else 0
        self.team_combo.setCurrentIndex(max(0, idx))
        self.team_combo.blockSignals(False)
        self.proxy.set_team(self.team_combo.currentData())

    def _table_selection(self, *_args) -> None:
        if self._syncing:
            return
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.selection.select("unit", rows[0].data(UNIT_ID_ROLE))
        elif self.selection.kind == "unit":
            self.selection.clear()

    def _service_selection(self, kind: str, item_id: str) -> None:
        self._syncing = True
        try:
            sm = self.table.selectionModel()
            if kind != "unit":
                sm.clearSelection()
                return
            row = self.model.row_of(item_id)
            proxy_index = self.proxy.mapFromSource(self.model.index(row, 0)) if row >= 0 else QModelIndex()
            if proxy_index.isValid():
                sm.select(proxy_index, sm.SelectionFlag.ClearAndSelect | sm.SelectionFlag.Rows)
                sm.setCurrentIndex(proxy_index, sm.SelectionFlag.NoUpdate)
                self.table.scrollTo(proxy_index)
            else:
                sm.clearSelection()
        finally:
            self._syncing = False

    def selected_unit_id(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(UNIT_ID_ROLE) if rows else None


class TurnPanel(QWidget):
    """Round, active player and turn order; End Turn becomes live when a Game session runs."""

    endTurnRequested = Signal()

    def __init__(self, doc: EditorDocument, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.order_provider = None
        """Play mode: the battle's side order now (it may change between rounds, R-NP-9)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.round_label = QLabel()
        self.round_label.setObjectName("roundLabel")
        self.active_label = QLabel()
        self.active_label.setObjectName("activePlayerLabel")
        self.active_label.setToolTip("R-MOVE-1: on its player's turn each unit may move and take one Action")
        self.order_label = QLabel()
        self.order_label.setWordWrap(True)
        self.dice_label = QLabel()
        for label in (self.active_label, self.dice_label):  # a narrow dock wraps, never scrolls sideways
            label.setWordWrap(True)
        self.end_turn = QPushButton("End Turn")
        self.end_turn.setEnabled(False)
        self.end_turn.setToolTip("Available in Play mode once the turn engine runs")
        self.end_turn.clicked.connect(self.endTurnRequested)
        self.seed_label = QLabel()
        self.seed_label.setObjectName("seedLabel")
        self.seed_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.seed_label.setVisible(False)
        self.seed_label.setWordWrap(True)  # beside the round: a ten-digit seed wraps in a narrow dock
        self.seed_label.setToolTip("The dice seed: the same seed and orders replay the same battle")
        self.game_over_banner = QLabel()
        self.game_over_banner.setObjectName("gameOverBanner")
        self.game_over_banner.setWordWrap(True)
        self.game_over_banner.setVisible(False)
        top = QHBoxLayout()  # the round and the seed on one line: End Turn keeps its room (issue 10)
        top.addWidget(self.round_label)
        top.addWidget(self.seed_label, 1)  # all the width the round leaves: it wraps only if it must
        self.seed_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.game_over_banner)
        layout.addLayout(top)
        for w in (self.active_label, self.order_label, self.dice_label):
            layout.addWidget(w)
        layout.addWidget(self.end_turn)
        self._layout = layout
        self.play_widgets: list[QWidget] = []
        self._stretch = 1
        layout.addStretch(1)
        doc.metaChanged.connect(self.refresh)
        doc.scenarioReset.connect(self.refresh)
        self.round = 1
        self.active_player: str | None = None
        self.playing = False
        """Edit mode: no round is under way; the panel says who will start (not "Round 1 · Active")."""
        self.refresh()

    TABLE_MIN = 66
    """px: the turn table's header and two rows; below its size hint it shrinks before the panel
    scrolls (issue 10: at 1280x720 End Turn and the AI speed sat below the fold)."""

    def add_play_widgets(self, *widgets: QWidget) -> None:
        """Play-mode widgets (the per-unit turn table, AI controls), shown only in Play mode; the
        first takes the height left and gives it up first."""
        self._layout.takeAt(self._layout.count() - 1)  # the stretch
        for i, w in enumerate(widgets):
            if i == 0:
                w.setSizePolicy(w.sizePolicy().horizontalPolicy(), QSizePolicy.Policy.Ignored)
                w.setMinimumHeight(self.TABLE_MIN)
            self._layout.insertWidget(self._layout.count() - 1, w, 1 if i == 0 else 0)
            w.setVisible(False)
            self.play_widgets.append(w)

    def set_play(self, play: bool) -> None:
        self.playing = play
        self.refresh()
        for w in self.play_widgets:
            w.setVisible(play)
        if not self.play_widgets:
            return
        if not play:
            self.end_turn.setEnabled(False)

    def set_game_over(self, text: str | None) -> None:
        """The end-of-battle banner (winner, rounds, survivors), or none."""
        self.game_over_banner.setText(f"<b>{text}</b>" if text else "")
        self.game_over_banner.setVisible(bool(text))
        if text:
            self.end_turn.setEnabled(False)

    def set_seed(self, seed: int | None) -> None:
        self.seed_label.setVisible(seed is not None)
        self.seed_label.setText(f"Seed <b>{seed}</b>" if seed is not None else "")

    def set_turn(self, round_number: int, player_id: str | None) -> None:
        self.round = round_number
        self.active_player = player_id
        self.refresh()

    def refresh(self) -> None:
        order = self.order_provider() if self.order_provider is not None else self.doc.turn_order()
        active = self.active_player if self.active_player in order else (order[0] if order else None)
        player = self.doc.player(active) if active else None
        heading = f"Round {self.round}" if self.playing else "Editing · battle not started"
        self.round_label.setText(f"<span style='font-size:15px'><b>{heading}</b></span>")
        self.round_label.setToolTip("" if self.playing else "Play Mode (F6) starts the battle at Round 1")
        self.round_label.setWordWrap(not self.playing)  # a narrow dock wraps the longer heading
        who = "Active" if self.playing else "Plays first"
        if player:
            self.active_label.setText(
                f"{who}: <span style='color:{player.color}; font-weight:bold'>● {player.name}</span>"
                f" <span style='color:#777'>({player.controller})</span>"
            )
        else:
            self.active_label.setText(f"{who}: –")
        names = [self.doc.player(pid).name if self.doc.player(pid) else pid for pid in order]
        self.order_label.setText("Turn order: " + " → ".join(names))
        self.dice_label.setText(f"Ruleset: {ruleset_label(self.doc.scenario.ruleset)}")


def narrow_combo(combo: QComboBox, chars: int = 8) -> QComboBox:
    """A combo box that fits a narrow dock: it asks for `chars` characters, not its longest item,
    and elides the rest (issue 10: the Palette and Scenario docks scrolled sideways)."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(chars)
    return combo


def _swatch(color: str) -> str:
    return f"background:{color}; border:1px solid #444; border-radius:3px; min-width:14px; max-width:14px;"


class PalettePanel(QWidget):
    """Editor tools: select, terrain brush (kind, elevation, size), hazard brush, placing, ruler."""

    toolSelected = Signal(str)
    settingsChanged = Signal()

    TOOLS = (  # two columns, row by row: the short names left, the long ones right (narrow docks)
        ("select", "Select", "Select; drag units and objects in Edit mode (S)"),
        ("ruler", "Ruler", "Measure inches between two cells (GRID-3), press and release (M)"),
        ("terrain", "Terrain", "Paint terrain cells (T)"),
        ("unit", "Place unit", "Click a cell to place a unit of the chosen template"),
        ("hazard", "Hazard", "Paint a Field Hazard (R-HAZ-1)"),
        ("object", "Place object", "Click a cell to place a building"),
        ("fire", "Fire", "Set alight the object or unit clicked, or paint a permanent fire (R-FIRE-1)"),
        ("erase", "Erase", "Erase hazard cells and fires"),
    )
    #: The Dice box's value when a new field of a kind is painted (R-HAZ-6: smoke has none).
    HAZARD_DICE: ClassVar[dict[HazardKind, str | None]] = {HazardKind.SMOKE: None}
    DEFAULT_HAZARD_DICE = "1d6"

    def __init__(
        self, doc: EditorDocument, settings, parent=None, library: ArmyLibrary | None = None
    ) -> None:
        super().__init__(parent)
        self.doc = doc
        self.settings = settings
        self.templates = TemplatePicker(library or ArmyLibrary.load(None))
        self.templates.templateChanged.connect(self._template_chosen)
        self._template_chosen(self.templates.current())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)  # narrow margins: the dock is ~200 px on a 1024 px screen
        tools = QGroupBox("Tool")
        grid = QGridLayout(tools)
        grid.setContentsMargins(6, 6, 6, 6)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        self.tool_group = QButtonGroup(self)
        self.tool_buttons: dict[str, QRadioButton] = {}
        for i, (name, label, tip) in enumerate(self.TOOLS):
            button = QRadioButton(label)
            button.setToolTip(tip)
            button.setObjectName(f"tool_{name}")
            self.tool_group.addButton(button)
            self.tool_buttons[name] = button
            button.toggled.connect(lambda on, n=name: on and self.toolSelected.emit(n))
            grid.addWidget(button, i // 2, i % 2)
        self.tool_buttons["select"].setChecked(True)
        layout.addWidget(tools)

        terrain = QGroupBox("Terrain brush")
        tform = QFormLayout(terrain)
        tform.setContentsMargins(6, 6, 6, 6)
        tform.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock: field under label
        self.terrain_kind = narrow_combo(QComboBox())
        for kind in TerrainKind:
            self.terrain_kind.addItem(kind.value.title(), kind.value)
            self.terrain_kind.setItemData(
                self.terrain_kind.count() - 1, QColor(TERRAIN_COLORS[kind]), Qt.ItemDataRole.DecorationRole
            )
        self.terrain_kind.setToolTip(
            "R-MOVE-6: mud, rough and water cost Half Speed; obstacles block (R-MOVE-3)"
        )
        self.terrain_kind.setCurrentIndex(self.terrain_kind.findData(settings.terrain_kind.value))
        self.terrain_kind.currentIndexChanged.connect(self._changed)
        self.elevation = QSpinBox()
        self.elevation.setRange(0, 60)
        self.elevation.setSuffix(" bricks")
        self.elevation.setValue(settings.elevation)
        self.elevation.setToolTip("GRID-9: elevation in bricks, 3 bricks = 1 inch")
        self.elevation.valueChanged.connect(self._changed)
        brush_row = QHBoxLayout()
        self.brush_group = QButtonGroup(self)
        for size in (1, 3, 5):
            b = QToolButton()
            b.setText(f"{size}×{size}")
            b.setCheckable(True)
            b.setObjectName(f"brush_{size}")
            b.setChecked(size == settings.brush)
            self.brush_group.addButton(b, size)
            brush_row.addWidget(b)
        self.brush_group.idClicked.connect(self._changed)
        tform.addRow("Kind", self.terrain_kind)
        tform.addRow("Elevation", self.elevation)
        tform.addRow("Brush", brush_row)
        layout.addWidget(terrain)

        hazard = QGroupBox("Hazard field")
        hform = QFormLayout(hazard)
        hform.setContentsMargins(6, 6, 6, 6)
        hform.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock: field under label
        self.hazard_field = narrow_combo(QComboBox())
        self.hazard_field.setToolTip("Paint into an existing field or start a new one")
        self.hazard_field.currentIndexChanged.connect(self._changed)
        self.hazard_kind = narrow_combo(QComboBox())
        for kind in HazardKind:
            self.hazard_kind.addItem(kind.value.title(), kind.value)
            self.hazard_kind.setItemData(
                self.hazard_kind.count() - 1, QColor(HAZARD_COLORS[kind]), Qt.ItemDataRole.DecorationRole
            )
        self.hazard_kind.setCurrentIndex(self.hazard_kind.findData(settings.hazard_kind.value))
        self.hazard_kind.setToolTip("R-HAZ-6 hazard kinds")
        self.hazard_kind.currentIndexChanged.connect(self._changed)
        self.hazard_dice = QLineEdit(settings.hazard_dice or "")
        self.hazard_dice.setPlaceholderText("e.g. 1d6, 2d4 (none for smoke)")
        self.hazard_dice.setToolTip("Hazard Dice ≤ Field Size, normally at most 3 (R-HAZ-4)")
        self.hazard_dice.editingFinished.connect(self._changed)
        self.hazard_kind.currentIndexChanged.connect(self._kind_defaults)
        hform.addRow("Field", self.hazard_field)
        hform.addRow("New kind", self.hazard_kind)
        hform.addRow("Dice", self.hazard_dice)
        layout.addWidget(hazard)

        fire = QGroupBox("Fire")
        fform = QFormLayout(fire)
        fform.setContentsMargins(6, 6, 6, 6)
        fform.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.fire_type = narrow_combo(QComboBox())
        for kind in FireType:
            self.fire_type.addItem(kind.value.title(), kind.value)
        self.fire_type.setToolTip("Fire, Acid, Ion or Poison (R-FIRE-7)")
        self.fire_type.currentIndexChanged.connect(self._changed)
        self.fire_kind = narrow_combo(QComboBox())
        self.fire_kind.addItem("Set alight what is clicked", None)
        for kind, dice in zip(PermanentFireKind, ("1d4", "2d4", "3d4", "4d4"), strict=True):
            self.fire_kind.addItem(f"Permanent {kind.value} ({dice})", kind.value)
        self.fire_kind.setToolTip(
            "A fire on an object or unit grows and spreads (R-FIRE-4); a permanent fire (campfire, "
            "fuel, molten metal, atomic) burns on its cells and never changes (R-FIRE-1)"
        )
        self.fire_kind.currentIndexChanged.connect(self._changed)
        self.fire_size = QSpinBox()
        self.fire_size.setRange(1, 60)
        self.fire_size.setSuffix('"')
        self.fire_size.setToolTip("Fire Size in inches, at most the Size of what burns (R-FIRE-4)")
        self.fire_size.valueChanged.connect(self._changed)
        fform.addRow("Type", self.fire_type)
        fform.addRow("Kind", self.fire_kind)
        fform.addRow("Size", self.fire_size)
        layout.addWidget(fire)

        place = QGroupBox("Placing")
        pform = QFormLayout(place)
        pform.setContentsMargins(6, 6, 6, 6)
        pform.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock: field under label
        self.team = narrow_combo(QComboBox())
        self.team.currentIndexChanged.connect(self._changed)
        self.object_kind = narrow_combo(QComboBox())
        self.object_kind.addItems(list(OBJECT_KINDS))
        self.object_kind.setToolTip("A lever or door is a control a trap can be wired to (R-TRAP-2)")
        self.object_kind.currentIndexChanged.connect(self._changed)
        pform.addRow("Unit team", self.team)
        pform.addRow("Template", self.templates)
        pform.addRow("Object kind", self.object_kind)
        layout.addWidget(place)
        layout.addStretch(1)
        doc.hazardsChanged.connect(lambda _r: self._fill())
        doc.metaChanged.connect(self._fill)
        doc.scenarioReset.connect(self._fill)
        self._filling = False
        self._fill()
        self._kind_defaults()

    def _fill(self) -> None:
        self._filling = True
        current = self.settings.hazard_id
        self.hazard_field.clear()
        self.hazard_field.addItem("(new field)", None)
        for h in self.doc.scenario.hazards:
            self.hazard_field.addItem(f"{h.name or h.id} · {h.kind.value}", h.id)
        idx = self.hazard_field.findData(current) if current else 0
        self.hazard_field.setCurrentIndex(max(0, idx))
        team = self.team.currentData()
        self.team.clear()
        for p in self.doc.scenario.players:
            self.team.addItem(p.name, p.id)
        self.team.setCurrentIndex(max(0, self.team.findData(team)) if team else 0)
        self._filling = False
        self._changed()

    def _changed(self, *_args) -> None:
        if self._filling:
            return
        s = self.settings
        s.terrain_kind = TerrainKind(self.terrain_kind.currentData())
        s.elevation = self.elevation.value()
        s.brush = self.brush_group.checkedId() if self.brush_group.checkedId() > 0 else 1
        s.hazard_id = self.hazard_field.currentData()
        s.hazard_kind = HazardKind(self.hazard_kind.currentData())
        s.hazard_dice = self.hazard_dice.text().strip() or None
        s.team = self.team.currentData()
        s.object_kind = self.object_kind.currentText()
        s.fire_type = FireType(self.fire_type.currentData())
        kind = self.fire_kind.currentData()
        s.fire_permanent = PermanentFireKind(kind) if kind else None
        s.fire_size = self.fire_size.value()
        self.fire_size.setEnabled(kind is None)
        self.elevation.setEnabled(s.terrain_kind == TerrainKind.ELEVATED)
        self.settingsChanged.emit()

    def _kind_defaults(self, *_args) -> None:
        """The Dice box follows the kind: empty and greyed for smoke (it has no Hazard Dice,
        R-HAZ-6), back to 1d6 for the others — painting with the defaults always works."""
        kind = HazardKind(self.hazard_kind.currentData())
        dice = self.HAZARD_DICE.get(kind, self.DEFAULT_HAZARD_DICE)
        self.hazard_dice.setEnabled(dice is not None)
        if dice is None:
            self.hazard_dice.clear()
        elif not self.hazard_dice.text().strip():
            self.hazard_dice.setText(dice)
        self._changed()

    def _template_chosen(self, template) -> None:
        """The Place-unit tool puts down this template (None: a plain minifig)."""
        self.settings.template = template

    def add_saved_template(self, name: str) -> None:
        """A template was just saved: list it and make it the one placed."""
        self.templates.refresh()
        self.templates.select(name)

    def set_tool(self, tool: str) -> None:
        button = self.tool_buttons.get(tool)
        if button is not None and not button.isChecked():
            button.setChecked(True)

    def set_editable(self, editable: bool) -> None:
        for name, button in self.tool_buttons.items():
            button.setEnabled(editable or name in ("select", "ruler"))


class NewFieldDialog(QDialog):
    """File ▸ New: the table size in inches (1 cell = 1", GRID-1), with common table presets."""

    PRESETS = (
        ("Skirmish 24×16", 24, 16),
        ("Standard 48×32", 48, 32),
        ("Large 72×48", 72, 48),
        ("Huge 120×120", 120, 120),
    )

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New battlefield")
        form = QFormLayout(self)
        self.preset = QComboBox()
        for label, w, h in self.PRESETS:
            self.preset.addItem(label, (w, h))
        self.preset.activated.connect(lambda _i: self._apply_preset())
        self.width_box, self.height_box = QSpinBox(), QSpinBox()
        for box, tip in ((self.width_box, "inches across"), (self.height_box, "inches deep")):
            box.setRange(4, 400)
            box.setSuffix('"')
            box.setToolTip(f"Battlefield size, {tip} (1 cell = 1 inch)")
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok_cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow("Table", self.preset)
        form.addRow("Width", self.width_box)
        form.addRow("Depth", self.height_box)
        form.addRow(buttons)
        self._apply_preset()
        # wide enough for the title bar's "New battlefield — BrikWars", its icon and buttons: the
        # form alone is narrow and the window manager elided it to "New b…kWars" (review 11-27 #29)
        app = QApplication.applicationDisplayName() or "BrikWars"
        bold = QFont(self.font())
        bold.setBold(True)
        self.setMinimumWidth(QFontMetrics(bold).horizontalAdvance(f"{self.windowTitle()} — {app}") + 130)

    def _apply_preset(self) -> None:
        w, h = self.preset.currentData()
        self.width_box.setValue(w)
        self.height_box.setValue(h)

    def field_size(self) -> tuple[int, int]:
        return self.width_box.value(), self.height_box.value()
