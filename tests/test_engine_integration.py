"""Integration of the hazard rules (Chapter F) with the turn rules, through the `Game` API with
scripted dice: deaths mid-path, Sprint inches in Slow fields, burning attackers, Energy Shields,
Scout Marks, Slippery fumbles, fire weapons, and dice given back by a failed order."""

from __future__ import annotations

from typing import Any

import pytest

from brikwars_gui.engine.dice import DiceScriptExhausted, RecordingDice, ScriptedDice, SeededDice
from brikwars_gui.engine.order_families import order_from_dict
from brikwars_gui.engine.rules import actions
from brikwars_gui.engine.rules import sandbox as sb
from brikwars_gui.engine.rules.actions import Attack, Mark, Sprint
from brikwars_gui.engine.session import Game, IllegalOrder
from brikwars_gui.scenario.models import Scenario

TORCH = {"name": "torch", "kind": "close", "use": 2, "damage": "1d6", "burning": True}
FLAMER = {"name": "flamer", "kind": "ranged", "use": 3, "range": 6, "damage": "1d4", "damage_type": "fire"}


def build(units: list[dict[str, Any]], *, hazards=(), fires=(), objects=(), width: int = 20) -> Scenario:
    data = sb.scenario(units, width=width, objects=list(objects)).model_dump(mode="json")
    data["hazards"] = list(hazards)
    data["fires"] = list(fires)
    return Scenario.model_validate(data)


def kinds(game: Game) -> list[str]:
    return [e.kind for e in game.events]


def first(game: Game, kind: str):
    return next(e for e in game.events if e.kind == kind)


# ---------------------------------------------------------------------------------------------
# 1. A unit killed or Disrupted partway along its path lies where it happened

MINE = {"id": "mine", "kind": "concealed", "dice": "1d10", "damage_type": "explosive", "cells": [[5, 5]]}


def _mine_game(script: list[int]) -> Game:
    units = [sb.unit("a", "red", (1, 5)), sb.unit("b", "red", (1, 15)), sb.unit("z", "blue", (18, 18))]
    return Game.from_scenario(build(units, hazards=[MINE]), script=script)


def test_r_haz_17_unit_killed_mid_path_lies_at_the_trigger_cell():
    g = _mine_game([1, 9])  # Action roll 1: Critical Failure → goes off at 0"; d10 9 > Armor 4
    g.move("a", (6, 5))
    a = g.unit("a")
    assert not a.alive and a.pos == (5, 5)
    moved = first(g, "unit_moved")
    assert moved.path[0] == (1, 5) and tuple(moved.path[-1]) == (5, 5) and moved.cost == 4
    order = kinds(g)
    assert order.index("unit_moved") < order.index("concealed_triggered") < order.index("killed")
    assert "→ (5, 5) (4 cells" in moved.describe()


def test_r_haz_17_unit_disrupted_mid_path_stops_at_the_trigger_cell():
    g = _mine_game([1, 2])  # the blast (2) does not beat Armor 4 but knocks it down (R-MOVE-15)
    g.move("a", (6, 5))
    a = g.unit("a")
    assert a.alive and a.disrupted and a.pos == (5, 5)
    assert tuple(first(g, "unit_moved").path[-1]) == (5, 5)
    assert kinds(g).index("unit_moved") < kinds(g).index("disrupted")


# ---------------------------------------------------------------------------------------------
# 2. Sprint inches count in Slow fields and against concealed Move payloads


def test_r_haz_12_sprint_inches_count_as_move_in_a_slow_field():
    units = [sb.unit("a", "red", (1, 5), move=5), sb.unit("z", "blue", (19, 19))]
    mud = {"id": "mud", "kind": "slow", "dice": "1d6", "rects": [[4, 0, 3, 10]]}
    g = Game.from_scenario(build(units, hazards=[mud], width=30), script=[4, 2])  # Sprint +4", mud −2"
    g.act("a", Sprint((25, 5)))
    a = g.unit("a")
    assert a.pos == (8, 5)  # 5 + 4 − 2 = 7" of the line
    assert a.move_spent == 9 and a.move_left == 0


def test_r_haz_19_concealed_move_payload_cuts_a_sprint():
    units = [sb.unit("a", "red", (1, 5), move=5), sb.unit("z", "blue", (19, 19))]
    snare = {"id": "snare", "kind": "concealed", "dice": "1d6", "payload": "move", "cells": [[4, 5]]}
    # Sprint +4" (budget 9"), the crossing roll fumbles (1), the snare takes 5"
    g = Game.from_scenario(build(units, hazards=[snare], width=30), script=[4, 1, 5])
    g.act("a", Sprint((25, 5)))
    assert g.unit("a").pos == (5, 5)  # 9 − 5 = 4" of the line


