"""What 23a's SN Aspects look like in the window (issue 23): a unit given Flight (R-SN-30) and a
Mind (R-SN-40) by a caster's touch shows it on its card (`Flight 4"`, its Actions left this turn
as the engine counts them) and on its token (✈, M); the Effect builder names those Aspects in
words. Scripted dice through the session controller's orders."""

from __future__ import annotations

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, Hold
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.scenario.models import Scenario
from brikwars_gui.ui.effect_builder import builder_text
from brikwars_gui.ui.session_controller.views import BADGE_COLORS

WINGS = {"name": "Eagle Wings", "target": "ally", "aspects": ["flight+"]}
POSSESS = {"name": "Possess", "target": "ally", "aspects": ["mind"]}


def _scenario() -> Scenario:
    block = {
        "cliche": "Wizard",
        "talismans": [{"id": "feather", "die": "d8"}, {"id": "orb", "die": "d6"}],
        "effects": [WINGS, POSSESS],
    }
    units = [
        sb.unit("w", "red", (5, 5), name="Wizard", supernatural=block),
        sb.unit("k", "red", (6, 5), name="Knight", weapons=[sb.PISTOL]),
        sb.unit("e", "blue", (10, 5), name="Orc"),
    ]
    data = sb.scenario(units).model_dump(mode="json")
    for player in data["players"]:
        player["controller"] = "human"
    return Scenario.model_validate(data)


def _conditions(window, uid: str) -> dict[str, str]:
    return {text: tip for text, _c, tip in window.controller.unit_card(uid).conditions}


def test_r_sn_30_40_flight_and_a_mind_show_on_the_card_and_the_token(open_window) -> None:
    window = open_window(_scenario())
    window.set_play_mode(True, seed=3, script=[4, 1])
    c = window.controller
    assert c.order_action("w", Cast("Eagle Wings", "k", plan=("feather:flight+",)))  # d8 4: Flight 4"
    assert c.order_action("w", Cast("Possess", "k", plan=("orb:mind",)))  # a d6 Mind: one more Action
    shown = _conditions(window, "k")
    assert "R-SN-30" in shown['Flight 4"']
    assert "2 of 2 Actions left" in shown and "(d6)" in shown["2 of 2 Actions left"]
    badges = window.scene.unit_items["k"].badges
    assert BADGE_COLORS["flight"] in badges and BADGE_COLORS["mind"] in badges
    assert c.order_action("k", Attack("pistol", "e"))  # a 1: its own Action spent, the Mind's to come
    assert "1 of 2 Action left" in _conditions(window, "k")
    assert c.order_action("k", Hold())


def test_the_builder_names_flight_mind_and_deflection_in_words() -> None:
    from brikwars_gui.engine.rules.common import DecisionRequest
    from brikwars_gui.ui.session_controller.supernatural import DieChip

    chips = (DieChip("feather", "Feather", 8, "ready"),)
    options = ("stop", "feather:flight+", "feather:mind", "feather:deflect+")
    request = DecisionRequest("sn_next_die", "w", "red", "fx1", options, "stop", {})
    labels = [label for _o, label, _t in builder_text(request, {"w": "Wizard"}, None, chips).buttons]
    assert labels[1:] == ["Feather d8 → Flight +", "Feather d8 → Mind (+1 Action)", "Feather d8 → Deflection"]
