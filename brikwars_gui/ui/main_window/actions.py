"""Actions, shortcuts, menus, toolbar, edit commands and the Help dialogs of the main window."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QMenu,
    QMessageBox,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
)

from brikwars_gui.ui.battlefield import DEFAULT_HIDDEN
from brikwars_gui.ui.rules_ref import reference_html

MEDIA_KEYS = Qt.Key.Key_Back.value
"""Qt's key codes from Back on are media and application keys (Back, Exit, Redo…), not keys of a
keyboard's main block, function row or navigation keys."""

class ActionsMixin:
    """QActions and their menus/toolbar; tooltips name the shortcut and the rule an action applies."""

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
        self.act_quit = self._action(
            "&Quit", self.close, self.keys_with(sk.Quit, "Ctrl+Q"), "Quit BrikWars (asks to save changes)"
        )
        # fixed labels (the edit's name goes in the tooltip), so the toolbar does not jump when it changes
        self.act_undo = self._action(
            "&Undo", self.doc.undo_stack.undo, sk.Undo, "Undo the last edit of the scenario (Edit mode)"
        )
        self.redo_keys = self.keys_with(sk.Redo, "Ctrl+Y")  # Play mode takes them off, Edit puts them back
        self.act_redo = self._action(
            "&Redo", self.doc.undo_stack.redo, self.redo_keys, "Redo the edit just undone (Edit mode)"
        )
        self.doc.undo_stack.canUndoChanged.connect(self._update_undo_actions)
        self.doc.undo_stack.canRedoChanged.connect(self._update_undo_actions)
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
        self.act_about = self._action("&About", self._about, tip="Version, licence and where files live")
        self.act_user_guide = self._action(
            "&User Guide", self.show_user_guide, tip="The user guide: panels, overlays, the log, saved games"
        )
        self.act_licence = self._action("&Licence", self.show_licence, tip="The licence of BrikWars")
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
            (
                "fire",
                "Fire",
                "F",
                "Fire brush: set an object or unit alight, or paint a permanent fire (R-FIRE-1)",
            ),
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
        # on the window too: its shortcut stays live while a Response question disables the menus
        self.addAction(self.act_quit)
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
        self.act_legend = self.dock_legend.toggleViewAction()
        self.act_legend.setText("&Legend")
        self.act_legend.setShortcut(QKeySequence("Ctrl+L"))
        self.act_legend.setProperty("tip", "What the overlay colours and token badges mean")
        self.act_legend.setStatusTip("What the overlay colours and token badges mean")
        view.addAction(self.act_legend)
        view.addSeparator()
        panels = view.addMenu("&Panels")
        for dock in self.findChildren(QDockWidget):
            if dock is self.dock_legend:  # View ▸ Legend already
                continue
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
        from brikwars_gui.ui.heatmap_dock import install_heat_tools

        install_heat_tools(self, file_menu, game, view)
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.act_user_guide, self.act_rules, self.act_shortcuts])
        help_menu.addSeparator()
        help_menu.addActions([self.act_licence, self.act_about])

        # the game's buttons first: on a narrow window the toolbar overflow hides the editing tools,
        # never Edit/Play/End Turn. The turn's buttons show only in Play mode and the editing tools
        # only in Edit mode (`_show_mode_toolbars`), so each mode's row fits 1280 px (review
        # 2026-11-27 item 16: the Hazard, Fire and Unit buttons were cut off with no overflow arrow)
        game_tb = self._toolbar("Game", "gameToolBar", [self.act_edit_mode, self.act_play_mode])
        self.game_toolbar = game_tb
        self.turn_toolbar = self._toolbar(
            "Turn", "turnToolBar", [self.act_end_unit, self.act_end_turn, self.act_undo_order]
        )
        tb = self._toolbar("Main", "mainToolBar", [self.act_new, self.act_open, self.act_save])
        tb.addSeparator()
        tb.addActions([self.act_undo, self.act_redo])
        tb.addSeparator()
        tb.addActions([self.act_zoom_in, self.act_zoom_out, self.act_fit])
        self.toolbar = tb
        self.tools_toolbar = self._toolbar("Tools", "toolsToolBar", list(self.tool_actions.values()))
        self._show_mode_toolbars(False)
        self.update_action_tips()
        self.doc.undo_stack.indexChanged.connect(self._undo_index_changed)
        self.timeline_bar = QToolBar("Timeline", self)
        self.timeline_bar.setObjectName("timelineToolBar")
        self.timeline_bar.addWidget(self.timeline)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.timeline_bar)
        self.timeline_bar.setVisible(False)

    def _toolbar(self, title: str, name: str, actions: list) -> QToolBar:
        bar = QToolBar(title, self)
        bar.setObjectName(name)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        bar.addActions(actions)
        self.addToolBar(bar)
        return bar

    def _show_mode_toolbars(self, play: bool) -> None:
        """End Unit/End Turn/Undo Last Order in Play mode, the editing tools in Edit mode."""
        self.turn_toolbar.setVisible(play)
        self.tools_toolbar.setVisible(not play)

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
        elif kind in ("hazard", "fire", "trap"):
            doc = self.doc
            remove = {"hazard": doc.remove_hazard, "fire": doc.remove_fire, "trap": doc.remove_trap}
            self._try(remove[kind], item_id)
            self.selection.clear()

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
        elif kind == "object" or kind == "object":
            self._try(self.doc.rotate_object, item_id)

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
        """The action's keys a keyboard has: Qt's generic theme adds the media keys "Exit" (Quit) and
        "Redo", which read as words in the list ("Ctrl+Q, Exit", review 2026-11-27 item 29)."""
        native = QKeySequence.SequenceFormat.NativeText
        return ", ".join(
            k.toString(native)
            for k in action.shortcuts()
            if not k.isEmpty() and k[0].key().value < MEDIA_KEYS
        )

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

    @staticmethod
    def keys_with(standard: QKeySequence.StandardKey, extra: str) -> list[QKeySequence]:
        """The platform's keys for `standard` and `extra`, which some platforms' lack: Ctrl+Y for
        Redo on Linux (issue 10), Ctrl+Q for Quit outside KDE and GNOME (Qt's generic theme has
        none, so a window manager like openbox left Quit without a key)."""
        keys = QKeySequence.keyBindings(standard)
        key = QKeySequence(extra)
        return keys + ([key] if key not in keys else [])

    def _update_undo_actions(self, *_args) -> None:
        stack = self.doc.undo_stack
        self.act_undo.setEnabled(not self.play_mode and stack.canUndo())
        self.act_redo.setEnabled(not self.play_mode and stack.canRedo())
        self._undo_index_changed(stack.index())

    def _undo_index_changed(self, _index: int) -> None:
        stack = self.doc.undo_stack
        for act, what in ((self.act_undo, stack.undoText()), (self.act_redo, stack.redoText())):
            keys = self.shortcut_text(act)
            name = act.text().replace("&", "") + (f" {what}" if what else "")
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
        if self.view.tool in ("hazard", "erase", "fire"):
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
        from brikwars_gui.ui.help_pages import about_html

        QMessageBox.about(self, "About BrikWars", about_html(self.data_dir))

    def show_user_guide(self) -> QDialog:
        from brikwars_gui.ui.help_pages import text_dialog, user_guide_text

        return text_dialog(self, "BrikWars user guide", user_guide_text(), markdown=True)

    def show_licence(self) -> QDialog:
        from brikwars_gui.ui.help_pages import licence_page, text_dialog

        return text_dialog(self, "Licence", licence_page())
