"""`brikwars [SCENARIO]`: start the desktop application on a scenario (default: the bundled skirmish)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from brikwars_gui.paths import RESOURCES, SCENARIOS

DEFAULT_SCENARIO = SCENARIOS / "skirmish.json"
STYLE_SHEET = RESOURCES / "styles" / "app.qss"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="brikwars", description="BrikWars battle simulator (desktop app)")
    parser.add_argument("scenario", nargs="?", help="scenario file (.json); default: the bundled skirmish")
    return parser


def create_application(argv: Sequence[str] | None = None):
    from PySide6.QtWidgets import QApplication

    from brikwars_gui.ui.main_window import APPLICATION, ORGANIZATION

    app = QApplication.instance() or QApplication(list(argv or sys.argv[:1]))
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("BrikWars")
    if STYLE_SHEET.is_file():
        app.setStyleSheet(STYLE_SHEET.read_text(encoding="utf-8"))
    return app


def open_window(path: str | Path | None, *, settings=None, show_errors: bool = True):
    """A `MainWindow` on `path`; a missing/bad file shows the loader's messages and an empty scenario."""
    from PySide6.QtWidgets import QMessageBox

    from brikwars_gui.ui.main_window import MainWindow
    from brikwars_gui.ui.scenario_io import ScenarioError, load_scenario

    scenario, error = None, None
    if path is not None:
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            error = exc
            path = None
    window = MainWindow(scenario, path, settings=settings)
    if error is not None and show_errors:
        QMessageBox.critical(
            window,
            "Cannot open scenario",
            "The scenario could not be opened; starting with an empty one.\n\n" + "\n".join(error.messages),
        )
    return window


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    app = create_application()
    path = args.scenario or (DEFAULT_SCENARIO if DEFAULT_SCENARIO.is_file() else None)
    window = open_window(path)
    window.show()
    window.view.fit()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
