"""Issue 10: under Nine Powers a Response prompt names the chance of the roll the game makes for
it (the forecast card's, `Ruleset.attack_chance`): an archer that walked this turn shoots with a
die less (moving and shooting, L911) at the difficulty the default answer picks (R-NP-2): 67%,
where the prompt said the plain pool's Medium 75%."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ninepowers_helpers import CLAWS, np
from PySide6.QtCore import QTimer

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rulesets import find_ruleset
from brikwars_gui.engine.rulesets.ninepowers import forecast
from brikwars_gui.scenario.models import Scenario

BOW = {"name": "Bow", "kind": "ranged", "use": 3, "range": 10, "damage": "1d6+1"}


def archers() -> Scenario:
    units = [
        sb.unit("a", "blue", (1, 5), facing="E", name="Archer Ida", weapons=[BOW], **np(skills={"shoot": 3})),
        sb.unit(
            "z", "red", (13, 5), facing="W", name="Runner Ox", weapons=[sb.SWORD], **np(skills={"melee": 2})
        ),
    ]
    data = sb.scenario(units, width=16, height=10).model_dump(mode="json")
    data["ruleset"] = "ninepowers"
    for p in data["players"]:
        p["controller"] = "human"
    return Scenario.model_validate(data)


def declining(
    w, question: str, order: Callable[[], bool], option: str, probe: Callable[[], Any] = lambda: None
) -> list[tuple[str, str, Any]]:
    """Play `order`, declining every Response (or taking the default); returns the (headline,
    `option`'s button, `probe()` then) of each `question` asked, read from the prompt over the map."""
    seen: list[tuple[str, str, Any]] = []
    done = False

    def answer() -> None:
        prompt = w.response_prompt
        if prompt.active:
            request = prompt.request
            if request.question == question:
                seen.append((prompt.label.text(), prompt.buttons[option].text(), probe()))
            prompt.choose("decline" if "decline" in request.options else request.default)
        if not done:
            QTimer.singleShot(20, answer)

    QTimer.singleShot(20, answer)
    try:
        assert order()
    finally:
        done = True
    return seen


def test_r_np_2_l911_the_shoot_prompt_shows_the_roll_the_response_makes(open_window) -> None:
    w = open_window(archers(), None, answer_responses=False)
    w.set_play_mode(True, seed=3)
    c = w.controller
    assert c.order_move("a", (2, 5))
    assert c.end_turn()  # the archer keeps its Action (R-RESP-1)

    def card() -> float:
        return find_ruleset("ninepowers").attack_odds(c.game.state, "a", "Bow", "z").hit

    text, button, hit = declining(w, "shoot", lambda: c.order_move("z", (11, 5)), "attack:Bow", card)[0]
    assert "Runner Ox" in text
    assert abs(hit - 2 / 3) < 1e-9  # d6, d8 at Medium: the default difficulty
    assert button.startswith("Attack with Bow — 67% to hit"), button
    assert "75%" not in button


def test_r_np_12_the_free_attack_prompt_shows_the_talents_roll(open_window) -> None:
    """The zombie's claws strike a foe stepping away at its Melee talent 2, not its skill 3
    (L1113): the prompt's chances to hit and to defeat are that attack's card."""
    units = [
        sb.unit(
            "m",
            "red",
            (5, 5),
            facing="W",
            name="Runner Ox",
            weapons=[sb.SWORD],
            **np(skills={"melee": 1}, stamina=2),
        ),
        sb.unit(
            "g",
            "blue",
            (6, 5),
            facing="W",
            name="Zombie",
            weapons=[CLAWS],
            **np(skills={"melee": 3}, talents={"melee": 2}),
        ),
    ]
    data = sb.scenario(units, width=12, height=10).model_dump(mode="json")
    data["ruleset"] = "ninepowers"
    for p in data["players"]:
        p["controller"] = "human"
    w = open_window(Scenario.model_validate(data), None, answer_responses=False)
    w.set_play_mode(True, seed=3)
    c = w.controller
    if c.game.active_player != "red":
        assert c.end_turn()
    talent = forecast.attack_odds(c.game.state, "g", "claws", "m", rating=2)
    skill = forecast.attack_odds(c.game.state, "g", "claws", "m")
    seen = declining(w, "np_sticky", lambda: c.order_move("m", (3, 5)), "attack:claws")
    words = f"{talent.hit:.0%} to hit, {talent.kills:.0%} to defeat"
    assert seen and seen[0][1].startswith(f"Attack with claws — {words}"), (seen, words)
    assert (talent.hit, talent.kills) != (skill.hit, skill.kills)
