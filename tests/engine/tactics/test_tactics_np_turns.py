"""The tactical AI's own Nine Powers turns that are not weapon attacks (issue 25): Acrobatics and
Protect vetoes (R-NP-11), Wrestle's "used as a shield" vetoes (L932-936) and a Perception mark
(L951), planned from the order registry's `SkillTurn` options (`tactics/skill_plans.py`) and
weighed by `NinePowersRuleset.skill_turn_worth` (`rulesets/ninepowers/ai_turns.py`). Each through
`Game` orders with scripted dice; each AI here struck or held instead before (the planner never
took a `SkillTurn`)."""

from __future__ import annotations

from ninepowers_helpers import np, np_game, pools
from scripted_answers import Answers

from brikwars_gui.engine.geometry import within_reach
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.tactics import TacticalAI, preset
from brikwars_gui.engine.tactics.policy import with_tactical_responses
from brikwars_gui.scenario.models import Scenario

SWORD = {"name": "sword", "kind": "close", "use": 2, "damage": "1d6"}
FISTS = {"name": "fists", "kind": "close", "use": 3, "damage": "1d6"}


def _turn_events(game: Game) -> list:
    return [e for e in game.events if e.kind == "np_turn"]


def _attacks(game: Game) -> list:
    return [e for e in game.events if e.kind == "attacked"]


def test_r_np_11_a_poor_striker_among_three_foes_dodges_with_acrobatics():
    """A lone hero of Melee 1 (a d4: one blow worth a sixth of a foe) and Acrobatics 4 stands
    among three foes of Melee 4, who have no one else to strike. Each of their blows is worth
    about a fifth of the hero: an Acrobatics turn (Easy, 1.9 vetoes expected) saves twice what its
    own blow would deal, so the AI dodges (before: it struck o3); its vetoes then cancel the
    foes' blows before they are rolled."""
    units = [
        sb.unit(
            "hero", "red", (5, 5), facing="E", weapons=[SWORD], **np(skills={"melee": 1, "acrobatics": 4})
        ),
        sb.unit("o1", "blue", (6, 5), facing="W", weapons=[FISTS], **np(skills={"melee": 4})),
        sb.unit("o2", "blue", (6, 6), facing="W", weapons=[FISTS], **np(skills={"melee": 4})),
        sb.unit("o3", "blue", (6, 4), facing="W", weapons=[FISTS], **np(skills={"melee": 4})),
    ]
    g = np_game(units, [1, 2, 1, 9], Answers())  # Acrobatics d4 1, d6 2, d8 1, d10 9: Easy, 3 vetoes
    decision = TacticalAI(preset("normal")).play_unit(g, "hero")
    assert decision is not None and decision.kind == "skill" and "Acrobatics" in decision.text
    turn = _turn_events(g)[-1]
    assert turn.skill == "Acrobatics" and turn.difficulty == "easy"
    assert pools(g, "hero")["dodge"] == 3
    g.end_turn()
    foe = next(f for f in ("o1", "o2", "o3") if within_reach(g.unit(f).pos, g.unit("hero").pos))
    g.act(foe, Attack("fists", "hero"))
    assert "vetoed by hero" in _attacks(g)[-1].text and pools(g, "hero")["dodge"] == 2


