"""`MainWindow`: the battlefield in the centre, dockable panels, menus, toolbar and file handling.

The behaviour lives in mixins by concern (actions, docks, files, play); this module builds the
widgets, wires the signals and handles the window's own Qt events."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMenu,
    QTableView,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.army import ArmyLibrary
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.attack_card import AttackCard
from brikwars_gui.ui.battlefield import BattlefieldScene, BattlefieldView
from brikwars_gui.ui.document import EditorDocument, empty_scenario
from brikwars_gui.ui.effect_builder import EffectBuilder
from brikwars_gui.ui.event_log import EventLogPanel
from brikwars_gui.ui.fit_table import ColumnFitter
from brikwars_gui.ui.fog_layer import FogLayer
from brikwars_gui.ui.handover import HandOverCurtain
from brikwars_gui.ui.inspector import UnitInspector
from brikwars_gui.ui.item_inspector import ItemInspector
from brikwars_gui.ui.legend import LegendPanel
from brikwars_gui.ui.main_window.actions import ActionsMixin
from brikwars_gui.ui.main_window.docks import DocksMixin
from brikwars_gui.ui.main_window.edit_menu import EditMenuMixin
from brikwars_gui.ui.main_window.files import FilesMixin
from brikwars_gui.ui.main_window.play import PlayMixin
from brikwars_gui.ui.main_window.recovery import RecoveryMixin
from brikwars_gui.ui.main_window.sn_play import SNPlayMixin
from brikwars_gui.ui.map_feedback import ChoiceCells, ResultFloats
from brikwars_gui.ui.models import UNIT_ID_ROLE, SelectionService
from brikwars_gui.ui.overview import MiniMap
from brikwars_gui.ui.panels import PalettePanel, TurnPanel, UnitListPanel
from brikwars_gui.ui.play_panels import AIControls, TurnUnitsModel
from brikwars_gui.ui.response_prompt import ResponsePrompt
from brikwars_gui.ui.scenario_panel import ScenarioPanel
from brikwars_gui.ui.session_controller import SessionController
from brikwars_gui.ui.timeline import TimelineBar, ViewingBanner
from brikwars_gui.ui.unit_card import UnitHoverCard

ORGANIZATION = "brikwars"
APPLICATION = "brikwars_gui"


def default_settings() -> QSettings:
    return QSettings(ORGANIZATION, APPLICATION)


class MainWindow(
    ActionsMixin, DocksMixin, EditMenuMixin, FilesMixin, PlayMixin, SNPlayMixin, RecoveryMixin, QMainWindow
):
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
        self.ask_unsaved_work: Callable[[], str] = self._ask_unsaved_work_dialog
        """Both at once (one question, maybe_drop_work): "save", "discard" or "cancel"."""
        self._game_saved_orders: int | None = None
        """The game's order count when it was started, resumed or saved by the user."""
        self.doc = EditorDocument(scenario or empty_scenario(), Path(path) if path else None, self)
        self.selection = SelectionService(self)
        self.controller = controller or SessionController(self)
        self.play_mode = False
        self._edit_state: QByteArray | None = None
        """The dock layout of Edit mode, kept while playing: what is saved for the next start."""
        self.game_path: Path | None = None
        self.engine_error_prompt: Callable[[str], str] = self._engine_error_dialog
        """Shows an engine error; returns "save" when the user wants to save the game."""
        self.ask_new_battle: Callable[[int], tuple[int, int | None] | None] = self._new_battle_dialog
        self.ask_undo_rewind: Callable[[int, tuple[str, ...]], bool] = self._ask_undo_rewind_dialog
        """Undo would take back other players' turns too (round, their names): True to go on."""
        self.ask_new_size: Callable[[], tuple[int, int] | None] = self._new_size_dialog
        """File ▸ New asks the table size (width, depth) in inches; None cancels. Tests replace it."""
        self.show_game_over: Callable[[object], None] = self._game_over_dialog
        """Shows the end of the battle (a `GameSummary`); tests replace it."""
        self.game_over_summary = None
        self.game_over_dialog = None
        self.controller.ask_response = self.ask_response
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self._init_recovery(self.data_dir)
        self._init_disk_stamps()
        self.last_action_menu: QMenu | None = None
        self.last_edit_menu: QMenu | None = None
        self._reach: dict[tuple[int, int], int] = {}
        self._missed_cell: tuple[int, int] | None = None  # a click out of reach, once (Play mode)
        self._overlay_timer = QTimer(self)
        self._overlay_timer.setSingleShot(True)
        self._overlay_timer.setInterval(0)
        self._overlay_timer.timeout.connect(self.refresh_play_overlays)

        self._tab_bar_timer = QTimer(self)
        self._tab_bar_timer.setSingleShot(True)
        self._tab_bar_timer.setInterval(0)
        self._tab_bar_timer.timeout.connect(self.hide_stale_tab_bars)
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self.fit_docks_to_window)
        self._sight_timer = QTimer(self)
        self._sight_timer.setSingleShot(True)
        self._sight_timer.setInterval(0)
        self._sight_timer.timeout.connect(self.refresh_unit_overlays)

        self.scene = BattlefieldScene(self.doc, self.selection, self)
        self.view = BattlefieldView(self.scene)
        self.fog_layer = FogLayer(self.scene, self.controller)  # fog of war in Play mode
        self.view.setObjectName("battlefield")
        self.setCentralWidget(self.view)
        self.viewing_banner = ViewingBanner(self.view)  # "Viewing Round 2…" while the timeline is scrubbed
        self.order_banner = QLabel(self.view)  # "Round 3: The restless dead go first — ..." (R-NP-9)
        self.order_banner.setObjectName("orderBanner")
        self.order_banner.setWordWrap(True)
        self.order_banner.setMaximumWidth(560)
        self.order_banner.setStyleSheet(
            "#orderBanner { background: #4a148c; color: white; padding: 6px 10px; border-radius: 4px; }"
        )
        self.order_banner.hide()
        self.curtain = HandOverCurtain(self)  # hot seat under fog of war (ui/handover.py)
        self._curtain_for: str | None = None
        self._order_banner_timer = QTimer(self)
        self._order_banner_timer.setSingleShot(True)
        self._order_banner_timer.setInterval(8000)
        self._order_banner_timer.timeout.connect(self.order_banner.hide)
        self.attack_card = AttackCard(self.view)
        self.hover_card = UnitHoverCard(self.view)
        self.view.cards += [self.attack_card, self.hover_card]  # the line of sight's tip leaves them be
        self.response_prompt = ResponsePrompt(self.view)
        self.effect_builder = EffectBuilder(self.view)  # SN Effects, die by die (R-SN-14)
        self.choice_cells = ChoiceCells(self.scene)
        self.result_floats = ResultFloats(self.scene)
        self.response_prompt.cellsChanged.connect(self.choice_cells.show)

        self.unit_panel = UnitListPanel(self.doc, self.selection)
        self.library = ArmyLibrary.load(self.data_dir)
        self.inspector = UnitInspector(self.doc, self.selection, library=self.library)
        self.inspector.card_provider = self.controller.unit_card
        self.item_inspector = ItemInspector(self.doc, self.selection)
        self.inspectors = QWidget()  # the dock shows the unit's or the other thing's inspector
        column = QVBoxLayout(self.inspectors)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.inspector)
        column.addWidget(self.item_inspector)
        self.selection.selectionChanged.connect(
            lambda kind, _id: self.inspector.setVisible(kind not in ItemInspector.KINDS)
        )
        self.controller.unitUpdated.connect(self.inspector.refresh_unit)
        self.controller.unitUpdated.connect(self._hover_card_unit_updated)
        self.view.viewportMoved.connect(self.hover_card.hide_card)  # scrolled or zoomed: off its token
        c = self.controller
        for signal in (c.viewChanged, c.sessionStarted, c.sessionStopped):
            signal.connect(lambda: self.inspector.refresh_unit(self.inspector.unit_id or ""))
        self.turn_panel = TurnPanel(self.doc)
        self.turn_units = TurnUnitsModel(self.controller, self)
        self.turn_table = QTableView()
        self.turn_table.setObjectName("turnUnits")
        self.turn_table.setModel(self.turn_units)
        self.turn_table.verticalHeader().setVisible(False)
        self.turn_table.verticalHeader().setDefaultSectionSize(20)
        # every column in a narrow dock (issue 10); a very narrow one drops Dice, then Status (on the card)
        self.turn_fitter = ColumnFitter(self.turn_table, optional=(4, 3))
        self.turn_table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.turn_table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.turn_table.clicked.connect(
            lambda idx: self.selection.select_unit(self.turn_units.data(idx, UNIT_ID_ROLE))
        )
        self.ai_controls = AIControls(self.controller)
        self.turn_panel.add_play_widgets(self.turn_table, self.ai_controls)
        self.log_panel = EventLogPanel()
        self.timeline = TimelineBar()
        self.palette = PalettePanel(self.doc, self.view.settings, library=self.library)
        self.inspector.templateSaved.connect(self.palette.add_saved_template)
        self.scenario_panel = ScenarioPanel(self.doc)
        self.minimap = MiniMap(self.doc, self.view)
        self.legend = LegendPanel()
        self.undo_view = QUndoView(self.doc.undo_stack)
        self.undo_view.setEmptyLabel("<opened>")

        self._create_actions()
        self._create_docks()
        self._watch_tab_bars()
        self._create_menus()
        self._create_status_bar()
        self._connect()
        self._fit_first_size()
        self._restore_settings()
        self._update_title()
        self._update_actions()
        self._update_undo_actions()

    def _create_status_bar(self) -> None:
        self.cell_label = QLabel("–")
        self.cell_label.setObjectName("cellLabel")
        self.cell_label.setMinimumWidth(160)
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
        # a new turn may change what the viewing player knows of every unit (G-16 with two humans)
        c.turnChanged.connect(lambda *_: self.unit_panel.model.refresh_status())
        c.unitUpdated.connect(self._unit_updated)
        c.unitsReset.connect(self._units_reset)
        c.objectUpdated.connect(lambda oid: self.scene.set_object_destroyed(oid, c.object_destroyed(oid)))
        c.hazardsChanged.connect(self._hazards_changed)
        c.unitUpdated.connect(self.minimap.unit_changed)
        for signal in (c.viewChanged, c.sessionStarted):
            signal.connect(self.minimap.units_changed)
        for signal in (c.objectUpdated, c.viewChanged):  # destroyed objects of the state shown
            signal.connect(self.minimap.objects_changed)
        c.canEndTurnChanged.connect(self._end_turn_enabled)
        c.ordersEnabledChanged.connect(lambda _on: self._update_play_actions())
        c.aiRunningChanged.connect(lambda _on: self._update_play_actions())
        c.orderRejected.connect(lambda msg: self.statusBar().showMessage(f"Not allowed: {msg}", 6000))
        c.engineError.connect(self._engine_error)
        c.turnCompleted.connect(self.autosave)
        c.gameOver.connect(self._game_over)
        c.viewChanged.connect(self._view_changed)
        c.sessionStarted.connect(self._session_started)
        c.eventAdded.connect(self._roster_logged)
        c.unitMoved.connect(self.scene.queue_move)
        c.mapResult.connect(self.result_floats.show)
        c.mapResult.connect(lambda *_: self.hover_card.hide_card())  # the result, not a card over it
        c.aiSkipped.connect(self.result_floats.clear)
        c.aiSkipped.connect(self.scene.finish_move_animations)
        c.viewChanged.connect(self.scene.finish_move_animations)
        self.turn_panel.endTurnRequested.connect(self.end_turn)
        self.view.playClicked.connect(self._play_click)
        self.view.playContext.connect(self._play_context)
        self.view.editContext.connect(self._edit_context)
        self.view.cellHovered.connect(self._play_hover)
        self.selection.selectionChanged.connect(lambda *_: self._schedule_overlays())
        self.selection.selectionChanged.connect(lambda *_: self._sight_timer.start())
        self.selection.selectionChanged.connect(lambda *_: self.scene.show_line_of_sight(None))
        self.selection.selectionChanged.connect(lambda *_: self.attack_card.hide())
        c.eventAdded.connect(self._cards_outdated)
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
        # picking a unit in a list brings it into view (a click on the map does not move the map)
        for table in (self.unit_panel.table, self.turn_table):
            table.clicked.connect(lambda _i: QTimer.singleShot(0, self.center_on_selected_unit))
        self.timeline.snapshotRequested.connect(self.controller.show_snapshot)
        self.timeline.liveRequested.connect(self.controller.show_live)

    @property
    def game_path(self) -> Path | None:
        """The saved-game file of the battle in progress (None: not saved yet)."""
        return self._game_path

    @game_path.setter
    def game_path(self, path: Path | None) -> None:
        self._game_path = path
        self._update_title()

    def window_title(self) -> str:
        """The saved game's file while one is played, else the scenario's file."""
        if self.play_mode and self.game_path is not None:
            name = self.game_path.name
        else:
            name = self.doc.path.name if self.doc.path else "Untitled"
        star = " *" if self.doc.modified else ""
        title = self.doc.scenario.name
        if title == name or (name == "Untitled" and title == "Untitled"):
            return f"{name}{star} — BrikWars"  # not "Untitled — Untitled — BrikWars"
        return f"{name}{star} — {title} — BrikWars"

    def _fit_first_size(self) -> None:
        """1400x900, or what the screen has room for (a 1366x768 laptop, a 1280x720 screen): the
        whole window, title bar included, on screen at the first start; a saved geometry replaces
        it (`_restore_settings`)."""
        width, height = 1400, 900
        screen = self.screen()
        room = screen.availableGeometry() if screen is not None else None
        if room is not None and room.isValid():
            width, height = min(width, room.width() - 16), min(height, room.height() - 48)
        self.resize(width, height)

    def _update_title(self) -> None:
        self.setWindowTitle(self.window_title())

    def _update_actions(self) -> None:
        editing = not self.play_mode
        has_sel = bool(self.selection.kind in ("unit", "object"))
        for act in (self.act_duplicate, self.act_rotate):
            act.setEnabled(editing and has_sel)
        self.act_delete.setEnabled(editing and bool(self.selection.kind))
        for name, act in self.tool_actions.items():
            act.setEnabled(editing or name in ("select", "ruler"))
        self._update_play_actions()

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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show, QEvent.Type.Hide):
            self._tab_bar_timer.start()
        return super().eventFilter(watched, event)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._tab_bar_timer.start()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.hover_card.hide_card()  # the map moves under a still pointer
        self._tab_bar_timer.start()
        for prompt in (self.response_prompt, self.effect_builder):
            if prompt.active:
                prompt.reposition()
        self._fit_timer.start()

    def center_on_selected_unit(self) -> None:
        item = self.scene.unit_items.get(self.selection.unit_id or "")
        if item is not None and item.isVisible():  # never to an unseen enemy (fog of war, G-16)
            self.view.centerOn(item)

    def _hazards_changed(self) -> None:
        view = self.controller.hazard_view()
        self.scene.set_play_hazards(view)
        self.minimap.set_hazards(view)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.response_prompt.active:  # an order waits for an answer: give the default, then close
            self.response_prompt.take_default()
            event.ignore()
            QTimer.singleShot(0, self.close)
            return
        if not self.maybe_drop_work():
            event.ignore()
            return
        self.save_window_settings()
        self.controller.stop()
        self.end_recovery()
        event.accept()
