"""The ruleset in the GUI (issue 11, pytest-qt): the Scenario panel's undoable choice, Play mode
under the D6 ruleset with a Fate Point asked before a roll and Character Points after it (with
their exact chances), and die codes and pools in the inspector and the unit table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer

from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import DecisionRequest
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.response_prompt import ResponsePrompt


@pytest.fixture
def window(open_window, data_dir) -> MainWindow:
    return open_window(data_dir=data_dir)


def choose_ruleset(window: MainWindow, name: str) -> None:
    combo = window.scenario_panel.dice
    combo.setCurrentIndex(combo.findData(name))
    combo.activated.emit(combo.currentIndex())


def test_the_scenario_panel_offers_the_rulesets_as_an_undoable_edit(window: MainWindow) -> None:
    combo = window.scenario_panel.dice
    assert [combo.itemData(i) for i in range(combo.count())] == ["brikwars", "d6", "ninepowers"]
    choose_ruleset(window, "d6")
    assert window.doc.scenario.ruleset == "d6"
    window.doc.undo_stack.undo()
    assert window.doc.scenario.ruleset == "brikwars" and combo.currentData() == "brikwars"


def test_the_inspector_shows_the_units_die_codes_and_pools(window: MainWindow) -> None:
    window.selection.select_unit("red-captain")
    label = window.inspector.ruleset_stats
    assert label.text() == ""  # BrikWars: its Skill and Armor are the fields above, not repeated
    choose_ruleset(window, "d6")
    assert "Melee 4D+1" in label.text() and "CP 5" in label.text() and "FP 1" in label.text()


def test_a_fate_point_prompt_shows_the_exact_chance_of_each_answer(qtbot) -> None:
    request = DecisionRequest(
        "fate_point",
        "red-captain",
        "red",
        None,
        ("no", "yes", "climax"),
        "no",
        {"difficulty": 10, "chances": {"no": 0.4567, "yes": 0.9, "climax": 0.9}, "kind": "melee"},
    )
    prompt = ResponsePrompt()
    qtbot.addWidget(prompt)
    texts: dict[str, str] = {}

    def answer() -> None:
        texts.update({o: b.text() for o, b in prompt.buttons.items()})
        prompt.buttons["yes"].click()

    QTimer.singleShot(0, answer)
    assert prompt.ask(request, {}) == ("yes", False)
    assert "46% to succeed" in texts["no"] and texts["no"].endswith(" (default, Enter/Esc)")
    assert "double this roll — 90% to succeed" in texts["yes"]


def test_play_under_d6_asks_fate_points_before_and_character_points_after_a_roll(window: MainWindow) -> None:
    choose_ruleset(window, "d6")
    window.doc.move_unit("blue-sword", (4, 7))  # next to red-captain (3, 7) and red-spear (5, 8)
    # captain: Fate Point → 4D+1 ×2 = 8D+2: seven 1s + Wild 2 = 11 vs 8; Damage 2D+2 = 3 + Wild 3
    # + 2 = 8 vs strength 2D = 2 + Wild 2 = 4 → wounded. Spear 3D vs 10: 1, 2, Wild 2 = 5, then
    # 2 CP dice: 6→4 and 3 = 18, a hit; Damage 3D = 2, 2, Wild 2 vs 2D = 3 + Wild 3
    script = [1] * 7 + [2] + [3, 3] + [2, 2] + [1, 2, 2] + [6, 4, 3] + [2, 2, 2] + [3, 3]
    window.set_play_mode(True, seed=3, script=script)
    asked: list[DecisionRequest] = []

    def answer(request: DecisionRequest) -> str:
        asked.append(request)
        return {"fate_point": "yes", "character_points": "2"}.get(request.question, request.default)

    c = window.controller
    c.ask_response = answer
    c.game.unit("blue-sword").pools["cp"] = 0  # the computer's target spends none on resistance (R-D6-7)
    assert c.order_action("red-captain", Attack("Shortsword", "blue-sword"))
    assert (
        asked[0].question == "fate_point"
        and asked[0].detail["chances"]["yes"] > asked[0].detail["chances"]["no"]
    )
    game = c.game
    assert game.unit("blue-sword").pools["wounds"] == 1 and game.unit("red-captain").pools["fp"] == 0
    assert c.order_action("red-spear", Attack("Spear", "blue-sword"))
    cp = next(r for r in asked if r.question == "character_points")
    assert cp.unit == "red-spear" and cp.options == ("0", "1", "2") and cp.detail["total"] == 5
    assert game.unit("red-spear").pools["cp"] == 0
    attack = [e for e in window.log_panel.model.entries if e.kind == "attacked"][-1]
    assert "CP 6→4, CP 3" in attack.detail or "CP 6→4, CP 3" in attack.text
    # the unit table shows the die codes and what is left of the pools
    model = window.turn_units
    row = model.row_of("red-spear")
    text = model.data(model.index(row, 4), Qt.ItemDataRole.DisplayRole)
    assert "Melee 3D" in text and "CP 0" in text
    # the Play-mode unit card shows the live pools too, not the scenario's starting 2 CP / 5 CP 1 FP
    card = window.inspector.card_view
    window.selection.select_unit("red-spear")
    assert "Melee\n3D" in card.text() and "Character Points\n0" in card.text()
    window.selection.select_unit("red-captain")
    assert "Fate Points\n0" in card.text()
