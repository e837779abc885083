"""The tactical AI against a side that sits on its saved Actions, through `Game` orders: it
attacks a holder from where no Response answers (R-RESP-3: outside the Cone of Vision, GRID-6),
walking round the holder's saved-Action zone to get there (R-MOVE-5, `tactics/flank.py`)."""

from __future__ import annotations

import pytest

from brikwars_gui.engine.dice import SeededDice
from brikwars_gui.engine.geometry import sees
from brikwars_gui.engine.hazards import sandbox as hs
from brikwars_gui.engine.session import Game
from brikwars_gui.engine.state import WeaponState
from brikwars_gui.engine.tactics import TacticalAI, preset
from brikwars_gui.engine.tactics.flank import free_attack_cells
from brikwars_gui.engine.tactics.threat import ThreatMap


def _rifle() -> WeaponState:
    return WeaponState("rifle", "ranged", 3, 10, "1d6+1")


def _duel(seed: int = 1) -> Game:
    """Rifleman "a" far west of rifleman "z", who faces west (toward "a") and never turns."""
    state = hs.blank_state(40, 20)
    hs.add_unit(state, "a", "red", (5, 10), facing="E", weapons=[_rifle()])
    hs.add_unit(state, "z", "blue", (30, 10), facing="W", weapons=[_rifle()])
    return Game(state, SeededDice(seed), max_rounds=15)


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("seed", [0, 1, 3, 7])
def test_r_resp_3_a_sitting_unit_is_attacked_from_outside_its_cone_of_vision(level, seed):
    """z holds its Action every turn (R-RESP-1) and faces "a": an attack from inside its Cone
    of Vision and Range would draw its simultaneous shot (R-RESP-5). Once z has sat two turns
    the AI walks round the cone and shoots from beside z, where z cannot answer the attack (it
    may risk z's Angry Inch shot on the last step, R-RESP-2, when no way round fits its Move).
    Before, it walked straight at z and shot from inside the cone."""
    g = _duel(seed)
    for _ in range(2):  # both sides sit: the AI's `standoff` is full when it starts
        g.end_turn()
        g.end_turn()
    ai = TacticalAI(preset(level), seed)
    shots: list[tuple[int, int]] = []
    g.listener = lambda e: (
        shots.append(g.unit("a").pos) if e.kind == "attacked" and e.attacker == "a" else None
    )
    while not shots and not g.over and g.round <= 10:
        ai.play_turn(g)
        if not g.over:
            g.end_turn()  # blue sits
    assert shots, "the AI never attacked the sitting unit"
    assert not sees(g.state.grid, (30, 10), "W", shots[0])
    assert not [e for e in g.events if e.kind == "responded" and e.reason.startswith("attacked")]


def test_r_resp_3_free_attack_cells_lie_outside_the_holders_cone_and_reach():
    """The cells the AI heads for: within its Range of z and in line of sight, but not seen by
    z within z's Range plus the Angry Inch (the cone faces west, so they lie north, south and
    east of it); once z's Action is spent, every cell it can be hit from."""
    g = _duel()
    g.end_turn()
    g.end_turn()  # z kept its Action: it may respond (R-RESP-1)
    a, z = g.unit("a"), g.unit("z")
    assert z.saved_action
    free = free_attack_cells(g.state, a, ThreatMap(g.state, a))
    assert free[2, 27] and free[18, 33]  # north-west of z but outside its cone; south-east
    assert not free[10, 21]  # straight in front of z, in its Range: it would shoot back
    assert not free[10, 5]  # beyond the rifle's Range
    z.saved_action = False  # its Action spent: any cell that hits it is free
    free = free_attack_cells(g.state, a, ThreatMap(g.state, a))
    assert free[10, 21]


def test_r_move_20_no_charge_into_a_holders_answer():
    """Swordsman "a" could Charge rifleman z (R-MOVE-20), who holds its Action and sees the run:
    z shoots first as the runner comes within reach (R-RESP-4) and a friend of z covers the line,
    so the strike lands only if the runner survives both (85% expected deaths against a third of
    a kill). The AI does not run it; before, the advance it gained made the Charge its best plan."""
    state = hs.blank_state(40, 20)
    hs.add_unit(
        state, "a", "red", (5, 10), facing="E", weapons=[WeaponState("sword", "close", 2, None, "1d6+1")]
    )
    hs.add_unit(state, "z", "blue", (14, 10), facing="W", weapons=[_rifle()])
    hs.add_unit(state, "y", "blue", (15, 6), facing="W", weapons=[_rifle()])
    g = Game(state, SeededDice(1), max_rounds=15)
    for _ in range(2):  # both sides sit: blue holds its Actions (R-RESP-1)
        g.end_turn()
        g.end_turn()
    for level in ("normal", "hard"):
        assert TacticalAI(preset(level), 1).decide(g, "a").kind != "charge"
    TacticalAI(preset("normal"), 1).play_unit(g, "a")
    assert not [e for e in g.events if e.kind == "sprinted"]