def test_r_np_11_the_protector_guards_its_wounded_friend_instead_of_striking():
    """Protect (R-NP-11, L927): each success vetoes an attack on the protector or a friend within
    melee reach. A swordsman of Melee 4 (Protect rolls Melee's 4 dice) stands by a friend at
    Stamina 2 whom two foes of Melee 3 are about to finish; striking one of them (before) leaves
    both blows to land. The AI steps beside the friend and Protects, and the foe's blow on the
    friend is vetoed by the protector."""
    units = [
        sb.unit("p", "red", (5, 5), facing="E", weapons=[SWORD], **np(skills={"melee": 4, "acrobatics": 1})),
        sb.unit("a", "red", (5, 6), facing="E", weapons=[SWORD], **np(skills={"melee": 2}, stamina=2)),
        sb.unit("o1", "blue", (6, 6), facing="W", weapons=[FISTS], **np(skills={"melee": 3})),
        sb.unit("o2", "blue", (6, 7), facing="W", weapons=[FISTS], **np(skills={"melee": 3})),
    ]
    # Protect d4 1, d6 1, d8 7, d10 9: Easy, 2 vetoes; then the friend's Response (R-RESP-5) d4 4, d6 6
    g = np_game(units, [1, 1, 7, 9, 4, 6], Answers())
    decision = TacticalAI(preset("normal")).play_unit(g, "p")
    assert decision is not None and decision.kind == "skill" and "Protect" in decision.text
    assert _turn_events(g)[-1].skill == "Protect" and pools(g, "p")["guard"] == 2
    g.end_unit("a")
    g.end_turn()
    g.act("o1", Attack("fists", "a"))
    blow = next(e for e in _attacks(g) if e.attacker == "o1")
    assert "vetoed by p protecting a" in blow.text and blow.roll is None
    assert g.unit("a").alive and pools(g, "a")["stamina"] == 2


def test_r_np_11_an_unarmed_wrestler_uses_its_foe_as_a_shield():
    """A brawler with no weapon (Wrestle 4, Melee and Acrobatics 1) beside a foe: a Wrestle turn
    on it is the AI's best, asked Easy (most successes expected, 1.9) with "used as a shield"
    for each success — a veto apiece (the engine's default answers were Tough and "tired": -1
    die, which on a lowest-die pool takes off only the largest die). Before, it only held."""
    units = [
        sb.unit(
            "w",
            "red",
            (5, 5),
            facing="E",
            weapons=[],
            **np(skills={"wrestle": 4, "melee": 1, "acrobatics": 1}),
        ),
        sb.unit("o", "blue", (6, 5), facing="W", weapons=[FISTS], **np(skills={"melee": 2})),
    ]
    g = np_game(units, [1, 1, 7, 9], Answers())  # Wrestle d4 1, d6 1, d8 7, d10 9: Easy, 2 shields
    decision = TacticalAI(preset("normal")).play_unit(g, "w")
    assert decision is not None and decision.kind == "skill" and decision.target == "o"
    turn = _turn_events(g)[-1]
    assert turn.skill == "Wrestle" and turn.difficulty == "easy"
    assert pools(g, "w")["guard"] == 2
    g.end_turn()
    g.act("o", Attack("fists", "w"))
    assert "vetoed by w" in _attacks(g)[-1].text


def test_r_np_5_a_sentry_that_can_neither_strike_nor_be_struck_marks_the_knight():
    """A swordsman (Melee 4, Perception 4) on a one-square island he cannot swim off (burdened,
    R-MOVE-4) sees a knight in full plate and shield (Armor 7) far across the water: no blow,
    nothing to veto, nothing coming within reach of a held Action. A Perception turn marks the
    knight — for the rounds it lasts his 2s pass its Armor too (L951) — where before he held."""
    sentry = np(skills={"melee": 4, "perception": 4})
    knight = np(skills={"melee": 3}, armor="full_plate", shield=True)
    units = [
        sb.unit("a", "red", (3, 5), facing="E", weapons=[SWORD], carrying_heavy=True, **sentry),
        sb.unit("k", "blue", (16, 5), facing="W", weapons=[SWORD], **knight),
    ]
    water = [[0, 2, 7, 3], [0, 6, 7, 3], [0, 5, 3, 1], [4, 5, 3, 1]]
    data = sb.scenario(units, terrain=[{"kind": "water", "rects": water}]).model_dump(mode="json")
    data["ruleset"] = "ninepowers"
    g = Game.from_scenario(Scenario.model_validate(data), script=[1, 1, 1, 1], policy=Answers())
    with_tactical_responses(g, ["red"])
    decision = TacticalAI(preset("normal")).play_unit(g, "a")
    assert decision is not None and decision.kind == "skill" and decision.target == "k"
    turn = _turn_events(g)[-1]
    assert turn.skill == "Perception" and turn.target == "k"
    assert pools(g, "a")["marks"]["k"] > g.round
