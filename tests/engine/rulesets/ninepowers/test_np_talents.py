"""Nine Powers talents on the battlefield through `Game` orders with scripted dice (RULES.md NP):
the Melee talent's free attack on a foe moving away (R-NP-12, L1111-1113) and the Perception/Escape
talent's primary opponent and Tough avoidance checks (L1121-1123), the climb a rating allows
(L916) and a quick recovery still owed (L651-655)."""

from __future__ import annotations

import pytest
from ninepowers_helpers import CLAWS, last_attack, np, np_game, pools
from scripted_answers import Answers

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, Sprint
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rulesets.ninepowers import avoid as avoid_module
from brikwars_gui.engine.session import Game
from brikwars_gui.scenario.models import Scenario


def sticky_duel(guard_talent: int = 2, **mover_block):
    """A mover at (5, 5) (Armor 1: no armor, Protect 1) next to a guard at (6, 5) with the Melee
    talent (a zombie's claws)."""
    return [
        sb.unit("m", "red", (5, 5), facing="W", weapons=[sb.SWORD], **np(skills={"melee": 1}, **mover_block)),
        sb.unit("g", "blue", (6, 5), facing="W", weapons=[CLAWS],
                **np(skills={"melee": 3}, talents={"melee": guard_talent} if guard_talent else {})),
    ]


def test_r_np_12_a_foe_moving_away_draws_a_free_attack_at_the_talent_rating_and_is_held():
    answers = Answers(np_difficulty=["medium"])
    g = np_game(sticky_duel(), [2, 5], answers)  # Melee 2 (the talent, not the skill's 3): d4 2, d6 5
    g.move("m", (3, 5))
    asked = next(r for r in answers.asked if r.question == "np_sticky")
    assert (asked.unit, asked.about) == ("g", "m")
    assert asked.options == ("attack:claws", "decline") and asked.default == "attack:claws"
    attack = last_attack(g)
    assert attack.attacker == "g" and attack.response and attack.hit
    assert "Melee 2: d4 2, d6 5 → lowest 2: Medium success, 2 damage" in attack.text
    assert g.unit("g").saved_action is False and g.unit("g").action_used is False  # free: no Action
    # it dealt damage: the zombie keeps it from moving away (L1111)
    assert g.unit("m").pos == (5, 5) and g.unit("m").stopped
    assert (pools(g, "m")["armor"], pools(g, "m")["stamina"]) == (0, 5)
    assert any(e.kind == "stopped" and e.unit == "m" and "moving away" in e.reason for e in g.events)


def test_r_np_12_a_missed_free_attack_lets_the_foe_go():
    g = np_game(sticky_duel(), [4, 5], Answers(np_difficulty=["easy"]))  # lowest 4: fails Easy
    g.move("m", (3, 5))
    assert not last_attack(g).hit
    assert g.unit("m").pos == (3, 5) and pools(g, "m")["stamina"] == 6


def test_r_np_12_damage_absorbed_by_armor_still_holds_the_foe():
    # chain shirt (Armor 3 + Protect 1): the Easy point goes to Armor, still damage (EX-NP-1 reading)
    g = np_game(sticky_duel(armor="chain_shirt"), [3, 5], Answers(np_difficulty=["easy"]))
    armor = pools(g, "m")["armor"]
    g.move("m", (3, 5))
    assert pools(g, "m")["armor"] == armor - 1 and pools(g, "m")["stamina"] == 6
    assert g.unit("m").pos == (5, 5)


def test_r_np_12_the_guard_may_decline_and_a_guard_without_the_talent_never_asks():
    answers = Answers(np_sticky=["decline"])
    g = np_game(sticky_duel(), [], answers)
    g.move("m", (3, 5))
    assert g.unit("m").pos == (3, 5) and not [e for e in g.events if e.kind == "attacked"]
    plain = Answers()
    g = np_game(sticky_duel(guard_talent=0), [], plain)
    g.move("m", (3, 5))
    assert g.unit("m").pos == (3, 5) and not any(r.question == "np_sticky" for r in plain.asked)


def test_r_np_12_stepping_around_the_guard_within_reach_draws_nothing():
    answers = Answers()
    g = np_game(sticky_duel(), [], answers)
    g.move("m", [(5, 5), (5, 6)])  # still adjacent to (6, 5)
    assert not any(r.question == "np_sticky" for r in answers.asked)


def test_r_np_12_the_computer_takes_the_free_attack_and_a_sprint_away_is_caught_too():
    g = np_game(sticky_duel(), [4, 2, 5])  # the default policy (the AI): Sprint d6 4, then the pool
    g.act("m", Sprint((0, 5)))
    decided = [e for e in g.events if e.kind == "decided" and e.question == "np_sticky"]
    assert decided and decided[0].answer == "attack:claws"
    assert last_attack(g).attacker == "g" and last_attack(g).hit
    assert g.unit("m").pos == (5, 5)


