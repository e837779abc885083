"""Work a user must never lose (issue 14, items 7-9): one recovery slot per running instance,
locked with QLockFile; editor autosave; full disk and unusable data folders."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from brikwars_gui.paths import SCENARIOS
from brikwars_gui.scenario.io import load_scenario
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.recovery import RecoveryStore, load_editor_autosave

SKIRMISH = SCENARIOS / "skirmish.json"

# A second instance in its own process: opens a slot, autosaves, reports, then waits to be killed.
_INSTANCE = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from brikwars_gui.scenario.io import load_scenario
    from brikwars_gui.ui.recovery import RecoveryStore
    store = RecoveryStore(Path(sys.argv[1]))
    store.autosave_editor(load_scenario(sys.argv[2]), None)
    print(store.slot, flush=True)
    if sys.argv[3] == "exit":
        store.end_session()
        sys.exit(0)
    time.sleep(600)
    """
)


def _instance(data_dir: Path, mode: str = "wait") -> tuple[subprocess.Popen, Path]:
    proc = subprocess.Popen(
        [sys.executable, "-c", _INSTANCE, str(data_dir), str(SKIRMISH), mode],
        stdout=subprocess.PIPE,
        text=True,
    )
    return proc, Path(proc.stdout.readline().strip())


def test_a_live_instance_is_never_offered_and_a_killed_one_is(tmp_path):
    proc, slot = _instance(tmp_path)
    try:
        mine = RecoveryStore(tmp_path)
        assert mine.pending_editor() is None  # the other instance runs: not a crash
        mine.end_session()  # a clean exit of this instance...
        assert (slot / "editor.json").is_file()  # ...leaves the other's autosave alone
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        after = RecoveryStore(tmp_path)
        assert after.pending_editor() == slot / "editor.json"  # stale lock: its process is gone
        scenario, original = load_editor_autosave(after.pending_editor())
        assert scenario == load_scenario(SKIRMISH) and original is None
        after.end_session()
    finally:
        proc.kill()
        proc.wait(timeout=30)


def test_a_clean_exit_leaves_nothing_to_offer(tmp_path):
    proc, slot = _instance(tmp_path, "exit")
    proc.wait(timeout=60)
    assert not slot.exists()
    store = RecoveryStore(tmp_path)
    assert store.pending() is None and store.pending_editor() is None
    store.end_session()


def test_two_instances_autosave_to_their_own_slots(tmp_path):
    first, second = RecoveryStore(tmp_path), RecoveryStore(tmp_path)
    assert first.path != second.path and first.path.parent.parent == second.path.parent.parent
    for store in (first, second):
        store.autosave_editor(load_scenario(SKIRMISH), None)
    assert first.editor_path.is_file() and second.editor_path.is_file()
    first.end_session()
    assert second.editor_path.is_file() and not first.slot.exists()
    second.end_session()


def _window(open_window, data_dir) -> MainWindow:
    w = open_window(data_dir=data_dir, size=None, show=False, ai_interval=None, animate=None)
    w.warnings = []
    w.warn = lambda title, text: w.warnings.append((title, text))
    return w


def _edit(window: MainWindow) -> None:
    window.doc.set_attr("name", "Skirmish, edited")


def test_editor_changes_are_autosaved_and_offered_back(qtbot, open_window, tmp_path):
    data_dir = tmp_path / "data"
    window = _window(open_window, data_dir)
    _edit(window)
    assert window.doc.modified
    assert window.recovery.editor_journal_path.is_file()  # journaled as the edit was made (issue 26)
    edited = window.doc.scenario
    window.recovery.lock.unlock()  # the process dies (SIGKILL): nothing else is cleaned up
    other = _window(open_window, data_dir)
    asked = []
    other.ask_recover_editor = lambda path: asked.append(path) or True
    assert other.offer_recovery()
    assert asked == [window.recovery.editor_path]
    assert other.doc.scenario == edited and other.doc.path == SKIRMISH and other.doc.modified
    assert not window.recovery.slot.exists()


def test_saving_the_scenario_removes_the_editor_autosave(qtbot, open_window, tmp_path):
    window = _window(open_window, tmp_path / "data")
    _edit(window)
    window.autosave_editor()
    assert window.recovery.editor_journal_path.is_file()
    window.doc.undo_stack.setClean()  # what a successful Save does
    assert not window.recovery.editor_journal_path.exists()


def test_a_full_disk_warns_once_and_keeps_trying(qtbot, open_window, tmp_path, monkeypatch):
    window = _window(open_window, tmp_path / "data")
    window.set_play_mode(True, seed=5)
    real_fsync = os.fsync

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    window.autosave()
    window.autosave()
    assert [title for title, _ in window.warnings] == ["Autosave failed"]
    assert "No space left on device" in window.warnings[0][1]
    assert "Autosave failed: No space left" in window.statusBar().currentMessage()
    monkeypatch.setattr(os, "fsync", real_fsync)
    window.autosave()
    assert window.recovery.path.is_file()
    assert window.statusBar().currentMessage() == "Autosave works again"


def test_an_unusable_data_folder_starts_without_autosave_and_says_so(qtbot, open_window, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    window = _window(open_window, blocker / "data")
    assert window.recovery is None
    assert not window.offer_recovery()
    assert [title for title, _ in window.warnings] == ["Autosave is off"]
    window.set_play_mode(True, seed=5)
    window.autosave()  # nothing to do, nothing raised
    assert len(window.warnings) == 1


def test_a_crashed_battle_of_the_single_slot_version_is_offered(qtbot, open_window, tmp_path):
    """Before per-instance slots, the autosave was `recovery.json` beside a `session.lock` marker
    that a clean exit removed; after an upgrade that battle is offered, not lost."""
    data_dir = tmp_path / "data"
    first = _window(open_window, data_dir)
    first.set_play_mode(True, seed=3)
    first.controller.end_turn()
    qtbot.waitUntil(lambda: first.controller.snapshot_count >= 2, timeout=20_000)
    first.recovery.autosave(first.controller.saved_game())
    (data_dir / "recovery.json").write_bytes(first.recovery.path.read_bytes())
    (data_dir / "session.lock").write_text("4242", encoding="utf-8")
    snapshots = first.controller.snapshot_count
    first.recovery.end_session()
    first.recovery = None
    other = _window(open_window, data_dir)
    asked = []
    other.ask_recover = lambda path: asked.append(path) or True
    assert other.offer_recovery()
    assert len(asked) == 1 and asked[0].name == "battle.json"
    assert other.play_mode and other.controller.snapshot_count == snapshots
    assert not (data_dir / "recovery.json").exists() and not (data_dir / "session.lock").exists()
