"""Shared by `forecast` and `hazards`: open a scenario or a saved game (a battle in progress),
a terminal progress bar (tqdm) and the offscreen pictures."""

from __future__ import annotations

import sys
from typing import Any

from brikwars_gui.scenario.io import ScenarioError, load_scenario
from brikwars_gui.scenario.savegame import is_saved_game_file, load_saved_game


def load_position(path: str) -> tuple[Any, Any]:
    """(scenario, start state or None). A saved game is replayed with its seed to the position it
    reached; raises ScenarioError (bad file) or ValueError (orders that do not replay)."""
    if is_saved_game_file(path):
        from brikwars_gui.engine.timeline import position_of

        saved = load_saved_game(path)
        state = position_of(saved)
        if state.over:
            raise ValueError(f"{path}: the saved game is over; nothing to forecast")
        return saved.scenario, state
    return load_scenario(path), None


def open_or_report(path: str) -> tuple[Any, Any] | None:
    """`load_position`, printing the file's problems to stderr (None) when it cannot be used."""
    try:
        return load_position(path)
    except ScenarioError as exc:
        for line in exc.messages:
            print(line, file=sys.stderr)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
    return None


class ProgressBar:
    """`progress(done, total)` callback drawing a tqdm bar on stderr (only on a terminal)."""

    def __init__(self, what: str, *, enabled: bool | None = None) -> None:
        self.what = what
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=self.what, unit="run", leave=False, file=sys.stderr)
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def write_picture(kind: str, path: str, make: Any) -> bool:
    """Render offscreen and save (PNG or GIF by `kind`); prints the problem and returns False."""
    from brikwars_gui.ui import picture

    try:
        picture.ensure_app()
        made = make(picture)
        if kind == "gif":
            picture.save_gif(made, path)
        elif kind == "frames":
            picture.save_frames(made, path)
        else:
            picture.save_png(made, path)
    except (OSError, RuntimeError, ValueError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return False
    return True
