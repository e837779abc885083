"""Play-mode dialogs and helpers: the Response prompt, the recovery store, dice explanations."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer

from brikwars_gui.engine.rules.common import DecisionRequest
from brikwars_gui.ui.recovery import RecoveryStore
from brikwars_gui.ui.response_dialog import ResponseDialog, ask_with_dialog
from brikwars_gui.ui.session_controller import SessionController, dice_detail, event_cells

REQUEST = DecisionRequest("overskill", "red-spear", "red", "blue-spear", ("damage", "bonus"), "damage")


def test_response_dialog_preselects_the_default(qtbot) -> None:
    dialog = ResponseDialog(REQUEST)
    qtbot.addWidget(dialog)
    assert dialog.answer() == "damage"
    assert dialog.buttons["damage"].isChecked()
    dialog.buttons["bonus"].setChecked(True)
    assert dialog.answer() == "bonus"


def test_always_do_the_default_is_remembered(qtbot) -> None:
    controller = SessionController()

    def answer() -> None:
        dialog = next(w for w in qtbot_widgets() if isinstance(w, ResponseDialog))
        dialog.buttons["bonus"].setChecked(True)
        dialog.always.setChecked(True)
        dialog.accept()

    def qtbot_widgets():
        from PySide6.QtWidgets import QApplication

        return QApplication.topLevelWidgets()

    QTimer.singleShot(0, answer)
    assert ask_with_dialog(None, controller, REQUEST) == "bonus"
    assert "overskill" in controller.always_default


def test_recovery_store(tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path)
    assert store.pending() is None
    store.begin_session()
    (tmp_path / "recovery.json").write_text("{}", encoding="utf-8")
    again = RecoveryStore(tmp_path)  # the first session never ended: unclean exit
    assert again.pending() == tmp_path / "recovery.json"
    again.discard()
    assert again.pending() is None
    again.end_session()
    assert not (tmp_path / "session.lock").exists()


def test_dice_detail_and_cells_from_event_dicts() -> None:
    data = {
        "kind": "attacked",
        "at": [3, 4],
        "roll": {"dice": [], "total": 6, "text": "d6: 6 → bonus d6: 2 = 8"},
        "damage_roll": None,
        "critical_failure": True,
        "overskill": "damage",
    }
    text = dice_detail(data)
    assert "roll: d6: 6 → bonus d6: 2 = 8" in text and "Critical Failure" in text and "Overskill" in text
    assert event_cells({"path": [[1, 1], [2, 2]], "at": [2, 2]}) == ((2, 2), (1, 1))