# ---------------------------------------------------------------------------------------------
# 3. Hazard rules inside attacks

BURNING_A = [{"id": "f", "object": "a", "size": 1}]
# the Burning Roll at the start of red's turn: d4 2 spreads (Grinding 1); Grinding vs Armor 4 − d4 1


def test_r_fire_5_a_burning_unit_rolls_minus_1d4_on_its_action():
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.PISTOL]), sb.unit("z", "blue", (5, 2))]
    g = Game.from_scenario(build(units, fires=BURNING_A), script=[2, 1, 2, 4])  # −2, then a 4
    g.act("a", Attack("pistol", "z"))
    attack = first(g, "attacked")
    assert attack.roll["needed"] == 5 and not attack.hit  # a 4 hits Use 3 unless on fire
    assert "R-FIRE-5" in attack.describe()


def test_r_fire_5_attack_odds_include_the_burning_penalty_exactly():
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.PISTOL]), sb.unit("z", "blue", (5, 2))]
    g = Game.from_scenario(build(units, fires=BURNING_A), script=[2, 1])
    (option,) = [o for o in g.legal_actions("a") if o.kind == "attack"]
    # d6 vs Use 3 + the −1d4 penalty P (a d4 whose 4 adds a d6 chain C). Success needs 3 + P:
    # P = 1, 2, 3: a natural 4+, 5+, 6 → 1/2, 1/3, 1/6; P = 4 + C needs 7 + C: only a natural 6
    # (Overskill) plus a +1d6 chain C' > C, P(C' > C) = (1 − P(C' = C)) / 2 with
    # P(C' = C) = 5/36 + P(C' = C)/36 = 1/7, so 3/7. Total: ¼(1/2 + 1/3 + 1/6) + ¼ · 1/6 · 3/7 = 15/56.
    assert option.needed == 3 and option.chance == pytest.approx(15 / 56, abs=1e-12)
    unburnt = Game.from_scenario(build(units), script=[])
    (option,) = [o for o in unburnt.legal_actions("a") if o.kind == "attack"]
    assert option.chance == pytest.approx(2 / 3)


def test_r_fire_5_a_burning_unit_with_a_torch_still_rolls_minus_1d4():
    # the exemption is for *using* an item made to burn, not for being on fire yourself
    units = [sb.unit("a", "red", (2, 2), weapons=[TORCH]), sb.unit("z", "blue", (3, 2), armor="20")]
    g = Game.from_scenario(build(units, fires=BURNING_A), script=[2, 1, 2, 3])  # −2, then a 3
    g.act("a", Attack("torch", "z"))
    attack = first(g, "attacked")
    assert attack.roll["needed"] == 4 and not attack.hit  # Use 2 + 2: a 3 would hit unburnt
    assert attack.needed == 4  # the logged needed number is the one rolled against


def test_r_fire_5_a_torch_spares_an_unburnt_bearer():
    units = [sb.unit("a", "red", (2, 2), weapons=[TORCH]), sb.unit("z", "blue", (3, 2), armor="20")]
    g = Game.from_scenario(build(units), script=[2, 3, 1])  # Skill 2 hits Use 2; d6 3, +1d4 1
    g.act("a", Attack("torch", "z"))
    attack = first(g, "attacked")
    assert attack.needed == 2 and attack.hit and "R-FIRE-5" not in attack.describe()


def test_r_fire_6_burning_attacker_adds_1d4_fire_and_can_ignite():
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.SWORD]), sb.unit("z", "blue", (3, 2), armor="9")]
    # burning roll 2, grinding armor d4 1, Action −1, Skill 5 (needs 3), Damage d6 3 (+1), Fire d4 3
    g = Game.from_scenario(build(units, fires=BURNING_A), script=[2, 1, 1, 5, 3, 3])
    g.act("a", Attack("shortsword", "z"))
    attack = first(g, "attacked")
    assert attack.damage == 4 + 3 and "R-FIRE-6" in attack.describe()
    assert first(g, "armor_rolled").damage == 7
    ignited = first(g, "fire_ignited")
    assert ignited.target == "z" and g.unit("z").fire_size == 1


def test_r_fire_3_fire_weapon_ignites_its_target():
    units = [sb.unit("a", "red", (2, 2), weapons=[FLAMER]), sb.unit("z", "blue", (5, 2), armor="9")]
    g = Game.from_scenario(build(units), script=[5, 3])  # hit, d4 Fire 3 > Weight ½
    g.act("a", Attack("flamer", "z"))
    assert first(g, "fire_ignited").target == "z" and g.unit("z").fire_size == 1


