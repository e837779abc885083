"""How long Effects last (R-SN-12/13/27, EX-10, design map §4.13): Lasting dice left on one target
per die, the rest ending at the caster's turn start, cancelling, and the caster's death."""

from __future__ import annotations

from typing import Any

import pytest
from sn_helpers import FIREBALL, caster, effect, kinds

from brikwars_gui.engine.dice.source import ScriptedDice
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.sn_actions import CancelEffect, Cast, TakeTalisman
from brikwars_gui.engine.session import Game
from tests.scripted_answers import Answers

ARC_BLESSING = effect("Arc Blessing", "cell", "range", "bless", form="arc", lasting=True)


def game(units: list[dict], script: list[int], policy: Any = None, **kw: Any) -> Game:
    """A Game on a sandbox map with scripted dice (`kw`: `sb.scenario` options, e.g. objects)."""
    return Game.from_scenario(sb.scenario(units, **kw), script=script, policy=policy)


def test_ex_10_r_sn_27_12_an_arc_blessing_blesses_three_then_only_one_keeps_it() -> None:
    units = [
        caster("c", "red", (10, 10), {"book": "d8", "relic": "d6"}, ARC_BLESSING, facing="E"),
        sb.unit("a1", "red", (13, 9), weapons=[sb.PISTOL]),
        sb.unit("a2", "red", (13, 10), weapons=[sb.PISTOL]),
        sb.unit("a3", "red", (13, 11), weapons=[sb.PISTOL]),
        sb.unit("z", "blue", (17, 10)),
    ]
    policy = Answers(sn_lasting="keep:a2")
    g = game(units, [4, 2, 5, 4], policy)
    g.act("c", Cast("Arc Blessing", at=(13, 10), plan=("book:range", "relic:bless")))
    assert [g.unit(u).blessings for u in ("a1", "a2", "a3")] == [(6,), (6,), (6,)]
    assert kinds(g, "effect_landed")[0]["arc"] == 1 and g.unit("c").action_used
    g.act("a1", Attack("pistol", "z"))  # own d6 2, Blessing d6 5 kept: a hit; Damage 4 = Armor 4
    assert g.unit("z").disrupted
    g.end_turn()
    g.end_turn()
    asked = policy.first("sn_lasting")
    assert set(asked.options) == {"release", "keep:a1", "keep:a2", "keep:a3"}
    assert [g.unit(u).blessings for u in ("a1", "a2", "a3")] == [(), (6,), ()]
    assert kinds(g, "sn_dice_returned")[-1]["talismans"] == ["book"]
    assert g.state.sn.talismans["relic"].status == "held"


def test_r_sn_12_killing_the_necromancer_ends_bone_armor_and_hex() -> None:
    bone = effect("Bone Armor", "ally", "armor+", lasting=True)
    hex_ = effect("Hex", "hostile", "range", "curse", lasting=True)
    units = [
        caster("n", "red", (5, 5), {"skull": "d6", "beard": "d4", "ring": "d10"}, bone, hex_),
        sb.unit("s", "red", (6, 5)),
        sb.unit("h", "blue", (8, 5), hero=True, skill="d10"),
        sb.unit("r", "blue", (10, 7), weapons=[sb.RIFLE]),
    ]
    g = game(units, [3, 4, 5])
    g.act("n", Cast("Bone Armor", "s", plan=("skull:armor+",)))
    g.act("n", Cast("Hex", "h", plan=("beard:range", "ring:curse")))
    assert g.unit("s").armor == "4+1d6" and g.unit("h").curses == (10,)
    g.end_turn()
    g.act("r", Attack("rifle", "n"))  # hit 4; 5 + 1 = 6 > 4: killed
    ended = kinds(g, "effect_ended")
    assert [e["reason"] for e in ended] == ["caster incapacitated"] * 2
    assert g.unit("s").armor == "4" and g.unit("h").curses == ()
    assert [e["talisman"] for e in kinds(g, "talisman_dropped")] == ["skull", "beard", "ring"]  # R-SN-8


def test_r_sn_13_a_cancelled_effects_dice_come_back_next_turn() -> None:
    ward = effect("Ward", "self", "armor+")
    units = [caster("p", "red", (5, 5), {"hat": "d6"}, ward), sb.unit("e", "blue", (12, 12))]
    g = game(units, [])
    g.act("p", Cast("Ward", plan=("hat:armor+",)))
    g.act("p", CancelEffect("fx1"))
    assert g.unit("p").armor == "4" and kinds(g, "effect_ended")[0]["reason"].startswith("cancelled")
    assert g.state.sn.talismans["hat"].status == "spent"
    g.end_turn()
    g.end_turn()
    assert g.state.sn.talismans["hat"].status == "ready"