def avoider_and_two_foes():
    """`d` (Acrobatics 2, Perception talent 1) with `p` next to it (its nearest foe: the primary
    opponent) and `q` on its diagonal."""
    return [
        sb.unit("p", "red", (4, 5), facing="E", weapons=[sb.SWORD], **np(skills={"melee": 2})),
        sb.unit("q", "red", (6, 6), facing="NW", weapons=[sb.SWORD], **np(skills={"melee": 2})),
        sb.unit("d", "blue", (5, 5), facing="W", weapons=[sb.SWORD],
                **np(skills={"acrobatics": 2, "perception": 2}, talents={"perception": 1})),
    ]


def test_l1123_the_perception_talent_avoids_a_non_primary_foe_with_a_tough_check():
    answers = Answers(np_difficulty=["easy", "easy"])
    # q's attack: d's Tough Acrobatics check d4 1, d6 4 → avoided (q's pool is never rolled);
    # p, the primary opponent, is not avoided: its pool (flanked by q: +1 die, R-NP-14) d4 3, d6 5,
    # d8 6 → Easy success
    g = np_game(avoider_and_two_foes(), [1, 4, 3, 5, 6], answers)
    assert pools(g, "d")["primary"] == "p"
    g.act("q", Attack("shortsword", "d"))
    asked = next(r for r in answers.asked if r.question == "np_avoid")
    assert (asked.unit, asked.about, asked.options, asked.default) == ("d", "q", ("avoid", "no"), "avoid")
    assert asked.detail["avoid"] == "Try a Tough Acrobatics 2 check: 38% to cancel the attack"  # L431: 3/8
    event = last_attack(g)
    assert event.roll is None and not event.hit and "avoided by d: Acrobatics 2: d4 1, d6 4" in event.text
    g.act("p", Attack("shortsword", "d"))
    assert sum(r.question == "np_avoid" for r in answers.asked) == 1  # never against the primary
    assert last_attack(g).hit


def test_l1123_a_failed_avoidance_lets_the_attack_roll_and_the_talent_rating_limits_the_checks():
    answers = Answers(np_difficulty=["easy"])
    g = np_game(avoider_and_two_foes(), [3, 4, 2, 5, 6], answers)  # Tough fails; q's pool: 2, 5, 6
    g.act("q", Attack("shortsword", "d"))
    event = last_attack(g)
    assert event.hit and "d failed to avoid it: Acrobatics 2: d4 3, d6 4" in event.text
    assert pools(g, "d")["avoids"] == 1  # talent 1: no more checks until d's next turn
    assert not avoid_module.may_avoid(g.unit("q"), g.unit("d"))
    g.end_turn()
    assert pools(g, "d")["avoids"] == 0 and avoid_module.may_avoid(g.unit("q"), g.unit("d"))


def test_l916_a_higher_climb_rating_climbs_higher_steps_on_the_battlefield():
    """Acrobatics/Climb 3 rises 2 m (6 bricks) in one step, rating 2 only the shared 1 m (GRID-9)."""
    units = [
        sb.unit("c", "red", (2, 2), **np(skills={"acrobatics": 3})),
        sb.unit("w", "red", (2, 6), **np(skills={"acrobatics": 2})),
        sb.unit("z", "blue", (15, 15), **np(skills={"melee": 1})),
    ]
    data = sb.scenario(units, terrain=[{"kind": "elevated", "cells": [[3, 2], [3, 6]], "elevation": 6}])
    data = data.model_dump(mode="json")
    data["ruleset"] = "ninepowers"
    g = Game.from_scenario(Scenario.model_validate(data), script=[])
    assert (3, 2) in g.legal_moves("c") and (3, 6) not in g.legal_moves("w")
    g.move("c", (3, 2))
    assert g.unit("c").pos == (3, 2)
    with pytest.raises(IllegalOrder):
        g.move("w", [(2, 6), (3, 6)])


def test_l651_l655_a_quick_recovery_still_owed_rolls_one_die_fewer_on_every_check():
    """Stamina regained quickly is paid for in later fights (L655's "injured leg"): while the
    block's `recovery_penalty` is above 0 the character's pool loses a die (R-NP-3's cap)."""
    rolled = {0: "Melee 3: d4 2, d6 5, d8 6 → lowest 2", 1: "Melee 3 (2 dice): d4 2, d6 5 → lowest 2"}
    for owed, text in rolled.items():
        units = [
            sb.unit("a", "red", (5, 5), weapons=[sb.SWORD], **np(skills={"melee": 3}, recovery_penalty=owed)),
            sb.unit("z", "blue", (6, 5), **np(skills={"melee": 1})),
        ]
        g = np_game(units, [2, 5, 6, 1, 1, 1], Answers(np_difficulty=["medium"]))
        g.act("a", Attack("shortsword", "z"))
        assert text in last_attack(g).text
