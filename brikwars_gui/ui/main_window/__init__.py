"""The main window, split by concern (as qutebrowser's `mainwindow/` package)."""

from brikwars_gui.ui.main_window.window import APPLICATION, ORGANIZATION, MainWindow, default_settings

__all__ = ["APPLICATION", "ORGANIZATION", "MainWindow", "default_settings"]
