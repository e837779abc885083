"""`MainWindow`: the battlefield in the centre, dockable panels, menus, toolbar and file handling."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTextBrowser,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.battlefield import BattlefieldScene, BattlefieldView
from brikwars_gui.ui.document import EditorDocument, empty_scenario
from brikwars_gui.ui.inspector import UnitInspector
from brikwars_gui.ui.models import SelectionService
from brikwars_gui.ui.panels import (
    EventLogPanel,
    MiniMap,
    PalettePanel,
    ScenarioPanel,
    TurnPanel,
    UnitListPanel,
)
from brikwars_gui.ui.rules_ref import reference_html
from brikwars_gui.ui.scenario_io import ScenarioError, load_scenario, save_scenario
from brikwars_gui.ui.session_controller import SessionController

ORGANIZATION = "brikwars"
APPLICATION = "brikwars_gui"
MAX_RECENT = 8
FILE_FILTER = "BrikWars scenarios (*.json);;All files (*)"


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
    ) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.settings = settings if settings is not None else default_settings()
        self.ask_unsaved: Callable[[], str] = self._ask_unsaved_dialog
        """Returns "save", "discard" or "cancel"; tests replace it."""
        self.doc = EditorDocument(scenario or empty_scenario(), Path(path) if path else None, self)
        self.selection = SelectionService(self)
        self.controller = controller or SessionController(self)
        self.play_mode = False

        self.scene = BattlefieldScene(self.doc, self.selection, self)
        self.view = BattlefieldView(self.scene)
        self.view.setObjectName("battlefield")
        self.setCentralWidget(self.view)

        self.unit_panel = UnitListPanel(self.doc, self.selection)
        self.inspector = UnitInspector(self.doc, self.selection)
        self.turn_panel = TurnPanel(self.doc)
        self.log_panel = EventLogPanel()
        self.palette = PalettePanel(self.doc, self.view.settings)
        self.scenario_panel = ScenarioPanel(self.doc)
        self.minimap = MiniMap(self.doc, self.view)
        self.undo_view = QUndoView(self.doc.undo_stack)
        self.undo_view.setEmptyLabel("<opened>")

        self._create_actions()
        self._create_docks()
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
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.setCheckable(checkable)
        if slot is not None:
            action.triggered.connect(slot)
        return action

    def _create_actions(self) -> None:
        sk = QKeySequence.StandardKey
        self.act_new = self._action("&New", self.new_document, sk.New, "New empty 24×16 battlefield")
        self.act_open = self._action("&Open…", lambda: self.open_file(), sk.Open, "Open a scenario (.json)")
        self.act_save = self._action("&Save", self.save, sk.Save, "Save the scenario")
        self.act_save_as = self._action(
            "Save &As…", lambda: self.save_as(), sk.SaveAs, "Save under a new name"
        )
        self.act_quit = self._action("&Quit", self.close, sk.Quit)
        self.act_undo = self.doc.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(sk.Undo)
        self.act_redo = self.doc.undo_stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcut(sk.Redo)
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
        self.act_zoom_in = self._action("Zoom &In", self.view.zoom_in, sk.ZoomIn)
        self.act_zoom_out = self._action("Zoom &Out", self.view.zoom_out, sk.ZoomOut)
        self.act_fit = self._action("&Fit to Window", self.view.fit, QKeySequence("Ctrl+0"))
        self.layer_actions: dict[str, QAction] = {}
        for layer, label, tip in (
            ("grid", "&Grid", "Grid lines (1 cell = 1 inch, GRID-1)"),
            ("hazards", "&Hazard Fields", "Field Hazards overlay (R-HAZ-1, R-HAZ-6)"),
            ("smoke", "S&moke", "Smoke fields (R-HAZ-7)"),
            ("fire", "&Fire", "Fires, coloured by Fire Size (R-FIRE-1)"),
            ("labels", "&Labels", "Unit, object and field labels"),
        ):
            act = self._action(label, tip=tip, checkable=True)
            act.setChecked(True)
            act.toggled.connect(lambda on, name=layer: self.scene.set_layer_visible(name, on))
            self.layer_actions[layer] = act
        self.mode_group = QActionGroup(self)
        self.act_edit_mode = self._action(
            "&Edit Mode",
            lambda: self.set_play_mode(False),
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
        self.act_rules = self._action(
            "&Rules Reference for Selection",
            self.show_rules_reference,
            QKeySequence.StandardKey.HelpContents,
            "RULES.md entries for the selection",
        )
        self.act_about = self._action("&About", self._about)
        self.tool_actions: dict[str, QAction] = {}
        self.tool_group = QActionGroup(self)
        for tool, label, key in (
            ("select", "Select", "S"),
            ("ruler", "Ruler", "M"),
            ("terrain", "Terrain", "T"),
            ("hazard", "Hazard", "H"),
            ("unit", "Unit", "U"),
        ):
            act = self._action(
                label,
                lambda _c=False, t=tool: self.set_tool(t),
                QKeySequence(key),
                f"{label} tool ({key})",
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
        self.tabifyDockWidget(self.dock_log, self.dock_history)
        self.dock_log.raise_()
        self.resizeDocks([self.dock_palette, self.dock_minimap], [430, 200], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_palette], [250], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_inspector], [300], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_turn, self.dock_inspector], [150, 500], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_units], [200], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_units, self.dock_log], [600, 300], Qt.Orientation.Horizontal)

    def _create_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.act_new, self.act_open])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        file_menu.addActions([self.act_save, self.act_save_as])
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
        view.addSeparator()
        panels = view.addMenu("&Panels")
        for dock in self.findChildren(QDockWidget):
            panels.addAction(dock.toggleViewAction())
        game = bar.addMenu("&Game")
        game.addActions([self.act_edit_mode, self.act_play_mode])
        game.addSeparator()
        game.addAction(self.act_end_turn)
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.act_rules, self.act_about])

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
        tb.addActions([self.act_edit_mode, self.act_play_mode, self.act_end_turn])
        self.addToolBar(tb)
        self.toolbar = tb

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
        self.controller.turnChanged.connect(lambda r, p: self.turn_panel.set_turn(r, p or None))
        self.controller.eventLogged.connect(self.log_panel.model.append)
        self.controller.unitUpdated.connect(self.scene.update_unit)
        self.controller.unitUpdated.connect(self.unit_panel.model.refresh_status)
        self.controller.canEndTurnChanged.connect(self._end_turn_enabled)
        self.turn_panel.endTurnRequested.connect(self.controller.end_turn)

    # -- settings -------------------------------------------------------------------------------
    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        for layer, act in self.layer_actions.items():
            value = self.settings.value(f"overlays/{layer}")
            if value is not None:
                act.setChecked(str(value).lower() in ("true", "1"))

    def save_window_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        for layer, act in self.layer_actions.items():
            self.settings.setValue(f"overlays/{layer}", act.isChecked())
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
        self.act_end_turn.setEnabled(self.play_mode and self.controller.can_end_turn)

    def _end_turn_enabled(self, enabled: bool) -> None:
        self.act_end_turn.setEnabled(self.play_mode and enabled)
        self.turn_panel.end_turn.setEnabled(self.play_mode and enabled)

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

    def set_play_mode(self, play: bool) -> None:
        self.play_mode = play
        (self.act_play_mode if play else self.act_edit_mode).setChecked(True)
        self.view.set_edit_mode(not play)
        self.inspector.set_editable(not play)
        self.palette.set_editable(not play)
        self.scenario_panel.setEnabled(not play)
        self.act_undo.setEnabled(not play and self.doc.undo_stack.canUndo())
        self.act_redo.setEnabled(not play and self.doc.undo_stack.canRedo())
        self.mode_label.setText("Play" if play else "Edit")
        if play:
            self.controller.start(self.doc.scenario)
            self.scene.badge_provider = self.controller.unit_badges
            self.unit_panel.model.status_provider = self.controller.unit_status
            self.unit_panel.model.status_provider = lambda uid: self.controller.unit_status(uid) or "Ready"
        else:
            self.controller.stop()
            self.scene.badge_provider = None
            self.unit_panel.model.status_provider = None
            self.turn_panel.set_turn(1, None)
        self.unit_panel.model.refresh_status()
        self._update_actions()

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
            return self.save()
        return answer == "discard"

    def new_document(self) -> bool:
        if not self.maybe_save():
            return False
        if self.play_mode:
            self.set_play_mode(False)
        self.doc.reset(empty_scenario(), None)
        return True

    def open_file(self, path: str | Path | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            start = str(self.doc.path.parent) if self.doc.path else ""
            path, _ = QFileDialog.getOpenFileName(self, "Open scenario", start, FILE_FILTER)
            if not path:
                return False
        path = Path(path)
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

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.save_window_settings()
        self.controller.stop()
        event.accept()

    # -- help -----------------------------------------------------------------------------------
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
        QMessageBox.about(
            self, "About BrikWars", "BrikWars battle simulator — rules engine, editor and player."
        )
