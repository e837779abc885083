"""`brikwars --smoke-test`: prove an installed or bundled program works, without a screen.

Opens the main window offscreen on the bundled skirmish, or the scenario given (`brikwars
--smoke-test hazard_showcase`: a sample by name, as a user starts one), (so the resources, Qt plugins and the
engine are all found the way a user's start finds them) with the computer on every side, lets it
play the first turn, and checks the battle moved on to the next player. Prints one line and exits
0, or 1 with the reason. It writes no settings, log or autosave (a temporary folder holds them).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


def run_smoke_test(create_application: Callable[[], Any], path: Path) -> int:
    """Exit status 0 when the window opened on `path` and one AI turn was played. `app.main`
    hands in its `create_application` (called once the platform is offscreen), so this module
    stays below the entry point instead of importing it back."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings

    from brikwars_gui.scenario.io import ScenarioError, load_scenario
    from brikwars_gui.ui.main_window import MainWindow

    app = create_application()
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        print(f"smoke test FAILED: {'; '.join(exc.messages)}", file=sys.stderr)
        return 1
    for player in scenario.players:  # nobody to answer a Response dialog offscreen
        player.controller = "ai"
    with tempfile.TemporaryDirectory(prefix="brikwars-smoke-") as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(scenario, path, settings=settings)
        try:
            problem = _play_one_ai_turn(window)
        finally:
            window.controller.stop()
            window.deleteLater()
            app.processEvents()
    if problem:
        print(f"smoke test FAILED: {problem}", file=sys.stderr)
        return 1
    print(f"smoke test OK: {path.name}, one AI turn played")
    return 0


def _play_one_ai_turn(window) -> str | None:
    window.show()
    window.set_play_mode(True, seed=1)
    controller = window.controller
    if not controller.has_game:
        return "no battle started"
    player, orders = controller.active_player, controller.order_count
    for _ in range(1000):
        if controller.active_player != player or not controller.ai_step():
            break
    if controller.active_player == player and not controller.game_over:
        return f"the computer player {player!r} did not finish its turn"
    if controller.order_count <= orders:
        return "the computer gave no orders"
    return None
