"""`brikwars [FILE]`: start the desktop application on a scenario or a saved game (default: the bundled
skirmish).

The application (not the window) decides where the log file and the recovery autosave live: `main`
passes `data_dir=` (Qt's AppDataLocation, e.g. `~/.local/share/brikwars/brikwars_gui` on Linux)
to the window; tests and scripts pass their own directory or none.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from brikwars_gui.paths import RESOURCES, SCENARIOS, scenario_argument
from brikwars_gui.product import version_line

DEFAULT_SCENARIO = SCENARIOS / "skirmish.json"
STYLE_SHEET = RESOURCES / "styles" / "app.qss"
ICON_FILES = (RESOURCES / "icons" / "brikwars.svg", RESOURCES / "icons" / "brikwars.png")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="brikwars", description="BrikWars battle simulator (desktop app)")
    parser.add_argument(
        "scenario",
        nargs="?",
        help="scenario or saved game (.json), or a bundled sample by name (hazard_showcase, ruined_chapel... "
        "`brikwars-sim samples` lists them); default: the bundled skirmish",
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="open the window offscreen on the scenario (default: the bundled skirmish), play one computer "
        "turn, exit 0 if it works",
    )
    parser.add_argument("--version", action="version", version=version_line("brikwars", qt=True))
    return parser


def app_icon():
    """The application icon (a brick with a die face) from resources/icons, or a null QIcon."""
    from PySide6.QtGui import QIcon

    icon = QIcon()
    for path in ICON_FILES:
        if path.is_file():
            icon.addFile(str(path))
    return icon


def create_application(argv: Sequence[str] | None = None):
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.ui.main_window import APPLICATION, ORGANIZATION

    app = QApplication.instance() or QApplication(list(argv or sys.argv[:1]))
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("BrikWars")
    app.setDesktopFileName("org.brikwars.brikwarsgui")  # packaging/org.brikwars.brikwarsgui.desktop
    icon = app_icon()
    if not icon.isNull():
        app.setWindowIcon(icon)
    if STYLE_SHEET.is_file():
        app.setStyleSheet(STYLE_SHEET.read_text(encoding="utf-8"))
    return app


def default_data_dir() -> Path:
    """Where the real application keeps brikwars.log and its recovery slots (Qt AppDataLocation)."""
    from brikwars_gui.ui.recovery import app_data_dir

    return app_data_dir()


def open_window(
    path: str | Path | None,
    *,
    settings=None,
    data_dir: str | Path | None = None,
    show_errors: bool = True,
):
    """A `MainWindow` on `path`; a missing/bad file shows the loader's messages and an empty scenario.

    `data_dir` (log file, recovery autosave) is off unless given."""
    from PySide6.QtWidgets import QMessageBox

    from brikwars_gui.scenario.savegame import is_saved_game_file
    from brikwars_gui.ui.main_window import MainWindow
    from brikwars_gui.ui.scenario_io import ScenarioError, load_scenario

    if path is not None and is_saved_game_file(path):
        # `brikwars game.json`: resume the saved game (a bad one shows its messages, empty scenario)
        window = MainWindow(None, None, settings=settings, data_dir=data_dir)
        window.open_saved_game(path)
        return window
    scenario, error = None, None
    if path is not None:
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            error = exc
            path = None
    window = MainWindow(scenario, path, settings=settings, data_dir=data_dir)
    if error is not None and show_errors:
        QMessageBox.critical(
            window,
            "Cannot open scenario",
            "The scenario could not be opened; starting with an empty one.\n\n" + "\n".join(error.messages),
        )
    return window


def main(argv: Sequence[str] | None = None) -> int:
    from PySide6.QtCore import QTimer

    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.smoke_test:
        from brikwars_gui.smoke import run_smoke_test

        path = scenario_argument(args.scenario) if args.scenario else DEFAULT_SCENARIO
        return run_smoke_test(create_application, Path(path))
    app = create_application()
    path = scenario_argument(args.scenario) if args.scenario else None
    path = path or (DEFAULT_SCENARIO if DEFAULT_SCENARIO.is_file() else None)
    window = open_window(path, data_dir=default_data_dir())
    window.show()
    window.view.fit()
    QTimer.singleShot(0, window.offer_recovery)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
