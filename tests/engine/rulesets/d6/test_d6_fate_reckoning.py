"""R-D6-10 in a battle through `Game` orders with scripted dice: the heroic moral code's
reckoning of Fate Points when the battle ends, and the GM's optional limits on experienced
characters (docs/rules-decisions.md, "R-D6-10").

Dice order of the attack as in test_d6_ruleset_rules.py: the roll's dice (Fate Point: doubled),
Damage 2D+2 (regular, Wild), the target's resistance 2D (regular, Wild)."""

from __future__ import annotations

from scripted_answers import Answers

from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rulesets import find_ruleset
from tests.engine.rulesets.d6.test_d6_ruleset_rules import d6_game, duel

HIT = [3, 3, 3, 2]  # melee 2D+1 doubled by the Fate Point: 4D+2 = 13 against 8
KILL = [5, 6, 5, 2, 2]  # Damage 5 + 6 + 5 + 2 = 18 against 4: killed
DOWN = [5, 6, 2, 2, 2]  # 15 against 4: incapacitated, out of the fight but alive


def hero(**block: object) -> dict:
    return {"d6": {"melee": "2D+1", "fate_points": 2, "character_points": 0, **block}}


def reckoned(g) -> list:
    return [e for e in g.events if e.kind == "fate_reckoned"]


def test_r_d6_10_a_heroic_fate_point_spent_taking_a_life_costs_one_more_at_the_end() -> None:
    g = d6_game(duel(hero(moral_code="heroic")), HIT + KILL, policy=Answers(fate_point=["yes"]))
    g.act("a", Attack("shortsword", "z"))  # z killed: the battle is over (G-24)
    assert g.over and g.state.units["a"].pools["fp"] == 0  # 2 − 1 spent − 1 taken
    [event] = reckoned(g)
    assert (event.earned_back, event.taken) == (0, 1)
    assert event.describe() == (
        "a loses 1 more for Fate Point(s) spent taking a life: 0 left (heroic code, R-D6-10)"
    )
    kinds = [e.kind for e in g.events]
    assert kinds.index("fate_reckoned") < kinds.index("game_over")


def test_r_d6_10_a_heroic_fate_point_spent_bringing_a_foe_down_alive_comes_back() -> None:
    g = d6_game(duel(hero(moral_code="heroic")), HIT + DOWN, policy=Answers(fate_point=["yes"]))
    g.act("a", Attack("shortsword", "z"))
    assert g.over and g.state.units["a"].pools["fp"] == 2  # spent, then earned back
    assert (reckoned(g)[0].earned_back, reckoned(g)[0].taken) == (1, 0)
    exported = find_ruleset("d6").stat_blocks(g.state.units["a"])["d6"]
    assert exported["fate_points"] == 2 and exported["moral_code"] == "heroic"  # run --save carries it


def test_r_d6_10_without_a_moral_code_spent_fate_points_stay_spent() -> None:
    g = d6_game(duel(hero()), HIT + DOWN, policy=Answers(fate_point=["yes"]))
    g.act("a", Attack("shortsword", "z"))
    assert g.over and g.state.units["a"].pools["fp"] == 1 and not reckoned(g)


def test_r_d6_10_limits_a_9d_character_may_spend_fate_points_only_climactically() -> None:
    policy = Answers(fate_point=["climax"])
    master = {"d6": {"melee": "9D", "ranged": "9D", "fate_points": 2, "character_points": 0}}
    g = d6_game(duel(master), [3] * 40, policy=policy, fate_point_limits=True)
    g.act("a", Attack("shortsword", "z"))
    assert policy.first("fate_point").options == ("no", "climax")
    free = d6_game(duel(master), [3] * 40, policy=Answers(fate_point=["no"]))
    free.act("a", Attack("shortsword", "z"))
    assert free.policy.first("fate_point").options == ("no", "yes", "climax")  # the limits are optional


def test_r_d6_10_limits_a_6d_character_spends_no_fate_point_on_resisting_damage() -> None:
    veteran = {"d6": {"melee": "6D", "dodge": "6D", "strength": "2D", "fate_points": 1}}
    policy = Answers(fate_point=["yes"])
    units = duel({"d6": {"melee": "3D", "character_points": 0}}, veteran)
    g = d6_game(units, [5, 5, 5, 5, 4, 3, 3], policy=policy, fate_point_limits=True)
    g.act("a", Attack("shortsword", "z"))  # z resists: not asked about a Fate Point
    assert "fate_point" not in [r.question for r in policy.asked]
    unlimited = d6_game(units, [5, 5, 5, 5, 4, 3, 3, 3, 2], policy=Answers(fate_point=["yes"]))
    unlimited.act("a", Attack("shortsword", "z"))
    assert unlimited.policy.first("fate_point").unit == "z"
