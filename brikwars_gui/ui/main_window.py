"""`MainWindow`: the battlefield in the centre, dockable panels, menus, toolbar and file handling."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabBar,
    QTableView,
    QTextBrowser,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.models import Scenario
from brikwars_gui.scenario.savegame import is_saved_game_file, load_saved_game, save_saved_game
from brikwars_gui.ui.battlefield import DEFAULT_HIDDEN, BattlefieldScene, BattlefieldView
from brikwars_gui.ui.document import EditorDocument, empty_scenario
from brikwars_gui.ui.event_log import EventLogPanel
from brikwars_gui.ui.inspector import UnitInspector
from brikwars_gui.ui.models import UNIT_ID_ROLE, SelectionService
from brikwars_gui.ui.panels import (
    MiniMap,
    NewFieldDialog,
    PalettePanel,
    ScenarioPanel,
    TurnPanel,
    UnitListPanel,
)
from brikwars_gui.ui.play_panels import AIControls, NewBattleDialog, TurnUnitsModel
from brikwars_gui.ui.recovery import RecoveryStore, setup_logging
from brikwars_gui.ui.response_dialog import ask_with_dialog
from brikwars_gui.ui.rules_ref import reference_html
from brikwars_gui.ui.scenario_io import ScenarioError, load_scenario, save_scenario
from brikwars_gui.ui.session_controller import (
    SessionController,
    random_seed,
    ranged_weapons,
    scenario_sight_mask,
    scenario_weapons,
)
from brikwars_gui.ui.timeline import TimelineBar

log = logging.getLogger("brikwars_gui.window")

ORGANIZATION = "brikwars"
APPLICATION = "brikwars_gui"
MAX_RECENT = 8
FILE_FILTER = "BrikWars scenarios and saved games (*.json);;All files (*)"
GAME_FILTER = "BrikWars saved games (*.json);;All files (*)"


def default_settings() -> QSettings:
    return QSettings(ORGANIZATION, APPLICATION)


class MainWindow(QMainWindow):
    def __init__(
        self,
        scenario: Scenario | None = None,
        path: str | Path | None = None,
        *,
        settings: QSettings | None = None,
        controller: SessionController | None = None,
        data_dir: str | Path | None = None,
    ) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.settings = settings if settings is not None else default_settings()
        self.ask_unsaved: Callable[[], str] = self._ask_unsaved_dialog
        """Returns "save", "discard" or "cancel"; tests replace it."""
        self.ask_leave_game: Callable[[], str] = self._ask_leave_game_dialog
        """Leaving a battle with unsaved orders: "save", "discard" or "cancel"; tests replace it."""
        self._game_saved_orders: int | None = None
        """The game's order count when it was started, resumed or saved by the user."""
        self.doc = EditorDocument(scenario or empty_scenario(), Path(path) if path else None, self)
        self.selection = SelectionService(self)
        self.controller = controller or SessionController(self)
        self.play_mode = False
        self.game_path: Path | None = None
        self.ask_recover: Callable[[Path], bool] = self._ask_recover_dialog
        """Asked at startup when a recovery file was left by an unclean exit; tests replace it."""
        self.engine_error_prompt: Callable[[str], str] = self._engine_error_dialog
        """Shows an engine error; returns "save" when the user wants to save the game."""
        self.ask_new_battle: Callable[[int], tuple[int, int | None] | None] = self._new_battle_dialog
        self.ask_new_size: Callable[[], tuple[int, int] | None] = self._new_size_dialog
        """File ▸ New asks the table size (width, depth) in inches; None cancels. Tests replace it."""
        self.show_game_over: Callable[[object], None] = self._game_over_dialog
        """Shows the end of the battle (a `GameSummary`); tests replace it."""
        self.game_over_summary = None
        self.game_over_dialog = None
        self.controller.ask_response = lambda request: ask_with_dialog(
            self, self.controller, request, {u.id: u.name for u in self.doc.scenario.units}
        )
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.recovery: RecoveryStore | None = None
        if self.data_dir is not None:
            setup_logging(self.data_dir)
            self.recovery = RecoveryStore(self.data_dir)
            self.recovery.begin_session()
        self.last_action_menu: QMenu | None = None
        self._reach: dict[tuple[int, int], int] = {}
        self._overlay_timer = QTimer(self)
        self._overlay_timer.setSingleShot(True)
        self._overlay_timer.setInterval(0)
        self._overlay_timer.timeout.connect(self.refresh_play_overlays)

        self._tab_bar_timer = QTimer(self)
        self._tab_bar_timer.setSingleShot(True)
        self._tab_bar_timer.setInterval(0)
        self._tab_bar_timer.timeout.connect(self.hide_stale_tab_bars)
        self._sight_timer = QTimer(self)
        self._sight_timer.setSingleShot(True)
        self._sight_timer.setInterval(0)
        self._sight_timer.timeout.connect(self.refresh_unit_overlays)

        self.scene = BattlefieldScene(self.doc, self.selection, self)
        self.view = BattlefieldView(self.scene)
        self.view.setObjectName("battlefield")
        self.setCentralWidget(self.view)

        self.unit_panel = UnitListPanel(self.doc, self.selection)
        self.inspector = UnitInspector(self.doc, self.selection)
        self.turn_panel = TurnPanel(self.doc)
        self.turn_units = TurnUnitsModel(self.controller, self)
        self.turn_table = QTableView()
        self.turn_table.setObjectName("turnUnits")
        self.turn_table.setModel(self.turn_units)
        self.turn_table.verticalHeader().setVisible(False)
        self.turn_table.verticalHeader().setDefaultSectionSize(20)
        self.turn_table.horizontalHeader().setStretchLastSection(True)
        self.turn_table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.turn_table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.turn_table.clicked.connect(
            lambda idx: self.selection.select_unit(self.turn_units.data(idx, UNIT_ID_ROLE))
        )
        self.ai_controls = AIControls(self.controller)
        self.turn_panel.add_play_widgets(self.turn_table, self.ai_controls)
        self.log_panel = EventLogPanel()
        self.timeline = TimelineBar()
        self.palette = PalettePanel(self.doc, self.view.settings)
        self.scenario_panel = ScenarioPanel(self.doc)
        self.minimap = MiniMap(self.doc, self.view)
        self.undo_view = QUndoView(self.doc.undo_stack)
        self.undo_view.setEmptyLabel("<opened>")

        self._create_actions()
        self._create_docks()
        self._watch_tab_bars()
        self._create_menus()
        self._create_status_bar()
        self._connect()
        self.resize(1400, 900)
        self._restore_settings()
        self._update_title()
        self._update_actions()

    # -- construction ---------------------------------------------------------------------------
    def _action(self, text: str, slot=None, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list | tuple):
                action.setShortcuts(list(shortcut))
            else:
                action.setShortcut(shortcut)
        action.setProperty("tip", tip)
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.setCheckable(checkable)
        if slot is not None:
            action.triggered.connect(slot)
        return action

    def _create_actions(self) -> None:
        sk = QKeySequence.StandardKey
        self.act_new = self._action("&New…", self.new_document, sk.New, "New battlefield of a chosen size")
        self.act_open = self._action("&Open…", lambda: self.open_file(), sk.Open, "Open a scenario (.json)")
        self.act_save = self._action("&Save", self.save, sk.Save, "Save the scenario")
        self.act_save_as = self._action(
            "Save &As…", lambda: self.save_as(), sk.SaveAs, "Save under a new name"
        )
        self.act_quit = self._action("&Quit", self.close, sk.Quit, "Quit BrikWars (asks to save changes)")
        self.act_undo = self.doc.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(sk.Undo)
        self.act_undo.setProperty("tip", "Undo the last edit of the scenario (Edit mode)")
        self.act_redo = self.doc.undo_stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcut(sk.Redo)
        self.act_redo.setProperty("tip", "Redo the edit just undone (Edit mode)")
        self.act_delete = self._action(
            "&Delete", self.delete_selected, [QKeySequence(sk.Delete)], "Delete the selected unit or object"
        )
        self.act_duplicate = self._action(
            "D&uplicate",
            self.duplicate_selected,
            QKeySequence("Ctrl+D"),
            "Duplicate the selected unit or object",
        )
        self.act_rotate = self._action(
            "&Rotate",
            self.rotate_selected,
            QKeySequence("R"),
            "Rotate the selected unit's facing 45° (GRID-6) or an object 90°",
        )
        self.act_zoom_in = self._action(
            "Zoom &In", self.view.zoom_in, sk.ZoomIn, "Zoom in on the battlefield (or the mouse wheel)"
        )
        self.act_zoom_out = self._action(
            "Zoom &Out", self.view.zoom_out, sk.ZoomOut, "Zoom out (or the mouse wheel)"
        )
        self.act_fit = self._action(
            "&Fit to Window", self.view.fit, QKeySequence("Ctrl+0"), "Show the whole battlefield"
        )
        self.act_animate_moves = self._action(
            "&Animate Moves",
            tip="Play mode: tokens slide along their path when they move (off: they jump)",
            checkable=True,
        )
        self.act_animate_moves.setChecked(True)
        self.act_animate_moves.toggled.connect(self.scene.set_animate_moves)
        self.layer_actions: dict[str, QAction] = {}
        for layer, label, tip in (
            ("grid", "&Grid", "Grid lines (1 cell = 1 inch, GRID-1)"),
            ("hazards", "&Hazard Fields", "Field Hazards overlay (R-HAZ-1, R-HAZ-6)"),
            ("smoke", "S&moke", "Smoke fields (R-HAZ-7)"),
            ("fire", "&Fire", "Fires, coloured by Fire Size (R-FIRE-1)"),
            ("labels", "&Labels", "Unit, object and field labels (names of crowded units on hover)"),
            (
                "sight",
                "Sight && &Cone of Vision",
                "Cells the selected unit sees: line of sight inside its 90° Cone of Vision "
                "(R-RESP-3, GRID-5/6; Smoke blocks, R-HAZ-7)",
            ),
            (
                "ranges",
                "&Weapon ranges",
                "Range rings of the selected unit's ranged and thrown weapons (GRID-3)",
            ),
        ):
            act = self._action(label, tip=tip, checkable=True)
            act.setChecked(layer not in DEFAULT_HIDDEN)
            act.toggled.connect(lambda on, name=layer: self.scene.set_layer_visible(name, on))
            if layer in ("sight", "ranges"):
                act.toggled.connect(lambda _on: self._sight_timer.start())
            self.layer_actions[layer] = act
        self.mode_group = QActionGroup(self)
        self.act_edit_mode = self._action(
            "&Edit Mode",
            self.leave_play_mode,
            QKeySequence("F5"),
            "Prepare the battle: paint terrain, place units",
            checkable=True,
        )
        self.act_play_mode = self._action(
            "&Play Mode",
            lambda: self.set_play_mode(True),
            QKeySequence("F6"),
            "Play the battle (turn engine)",
            checkable=True,
        )
        self.mode_group.addAction(self.act_edit_mode)
        self.mode_group.addAction(self.act_play_mode)
        self.act_edit_mode.setChecked(True)
        self.act_end_turn = self._action(
            "End &Turn",
            self.controller.end_turn,
            QKeySequence("Ctrl+Return"),
            "End the active player's turn (R-MOVE-1)",
        )
        self.act_end_turn.setEnabled(False)
        self.act_end_unit = self._action(
            "End &Unit",
            self.end_selected_unit,
            QKeySequence("Ctrl+E"),
            "The selected unit is done for this turn (an unused Action is saved, R-RESP-1)",
        )
        self.act_end_unit.setEnabled(False)
        self.act_new_battle = self._action(
            "&New Battle…", self.new_battle, QKeySequence("Ctrl+Shift+N"), "Start a battle with a chosen seed"
        )
        self.act_undo_order = self._action(
            "Undo Last &Order",
            self.undo_last_order,
            None,
            "Take back your last order (the game is replayed from the same dice)",
        )
        self.act_undo_order.setEnabled(False)
        self.act_save_game = self._action(
            "Save &Game As…", lambda: self.save_game_as(), None, "Save the battle in progress"
        )
        self.act_save_game.setEnabled(False)
        self.act_rules = self._action(
            "&Rules Reference for Selection",
            self.show_rules_reference,
            QKeySequence.StandardKey.HelpContents,
            "RULES.md entries for the selection",
        )
        self.act_about = self._action("&About", self._about, tip="Version and where files live")
        self.act_shortcuts = self._action(
            "&Keyboard Shortcuts",
            self.show_shortcuts,
            QKeySequence("Ctrl+/"),
            "Every keyboard shortcut and mouse control",
        )
        self.tool_actions: dict[str, QAction] = {}
        self.tool_group = QActionGroup(self)
        for tool, label, key, tip in (
            ("select", "Select", "S", "Select: pick and drag units and objects; in Play mode give orders"),
            ("ruler", "Ruler", "M", "Ruler: measure a distance in inches (GRID-3)"),
            ("terrain", "Terrain", "T", "Terrain brush: paint terrain kinds and elevation (GRID-2)"),
            ("hazard", "Hazard", "H", "Hazard brush: paint Field Hazards (R-HAZ-1)"),
            ("unit", "Unit", "U", "Place unit: click an empty cell to add a unit of the palette's team"),
        ):
            act = self._action(
                label,
                lambda _c=False, t=tool: self.set_tool(t),
                QKeySequence(key),
                tip,
                checkable=True,
            )
            self.tool_group.addAction(act)
            self.tool_actions[tool] = act
        self.tool_actions["select"].setChecked(True)

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _create_docks(self) -> None:
        L, R, B = (
            Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.RightDockWidgetArea,
            Qt.DockWidgetArea.BottomDockWidgetArea,
        )
        self.setCorner(Qt.Corner.BottomLeftCorner, L)
        self.setCorner(Qt.Corner.BottomRightCorner, R)
        self.dock_palette = self._dock("Palette", "paletteDock", self.palette, L)
        self.dock_scenario = self._dock("Scenario", "scenarioDock", self.scenario_panel, L)
        self.dock_minimap = self._dock("Overview", "minimapDock", self.minimap, L)
        self.dock_turn = self._dock("Turn", "turnDock", self.turn_panel, R)
        self.dock_inspector = self._dock("Unit Inspector", "inspectorDock", self.inspector, R)
        self.dock_units = self._dock("Units", "unitsDock", self.unit_panel, B)
        self.dock_log = self._dock("Dice && Event Log", "logDock", self.log_panel, B)
        self.dock_history = self._dock("Undo History", "historyDock", self.undo_view, B)
        self.tabifyDockWidget(self.dock_palette, self.dock_scenario)
        self.dock_palette.raise_()
        # one tab group made in one go, before any resize: tabifying in several steps leaves a
        # stale, visible QTabBar behind in the main window (see _hide_stale_tab_bars)
        self.tabifyDockWidget(self.dock_log, self.dock_history)
        self.tabifyDockWidget(self.dock_log, self.dock_units)  # Edit mode: the unit table, full width
        self.dock_log.raise_()
        self.resizeDocks([self.dock_palette, self.dock_minimap], [430, 200], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_palette], [250], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_inspector], [300], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_turn, self.dock_inspector], [150, 500], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_units], [200], Qt.Orientation.Vertical)
        self.dock_units.raise_()

    def _create_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.act_new, self.act_open])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        file_menu.addActions([self.act_save, self.act_save_as, self.act_save_game])
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)
        edit = bar.addMenu("&Edit")
        edit.addActions([self.act_undo, self.act_redo])
        edit.addSeparator()
        edit.addActions([self.act_delete, self.act_duplicate, self.act_rotate])
        edit.addSeparator()
        edit.addActions(list(self.tool_actions.values()))
        view = bar.addMenu("&View")
        view.addActions([self.act_zoom_in, self.act_zoom_out, self.act_fit])
        view.addSeparator()
        overlays = view.addMenu("&Overlays")
        overlays.addActions(list(self.layer_actions.values()))
        view.addAction(self.act_animate_moves)
        view.addSeparator()
        panels = view.addMenu("&Panels")
        for dock in self.findChildren(QDockWidget):
            toggle = dock.toggleViewAction()
            title = dock.windowTitle().replace("&&", "&")
            toggle.setStatusTip(f"Show or hide the {title} panel")
            toggle.setProperty("tip", f"Show or hide the {title} panel")
            panels.addAction(toggle)
        game = bar.addMenu("&Game")
        game.addActions([self.act_edit_mode, self.act_play_mode, self.act_new_battle])
        game.addSeparator()
        game.addActions([self.act_end_unit, self.act_end_turn, self.act_undo_order])
        game.addSeparator()
        from brikwars_gui.ui.forecast_dialog import open_forecast

        self.act_forecast = game.addAction("&Forecast…", lambda: open_forecast(self))
        self.act_forecast.setStatusTip("Play the scenario many times AI-vs-AI: win rates, rounds, key units")
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.act_rules, self.act_shortcuts])
        help_menu.addSeparator()
        help_menu.addAction(self.act_about)

        tb = QToolBar("Main", self)
        tb.setObjectName("mainToolBar")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        tb.addActions([self.act_new, self.act_open, self.act_save])
        tb.addSeparator()
        tb.addActions([self.act_undo, self.act_redo])
        tb.addSeparator()
        tb.addActions([self.act_zoom_in, self.act_zoom_out, self.act_fit])
        tb.addSeparator()
        tb.addActions(list(self.tool_actions.values()))
        tb.addSeparator()
        tb.addActions([self.act_edit_mode, self.act_play_mode, self.act_end_unit, self.act_end_turn])
        tb.addAction(self.act_undo_order)
        self.addToolBar(tb)
        self.toolbar = tb
        self.update_action_tips()
        self.doc.undo_stack.indexChanged.connect(self._undo_index_changed)
        self.timeline_bar = QToolBar("Timeline", self)
        self.timeline_bar.setObjectName("timelineToolBar")
        self.timeline_bar.addWidget(self.timeline)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.timeline_bar)
        self.timeline_bar.setVisible(False)

    def _create_status_bar(self) -> None:
        self.cell_label = QLabel("–")
        self.cell_label.setObjectName("cellLabel")
        self.cell_label.setMinimumWidth(320)
        self.zoom_label = QLabel()
        self.mode_label = QLabel("Edit")
        self.mode_label.setObjectName("modeLabel")
        sb = self.statusBar()
        sb.addWidget(self.cell_label, 1)
        sb.addPermanentWidget(self.zoom_label)
        sb.addPermanentWidget(self.mode_label)

    def _connect(self) -> None:
        self.doc.modifiedChanged.connect(lambda _m: self._update_title())
        self.doc.pathChanged.connect(self._update_title)
        self.doc.metaChanged.connect(self._update_title)
        self.doc.scenarioReset.connect(self._on_reset)
        self.doc.editRejected.connect(lambda msg: self.statusBar().showMessage(f"Not applied: {msg}", 6000))
        self.selection.selectionChanged.connect(lambda *_: self._update_actions())
        self.view.cellHovered.connect(self._show_cell)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"Zoom {z * 100:.0f}%"))
        self.view.rulerMeasured.connect(
            lambda d: self.statusBar().showMessage(f'Ruler: {d:.1f}" (GRID-3)', 4000)
        )
        self.view.toolChanged.connect(self._tool_changed)
        self.palette.toolSelected.connect(self.set_tool)
        c = self.controller
        c.turnChanged.connect(self._turn_changed)
        c.eventAdded.connect(self.log_panel.add_entry)
        c.logReset.connect(lambda: self.log_panel.set_entries(self.controller.log))
        c.unitUpdated.connect(self.scene.update_unit)
        c.unitUpdated.connect(self.unit_panel.model.refresh_status)
        c.unitUpdated.connect(self._unit_updated)
        c.objectUpdated.connect(lambda oid: self.scene.set_object_destroyed(oid, c.object_destroyed(oid)))
        c.hazardsChanged.connect(lambda: self.scene.set_play_hazards(self.controller.hazard_view()))
        c.canEndTurnChanged.connect(self._end_turn_enabled)
        c.ordersEnabledChanged.connect(lambda _on: self._update_play_actions())
        c.aiRunningChanged.connect(lambda _on: self._update_play_actions())
        c.orderRejected.connect(lambda msg: self.statusBar().showMessage(f"Not allowed: {msg}", 6000))
        c.engineError.connect(self._engine_error)
        c.turnCompleted.connect(self.autosave)
        c.gameOver.connect(self._game_over)
        c.viewChanged.connect(self._view_changed)
        c.sessionStarted.connect(self._session_started)
        c.unitMoved.connect(self.scene.queue_move)
        c.aiSkipped.connect(self.scene.finish_move_animations)
        c.viewChanged.connect(self.scene.finish_move_animations)
        self.turn_panel.endTurnRequested.connect(self.end_turn)
        self.view.playClicked.connect(self._play_click)
        self.view.playContext.connect(self._play_context)
        self.view.cellHovered.connect(self._play_hover)
        self.selection.selectionChanged.connect(lambda *_: self._schedule_overlays())
        self.selection.selectionChanged.connect(lambda *_: self._sight_timer.start())
        self.selection.selectionChanged.connect(lambda *_: self.scene.show_line_of_sight(None))
        for signal in (
            c.hazardsChanged,
            c.objectUpdated,
            c.viewChanged,
            c.sessionStarted,
            c.sessionStopped,
            self.doc.terrainChanged,
            self.doc.hazardsChanged,
            self.doc.objectChanged,
            self.doc.scenarioReset,
        ):
            signal.connect(lambda *_: self._sight_timer.start())
        for signal in (c.unitUpdated, self.doc.unitChanged):
            signal.connect(lambda uid: self._sight_timer.start() if uid == self.selection.unit_id else None)
        self.log_panel.eventActivated.connect(self._event_activated)
        self.timeline.snapshotRequested.connect(self.controller.show_snapshot)
        self.timeline.liveRequested.connect(self.controller.show_live)

    # -- settings -------------------------------------------------------------------------------
    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        else:  # first start: dock sizes once the window has its real size
            QTimer.singleShot(0, self._initial_layout)
        for layer, act in self.layer_actions.items():
            value = self.settings.value(f"overlays/{layer}")
            if value is not None:
                act.setChecked(str(value).lower() in ("true", "1"))
        value = self.settings.value("view/animateMoves")
        if value is not None:
            self.act_animate_moves.setChecked(str(value).lower() in ("true", "1"))

    def set_animate_moves(self, on: bool) -> None:
        """View ▸ Animate Moves: tokens slide along their path (on) or jump (off)."""
        self.act_animate_moves.setChecked(bool(on))

    def save_window_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        for layer, act in self.layer_actions.items():
            self.settings.setValue(f"overlays/{layer}", act.isChecked())
        self.settings.setValue("view/animateMoves", self.act_animate_moves.isChecked())
        self.settings.sync()

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles") or []
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value]

    def _add_recent(self, path: Path) -> None:
        text = str(Path(path).resolve())
        files = [text, *(f for f in self.recent_files() if f != text)][:MAX_RECENT]
        self.settings.setValue("recentFiles", files)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for f in files:
            self.recent_menu.addAction(Path(f).name, lambda p=f: self.open_file(p)).setToolTip(f)
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear List", lambda: self.settings.setValue("recentFiles", []))

    # -- title and state ------------------------------------------------------------------------
    def window_title(self) -> str:
        name = self.doc.path.name if self.doc.path else "Untitled"
        star = " *" if self.doc.modified else ""
        return f"{name}{star} — {self.doc.scenario.name} — BrikWars"

    def _update_title(self) -> None:
        self.setWindowTitle(self.window_title())

    def _update_actions(self) -> None:
        editing = not self.play_mode
        has_sel = bool(self.selection.kind in ("unit", "object"))
        for act in (self.act_delete, self.act_duplicate, self.act_rotate):
            act.setEnabled(editing and has_sel)
        for name, act in self.tool_actions.items():
            act.setEnabled(editing or name in ("select", "ruler"))
        self._update_play_actions()

    def _end_turn_enabled(self, enabled: bool) -> None:
        self.act_end_turn.setEnabled(self.play_mode and enabled)
        self.turn_panel.end_turn.setEnabled(self.play_mode and enabled)

    def _update_play_actions(self) -> None:
        c = self.controller
        live = self.play_mode and c.has_game
        self.act_end_turn.setEnabled(live and c.can_end_turn)
        self.turn_panel.end_turn.setEnabled(live and c.can_end_turn)
        sel = self.selection.unit_id
        self.act_end_unit.setEnabled(live and bool(sel) and c.can_command(sel))
        self.act_undo_order.setEnabled(live and c.can_undo())
        self.act_save_game.setEnabled(live)
        self._schedule_overlays()

    def _on_reset(self) -> None:
        self.selection.clear()
        self._update_title()
        self.view.fit()

    def _show_cell(self, x: int, y: int) -> None:
        if x < 0:
            self.cell_label.setText("–")
            return
        t = self.doc.terrain
        kind = t.kind_at(x, y).value
        elev = int(t.elevation[y, x])
        parts = [f"Cell [{x}, {y}]", kind + (f" ({elev} bricks)" if elev else "")]
        for obj in self.doc.scenario.objects:
            if (x, y) in set(obj.iter_cells()):
                parts.append(f"{obj.name} ({obj.kind})")
        for hz in self.doc.scenario.hazards:
            if (x, y) in set(hz.iter_cells()):
                parts.append(f"{hz.kind.value} field{f' {hz.dice}' if hz.dice else ''}")
        self.cell_label.setText(" · ".join(parts))

    # -- tools and modes ------------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.view.set_tool(tool)

    def _tool_changed(self, tool: str) -> None:
        self.palette.set_tool(tool)
        if tool in self.tool_actions:
            self.tool_actions[tool].setChecked(True)
        else:
            for act in self.tool_actions.values():
                if act.isChecked():
                    self.tool_group.setExclusive(False)
                    act.setChecked(False)
                    self.tool_group.setExclusive(True)

    def set_play_mode(
        self, play: bool, *, seed: int | None = None, saved=None, max_rounds=None, script=None
    ) -> None:
        """Play: a new Game on the current scenario (seed random unless given) or `saved` resumed."""
        if play and self.play_mode and saved is None and seed is None:
            return
        self.play_mode = play
        (self.act_play_mode if play else self.act_edit_mode).setChecked(True)
        self.view.set_edit_mode(not play)
        self.inspector.set_editable(not play)
        self.palette.set_editable(not play)
        self.scenario_panel.setEnabled(not play)
        self.act_undo.setEnabled(not play and self.doc.undo_stack.canUndo())
        self.act_redo.setEnabled(not play and self.doc.undo_stack.canRedo())
        self.mode_label.setText("Play" if play else "Edit")
        self._label_save_action(play)
        if self.play_mode:
            self.act_undo.setShortcut(QKeySequence())
            self.act_redo.setShortcut(QKeySequence())
            self.act_undo_order.setShortcut(QKeySequence.StandardKey.Undo)
        else:
            self.act_undo_order.setShortcut(QKeySequence())
            self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
            self.act_redo.setShortcut(QKeySequence.StandardKey.Redo)
        self.update_action_tips()
        if play:
            self.scene.play_provider = self.controller.unit_view
            self.scene.badge_provider = self.controller.unit_badges
            self.unit_panel.model.status_provider = lambda uid: self.controller.unit_status(uid) or "Ready"
            if saved is not None:
                self.controller.start_saved(*saved) if isinstance(
                    saved, tuple
                ) else self.controller.start_saved(saved)
            else:
                self.controller.start(self.doc.scenario, seed, max_rounds=max_rounds, script=script)
                self.game_path = None
            self._game_saved_orders = self.controller.order_count
            self.unit_panel.model.position_provider = self.controller.unit_position
            self.turn_panel.set_seed(self.controller.seed)
            self.timeline_bar.setVisible(True)
            self._edit_docks = [d for d in (self.dock_palette, self.dock_scenario) if d.isVisible()]
            for dock in (self.dock_palette, self.dock_scenario):
                dock.setVisible(False)
            self.resizeDocks([self.dock_turn, self.dock_inspector], [420, 330], Qt.Orientation.Vertical)
            self._arrange_docks(play=True)
        else:
            self.controller.stop()
            self.scene.show_line_of_sight(None)
            self.scene.badge_provider = None
            self.scene.leave_play()
            self.unit_panel.model.status_provider = None
            self.unit_panel.model.position_provider = None
            for dock in getattr(self, "_edit_docks", []):
                dock.setVisible(True)
            self._edit_docks = []
            self._arrange_docks(play=False)
            self.turn_panel.set_turn(1, None)
            self.turn_panel.set_seed(None)
            self.timeline_bar.setVisible(False)
            self.log_panel.set_entries([])
            self.game_path = None
            self.turn_panel.set_game_over(None)
        self.turn_panel.set_play(play)
        self.unit_panel.model.refresh_status()
        self._update_actions()

    # -- leaving a battle -------------------------------------------------------------------------
    @property
    def game_modified(self) -> bool:
        """Orders given (by anyone) since the game was started, resumed or saved by the user."""
        c = self.controller
        return self.play_mode and c.has_game and c.order_count != self._game_saved_orders

    def _ask_leave_game_dialog(self) -> str:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Leave the battle?")
        box.setText("The battle in progress has orders that are not saved.")
        box.setInformativeText("Save the game before leaving it?")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.button(QMessageBox.StandardButton.Save).setText("Save Game…")
        answer = box.exec()
        return {
            QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard",
        }.get(QMessageBox.StandardButton(answer), "cancel")

    def maybe_leave_game(self) -> bool:
        """True when it is fine to throw the running game away (saved, discarded or unchanged)."""
        if not self.game_modified:
            return True
        answer = self.ask_leave_game()
        if answer == "save":
            return self.save_game_as(self.game_path) if self.game_path else self.save_game_as()
        return answer == "discard"

    def leave_play_mode(self) -> bool:
        """Edit Mode (F5): back to the editor, asking first when the battle has unsaved orders."""
        if not self.play_mode:
            return True
        if not self.maybe_leave_game():
            self.act_play_mode.setChecked(True)
            return False
        self.set_play_mode(False)
        return True

    def _label_save_action(self, play: bool) -> None:
        """Ctrl+S saves the game in Play mode, the scenario in Edit mode: say which."""
        if play:
            self.act_save.setText("&Save Game")
            tip = "Save the battle in progress (its file, or asks where)"
        else:
            self.act_save.setText("&Save")
            tip = "Save the scenario"
        self.act_save.setProperty("tip", tip)
        self.act_save.setStatusTip(tip)
        self.act_save.setToolTip(tip)

    def _initial_layout(self) -> None:
        self._arrange_docks(play=self.play_mode)

    def _arrange_docks(self, *, play: bool) -> None:
        """Play: the unit table goes under the overview (status next to the name) and the dice log
        gets the full width below the battlefield. Edit: the unit table is back below the map, the
        full width, tabbed with the (empty) log and the undo history."""
        L, B = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
        header = self.unit_panel.table.horizontalHeader()
        status = len(self.unit_panel.model.COLUMNS) - 1
        if play:
            if self.dockWidgetArea(self.dock_units) != L:
                self.addDockWidget(L, self.dock_units)
            self.dock_units.setVisible(True)
            self.dock_log.setVisible(True)
            self.dock_log.raise_()
            header.moveSection(header.visualIndex(status), 1)
            self.resizeDocks([self.dock_minimap, self.dock_units], [230, 560], Qt.Orientation.Vertical)
            self.resizeDocks([self.dock_minimap], [350], Qt.Orientation.Horizontal)
            self.resizeDocks([self.dock_log], [230], Qt.Orientation.Vertical)
        else:
            if self.dockWidgetArea(self.dock_units) != B or self.dock_units not in self.tabifiedDockWidgets(
                self.dock_log
            ):
                self.tabifyDockWidget(self.dock_log, self.dock_units)
            header.moveSection(header.visualIndex(status), status)
            self.dock_units.raise_()
            self.resizeDocks([self.dock_units], [210], Qt.Orientation.Vertical)
            self.resizeDocks([self.dock_palette], [250], Qt.Orientation.Horizontal)

    # -- play mode ------------------------------------------------------------------------------
    def _turn_changed(self, round_number: int, player: str) -> None:
        self.turn_panel.set_turn(round_number, player or None)
        c = self.controller
        if c.has_game:
            labels = [c.snapshot_label(i) for i in range(c.snapshot_count)]
            self.timeline.set_count(c.snapshot_count, labels)
        self._update_play_actions()

    def _unit_updated(self, unit_id: str) -> None:
        if unit_id == self.selection.unit_id:
            self._schedule_overlays()

    def _schedule_overlays(self) -> None:
        if self.play_mode:
            self._overlay_timer.start()

    def refresh_play_overlays(self) -> None:
        """Reachable cells of the selected unit (one image) and End Unit's state."""
        if not self.play_mode:
            return
        sel = self.selection.unit_id
        c = self.controller
        self._reach = c.reachable(sel) if sel else {}
        self.scene.set_reach(self._reach, c.half_speed_mask())
        if not self._reach:
            self.scene.show_path(None)
        self.act_end_unit.setEnabled(bool(sel) and c.can_command(sel))

    def refresh_unit_overlays(self) -> None:
        """The selected unit's sight / Cone of Vision and weapon range rings (when those overlays
        are on): from the live game in Play mode, from the scenario in Edit mode."""
        self._sight_timer.stop()
        scene, sel, v = self.scene, self.selection.unit_id, self.scene.visible_layers
        pos = facing = mask = None
        weapons: list[tuple[str, int]] = []
        if sel and self.play_mode:
            view = self.controller.unit_view(sel)
            if view is not None and view.alive:
                pos, facing = view.pos, view.facing
                weapons = ranged_weapons(view.weapons)
                if v["sight"]:
                    mask = self.controller.sight_mask(sel)
        elif sel:
            unit = self.doc.unit(sel)
            if unit is not None:
                pos, facing = (int(unit.position[0]), int(unit.position[1])), str(unit.facing)
                weapons = ranged_weapons(scenario_weapons(self.doc.scenario, sel))
                if v["sight"]:
                    try:
                        mask = scenario_sight_mask(self.doc.scenario, sel)
                    except Exception:
                        log.exception("sight mask of the scenario failed")
        scene.set_sight(mask, pos, facing or "N")
        scene.set_ranges(pos if v["ranges"] else None, weapons)

    def _play_click(self, x: int, y: int, unit_id: str) -> None:
        cell = (x, y)
        sel = self.selection.unit_id
        if not self._reach and sel:
            self._reach = self.controller.reachable(sel)
        if unit_id:
            self.selection.select("unit", unit_id)
        elif sel and cell in self._reach:
            self.order_move(sel, cell)
        else:
            self.selection.clear()

    def order_move(self, unit_id: str, cell: tuple[int, int]) -> bool:
        ok = self.controller.order_move(unit_id, cell)
        self.scene.show_path(None)
        self.refresh_play_overlays()
        return ok

    def _play_hover(self, x: int, y: int) -> None:
        if not self.play_mode:
            return
        sel = self.selection.unit_id
        self._hover_line_of_sight(sel, x, y)
        if x < 0 or not sel or (x, y) not in self._reach:
            self.scene.show_path(None)
            return
        path = self.controller.preview_path(sel, (x, y))
        if path is None:
            self.scene.show_path(None)
            return
        self.scene.show_path(list(path.cells), f'{path.total}" of Move')

    def _hover_line_of_sight(self, sel: str, x: int, y: int) -> None:
        """Hovering an enemy with a unit selected: the line of sight, green if clear, red if
        blocked (GRID-5; Smoke blocks, R-HAZ-7)."""
        c = self.controller
        target = c.unit_at((x, y)) if sel and x >= 0 else None
        mine, theirs = (c.unit_view(sel) if target else None), (c.unit_view(target) if target else None)
        if mine is None or theirs is None or not mine.alive or not theirs.alive or mine.team == theirs.team:
            self.scene.show_line_of_sight(None)
            return
        clear = c.has_line_of_sight(sel, target)
        if clear is None:
            self.scene.show_line_of_sight(None)
            return
        self.scene.show_line_of_sight(mine.pos, theirs.pos, clear)
        self.statusBar().showMessage(
            f"Line of sight to {theirs.name}: {'clear' if clear else 'blocked'} (GRID-5)", 3000
        )

    def build_action_menu(self, unit_id: str, cell: tuple[int, int], target: str = "") -> QMenu:
        """The legal actions of `unit_id` (those aimed at `target` first) with Use and odds."""
        menu = QMenu(self)
        c = self.controller
        options = c.legal_actions(unit_id)
        names = {u.id: u.name for u in self.doc.scenario.units}
        menu.setTitle(names.get(unit_id, unit_id))
        aimed = [o for o in options if o.kind == "attack" and target and o.target == target]
        others = [o for o in options if o.kind == "attack" and o not in aimed]
        general = [o for o in options if o.kind != "attack"]
        for group in (aimed, others):
            for o in group:
                odds = "automatic" if o.needed is None else f"{(o.chance or 0):.0%}"
                text = f"{o.label} — Use {o.use}, {odds}"
                menu.addAction(text, lambda o=o: self.take_action(unit_id, o, cell)).setData(o)
            if group:
                menu.addSeparator()
        for o in general:
            if o.kind == "sprint" and (cell == c.unit_position(unit_id)):
                continue
            label = o.label + (f" toward [{cell[0]}, {cell[1]}]" if o.kind == "sprint" else "")
            menu.addAction(label, lambda o=o: self.take_action(unit_id, o, cell)).setData(o)
        if c.can_command(unit_id):
            menu.addSeparator()
            self._add_face_menu(menu, unit_id)
            menu.addAction("End Unit", lambda: self.controller.end_unit(unit_id))
        if menu.isEmpty():
            menu.addAction("(no orders possible)").setEnabled(False)
        return menu

    FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

    def _add_face_menu(self, menu: QMenu, unit_id: str) -> QMenu:
        """Face ▸ N/NE/…: turn the unit (free on its own turn; sets its Cone of Vision, GRID-6)."""
        view = self.controller.unit_view(unit_id)
        face = menu.addMenu("Face")
        face.setObjectName("faceMenu")
        face.menuAction().setStatusTip("Turn to one of the 8 facings: free, sets the Cone of Vision (GRID-6)")
        disrupted = view is not None and view.disrupted
        face.setEnabled(not disrupted)
        group = QActionGroup(face)
        for facing in self.FACINGS:
            act = face.addAction(facing, lambda f=facing: self.order_face(unit_id, f))
            act.setCheckable(True)
            act.setChecked(view is not None and view.facing == facing)
            act.setData(facing)
            act.setStatusTip(f"Face {facing} (GRID-6)")
            group.addAction(act)
        return face

    def order_face(self, unit_id: str, facing: str) -> bool:
        ok = self.controller.order_face(unit_id, facing)
        if ok:
            self.scene.update_unit(unit_id)
        self.refresh_play_overlays()
        return ok

    def take_action(self, unit_id: str, option, cell: tuple[int, int]) -> bool:
        if option.action is not None:
            ok = self.controller.order_action(unit_id, option.action)
        elif option.kind == "sprint":
            ok = self.controller.order_sprint(unit_id, cell)
        else:
            return False
        self.refresh_play_overlays()
        return ok

    def _play_context(self, x: int, y: int, unit_id: str, global_pos) -> None:
        c = self.controller
        sel = self.selection.unit_id
        actor = sel if sel and c.can_command(sel) else None
        if unit_id and c.can_command(unit_id):
            actor = unit_id
            self.selection.select("unit", unit_id)
        if actor is None:
            return
        menu = self.build_action_menu(actor, (x, y), unit_id if unit_id != actor else "")
        self.last_action_menu = menu
        menu.popup(global_pos)

    def end_selected_unit(self) -> bool:
        sel = self.selection.unit_id
        return bool(sel) and self.controller.end_unit(sel)

    def end_turn(self) -> bool:
        ok = self.controller.end_turn()
        self.refresh_play_overlays()
        return ok

    def undo_last_order(self) -> bool:
        ok = self.controller.undo_last_order()
        if ok:
            for uid in self.scene.unit_items:
                self.scene.update_unit(uid)
            self.statusBar().showMessage("Last order taken back", 4000)
        self.refresh_play_overlays()
        return ok

    def _new_battle_dialog(self, seed: int) -> tuple[int, int | None] | None:
        dialog = NewBattleDialog(seed, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.seed.value(), (dialog.max_rounds.value() or None)

    def new_battle(self) -> bool:
        if not self.maybe_leave_game():
            return False
        answer = self.ask_new_battle(random_seed())
        if answer is None:
            return False
        seed, max_rounds = answer
        if self.play_mode:
            self.set_play_mode(False)
        self.set_play_mode(True, seed=seed, max_rounds=max_rounds)
        return True

    def _engine_error_dialog(self, message: str) -> str:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle("Engine error")
        box.setText("The rules engine failed on this order; the game is back at its last good state.")
        box.setInformativeText(message)
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Ok)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return "save" if box.exec() == QMessageBox.StandardButton.Save else "ok"

    def _engine_error(self, message: str) -> None:
        self.statusBar().showMessage(f"Engine error: {message}", 10000)
        if self.engine_error_prompt(message) == "save":
            self.save_game_as()

    def _session_started(self) -> None:
        """A new or resumed game: names for the log lines, no game-over banner."""
        scenario = self.controller.scenario or self.doc.scenario
        names = {p.id: p.name for p in scenario.players}
        names.update({o.id: o.name for o in scenario.objects})
        names.update({h.id: h.name for h in scenario.hazards if getattr(h, "name", None)})
        names.update({u.id: u.name for u in scenario.units})
        self.log_panel.set_unit_names(names)
        self.turn_panel.set_game_over(None)
        self.game_over_summary = None
        if self.play_mode:
            self.mode_label.setText("Play")

    def _game_over_dialog(self, summary) -> None:
        from brikwars_gui.ui.game_over import GameOverDialog

        old = getattr(self, "game_over_dialog", None)
        if old is not None:
            old.close()
        dialog = GameOverDialog(summary, self)
        dialog.finished.connect(lambda _r, d=dialog: self._game_over_choice(d.choice))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.game_over_dialog = dialog
        dialog.open()

    def _game_over_choice(self, choice: str) -> None:
        self.game_over_dialog = None
        if choice == "new":
            QTimer.singleShot(0, self.new_battle)
        elif choice == "editor":
            self.leave_play_mode()

    def _game_over(self, winner: str) -> None:
        from brikwars_gui.ui.game_over import game_summary

        summary = game_summary(self.controller)
        if summary is None or getattr(self, "game_over_summary", None) == summary:
            self._update_play_actions()
            return
        self.game_over_summary = summary
        self.statusBar().showMessage(summary.text(), 0)
        self.turn_panel.set_game_over(summary.text())
        self.mode_label.setText("Play · game over")
        self.scene.set_reach(None)
        self.scene.show_path(None)
        self._update_play_actions()
        self.show_game_over(summary)

    def _view_changed(self) -> None:
        c = self.controller
        for uid in self.scene.unit_items:
            self.scene.update_unit(uid)
        for oid in self.scene.object_items:
            self.scene.set_object_destroyed(oid, c.object_destroyed(oid))
        self.scene.set_play_hazards(c.hazard_view())
        self.unit_panel.model.refresh_status()
        self.timeline.set_live(c.view_index is None)
        if c.view_index is not None:
            self.scene.set_reach(None)
            self.scene.show_path(None)
            self.mode_label.setText(f"Play · viewing {c.snapshot_label(c.view_index)}")
        else:
            self.mode_label.setText("Play · game over" if self.game_over_summary else "Play")
        self._update_play_actions()

    def _event_activated(self, units, cells) -> None:
        self.scene.highlight(units, cells)
        if units and units[0] in self.scene.unit_items:
            self.view.ensureVisible(self.scene.unit_items[units[0]], 60, 60)

    def autosave(self) -> None:
        if self.recovery is None or not self.controller.has_game:
            return
        try:
            self.recovery.autosave(self.controller.saved_game())
        except Exception:
            log.exception("autosave failed")

    def save_game_as(self, path: str | Path | None = None) -> bool:
        if not self.controller.has_game:
            return False
        if path is None:
            start = str(self.game_path or f"{self.doc.scenario.name} (game).json")
            path, _ = QFileDialog.getSaveFileName(self, "Save game as", start, GAME_FILTER)
            if not path:
                return False
        path = Path(path)
        try:
            save_saved_game(self.controller.saved_game(), path)
        except (ScenarioError, OSError, ValueError) as exc:
            messages = getattr(exc, "messages", None) or [str(exc)]
            QMessageBox.critical(self, "Cannot save game", f"{path.name}:\n\n" + "\n".join(messages))
            return False
        self.game_path = path
        self._game_saved_orders = self.controller.order_count
        self._add_recent(path)
        self.statusBar().showMessage(f"Saved game {path}", 4000)
        return True

    def open_saved_game(self, path: str | Path, *, remember: bool = True) -> bool:
        """Resume a saved game; a bad file or a failed replay shows the messages and keeps the game.

        `remember=False` (the recovery autosave): the game gets no file of its own (Save asks where)
        and no Recent Files entry."""
        path = Path(path)
        try:
            saved = load_saved_game(path)
            built = self.controller.replay_saved(saved)
        except ScenarioError as exc:
            QMessageBox.critical(
                self,
                "Cannot open saved game",
                f"{path.name} could not be opened:\n\n" + "\n".join(exc.messages),
            )
            return False
        except Exception as exc:
            log.exception("saved game %s does not replay", path)
            QMessageBox.critical(
                self, "Cannot open saved game", f"{path.name}: its orders do not replay:\n\n{exc}"
            )
            return False
        if self.play_mode:
            self.set_play_mode(False)
        self.doc.reset(saved.scenario, None)
        self.set_play_mode(True, saved=(saved, built))
        if remember:
            self.game_path = path
            self._add_recent(path)
        else:
            self.game_path = None
        return True

    def _ask_recover_dialog(self, path: Path) -> bool:
        answer = QMessageBox.question(
            self,
            "Recover the last battle?",
            "BrikWars did not exit cleanly last time. Resume the battle autosaved at the last end of turn?",
        )
        return answer == QMessageBox.StandardButton.Yes

    def offer_recovery(self) -> bool:
        """At startup: offer the recovery file an unclean exit left behind."""
        if self.recovery is None:
            return False
        path = self.recovery.pending()
        if path is None:
            return False
        if not self.ask_recover(path):
            self.recovery.discard()
            return False
        return self.open_saved_game(path, remember=False)

    # -- edit actions ---------------------------------------------------------------------------
    def _try(self, func, *args):
        try:
            return func(*args)
        except ValueError as exc:
            self.doc.editRejected.emit(str(exc))
            return None

    def delete_selected(self) -> None:
        kind, item_id = self.selection.kind, self.selection.item_id
        if kind == "unit":
            self._try(self.doc.remove_unit, item_id)
        elif kind == "object":
            self._try(self.doc.remove_object, item_id)

    def duplicate_selected(self) -> None:
        kind, item_id = self.selection.kind, self.selection.item_id
        if kind == "unit" and (copy := self._try(self.doc.duplicate_unit, item_id)):
            self.selection.select("unit", copy.id)
        elif kind == "object" and (copy := self._try(self.doc.duplicate_object, item_id)):
            self.selection.select("object", copy.id)

    def rotate_selected(self) -> None:
        kind, item_id = self.selection.kind, self.selection.item_id
        if kind == "unit":
            self._try(self.doc.rotate_unit, item_id)
        elif kind == "object":
            self._try(self.doc.rotate_object, item_id)

    # -- files ----------------------------------------------------------------------------------
    def _ask_unsaved_dialog(self) -> str:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setText(f"“{self.doc.scenario.name}” has unsaved changes.")
        box.setInformativeText("Save them before continuing?")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {
            QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard",
        }.get(QMessageBox.StandardButton(answer), "cancel")

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document (saved, discarded or clean)."""
        if not self.doc.modified:
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save_scenario()
        return answer == "discard"

    def new_document(self) -> bool:
        if not self.maybe_leave_game() or not self.maybe_save():
            return False
        size = self.ask_new_size()
        if size is None:
            return False
        if self.play_mode:
            self.set_play_mode(False)
        self.doc.reset(empty_scenario(*size), None)
        self.view.fit()
        return True

    def _new_size_dialog(self) -> tuple[int, int] | None:
        dialog = NewFieldDialog(self)
        return dialog.field_size() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def open_file(self, path: str | Path | None = None) -> bool:
        if not self.maybe_leave_game() or not self.maybe_save():
            return False
        if path is None:
            start = str(self.doc.path.parent) if self.doc.path else ""
            path, _ = QFileDialog.getOpenFileName(self, "Open scenario", start, FILE_FILTER)
            if not path:
                return False
        path = Path(path)
        if is_saved_game_file(path):
            return self.open_saved_game(path)
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            QMessageBox.critical(
                self,
                "Cannot open scenario",
                f"{path.name} could not be opened:\n\n" + "\n".join(exc.messages),
            )
            return False
        if self.play_mode:
            self.set_play_mode(False)
        self.doc.reset(scenario, path)
        self._add_recent(path)
        return True

    def save(self) -> bool:
        """Ctrl+S: the game in Play mode, the scenario in Edit mode."""
        if self.play_mode and self.controller.has_game:
            return self.save_game_as(self.game_path) if self.game_path else self.save_game_as()
        return self.save_scenario()

    def save_scenario(self) -> bool:
        """The scenario (the document), in either mode: to its file, or asks where."""
        if self.doc.path is None:
            return self.save_as()
        return self._write(self.doc.path)

    def save_as(self, path: str | Path | None = None) -> bool:
        if path is None:
            start = str(self.doc.path) if self.doc.path else f"{self.doc.scenario.name}.json"
            path, _ = QFileDialog.getSaveFileName(self, "Save scenario as", start, FILE_FILTER)
            if not path:
                return False
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        try:
            save_scenario(self.doc.scenario, path)
        except (ScenarioError, OSError) as exc:
            messages = getattr(exc, "messages", None) or [str(exc)]
            QMessageBox.critical(self, "Cannot save scenario", f"{path.name}:\n\n" + "\n".join(messages))
            return False
        self.doc.undo_stack.setClean()
        self.doc.set_path(path)
        self._add_recent(path)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    # -- dock tab bars --------------------------------------------------------------------------
    def stale_tab_bars(self) -> list[QTabBar]:
        """Visible tab bars of the main window's dock layout that belong to no tab group on screen.

        Qt (6.x) keeps the QTabBar of an earlier tab group when docks are tabified in several steps
        or moved between areas: it stays visible under the central widget and shows up once the
        bottom docks grow. A live bar has tabs and sits right under one of the visible docks."""
        docks = [d.geometry() for d in self.findChildren(QDockWidget) if d.isVisible() and not d.isFloating()]
        out = []
        for bar in self.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if not bar.isVisible():
                continue
            g = bar.geometry()
            under_dock = any(
                abs(d.bottom() + 1 - g.top()) <= 3 and abs(d.left() - g.left()) <= 3 for d in docks
            )
            if bar.count() == 0 or not under_dock:
                out.append(bar)
        return out

    def hide_stale_tab_bars(self) -> int:
        for bar in self.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            bar.removeEventFilter(self)  # watch every bar (Qt makes new ones) for being shown again
            bar.installEventFilter(self)
        bars = self.stale_tab_bars()
        for bar in bars:
            bar.hide()
        return len(bars)

    def _watch_tab_bars(self) -> None:
        for dock in self.findChildren(QDockWidget):
            dock.removeEventFilter(self)
            dock.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show, QEvent.Type.Hide):
            self._tab_bar_timer.start()
        return super().eventFilter(watched, event)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._tab_bar_timer.start()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._tab_bar_timer.start()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_leave_game() or not self.maybe_save():
            event.ignore()
            return
        self.save_window_settings()
        self.controller.stop()
        if self.recovery is not None:
            self.recovery.end_session()
        event.accept()

    # -- help -----------------------------------------------------------------------------------
    def menu_actions(self) -> list[tuple[str, QAction]]:
        """Every action of the menu bar as (menu path, action), in menu order."""
        out: list[tuple[str, QAction]] = []

        def walk(menu: QMenu, path: str) -> None:
            for act in menu.actions():
                if act.isSeparator():
                    continue
                if act.menu() is not None:
                    walk(act.menu(), f"{path} ▸ {act.text().replace('&', '')}")
                else:
                    out.append((path, act))

        for top in self.menuBar().actions():
            if top.menu() is not None:
                walk(top.menu(), top.text().replace("&", ""))
        return out

    @staticmethod
    def shortcut_text(action: QAction) -> str:
        native = QKeySequence.SequenceFormat.NativeText
        return ", ".join(k.toString(native) for k in action.shortcuts() if not k.isEmpty())

    def update_action_tips(self) -> None:
        """Tooltips: what the action does, its shortcut and (in its description) the rule it applies."""
        for _path, act in self.menu_actions():
            name = act.text().replace("&", "")
            tip = act.property("tip") or ""
            keys = self.shortcut_text(act)
            head = f"{name} ({keys})" if keys else name
            act.setToolTip(f"{head}\n{tip}" if tip and tip != name else head)
            if not act.statusTip():
                act.setStatusTip(tip or name)

    def _undo_index_changed(self, _index: int) -> None:
        for act in (self.act_undo, self.act_redo):
            keys = self.shortcut_text(act)
            name = act.text().replace("&", "")
            act.setToolTip((f"{name} ({keys})" if keys else name) + "\n" + str(act.property("tip") or ""))

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(keys, action, menu) for every menu action with a shortcut, then the mouse/keyboard controls
        of the battlefield itself."""
        rows = [
            (self.shortcut_text(act), act.text().replace("&", ""), path)
            for path, act in self.menu_actions()
            if self.shortcut_text(act)
        ]
        rows += [
            ("Mouse wheel", "Zoom under the pointer", "Battlefield"),
            ("Middle drag, or Space + drag", "Pan the battlefield", "Battlefield"),
            ("Left click", "Select; in Play mode move the selected unit to a shaded cell", "Battlefield"),
            ("Right click", "Play mode: orders, attacks and Face ▸ for your unit", "Battlefield"),
            ("Ctrl+C", "Copy the selected log lines", "Dice & Event Log"),
        ]
        return rows

    def show_shortcuts(self) -> QDialog:
        from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem

        rows = self.shortcut_rows()
        dialog = QDialog(self)
        dialog.setObjectName("shortcutsDialog")
        dialog.setWindowTitle("Keyboard shortcuts")
        layout = QVBoxLayout(dialog)
        table = QTableWidget(len(rows), 3)
        table.setObjectName("shortcutTable")
        table.setHorizontalHeaderLabels(["Keys", "Action", "Where"])
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, row in enumerate(rows):
            for col, text in enumerate(row):
                table.setItem(r, col, QTableWidgetItem(text))
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(table)
        note = QLabel("In Play mode Ctrl+Z takes back your last order instead of undoing an edit.")
        note.setWordWrap(True)
        layout.addWidget(note)
        dialog.resize(620, 560)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        self.shortcuts_dialog = dialog
        return dialog

    def rules_reference_kind(self) -> str:
        if self.selection.kind:
            return self.selection.kind
        if self.view.tool in ("terrain",):
            return "terrain"
        if self.view.tool in ("hazard", "erase"):
            return "hazard"
        if self.view.tool == "ruler":
            return "ruler"
        return ""

    def show_rules_reference(self) -> QDialog:
        kind = self.rules_reference_kind()
        dialog = QDialog(self)
        dialog.setWindowTitle(f"Rules reference — {kind or 'basics'}")
        layout = QVBoxLayout(dialog)
        browser = QTextBrowser()
        browser.setHtml(reference_html(kind))
        layout.addWidget(browser)
        dialog.resize(620, 480)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def _about(self) -> None:
        from brikwars_gui import __version__

        where = (
            f"<p>Log file and recovery autosave: <code>{self.data_dir}</code></p>" if self.data_dir else ""
        )
        QMessageBox.about(
            self,
            "About BrikWars",
            f"<h3>BrikWars battle simulator {__version__}</h3>"
            "<p>A rules engine, scenario editor and battle player for the BrikWars tabletop wargame: "
            "play against the computer, prepare encounters, watch fire and Field Hazards spread.</p>"
            "<p>Every die comes from one seeded source, so a saved game replays exactly.</p>" + where,
        )
