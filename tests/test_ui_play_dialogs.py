"""Play-mode helpers: "always the default" answers, the recovery store, dice explanations."""

from __future__ import annotations

from pathlib import Path

from brikwars_gui.ui.recovery import RecoveryStore
from brikwars_gui.ui.session_controller import SessionController, dice_detail, event_cells


def test_always_default_is_per_team_and_per_battle(qtbot) -> None:
    from types import SimpleNamespace

    from brikwars_gui.paths import SCENARIOS
    from brikwars_gui.ui.scenario_io import load_scenario

    controller = SessionController()
    controller.ai_interval = 0
    controller.start(load_scenario(SCENARIOS / "skirmish.json"), seed=1)
    controller._stop_ai()
    controller.is_ai = lambda team: False
    asked = []
    controller.ask_response = lambda r: asked.append(r.team) or "no"
    controller.always_default.add(("red", "angry_inch"))
    req = SimpleNamespace(
        team="red", unit="red-1", about=None, question="angry_inch", default="yes", options=("yes", "no")
    )
    assert controller._decide(controller.game, req) == "yes" and asked == []
    blue = SimpleNamespace(
        team="blue", unit="blue-1", about=None, question="angry_inch", default="yes", options=("yes", "no")
    )
    assert controller._decide(controller.game, blue) == "no" and asked == ["blue"]
    controller.start(load_scenario(SCENARIOS / "skirmish.json"), seed=2)
    controller._stop_ai()
    assert controller.always_default == set()


def test_recovery_store(tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path)
    assert store.pending() is None
    store.path.write_text("{}", encoding="utf-8")
    live = RecoveryStore(tmp_path)  # the first instance still runs: its slot is not offered
    assert live.pending() is None
    live.end_session()
    store.lock.unlock()  # the first instance is gone
    again = RecoveryStore(tmp_path)
    assert again.pending() == store.path
    again.discard()
    assert again.pending() is None and not store.slot.exists()
    again.end_session()
    assert not again.slot.exists()


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