def test_r_sn_13_released_at_turn_start_they_are_ready_at_once() -> None:
    bone = effect("Bone Armor", "ally", "armor+", lasting=True)
    units = [
        caster("n", "red", (5, 5), {"skull": "d6"}, bone),
        sb.unit("s", "red", (6, 5)),
        sb.unit("e", "blue", (15, 15)),
    ]
    g = game(units, [], Answers(sn_lasting=["keep:s", "release"]))
    g.act("n", Cast("Bone Armor", "s", plan=("skull:armor+",)))
    g.end_turn()
    g.end_turn()  # kept on s: held, still on
    assert g.state.sn.talismans["skull"].status == "held" and g.unit("s").armor == "4+1d6"
    g.end_turn()
    g.end_turn()  # released: back at once, and the Armor is gone
    assert g.state.sn.talismans["skull"].status == "ready" and g.unit("s").armor == "4"
    assert kinds(g, "sn_dice_returned")[-1]["talismans"] == ["skull"]


def test_r_sn_8_a_dropped_staff_is_taken_and_its_d8_spent_by_the_thief() -> None:
    units = [
        caster("w", "red", (5, 5), {"staff": "d8", "orb": "d6"}, FIREBALL, cliche="Pyromancer"),
        sb.unit("r", "blue", (10, 7), weapons=[sb.RIFLE]),
        sb.unit("t", "blue", (6, 6)),
        sb.unit("k", "red", (3, 10)),
    ]
    g = game(units, [4, 5, 5, 5])
    g.end_turn()
    g.act("r", Attack("rifle", "w"))  # hit 4; 5 + 1 = 6 > 4: killed
    assert {e["talisman"] for e in kinds(g, "talisman_dropped")} == {"staff", "orb"}
    assert g.state.sn.talismans["staff"].cell == (5, 5)
    assert "take_talisman" in {o.kind for o in g.legal_actions("t")}
    g.act("t", TakeTalisman("staff"))
    g.act("t", TakeTalisman("orb"))
    assert not g.unit("t").action_used  # a Move Action
    g.act("t", Cast("Fireball", "k", plan=("staff:range", "orb:damage+")))  # the Talisman's Cliché
    assert [r["talisman"] for r in kinds(g, "sn_die_rolled")] == ["staff", "orb"]
    assert not g.unit("k").alive  # Range 5 ≥ 5"; Damage 5 > Armor 4


@pytest.mark.parametrize(("enemy_at", "default"), [((19, 19), "release"), ((9, 5), "keep:s")])
def test_r_sn_12_the_lasting_default_keeps_armor_only_on_a_friend_an_enemy_can_reach(
    enemy_at, default
) -> None:
    bone = effect("Bone Armor", "ally", "armor+", lasting=True)
    units = [
        caster("n", "red", (5, 5), {"skull": "d6"}, bone),
        sb.unit("s", "red", (6, 5)),
        sb.unit("e", "blue", enemy_at),
    ]
    policy = Answers()
    g = game(units, [], policy)
    g.act("n", Cast("Bone Armor", "s", plan=("skull:armor+",)))
    g.end_turn()
    g.end_turn()
    assert policy.first("sn_lasting").default == default
    assert (g.unit("s").armor == "4+1d6") is (default != "release")


def test_r_sn_13_an_effect_is_cancelled_on_the_opponents_turn_before_its_attack() -> None:
    ward = effect("Flame Ward", "ally", "armor+")
    units = [
        caster("c", "red", (5, 5), {"hat": "d6"}, ward),
        sb.unit("k", "red", (6, 5)),
        sb.unit("r", "blue", (12, 5), facing="W", weapons=[sb.RIFLE]),
    ]
    scenario = sb.scenario(units)
    g = Game.from_scenario(scenario, script=[4, 4])  # the rifle: hit 4; Damage 4 + 1 = 5, no Armor die
    g.act("c", Cast("Flame Ward", "k", plan=("hat:armor+",)))
    g.end_turn()  # blue's turn
    assert g.legal_actions("c") == [] and [o.action for o in g.anytime_actions("c")] == [CancelEffect("fx1")]
    with pytest.raises(IllegalOrder, match="active player"):
        g.act("c", Cast("Flame Ward", "c", plan=("hat:armor+",)))  # only cancelling is out of turn
    g.act("c", CancelEffect("fx1"))
    assert g.unit("k").armor == "4" and g.active_player == "blue"
    g.act("r", Attack("rifle", "k"))
    assert not g.unit("k").alive  # 5 > 4: the ward is gone
    assert g.state.sn.talismans["hat"].status == "spent"  # back at red's next turn start
    g.end_turn()
    assert g.state.sn.talismans["hat"].status == "ready"
    replay = Game.from_events(scenario, g.events, ScriptedDice([4, 4]))  # a saved game replays it
    assert [e.to_dict() for e in replay.events] == [e.to_dict() for e in g.events]


