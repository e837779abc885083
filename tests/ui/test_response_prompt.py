"""Issue 10, defects 2 and 3: Response questions are asked over the map, in words with percentages,
and cell answers (Bail landing, Angry Inch step) are picked on the map (pytest-qt, offscreen)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog

from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import DecisionRequest
from brikwars_gui.ui.items import cell_center
from brikwars_gui.ui.main_window import MainWindow
from brikwars_gui.ui.response_prompt import describe


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window(answer_responses=False)  # the window's own prompt over the map


def _attack_response(default: str, chance: float) -> DecisionRequest:
    """Rifleman Ash attacks Rifleman Fen, who kept his Action (R-RESP-1/5)."""
    return DecisionRequest(
        "attack_response",
        "blue-rifle",
        "blue",
        "red-rifle",
        ("attack:Rifle", "bail", "decline"),
        default,
        {"weapon": "Rifle", "chance_against_you": chance},
    )


def test_an_attack_response_is_described_in_words_with_percentages() -> None:
    request = _attack_response("attack:Rifle", 0.6666666666666666)
    text = describe(request, {"blue-rifle": "Rifleman Fen", "red-rifle": "Rifleman Ash"})
    assert "Rifleman Ash</b> attacks <b>Rifleman Fen</b> with Rifle: 67% to hit" in text.headline
    labels = [label for _o, label, _t in text.buttons]
    assert labels == ["Attack with Rifle", "Bail out of the way (R-RESP-6)", "Do nothing"]
    assert "chance_against_you" not in text.headline and "0.666" not in text.headline
    step = DecisionRequest(
        "angry_inch", "blue-rifle", "blue", "red-rifle", ("4,9", "5,9"), "4,9", {"chances": {"4,9": 0.667}}
    )
    cells = describe(step, {}).cells
    assert cells[(4, 9)] == "Step to [4, 9]: 67% to hit from there (R-RESP-2) — the default"
    assert cells[(5, 9)] == "[5, 9]"


def _bail_request() -> DecisionRequest:
    return DecisionRequest(
        "bail_to", "red-spear", "red", "blue-spear", ("3,3", "3,4", "4,4"), "3,4", {"inches": 2}
    )


def test_a_bail_landing_is_picked_on_the_map(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=3)
    seen = {}

    def click_cell() -> None:
        prompt = window.response_prompt
        seen["visible"] = prompt.isVisible() and prompt.parentWidget() is window.view
        tops = QApplication.topLevelWidgets()
        seen["dialogs"] = [w for w in tops if isinstance(w, QDialog) and w.isVisible()]
        seen["cells"] = {cell: item.toolTip() for cell, item in window.choice_cells.items.items()}
        seen["default"] = [c for c, item in window.choice_cells.items.items() if item.data(0) == "default"]
        seen["menu"] = window.menuBar().isEnabled()
        pos = window.view.mapFromScene(cell_center((4, 4)))
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)

    QTimer.singleShot(50, click_cell)
    assert window.ask_response(_bail_request()) == "4,4"
    assert seen["visible"] and seen["dialogs"] == [] and not seen["menu"]
    assert set(seen["cells"]) == {(3, 3), (3, 4), (4, 4)} and seen["default"] == [(3, 4)]
    assert "Disrupted" in seen["cells"][(4, 4)]
    assert window.choice_cells.items == {} and not window.response_prompt.isVisible()
    assert window.menuBar().isEnabled()


def test_escape_takes_the_default_and_a_click_elsewhere_does_nothing(window: MainWindow, qtbot) -> None:
    window.set_play_mode(True, seed=3)

    def press() -> None:
        pos = window.view.mapFromScene(cell_center((10, 10)))  # not offered: ignored
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        window.response_prompt.escape.activated.emit()  # the Esc shortcut

    QTimer.singleShot(50, press)
    assert window.ask_response(_bail_request()) == "3,4"


def test_an_overskill_prompt_from_a_real_attack_is_answered_with_a_button(window: MainWindow, qtbot) -> None:
    window.doc.move_unit("blue-spear", (6, 8))
    window.set_play_mode(True, seed=3, script=[6, 6, 1, 1])
    asked = []

    def press() -> None:
        prompt = window.response_prompt
        asked.append((prompt.request.question, prompt.label.text(), sorted(prompt.buttons)))
        other = next(o for o in prompt.request.options if o != prompt.request.default)
        prompt.buttons[other].click()

    QTimer.singleShot(50, press)
    assert window.controller.order_action("red-spear", Attack("Spear", "blue-spear"))
    question, text, _buttons = asked[0]
    assert question == "overskill" and "Overskill" in text
    decided = [e for e in window.controller.game.events if e.kind == "decided"]
    assert decided and decided[0].answer != "damage"


def test_nine_powers_questions_show_each_answers_words_from_the_engine() -> None:
    """Issue 12: a difficulty's or an avoidance check's odds are the engine's words for that answer
    (`request.detail[option]`), shown on its button; the attack declared is in the headline."""
    avoid = DecisionRequest(
        "np_avoid",
        "boxley",
        "heroes",
        "zombie-2",
        ("avoid", "no"),
        "avoid",
        {
            "attack": "Melee easy on boxley: Easy: 88% to hit, 1 damage",
            "avoid": "Try a Tough Acrobatics 3 check: 54% to cancel the attack",
            "no": "Let the attack be rolled",
        },
    )
    text = describe(avoid, {"boxley": "Boxley", "zombie-2": "Zombie 2"})
    assert "Zombie 2 is not your primary opponent" in text.headline and "88% to hit" in text.headline
    assert [label for _o, label, _t in text.buttons] == [
        "Try a Tough Acrobatics 3 check: 54% to cancel the attack",
        "Let the attack be rolled",
    ]


def test_answers_with_their_odds_in_words_stand_one_per_line_unclipped(window: MainWindow, qtbot) -> None:
    """Nine Powers' difficulty buttons carry each choice's odds (R-NP-2/6); side by side they were
    clipped at both ends, so the word Easy/Medium/Tough and the percentages were lost."""
    from PySide6.QtWidgets import QVBoxLayout

    window.resize(1280, 720)
    words = {
        "easy": "Easy: 92% to hit, 1 damage, 0.9 Stamina expected",
        "medium": "Medium: 75% to hit, 2 damage, 1.4 Stamina expected",
        "tough": "Tough: 45% to hit, 3 damage, 1.3 Stamina expected",
    }
    request = DecisionRequest(
        "np_difficulty", "boxley", "heroes", "zombie-1", ("easy", "medium", "tough"), "medium", words
    )
    prompt = window.response_prompt
    QTimer.singleShot(0, lambda: prompt.buttons["tough"].click())
    seen = {}
    QTimer.singleShot(0, lambda: seen.update(layout=prompt.row_box.layout(), texts=dict(prompt.buttons)))
    answer, _always = prompt.ask(request, {"boxley": "Boxley", "zombie-1": "Zombie 1"})
    assert answer == "tough"
    assert isinstance(seen["layout"], QVBoxLayout)
    for option, button in seen["texts"].items():
        assert button.text().startswith(words[option])
        assert button.width() >= button.fontMetrics().horizontalAdvance(button.text())
    assert seen["texts"]["medium"].text().endswith(" (default, Enter/Esc)")


def test_r_dice_8_the_overskill_question_shows_the_roll_and_each_choices_odds(
    window: MainWindow, qtbot
) -> None:
    """Issue 24 (review 2026-11-27 problem 7): the roll, the number needed, whether it already hits,
    and what each answer gives, with its exact chance, like every other question."""
    window.doc.move_unit("blue-spear", (6, 8))
    window.set_play_mode(True, seed=3, script=[6, 6, 1, 1])
    asked = []

    def press() -> None:
        prompt = window.response_prompt
        asked.append((prompt.request, prompt.label.text(), {k: b.text() for k, b in prompt.buttons.items()}))
        prompt.take_default()

    QTimer.singleShot(50, press)
    assert window.controller.order_action("red-spear", Attack("Spear", "blue-spear"))
    request, text, buttons = asked[0]
    total, needed = request.detail["total"], request.detail["needed"]
    assert f"You rolled {total} (needs {needed}): it already hits." in text
    assert "→" in buttons["damage"] and "R-DICE-8a" in buttons["damage"]
    assert buttons["skill"].endswith("(it hits already) (R-DICE-8b)")


def test_r_dice_8b_the_skill_choice_gives_the_exact_chance_of_a_bonus_die() -> None:
    from brikwars_gui.engine.dice.brikwars import bonus_die_reaches

    assert bonus_die_reaches(0) == 1 and bonus_die_reaches(1) == 1
    assert bonus_die_reaches(4) == pytest.approx(3 / 6)
    assert bonus_die_reaches(6) == pytest.approx(1 / 6)
    assert bonus_die_reaches(7) == pytest.approx(1 / 6)  # a 6, then anything
    assert bonus_die_reaches(12) == pytest.approx(1 / 36)
    assert bonus_die_reaches(13) == pytest.approx(1 / 36)


def test_r_move_5_the_counter_question_speaks_words_with_odds() -> None:
    """Review 2026-11-27 item 17: 'Counter:sword (default)' next to 'Continue' read as internal ids."""

    class Odds:
        hit, kills, beats_armor, disrupts, out_word = 0.5, 0.25, 0.0, 0.0, "kill"

    request = DecisionRequest("counter", "a", "red", "z", ("counter:sword", "continue"), "counter:sword")
    text = describe(request, {"a": "Vroy", "z": "Zombie 1"}, {"attack:sword": Odds()})
    labels = {option: label for option, label, _tip in text.buttons}
    assert labels["counter:sword"] == "Counter-attack with sword — 50% to hit, 25% to kill"
    assert labels["continue"] == "Don't counter: keep moving"


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_return_takes_the_default_or_the_focused_answer(window: MainWindow, qtbot, key) -> None:
    """Review 2026-11-27 item 24: Return did nothing on a question; now it takes the default (the
    button says so), or presses the answer button that has the keyboard focus."""
    request = _attack_response("decline", 0.5)
    prompt = window.response_prompt
    names = {"blue-rifle": "Rifleman Fen", "red-rifle": "Rifleman Ash"}
    window.view.setFocus()
    seen = {}

    def press_return() -> None:
        seen["label"] = prompt.buttons["decline"].text()
        qtbot.keyClick(window.view, key)

    QTimer.singleShot(0, press_return)
    watchdog = QTimer(prompt)  # never hang: a wrong answer if the key did nothing (stopped once answered,
    watchdog.setSingleShot(True)  # so it cannot answer the next question on a slow machine)
    watchdog.timeout.connect(lambda: prompt.choose("attack:Rifle"))
    watchdog.start(20_000)
    assert prompt.ask(request, names)[0] == "decline"
    watchdog.stop()
    assert seen["label"].endswith("(default, Enter/Esc)")

    def focus_bail_and_press() -> None:
        prompt.buttons["bail"].setFocus()
        qtbot.keyClick(prompt.buttons["bail"], key)

    QTimer.singleShot(0, focus_bail_and_press)
    assert prompt.ask(request, names)[0] == "bail"