def test_r_haz_21_energy_shield_cancels_a_damage_die():
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.PISTOL]), sb.unit("z", "blue", (5, 2))]
    shield = {"id": "bubble", "kind": "shield", "dice": "1d6", "cells": [[5, 2]]}
    g = Game.from_scenario(build(units, hazards=[shield]), script=[5])  # hit; the d6 is cancelled
    g.act("a", Attack("pistol", "z"))
    deflected = first(g, "shield_deflected")
    assert deflected.target == "z" and tuple(deflected.sides) == (6,)
    assert first(g, "attacked").damage == 0 and g.unit("z").alive
    assert "armor_rolled" not in kinds(g)
    assert "z" not in g.state.hazard.power_spent  # a scenery shield over a minifig costs no Power


def test_r_scout_5_mark_action_gives_allies_plus_1_on_ranged_attacks():
    units = [
        sb.unit("s", "red", (2, 2), facing="E", specialties=["scout"]),
        sb.unit("r", "red", (2, 4), weapons=[sb.RIFLE]),
        sb.unit("z", "blue", (8, 3)),
    ]
    g = Game.from_scenario(build(units), script=[2, 3])
    before = next(o for o in g.legal_actions("r") if o.kind == "attack")
    options = [o for o in g.legal_actions("s") if o.kind == "mark"]
    assert [o.target for o in options] == ["z"] and options[0].label.startswith("Mark target")
    assert not [o for o in g.legal_actions("r") if o.kind == "mark"]  # only Scouts Mark
    g.act("s", options[0].action)
    assert g.unit("s").action_used and first(g, "scout_marked").target == "z"
    after = next(o for o in g.legal_actions("r") if o.kind == "attack")
    assert after.needed == before.needed - 1
    g.act("r", Attack("rifle", "z"))
    attack = first(g, "attacked")
    assert attack.roll["needed"] == after.needed and attack.hit  # a 2 hits only thanks to the Mark
    assert order_from_dict(Mark("z").to_dict()) == Mark("z")


def test_r_scout_5_mark_needs_a_scout_and_a_seen_target_within_8():
    units = [
        sb.unit("s", "red", (2, 2), facing="E", specialties=["scout"]),
        sb.unit("r", "red", (2, 4)),
        sb.unit("z", "blue", (15, 2)),
    ]
    g = Game.from_scenario(build(units), script=[])
    with pytest.raises(IllegalOrder, match="8"):
        g.act("s", Mark("z"))
    with pytest.raises(IllegalOrder, match="Scout"):
        g.act("r", Mark("z"))


def test_r_haz_14_critical_failure_on_a_slippery_field_disrupts():
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.PISTOL]), sb.unit("z", "blue", (5, 2))]
    ice = {"id": "ice", "kind": "slippery", "dice": "1d4", "rects": [[0, 0, 4, 4]]}
    g = Game.from_scenario(build(units, hazards=[ice]), script=[2, 1])  # stuck 2" at the start (R-HAZ-14)
    g.act("a", Attack("pistol", "z"))
    assert first(g, "mishap") and g.unit("a").disrupted
    assert "Slippery" in first(g, "disrupted").cause


def test_r_haz_14_critical_failure_off_the_ice_does_not_disrupt():
    units = [sb.unit("a", "red", (8, 8), weapons=[sb.PISTOL]), sb.unit("z", "blue", (11, 8))]
    ice = {"id": "ice", "kind": "slippery", "dice": "1d4", "rects": [[0, 0, 4, 4]]}
    g = Game.from_scenario(build(units, hazards=[ice]), script=[1])
    g.act("a", Attack("pistol", "z"))
    assert not g.unit("a").disrupted


# ---------------------------------------------------------------------------------------------
# 5b. Currents and Slippery fields act on every unit once per turn, at the start of its turn

RIVER = {"id": "river", "kind": "current", "dice": "1d6", "direction": "E", "rects": [[0, 5, 20, 1]]}


def _thrusts(g: Game) -> list:
    return [e for e in g.events if e.kind == "hazard_move" and e.effect == "thrust"]


def test_r_haz_13_a_unit_in_a_river_that_only_ends_its_turn_is_thrust():
    units = [sb.unit("a", "red", (2, 5)), sb.unit("z", "blue", (10, 15))]
    g = Game.from_scenario(build(units, hazards=[RIVER]), script=[3, 2])
    assert g.unit("a").pos == (5, 5) and len(_thrusts(g)) == 1  # at the start of red's turn
    g.end_unit("a")
    g.end_turn()  # blue's turn: z is not in the river, nothing rolls
    assert len(_thrusts(g)) == 1 and g.unit("a").pos == (5, 5)
    g.end_turn()  # red's second turn: thrust again, once
    assert g.unit("a").pos == (7, 5) and [t.inches for t in _thrusts(g)] == [3, 2]


