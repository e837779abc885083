"""Issue 10: a Response prompt names the chance to kill, not only to hit, from the ruleset's exact
odds (`Rifleman Fen shoots at you: 67% to hit, 31% to kill`)."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import QTimer

from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import DecisionRequest
from brikwars_gui.paths import SCENARIOS
from brikwars_gui.ui.response_prompt import describe
from brikwars_gui.ui.scenario_io import load_scenario

SKIRMISH = SCENARIOS / "skirmish.json"


def test_describe_names_kill_size_and_disrupt_chances() -> None:
    request = DecisionRequest(
        "attack_response",
        "blue-rifle",
        "blue",
        "red-rifle",
        ("attack:Rifle", "decline"),
        "attack:Rifle",
        {"weapon": "Rifle", "chance_against_you": 0.6666, "chances": {"attack:Rifle": 0.5}},
    )
    odds = {
        "against_you": SimpleNamespace(kills=0.3125, beats_armor=0.3125, disrupts=0.0, out_word="kill"),
        "attack:Rifle": SimpleNamespace(kills=0.0, beats_armor=0.2, disrupts=0.05, out_word="kill"),  # Size 2
    }
    text = describe(request, {"blue-rifle": "Rifleman Fen", "red-rifle": "Rifleman Ash"}, odds)
    assert "with Rifle: 67% to hit, 31% to kill." in text.headline
    assert text.buttons[0][1] == 'Attack with Rifle — 50% to hit, 20% to take 1" of Size, 5% to Disrupt'
    nine = {"against_you": SimpleNamespace(kills=0.25, beats_armor=0.5, disrupts=0.0, out_word="defeat")}
    assert "67% to hit, 25% to defeat." in describe(request, {}, nine).headline  # Nine Powers' word
    # without the ruleset's odds (a ruleset with no forecast) only the engine's chance to hit
    bare = describe(request, {}, {})
    assert "67% to hit." in bare.headline and "kill" not in bare.headline


def test_a_real_attack_on_a_unit_holding_its_action_asks_with_the_chance_to_kill(open_window) -> None:
    """R-RESP-1/5: Rifleman Ash kept his Action; the enemy's Rifle (Use 3, 1d6+1, 8" away, in
    Range) hits a d6 on 3+ (4/6, a 1 fails); on a 3-5 1d6+1 beats Armor 4 on a 4+ (G-3), on a 6
    the Overskill Benny adds a Damage die (R-DICE-8a, the default): 2d6+1 beats it unless 2d6 <= 3.
    67% to hit, 87/216 = 40% to kill, 20/216 = 9% to Disrupt — the ruleset's `attack_odds`."""
    scenario = load_scenario(SKIRMISH)
    data = scenario.model_dump(mode="json")
    for p in data["players"]:
        p["controller"] = "human"
    scenario = type(scenario).model_validate(data)
    w = open_window(scenario, SKIRMISH, answer_responses=False)
    w.doc.move_unit("blue-rifle-1", (13, 2))
    w.set_play_mode(True, seed=3)
    c = w.controller
    assert c.end_turn()  # red keeps every Action: saved for Responses (R-RESP-1)
    seen: list[tuple[str, str, dict]] = []
    done = False

    def answer() -> None:  # every question of the order (blue's Overskill too): decline or default
        prompt = w.response_prompt
        if prompt.active:
            request = prompt.request
            seen.append((request.question, prompt.label.text(), c.response_odds(request)))
            prompt.choose("decline" if "decline" in request.options else request.default)
        if not done:
            QTimer.singleShot(20, answer)

    QTimer.singleShot(20, answer)
    try:
        assert c.order_action("blue-rifle-1", Attack("Rifle", "red-rifle-1"))
    finally:
        done = True
    question, text, odds = seen[0]
    assert question == "attack_response"
    assert "<b>Rifleman Eel</b> attacks <b>Rifleman Ash</b> with Rifle: 67% to hit, 40% to kill" in text
    assert "9% to Disrupt" in text  # equal to Armor 4: a 3 of 1d6+1 (3/6 x 1/6) or 2d6 = 3 (1/6 x 2/36)
    assert abs(odds["against_you"].hit - 4 / 6) < 1e-9 and abs(odds["against_you"].kills - 87 / 216) < 1e-9
