"""The log's id → name substitution leaves the letter after an apostrophe alone: with a unit whose
id is "s", "Round 1: Red's turn" read "Round 1: Red'Seen turn" (seen in a real window)."""

from __future__ import annotations

from brikwars_gui.ui.event_log import EventLogModel
from brikwars_gui.ui.session_controller import LogEntry


def test_a_one_letter_id_is_not_replaced_after_an_apostrophe(qtbot) -> None:
    model = EventLogModel()
    model.add(LogEntry(0, 1, "red", "turn_started", "Round 1: Red's turn; s moves", "", ("s",), ()))
    model.set_names({"s": "Seen", "red": "Red"})
    assert model.index(0, 3).data() == "Round 1: Red's turn; Seen moves"
