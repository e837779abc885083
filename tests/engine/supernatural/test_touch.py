"""Touch delivery through `Game` orders (R-SN-10): willing targets, the caster itself, and hostile
targets that need a Shove or a Grab first."""

from __future__ import annotations

from typing import Any

import pytest
from sn_helpers import caster, effect, kinds

from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack
from brikwars_gui.engine.rules.common import IllegalOrder
from brikwars_gui.engine.rules.sn_actions import Cast
from brikwars_gui.engine.session import Game
from tests.scripted_answers import Answers

WARD = effect("Flame Ward", "ally", "armor+")


def game(units: list[dict], script: list[int], policy: Any = None, **kw: Any) -> Game:
    return Game.from_scenario(sb.scenario(units, **kw), script=script, policy=policy)


def test_r_sn_10_an_ally_effect_the_game_offers_on_the_caster_itself_lands_on_it() -> None:
    """Bug: `legal_actions` offered "Cast Flame Ward on c" and the Effect then landed on nothing."""
    units = [caster("c", "red", (5, 5), {"hat": "d6"}, WARD), sb.unit("e", "blue", (12, 5))]
    g = game(units, [])
    offered = [o.action for o in g.legal_actions("c") if o.kind == "cast"]
    assert Cast("Flame Ward", "c") in offered
    g.act("c", Cast("Flame Ward", "c", plan=("hat:armor+",)))
    assert kinds(g, "effect_landed")[0]["targets"] == ["c"]
    assert g.unit("c").armor == "4+1d6" and not g.unit("c").action_used  # touch: free (R-SN-10)


BURNING_HANDS = effect("Burning Hands", "hostile", "range", "damage+")


def _touch_duel() -> list[dict]:
    return [
        caster("c", "red", (5, 5), {"hat": "d6", "rod": "d8"}, BURNING_HANDS),
        sb.unit("e", "blue", (6, 5)),
        sb.unit("f", "blue", (15, 5)),
    ]


def test_r_sn_10_a_hostile_touch_needs_a_shove_which_pushes_and_then_the_effect_lands() -> None:
    g = game(_touch_duel(), [4, 5])  # Shove d6 4 ≥ 2: pushed 2"; then Damage d6 5 > Armor 4
    g.act("c", Cast("Burning Hands", "e", plan=("hat:damage+",), delivery="shove"))
    assert kinds(g, "shoved")[0]["success"] and kinds(g, "effect_cast")[0]["delivery"] == "shove"
    asked = [e for e in kinds(g, "decided") if e["question"] == "sn_next_die"]
    assert not any(o.endswith(":range") for o in asked[0]["options"])  # a touch: no Range dice
    landed = kinds(g, "effect_landed")[0]
    assert landed["targets"] == ["e"] and tuple(landed["point"]) == (8, 5)  # pushed 2" first (G-11)
    assert not g.unit("e").alive and g.unit("c").action_used  # R-SN-10: a hostile target spends it


def test_r_sn_10_a_failed_grab_touches_nothing_spends_no_die_and_uses_the_action() -> None:
    g = game(_touch_duel(), [1])  # the Grab's roll: 1, a failure
    g.act("c", Cast("Burning Hands", "e", plan=("hat:damage+",), delivery="grab"))
    assert not kinds(g, "grabbed")[0]["success"] and not kinds(g, "sn_die_rolled")
    assert g.state.sn.talismans["hat"].status == "ready" and g.unit("c").action_used
    assert "failed" in kinds(g, "effect_ended")[0]["reason"] and g.unit("e").alive


def test_r_sn_10_a_grab_holds_the_target_where_it_stands_and_the_effect_lands() -> None:
    g = game(_touch_duel(), [3, 4])  # Grab 3 ≥ 2; Damage 4 = Armor 4: Disrupted (G-3)
    g.act("c", Cast("Burning Hands", "e", plan=("hat:damage+",), delivery="grab"))
    assert kinds(g, "grabbed")[0]["success"] and not kinds(g, "shoved")
    assert g.unit("e").pos == (6, 5) and g.unit("e").disrupted


def test_r_sn_10_the_game_offers_shove_and_grab_only_for_a_hostile_unit_in_reach() -> None:
    g = game(_touch_duel(), [])
    casts = [o for o in g.legal_actions("c") if o.kind == "cast"]
    touches = {(o.action.target, o.action.delivery) for o in casts if o.action.delivery != "auto"}
    assert touches == {("e", "shove"), ("e", "grab")}
    chance = next(o.chance for o in casts if o.action.delivery == "grab")
    assert chance == pytest.approx(5 / 6)  # Use 2 on a d6 (G-11)


def test_r_sn_10_a_touch_delivery_is_refused_on_a_distant_or_friendly_target() -> None:
    g = game(_touch_duel(), [])
    with pytest.raises(IllegalOrder, match="reach"):
        g.act("c", Cast("Burning Hands", "f", plan=("hat:damage+",), delivery="grab"))


STAFF = {"name": "staff", "kind": "ranged", "use": 3, "range": 10, "damage": "0"}


def _staff_duel(**kw: Any) -> list[dict]:
    fireball = effect("Fireball", "hostile", "range", "damage+")
    return [
        caster("p", "red", (2, 5), {"hat": "d6"}, fireball, weapons=[STAFF], facing="E"),
        sb.unit("e", "blue", (10, 5), **kw),
    ]


def test_r_sn_11_a_staff_carries_a_fireball_8_inches_without_range_dice() -> None:
    g = game(_staff_duel(), [4, 5])  # the Staff: Use 3, 4 hits; then Damage d6 5 > Armor 4
    offered = [o for o in g.legal_actions("p") if o.kind == "cast" and o.action.delivery == "staff"]
    assert offered and offered[0].chance == pytest.approx(4 / 6)
    g.act("p", Cast("Fireball", "e", plan=("hat:damage+",), delivery="staff"))
    assert kinds(g, "focus_hit")[0]["hit"] and g.unit("p").action_used
    asked = [e for e in kinds(g, "decided") if e["question"] == "sn_next_die"]
    assert not any(o.endswith(":range") for o in asked[0]["options"])
    assert not g.unit("e").alive


def test_r_sn_11_on_a_miss_the_effects_dice_are_not_spent() -> None:
    g = game(_staff_duel(), [2])
    g.act("p", Cast("Fireball", "e", plan=("hat:damage+",), delivery="staff"))
    assert not kinds(g, "focus_hit")[0]["hit"] and not kinds(g, "sn_die_rolled")
    assert g.state.sn.talismans["hat"].status == "ready" and g.unit("p").action_used


def test_r_sn_11_only_a_tool_with_no_damage_carries_an_effect() -> None:
    units = _staff_duel()
    units[0]["weapons"] = [sb.RIFLE]
    g = game(units, [])
    with pytest.raises(IllegalOrder, match="Wand or Staff"):
        g.act("p", Cast("Fireball", "e", plan=("hat:damage+",), delivery="rifle"))


def test_r_sn_11_a_staff_is_no_attack_weapon_nor_a_reply_to_an_attack() -> None:
    units = _staff_duel(weapons=[sb.PISTOL], facing="W")
    g = game(units, [])
    assert not [o for o in g.legal_actions("p") if o.kind == "attack"]  # only the Cast rides it
    policy = Answers()
    g = game(_staff_duel(weapons=[sb.PISTOL], facing="W"), [1], policy)
    g.end_turn()  # p saved its Action (R-RESP-1)
    g.act("e", Attack("pistol", "p"))  # 1: a miss
    asked = policy.first("attack_response")
    assert not any(o.startswith("attack:") for o in asked.options)  # no reply with the staff
