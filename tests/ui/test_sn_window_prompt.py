"""The SN roll window in the app (R-SN-15, EX-13c): after the Bowman's hit the BattleMage is
asked over the map, in words with the engine's chances, whether to spend dice on the Damage before
it is judged; the player answers die by die on the prompt's buttons."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.main_window import MainWindow

FIRE_ARROWS = {"name": "Fire Arrows", "target": "weapon", "aspects": ["range", "damage+"]}


def _battlemage() -> Scenario:
    block = {
        "cliche": "BattleMage",
        "talismans": [
            {"id": "hat", "name": "Hat", "die": "d6"},
            {"id": "amulet", "name": "Amulet", "die": "d4"},
            {"id": "crystal", "name": "Crystal", "die": "d8"},
        ],
        "effects": [FIRE_ARROWS],
    }
    data = sb.scenario(
        [
            sb.unit("m", "red", (5, 5), name="Mage", supernatural=block),
            sb.unit("b", "red", (6, 5), name="Bowman", weapons=[sb.LONGBOW]),
            sb.unit("z", "blue", (14, 5), name="Zealot"),
        ]
    ).model_dump(mode="json")
    for player in data["players"]:
        player["controller"] = "human"
    return Scenario.model_validate(data)


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window(_battlemage(), answer_responses=False)


def test_ex_13c_r_sn_15_the_window_question_is_answered_die_by_die_in_the_app(
    window: MainWindow, qtbot
) -> None:
    window.set_play_mode(True, seed=5, script=[4, 2, 5, 4, 3])
    prompt, seen = window.response_prompt, []
    answers = ["crystal:range", "hat:range", "amulet:damage+"]  # then no die is left: no question

    def tick() -> None:
        if prompt.active and answers:
            seen.append(
                (
                    prompt.request.question,
                    prompt.label.text(),
                    {o: b.text() for o, b in prompt.buttons.items()},
                )
            )
            prompt.buttons[answers.pop(0)].click()

    timer = QTimer(window)
    timer.setInterval(20)
    timer.timeout.connect(tick)
    timer.start()
    attack = next(o for o in window.controller.legal_actions("b") if o.kind == "attack" and o.target == "z")
    assert window.take_action("b", attack, (14, 5))
    timer.stop()
    assert not answers and {q for q, _h, _b in seen} == {"sn_window"}
    _question, headline, buttons = seen[0]
    assert "<b>Mage</b>: spend SN dice on this roll before it is judged? (R-SN-15)" in headline
    assert "Bowman's Damage is 3, not judged yet" in headline
    assert buttons["stop"].startswith("Let the roll stand")  # the default
    assert (
        buttons["crystal:range"].startswith("Range: Crystal d8 — ") and "to reach" in buttons["crystal:range"]
    )
    assert "amulet:damage+" not in buttons  # the point is 9" away: Damage only once it is there
    assert seen[2][2]["amulet:damage+"] == "Damage +: Amulet d4"
    assert not window.controller.game.state.units["z"].alive  # 3 + 3 = 6 > Armor 4