@pytest.mark.parametrize(("answer", "blessed"), [("no", ["a2"]), ("yes", ["a1", "a2", "a3"])])
def test_r_sn_27_the_caster_chooses_whether_a_range_d8_adds_a_firing_arc(answer: str, blessed: list) -> None:
    units = [
        caster("c", "red", (10, 10), {"book": "d8", "relic": "d6"}, ARC_BLESSING, facing="E"),
        sb.unit("a1", "red", (13, 9)),
        sb.unit("a2", "red", (13, 10)),
        sb.unit("a3", "red", (13, 11)),
        sb.unit("z", "blue", (17, 17)),
    ]
    policy = Answers(sn_arc=answer)
    g = game(units, [4], policy)
    g.act("c", Cast("Arc Blessing", at=(13, 10), plan=("book:range", "relic:bless")))
    asked = policy.first("sn_arc")
    assert asked.team == "red" and asked.default == "yes"  # it adds two friends and no enemy
    assert asked.detail["adds"] == ["a1", "a3"]
    assert sorted(u for u in ("a1", "a2", "a3") if g.unit(u).blessings == (6,)) == blessed


def test_r_sn_27_the_arc_default_is_no_when_a_harmful_spray_would_widen_onto_a_friend() -> None:
    spray = effect("Spray of Fireballs", "cell", "range", "damage+", form="arc")
    units = [
        caster("p", "red", (5, 10), {"crystal": "d8", "hat": "d6"}, spray, facing="E"),
        sb.unit("e1", "blue", (10, 9)),
        sb.unit("q", "red", (10, 11)),
        sb.unit("e3", "blue", (12, 10)),
    ]
    policy = Answers()
    g = game(units, [7, 3], policy)
    g.act("p", Cast("Spray of Fireballs", at=(12, 10), plan=("crystal:range", "hat:damage+")))
    asked = policy.first("sn_arc")
    assert asked.detail["adds"] == ["e1", "q"] and asked.default == "no"
    assert kinds(g, "effect_landed")[0]["targets"] == ["e3"]


class _Recorder:
    """Answers `sn_next_die` from a plan and notes the Effect's area (arcs, radius) before each die."""

    def __init__(self, game_ref: list, plan: list[str]) -> None:
        self.game_ref, self.plan, self.seen = game_ref, plan, []

    def decide(self, game: Any, request) -> str:
        if request.question != "sn_next_die":
            return request.default
        effect = self.game_ref[0].state.sn.effects[request.about]
        self.seen.append((effect.arc, effect.radius, effect.reach))
        return self.plan.pop(0) if self.plan else "stop"


def test_r_sn_27_28_the_area_grows_die_by_die_and_catches_the_units_on_its_cells() -> None:
    """A Fireball with a d6 Range die (rolls 4: on target 4" east), a d8 Damage die (rolls 3: one
    45° arc out to 4") and a d10 Damage die (rolls 5: 2" radius). Before each die the Effect holds
    the area of the dice rolled so far; `area_cells` is the area the landing catches units in."""
    from brikwars_gui.engine.supernatural.path import area_cells

    fireball = effect("Fireball", "hostile", "range", "damage+")
    units = [
        caster("c", "red", (5, 5), {"hat": "d6", "lantern": "d8", "rod": "d10"}, fireball),
        sb.unit("t", "blue", (9, 5), armor="20"),
        sb.unit("side", "blue", (6, 5), armor="20"),  # in the arc (22.5° either side), not the radius
        sb.unit("near", "blue", (11, 5), armor="20"),  # in the radius, past the arc's 4"
        sb.unit("off", "blue", (6, 9), armor="20"),  # in neither
    ]
    ref: list = []
    policy = _Recorder(ref, ["hat:range", "lantern:damage+", "rod:damage+"])
    g = game(units, [4, 3, 5, 4, 4, 4, 4], policy)
    ref.append(g)
    g.act("c", Cast("Fireball", "t"))
    assert policy.seen == [(0, 0, 0), (0, 0, 4), (1, 0, 4)]  # no die left after the d10: it lands
    assert (g.state.sn.effects["fx1"].arc, g.state.sn.effects["fx1"].radius) == (1, 2)
    fx = next(iter(g.state.sn.effects.values()))
    size = (g.state.grid.width, g.state.grid.height)
    cells = area_cells(size, fx.origin, fx.point, fx.radius, fx.arc, fx.reach)
    landed = kinds(g, "effect_landed")[0]
    assert (landed["arc"], landed["radius"]) == (1, 2)
    assert set(landed["targets"]) == {"t", "side", "near"}
    assert {g.unit(u).pos for u in ("t", "side", "near")} <= set(cells)
    assert g.unit("off").pos not in cells and (5, 5) not in cells
