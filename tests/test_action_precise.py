"""R-DICE-8e: Overskill on a more precise target — a called shot that disarms (scripted dice)."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import ScriptedDice
from brikwars_gui.engine.replay import compare_events
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.combat import precise_margin
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import GameState


class Answers:
    def __init__(self, **answers: str) -> None:
        self.answers = answers
        self.asked: list = []

    def decide(self, game, request):
        self.asked.append(request)
        return self.answers.get(request.question, request.default)


def duel(faces, *, policy=None, use=3, size=1, target_weapons=None):
    gun = {"name": "gun", "kind": "ranged", "use": use, "range": 10, "damage": "1d6+1"}
    units = [
        sb.unit("wayne", "red", (2, 5), facing="E", weapons=[gun]),
        sb.unit(
            "shaun",
            "blue",
            (7, 5),
            facing="W",
            size=size,
            weapons=[sb.PISTOL, sb.SWORD] if target_weapons is None else target_weapons,
        ),
    ]
    scenario = sb.scenario(units, width=14, height=10)
    return scenario, Game(GameState.from_scenario(scenario), ScriptedDice(faces), policy=policy)


def overskill_request(policy):
    return next(r for r in policy.asked if r.question == "overskill")


def test_r_dice_8e_precise_margin_is_the_extra_size_0_penalty():
    assert precise_margin(0) == 2  # a minifig (Size 1): its hand is Size 0, +2 (G-5)
    assert precise_margin(-2) == 4  # a Size 4 beast: −2 for the beast, +2 for its eye
    assert precise_margin(2) == 2  # a Size 0 target: a part of it is no easier, still +2


@pytest.mark.parametrize(
    ("use", "size", "offered"),
    [(3, 1, True), (5, 1, False), (3, 0, False), (3, 4, True), (5, 4, False)],
)
def test_r_dice_8e_precise_offered_only_when_the_roll_beats_the_extra_penalty(use, size, offered):
    # Skill 6 (Overskill): needed = Use + G-5 Size; precise needs 6 ≥ needed + margin
    policy = Answers()
    _, g = duel([6, 1, 1], policy=policy, use=use, size=size)
    g.act("wayne", Attack("gun", "shaun"))
    request = overskill_request(policy)
    assert ("precise" in request.options) is offered
    assert request.default == "damage"  # the AI keeps the extra Damage die, never the called shot


def test_r_dice_8e_no_called_shot_at_an_unarmed_target():
    policy = Answers()
    _, g = duel([6, 1, 1], policy=policy, target_weapons=[])
    g.act("wayne", Attack("gun", "shaun"))
    assert "precise" not in overskill_request(policy).options


def test_r_dice_8e_called_shot_disarms_the_target_and_replays():
    faces = [6, 1]  # Skill 6 hits with Overskill → precise; Damage 1d6+1 = 2 < Armor 4
    scenario, g = duel(faces, policy=Answers(overskill="precise"))
    g.act("wayne", Attack("gun", "shaun"))
    attack = next(e for e in g.events if e.kind == "attacked")
    assert attack.called_shot and attack.overskill == "precise" and attack.damage == 2
    disarmed = next(e for e in g.events if e.kind == "disarmed")
    assert (disarmed.unit, disarmed.weapon, disarmed.attacker) == ("shaun", "pistol", "wayne")
    shaun = g.unit("shaun")
    assert shaun.alive and [w.name for w in shaun.weapons if not w.spent] == ["shortsword"]
    g.end_turn()
    assert all(o.weapon != "pistol" for o in g.legal_actions("shaun") if o.kind == "attack")
    with pytest.raises(IllegalOrder, match="R-DICE-8e"):
        g.act("shaun", Attack("pistol", "wayne"))
    again = Game.from_events(scenario, g.events, ScriptedDice(faces))
    assert compare_events([e.to_dict() for e in g.events], [e.to_dict() for e in again.events]) is None
    assert not [w for w in again.unit("shaun").weapons if w.name == "pistol" and not w.spent]


def test_r_dice_8e_a_called_shot_that_kills_disarms_nothing():
    _, g = duel([6, 6, 3], policy=Answers(overskill="precise"))  # Damage 6+3+1 = 10 > 4
    g.act("wayne", Attack("gun", "shaun"))
    assert not g.unit("shaun").alive
    assert next(e for e in g.events if e.kind == "attacked").called_shot
    assert "disarmed" not in [e.kind for e in g.events]


def test_r_dice_8e_default_overskill_stays_extra_damage():
    _, g = duel([6, 1, 1])
    g.act("wayne", Attack("gun", "shaun"))
    attack = next(e for e in g.events if e.kind == "attacked")
    assert attack.overskill == "damage" and not attack.called_shot