def test_r_haz_13_a_unit_that_attacks_from_the_river_is_thrust_first_and_only_once():
    units = [sb.unit("a", "red", (2, 5), weapons=[sb.PISTOL]), sb.unit("z", "blue", (8, 8))]
    g = Game.from_scenario(build(units, hazards=[RIVER]), script=[2, 2])  # thrust 2"; attack roll 2
    g.act("a", Attack("pistol", "z"))
    attack = first(g, "attacked")
    assert g.unit("a").pos == (4, 5) and len(_thrusts(g)) == 1 and not attack.hit
    assert kinds(g).index("hazard_move") < kinds(g).index("attacked")
    g.move("a", (4, 6))  # moving after the attack rolls nothing more
    assert len(_thrusts(g)) == 1 and g.unit("a").pos == (4, 6)


def test_r_haz_14_a_unit_that_slid_on_ice_slides_on_next_turn_without_moving():
    units = [sb.unit("a", "red", (2, 5)), sb.unit("z", "blue", (10, 15))]
    ice = {"id": "ice", "kind": "slippery", "dice": "1d4", "rects": [[1, 5, 12, 1]]}
    g = Game.from_scenario(build(units, hazards=[ice]), script=[1, 2])  # stuck 1" (no momentum)
    slides = [e for e in g.events if e.kind == "hazard_move"]
    assert [(e.effect, e.inches) for e in slides] == [("stuck", 1)] and g.unit("a").move_left == 4
    g.move("a", (4, 5))  # heading east on the ice
    g.end_turn()
    g.end_turn()  # red again: it slides on 2" east before doing anything
    slides = [e for e in g.events if e.kind == "hazard_move"]
    assert (slides[-1].effect, slides[-1].inches) == ("slide", 2) and g.unit("a").pos == (6, 5)
    g.end_unit("a")
    assert g.unit("a").pos == (6, 5) and len([e for e in g.events if e.kind == "hazard_move"]) == 2


# ---------------------------------------------------------------------------------------------
# 6. A failed order gives its dice back


@pytest.mark.parametrize("seeded", [True, False])
def test_failed_order_restores_the_dice_position(monkeypatch, seeded):
    units = [sb.unit("a", "red", (2, 2), weapons=[sb.PISTOL]), sb.unit("z", "blue", (5, 2))]
    faces = [3, 4, 5, 6, 1, 2]
    scenario = build(units)
    g = Game.from_scenario(scenario, seed=11) if seeded else Game.from_scenario(scenario, script=faces)
    reference = SeededDice(11) if seeded else ScriptedDice(faces)
    for sides, _face, _purpose in g.dice.record:
        reference.roll(sides)
    drawn = len(g.dice.record)

    def broken(ctx, unit, weapon, target):
        ctx.dice.roll(6, "doomed")
        ctx.dice.roll(6, "doomed")
        raise RuntimeError("a rule broke halfway")

    monkeypatch.setattr(actions, "attack_with_responses", broken)
    with pytest.raises(RuntimeError, match="halfway"):
        g.act("a", Attack("pistol", "z"))
    assert len(g.dice.record) == drawn
    assert g.dice.roll(6) == reference.roll(6)


def test_dice_snapshot_restore_api():
    seeded = SeededDice(5)
    token = seeded.snapshot()
    first_three = [seeded.roll(6) for _ in range(3)]
    seeded.restore(token)
    assert [seeded.roll(6) for _ in range(3)] == first_three
    scripted = ScriptedDice([1, 2, 3])
    scripted.roll(6)
    token = scripted.snapshot()
    scripted.roll(6)
    scripted.restore(token)
    assert scripted.roll(6) == 2
    recording = RecordingDice(SeededDice(5))
    token = recording.snapshot()
    recording.roll(6)
    recording.restore(token)
    assert recording.record == [] and recording.roll(6) == first_three[0]


def test_failed_end_turn_leaves_no_phantom_snapshot():
    units = [sb.unit("a", "red", (2, 2)), sb.unit("z", "blue", (12, 12))]
    burning_z = [{"id": "f", "object": "z", "size": 1}]  # blue's Burning Roll at its turn start (R-FIRE-8)
    g = Game.from_scenario(build(units, fires=burning_z), script=[])
    snapshots, events = len(g.snapshots), len(g.events)
    with pytest.raises(DiceScriptExhausted):
        g.end_turn()  # blue's turn begins (a snapshot), then its Burning Roll finds no die
    assert len(g.snapshots) == snapshots and len(g.events) == events
    assert g.active_player == "red" and g.round == 1
