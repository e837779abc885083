"""Review 2026-11-27 item 27: Open remembered its folder, but Save, Save Game As and the exports
always started in the folder the app was run from. Every file dialog now starts in the folder last
chosen in any of them (pytest-qt, the dialogs replaced by stand-ins that record where they start)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog


def test_save_game_and_exports_start_where_the_last_file_was_chosen(
    open_window, tmp_path, monkeypatch
) -> None:
    w = open_window()
    w.set_play_mode(True, seed=2)
    games, exports = tmp_path / "games", tmp_path / "exports"
    games.mkdir()
    exports.mkdir()
    starts: list[str] = []
    answers = iter([str(games / "first.json"), str(exports / "battle.gif")])

    def save_dialog(parent, title, start, filters=""):
        starts.append(start)
        return next(answers), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_dialog))
    monkeypatch.setattr("brikwars_gui.ui.heatmap_dock.export_battle", lambda *a, **k: 1)
    assert w.save_game_as()
    assert (games / "first.json").is_file()
    from brikwars_gui.ui.heatmap_dock import _export_battle_dialog

    _export_battle_dialog(w, frames_dir=False)
    assert Path(starts[1]) == games / "battle.gif"  # beside the game just saved, not the run folder
    w.game_path = None
    answers = iter([str(games / "second.json")])
    assert w.save_game_as()
    assert Path(starts[2]).parent == exports  # the export's folder was chosen last
    assert Path(starts[0]).parent != games  # the first dialog knew nothing yet
