"""Dock layout per mode, saved window state, and the Qt stale-tab-bar workaround."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QBoxLayout, QDockWidget, QFrame, QScrollArea, QTabBar, QWidget

DIRECT = Qt.FindChildOption.FindDirectChildrenOnly


class DockScrollArea(QScrollArea):
    """A side dock's scroll area whose panel is as tall as its wrapped text needs at the dock's
    width: Qt sizes a resizable scroll area's panel by its one-line minimum, so in a narrow dock
    wrapped labels pushed the rest down over each other (the Turn dock at 800x500: "AI speed" drawn
    over the unit table, review 2026-11-27 item 13). Then it scrolls instead."""

    def setWidget(self, widget: QWidget) -> None:
        super().setWidget(widget)
        widget.installEventFilter(self)  # its content changes (a banner shows, a label grows)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and watched is self.widget():
            self._fit_panel()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_panel()

    def _fit_panel(self) -> None:
        panel = self.widget()
        layout = panel.layout() if panel is not None else None
        if isinstance(layout, QBoxLayout) and layout.direction() == QBoxLayout.Direction.TopToBottom:
            panel.setMinimumHeight(column_height(layout, self.viewport().width()))


def column_height(layout: QBoxLayout, width: int) -> int:
    """The height a vertical layout's shown items need at `width`: each its minimum or, for
    wrapped text, its height at that width (Qt's own sum gives less than the minimum here)."""
    margins = layout.contentsMargins()
    inner = width - margins.left() - margins.right()
    items = [layout.itemAt(i) for i in range(layout.count())]
    shown = [item for item in items if not item.isEmpty()]
    heights = [
        max(item.minimumSize().height(), item.heightForWidth(inner) if item.hasHeightForWidth() else 0)
        for item in shown
    ]
    return sum(heights) + layout.spacing() * max(0, len(shown) - 1) + margins.top() + margins.bottom()
"""Docks and the dock layout's tab bars are the main window's own children: no deep search."""


class DocksMixin:
    """Where the panels sit in Edit and Play mode, and what is restored at the next start."""

    def _dock(
        self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea, *, scroll: bool = False
    ) -> QDockWidget:
        """`scroll`: the panel scrolls instead of imposing its full height on the window, so the
        window still fits 1280x720 and 1024x700 screens (issue 10)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        if scroll:
            area_widget = DockScrollArea()
            area_widget.setObjectName(f"{name}Scroll")
            area_widget.setWidgetResizable(True)
            area_widget.setFrameShape(QFrame.Shape.NoFrame)
            area_widget.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            area_widget.setWidget(widget)
            area_widget.setMinimumSize(120, 60)
            dock.setWidget(area_widget)
        else:
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
        self.dock_palette = self._dock("Palette", "paletteDock", self.palette, L, scroll=True)
        self.dock_scenario = self._dock("Scenario", "scenarioDock", self.scenario_panel, L, scroll=True)
        self.dock_minimap = self._dock("Overview", "minimapDock", self.minimap, L)
        self.dock_turn = self._dock("Turn", "turnDock", self.turn_panel, R, scroll=True)
        self.dock_inspector = self._dock("Inspector", "inspectorDock", self.inspectors, R, scroll=True)
        self.dock_units = self._dock("Units", "unitsDock", self.unit_panel, B, scroll=True)
        self.dock_log = self._dock("Dice && Event Log", "logDock", self.log_panel, B)
        self.dock_history = self._dock("Undo History", "historyDock", self.undo_view, B)
        self.dock_legend = self._dock("Legend", "legendDock", self.legend, R, scroll=True)
        self.tabifyDockWidget(self.dock_inspector, self.dock_legend)
        self.dock_inspector.raise_()
        self.tabifyDockWidget(self.dock_palette, self.dock_scenario)
        self.dock_palette.raise_()
        # one tab group made in one go, before any resize: tabifying in several steps leaves a
        # stale, visible QTabBar behind in the main window (see _hide_stale_tab_bars)
        self.tabifyDockWidget(self.dock_log, self.dock_history)
        self.tabifyDockWidget(self.dock_log, self.dock_units)  # Edit mode: the unit table, full width
        self.dock_log.raise_()
        self.resizeDocks([self.dock_palette, self.dock_minimap], [430, 200], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_palette], [self.SIDE_PANEL_WIDTH], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_inspector], [300], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_turn, self.dock_inspector], [150, 500], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_units], [200], Qt.Orientation.Vertical)
        self.dock_units.raise_()

    SIDE_PANEL_WIDTH = 290
    """Palette/Scenario dock width in Edit mode: their widest panel without a scroll bar."""
    NARROW = (1300, 800)
    """Below this width or height the docks make room for the battlefield."""
    BATTLEFIELD_SHARE = 0.55
    """The battlefield's least share of the window's width: side docks shrink to leave it that."""

    def fit_docks_to_window(self) -> None:
        """On a narrow or short window, shrink the side docks so the battlefield keeps most of the width
        (issue 10: at 1024 px it used to get ~310 px) and the bottom dock so it keeps half the height."""
        width, height = self.width(), self.height()
        if width >= self.NARROW[0] and height >= self.NARROW[1]:
            return  # a roomy window keeps the layout the user made
        B = Qt.DockWidgetArea.BottomDockWidgetArea
        if self.centralWidget().height() < height * 0.5:  # a short window: the log gives way
            bottom = [
                d
                for d in self.findChildren(QDockWidget, options=DIRECT)
                if d.isVisible() and not d.isFloating() and self.dockWidgetArea(d) == B
            ]
            if bottom:
                self.resizeDocks(bottom[:1], [max(110, int(height * 0.2))], Qt.Orientation.Vertical)
        if self.centralWidget().width() >= width * self.BATTLEFIELD_SHARE:
            return
        L, R = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        side = int(width * (1 - self.BATTLEFIELD_SHARE) / 2) - 8
        for area in (L, R):
            docks = [
                d
                for d in self.findChildren(QDockWidget, options=DIRECT)
                if d.isVisible() and not d.isFloating() and self.dockWidgetArea(d) == area
            ]
            if docks:
                self.resizeDocks(docks[:1], [max(160, side)], Qt.Orientation.Horizontal)

    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
            self._show_mode_toolbars(self.play_mode)  # a state saved in Play mode keeps its mode's bars
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
        # the Edit-mode layout: the next start is in Edit mode, and Play mode hides the Palette and
        # Scenario docks (issue 10: quitting in Play mode lost the Palette)
        state = self._edit_state if self.play_mode and self._edit_state is not None else self.saveState()
        self.settings.setValue("window/state", state)
        for layer, act in self.layer_actions.items():
            self.settings.setValue(f"overlays/{layer}", act.isChecked())
        self.settings.setValue("view/animateMoves", self.act_animate_moves.isChecked())
        self.settings.sync()

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
            self.unit_panel.set_fitted(True)  # a side dock: no sideways scroll (issue 10)
            self.resizeDocks([self.dock_minimap, self.dock_units], [230, 560], Qt.Orientation.Vertical)
            self.resizeDocks([self.dock_minimap], [350], Qt.Orientation.Horizontal)
            self.resizeDocks([self.dock_log], [230], Qt.Orientation.Vertical)
        else:
            if self.dockWidgetArea(self.dock_units) != B or self.dock_units not in self.tabifiedDockWidgets(
                self.dock_log
            ):
                self.tabifyDockWidget(self.dock_log, self.dock_units)
            header.moveSection(header.visualIndex(status), status)
            self.unit_panel.set_fitted(False)
            self.dock_units.raise_()
            self.resizeDocks([self.dock_units], [210], Qt.Orientation.Vertical)
            # Play mode made the Turn dock tall (its per-unit table): the inspector gets its room back
            self.resizeDocks([self.dock_turn, self.dock_inspector], [150, 500], Qt.Orientation.Vertical)
            self.resizeDocks([self.dock_palette], [self.SIDE_PANEL_WIDTH], Qt.Orientation.Horizontal)
        self._fit_timer.start()

    def stale_tab_bars(self) -> list[QTabBar]:
        """Visible tab bars of the main window's dock layout that belong to no tab group on screen.

        Qt (6.x) keeps the QTabBar of an earlier tab group when docks are tabified in several steps
        or moved between areas: it stays visible under the central widget and shows up once the
        bottom docks grow. A live bar has tabs and sits right under one of the visible docks."""
        docks = [
            d.geometry()
            for d in self.findChildren(QDockWidget, options=DIRECT)
            if d.isVisible() and not d.isFloating()
        ]
        out = []
        for bar in self.findChildren(QTabBar, options=DIRECT):
            g = bar.geometry()
            # one outside the window is seen by nobody: hiding it made Qt's layout show it again at
            # once, a show/hide loop that kept a core ~30% busy in Play mode (issue 9)
            if not bar.isVisible() or not self.rect().intersects(g):
                continue
            under_dock = any(
                abs(d.bottom() + 1 - g.top()) <= 3 and abs(d.left() - g.left()) <= 3 for d in docks
            )
            if bar.count() == 0 or not under_dock:
                out.append(bar)
        return out

    def hide_stale_tab_bars(self) -> int:
        for bar in self.findChildren(QTabBar, options=DIRECT):
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
