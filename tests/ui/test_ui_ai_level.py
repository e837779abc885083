"""The tactical AI in the GUI (issue 13): the AI level in the Scenario panel's Players table,
and the AI's one-line explanations in the event log and on the unit's hover text."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.scenario_io import load_scenario
from brikwars_gui.ui.unit_card import compact_html


@pytest.fixture
def window(open_window, tmp_path: Path) -> MainWindow:
    return open_window(load_scenario(SCENARIOS / "skirmish.json"), data_dir=tmp_path / "d", size=None)


def _set_level(window: MainWindow, player_id: str, level: str) -> None:
    model = window.scenario_panel.players_model
    row = [p.id for p in window.doc.scenario.players].index(player_id)
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Played by"
    assert model.setData(model.index(row, 2), f"AI: {level}", Qt.ItemDataRole.EditRole)


def test_ai_level_is_edited_in_the_players_table_and_undone(window: MainWindow) -> None:
    model, doc = window.scenario_panel.players_model, window.doc
    assert model.index(1, 2).data() == "AI: default"
    _set_level(window, "blue", "hard")
    assert doc.scenario.players[1].ai_level == "hard"
    assert not model.setData(model.index(1, 2), "AI: brutal", Qt.ItemDataRole.EditRole)  # refused
    doc.undo_stack.undo()
    assert doc.scenario.players[1].ai_level == "default"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_tactical_ai_explains_its_orders_in_the_log_and_on_hover(window: MainWindow, level: str) -> None:
    _set_level(window, "blue", level)
    window.set_play_mode(True, seed=5)
    c = window.controller
    window.end_turn()
    window.ai_controls.skip.click()
    assert c.round == 2 and c.active_player == "red"
    log = window.log_panel
    explained = [row for row, e in enumerate(log.model.entries) if e.note]
    assert explained, "the AI's orders carry their explanation"
    assert all(log.model.entries[row].kind == "order" for row in explained)
    shown = {log.proxy.mapToSource(log.proxy.index(r, 0)).row() for r in range(log.proxy.rowCount())}
    assert set(explained) <= shown  # orders are hidden by default, explained ones stay
    assert "— AI: " in log.model.display_text(explained[0])
    noted = dict(c.ai_notes)
    assert noted and all(c.game.unit(uid).team == "blue" for uid in noted)
    uid, text = next((u, t) for u, t in noted.items() if c.game.unit(u).alive)
    assert c.unit_view(uid).ai_note == text
    assert "AI: " in compact_html(c.unit_card(uid))  # the hover card carries the explanation


def test_default_ai_level_plays_the_original_ai_without_notes(window: MainWindow) -> None:
    window.set_play_mode(True, seed=5)
    c = window.controller
    window.end_turn()
    window.ai_controls.skip.click()
    assert c.round == 2
    assert not c.ai_notes
    assert not any(e.note for e in window.log_panel.model.entries)
