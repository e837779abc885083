"""Issue 10, defect 10 (the small ones): unit list centres the map, the timeline says what round is
viewed, Undo History in Play mode, F1's rules reference, the log's # column and kind filter."""

from __future__ import annotations

import pytest

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.event_log import kind_label
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.rules_ref import reference_html

LARGE = SCENARIOS / "large_battle.json"


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window(LARGE, size=(1280, 720))


def test_picking_a_unit_in_the_list_brings_it_into_view(window: MainWindow, idle) -> None:
    view = window.view
    view.zoom_in()
    view.zoom_in()
    view.zoom_in()
    table = window.unit_panel.table
    model = table.model()
    rows = range(model.rowCount())
    for row in rows:  # a unit the view does not show now
        table.clicked.emit(model.index(row, 0))
        table.selectRow(row)
        idle()
        uid = window.selection.unit_id
        item = window.scene.unit_items[uid]
        assert view.mapToScene(view.viewport().rect()).boundingRect().contains(item.pos()), uid


def test_the_timeline_says_which_round_is_viewed(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=4)
    c = window.controller
    c.end_turn()
    qtbot.waitUntil(lambda: c.round >= 2 and not c.ai_running, timeout=60000)
    assert window.undo_view.emptyLabel().startswith("<Play mode")
    c.show_snapshot(0)
    assert "Round 1" in window.turn_panel.round_label.text()
    assert window.viewing_banner.isVisible() and "Viewing Round 1" in window.viewing_banner.text()
    c.show_live()
    assert not window.viewing_banner.isVisible()
    assert f"Round {c.round}" in window.turn_panel.round_label.text()


def test_rules_reference_names_sections_not_seed_files_and_shows_tables() -> None:
    html = reference_html("unit")
    assert ".txt" not in html and "001_" not in html
    act3 = html[html.index("R-ACT-3") :]
    assert act3.index("<table") < act3.index("</p>") and "shortsword" in act3[: act3.index("</p>")]


def test_the_log_numbers_fit_and_the_kind_filter_speaks_words(window: MainWindow) -> None:
    header = window.log_panel.view.horizontalHeader()
    assert header.sectionSize(0) > window.log_panel.view.fontMetrics().horizontalAdvance("9999")
    assert kind_label("armor_rolled") == "Armor rolled"
    assert kind_label("sn_dice_returned") == "SN dice returned"  # R-SN-9's event, not "Sn dice"
    window.set_play_mode(True, seed=4)
    combo = window.log_panel.kind_combo
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert "Game started" in texts and not any("_" in t for t in texts)
    model = window.log_panel.model
    kinds = {model.data(model.index(row, 2)) for row in range(model.rowCount())}
    assert "Game started" in kinds and not any("_" in k for k in kinds)


def test_the_log_reads_distances_to_a_tenth_of_an_inch(qtbot) -> None:
    """A tape measure reads 11.0", not 11.045361" (issue 10, defect 7's log lines); ids become names."""
    from brikwars_gui.ui.event_log import EventLogModel
    from brikwars_gui.ui.session_controller import LogEntry

    model = EventLogModel()
    model.set_names({"r-1": "Rifleman Fen", "b-2": "Swordsman Hake"})
    text = 'r-1 attacks b-2 with Rifle at 11.045361"; 2" out of range; Use 3.5 is no distance'
    model.add(LogEntry(0, 1, "red", "attacked", text, "", ("r-1", "b-2"), ()))
    shown = model.data(model.index(0, 3))
    expected = 'Rifleman Fen attacks Swordsman Hake with Rifle at 11.0"; 2" out of range; '
    expected += "Use 3.5 is no distance"
    assert shown == expected
