"""Editor edits are appended to the editor's write-ahead journal as what they changed (issue 26):
a kill loses at most the edit in flight, a drag on a big scenario appends small lines instead of
rewriting the scenario at every step, and recovery replays the lines. A kill is simulated as in
test_recovery_slots.py: the slot's lock is released and nothing else is cleaned up."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.generate import army_battle
from brikwars_gui.ui.editor_journal import read_editor_journal
from brikwars_gui.ui.main_window import MainWindow

SKIRMISH = SCENARIOS / "skirmish.json"


def _window(open_window, data_dir, scenario=SKIRMISH) -> MainWindow:
    w = open_window(scenario, data_dir=data_dir, size=None, show=False, ai_interval=None, animate=None)
    w.warnings = []
    w.warn = lambda title, text: w.warnings.append((title, text))
    return w


def _recovered(open_window, data_dir) -> MainWindow:
    other = _window(open_window, data_dir)
    other.ask_recover_editor = lambda path: True
    assert other.offer_recovery()
    return other


def test_each_kind_of_edit_and_its_undo_is_journaled_and_replayed(qtbot, open_window, tmp_path) -> None:
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    doc = window.doc
    first, second = (u.id for u in doc.scenario.units[:2])
    doc.set_attr("name", "Skirmish, edited")  # a small section
    stroke = 77
    for x in range(3, 9):  # a drag: one merged undo step, a journal line per cell
        doc.paint_terrain([(x, 1)], "rough", stroke=stroke)
    doc.move_unit(first, doc.free_cell_near((1, 1)))
    doc.remove_unit(second)
    added = doc.new_unit(doc.free_cell_near((12, 8)))
    doc.rotate_unit(added.id)
    doc.undo_stack.undo()  # the rotation is taken back: journaled as the unit after the undo
    journal = window.recovery.editor_journal_path
    lines = journal.read_text(encoding="utf-8").count("\n")
    assert lines == 1 + 6 + 3 + 1 + 1  # the name (with the whole scenario), the drag, 3 edits, rotate, undo
    assert read_editor_journal(journal)[0] == doc.scenario
    window.recovery.lock.unlock()  # killed
    other = _recovered(open_window, data_dir)
    assert other.doc.scenario == doc.scenario and other.doc.path == SKIRMISH and other.doc.modified
    assert [u.id for u in other.doc.scenario.units] == [u.id for u in doc.scenario.units]


def test_a_unit_deleted_with_its_fire_is_journaled(qtbot, open_window, tmp_path) -> None:
    """A deletion that takes dependents with it replaces sections together (SectionsCommand): the
    unit's removal is still announced, so the journal (and the map) hear of it."""
    window = _window(open_window, tmp_path / "data")
    doc = window.doc
    unit = doc.scenario.units[0].id
    doc.set_alight(unit, 1)
    assert doc.has_dependents(unit)
    doc.remove_unit(unit)
    assert doc.unit(unit) is None
    assert read_editor_journal(window.recovery.editor_journal_path)[0] == doc.scenario
    doc.undo_stack.undo()
    assert read_editor_journal(window.recovery.editor_journal_path)[0] == doc.scenario


def test_a_drag_on_a_big_scenario_appends_small_lines(qtbot, open_window, tmp_path) -> None:
    """The whole scenario is written once, at the first unsaved edit; each later step of a drag
    appends only the painted cells (before: the whole scenario at every step)."""
    scenario = army_battle(600, size=160, seed=0)
    window = _window(open_window, tmp_path / "data", scenario)
    doc = window.doc
    journal = window.recovery.editor_journal_path
    doc.paint_terrain([(80, 80)], "rough", stroke=5)
    head = journal.read_bytes()
    assert head.count(b"\n") == 1 and len(head) > 100_000
    for x in range(81, 101):
        doc.paint_terrain([(x, 80)], "rough", stroke=5)
        QApplication.processEvents()
    body = journal.read_bytes()
    assert body.startswith(head)  # appended, never rewritten
    lines = body[len(head) :].splitlines()
    assert len(lines) == 20 and max(len(line) for line in lines) < 200
    assert read_editor_journal(journal)[0] == doc.scenario


def test_a_torn_last_line_is_the_edit_in_flight(qtbot, open_window, tmp_path) -> None:
    window = _window(open_window, tmp_path / "data")
    doc = window.doc
    doc.set_attr("name", "Kept")
    kept = doc.scenario.model_copy(deep=True)
    journal = window.recovery.editor_journal_path
    with journal.open("a", encoding="utf-8") as handle:
        handle.write('{"sections": {"name": "Lo')  # the kill came while it was written
    assert read_editor_journal(journal)[0] == kept


def test_saving_clears_the_editor_journal(qtbot, open_window, tmp_path) -> None:
    window = _window(open_window, tmp_path / "data")
    window.doc.set_attr("name", "Edited")
    assert window.recovery.editor_journal_path.is_file()
    window.doc.undo_stack.setClean()  # what a successful Save does
    assert not window.recovery.editor_journal_path.exists()
    window.doc.set_attr("name", "Edited again")  # starts over with the whole scenario
    assert read_editor_journal(window.recovery.editor_journal_path)[0].name == "Edited again"

